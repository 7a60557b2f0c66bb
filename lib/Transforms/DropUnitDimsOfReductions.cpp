//===- DropUnitDimsOfReductions.cpp - Reductions without unit loops -------===//
//
// Torch-MLIR's keepdim reductions and [N, 1, K] views give reductions loops
// of extent 1. They change nothing about the work but hide its shape from
// the Feature Extractor and the skills (a row reduction with "two parallel
// loops"). Upstream's unit-dim folding does the rewrite; this pass limits it
// to reduction generics, so that named ops and elementwise chains keep the
// form the rest of the pipeline expects.
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

struct DropUnitDimsOfReductions
    : ks::impl::KSDropUnitDimsOfReductionsBase<DropUnitDimsOfReductions> {
  void runOnOperation() override {
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
