//===- CloneSharedFills.cpp - A fill of its own for every op it initializes ===//
//
// Torch-MLIR starts every GEMM and convolution from a zero fill, and CSE
// makes the fills of one shape one op: the 24 layers of an MLP all name the
// same filled tensor as their init. One-shot bufferization keeps that value
// alive for the later readers, so it fills one buffer and copies it into
// every op's output buffer before the op runs: a kernel that moves the
// whole output twice per layer, and an init the GEMM skills no longer see
// as a fill (they fold a zero fill into their first store, but read a
// copied buffer). Cloned per init use, each op's output buffer is filled in
// place, the way IREE clones fills into each dispatch region; the clone
// gets a tensor.empty of its own, so that each op's buffer is its own.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSCLONESHAREDFILLS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The uses of `fill`'s result as the init of a linalg op. A padded input
/// (a fill with the source inserted into a window, tensor.insert_slice)
/// stays as it is: the skills that read padding in place know it as a
/// copy of a filled buffer.
static SmallVector<OpOperand *> initUses(linalg::FillOp fill) {
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : fill.getResult(0).getUses()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(use.getOwner());
    if (linalgOp && linalgOp.isDpsInit(&use))
      uses.push_back(&use);
  }
  return uses;
}

struct CloneSharedFills : public ks::impl::KSCloneSharedFillsBase<CloneSharedFills> {
  void runOnOperation() override {
    SmallVector<linalg::FillOp> fills;
    getOperation().walk([&](linalg::FillOp fill) {
      if (fill.hasPureTensorSemantics())
        fills.push_back(fill);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::FillOp fill : fills) {
      SmallVector<OpOperand *> uses = initUses(fill);
      // The first init keeps the fill; so do uses that read it as an input.
      bool otherUses = uses.size() < static_cast<size_t>(llvm::range_size(
                                         fill.getResult(0).getUses()));
      for (OpOperand *use : llvm::drop_begin(uses, otherUses ? 0 : 1)) {
        rewriter.setInsertionPoint(use->getOwner());
        // A tensor.empty of its own too: on a shared one, bufferization
        // would fill one buffer for every op in turn.
        IRMapping mapping;
        Value init = fill.getOutputs()[0];
        if (auto empty = init.getDefiningOp<tensor::EmptyOp>())
          mapping.map(init, rewriter.clone(*empty)->getResult(0));
        Operation *clone = rewriter.clone(*fill, mapping);
        rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(clone->getResult(0)); });
        ++numCloned;
      }
    }
  }
};

} // namespace
