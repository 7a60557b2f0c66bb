//===- OnePassVariance.cpp - A row's sum and sum of squares together ------===//
//
// Torch-MLIR's layer, group and instance norms, and torch.var and
// torch.std over any dim, compute the variance in two passes over the
// input: the f64 sum of the row (for the mean), then the
// f64 sum of (x - mean)^2, which cannot start before the first has ended.
// Over rows too long to keep on chip that reads the input from memory
// twice before the normalization reads it a third time. Here both sums are
// taken in one reduction with two outputs (sum x, sum x^2), and the
// variance's sum is computed from them per row:
//
//   sum (x - m)^2 = sum x^2 - m (2 sum x - n m)
//
// Only where the accumulator carries at least twice the element's
// precision (f64 sums of f32 values, f32 sums of f16 or bf16 ones): the
// squares are then exact and the subtraction keeps about the accumulator's
// precision less the element's, far below the element's rounding. In f32
// sums of f32 values the subtraction could cancel most digits of a small
// variance, and the two passes stay.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"
#include "ks/Transforms/Utils/ReductionBodies.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSONEPASSVARIANCE
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The position of `op`'s one reduction loop.
unsigned reductionLoop(linalg::GenericOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  return llvm::find(iterators, utils::IteratorType::reduction) - iterators.begin();
}

/// Whether `op` reduces one loop from zero: static loops, one reduction
/// loop anywhere (a row's, or a strided dim's as torch.var(x, dim=1)
/// walks); the output indexed by the other loops in order; its init a
/// fill with 0.0.
bool isReductionFromZero(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() != 1 || ShapedType::isDynamicShape(op.getStaticLoopRanges()))
    return false;
  auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!fill || !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()))
    return false;
  AffineMap others = AffineMap::getMultiDimIdentityMap(op.getNumLoops(), op.getContext())
                         .dropResult(reductionLoop(op));
  return op.getMatchingIndexingMap(op.getDpsInitOperand(0)) == others;
}

/// `value` extended from a type of at most half the accumulator's
/// mantissa: its source, else null.
Value narrowSource(Value value) {
  auto ext = value.getDefiningOp<arith::ExtFOp>();
  if (!ext)
    return nullptr;
  auto from = dyn_cast<FloatType>(ext.getIn().getType());
  auto to = dyn_cast<FloatType>(ext.getType());
  if (!from || !to || 2 * from.getFPMantissaWidth() > to.getFPMantissaWidth())
    return nullptr;
  return ext.getIn();
}

/// The term `op` adds to its output: `t` where the body yields
/// addf(t, out) or addf(out, t); else null.
Value addedTerm(linalg::GenericOp op) {
  auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  Value out = op.getRegionOutputArgs()[0];
  if (!add || add->getBlock() != op.getBlock())
    return nullptr;
  return ks::otherOperand(add, out);
}

/// A sum of (x - m)^2 whose m is computed from an earlier sum of x.
struct VarianceSum {
  linalg::GenericOp sum;      // sum of extf(x)
  linalg::GenericOp deviation; // sum of (extf(x) - m(sum))^2
  BlockArgument sumArg;       // the deviation's block argument reading the sum
  Value mean;                 // m, in the deviation's body
  SmallVector<Operation *> meanOps; // what computes m there, in order
};

/// `op` as the second pass of a variance: two inputs, x read through the
/// identity and the sum of the same x (a reduction from zero of extf(x)
/// alone over the same loop) read where the output is; the body adds (extf(x) - m)^2, m
/// computed from the sum and constants only.
std::optional<VarianceSum> matchVarianceSum(linalg::GenericOp op) {
  if (!isReductionFromZero(op) || op.getNumDpsInputs() != 2)
    return std::nullopt;
  Value term = addedTerm(op);
  auto square = term ? term.getDefiningOp<arith::MulFOp>() : nullptr;
  if (!square || square.getLhs() != square.getRhs())
    return std::nullopt;
  auto diff = square.getLhs().getDefiningOp<arith::SubFOp>();
  Value x = diff ? narrowSource(diff.getLhs()) : nullptr;
  auto xArg = dyn_cast_or_null<BlockArgument>(x);
  if (!xArg || xArg.getOwner() != op.getBlock() || xArg.getArgNumber() > 1)
    return std::nullopt;
  OpOperand *data = op.getDpsInputOperand(xArg.getArgNumber());
  OpOperand *sumOperand = op.getDpsInputOperand(1 - xArg.getArgNumber());
  BlockArgument sumArg = op.getMatchingBlockArgument(sumOperand);
  if (!op.getMatchingIndexingMap(data).isIdentity() ||
      op.getMatchingIndexingMap(sumOperand) != op.getMatchingIndexingMap(op.getDpsInitOperand(0)))
    return std::nullopt;
  // m: the sum and constants, nothing else.
  Value mean = diff.getRhs();
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.filter = [&](Operation *inner) { return inner->getBlock() == op.getBlock(); };
  if (Operation *def = mean.getDefiningOp())
    (void)getBackwardSlice(def, &slice, options);
  else if (mean != sumArg)
    return std::nullopt;
  for (Operation *inner : slice) {
    if (!isPure(inner) || inner->getNumRegions() != 0)
      return std::nullopt;
    for (Value operand : inner->getOperands()) {
      if (auto arg = dyn_cast<BlockArgument>(operand); arg && arg != sumArg)
        return std::nullopt;
      if (Operation *def = operand.getDefiningOp();
          def && def->getBlock() != op.getBlock() && !matchPattern(operand, m_Constant()))
        return std::nullopt;
    }
  }
  auto sum = sumOperand->get().getDefiningOp<linalg::GenericOp>();
  if (!sum || !isReductionFromZero(sum) || sum.getNumDpsInputs() != 1 ||
      sum.getIteratorTypesArray() != op.getIteratorTypesArray() ||
      sum.getStaticLoopRanges() != op.getStaticLoopRanges() ||
      !sum.getMatchingIndexingMap(sum.getDpsInputOperand(0)).isIdentity() ||
      !ks::sameTensor(sum.getDpsInputs()[0], data->get()) ||
      sum.getResultTypes() != op.getResultTypes())
    return std::nullopt;
  Value summed = addedTerm(sum);
  if (!summed || narrowSource(summed) != sum.getBlock()->getArgument(0) ||
      sum.getBlock()->getOperations().size() != 3)
    return std::nullopt;
  return VarianceSum{sum, op, sumArg, mean, llvm::to_vector(slice)};
}

