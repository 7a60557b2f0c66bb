//===- PrintFeatures.cpp - Print every dispatch's features as JSON --------===//
//
// The Feature Extractor's output, for lit tests and for a person reading
// what the planner will read. Analysis only: the IR is unchanged.
//
//===----------------------------------------------------------------------===//

#include "ks/Agents/Passes.h"
#include "ks/Skills/FeatureExtractor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace ks::agents {
#define GEN_PASS_DEF_KSPRINTFEATURES
#include "ks/Agents/Passes.h.inc"
} // namespace ks::agents

using namespace mlir;

namespace {
struct PrintFeatures
    : public ks::agents::impl::KSPrintFeaturesBase<PrintFeatures> {
  using KSPrintFeaturesBase::KSPrintFeaturesBase;

  void runOnOperation() override {
    auto &features = getAnalysis<ks::agents::FeatureExtractor>();
    llvm::json::Value json = ks::agents::toJSON(features.getDispatches());
    if (output.empty()) {
      ks::agents::printJSON(json, llvm::outs());
      llvm::outs().flush();
    } else {
      std::string error;
      std::unique_ptr<llvm::ToolOutputFile> file =
          openOutputFile(output, &error);
      if (!file) {
        getOperation().emitError() << "ks-print-features: " << error;
        return signalPassFailure();
      }
      ks::agents::printJSON(json, file->os());
      file->keep();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
