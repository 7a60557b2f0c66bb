//===- Alignment.cpp - What a vector access provably is aligned to --------===//
//
// A vector.load or vector.store lowers to one wide access (ld.global.v4)
// only where LLVM is told its alignment; these proofs say when an access of
// N elements starts at a multiple of N elements of a device buffer (which
// starts 256-byte aligned).
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Utils/Alignment.h"

#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

namespace {
constexpr int64_t kMaxKnownDivisor = 64;

/// The largest power of two (up to 64) dividing `c` (0: any).
static int64_t powerOfTwoDividing(int64_t c) {
  return c == 0 ? kMaxKnownDivisor
                : std::min<int64_t>(kMaxKnownDivisor, int64_t(1) << llvm::countr_zero(uint64_t(c)));
}

} // namespace

int64_t ks::knownDivisor(Value index, unsigned depth) {
  if (depth > 8)
    return 1;
  if (std::optional<int64_t> c = getConstantIntValue(index))
    return powerOfTwoDividing(*c);
  if (auto arg = dyn_cast<BlockArgument>(index)) {
    // (null while a loop is being built: its body builder runs first)
    auto loop = dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg != loop.getInductionVar())
      return 1;
    return std::min(knownDivisor(loop.getLowerBound(), depth + 1),
                    knownDivisor(loop.getStep(), depth + 1));
  }
  Operation *def = index.getDefiningOp();
  // The innermost digit of a delinearized index (x mod its basis, where a
  // reshape folded into an access split x): a multiple of what divides both.
  if (auto delinearize = dyn_cast_or_null<affine::AffineDelinearizeIndexOp>(def)) {
    SmallVector<OpFoldResult> basis = delinearize.getMixedBasis();
    std::optional<int64_t> last =
        basis.empty() ? std::nullopt : getConstantIntValue(basis.back());
    if (index != delinearize.getResults().back() || !last)
      return 1;
    return std::min(knownDivisor(delinearize.getLinearIndex(), depth + 1),
                    powerOfTwoDividing(*last));
  }
  if (auto apply = dyn_cast_or_null<affine::AffineApplyOp>(def)) {
    // Each operand's divisor, then the expression's: sum -> min, product ->
    // product, constant -> its own.
    AffineMap map = apply.getAffineMap();
    SmallVector<int64_t> divisors;
    for (Value operand : apply.getMapOperands())
      divisors.push_back(knownDivisor(operand, depth + 1));
    std::function<int64_t(AffineExpr)> of = [&](AffineExpr e) -> int64_t {
      if (auto c = dyn_cast<AffineConstantExpr>(e))
        return powerOfTwoDividing(c.getValue());
      if (auto d = dyn_cast<AffineDimExpr>(e))
        return divisors[d.getPosition()];
      if (auto sym = dyn_cast<AffineSymbolExpr>(e))
        return divisors[map.getNumDims() + sym.getPosition()];
      auto bin = cast<AffineBinaryOpExpr>(e);
      if (e.getKind() == AffineExprKind::Add)
        return std::min(of(bin.getLHS()), of(bin.getRHS()));
      if (e.getKind() == AffineExprKind::Mul)
        return std::min<int64_t>(kMaxKnownDivisor, of(bin.getLHS()) * of(bin.getRHS()));
      return 1; // floordiv, ceildiv, mod: not tracked
    };
    return map.getNumResults() == 1 ? of(map.getResult(0)) : 1;
  }
  if (auto add = dyn_cast_or_null<arith::AddIOp>(def))
    return std::min(knownDivisor(add.getLhs(), depth + 1), knownDivisor(add.getRhs(), depth + 1));
  if (auto mul = dyn_cast_or_null<arith::MulIOp>(def))
    return std::min<int64_t>(kMaxKnownDivisor, knownDivisor(mul.getLhs(), depth + 1) *
                                                   knownDivisor(mul.getRhs(), depth + 1));
  return 1;
}


namespace {
/// Whether the first element of `memref` lies a multiple of `lanes`
/// elements past the start of a function argument or an allocation:
/// through reshapes (which keep the start) and subviews (whose offsets,
/// times the source's strides, must be such multiples).
bool startsAtMultipleOf(Value memref, int64_t lanes, unsigned depth = 0) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || depth > 8)
    return false;
  Operation *def = memref.getDefiningOp();
  if (isa_and_nonnull<memref::CollapseShapeOp, memref::ExpandShapeOp>(def))
    return startsAtMultipleOf(def->getOperand(0), lanes, depth + 1);
  if (auto sub = dyn_cast_or_null<memref::SubViewOp>(def)) {
    int64_t sourceOffset;
    SmallVector<int64_t> sourceStrides;
    if (failed(sub.getSourceType().getStridesAndOffset(sourceStrides, sourceOffset)))
      return false;
    for (auto [offset, stride] : llvm::zip(sub.getMixedOffsets(), sourceStrides)) {
      std::optional<int64_t> constant = getConstantIntValue(offset);
      if (constant && *constant == 0)
        continue;
      if (ShapedType::isDynamic(stride))
        return false;
      int64_t divisor = constant ? powerOfTwoDividing(*constant)
                                 : ks::knownDivisor(cast<Value>(offset));
      if ((divisor * stride) % lanes != 0)
        return false;
    }
    return startsAtMultipleOf(sub.getSource(), lanes, depth + 1);
  }
  bool base = isa<BlockArgument>(memref) &&
              isa<func::FuncOp>(cast<BlockArgument>(memref).getOwner()->getParentOp());
  base = base || isa_and_nonnull<memref::AllocOp>(def);
  int64_t offset;
  SmallVector<int64_t> strides;
  return base && succeeded(type.getStridesAndOffset(strides, offset)) &&
         !ShapedType::isDynamic(offset) && offset % lanes == 0;
}
} // namespace

int64_t ks::provedAlignment(Value memref, ValueRange indices, VectorType vector) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || vector.getRank() != 1 || type.getMemorySpace() || indices.empty())
    return 0;
  int64_t offset;
  SmallVector<int64_t> strides;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return 0;
  int64_t lanes = vector.getNumElements();
  if (!startsAtMultipleOf(memref, lanes))
    return 0;
  for (int64_t stride : ArrayRef<int64_t>(strides).drop_back())
    if (ShapedType::isDynamic(stride) || stride % lanes != 0)
      return 0;
  if (knownDivisor(indices.back()) % lanes != 0)
    return 0;
  int64_t bytes = lanes * vector.getElementTypeBitWidth() / 8;
  return llvm::isPowerOf2_64(bytes) ? std::min<int64_t>(bytes, 16) : 0;
}
