//===- ExtractsToOperands.cpp - Gathers at affine indices become operands -===//
//
// Torch-MLIR writes group norm's normalization as an elementwise op over
// [N, C, H, W] whose body extracts the per-(n, group, channel) scale and
// shift at indices it computes from its loop indices (after
// ks-fold-index-tables: `(n + c floordiv 64) mod 16`, `(c floordiv 8) mod
// 8`, `c mod 8`, each wrapped in Torch's `i < 0 ? i + size : i`). Over the
// loops' ranges those are n, c floordiv 8 and c mod 8: the op reads the
// tensor through an indexing map like any other operand, once the channel
// loop is split in two (group, channel within it). As an operand, the read
// is visible to the passes that follow: a row chain sees that the op reads
// its statistics at the row it computes (group norm in one kernel), and
// unit dims and contiguous loops merge as they do for other operands. The
// same holds in a reduction (the apply fused into a mean over the spatial
// points): there the merge is done here, since ks-collapse-reduction-dims
// ran before and left the loops whose indices the gathers read apart.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"
#include "ks/Transforms/Utils/CollapsibleRuns.h"
#include "ks/Transforms/Utils/LoopIndex.h"
#include "ks/Transforms/Utils/SplitLoops.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

namespace ks {
#define GEN_PASS_DEF_KSEXTRACTSTOOPERANDS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The values an affine expression of the op's loop indices takes.
struct Interval {
  int64_t low = 0, high = 0;
};

std::optional<Interval> boundsOf(AffineExpr expr, ArrayRef<int64_t> ranges) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return Interval{0, ranges[dim.getPosition()] - 1};
  if (auto c = dyn_cast<AffineConstantExpr>(expr))
    return Interval{c.getValue(), c.getValue()};
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  std::optional<Interval> lhs = boundsOf(binary.getLHS(), ranges);
  auto rhsConstant = dyn_cast<AffineConstantExpr>(binary.getRHS());
  if (!lhs)
    return std::nullopt;
  switch (binary.getKind()) {
  case AffineExprKind::Add: {
    std::optional<Interval> rhs = boundsOf(binary.getRHS(), ranges);
    if (!rhs)
      return std::nullopt;
    return Interval{lhs->low + rhs->low, lhs->high + rhs->high};
  }
  case AffineExprKind::Mul: {
    if (!rhsConstant)
      return std::nullopt;
    int64_t c = rhsConstant.getValue();
    return c >= 0 ? Interval{lhs->low * c, lhs->high * c} : Interval{lhs->high * c, lhs->low * c};
  }
  case AffineExprKind::FloorDiv: {
    if (!rhsConstant || rhsConstant.getValue() <= 0)
      return std::nullopt;
    int64_t c = rhsConstant.getValue();
    return Interval{llvm::divideFloorSigned(lhs->low, c), llvm::divideFloorSigned(lhs->high, c)};
  }
  case AffineExprKind::Mod: {
    if (!rhsConstant || rhsConstant.getValue() <= 0)
      return std::nullopt;
    int64_t c = rhsConstant.getValue();
    if (lhs->low >= 0 && lhs->high < c)
      return lhs;
    return Interval{0, c - 1};
  }
  default:
    return std::nullopt;
  }
}

/// `expr` with the divisions and remainders its operands' ranges decide
/// left out: `x mod c` is x and `x floordiv c` is 0 where 0 <= x < c.
AffineExpr simplifyOverRanges(AffineExpr expr, ArrayRef<int64_t> ranges) {
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return expr;
  AffineExpr lhs = simplifyOverRanges(binary.getLHS(), ranges);
  AffineExpr rhs = simplifyOverRanges(binary.getRHS(), ranges);
  auto c = dyn_cast<AffineConstantExpr>(rhs);
  std::optional<Interval> bounds = boundsOf(lhs, ranges);
  bool withinDivisor = c && c.getValue() > 0 && bounds && bounds->low >= 0 &&
                       bounds->high < c.getValue();
  switch (binary.getKind()) {
  case AffineExprKind::Add:
    return lhs + rhs;
  case AffineExprKind::Mul:
    return lhs * rhs;
  case AffineExprKind::FloorDiv:
    return withinDivisor ? getAffineConstantExpr(0, expr.getContext()) : lhs.floorDiv(rhs);
  case AffineExprKind::Mod:
    return withinDivisor ? lhs : lhs % rhs;
  default:
    return expr;
  }
}

