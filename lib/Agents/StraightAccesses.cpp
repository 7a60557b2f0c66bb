//===- StraightAccesses.cpp - The places a block of straight code reaches -===//

#include "StraightAccesses.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <string>

using namespace mlir;

namespace ks::agents {
namespace {

/// Writes `v` as its clamps by constants and its linear part (an affine
/// expression of operands, or the value itself), and returns the constant
/// added to the linear part. Two indices are the same place where both
/// write the same and return the same.
int64_t writeLinearPart(Value v, llvm::raw_ostream &os) {
  int64_t offset = 0;
  while (true) {
    if (std::optional<int64_t> c = getConstantIntValue(v)) {
      os << "c";
      return offset + *c;
    }
    Operation *def = v.getDefiningOp();
    if (isa_and_nonnull<arith::MaxSIOp, arith::MinSIOp>(def) && offset == 0)
      if (std::optional<int64_t> bound = getConstantIntValue(def->getOperand(1))) {
        os << (isa<arith::MaxSIOp>(def) ? "max" : "min") << *bound << "(";
        v = def->getOperand(0);
        continue;
      }
    if (auto add = dyn_cast_or_null<arith::AddIOp>(def)) {
      if (std::optional<int64_t> c = getConstantIntValue(add.getRhs())) {
        offset += *c;
        v = add.getLhs();
        continue;
      }
      if (std::optional<int64_t> c = getConstantIntValue(add.getLhs())) {
        offset += *c;
        v = add.getRhs();
        continue;
      }
    }
    if (auto apply = dyn_cast_or_null<affine::AffineApplyOp>(def)) {
      AffineExpr e = apply.getAffineMap().getResult(0);
      if (auto sum = dyn_cast<AffineBinaryOpExpr>(e); sum && sum.getKind() == AffineExprKind::Add)
        if (auto k = dyn_cast<AffineConstantExpr>(sum.getRHS())) {
          offset += k.getValue();
          e = sum.getLHS();
        }
      os << e.getAsOpaquePointer();
      for (Value operand : apply.getMapOperands())
        os << "," << operand.getAsOpaquePointer();
      return offset;
    }
    os << v.getAsOpaquePointer();
    return offset;
  }
}

/// Whether `op` may write memory a later load of global memory reads.
bool endsReuse(Operation &op, llvm::function_ref<bool(Value)> isGlobal) {
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return isGlobal(store.getMemRef());
  if (isa<memref::LoadOp>(op) || (op.getNumRegions() == 0 && isMemoryEffectFree(&op)))
    return false;
  return true;
}
} // namespace

StraightAccesses::StraightAccesses(Block &block, llvm::function_ref<bool(Value)> isGlobal) {
  std::set<std::string> live;
  for (Operation &op : block) {
    auto load = dyn_cast<memref::LoadOp>(op);
    if (load && isGlobal(load.getMemRef())) {
      std::string place;
      llvm::raw_string_ostream os(place);
      os << load.getMemRef().getAsOpaquePointer();
      for (Value index : load.getIndices()) {
        os << ";";
        int64_t offset = writeLinearPart(index, os);
        os << "+" << offset;
      }
      if (!live.insert(place).second)
        repeats.insert(&op);
    }
    if (endsReuse(op, isGlobal))
      live.clear();
  }
}

} // namespace ks::agents
