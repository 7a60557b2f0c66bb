//===- EstimateKernels.cpp - Print the cost model's estimates as JSON -----===//
//
// The cost model's output, for lit tests and for a person checking what the
// planner reads when there is no GPU. Analysis only: the IR is unchanged.
//
//===----------------------------------------------------------------------===//

#include "ks/Agents/CostModel.h"
#include "ks/Agents/Passes.h"
#include "ks/Skills/FeatureExtractor.h"
#include "ks/Skills/SkillLibrary.h"

#include "mlir/IR/BuiltinOps.h"

namespace ks::agents {
#define GEN_PASS_DEF_KSESTIMATEKERNELS
#include "ks/Agents/Passes.h.inc"
} // namespace ks::agents

using namespace mlir;
using namespace ks::agents;

namespace {
struct EstimateKernels : public ks::agents::impl::KSEstimateKernelsBase<EstimateKernels> {
  using KSEstimateKernelsBase::KSEstimateKernelsBase;

  void runOnOperation() override {
    llvm::Expected<DeviceTable> table =
        devicesFile.empty() ? DeviceTable::loadFrom(SkillLibrary::rootsFrom(skillDirs))
                            : DeviceTable::load(devicesFile);
    if (!table) {
      mlir::emitError(getOperation().getLoc()) << "ks-estimate-kernels: " << llvm::toString(table.takeError());
      return signalPassFailure();
    }
    llvm::Expected<const DeviceSpec *> spec = table->find(device, chip);
    if (!spec) {
      mlir::emitError(getOperation().getLoc()) << "ks-estimate-kernels: " << llvm::toString(spec.takeError());
      return signalPassFailure();
    }
    llvm::json::Array kernels;
    for (const KernelEstimate &e : estimateKernels(getOperation(), **spec))
      kernels.push_back(e.toJson());
    printJSON(llvm::json::Object{{"device", (*spec)->name},
                                 {"estimated", true},
                                 {"kernels", std::move(kernels)}},
              llvm::outs());
    llvm::outs().flush();
    markAllAnalysesPreserved();
  }
};
} // namespace
