//===- ConcatInPlace.cpp - Concatenated operands written in place ---------===//
//
// One-Shot Bufferize gives tensor.concat a buffer of its own and copies
// each operand into its slice: a whole extra pass over the result (an
// exclusive scan written as cat(zeros, cumsum(x[:, :-1])), an LSTM's
// [x, h]). As insert_slices into an empty tensor, the operands computed
// into fresh tensors are, after upstream's empty-tensor elimination,
// computed into their slices of the result directly. Only where no operand
// is computed by a contraction or a convolution: the kernels their skills
// emit address a row-major output, not a slice.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSCONCATINPLACE
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Whether computing `value` in place would have a contraction or a
/// convolution (or another named op a skill may take) write a slice: the
/// ops along its chain of destination operands.
bool computedByNamedOp(Value value) {
  while (auto op = value.getDefiningOp<DestinationStyleOpInterface>()) {
    if (!isa<linalg::GenericOp, linalg::FillOp>(op.getOperation()))
      return true;
    if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
        generic && (linalg::isaContractionOpInterface(generic) ||
                    linalg::isaConvolutionOpInterface(generic)))
      return true;
    value = op.getDpsInitOperand(cast<OpResult>(value).getResultNumber())->get();
  }
  return false;
}

/// tensor.concat as insert_slices into an empty tensor (upstream's
/// decomposition), where no operand is computed by a named op.
struct DecomposeConcat : OpRewritePattern<tensor::ConcatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ConcatOp concat,
                                PatternRewriter &rewriter) const override {
    if (llvm::any_of(concat.getInputs(), computedByNamedOp))
      return rewriter.notifyMatchFailure(concat, "an operand is computed by a named op");
    FailureOr<SmallVector<Value>> decomposed = concat.decomposeOperation(rewriter);
    if (failed(decomposed))
      return failure();
    rewriter.replaceOp(concat, *decomposed);
    return success();
  }
};

struct ConcatInPlace : public ks::impl::KSConcatInPlaceBase<ConcatInPlace> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<DecomposeConcat>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // Upstream's elimination takes every subset insertion in the function,
    // not only the concatenations': where another one (a strided
    // insert_slice, say) inserts a named op's result, none is taken.
    WalkResult namedSource = getOperation()->walk([](SubsetInsertionOpInterface insertion) {
      return computedByNamedOp(insertion.getSourceOperand().get()) ? WalkResult::interrupt()
                                                                    : WalkResult::advance();
    });
    if (namedSource.wasInterrupted())
      return;
    IRRewriter rewriter(&getContext());
    if (failed(bufferization::eliminateEmptyTensors(rewriter, getOperation())))
      return signalPassFailure();
  }
};
} // namespace
