//===- LogOfExpQuotient.cpp - log(exp(a) / b) as a - log(b) ----------------===//
//
// Torch-MLIR writes log(softmax(x)) as it is asked: the row's exponentials
// divided by their sum, then a logarithm per element (a KL divergence of
// two softmaxes has two of them). Fused into one kernel, each element pays
// an exponential, a correctly rounded division and a logarithm (about 60
// instructions) where a - log(b), log(b) once per row, is a subtraction:
// the KL loss's kernel was bound by its instructions, not its memory.
// Where the original's exp(a) or quotient is a normal float the result
// differs from it by the roundings of the steps left out; elsewhere (an
// infinity, a subnormal, 0) the original runs, in a branch rarely taken.
// Where b is a row's statistic (the same along the op's innermost loop),
// the test for that branch is one interval for a, its bounds computed once
// per row; where a is x minus its row's maximum (never above 0), only the
// interval's lower end is tested per element.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>
#include <limits>

namespace ks {
#define GEN_PASS_DEF_KSLOGOFEXPQUOTIENT
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
/// Whether `v` is the same at every point of the innermost loop of the
/// linalg.generic whose body it is an argument of: an input read at the
/// row alone (a softmax's sum).
bool isRowInvariant(Value v) {
  std::optional<AffineMap> map = ks::bodyInputMap(v);
  return map && map->getNumDims() != 0 && !map->isFunctionOfDim(map->getNumDims() - 1);
}

/// Whether `reduction` is a maximum of the innermost dim of its one input
/// (all other loops parallel, the input read whole, the result at the other
/// loops).
bool isRowMaximum(linalg::GenericOp reduction) {
  if (reduction.getNumDpsInputs() != 1 || reduction.getNumDpsInits() != 1)
    return false;
  unsigned loops = reduction.getNumLoops();
  auto iterators = reduction.getIteratorTypesArray();
  for (unsigned i = 0; i < loops; ++i)
    if (iterators[i] != (i + 1 == loops ? utils::IteratorType::reduction
                                          : utils::IteratorType::parallel))
      return false;
  SmallVector<AffineMap> maps = reduction.getIndexingMapsArray();
  if (loops == 0 || !maps[0].isIdentity() ||
      maps[1] != AffineMap::getMultiDimIdentityMap(loops, reduction.getContext()).dropResult(loops - 1))
    return false;
  Block &body = reduction.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  Operation *max = yield.getValues()[0].getDefiningOp();
  if (!isa_and_nonnull<arith::MaximumFOp, arith::MaxNumFOp>(max))
    return false;
  Value in = body.getArgument(0), acc = body.getArgument(1);
  return (max->getOperand(0) == in && max->getOperand(1) == acc) ||
         (max->getOperand(0) == acc && max->getOperand(1) == in);
}

/// Whether `a` is never above 0: x - m in a linalg.generic's body, x read
/// whole (identity map) from a tensor X and m the maximum of x's row, a
/// row maximum of X (or of X with unit dims inserted) read at x's row.
/// x <= m, so x - m <= 0 (NaN aside, which every test passes over).
bool isBelowRowMaximum(Value a) {
  auto sub = a.getDefiningOp<arith::SubFOp>();
  auto x = sub ? dyn_cast<BlockArgument>(sub.getLhs()) : nullptr;
  auto m = sub ? dyn_cast<BlockArgument>(sub.getRhs()) : nullptr;
  auto op = x ? dyn_cast<linalg::GenericOp>(x.getOwner()->getParentOp()) : nullptr;
  if (!op || !m || m.getOwner() != x.getOwner() ||
      x.getArgNumber() >= op.getNumDpsInputs() || m.getArgNumber() >= op.getNumDpsInputs())
    return false;
  OpOperand *xOperand = op.getDpsInputOperand(x.getArgNumber());
  OpOperand *mOperand = op.getDpsInputOperand(m.getArgNumber());
  AffineMap xMap = op.getMatchingIndexingMap(xOperand);
  AffineMap mMap = op.getMatchingIndexingMap(mOperand);
  auto reduction = mOperand->get().getDefiningOp<linalg::GenericOp>();
  if (!xMap.isIdentity() || !reduction || !isRowMaximum(reduction))
    return false;
  // Each of the reduction's loops but the last as a dim of X (or -1: a
  // unit dim an expand_shape inserted); its last loop is X's last dim.
  Value input = reduction.getDpsInputOperand(0)->get();
  auto xType = dyn_cast<RankedTensorType>(xOperand->get().getType());
  if (!xType || !xType.hasStaticShape())
    return false;
  SmallVector<int64_t> xDimOf;
  if (input == xOperand->get()) {
    for (int64_t d = 0; d < xType.getRank(); ++d)
      xDimOf.push_back(d);
  } else {
    auto expand = input.getDefiningOp<tensor::ExpandShapeOp>();
    if (!expand || expand.getSrc() != xOperand->get() || !expand.getResultType().hasStaticShape())
      return false;
    ArrayRef<int64_t> shape = expand.getResultType().getShape();
    for (auto [d, group] : llvm::enumerate(expand.getReassociationIndices())) {
      // One dim of the group carries X's dim d, the others are unit dims.
      bool carried = false;
      for (int64_t i : group) {
        bool carries = !carried && (shape[i] != 1 || i == group.back());
        xDimOf.push_back(carries ? int64_t(d) : -1);
        carried |= carries;
      }
    }
  }
  int64_t rank = xType.getRank();
  if (xDimOf.empty() || xDimOf.back() != rank - 1 ||
      mMap.getNumResults() + 1 != xDimOf.size())
    return false;
  // m is read at x's row: the reduction's result dim k at X's dim there.
  for (auto [k, expr] : llvm::enumerate(mMap.getResults())) {
    if (xDimOf[k] < 0) {
      auto c = dyn_cast<AffineConstantExpr>(expr);
      if (!c || c.getValue() != 0)
        return false;
    } else if (expr != getAffineDimExpr(xDimOf[k], op.getContext())) {
      return false;
    }
  }
  return true;
}

struct LogOfExpQuotient : public OpRewritePattern<math::LogOp> {
  using OpRewritePattern::OpRewritePattern;
  /// Marks the original log computed in the rarely taken branch.
  static constexpr llvm::StringLiteral kOriginal = "ks.log_of_exp_quotient";

