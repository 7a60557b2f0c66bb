//===- CollapseReductionDims.cpp - Reductions over as few loops as can be -===//
//
// Layer norm over [32, 512, 1024] and global average pooling over [32, 512,
// 28, 28] are row reductions with extra loops: the rows are a run of
// parallel loops, the row (or window) a run of reduction loops, laid out
// contiguously in every operand. Merging each run into one loop gives the
// Feature Extractor and the skills the shape they reason about (one parallel
// loop of 16384 rows); upstream's dimension collapsing does the rewrite.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSCOLLAPSEREDUCTIONDIMS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Maximal runs (two loops or more) of adjacent loops of one iterator type
/// that every indexing map keeps contiguous and in order, and whose indices
/// the payload does not read: merged, such a loop's index would come back
/// as a division and a remainder of the merged one, hiding what the payload
/// does with it (a scan's mask compares the output's position with the
/// reduction's; read through a gather, the input does not keep the rows
/// apart in any map).
SmallVector<ReassociationIndices> collapsibleRuns(linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || generic.getNumReductionLoops() == 0 ||
      !generic.hasPureTensorSemantics())
    return {};
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
          linalg::areDimSequencesPreserved(maps, {longer})) {
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

struct CollapseReductionDims
    : ks::impl::KSCollapseReductionDimsBase<CollapseReductionDims> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    linalg::populateCollapseDimensions(patterns, collapsibleRuns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
