//===- PointwiseConvToBatchMatmul.cpp - 1x1 convolution as a GEMM ---------===//
//
// A 1x1 NCHW convolution with unit strides is a matmul per image,
// W[F, C] x X[n][C, H*W]. As a batched matmul it gets the GEMM skills'
// shared-memory tiling, which the direct-convolution skills do not do.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSPOINTWISECONVTOBATCHMATMUL
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

struct PointwiseConvAsBatchMatmul : OpRewritePattern<linalg::Conv2DNchwFchwOp> {
  PointwiseConvAsBatchMatmul(MLIRContext *context, llvm::Statistic &count)
      : OpRewritePattern(context), count(count) {}

  LogicalResult matchAndRewrite(linalg::Conv2DNchwFchwOp conv,
                                PatternRewriter &rewriter) const override {
    if (!conv.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(conv, "not on tensors");
    auto inputType = dyn_cast<RankedTensorType>(conv.getInputs()[0].getType());
    auto filterType = dyn_cast<RankedTensorType>(conv.getInputs()[1].getType());
    auto outputType = dyn_cast<RankedTensorType>(conv.getOutputs()[0].getType());
    if (!inputType || !filterType || !outputType || !inputType.hasStaticShape() ||
        !filterType.hasStaticShape() || !outputType.hasStaticShape())
      return rewriter.notifyMatchFailure(conv, "dynamic shapes");
    if (filterType.getDimSize(2) != 1 || filterType.getDimSize(3) != 1)
      return rewriter.notifyMatchFailure(conv, "not a 1x1 filter");
    if (!llvm::all_of(conv.getStrides().getValues<int64_t>(), [](int64_t s) { return s == 1; }))
      return rewriter.notifyMatchFailure(conv, "strided");
    // Unit strides and a 1x1 window: the output's rows and columns are the
    // input's (checked, not assumed).
    if (inputType.getDimSize(2) != outputType.getDimSize(2) ||
        inputType.getDimSize(3) != outputType.getDimSize(3))
      return rewriter.notifyMatchFailure(conv, "output and input planes differ");
    Type element = outputType.getElementType();
    if (inputType.getElementType() != element || filterType.getElementType() != element)
      return rewriter.notifyMatchFailure(conv, "mixed element types");

    int64_t n = inputType.getDimSize(0), c = inputType.getDimSize(1);
    int64_t f = filterType.getDimSize(0);
    int64_t plane = inputType.getDimSize(2) * inputType.getDimSize(3);
    Location loc = conv.getLoc();
    // W[F, C, 1, 1] -> [F, C], broadcast to [N, F, C].
    Value weights = tensor::CollapseShapeOp::create(
        rewriter, loc, RankedTensorType::get({f, c}, element), conv.getInputs()[1],
        SmallVector<ReassociationIndices>{{0}, {1, 2, 3}});
    Value perImage = tensor::EmptyOp::create(rewriter, loc, ArrayRef<int64_t>{n, f, c}, element);
    Value batchedWeights =
        linalg::BroadcastOp::create(rewriter, loc, weights, perImage, ArrayRef<int64_t>{0})
            ->getResult(0);
    // X[N, C, H, W] -> [N, C, H*W]; the initializer [N, F, H, W] -> [N, F, H*W].
    SmallVector<ReassociationIndices> planes = {{0}, {1}, {2, 3}};
    Value images = tensor::CollapseShapeOp::create(
        rewriter, loc, RankedTensorType::get({n, c, plane}, element), conv.getInputs()[0],
        planes);
    auto flatType = RankedTensorType::get({n, f, plane}, element);
    Value init = tensor::CollapseShapeOp::create(rewriter, loc, flatType, conv.getOutputs()[0],
                                                 planes);
    auto matmul = linalg::BatchMatmulOp::create(rewriter, loc, TypeRange{flatType},
                                                ValueRange{batchedWeights, images}, ValueRange{init});
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(conv, outputType, matmul.getResult(0),
                                                       planes);
    ++count;
    return success();
  }

  llvm::Statistic &count;
};

struct PointwiseConvToBatchMatmul
    : ks::impl::KSPointwiseConvToBatchMatmulBase<PointwiseConvToBatchMatmul> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<PointwiseConvAsBatchMatmul>(&getContext(), numRewritten);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