/// Replaces the two passes by one reduction with two outputs (sum x and
/// sum x^2, at the first sum's place) and, at the deviation's place, the
/// deviation's sum from them.
void rewrite(IRRewriter &rewriter, const VarianceSum &v) {
  linalg::GenericOp sum = v.sum;
  Location loc = sum.getLoc();
  auto type = cast<RankedTensorType>(sum.getResultTypes()[0]);
  Type acc = type.getElementType();
  rewriter.setInsertionPoint(sum);
  Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getFloatAttr(acc, 0.0));
  Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(), acc);
  Value squaresInit = linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
  AffineMap in = sum.getIndexingMapsArray()[0], out = sum.getIndexingMapsArray()[1];
  auto both = linalg::GenericOp::create(
      rewriter, loc, TypeRange{type, type}, sum.getDpsInputs(),
      ValueRange{sum.getDpsInits()[0], squaresInit}, ArrayRef<AffineMap>{in, out, out},
      sum.getIteratorTypesArray(), [&](OpBuilder &b, Location l, ValueRange args) {
        Value x = arith::ExtFOp::create(b, l, acc, args[0]);
        Value s = arith::AddFOp::create(b, l, x, args[1]);
        Value sq = arith::AddFOp::create(b, l, arith::MulFOp::create(b, l, x, x), args[2]);
        linalg::YieldOp::create(b, l, ValueRange{s, sq});
      });

  linalg::GenericOp deviation = v.deviation;
  int64_t n = deviation.getStaticLoopRanges()[reductionLoop(deviation)];
  rewriter.setInsertionPoint(deviation);
  Value result = tensor::EmptyOp::create(rewriter, deviation.getLoc(), type.getShape(), acc);
  AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
  auto variance = linalg::GenericOp::create(
      rewriter, deviation.getLoc(), TypeRange{type}, both.getResults(), ValueRange{result},
      ArrayRef<AffineMap>{identity, identity, identity},
      SmallVector<utils::IteratorType>(type.getRank(), utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        // m as the deviation's body computes it, from the sum.
        IRMapping map;
        map.map(v.sumArg, args[0]);
        for (Operation *inner : v.meanOps)
          b.clone(*inner, map);
        Value m = map.lookupOrDefault(v.mean);
        Value count = arith::ConstantOp::create(b, l, b.getFloatAttr(acc, double(n)));
        Value twice = arith::AddFOp::create(b, l, args[0], args[0]);
        Value rest = arith::SubFOp::create(b, l, twice, arith::MulFOp::create(b, l, count, m));
        Value dev = arith::SubFOp::create(b, l, args[1], arith::MulFOp::create(b, l, m, rest));
        linalg::YieldOp::create(b, l, dev);
      });
  rewriter.replaceOp(deviation, variance.getResults());
  rewriter.replaceOp(sum, both.getResult(0));
}

struct OnePassVariance : public ks::impl::KSOnePassVarianceBase<OnePassVariance> {
  void runOnOperation() override {
    SmallVector<VarianceSum> found;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (std::optional<VarianceSum> v = matchVarianceSum(op))
        if (llvm::none_of(found, [&](const VarianceSum &f) { return f.sum == v->sum; }))
          found.push_back(*v);
    });
    IRRewriter rewriter(&getContext());
    for (const VarianceSum &v : found) {
      rewrite(rewriter, v);
      ++numRewritten;
    }
  }
};

} // namespace
