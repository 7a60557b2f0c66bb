//===- KsOptMain.cpp - The KernelSkill driver -----------------------------===//
//
// mlir-opt with every upstream dialect, extension and pass, the GPU-to-LLVM-IR
// translations that PTX emission needs, and the ks passes and pipelines.
//
//===----------------------------------------------------------------------===//

#include "ks/Agents/LlmClient.h"
#include "ks/Agents/Passes.h"
#include "ks/Driver/Pipelines.h"
#include "ks/Export/Passes.h"
#include "ks/Skills/TransformOps/TransformOps.h"
#include "ks/Support/SourceFile.h"
#include "ks/Tools/Mains.h"
#include "ks/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

namespace {
/// Whether MLIR's parser faults on `file` (some custom op parsers do after
/// an error): parsed once under crash recovery, its diagnostics kept back
/// and printed only then; otherwise MlirOptMain parses it again, as usual.
bool parserCrashes(const llvm::MemoryBuffer &file, mlir::DialectRegistry &registry,
                   const mlir::MlirOptMainConfig &config) {
  if (!config.inputSplitMarker().empty())
    return false; // Each chunk is parsed on its own there.
  mlir::MLIRContext context(registry);
  context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(file.getMemBufferRef(),
                                                                /*RequiresNullTerminator=*/true),
                               llvm::SMLoc());
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);
  if (ks::parseModuleSafely(sourceMgr, &context))
    return false;
  llvm::errs() << diagnostics << file.getBufferIdentifier()
               << ": error: " << ks::kParserCrashed << "\n";
  return true;
}

/// Forwards to `out` until a pass has set a replacement output, then
/// drops what is written (the module printed after the passes).
class ReplaceableOutput : public llvm::raw_ostream {
public:
  explicit ReplaceableOutput(llvm::raw_ostream &out) : out(out) { SetUnbuffered(); }

private:
  void write_impl(const char *ptr, size_t size) override {
    position += size;
    if (!ks::hasReplacementOutput())
      out.write(ptr, size);
  }
  uint64_t current_pos() const override { return position; }

  llvm::raw_ostream &out;
  uint64_t position = 0;
};

/// mlir-opt's own main (MlirOptMain(argc, argv, ...)), with the input
/// checked before it reaches the parser (ks/Support/SourceFile.h).
mlir::LogicalResult runOpt(int argc, char **argv, mlir::DialectRegistry &registry) {
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "KernelSkill: linalg-on-tensors to verified GPU kernels\n",
      registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = mlir::openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return mlir::failure();
  }
  if (std::optional<ks::UnparseableText> bad = ks::findUnparseable(file->getBuffer())) {
    llvm::errs() << file->getBufferIdentifier() << ":" << bad->line << ":"
                 << bad->column << ": error: " << bad->message << "\n";
    return mlir::failure();
  }
  if (parserCrashes(*file, registry, config))
    return mlir::failure();
  std::unique_ptr<llvm::ToolOutputFile> output = mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return mlir::failure();
  }
  // An export pass may ask to print its own text instead of the module
  // (ks-export-iree's output=-): the module's text, printed after the
  // passes ran, is then dropped.
  ReplaceableOutput stream(output->os());
  if (mlir::failed(mlir::MlirOptMain(stream, std::move(file), registry, config)))
    return mlir::failure();
  stream.flush();
  if (std::optional<std::string> text = ks::takeReplacementOutput())
    output->os() << *text;
  // Only a successful run leaves its output file.
  output->keep();
  return mlir::success();
}
} // namespace

int ks::tools::ksOptMain(int argc, char **argv) {
  llvm::CrashRecoveryContext::Enable();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  ks::registerTransformExtension(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  mlir::registerAllPasses();
  ks::registerKSPasses();
  ks::registerKSExportPasses();
  ks::agents::registerKSAgentsPasses();
  ks::registerPipelines();
  ks::agents::registerLlmCLOptions();
  return mlir::asMainReturnCode(runOpt(argc, argv, registry));
}
