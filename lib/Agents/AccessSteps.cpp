//===- AccessSteps.cpp - How far an index moves per thread or trip -------===//

#include "AccessSteps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace ks::agents {

std::optional<int64_t> Steps::of(Value v, unsigned depth) {
  if (isVar(v))
    return 1;
  if (depth > 24)
    return std::nullopt;
  if (auto it = known.find(v); it != known.end())
    return it->second;
  std::optional<int64_t> s = compute(v, depth);
  known[v] = s;
  return s;
}

std::optional<int64_t> Steps::compute(Value v, unsigned depth) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(owner))
      if (arg == loop.getInductionVar())
        return of(loop.getLowerBound(), depth + 1);
    if (auto loop = dyn_cast<scf::ParallelOp>(owner))
      return of(loop.getLowerBound()[arg.getArgNumber()], depth + 1);
    if (isa<gpu::GPUFuncOp>(owner))
      return 0;
    return std::nullopt;
  }
  Operation *def = v.getDefiningOp();
  if (matchPattern(v, m_Constant()) ||
      isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp, gpu::ThreadIdOp>(def))
    return 0;
  auto constantOf = [](Value x) -> std::optional<int64_t> {
    APInt value;
    if (matchPattern(x, m_ConstantInt(&value)))
      return value.getSExtValue();
    return std::nullopt;
  };
  if (isa<arith::AddIOp, arith::SubIOp>(def)) {
    std::optional<int64_t> a = of(def->getOperand(0), depth + 1),
                           b = of(def->getOperand(1), depth + 1);
    if (!a || !b)
      return std::nullopt;
    return isa<arith::AddIOp>(def) ? *a + *b : *a - *b;
  }
  if (isa<arith::MulIOp>(def)) {
    std::optional<int64_t> a = of(def->getOperand(0), depth + 1),
                           b = of(def->getOperand(1), depth + 1);
    if (a == 0 && b == 0)
      return 0;
    if (std::optional<int64_t> c = constantOf(def->getOperand(0)); c && b)
      return *c * *b;
    if (std::optional<int64_t> c = constantOf(def->getOperand(1)); c && a)
      return *c * *a;
    return std::nullopt;
  }
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp>(def))
    return of(def->getOperand(0), depth + 1);
  // A clamp into a buffer (a padded input read in place) moves as the
  // index it clamps, away from the border.
  if (isa<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(def)) {
    std::optional<int64_t> a = of(def->getOperand(0), depth + 1),
                           b = of(def->getOperand(1), depth + 1);
    if (a && b && (*a == 0 || *b == 0 || *a == *b))
      return *a == 0 ? *b : *a;
    return std::nullopt;
  }
  if (isa<arith::DivUIOp, arith::DivSIOp, arith::FloorDivSIOp, arith::RemUIOp, arith::RemSIOp>(
          def)) {
    std::optional<int64_t> d = constantOf(def->getOperand(1));
    std::optional<int64_t> s = of(def->getOperand(0), depth + 1);
    if (!d || !s)
      return std::nullopt;
    return isa<arith::RemUIOp, arith::RemSIOp>(def) ? remainder(*s, *d) : quotient(*s, *d);
  }
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
    SmallVector<std::optional<int64_t>> operands;
    for (Value operand : apply.getMapOperands())
      operands.push_back(of(operand, depth + 1));
    return ofExpr(apply.getAffineMap().getResult(0), operands,
                  apply.getAffineMap().getNumDims());
  }
  if (auto delinearize = dyn_cast<affine::AffineDelinearizeIndexOp>(def)) {
    SmallVector<int64_t> sizes(delinearize.getStaticBasis());
    if (llvm::any_of(sizes, ShapedType::isDynamic))
      return std::nullopt;
    std::optional<int64_t> s = of(delinearize.getLinearIndex(), depth + 1);
    if (!s)
      return std::nullopt;
    unsigned k = cast<OpResult>(v).getResultNumber();
    // Without an outer bound the basis has one size fewer than results.
    unsigned offset = delinearize.getNumResults() - sizes.size();
    int64_t inner = 1;
    for (unsigned i = k + 1; i < delinearize.getNumResults(); ++i)
      inner *= sizes[i - offset];
    std::optional<int64_t> q = quotient(*s, inner);
    if (!q || k < offset)
      return q;
    return remainder(*q, sizes[k - offset]);
  }
  return std::nullopt;
}

std::optional<int64_t> Steps::quotient(int64_t s, int64_t d) {
  if (d <= 0)
    return std::nullopt;
  if (s == 0 || d % (32 * std::abs(s)) == 0)
    return 0;
  if (s % d == 0)
    return s / d;
  if (d >= 8 * std::abs(s))
    return 0;
  return std::nullopt;
}

std::optional<int64_t> Steps::remainder(int64_t s, int64_t d) {
  if (d <= 0)
    return std::nullopt;
  if (s == 0 || d % (32 * std::abs(s)) == 0 || d >= 8 * std::abs(s))
    return s;
  return std::nullopt;
}

std::optional<int64_t> Steps::ofExpr(AffineExpr e, ArrayRef<std::optional<int64_t>> operands,
                                unsigned numDims) {
  if (auto dim = dyn_cast<AffineDimExpr>(e))
    return operands[dim.getPosition()];
  if (auto sym = dyn_cast<AffineSymbolExpr>(e))
    return operands[numDims + sym.getPosition()];
  if (isa<AffineConstantExpr>(e))
    return 0;
  auto bin = cast<AffineBinaryOpExpr>(e);
  std::optional<int64_t> l = ofExpr(bin.getLHS(), operands, numDims);
  auto rhs = dyn_cast<AffineConstantExpr>(bin.getRHS());
  switch (e.getKind()) {
  case AffineExprKind::Add: {
    std::optional<int64_t> r = ofExpr(bin.getRHS(), operands, numDims);
    if (!l || !r)
      return std::nullopt;
    return *l + *r;
  }
  case AffineExprKind::Mul:
    if (!l || !rhs)
      return std::nullopt;
    return *l * rhs.getValue();
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv:
    if (!l || !rhs)
      return std::nullopt;
    return quotient(*l, rhs.getValue());
  case AffineExprKind::Mod:
    if (!l || !rhs)
      return std::nullopt;
    return remainder(*l, rhs.getValue());
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> threadStride(Value memref, ValueRange indices, Steps &steps) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || indices.size() != size_t(type.getRank()))
    return std::nullopt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return std::nullopt;
  int64_t total = 0;
  for (auto [index, stride] : llvm::zip(indices, strides)) {
    std::optional<int64_t> s = steps.of(index);
    if (!s)
      return std::nullopt;
    if (*s == 0)
      continue;
    if (ShapedType::isDynamic(stride))
      return std::nullopt;
    total += *s * stride;
  }
  return total;
}

} // namespace ks::agents
