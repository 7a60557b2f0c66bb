//===- KsOptMain.cpp - The KernelSkill driver -----------------------------===//
//
// mlir-opt with every upstream dialect, extension and pass, the GPU-to-LLVM-IR
// translations that PTX emission needs, and the ks passes and pipelines.
//
//===----------------------------------------------------------------------===//

#include "ks/Agents/LlmClient.h"
#include "ks/Agents/Passes.h"
#include "ks/Tools/Mains.h"
#include "ks/Transforms/Passes.h"
#include "ks/Transforms/Pipelines.h"
#include "ks/Transforms/TransformOps.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int ks::tools::ksOptMain(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  ks::registerTransformExtension(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  mlir::registerAllPasses();
  ks::registerKSPasses();
  ks::agents::registerKSAgentsPasses();
  ks::registerPipelines();
  ks::agents::registerLlmCLOptions();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "KernelSkill: linalg-on-tensors to verified GPU kernels\n",
      registry));
}
