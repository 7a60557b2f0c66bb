//===- SinkIntoKernels.cpp - Constants into skills' kernels ---------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

namespace ks {
#define GEN_PASS_DEF_KSSINKINTOKERNELS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
struct SinkIntoKernels : public ks::impl::KSSinkIntoKernelsBase<SinkIntoKernels> {
  void runOnOperation() override {
    getOperation().walk([&](gpu::LaunchOp launch) {
      if (!launch->hasAttr("ks.skill"))
        return;
      if (failed(sinkOperationsIntoLaunchOp(launch, [](Operation *op) {
            return op->hasTrait<OpTrait::ConstantLike>() || isa<ub::PoisonOp>(op);
          })))
        signalPassFailure();
    });
  }
};
} // namespace