/// Reads an index of `op`'s body as an affine expression of its loop
/// indices (index casts, constants, affine.apply, additions, products by
/// constants, divisions and remainders by constants of values never
/// negative, and choices the ranges decide, as Torch's wrap of negative
/// indices), or none.
class IndexReader {
public:
  IndexReader(linalg::GenericOp op) : op(op), ranges(op.getStaticLoopRanges()) {}

  std::optional<AffineExpr> read(Value value) {
    MLIRContext *ctx = op.getContext();
    APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant)))
      return getAffineConstantExpr(constant.getSExtValue(), ctx);
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != op.getBody())
      return std::nullopt;
    if (auto index = dyn_cast<linalg::IndexOp>(def))
      return getAffineDimExpr(index.getDim(), ctx);
    if (isa<arith::IndexCastOp, arith::ExtSIOp>(def))
      return read(def->getOperand(0));
    // An unsigned cast keeps the value only where it is never negative.
    if (isa<arith::IndexCastUIOp>(def)) {
      std::optional<AffineExpr> e = read(def->getOperand(0));
      std::optional<Interval> bounds = e ? boundsOf(*e, ranges) : std::nullopt;
      if (!bounds || bounds->low < 0)
        return std::nullopt;
      return e;
    }
    if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
      AffineMap map = apply.getAffineMap();
      SmallVector<AffineExpr> dims, symbols;
      for (auto [i, operand] : llvm::enumerate(apply.getMapOperands())) {
        std::optional<AffineExpr> e = read(operand);
        if (!e)
          return std::nullopt;
        (i < map.getNumDims() ? dims : symbols).push_back(*e);
      }
      return simplified(map.getResult(0).replaceDimsAndSymbols(dims, symbols));
    }
    if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def)) {
      std::optional<AffineExpr> lhs = read(def->getOperand(0)), rhs = read(def->getOperand(1));
      if (!lhs || !rhs)
        return std::nullopt;
      if (isa<arith::AddIOp>(def))
        return simplified(*lhs + *rhs);
      if (isa<arith::SubIOp>(def))
        return simplified(*lhs - *rhs);
      if (!isa<AffineConstantExpr>(*lhs) && !isa<AffineConstantExpr>(*rhs))
        return std::nullopt;
      return simplified(*lhs * *rhs);
    }
    // Divisions and remainders by positive constants, of values that are
    // never negative: floordiv and mod.
    if (isa<arith::DivUIOp, arith::DivSIOp, arith::FloorDivSIOp, arith::RemUIOp,
            arith::RemSIOp>(def)) {
      std::optional<AffineExpr> lhs = read(def->getOperand(0)), rhs = read(def->getOperand(1));
      auto divisor = rhs ? dyn_cast<AffineConstantExpr>(*rhs) : AffineConstantExpr();
      std::optional<Interval> bounds = lhs ? boundsOf(*lhs, ranges) : std::nullopt;
      if (!divisor || divisor.getValue() <= 0 || !bounds || bounds->low < 0)
        return std::nullopt;
      if (isa<arith::RemUIOp, arith::RemSIOp>(def))
        return simplified(*lhs % *rhs);
      return simplified(lhs->floorDiv(*rhs));
    }
    if (auto select = dyn_cast<arith::SelectOp>(def)) {
      std::optional<bool> taken = decide(select.getCondition());
      if (!taken)
        return std::nullopt;
      return read(*taken ? select.getTrueValue() : select.getFalseValue());
    }
    return std::nullopt;
  }

