//===- ConvImplicitGemm.cpp - transform.ks.conv_implicit_gemm -------------===//
//
// A convolution as a GEMM whose B operand is the im2col matrix read in
// place: the window arithmetic goes into the indexing map (floordiv and mod
// by constants), so the tensor-core kernel gathers its tiles straight from
// the input. Against transform.ks.conv_im2col this saves writing and
// reading KH x KW copies of the input and N copies of the filter.
//
// 1-, 2- and 3-d NC... convolutions and the grouped 2-d one (NGCHW) share
// one form: batch loops (the image, and the group), the filter f, the
// output pixel p (its spatial dims collapsed) and k (channel x window).
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ConvAsGemm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace {
/// What the rewrite needs of a convolution op: whether it is grouped (a
/// group dim after the image in input, filter and output) and its strides
/// and dilations, one per spatial dim.
struct ConvForm {
  bool grouped = false;
  SmallVector<int64_t> strides, dilations;
};

std::optional<ConvForm> convForm(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<ConvForm>>(op)
      .Case<linalg::Conv1DNcwFcwOp, linalg::Conv2DNchwFchwOp, linalg::Conv3DNcdhwFcdhwOp,
            linalg::Conv2DNgchwGfchwOp>([](auto conv) {
        return ConvForm{isa<linalg::Conv2DNgchwGfchwOp>(conv.getOperation()),
                        llvm::to_vector(conv.getStrides().template getValues<int64_t>()),
                        llvm::to_vector(conv.getDilations().template getValues<int64_t>())};
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// "C x KD x KH x KW" and the like: how K is made, for diagnostics.
std::string windowName(int64_t spatialDims) {
  static const char *const names[] = {"KD", "KH", "KW"};
  std::string name = "C";
  for (int64_t i = 3 - spatialDims; i < 3; ++i)
    name += std::string(" x ") + names[i];
  return name;
}

/// Why `conv` cannot be rewritten, or the empty string.
std::string unmetCondition(linalg::LinalgOp conv, const ConvForm &form) {
  std::string unmet = ks::unmetConvAsGemmCondition(conv);
  if (!unmet.empty())
    return unmet;
  auto filter = cast<MemRefType>(conv.getDpsInputOperand(1)->get().getType());
  int64_t leading = form.grouped ? 2 : 1;
  int64_t K = 1;
  for (int64_t d = leading; d < filter.getRank(); ++d)
    K *= filter.getDimSize(d);
  if (K % 4)
    return llvm::formatv("{0} = {1} must be a multiple of 4 (the filter's 16-byte copies)",
                         windowName(int64_t(form.strides.size())), K)
        .str();
  return "";
}

/// The collapse of dims [0, first) kept and [first, rank) merged.
SmallVector<ReassociationIndices> mergeFrom(int64_t first, int64_t rank) {
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0; d < first; ++d)
    groups.push_back({d});
  groups.emplace_back();
  for (int64_t d = first; d < rank; ++d)
    groups.back().push_back(d);
  return groups;
}
} // namespace

DiagnosedSilenceableFailure transform::KSConvImplicitGemmOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
  std::optional<ConvForm> form = convForm(target);
  if (!form)
    return emitDefiniteFailure()
           << "expects linalg.conv_1d_ncw_fcw, linalg.conv_2d_nchw_fchw, "
              "linalg.conv_3d_ncdhw_fcdhw or linalg.conv_2d_ngchw_gfchw, got "
           << target->getName();
  auto conv = cast<linalg::LinalgOp>(target);
  std::string unmet = unmetCondition(conv, *form);
  if (!unmet.empty())
    return emitDefiniteFailure() << "cannot rewrite the convolution as a GEMM: " << unmet;
  Value input = conv.getDpsInputOperand(0)->get(), filter = conv.getDpsInputOperand(1)->get();
  Value output = conv.getDpsInitOperand(0)->get();
  ArrayRef<int64_t> fil = cast<MemRefType>(filter.getType()).getShape();
  ArrayRef<int64_t> out = cast<MemRefType>(output.getType()).getShape();
  // Batch loops: the image, and the group where grouped.
  int64_t batches = form->grouped ? 2 : 1;
  int64_t spatial = int64_t(form->strides.size());
  ArrayRef<int64_t> taps = fil.take_back(spatial), pixels = out.take_back(spatial);
  int64_t window = 1;
  for (int64_t t : taps)
    window *= t;
  Location loc = conv.getLoc();
  // The generic keeps the convolution's location, which names its
  // dispatch (ks-mark-dispatches).
  rewriter.setInsertionPoint(conv);

  // The filter as [(G,) F, K]; the output as [N, (G,) F, P].
  Value rows = memref::CollapseShapeOp::create(rewriter, loc, filter,
                                               mergeFrom(batches, int64_t(fil.size())));
  Value flat = spatial > 1 ? memref::CollapseShapeOp::create(
                                 rewriter, loc, output,
                                 mergeFrom(batches + 1, int64_t(out.size())))
                           : output;

  // Loops (batches..., f, p, k).
  MLIRContext *ctx = rewriter.getContext();
  int64_t numLoops = batches + 3;
  SmallVector<AffineExpr> loops;
  for (int64_t i = 0; i < numLoops; ++i)
    loops.push_back(getAffineDimExpr(i, ctx));
  AffineExpr f = loops[batches], p = loops[batches + 1], k = loops[batches + 2];
  SmallVector<AffineExpr> gathered(loops.begin(), loops.begin() + batches);
  gathered.push_back(k.floorDiv(window));
  // Spatial dim i: the pixel's position (p's digit in the output's
  // spatial shape) times the stride plus the tap's (k's digit in the
  // window's shape) times the dilation.
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t innerPixels = 1, innerTaps = 1;
    for (int64_t j = i + 1; j < spatial; ++j) {
      innerPixels *= pixels[j];
      innerTaps *= taps[j];
    }
    AffineExpr pixel = innerPixels > 1 ? p.floorDiv(innerPixels) : p;
    if (i > 0)
      pixel = pixel % pixels[i];
    AffineExpr tap = k % (taps[i] * innerTaps);
    if (innerTaps > 1)
      tap = tap.floorDiv(innerTaps);
    gathered.push_back(pixel * form->strides[i] + tap * form->dilations[i]);
  }
  SmallVector<AffineExpr> filterAt(loops.begin() + 1, loops.begin() + batches);
  filterAt.append({f, k});
  SmallVector<AffineExpr> outputAt(loops.begin(), loops.begin() + batches);
  outputAt.append({f, p});
  SmallVector<AffineMap> maps = {AffineMap::get(numLoops, 0, filterAt, ctx),
                                 AffineMap::get(numLoops, 0, gathered, ctx),
                                 AffineMap::get(numLoops, 0, outputAt, ctx)};
  SmallVector<utils::IteratorType> iterators(numLoops - 1, utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange(), ValueRange{rows, input}, ValueRange{flat}, maps, iterators,
      [](OpBuilder &b, Location loc, ValueRange args) {
        Value product = arith::MulFOp::create(b, loc, args[0], args[1]);
        linalg::YieldOp::create(b, loc, ValueRange{arith::AddFOp::create(b, loc, args[2], product)});
      });
  rewriter.eraseOp(conv);
  results.push_back(generic);
  return DiagnosedSilenceableFailure::success();
}
