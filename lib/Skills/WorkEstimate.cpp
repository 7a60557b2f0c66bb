//===- WorkEstimate.cpp - The work a program must do, from its linalg -----===//

#include "ks/Skills/WorkEstimate.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace {
/// Bits of one element; 0 where there is no fixed size.
int64_t elementBits(Type type) {
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  if (type.isIndex())
    return 64;
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * elementBits(complex.getElementType());
  return 0;
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

int64_t ks::agents::bytesOf(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return 0;
  int64_t bits = elementBits(shaped.getElementType());
  return shaped.getNumElements() * ((bits + 7) / 8);
}

std::optional<ks::agents::WorkEstimate>
ks::agents::estimateOpWork(linalg::LinalgOp op) {
  if (op->getNumRegions() == 0 || op->getRegion(0).empty())
    return std::nullopt;
  int64_t iterations = 1;
  for (int64_t range : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(range))
      return std::nullopt;
    iterations *= range;
  }
  WorkEstimate w;
  auto [flops, transcendental] = perIteration(op->getRegion(0).front());
  w.flops = flops * iterations;
  w.transcendentals = transcendental * iterations;
  llvm::SmallDenseSet<Value, 4> seenInputs;
  // Scalars are kernel parameters, not memory traffic: bytesOf gives 0. An
  // input the body never reads (a pooling op's window) is not traffic either.
  for (OpOperand *input : op.getDpsInputOperands())
    if (!op.getMatchingBlockArgument(input).use_empty() &&
        seenInputs.insert(input->get()).second)
      w.minBytes += bytesOf(input->get().getType());
  for (OpOperand &init : op.getDpsInitsMutable())
    w.minBytes += bytesOf(init.get().getType());
  return w;
}

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
    if (!linalgOp)
      return;
    // The function's bytes are its boundary and constants, not the sum of
    // its ops' operands (intermediates may never reach DRAM).
    if (std::optional<WorkEstimate> opWork = estimateOpWork(linalgOp)) {
      w.flops += opWork->flops;
      w.transcendentals += opWork->transcendentals;
    }
  });
  return w;
}

Value ks::agents::bufferRoot(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      break;
    memref = view.getViewSource();
  }
  return memref;
}
