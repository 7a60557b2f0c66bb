//===- OutlineKernels.cpp - Kernel outlining that keeps launch bounds -----===//
//
// Upstream's outlining builds each kernel's gpu.func from its gpu.launch but
// drops the launch's attributes; the launch bounds a skill sets there
// (nvvm.minctasm, nvvm.maxnreg) would never reach ptxas. This pass runs the
// upstream outlining and puts them back on the kernels.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/PlannedLaunches.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"

namespace ks {
#define GEN_PASS_DEF_KSOUTLINEKERNELS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
/// The launches (and kernel launches) of `module` in walk order.
SmallVector<Operation *> launchesOf(ModuleOp module) {
  SmallVector<Operation *> launches;
  module.walk([&](Operation *op) {
    if (isa<gpu::LaunchOp, gpu::LaunchFuncOp>(op))
      launches.push_back(op);
  });
  return launches;
}

/// Upstream's outlining, run as this pass's dynamic pipeline.
OpPassManager outliningPipeline() {
  OpPassManager outline(ModuleOp::getOperationName());
  outline.addPass(createGpuKernelOutliningPass());
  return outline;
}

struct OutlineKernels : public ks::impl::KSOutlineKernelsBase<OutlineKernels> {
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    outliningPipeline().getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Each launch's nvvm.* attributes (and ks.l1_no_allocate, read after the
    // NVVM conversion), by position among the launches.
    SmallVector<SmallVector<NamedAttribute>> kept;
    for (Operation *launch : launchesOf(module)) {
      kept.emplace_back();
      if (isa<gpu::LaunchOp>(launch))
        for (NamedAttribute attr : launch->getDiscardableAttrs())
          if (attr.getName().strref().starts_with("nvvm.") ||
              attr.getName() == ks::kL1NoAllocateAttr)
            kept.back().push_back(attr);
    }
    OpPassManager outline = outliningPipeline();
    if (failed(runPipeline(outline, module)))
      return signalPassFailure();
    SmallVector<Operation *> launches = launchesOf(module);
    if (launches.size() != kept.size()) {
      module.emitError("ks-outline-kernels: outlining changed the number of launches");
      return signalPassFailure();
    }
    for (auto [launch, attrs] : llvm::zip(launches, kept)) {
      if (attrs.empty())
        continue;
      auto launchFunc = cast<gpu::LaunchFuncOp>(launch);
      auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launchFunc, launchFunc.getKernel());
      if (!kernel) {
        launchFunc.emitError("ks-outline-kernels: the launched kernel is not a gpu.func");
        return signalPassFailure();
      }
      for (NamedAttribute attr : attrs)
        kernel->setAttr(attr.getName(), attr.getValue());
    }
  }
};
} // namespace
