//===- WorkEstimate.cpp - The work a program must do, from its linalg -----===//

#include "ks/Agents/WorkEstimate.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace {
int64_t bytesOf(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return 0;
  int64_t bits = shaped.getElementType().getIntOrFloatBitWidth();
  return shaped.getNumElements() * ((bits + 7) / 8);
}

bool isFloat(Type type) { return isa<FloatType>(getElementTypeOrSelf(type)); }

/// Float operations and transcendentals one iteration of `body` performs.
/// Casts, comparisons' selects and index arithmetic are not counted.
std::pair<int64_t, int64_t> perIteration(Block &body) {
  int64_t flops = 0, transcendental = 0;
  for (Operation &op : body.without_terminator()) {
    if (op.getNumResults() != 1)
      continue;
    Type type = op.getResult(0).getType();
    if (isa<math::FmaOp>(op)) {
      flops += 2;
    } else if (isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
                   arith::RemFOp, arith::NegFOp, arith::MaximumFOp,
                   arith::MinimumFOp, arith::MaxNumFOp, arith::MinNumFOp>(op)) {
      flops += 1;
    } else if (isa<arith::CmpFOp>(op)) {
      flops += 1;
    } else if (op.getDialect() && isa<math::MathDialect>(op.getDialect()) &&
               isFloat(type)) {
      // exp, log, tanh, sqrt, erf, ...: one call each (absf and the like
      // are cheap, but still one operation).
      flops += 1;
      if (!isa<math::AbsFOp, math::CopySignOp, math::FloorOp, math::CeilOp,
               math::RoundOp, math::TruncOp>(op))
        transcendental += 1;
    }
  }
  return {flops, transcendental};
}
} // namespace

ks::agents::WorkEstimate ks::agents::estimateWork(func::FuncOp func) {
  WorkEstimate w;
  for (Type t : func.getArgumentTypes())
    w.minBytes += bytesOf(t);
  for (Type t : func.getResultTypes())
    w.minBytes += bytesOf(t);
  func.walk([&](Operation *op) {
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      if (isa<ShapedType>(constant.getType()))
        w.minBytes += bytesOf(constant.getType());
      return;
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || linalgOp->getNumRegions() == 0 ||
        linalgOp->getRegion(0).empty())
      return;
    int64_t iterations = 1;
    for (int64_t range : linalgOp.getStaticLoopRanges()) {
      if (ShapedType::isDynamic(range))
        return;
      iterations *= range;
    }
    auto [flops, transcendental] = perIteration(linalgOp->getRegion(0).front());
    w.flops += flops * iterations;
    w.transcendentals += transcendental * iterations;
  });
  return w;
}
