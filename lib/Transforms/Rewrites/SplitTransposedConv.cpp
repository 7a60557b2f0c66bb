//===- SplitTransposedConv.cpp - a transposed convolution by output phase --===//
//
// Torch-MLIR lowers ConvTranspose1d/2d/3d with stride s as a unit-stride
// convolution over the input spread out with s - 1 zeros between elements
// (tensor.insert_slice with strides s into zeros): s^d - 1 of every s^d
// multiplications are by zero (d spatial dims). Along each dim, output rows
// oy = s q + r (one phase r) only ever meet the filter taps ky = k0(r) + s t,
// and those read input row q + t + d(r). So each output phase (a residue per
// dim) is a convolution of the input itself (zero-padded by a row or so)
// with the filter's taps of that phase, and the phases interleave into the
// output. Same products, same sums per output element, in the same order of
// taps; the zeros are gone.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

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

/// A copy of `source` read through `map` (over the result's loops).
Value gather(RewriterBase &rewriter, Location loc, Value source, AffineMap map,
             ArrayRef<int64_t> shape, Type elem) {
  Value empty = tensor::EmptyOp::create(rewriter, loc, shape, elem);
  unsigned rank = shape.size();
  auto id = AffineMap::getMultiDimIdentityMap(rank, rewriter.getContext());
  return linalg::GenericOp::create(
             rewriter, loc, TypeRange{empty.getType()}, ValueRange{source}, ValueRange{empty},
             ArrayRef<AffineMap>{map, id},
             SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
             [](OpBuilder &b, Location l, ValueRange args) { linalg::YieldOp::create(b, l, args[0]); })
      .getResult(0);
}

