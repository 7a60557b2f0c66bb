//===- CollapsibleRuns.cpp - Loops that can be merged into one -------------===//

#include "ks/Transforms/Utils/CollapsibleRuns.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

bool ks::preservesDimSequences(ArrayRef<AffineMap> maps,
                               ArrayRef<ReassociationIndices> groups) {
  return llvm::all_of(maps,
                      [](AffineMap map) { return map.isProjectedPermutation(); }) &&
         linalg::areDimSequencesPreserved(maps, groups);
}

/// A loop whose index the payload reads stays apart: merged, its index
/// would come back as a division and a remainder of the merged one, hiding
/// what the payload does with it (a scan's mask compares the output's position with the
/// reduction's; read through a gather, the input does not keep the rows
/// apart in any map).
SmallVector<ReassociationIndices> ks::collapsibleRuns(linalg::GenericOp generic) {
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  llvm::SmallDenseSet<unsigned> indexed;
  generic.getBody()->walk([&](linalg::IndexOp index) { indexed.insert(index.getDim()); });
  SmallVector<ReassociationIndices> runs;
  ReassociationIndices run;
  auto close = [&] {
    if (run.size() >= 2)
      runs.push_back(run);
    run.clear();
  };
  for (unsigned d = 0; d < iterators.size(); ++d) {
    if (!run.empty()) {
      ReassociationIndices longer = run;
      longer.push_back(d);
      if (iterators[d] == iterators[run.front()] && !indexed.contains(d) &&
          !indexed.contains(run.front()) &&
          preservesDimSequences(maps, {longer})) {
        run = std::move(longer);
        continue;
      }
      close();
    }
    run.push_back(d);
  }
  close();
  return runs;
}
