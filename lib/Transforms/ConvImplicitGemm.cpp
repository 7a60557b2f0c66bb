//===- ConvImplicitGemm.cpp - transform.ks.conv_implicit_gemm -------------===//
//
// A convolution as a GEMM whose B operand is the im2col matrix read in
// place: the window arithmetic goes into the indexing map (floordiv and mod
// by constants), so the tensor-core kernel gathers its tiles straight from
// the input. Against transform.ks.conv_im2col this saves writing and
// reading KH x KW copies of the input and N copies of the filter.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/TransformOps.h"

#include "ConvAsGemm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
  auto filter = cast<MemRefType>(conv.getInputs()[1].getType());
  int64_t K = filter.getDimSize(1) * filter.getDimSize(2) * filter.getDimSize(3);
  if (K % 4)
    return llvm::formatv("C x KH x KW = {0} must be a multiple of 4 (the filter's 16-byte "
                         "copies)",
                         K)
        .str();
  return "";
}
} // namespace

DiagnosedSilenceableFailure
transform::KSConvImplicitGemmOp::apply(transform::TransformRewriter &rewriter,
                                       transform::TransformResults &results,
                                       transform::TransformState &state) {
  SmallVector<Operation *> contractions;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto conv = dyn_cast<linalg::Conv2DNchwFchwOp>(target);
    if (!conv)
      return emitDefiniteFailure() << "expects linalg.conv_2d_nchw_fchw, got "
                                   << target->getName();
    std::string unmet = unmetCondition(conv);
    if (!unmet.empty())
      return emitDefiniteFailure() << "cannot rewrite the convolution as a GEMM: " << unmet;
    Value input = conv.getInputs()[0], filter = conv.getInputs()[1];
    Value output = conv.getOutputs()[0];
    ArrayRef<int64_t> fil = cast<MemRefType>(filter.getType()).getShape();
    ArrayRef<int64_t> out = cast<MemRefType>(output.getType()).getShape();
    int64_t KH = fil[2], KW = fil[3], OW = out[3];
    auto strides = llvm::to_vector(conv.getStrides().getValues<int64_t>());
    auto dilations = llvm::to_vector(conv.getDilations().getValues<int64_t>());
    Location loc = conv.getLoc();
    // The generic keeps the convolution's location, which names its
    // dispatch (ks-mark-dispatches).
    rewriter.setInsertionPoint(conv);

    Value rows = memref::CollapseShapeOp::create(
        rewriter, loc, filter, SmallVector<ReassociationIndices>{{0}, {1, 2, 3}});
    Value flat = memref::CollapseShapeOp::create(
        rewriter, loc, output, SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});

    MLIRContext *ctx = rewriter.getContext();
    AffineExpr n, f, p, k;
    bindDims(ctx, n, f, p, k);
    AffineExpr window = k % (KH * KW);
    auto gather = AffineMap::get(
        4, 0,
        {n, k.floorDiv(KH * KW), p.floorDiv(OW) * strides[0] + window.floorDiv(KW) * dilations[0],
         (p % OW) * strides[1] + (k % KW) * dilations[1]},
        ctx);
    SmallVector<AffineMap> maps = {AffineMap::get(4, 0, {f, k}, ctx), gather,
                                   AffineMap::get(4, 0, {n, f, p}, ctx)};
    SmallVector<utils::IteratorType> iterators(3, utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange(), ValueRange{rows, input}, ValueRange{flat}, maps, iterators,
        [](OpBuilder &b, Location loc, ValueRange args) {
          Value product = arith::MulFOp::create(b, loc, args[0], args[1]);
          linalg::YieldOp::create(b, loc, ValueRange{arith::AddFOp::create(b, loc, args[2], product)});
        });
    rewriter.eraseOp(conv);
    contractions.push_back(generic);
  }
  results.set(cast<OpResult>(getContraction()), contractions);
  return DiagnosedSilenceableFailure::success();
}

void transform::KSConvImplicitGemmOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}
