//===- MaterializeGatheredTerms.cpp - A gathering scalar sum's terms first ===//
//
// Cross entropy's loss is the sum over rows of a term that gathers each
// row's picked logit (at an index read from the targets) and reads the
// row's statistics. Fused into the sum, the gathers run in the reduction:
// a split of 64 blocks, its fill, and a final kernel (16384 scattered loads
// want many SMs' requests in flight). Computed first, one term per row, as
// an elementwise op, the terms join the row statistics' kernel (a point of
// each row, after the statistics) and the sum is a plain one-block
// reduction of a contiguous buffer.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSMATERIALIZEGATHEREDTERMS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Whether `value`, computed in `body`, depends on an element the op reads
/// (a block argument of the body other than its output's) or on another
/// extract: an index read from data, not computed from the loop indices.
bool dependsOnData(Value value, Block *body, unsigned numInputs) {
  SmallVector<Value> work = {value};
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == body && arg.getArgNumber() < numInputs)
        return true;
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != body)
      continue; // defined outside the op: the same at every point
    if (isa<tensor::ExtractOp>(def))
      return true;
    llvm::append_range(work, def->getOperands());
  }
  return false;
}

/// A reduction of all its loops into one 0-d output (a loss's scalar) by a
/// single binary combiner, whose term gathers (a tensor.extract at an index
/// read from data). Returns the combiner and the term's operand position.
std::optional<std::pair<Operation *, unsigned>> gatheringScalarSum(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 || op.getNumLoops() == 0 ||
      op.getNumReductionLoops() != op.getNumLoops() ||
      ShapedType::isDynamicShape(op.getStaticLoopRanges()) ||
      cast<RankedTensorType>(op.getDpsInits()[0].getType()).getRank() != 0)
    return std::nullopt;
  SmallVector<Operation *> combinerOps;
  if (!matchReduction(op.getRegionOutputArgs(), 0, combinerOps) || combinerOps.size() != 1)
    return std::nullopt;
  Operation *combiner = combinerOps.front();
  Value accumulator = op.getRegionOutputArgs().front();
  if (combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      !accumulator.hasOneUse())
    return std::nullopt;
  unsigned term = combiner->getOperand(0) == accumulator ? 1 : 0;
  if (combiner->getOperand(1 - term) != accumulator || combiner->getOperand(term) == accumulator)
    return std::nullopt;
  Block *body = op.getBody();
  unsigned numInputs = op.getNumDpsInputs();
  bool gathers = false;
  body->walk([&](tensor::ExtractOp extract) {
    for (Value index : extract.getIndices())
      gathers |= dependsOnData(index, body, numInputs);
  });
  if (!gathers)
    return std::nullopt;
  return std::make_pair(combiner, term);
}

/// The latest op of `block` that defines an input of `op` or a value its
/// body uses from outside, or null.
Operation *lastProducerIn(Block *block, linalg::GenericOp op) {
  Operation *last = nullptr;
  auto consider = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return;
    def = block->findAncestorOpInBlock(*def);
    if (def && def != op && (!last || last->isBeforeInBlock(def)))
      last = def;
  };
  for (Value input : op.getDpsInputs())
    consider(input);
  op.getBody()->walk([&](Operation *inner) {
    for (Value operand : inner->getOperands())
      if (!op->isAncestor(operand.getParentRegion()->getParentOp()))
        consider(operand);
  });
  return last;
}

