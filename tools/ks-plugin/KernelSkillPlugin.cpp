//===- KernelSkillPlugin.cpp - ks passes for upstream mlir-opt ------------===//
//
//   mlir-opt --load-pass-plugin=KernelSkillPlugin.so --ks-compile=chip=sm_90
//
//===----------------------------------------------------------------------===//

#include "ks/Agents/Passes.h"
#include "ks/Driver/Pipelines.h"
#include "ks/Transforms/Passes.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "KernelSkillPlugin", LLVM_VERSION_STRING,
          []() {
            ks::registerKSPasses();
            ks::agents::registerKSAgentsPasses();
            ks::registerPipelines();
          }};
}
