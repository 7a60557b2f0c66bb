//===- OnePassSoftmax.cpp - A softmax's max and sum in one reduction ------===//
//
// A softmax or log-softmax takes the maximum along its dim, then the sum of
// exp(x - max), which cannot start before the maximum is known: two passes
// over the input before the normalization reads it a third time. Here both
// are taken in one reduction with two outputs, the running maximum m and
// the sum s of exp(x - m) rescaled whenever m grows (the "online softmax"
// of Milakov and Gimelshein, which Inductor and FlashAttention use):
//
//   m' = max(m, x),  s' = x > m ? s * exp(m - x) + 1 : s + exp(x - m)
//
// one exponential an element, exp(min(m, x) - m'), 0 while m' is -inf;
// the 1 is (x - x) + 1, NaN for x = +inf, so that infinities give what the
// two passes give.
//
// Only along a loop that is not the innermost (a softmax over channels):
// a thread walks its output's loop in order (argreduce_strided_registers),
// or S threads each every S-th element, their partial pairs combined
// rescaled to the larger maximum (ks::combineOnlineSoftmax, in
// reduce_strided_split_epilogue). Along rows the row skills keep the row
// on chip (its max and sum from registers) and fold partials of a thread,
// warp or block per output with that output's own operator, which cannot
// fold this coupled pair.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"
#include "ks/Transforms/Utils/ReductionBodies.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSONEPASSSOFTMAX
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Whether `op` reduces one loop that is not the innermost, with static
/// loops and one output on tensors.
bool isStridedReduction(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() != 1 ||
      op.getIteratorTypesArray().back() == utils::IteratorType::reduction ||
      ShapedType::isDynamicShape(op.getStaticLoopRanges()))
    return false;
  return isa<FloatType>(getElementTypeOrSelf(op.getResultTypes()[0]));
}

/// Whether `op` is a maximum of its one input from -inf, read through the
/// identity: yield maximumf(x, out).
bool isMaxFromMinusInfinity(linalg::GenericOp op) {
  if (!isStridedReduction(op) || op.getNumDpsInputs() != 1 ||
      op.getBlock()->getOperations().size() != 2 ||
      !op.getMatchingIndexingMap(op.getDpsInputOperand(0)).isIdentity())
    return false;
  auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!fill || !matchPattern(fill.getInputs()[0], m_NegInfFloat()))
    return false;
  auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
  auto max = yield.getOperand(0).getDefiningOp<arith::MaximumFOp>();
  return max && ks::otherOperand(max, op.getRegionOutputArgs()[0]) == op.getBlock()->getArgument(0);
}

/// A sum of exp(x - m) whose m is the maximum of the same x.
struct SoftmaxSums {
  linalg::GenericOp max; // maximum of x from -inf
  linalg::GenericOp sum; // sum of exp(x - max) from zero
};

/// `op` as a softmax's sum: two inputs, x through the identity and the
/// maximum of the same x at the output's indices; the body adds
/// exp(x - m) to the output, which starts at zero.
std::optional<SoftmaxSums> matchSoftmaxSum(linalg::GenericOp op) {
  if (!isStridedReduction(op) || op.getNumDpsInputs() != 2 || op.getBlock()->getOperations().size() != 4)
    return std::nullopt;
  auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!fill || !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()))
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  Value term = add ? ks::otherOperand(add, op.getRegionOutputArgs()[0]) : nullptr;
  auto exp = term ? term.getDefiningOp<math::ExpOp>() : nullptr;
  auto diff = exp ? exp.getOperand().getDefiningOp<arith::SubFOp>() : nullptr;
  if (!diff)
    return std::nullopt;
  auto xArg = dyn_cast<BlockArgument>(diff.getLhs());
  auto mArg = dyn_cast<BlockArgument>(diff.getRhs());
  if (!xArg || !mArg || xArg.getOwner() != op.getBlock() || mArg.getOwner() != op.getBlock() ||
      xArg.getArgNumber() + mArg.getArgNumber() != 1)
    return std::nullopt;
  OpOperand *data = op.getDpsInputOperand(xArg.getArgNumber());
  OpOperand *maxOperand = op.getDpsInputOperand(mArg.getArgNumber());
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!op.getMatchingIndexingMap(data).isIdentity() || op.getMatchingIndexingMap(maxOperand) != outMap)
    return std::nullopt;
  auto max = maxOperand->get().getDefiningOp<linalg::GenericOp>();
  if (!max || !isMaxFromMinusInfinity(max) || max.getIteratorTypesArray() != op.getIteratorTypesArray() ||
      max.getStaticLoopRanges() != op.getStaticLoopRanges() ||
      max.getMatchingIndexingMap(max.getDpsInitOperand(0)) != outMap ||
      max.getResultTypes() != op.getResultTypes() || !ks::sameTensor(max.getDpsInputs()[0], data->get()))
    return std::nullopt;
  return SoftmaxSums{max, op};
}

/// Replaces the two reductions by one with two outputs at the maximum's
/// place (which dominates every use of both).
void rewrite(IRRewriter &rewriter, const SoftmaxSums &found) {
  linalg::GenericOp max = found.max;
  Location loc = max.getLoc();
  auto type = cast<RankedTensorType>(max.getResultTypes()[0]);
  auto element = cast<FloatType>(type.getElementType());
  rewriter.setInsertionPoint(max);
  Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getFloatAttr(element, 0.0));
  Value one = arith::ConstantOp::create(rewriter, loc, rewriter.getFloatAttr(element, 1.0));
  Value minusInf = ks::minusInfinity(rewriter, loc, element);
  Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(), element);
  Value sumInit = linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
  AffineMap in = max.getIndexingMapsArray()[0], out = max.getIndexingMapsArray()[1];
  auto both = linalg::GenericOp::create(rewriter, loc, TypeRange{type, type}, max.getDpsInputs(),
                                        ValueRange{max.getDpsInits()[0], sumInit},
                                        ArrayRef<AffineMap>{in, out, out}, max.getIteratorTypesArray(),
                                        [&](OpBuilder &b, Location l, ValueRange args) {
                                          ks::buildOnlineSoftmaxStep(b, l, args, one, minusInf);
                                        });
  rewriter.replaceOp(found.sum, both.getResult(1));
  rewriter.replaceOp(max, both.getResult(0));
}

struct OnePassSoftmax : public ks::impl::KSOnePassSoftmaxBase<OnePassSoftmax> {
  void runOnOperation() override {
    SmallVector<SoftmaxSums> found;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (std::optional<SoftmaxSums> s = matchSoftmaxSum(op))
        if (llvm::none_of(found, [&](const SoftmaxSums &f) { return f.max == s->max; }))
          found.push_back(*s);
    });
    IRRewriter rewriter(&getContext());
    for (const SoftmaxSums &s : found) {
      rewrite(rewriter, s);
      ++numRewritten;
    }
  }
};

} // namespace