private:
  AffineExpr simplified(AffineExpr expr) { return simplifyOverRanges(expr, ranges); }

  /// A signed comparison the ranges of its sides decide.
  std::optional<bool> decide(Value condition) {
    auto cmp = condition.getDefiningOp<arith::CmpIOp>();
    if (!cmp)
      return std::nullopt;
    std::optional<AffineExpr> lhs = read(cmp.getLhs()), rhs = read(cmp.getRhs());
    if (!lhs || !rhs)
      return std::nullopt;
    std::optional<Interval> a = boundsOf(*lhs, ranges), b = boundsOf(*rhs, ranges);
    if (!a || !b)
      return std::nullopt;
    switch (cmp.getPredicate()) {
    case arith::CmpIPredicate::slt:
      if (a->high < b->low)
        return true;
      if (a->low >= b->high)
        return false;
      return std::nullopt;
    case arith::CmpIPredicate::sge:
      if (a->low >= b->high)
        return true;
      if (a->high < b->low)
        return false;
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }

  linalg::GenericOp op;
  SmallVector<int64_t> ranges;
};

/// How an extract's index reads the loops: a constant, a loop, or a
/// loop's quotient or remainder by a constant.
struct IndexForm {
  enum Kind { Constant, Loop, Quotient, Remainder } kind;
  int64_t value = 0; // the constant, or the divisor
  unsigned loop = 0;
};

std::optional<IndexForm> formOf(AffineExpr expr) {
  if (auto c = dyn_cast<AffineConstantExpr>(expr))
    return IndexForm{IndexForm::Constant, c.getValue(), 0};
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return IndexForm{IndexForm::Loop, 0, dim.getPosition()};
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary || (binary.getKind() != AffineExprKind::FloorDiv &&
                  binary.getKind() != AffineExprKind::Mod))
    return std::nullopt;
  auto dim = dyn_cast<AffineDimExpr>(binary.getLHS());
  auto c = dyn_cast<AffineConstantExpr>(binary.getRHS());
  if (!dim || !c)
    return std::nullopt;
  return IndexForm{binary.getKind() == AffineExprKind::FloorDiv ? IndexForm::Quotient
                                                                : IndexForm::Remainder,
                   c.getValue(), dim.getPosition()};
}

struct ConvertibleExtract {
  tensor::ExtractOp extract;
  SmallVector<IndexForm> indices;
};

