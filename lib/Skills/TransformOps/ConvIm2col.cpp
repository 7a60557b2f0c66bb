//===- ConvIm2col.cpp - transform.ks.conv_im2col --------------------------===//
//
// A convolution as a GEMM: every window copied out once (im2col), then one
// GEMM per image whose M is the filters, N the output pixels and K the
// window's channels x rows x columns. The direct convolution reuses loads
// only as far as registers reach; the GEMM gets the tensor-core kernels.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ConvAsGemm.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace {
/// Why `conv` cannot be rewritten, or the empty string.
std::string unmetCondition(linalg::Conv2DNchwFchwOp conv) {
  std::string unmet = ks::unmetConvAsGemmCondition(conv);
  if (!unmet.empty())
    return unmet;
  auto output = cast<MemRefType>(conv.getOutputs()[0].getType());
  auto filter = cast<MemRefType>(conv.getInputs()[1].getType());
  int64_t K = filter.getDimSize(1) * filter.getDimSize(2) * filter.getDimSize(3);
  int64_t P = output.getDimSize(2) * output.getDimSize(3);
  if (K % 4 || P % 4)
    return llvm::formatv("C x KH x KW = {0} and OH x OW = {1} must be multiples of 4 (the "
                         "GEMM's 16-byte copies)",
                         K, P)
        .str();
  return "";
}
} // namespace

DiagnosedSilenceableFailure transform::KSConvIm2colOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
  auto conv = dyn_cast<linalg::Conv2DNchwFchwOp>(target);
  if (!conv)
    return emitDefiniteFailure() << "expects linalg.conv_2d_nchw_fchw, got "
                                 << target->getName();
  std::string unmet = unmetCondition(conv);
  if (!unmet.empty())
    return emitDefiniteFailure() << "cannot rewrite the convolution as a GEMM: " << unmet;
  Value input = conv.getInputs()[0], filter = conv.getInputs()[1];
  Value output = conv.getOutputs()[0];
  ArrayRef<int64_t> in = cast<MemRefType>(input.getType()).getShape();
  ArrayRef<int64_t> fil = cast<MemRefType>(filter.getType()).getShape();
  ArrayRef<int64_t> out = cast<MemRefType>(output.getType()).getShape();
  int64_t N = in[0], C = in[1], F = fil[0], KH = fil[2], KW = fil[3];
  int64_t OH = out[2], OW = out[3], K = C * KH * KW, P = OH * OW;
  auto strides = llvm::to_vector(conv.getStrides().getValues<int64_t>());
  auto dilations = llvm::to_vector(conv.getDilations().getValues<int64_t>());
  Type f32 = rewriter.getF32Type();
  Location loc = conv.getLoc();
  // The new ops keep the convolution's location, which names its
  // dispatch (ks-mark-dispatches): the seed kernels of the copy and the
  // broadcast are timed as part of it.
  rewriter.setInsertionPoint(conv);

  // cols[n, (c, kh, kw), (oh, ow)] = X[n, c, oh * sh + kh * dh, ow * sw + kw * dw].
  auto alignment = rewriter.getI64IntegerAttr(64);
  Value cols = memref::AllocOp::create(rewriter, loc, MemRefType::get({N, K, P}, f32),
                                       ValueRange(), alignment);
  Value windows = memref::ExpandShapeOp::create(
      rewriter, loc, ArrayRef<int64_t>{N, C, KH, KW, OH, OW}, cols,
      SmallVector<ReassociationIndices>{{0}, {1, 2, 3}, {4, 5}});
  MLIRContext *ctx = rewriter.getContext();
  AffineExpr n, c, kh, kw, oh, ow;
  bindDims(ctx, n, c, kh, kw, oh, ow);
  auto read = AffineMap::get(6, 0,
                             {n, c, oh * strides[0] + kh * dilations[0],
                              ow * strides[1] + kw * dilations[1]},
                             ctx);
  SmallVector<AffineMap> maps = {read, AffineMap::getMultiDimIdentityMap(6, ctx)};
  SmallVector<utils::IteratorType> parallel(6, utils::IteratorType::parallel);
  linalg::GenericOp::create(
      rewriter, loc, TypeRange(), ValueRange{input}, ValueRange{windows}, maps, parallel,
      [](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(b, loc, args[0]);
      });

  // W[F, C, KH, KW] as [F, K], the same for every image.
  Value rows = memref::CollapseShapeOp::create(
      rewriter, loc, filter, SmallVector<ReassociationIndices>{{0}, {1, 2, 3}});
  Value perImage = memref::AllocOp::create(rewriter, loc, MemRefType::get({N, F, K}, f32),
                                           ValueRange(), alignment);
  linalg::BroadcastOp::create(rewriter, loc, rows, perImage,
                                               ArrayRef<int64_t>{0});

  // Y[n, f, (oh, ow)] += sum over k of W[f, k] * cols[n, k, (oh, ow)].
  Value flat = memref::CollapseShapeOp::create(
      rewriter, loc, output, SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
  auto matmul = linalg::BatchMatmulOp::create(rewriter, loc, TypeRange(),
                                              ValueRange{perImage, cols}, ValueRange{flat});
  rewriter.eraseOp(conv);
  results.push_back(matmul);
  return DiagnosedSilenceableFailure::success();
}
