//===- SplitTransposedConv.cpp - a transposed convolution by output phase --===//
//
// Torch-MLIR lowers ConvTranspose2d with stride s as a unit-stride
// convolution over the input spread out with s - 1 zeros between elements
// (tensor.insert_slice with strides s into zeros): s^2 - 1 of every s^2
// multiplications are by zero. Output rows oy = s q + r (one phase r) only
// ever meet the filter taps ky = k0(r) + s t, and those read input row
// q + t + d(r). So each of the s x s output phases is a convolution of the
// input itself (zero-padded by a row or so) with the filter's taps of that
// phase, and the phases interleave into the output. Same products, same
// sums per output element, in the same order of taps; the zeros are gone.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSSPLITTRANSPOSEDCONV
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// One output phase along one spatial dim: output positions s q + r take the
/// taps k0 + s t (t < taps) and read input row q + t + shift.
struct Phase {
  int64_t k0, taps, shift;
};

/// The phase r of a dim spread with stride s, the input's first element at
/// `offset` of the spread input, a filter of `k` taps.
Phase phaseOf(int64_t r, int64_t s, int64_t offset, int64_t k) {
  int64_t k0 = ((offset - r) % s + s) % s;
  int64_t taps = k0 < k ? (k - k0 + s - 1) / s : 0;
  return Phase{k0, taps, (r + k0 - offset) / s};
}

Value zerosLike(RewriterBase &rewriter, Location loc, ArrayRef<int64_t> shape, Type elem) {
  Value empty = tensor::EmptyOp::create(rewriter, loc, shape, elem);
  Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(elem));
  return linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
}

/// A copy of `source` read through `map` (over the result's 4 loops).
Value gather(RewriterBase &rewriter, Location loc, Value source, AffineMap map,
             ArrayRef<int64_t> shape, Type elem) {
  Value empty = tensor::EmptyOp::create(rewriter, loc, shape, elem);
  auto id = AffineMap::getMultiDimIdentityMap(4, rewriter.getContext());
  return linalg::GenericOp::create(
             rewriter, loc, TypeRange{empty.getType()}, ValueRange{source}, ValueRange{empty},
             ArrayRef<AffineMap>{map, id},
             SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
             [](OpBuilder &b, Location l, ValueRange args) { linalg::YieldOp::create(b, l, args[0]); })
      .getResult(0);
}

