//===- CollapseElementwiseDims.cpp - Streaming ops over three loops at most -===//
//
// Batch norm in eval mode over [16, 64, 128, 128] is an elementwise op whose
// per-channel parameters keep the channel loop apart, but whose rows and
// columns every operand reads contiguously: merged, it is the [16, 64, 16384]
// stream the vectorizing skill takes (two or three loops), not a 4-d nest
// only the seed mapping takes. Ops of two or three loops are left as they
// are: the skills already take them, and plans name their loops.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/CollapsibleRuns.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSCOLLAPSEELEMENTWISEDIMS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Points from which an op over three loops and a unit one is collapsed.
constexpr int64_t kLargeStream = int64_t(1) << 24;

/// Whether `op` is an elementwise generic on buffers of four loops or more,
/// not counting loops of extent 1, that computes something: a copy or
/// broadcast (a payload that yields an input) keeps its shape, so that a GEMM
/// whose output it initializes (a grouped convolution's bias) still finds it
/// writing that output.
bool isWideElementwise(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumParallelLoops() != generic.getNumLoops() ||
      !generic.hasPureBufferSemantics())
    return false;
  // A batch of one ([1, C, H, W]) is left as it is where it is small: such
  // ops gain nothing. Unit loops beside four others are a reshape's (a
  // keepdim result's [N, 1] broadcast over [N, 1, C, H, W]): dropped, the
  // op is the 4-d one it computes, whose runs then merge. So are those of
  // a large op over three others (an instance norm's apply over its
  // [1, N * C, H, W] view): it is the 3-d op the skills and the row chains
  // take.
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  int64_t wide = llvm::count_if(ranges, [](int64_t range) { return range != 1; });
  int64_t points = 1;
  for (int64_t range : ranges)
    points = ShapedType::isDynamic(range) ? points : points * range;
  if (wide < 3 || (wide == 3 && (ranges.size() < 4 || points < kLargeStream)))
    return false;
  Block *body = generic.getBlock();
  return !llvm::all_of(body->getTerminator()->getOperands(), [&](Value v) {
    return isa<BlockArgument>(v) && cast<BlockArgument>(v).getOwner() == body;
  });
}

/// The collapsible runs of such an op once every operand is read through a
/// permutation of some loops (no constant index left).
SmallVector<ReassociationIndices> elementwiseRuns(linalg::LinalgOp op) {
  if (!isWideElementwise(op) || !llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
        return map.isProjectedPermutation(/*allowZeroInResults=*/false);
      }))
    return {};
  return ks::collapsibleRuns(cast<linalg::GenericOp>(op.getOperation()));
}

struct CollapseElementwiseDims
    : ks::impl::KSCollapseElementwiseDimsBase<CollapseElementwiseDims> {
  void runOnOperation() override {
    // First the unit dims: a per-channel parameter of shape [64, 1, 1] read
    // at (c, 0, 0) becomes [64] read at (c), and the loops it does not read
    // can merge.
    linalg::ControlDropUnitDims control;
    control.controlFn = [](Operation *op) -> SmallVector<unsigned> {
      if (!isWideElementwise(op))
        return {};
      return llvm::to_vector(llvm::seq<unsigned>(0, cast<linalg::GenericOp>(op).getNumLoops()));
    };
    RewritePatternSet unitDims(&getContext());
    linalg::populateFoldUnitExtentDimsPatterns(unitDims, control);
    if (failed(applyPatternsGreedily(getOperation(), std::move(unitDims))))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    linalg::populateCollapseDimensions(patterns, elementwiseRuns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
