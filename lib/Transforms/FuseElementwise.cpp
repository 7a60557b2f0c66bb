//===- FuseElementwise.cpp - Elementwise fusion without recomputation -----===//
//
// Upstream's elementwise fusion fuses a single-use producer into any generic
// consumer. Into a consumer with reductions that reads the producer through
// a map missing some of its loops (a GEMM's A operand misses N), the fused
// producer is recomputed along those loops, and the GEMM stops being one.
// This pass runs the same patterns with a control function that refuses
// exactly that case.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSFUSEELEMENTWISE
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Whether fusing the producer of `operand` into its consumer computes each
/// of the producer's elements once: the consumer has no reduction loop, or
/// it reads the operand through a map that uses every one of its loops.
bool fusesWithoutRecomputing(OpOperand *operand) {
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  if (!consumer || consumer.getNumReductionLoops() == 0)
    return true;
  AffineMap map = consumer.getMatchingIndexingMap(operand);
  for (unsigned d = 0, e = consumer.getNumLoops(); d < e; ++d)
    if (!map.isFunctionOfDim(d))
      return false;
  return true;
}

/// Whether the consumer of `operand` has reduction loops.
bool intoReduction(OpOperand *operand) {
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  return consumer && consumer.getNumReductionLoops() != 0;
}

/// Whether `value` is computed from loop indices alone (an iota, a mask
/// comparing two of them), through reshapes: recomputing it in a reduction
/// costs a few integer ops, less than reading it, so it is fused there
/// whatever its uses and the reduction's loops. A block scan's triangular
/// masks are such values; materialized, they would be i1 tensors read per
/// element. (Elementwise consumers keep the usual rule: patterns such as
/// ks-fold-diagonal-matmul's look for the materialized iota.)
bool computedFromIndices(Value value, unsigned depth = 0) {
  Operation *op = value.getDefiningOp();
  if (!op || depth > 8)
    return false;
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return computedFromIndices(op->getOperand(0), depth + 1);
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() || generic.getNumReductionLoops() != 0 ||
      !llvm::all_of(generic.getBody()->without_terminator(),
                    [](Operation &op) { return isMemoryEffectFree(&op); }))
    return false;
  for (OpOperand &output : generic.getDpsInitsMutable())
    if (generic.payloadUsesValueFromOperand(&output))
      return false;
  return llvm::all_of(generic.getDpsInputOperands(), [&](OpOperand *input) {
    return !generic.payloadUsesValueFromOperand(input) ||
           computedFromIndices(input->get(), depth + 1);
  });
}

/// Whether `value` is a conversion of other tensors' elements (an extf to
/// f64, an index cast) read in place: recomputing it in each consumer reads
/// the input where the converted buffer would have been read, and saves
/// making that buffer (reading the input once more and writing it). For a
/// widening conversion that is fewer bytes however many consumers; for a
/// narrowing one (truncf) as long as they are at most three. Torch-MLIR's
/// norms widen their input to f64 for the variance and read it twice; made
/// a buffer of its own, that is twice the input's size written and read.
bool isInPlaceConversion(Value value) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || !generic.hasPureTensorSemantics() || generic.getNumReductionLoops() != 0 ||
      generic.getNumDpsInits() != 1)
    return false;
  for (OpOperand *input : generic.getDpsInputOperands())
    if (!generic.getMatchingIndexingMap(input).isPermutation())
      return false;
  Block *body = generic.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  if (!llvm::hasSingleElement(body->without_terminator()))
    return false;
  Operation &convert = body->front();
  return isa<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::UIToFPOp,
             arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp>(convert) &&
         isa<BlockArgument>(convert.getOperand(0)) && yield.getOperand(0) == convert.getResult(0);
}

struct FuseElementwise : ks::impl::KSFuseElementwiseBase<FuseElementwise> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    linalg::ControlFusionFn singleUse = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    linalg::ControlFusionFn fuseOnce = [&](OpOperand *fused) {
      return ((singleUse(fused) || isInPlaceConversion(fused->get())) &&
              fusesWithoutRecomputing(fused)) ||
             (intoReduction(fused) && computedFromIndices(fused->get()));
    };
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseOnce);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, singleUse);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, singleUse);
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