/// Splits `conv` (an NC[D][H]W / FC[D][H]W convolution of 1, 2 or 3 spatial
/// dims) by output phase where it convolves a spread input; fails, leaving
/// it alone, otherwise.
template <typename ConvOp>
LogicalResult splitByPhase(RewriterBase &rewriter, ConvOp conv) {
  if (!conv.hasPureTensorSemantics())
    return failure(); // not on tensors
  if (!llvm::all_of(conv.getStrides().template getValues<int64_t>(),
                    [](int64_t v) { return v == 1; }) ||
      !llvm::all_of(conv.getDilations().template getValues<int64_t>(),
                    [](int64_t v) { return v == 1; }))
    return failure(); // strided or dilated
  // The input: the source spread with strides s into zeros.
  auto spread = conv.getInputs()[0].template getDefiningOp<tensor::InsertSliceOp>();
  if (!spread)
    return failure(); // the input is not an insert_slice
  auto fill = spread.getDest().template getDefiningOp<linalg::FillOp>();
  if (!fill || !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()))
    return failure(); // the input is not spread into zeros
  Value source = spread.getSource();
  auto sourceType = dyn_cast<RankedTensorType>(source.getType());
  auto filterType = dyn_cast<RankedTensorType>(conv.getInputs()[1].getType());
  auto outType = dyn_cast<RankedTensorType>(conv.getOutputs()[0].getType());
  if (!sourceType || !sourceType.hasStaticShape() || !filterType ||
      !filterType.hasStaticShape() || !outType || !outType.hasStaticShape())
    return failure(); // dynamic shapes
  int64_t rank = outType.getRank();
  if (sourceType.getRank() != rank)
    return failure(); // a rank-reducing spread
  ArrayRef<int64_t> offsets = spread.getStaticOffsets(), strides = spread.getStaticStrides(),
                    sizes = spread.getStaticSizes();
  // Spread along the spatial dims only, by at least 2 along one of them (a
  // unit stride along another is a padded dim: one phase, all its taps).
  if (ShapedType::isDynamicShape(offsets) || ShapedType::isDynamicShape(strides) ||
      sizes != sourceType.getShape() || offsets[0] != 0 || offsets[1] != 0 ||
      strides[0] != 1 || strides[1] != 1 ||
      llvm::any_of(strides.drop_front(2), [](int64_t s) { return s < 1; }) ||
      llvm::all_of(strides.drop_front(2), [](int64_t s) { return s == 1; }))
    return failure(); // not a source spread along its spatial dims
  Type elem = outType.getElementType();
  int64_t n = outType.getDimSize(0), f = outType.getDimSize(1), c = sourceType.getDimSize(1);
  // Per spatial dim: the stride, the phase's extent of the output.
  SmallVector<int64_t> stride(strides.drop_front(2)), extent;
  for (int64_t d = 2; d < rank; ++d) {
    if (outType.getDimSize(d) % strides[d])
      return failure(); // the output does not split into whole phases
    extent.push_back(outType.getDimSize(d) / strides[d]);
  }
  int64_t dims = rank - 2;
  auto phaseAlong = [&](int64_t d, int64_t r) {
    return phaseOf(r, stride[d], offsets[d + 2], filterType.getDimSize(d + 2));
  };
  // Every phase must have taps, read rows from its shift on (the source
  // padded, never cropped: shift <= 0, and all its rows read).
  for (int64_t d = 0; d < dims; ++d) {
    for (int64_t r = 0; r < stride[d]; ++r) {
      Phase p = phaseAlong(d, r);
      if (p.taps <= 0 || p.shift > 0 ||
          extent[d] + p.taps - 1 + p.shift < sourceType.getDimSize(d + 2))
        return failure(); // a phase reads outside the source
    }
  }

  Location loc = conv.getLoc();
  MLIRContext *ctx = conv.getContext();
  Value init = conv.getOutputs()[0];
  auto folds = [&](ArrayRef<int64_t> values) { return getAsIndexOpFoldResult(ctx, values); };
  // A broadcast bias initializes every phase alike: through its input.
  auto bias = init.template getDefiningOp<linalg::BroadcastOp>();
  AffineMap biasMap;
  if (bias) {
    SmallVector<AffineExpr> kept;
    for (int64_t dim = 0; dim < rank; ++dim)
      if (!llvm::is_contained(bias.getDimensions(), dim))
        kept.push_back(getAffineDimExpr(dim, ctx));
    biasMap = AffineMap::get(rank, 0, kept, ctx);
  }
  SmallVector<int64_t> phaseShape = {n, f};
  llvm::append_range(phaseShape, extent);
  SmallVector<int64_t> ones(rank, 1), outStrides = {1, 1};
  llvm::append_range(outStrides, stride);
  Value result = tensor::EmptyOp::create(rewriter, loc, outType.getShape(), elem);
  // The phases in row-major order of their residues (the last dim fastest).
  SmallVector<int64_t> residue(dims, 0);
  while (true) {
    SmallVector<Phase> phases;
    for (int64_t d = 0; d < dims; ++d)
      phases.push_back(phaseAlong(d, residue[d]));
    // The source zero-padded so that phase input row a is source row
    // a + shift.
    SmallVector<int64_t> paddedShape = {n, c}, padOffsets = {0, 0}, tapsShape = {f, c};
    SmallVector<AffineExpr> tapsExprs = {getAffineDimExpr(0, ctx), getAffineDimExpr(1, ctx)},
                            initExprs = tapsExprs;
    for (int64_t d = 0; d < dims; ++d) {
      paddedShape.push_back(extent[d] + phases[d].taps - 1);
      padOffsets.push_back(-phases[d].shift);
      tapsShape.push_back(phases[d].taps);
      AffineExpr loop = getAffineDimExpr(d + 2, ctx);
      tapsExprs.push_back(loop * stride[d] + phases[d].k0);
      initExprs.push_back(loop * stride[d] + residue[d]);
    }
    Value padded = tensor::InsertSliceOp::create(
        rewriter, loc, source, zerosLike(rewriter, loc, paddedShape, elem), folds(padOffsets),
        folds(sourceType.getShape()), folds(ones));
    // The phase's taps of the filter.
    Value taps = gather(rewriter, loc, conv.getInputs()[1],
                        AffineMap::get(rank, 0, tapsExprs, ctx), tapsShape, elem);
    // The phase's part of the initializer (the bias's own input where it is
    // a broadcast, so that it stays one).
    Value phaseInit =
        bias ? gather(rewriter, loc, bias.getInput(), biasMap, phaseShape, elem)
             : gather(rewriter, loc, init, AffineMap::get(rank, 0, initExprs, ctx), phaseShape,
                      elem);
    SmallVector<int64_t> unit(dims, 1);
    Value phase = ConvOp::create(rewriter, loc, TypeRange{phaseInit.getType()},
                                 ValueRange{padded, taps}, ValueRange{phaseInit},
                                 rewriter.getI64VectorAttr(unit), rewriter.getI64VectorAttr(unit))
                      .getResult(0);
    SmallVector<int64_t> outOffsets = {0, 0};
    llvm::append_range(outOffsets, residue);
    result = tensor::InsertSliceOp::create(rewriter, loc, phase, result, folds(outOffsets),
                                           folds(phaseShape), folds(outStrides));
    // The next residue; done after the last.
    int64_t d = dims - 1;
    while (d >= 0 && ++residue[d] == stride[d])
      residue[d--] = 0;
    if (d < 0)
      break;
  }
  rewriter.replaceOp(conv, result);
  return success();
}

struct SplitTransposedConv : ks::impl::KSSplitTransposedConvBase<SplitTransposedConv> {
  void runOnOperation() override {
    SmallVector<Operation *> convs;
    getOperation()->walk([&](Operation *op) {
      if (isa<linalg::Conv1DNcwFcwOp, linalg::Conv2DNchwFchwOp, linalg::Conv3DNcdhwFcdhwOp>(op))
        convs.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : convs) {
      rewriter.setInsertionPoint(op);
      LogicalResult split =
          TypeSwitch<Operation *, LogicalResult>(op)
              .Case<linalg::Conv1DNcwFcwOp, linalg::Conv2DNchwFchwOp, linalg::Conv3DNcdhwFcdhwOp>(
                  [&](auto conv) { return splitByPhase(rewriter, conv); })
              .Default([](Operation *) { return failure(); });
      if (succeeded(split))
        ++numRewritten;
    }
  }
};

} // namespace
