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
std::string unmetCondition(linalg::LinalgOp conv) {
  std::string unmet = ks::unmetConvAsGemmCondition(conv);
  if (!unmet.empty())
    return unmet;
  auto filter = cast<MemRefType>(conv.getDpsInputOperand(1)->get().getType());
  int64_t K = filter.getNumElements() / filter.getDimSize(0);
  if (K % 4)
    return llvm::formatv("C x {0} = {1} must be a multiple of 4 (the filter's 16-byte copies)",
                         filter.getRank() == 4 ? "KH x KW" : "KW", K)
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
    // A 1-d NCW convolution is the 2-d one of height 1 (one window row).
    if (!isa<linalg::Conv2DNchwFchwOp, linalg::Conv1DNcwFcwOp>(target))
      return emitDefiniteFailure()
             << "expects linalg.conv_2d_nchw_fchw or linalg.conv_1d_ncw_fcw, got "
             << target->getName();
    auto conv = cast<linalg::LinalgOp>(target);
    std::string unmet = unmetCondition(conv);
    if (!unmet.empty())
      return emitDefiniteFailure() << "cannot rewrite the convolution as a GEMM: " << unmet;
    bool is2d = isa<linalg::Conv2DNchwFchwOp>(target);
    Value input = conv.getDpsInputOperand(0)->get(), filter = conv.getDpsInputOperand(1)->get();
    Value output = conv.getDpsInitOperand(0)->get();
    ArrayRef<int64_t> fil = cast<MemRefType>(filter.getType()).getShape();
    ArrayRef<int64_t> out = cast<MemRefType>(output.getType()).getShape();
    int64_t KH = is2d ? fil[2] : 1, KW = fil.back(), OW = out.back();
    auto attrValues = [](DenseIntElementsAttr attr) {
      return llvm::to_vector(attr.getValues<int64_t>());
    };
    SmallVector<int64_t> strides, dilations;
    if (auto conv2d = dyn_cast<linalg::Conv2DNchwFchwOp>(target)) {
      strides = attrValues(conv2d.getStrides());
      dilations = attrValues(conv2d.getDilations());
    } else {
      auto conv1d = cast<linalg::Conv1DNcwFcwOp>(target);
      strides = {1, attrValues(conv1d.getStrides())[0]};
      dilations = {1, attrValues(conv1d.getDilations())[0]};
    }
    Location loc = conv.getLoc();
    // The generic keeps the convolution's location, which names its
    // dispatch (ks-mark-dispatches).
    rewriter.setInsertionPoint(conv);

    // The filter as [F, K]; the output as [N, F, P].
    SmallVector<ReassociationIndices> filterRows = {{0}, {}};
    for (int64_t d = 1; d < int64_t(fil.size()); ++d)
      filterRows[1].push_back(d);
    Value rows = memref::CollapseShapeOp::create(rewriter, loc, filter, filterRows);
    Value flat = is2d ? memref::CollapseShapeOp::create(
                            rewriter, loc, output,
                            SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}})
                      : output;

    MLIRContext *ctx = rewriter.getContext();
    AffineExpr n, f, p, k;
    bindDims(ctx, n, f, p, k);
    AffineExpr window = k % (KH * KW);
    AffineExpr column = (p % OW) * strides[1] + (k % KW) * dilations[1];
    SmallVector<AffineExpr> gathered = {n, k.floorDiv(KH * KW)};
    if (is2d)
      gathered.push_back(p.floorDiv(OW) * strides[0] + window.floorDiv(KW) * dilations[0]);
    gathered.push_back(column);
    auto gather = AffineMap::get(4, 0, gathered, ctx);
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
