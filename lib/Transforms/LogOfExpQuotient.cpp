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
// per row.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
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
      original = arith::OrIOp::create(
          rewriter, loc, arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, a, low),
          arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGT, a, high));
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
