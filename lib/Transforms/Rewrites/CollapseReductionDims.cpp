//===- CollapseReductionDims.cpp - Reductions over as few loops as can be -===//
//
// Layer norm over [32, 512, 1024] and global average pooling over [32, 512,
// 28, 28] are row reductions with extra loops: the rows are a run of
// parallel loops, the row (or window) a run of reduction loops, laid out
// contiguously in every operand. Merging each run into one loop gives the
// Feature Extractor and the skills the shape they reason about (one parallel
// loop of 16384 rows); upstream's dimension collapsing does the rewrite.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/CollapsibleRuns.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSCOLLAPSEREDUCTIONDIMS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The collapsible runs of a reduction on tensors.
SmallVector<ReassociationIndices> reductionRuns(linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || generic.getNumReductionLoops() == 0 || !generic.hasPureTensorSemantics())
    return {};
  return ks::collapsibleRuns(generic);
}

struct CollapseReductionDims
    : ks::impl::KSCollapseReductionDimsBase<CollapseReductionDims> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    linalg::populateCollapseDimensions(patterns, reductionRuns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
