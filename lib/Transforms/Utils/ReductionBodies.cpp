//===- ReductionBodies.cpp - Reading a reduction's inputs and body --------===//

#include "ks/Transforms/Utils/ReductionBodies.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

bool ks::sameTensor(Value a, Value b) {
  if (a == b)
    return true;
  auto ca = a.getDefiningOp<tensor::CollapseShapeOp>();
  auto cb = b.getDefiningOp<tensor::CollapseShapeOp>();
  if (ca && cb)
    return ca.getType() == cb.getType() &&
           ca.getReassociationIndices() == cb.getReassociationIndices() &&
           sameTensor(ca.getSrc(), cb.getSrc());
  auto ea = a.getDefiningOp<tensor::ExpandShapeOp>();
  auto eb = b.getDefiningOp<tensor::ExpandShapeOp>();
  return ea && eb && ea.getType() == eb.getType() &&
         ea.getReassociationIndices() == eb.getReassociationIndices() &&
         sameTensor(ea.getSrc(), eb.getSrc());
}

Value ks::otherOperand(Operation *binary, Value out) {
  if (binary->getNumOperands() != 2)
    return nullptr;
  Value lhs = binary->getOperand(0), rhs = binary->getOperand(1);
  if (lhs == out && rhs != out)
    return rhs;
  if (rhs == out && lhs != out)
    return lhs;
  return nullptr;
}

namespace {
/// exp(low - high) for high >= low, 0 while high is -inf (where low - high
/// is NaN).
Value rescale(OpBuilder &b, Location loc, Value low, Value high, Value minusInf) {
  Value empty = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, high, minusInf);
  Value exponent =
      arith::SelectOp::create(b, loc, empty, minusInf, arith::SubFOp::create(b, loc, low, high));
  return math::ExpOp::create(b, loc, exponent);
}
} // namespace

Value ks::minusInfinity(OpBuilder &b, Location loc, FloatType type) {
  return arith::ConstantOp::create(
      b, loc, b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics(), /*Negative=*/true)));
}

void ks::buildOnlineSoftmaxStep(OpBuilder &b, Location loc, ValueRange args, Value one,
                                Value minusInf) {
  Value x = args[0], m = args[1], s = args[2];
  Value next = arith::MaximumFOp::create(b, loc, m, x);
  Value e = rescale(b, loc, arith::MinimumFOp::create(b, loc, m, x), next, minusInf);
  Value grew = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, m);
  // x's own term exp(x - x): 1, NaN where x is +inf (as in the two passes).
  Value own = arith::AddFOp::create(b, loc, arith::SubFOp::create(b, loc, x, x), one);
  Value rescaled = arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, s, e), own);
  Value added = arith::AddFOp::create(b, loc, s, e);
  Value sum = arith::SelectOp::create(b, loc, grew, rescaled, added);
  linalg::YieldOp::create(b, loc, ValueRange{next, sum});
}

bool ks::isOnlineSoftmaxStep(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 2 || op.getNumReductionLoops() != 1)
    return false;
  Block *body = op.getBlock();
  Value x = body->getArgument(0), m = op.getRegionOutputArgs()[0], s = op.getRegionOutputArgs()[1];
  if (x.getType() != m.getType() || m.getType() != s.getType() || !isa<FloatType>(x.getType()))
    return false;
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto next = yield.getOperand(0).getDefiningOp<arith::MaximumFOp>();
  auto sum = yield.getOperand(1).getDefiningOp<arith::SelectOp>();
  if (!next || next.getLhs() != m || next.getRhs() != x || !sum)
    return false;
  auto grew = sum.getCondition().getDefiningOp<arith::CmpFOp>();
  auto rescaled = sum.getTrueValue().getDefiningOp<arith::AddFOp>();
  auto added = sum.getFalseValue().getDefiningOp<arith::AddFOp>();
  if (!grew || grew.getPredicate() != arith::CmpFPredicate::OGT || grew.getLhs() != x ||
      grew.getRhs() != m || !rescaled || !added || added.getLhs() != s)
    return false;
  auto e = added.getRhs().getDefiningOp<math::ExpOp>();
  auto product = rescaled.getLhs().getDefiningOp<arith::MulFOp>();
  auto own = rescaled.getRhs().getDefiningOp<arith::AddFOp>();
  auto xMinusX = own ? own.getLhs().getDefiningOp<arith::SubFOp>() : nullptr;
  if (!e || !product || product.getLhs() != s || product.getRhs() != e.getResult() || !xMinusX ||
      xMinusX.getLhs() != x || xMinusX.getRhs() != x || !matchPattern(own.getRhs(), m_OneFloat()))
    return false;
  auto exponent = e.getOperand().getDefiningOp<arith::SelectOp>();
  auto empty = exponent ? exponent.getCondition().getDefiningOp<arith::CmpFOp>() : nullptr;
  auto diff = exponent ? exponent.getFalseValue().getDefiningOp<arith::SubFOp>() : nullptr;
  auto low = diff ? diff.getLhs().getDefiningOp<arith::MinimumFOp>() : nullptr;
  return empty && empty.getPredicate() == arith::CmpFPredicate::OEQ &&
         empty.getLhs() == next.getResult() && matchPattern(empty.getRhs(), m_NegInfFloat()) &&
         matchPattern(exponent.getTrueValue(), m_NegInfFloat()) && low && low.getLhs() == m &&
         low.getRhs() == x && diff.getRhs() == next.getResult();
}

std::pair<Value, Value> ks::combineOnlineSoftmax(OpBuilder &b, Location loc,
                                                 ArrayRef<Value> maxima, ArrayRef<Value> sums) {
  Value minusInf = minusInfinity(b, loc, cast<FloatType>(maxima.front().getType()));
  Value largest = maxima.front();
  for (Value m : maxima.drop_front())
    largest = arith::MaximumFOp::create(b, loc, largest, m);
  Value total;
  for (auto [m, s] : llvm::zip(maxima, sums)) {
    Value term = arith::MulFOp::create(b, loc, s, rescale(b, loc, m, largest, minusInf));
    total = total ? arith::AddFOp::create(b, loc, total, term).getResult() : term;
  }
  return {largest, total};
}
