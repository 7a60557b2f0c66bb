//===- LabelKernels.cpp - Kernel modules say which dispatch they compute --===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace ks {
#define GEN_PASS_DEF_KSLABELKERNELS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
struct LabelKernels : public ks::impl::KSLabelKernelsBase<LabelKernels> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto func : module.getOps<func::FuncOp>()) {
      auto map = func->getAttrOfType<DictionaryAttr>("ks.kernel_dispatches");
      if (!map)
        continue;
      for (NamedAttribute entry : map)
        if (auto kernel = module.lookupSymbol<gpu::GPUModuleOp>(entry.getName()))
          kernel->setAttr("ks.dispatch", entry.getValue());
      func->removeAttr("ks.kernel_dispatches");
    }
  }
};
} // namespace

llvm::StringMap<int64_t> ks::readKernelDispatches(ModuleOp module) {
  llvm::StringMap<int64_t> dispatches;
  for (auto kernel : module.getOps<gpu::GPUModuleOp>())
    if (auto id = kernel->getAttrOfType<IntegerAttr>("ks.dispatch"))
      dispatches[kernel.getName()] = id.getInt();
  return dispatches;
}