/// Rewrites `op` with its convertible extracts as operands; returns the new
/// op, or null where it did not.
linalg::GenericOp convert(linalg::GenericOp op, RewriterBase &rewriter) {
  // A scan's flipped or masked read is the scan skills' to match as it is.
  if (!op.hasPureTensorSemantics() || ks::isTriangularScan(op))
    return {};
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamicShape(ranges))
    return {};
  Block *body = op.getBody();
  IndexReader reader(op);
  SmallVector<ConvertibleExtract> extracts;
  // The divisor each loop is split by (0: not split).
  SmallVector<int64_t> divisor(ranges.size(), 0);
  auto splitBy = [&](unsigned loop, int64_t c) {
    if (c <= 1 || c >= ranges[loop] || ranges[loop] % c != 0 ||
        (divisor[loop] != 0 && divisor[loop] != c))
      return false;
    divisor[loop] = c;
    return true;
  };
  for (auto extract : body->getOps<tensor::ExtractOp>()) {
    Value source = extract.getTensor();
    if (Operation *def = source.getDefiningOp(); def && op->isAncestor(def))
      continue;
    if (auto arg = dyn_cast<BlockArgument>(source); arg && arg.getOwner() == body)
      continue;
    if (!cast<RankedTensorType>(source.getType()).hasStaticShape())
      continue;
    ConvertibleExtract candidate{extract, {}};
    SmallVector<int64_t> saved = divisor;
    bool ok = true;
    ArrayRef<int64_t> shape = cast<RankedTensorType>(source.getType()).getShape();
    for (auto [dim, index] : llvm::enumerate(extract.getIndices())) {
      std::optional<AffineExpr> expr = reader.read(index);
      std::optional<IndexForm> form = expr ? formOf(*expr) : std::nullopt;
      ok = form && (form->kind == IndexForm::Constant || form->kind == IndexForm::Loop ||
                    splitBy(form->loop, form->value));
      // A constant index must lie in its dim, and a dim read by a loop must
      // be as long as the loop (linalg's rule): other gathers stay.
      if (ok && form->kind == IndexForm::Constant) {
        ok = form->value >= 0 && form->value < shape[dim];
      } else if (ok) {
        int64_t range = form->kind == IndexForm::Loop        ? ranges[form->loop]
                        : form->kind == IndexForm::Remainder ? form->value
                                                             : ranges[form->loop] / form->value;
        ok = shape[dim] == range;
      }
      if (!ok)
        break;
      candidate.indices.push_back(*form);
    }
    if (!ok) {
      divisor = saved;
      continue;
    }
    extracts.push_back(std::move(candidate));
  }
  // A split loop that an extract reads whole would be q * c + r, not a
  // projection: such an op is left as it is.
  for (ConvertibleExtract &e : extracts)
    for (const IndexForm &form : e.indices)
      if (form.kind == IndexForm::Loop && divisor[form.loop] != 0)
        return {};
  if (extracts.empty())
    return {};

  if (!ks::canSplitLoops(op, divisor))
    return {};

  MLIRContext *ctx = op.getContext();
  SmallVector<Value> sources;
  SmallVector<AffineMap> maps;
  for (ConvertibleExtract &e : extracts) {
    SmallVector<AffineExpr> results;
    for (const IndexForm &form : e.indices) {
      unsigned first = ks::splitLoopPosition(divisor, form.loop);
      if (form.kind == IndexForm::Constant)
        results.push_back(getAffineConstantExpr(form.value, ctx));
      else
        results.push_back(getAffineDimExpr(form.kind == IndexForm::Remainder ? first + 1 : first,
                                           ctx));
    }
    sources.push_back(e.extract.getTensor());
    maps.push_back(AffineMap::get(ks::splitLoopPosition(divisor, ranges.size()), 0, results,
                                  ctx));
  }
  return ks::splitLoops(rewriter, op, divisor, sources, maps,
                        [&](IRMapping &mapping, ArrayRef<BlockArgument> args) {
                          for (auto [e, arg] : llvm::zip(extracts, args))
                            mapping.map(e.extract.getResult(), arg);
                        });
}

/// A reduction whose gathers became operands, with the loops they kept
/// apart merged: its unit dims (the parameters' [.., 1] read at 0) dropped,
/// then each run of parallel (or reduction) loops that every operand reads
/// contiguously made one, as ks-collapse-reduction-dims does before this
/// pass. Group norm's normalization summed over the spatial loops, [N, C,
/// D*H*W] with its scale and shift gathered at (n, c floordiv 4, c mod 4),
/// is then the [N*C, D*H*W] row reduction the row skills take.
void collapseReduction(linalg::GenericOp op, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(op);
  linalg::ControlDropUnitDims control;
  FailureOr<linalg::DropUnitDimsResult> dropped = linalg::dropUnitDims(rewriter, op, control);
  if (succeeded(dropped)) {
    rewriter.replaceOp(op, dropped->replacements);
    op = dyn_cast<linalg::GenericOp>(dropped->resultOp.getOperation());
    if (!op)
      return;
  }
  SmallVector<ReassociationIndices> runs = ks::collapsibleRuns(op);
  if (runs.empty())
    return;
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::CollapseResult> collapsed =
      linalg::collapseOpIterationDims(op, runs, rewriter);
  if (succeeded(collapsed))
    rewriter.replaceOp(op, collapsed->results);
}

struct ExtractsToOperands : public ks::impl::KSExtractsToOperandsBase<ExtractsToOperands> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::GenericOp> ops;
    getOperation().walk([&](linalg::GenericOp op) { ops.push_back(op); });
    for (linalg::GenericOp op : ops)
      if (linalg::GenericOp converted = convert(op, rewriter);
          converted && converted.getNumReductionLoops() > 0)
        collapseReduction(converted, rewriter);
  }
};
} // namespace