  LogicalResult matchAndRewrite(math::LogOp log, PatternRewriter &rewriter) const override {
    auto quotient = log.getOperand().getDefiningOp<arith::DivFOp>();
    auto exp = quotient ? quotient.getLhs().getDefiningOp<math::ExpOp>() : nullptr;
    auto type = dyn_cast<FloatType>(log.getType());
    if (!exp || !type || !(type.isF32() || type.isF64()))
      return rewriter.notifyMatchFailure(log, "not log(exp(a) / b) on f32 or f64");
    if (log->hasAttr(kOriginal))
      return rewriter.notifyMatchFailure(log, "the original, kept for the edge cases");
    Location loc = log.getLoc();
    Value a = exp.getOperand(), b = quotient.getRhs();
    Value logB = math::LogOp::create(rewriter, loc, b);
    Value difference = arith::SubFOp::create(rewriter, loc, a, logB);
    // Where exp(a) or the quotient is not a normal float (past the largest:
    // inf; below the smallest normal: subnormal, with fewer bits, or 0) the
    // original is computed as it was, so that its infinities and the
    // roundings of its subnormals stay; elsewhere the two differ by the
    // roundings of the steps left out.
    bool single = type.isF32();
    double largest = single ? std::log(double(std::numeric_limits<float>::max()))
                            : std::log(std::numeric_limits<double>::max());
    double smallest = single ? std::log(double(std::numeric_limits<float>::min()))
                             : std::log(std::numeric_limits<double>::min());
    auto constant = [&](double c) {
      return arith::ConstantOp::create(rewriter, loc, type, rewriter.getFloatAttr(type, c));
    };
    auto outside = [&](Value v) -> Value {
      return arith::OrIOp::create(
          rewriter, loc,
          arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, v, constant(smallest)),
          arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGT, v, constant(largest)));
    };
    Value original;
    if (isRowInvariant(b)) {
      // Both a and a - log(b) inside [smallest, largest] is a inside
      // [max(smallest, smallest + log b), min(largest, largest + log b)],
      // narrowed by a margin above the roundings of these sums (of
      // magnitudes below 2 * largest): an element near the edge takes the
      // original, never the other way round. Bounds once per row, two
      // comparisons per element. NaN bounds (log of a negative or NaN b)
      // compare false, as a - log(b) did.
      double margin = single ? 1e-3 : 1e-9;
      Value low = arith::AddFOp::create(
          rewriter, loc,
          arith::MaximumFOp::create(rewriter, loc, constant(smallest),
                                    arith::AddFOp::create(rewriter, loc, constant(smallest), logB)),
          constant(margin));
      Value high = arith::SubFOp::create(
          rewriter, loc,
          arith::MinimumFOp::create(rewriter, loc, constant(largest),
                                    arith::AddFOp::create(rewriter, loc, constant(largest), logB)),
          constant(margin));
      if (isBelowRowMaximum(a)) {
        // a <= 0 <= high unless the row's high is below 0 (a sum of
        // exponentials below exp(smallest)): then every element of the row
        // takes the original (a < +inf). One comparison per element.
        Value lowOrAll = arith::SelectOp::create(
            rewriter, loc,
            arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, high, constant(0.0)),
            constant(std::numeric_limits<double>::infinity()), low);
        original = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, a, lowOrAll);
      } else {
        original = arith::OrIOp::create(
            rewriter, loc, arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, a, low),
            arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGT, a, high));
      }
    } else {
      original = arith::OrIOp::create(rewriter, loc, outside(a), outside(difference));
    }
    auto branch = scf::IfOp::create(rewriter, loc, TypeRange{type}, original, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(branch.thenBlock());
      Value e = math::ExpOp::create(rewriter, loc, a);
      Value q = arith::DivFOp::create(rewriter, loc, e, b);
      auto kept = math::LogOp::create(rewriter, loc, q);
      kept->setAttr(kOriginal, rewriter.getUnitAttr());
      scf::YieldOp::create(rewriter, loc, ValueRange{kept});
      rewriter.setInsertionPointToStart(branch.elseBlock());
      scf::YieldOp::create(rewriter, loc, difference);
    }
    rewriter.replaceOp(log, branch.getResults());
    return success();
  }
};

struct LogOfExpQuotientPass
    : public ks::impl::KSLogOfExpQuotientBase<LogOfExpQuotientPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<LogOfExpQuotient>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
