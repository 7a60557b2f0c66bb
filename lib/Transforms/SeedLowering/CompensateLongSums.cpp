//===- CompensateLongSums.cpp - Kahan summation for long loop-carried sums ===//
//
// A thread that adds thousands of floats into one register loses a rounding
// at every addition, and the error grows with the walk's length: a warp per
// row of 65536 elements leaves 2048 additions per lane. The loop carries the
// error of each addition as well and takes it off the next term
// (compensated summation), which costs three additions per term in kernels
// that wait on memory anyway.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSCOMPENSATELONGSUMS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// One step of a loop-carried sum: an addition, or an in-order
/// `vector.reduction <add>` with an accumulator (its elements added one by
/// one), and which operand carries the running value.
struct Link {
  Operation *op;
  unsigned runningOperand;
  int64_t terms;
};

/// A loop-carried sum: the value the chain starts from (the iter_arg, or
/// its element 0 where the iter_arg is a vector<1xT>) and its steps in
/// order, the last one's result yielded (or broadcast, then yielded).
struct SumChain {
  Value start;
  SmallVector<Link> links;
  int64_t terms = 0;
};

std::optional<Link> linkOf(Operation *user, Value running, Block *body) {
  if (user->getBlock() != body)
    return std::nullopt;
  if (auto add = dyn_cast<arith::AddFOp>(user)) {
    if (add.getFastmath() != arith::FastMathFlags::none || add.getLhs() == add.getRhs())
      return std::nullopt;
    return Link{user, add.getLhs() == running ? 0u : 1u, 1};
  }
  auto r = dyn_cast<vector::ReductionOp>(user);
  if (r && r.getKind() == vector::CombiningKind::ADD && r.getAcc() == running &&
      r.getVector() != running && r.getFastmath() == arith::FastMathFlags::none &&
      r.getSourceVectorType().getRank() == 1 && !r.getSourceVectorType().isScalable())
    return Link{user, 1u, r.getSourceVectorType().getNumElements()};
  return std::nullopt;
}

/// The steps from `start` to `end`, walking forward: each value on the way
/// has exactly one use, the next step. No steps if the value is changed
/// any other way.
SumChain chainBetween(Value start, Value end, Block *body) {
  SumChain sum{start, {}, 0};
  Value at = start;
  while (at != end) {
    if (!at.hasOneUse())
      return {};
    std::optional<Link> link = linkOf(*at.getUsers().begin(), at, body);
    if (!link)
      return {};
    sum.links.push_back(*link);
    sum.terms += link->terms;
    at = link->op->getResult(0);
  }
  return sum;
}

/// A sum whose every term is widened from a narrower float (an f32
/// column's walk in f64) loses nothing a compensation would win back.
bool addsWidenedTerms(const SumChain &sum) {
  return llvm::all_of(sum.links, [](const Link &link) {
    auto ext = link.op->getOperand(1 - link.runningOperand).getDefiningOp<arith::ExtFOp>();
    return isa<arith::AddFOp>(link.op) && ext;
  });
}

std::optional<SumChain> matchSum(scf::ForOp loop, unsigned index) {
  BlockArgument carried = loop.getRegionIterArgs()[index];
  Type type = getElementTypeOrSelf(carried.getType());
  if (!isa<FloatType>(type))
    return std::nullopt;
  Value start = carried, end = loop.getYieldedValues()[index];
  auto vectorType = dyn_cast<VectorType>(carried.getType());
  if (vectorType && vectorType.getNumElements() == 1 && carried.hasOneUse()) {
    auto extract = dyn_cast<vector::ExtractOp>(*carried.getUsers().begin());
    auto broadcast = end.getDefiningOp<vector::BroadcastOp>();
    if (!extract || !broadcast || extract.getResult().getType() != type ||
        broadcast.getSource().getType() != type)
      return std::nullopt;
    start = extract.getResult();
    end = broadcast.getSource();
  }
  SumChain sum = chainBetween(start, end, loop.getBody());
  if (sum.links.empty() || addsWidenedTerms(sum))
    return std::nullopt;
  return sum;
}

/// Each `s + t` of the chain becomes `y = t - c; u = s + y; c = (u - s) -
/// y; s = u`, with `c` carried by the loop from zero.
void compensate(RewriterBase &rewriter, scf::ForOp &loop, const SumChain &sum) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Value zero =
      arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(sum.start.getType()));
  FailureOr<LoopLikeOpInterface> widened = loop.replaceWithAdditionalYields(
      rewriter, ValueRange{zero}, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location, ArrayRef<BlockArgument> newArgs) -> SmallVector<Value> {
        Value lost = newArgs.front();
        for (const Link &link : sum.links) {
          Operation *op = link.op;
          b.setInsertionPoint(op);
          Location at = op->getLoc();
          Value running = op->getOperand(link.runningOperand);
          SmallVector<Value> terms;
          if (auto r = dyn_cast<vector::ReductionOp>(op)) {
            for (int64_t i = 0; i < link.terms; ++i)
              terms.push_back(
                  vector::ExtractOp::create(b, at, r.getVector(), ArrayRef<int64_t>{i}));
          } else {
            terms.push_back(op->getOperand(1 - link.runningOperand));
          }
          for (Value term : terms) {
            Value y = arith::SubFOp::create(b, at, term, lost);
            Value u = arith::AddFOp::create(b, at, running, y);
            Value d = arith::SubFOp::create(b, at, u, running);
            lost = arith::SubFOp::create(b, at, d, y);
            running = u;
          }
          op->getResult(0).replaceAllUsesWith(running);
        }
        return {lost};
      });
  for (const Link &link : sum.links)
    link.op->erase();
  loop = cast<scf::ForOp>(widened->getOperation());
}

/// A loop carrying many float values is a contraction's register tile (an
/// FMA or tensor-core GEMM): compute-bound, where three more additions a
/// term cost time, and its many independent accumulators already split
/// the sum.
constexpr unsigned kMaxCarriedFloats = 4;

bool carriesATile(scf::ForOp loop) {
  unsigned floats = llvm::count_if(loop.getRegionIterArgs(), [](BlockArgument a) {
    return isa<FloatType>(getElementTypeOrSelf(a.getType()));
  });
  return floats > kMaxCarriedFloats;
}

std::optional<int64_t> tripCount(scf::ForOp loop) {
  std::optional<APInt> trips = loop.getStaticTripCount();
  if (!trips)
    return std::nullopt;
  return trips->getSExtValue();
}

struct CompensateLongSums
    : public ks::impl::KSCompensateLongSumsBase<CompensateLongSums> {
  using KSCompensateLongSumsBase::KSCompensateLongSumsBase;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](gpu::LaunchOp launch) {
      launch.getBody().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops) {
      std::optional<int64_t> trips = tripCount(loop);
      if (!trips || *trips < 1 || carriesATile(loop))
        continue;
      for (unsigned i = 0, e = loop.getNumRegionIterArgs(); i < e; ++i) {
        std::optional<SumChain> sum = matchSum(loop, i);
        if (!sum || *trips * sum->terms < minTerms)
          continue;
        compensate(rewriter, loop, *sum);
        ++numCompensated;
      }
    }
  }
};

} // namespace