/// Splits `conv` by output phase where it convolves a spread input; fails,
/// leaving it alone, otherwise.
LogicalResult splitByPhase(RewriterBase &rewriter, linalg::Conv2DNchwFchwOp conv) {
  if (!conv.hasPureTensorSemantics())
    return failure(); // not on tensors
  if (!llvm::all_of(conv.getStrides().getValues<int64_t>(), [](int64_t v) { return v == 1; }) ||
      !llvm::all_of(conv.getDilations().getValues<int64_t>(), [](int64_t v) { return v == 1; }))
    return failure(); // strided or dilated
  // The input: the source spread with strides s into zeros.
  auto spread = conv.getInputs()[0].getDefiningOp<tensor::InsertSliceOp>();
  if (!spread)
    return failure(); // the input is not an insert_slice
  auto fill = spread.getDest().getDefiningOp<linalg::FillOp>();
  if (!fill || !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()))
    return failure(); // the input is not spread into zeros
  Value source = spread.getSource();
  auto sourceType = dyn_cast<RankedTensorType>(source.getType());
  auto filterType = dyn_cast<RankedTensorType>(conv.getInputs()[1].getType());
  auto outType = dyn_cast<RankedTensorType>(conv.getOutputs()[0].getType());
  if (!sourceType || !sourceType.hasStaticShape() || sourceType.getRank() != 4 || !filterType ||
      !filterType.hasStaticShape() || !outType || !outType.hasStaticShape())
    return failure(); // dynamic shapes
  ArrayRef<int64_t> offsets = spread.getStaticOffsets(), strides = spread.getStaticStrides(),
                    sizes = spread.getStaticSizes();
  if (ShapedType::isDynamicShape(offsets) || ShapedType::isDynamicShape(strides) ||
      sizes != sourceType.getShape() || offsets[0] != 0 || offsets[1] != 0 ||
      strides[0] != 1 || strides[1] != 1 || strides[2] < 2 || strides[3] < 2)
    return failure(); // not a source spread along its two last dims
  Type elem = outType.getElementType();
  int64_t n = outType.getDimSize(0), f = outType.getDimSize(1), c = sourceType.getDimSize(1);
  int64_t sy = strides[2], sx = strides[3];
  int64_t oh = outType.getDimSize(2), ow = outType.getDimSize(3);
  int64_t kh = filterType.getDimSize(2), kw = filterType.getDimSize(3);
  int64_t h = sourceType.getDimSize(2), w = sourceType.getDimSize(3);
  if (oh % sy || ow % sx)
    return failure(); // the output does not split into whole phases
  int64_t qh = oh / sy, qw = ow / sx;
  // Every phase must have taps, read rows from its shift on (the source
  // padded, never cropped: shift <= 0, and all its rows read).
  auto phaseFits = [](Phase p, int64_t q, int64_t extent) {
    return p.taps > 0 && p.shift <= 0 && q + p.taps - 1 + p.shift >= extent;
  };
  for (int64_t r = 0; r < sy; ++r)
    if (!phaseFits(phaseOf(r, sy, offsets[2], kh), qh, h))
      return failure(); // a row phase reads outside the source
  for (int64_t r = 0; r < sx; ++r)
    if (!phaseFits(phaseOf(r, sx, offsets[3], kw), qw, w))
      return failure(); // a column phase reads outside the source

  Location loc = conv.getLoc();
  MLIRContext *ctx = conv.getContext();
  AffineExpr d0 = getAffineDimExpr(0, ctx), d1 = getAffineDimExpr(1, ctx),
             d2 = getAffineDimExpr(2, ctx), d3 = getAffineDimExpr(3, ctx);
  Value init = conv.getOutputs()[0];
  auto folds = [&](ArrayRef<int64_t> values) { return getAsIndexOpFoldResult(ctx, values); };
  // A broadcast bias initializes every phase alike: through its input.
  auto bias = init.getDefiningOp<linalg::BroadcastOp>();
  AffineMap biasMap;
  if (bias) {
    SmallVector<AffineExpr> kept;
    for (int64_t dim = 0; dim < 4; ++dim)
      if (!llvm::is_contained(bias.getDimensions(), dim))
        kept.push_back(getAffineDimExpr(dim, ctx));
    biasMap = AffineMap::get(4, 0, kept, ctx);
  }
  Value result = tensor::EmptyOp::create(rewriter, loc, outType.getShape(), elem);
  for (int64_t ry = 0; ry < sy; ++ry) {
    for (int64_t rx = 0; rx < sx; ++rx) {
      Phase py = phaseOf(ry, sy, offsets[2], kh), px = phaseOf(rx, sx, offsets[3], kw);
      // The source zero-padded so that phase input row a is source row
      // a + shift.
      int64_t rows = qh + py.taps - 1, cols = qw + px.taps - 1;
      Value padded = tensor::InsertSliceOp::create(
          rewriter, loc, source, zerosLike(rewriter, loc, {n, c, rows, cols}, elem),
          folds({0, 0, -py.shift, -px.shift}), folds(sourceType.getShape()), folds({1, 1, 1, 1}));
      // The phase's taps of the filter.
      auto tapsMap = AffineMap::get(4, 0, {d0, d1, d2 * sy + py.k0, d3 * sx + px.k0}, ctx);
      Value taps = gather(rewriter, loc, conv.getInputs()[1], tapsMap,
                          {f, c, py.taps, px.taps}, elem);
      // The phase's part of the initializer (the bias's own input where it
      // is a broadcast, so that it stays one).
      Value phaseInit =
          bias ? gather(rewriter, loc, bias.getInput(), biasMap, {n, f, qh, qw}, elem)
               : gather(rewriter, loc, init,
                        AffineMap::get(4, 0, {d0, d1, d2 * sy + ry, d3 * sx + rx}, ctx),
                        {n, f, qh, qw}, elem);
      Value phase = linalg::Conv2DNchwFchwOp::create(
                        rewriter, loc, TypeRange{phaseInit.getType()}, ValueRange{padded, taps},
                        ValueRange{phaseInit}, rewriter.getI64VectorAttr({1, 1}),
                        rewriter.getI64VectorAttr({1, 1}))
                        .getResult(0);
      result = tensor::InsertSliceOp::create(rewriter, loc, phase, result,
                                             folds({0, 0, ry, rx}), folds({n, f, qh, qw}),
                                             folds({1, 1, sy, sx}));
    }
  }
  rewriter.replaceOp(conv, result);
  return success();
}

struct SplitTransposedConv : ks::impl::KSSplitTransposedConvBase<SplitTransposedConv> {
  void runOnOperation() override {
    SmallVector<linalg::Conv2DNchwFchwOp> convs;
    getOperation()->walk([&](linalg::Conv2DNchwFchwOp conv) { convs.push_back(conv); });
    IRRewriter rewriter(&getContext());
    for (linalg::Conv2DNchwFchwOp conv : convs) {
      rewriter.setInsertionPoint(conv);
      if (succeeded(splitByPhase(rewriter, conv)))
        ++numRewritten;
    }
  }
};

} // namespace
