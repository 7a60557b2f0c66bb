//===- DropUnitDimsOfReductions.cpp - Reductions without unit loops -------===//
//
// Torch-MLIR's keepdim reductions and [N, 1, K] views give reductions loops
// of extent 1. They change nothing about the work but hide its shape from
// the Feature Extractor and the skills (a row reduction with "two parallel
// loops"). Upstream's unit-dim folding does the rewrite; this pass limits it
// to reduction generics (and matrix-vector products written as matmuls or
// batch_matmuls),
// so that named ops and elementwise chains keep the form the rest of the
// pipeline expects.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSDROPUNITDIMSOFREDUCTIONS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Whether a (batch) matmul on tensors has static sizes, M or N = 1 and a
/// longer K: its loops are [batch,] M, N, K.
bool isVectorProduct(Operation *op) {
  auto linalgOp = cast<linalg::LinalgOp>(op);
  SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
  size_t m = ranges.size() - 3;
  return linalgOp.hasPureTensorSemantics() && !ShapedType::isDynamicShape(ranges) &&
         (ranges[m] == 1 || ranges[m + 1] == 1) && ranges[m + 2] > 1;
}

struct DropUnitDimsOfReductions
    : ks::impl::KSDropUnitDimsOfReductionsBase<DropUnitDimsOfReductions> {
  void runOnOperation() override {
    // A matrix-vector product written as a matmul (or a batch of them as a
    // batch_matmul) with N or M = 1 is a row reduction: generalized, its
    // unit loop goes like any other.
    SmallVector<linalg::LinalgOp> vectorProducts;
    getOperation()->walk([&](Operation *op) {
      if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op) && isVectorProduct(op))
        vectorProducts.push_back(cast<linalg::LinalgOp>(op));
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : vectorProducts) {
      rewriter.setInsertionPoint(op);
      if (failed(linalg::generalizeNamedOp(rewriter, op)))
        return signalPassFailure();
    }

    linalg::ControlDropUnitDims control;
    control.controlFn = [](Operation *op) -> SmallVector<unsigned> {
      auto generic = dyn_cast<linalg::GenericOp>(op);
      if (!generic || generic.getNumReductionLoops() == 0 ||
          !generic.hasPureTensorSemantics())
        return {};
      return llvm::to_vector(llvm::seq<unsigned>(0, generic.getNumLoops()));
    };
    RewritePatternSet patterns(&getContext());
    linalg::populateFoldUnitExtentDimsPatterns(patterns, control);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