struct MaterializeGatheredTerms
    : public ks::impl::KSMaterializeGatheredTermsBase<MaterializeGatheredTerms> {
  void runOnOperation() override {
    SmallVector<std::tuple<linalg::GenericOp, Operation *, unsigned>> sums;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (std::optional<std::pair<Operation *, unsigned>> sum = gatheringScalarSum(op))
        sums.emplace_back(op, sum->first, sum->second);
    });
    if (sums.empty())
      return;
    IRRewriter rewriter(&getContext());
    for (auto [op, combiner, term] : sums)
      materialize(rewriter, op, combiner, term);
    // Fusion leaves the terms' op the producers' results too, unused.
    RewritePatternSet patterns(&getContext());
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }

  /// The terms of `op` (operand `term` of its `combiner`) as an elementwise
  /// op over its loops, as early as its operands allow (next to what
  /// computes them), then their sum.
  void materialize(IRRewriter &rewriter, linalg::GenericOp op, Operation *combiner,
                   unsigned term) {
    MLIRContext *context = op.getContext();
    Location loc = op.getLoc();
    unsigned numLoops = op.getNumLoops();
    Value termValue = combiner->getOperand(term);
    Type termType = termValue.getType();
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();

    Block *block = op->getBlock();
    if (Operation *last = lastProducerIn(block, op))
      rewriter.setInsertionPointAfter(last);
    else
      rewriter.setInsertionPointToStart(block);
    Value empty = tensor::EmptyOp::create(rewriter, loc, ranges, termType);
    SmallVector<AffineMap> maps;
    for (OpOperand *input : op.getDpsInputOperands())
      maps.push_back(op.getMatchingIndexingMap(input));
    AffineMap identity = AffineMap::getMultiDimIdentityMap(numLoops, context);
    maps.push_back(identity);
    SmallVector<utils::IteratorType> parallel(numLoops, utils::IteratorType::parallel);
    Block *body = op.getBody();
    auto terms = linalg::GenericOp::create(
        rewriter, loc, TypeRange{empty.getType()}, op.getDpsInputs(), ValueRange{empty}, maps,
        parallel, [&](OpBuilder &b, Location loc, ValueRange args) {
          IRMapping map;
          for (unsigned i = 0, e = op.getNumDpsInputs(); i < e; ++i)
            map.map(body->getArgument(i), args[i]);
          for (Operation &inner : body->without_terminator())
            if (&inner != combiner)
              b.clone(inner, map);
          linalg::YieldOp::create(b, loc, map.lookupOrDefault(termValue));
        });

    // Elementwise producers of the terms' inputs (cross entropy's valid
    // targets, t != -100, which the count reads too) are computed again
    // in the terms, from what they read: a kernel that computes the terms
    // then reads the targets, never written there, instead of a buffer
    // written in it (a store, a barrier and a load back).
    Value termsResult = terms.getResult(0);
    for (bool fused = true; fused;) {
      fused = false;
      for (OpOperand *input : terms.getDpsInputOperands()) {
        auto producer = input->get().getDefiningOp<linalg::GenericOp>();
        if (!producer || producer.getNumReductionLoops() != 0 ||
            !linalg::areElementwiseOpsFusable(input))
          continue;
        FailureOr<linalg::ElementwiseOpFusionResult> result =
            linalg::fuseElementwiseOps(rewriter, input);
        if (failed(result))
          continue;
        // The consumer's result comes last, after the producer's that
        // others still read (unused here: dropped at the end of the pass).
        Operation *fusedOp = result->fusedOp;
        termsResult = fusedOp->getResults().back();
        rewriter.replaceOp(terms, termsResult);
        terms = cast<linalg::GenericOp>(fusedOp);
        fused = true;
        break;
      }
    }

    // The sum of the terms, where the op was.
    rewriter.setInsertionPoint(op);
    Value accumulator = op.getRegionOutputArgs().front();
    auto sum = linalg::GenericOp::create(
        rewriter, loc, op.getResultTypes(), ValueRange{termsResult}, op.getDpsInits(),
        {identity, op.getMatchingIndexingMap(op.getDpsInitOperand(0))},
        op.getIteratorTypesArray(), [&](OpBuilder &b, Location loc, ValueRange args) {
          IRMapping map;
          map.map(termValue, args[0]);
          map.map(accumulator, args[1]);
          linalg::YieldOp::create(b, loc, b.clone(*combiner, map)->getResults());
        });
    rewriter.replaceOp(op, sum.getResults());
  }
};

} // namespace
