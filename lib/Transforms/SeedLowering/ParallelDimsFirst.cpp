//===- ParallelDimsFirst.cpp - Move reductions innermost ------------------===//
//
// Torch-MLIR emits reductions in the order of the tensor's dims, e.g.
// ["reduction", "parallel"] for a sum over dim 0. Loop lowering would then
// put a sequential loop around the parallel one, i.e. one kernel launch per
// reduction step from the host. Interchanging so all parallel dims come first
// gives one parallel loop nest over the outputs with the reduction inside.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSPARALLELDIMSFIRST
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The permutation listing parallel dims first, or empty if already so.
SmallVector<unsigned> parallelFirstPermutation(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<unsigned> parallel, reduction;
  for (auto [i, it] : llvm::enumerate(iterators))
    (it == utils::IteratorType::parallel ? parallel : reduction).push_back(i);
  SmallVector<unsigned> perm(parallel);
  perm.append(reduction);
  bool identity = llvm::all_of(llvm::enumerate(perm), [](auto p) {
    return p.index() == p.value();
  });
  return identity ? SmallVector<unsigned>() : perm;
}

struct ParallelDimsFirst
    : public ks::impl::KSParallelDimsFirstBase<ParallelDimsFirst> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> ops;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (!parallelFirstPermutation(op).empty())
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      SmallVector<unsigned> perm = parallelFirstPermutation(op);
      rewriter.setInsertionPoint(op);
      auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      if (!generic) {
        FailureOr<linalg::GenericOp> g = linalg::generalizeNamedOp(rewriter, op);
        if (failed(g)) {
          op.emitError() << "cannot generalize '" << op->getName()
                         << "' to reorder its loops";
          return signalPassFailure();
        }
        generic = *g;
      }
      if (failed(linalg::interchangeGenericOp(rewriter, generic, perm))) {
        generic.emitError("cannot move the reduction loops innermost");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
