//===- CApi.cpp - KernelSkill runtime C API (ksrt.h) ----------------------===//

#include "ks/Driver/ksrt.h"

#include "ks/Driver/CompiledProgram.h"
#include "ks/Driver/Program.h"
#include "ks/Runtime/CudaDriver.h"
#include "ks/Support/SourceFile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <cstdlib>
#include <string>

using namespace mlir;
using namespace ks::runtime;

struct ksrt_program {
  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
  std::unique_ptr<Program> program;
};

static thread_local std::string lastError;

static int failWith(std::string message) {
  lastError = std::move(message);
  return 1;
}

extern "C" const char *ksrt_last_error(void) { return lastError.c_str(); }

extern "C" ksrt_program *ksrt_load(const char *mlirPath, const char *entry,
                                   const char *chip) {
  return ksrt_load_plan(mlirPath, entry, chip, nullptr);
}

/// Diagnostics of `context`, collected for the error message instead of
/// going to stderr.
class CollectedDiagnostics {
public:
  explicit CollectedDiagnostics(MLIRContext *context)
      : handler(context, [this](Diagnostic &d) {
          llvm::raw_string_ostream os(text);
          os << d.getLocation() << ": " << d << "\n";
          return success();
        }) {}
  /// "\n" + the diagnostics, or "" if there were none.
  std::string suffix(llvm::StringRef separator = "\n") const {
    return text.empty() ? "" : separator.str() + text;
  }

private:
  std::string text;
  ScopedDiagnosticHandler handler;
};

/// The module in `size` bytes at `mlir` (text or bytecode), or null with
/// lastError set.
static OwningOpRef<ModuleOp>
parseModule(const char *mlir, size_t size, MLIRContext *context,
            const CollectedDiagnostics &diagnostics, llvm::StringRef what) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(mlir, size),
                                           "<" + what.str() + " input>"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = ks::parseCheckedModule(sourceMgr, context);
  if (!module)
    failWith("cannot parse the module given to " + what.str() +
             diagnostics.suffix(": "));
  return module;
}

/// Sets up a loaded program's graphs (see ksrt_invoke) and hands `result`
/// over to the caller. (By reference: a CollectedDiagnostics of the caller's
/// must not outlive a context freed here.)
static ksrt_program *finishLoad(std::unique_ptr<ksrt_program> &result,
                                std::unique_ptr<Program> program) {
  result->program = std::move(program);
  // A PyTorch module calls with the same tensors again and again: replaying
  // a captured graph costs one launch of host time instead of one per
  // kernel. KS_CUDA_GRAPHS=0 launches kernel by kernel.
  const char *graphs = std::getenv("KS_CUDA_GRAPHS");
  result->program->useCudaGraphs(!graphs || llvm::StringRef(graphs) != "0");
  return result.release();
}

/// The driver and device `device`, checked before any compile time is spent.
static bool checkDevice(int device) {
  if (llvm::Expected<const ks::cuda::DriverAPI &> api = ks::cuda::loadDriver();
      !api) {
    failWith(llvm::toString(api.takeError()));
    return false;
  }
  ks::cuda::ScopedContext scope(device);
  if (llvm::Error err = scope.takeError()) {
    failWith(llvm::toString(std::move(err)));
    return false;
  }
  return true;
}

/// Loads the lowered program on `device` into `result` and hands that over.
static ksrt_program *loadLowered(std::unique_ptr<ksrt_program> &result,
                                 Program::Lowered lowered,
                                 const CollectedDiagnostics &diagnostics,
                                 int device) {
  llvm::Expected<std::unique_ptr<Program>> program =
      Program::load(std::move(lowered), device);
  if (!program) {
    failWith(llvm::toString(program.takeError()) + diagnostics.suffix());
    return nullptr;
  }
  return finishLoad(result, std::move(*program));
}

/// Lowers `module` for the GPU and loads it on `device`.
static ksrt_program *lowerAndLoad(std::unique_ptr<ksrt_program> &result,
                                  const CollectedDiagnostics &diagnostics,
                                  const char *entry, const char *chip,
                                  const char *planPath, int device) {
  llvm::Expected<Program::Lowered> lowered =
      Program::lower(*result->module, entry, Program::Target::GPU, chip,
                     planPath ? planPath : "");
  if (!lowered) {
    failWith(llvm::toString(lowered.takeError()) + diagnostics.suffix());
    return nullptr;
  }
  return loadLowered(result, std::move(*lowered), diagnostics, device);
}

extern "C" ksrt_program *ksrt_load_plan(const char *mlirPath, const char *entry,
                                        const char *chip,
                                        const char *planPath) {
  lastError.clear();
  if (!mlirPath || !entry || !chip) {
    failWith("ksrt_load: mlir_path, entry and chip must not be NULL");
    return nullptr;
  }
  auto result = std::make_unique<ksrt_program>();
  result->context = createContext();
  CollectedDiagnostics diagnostics(result->context.get());
  result->module = ks::parseCheckedModuleFile(mlirPath, result->context.get());
  if (!result->module) {
    failWith("cannot parse '" + std::string(mlirPath) + "'" +
             diagnostics.suffix(": "));
    return nullptr;
  }
  if (!checkDevice(0))
    return nullptr;
  return lowerAndLoad(result, diagnostics, entry, chip, planPath, 0);
}

extern "C" ksrt_program *ksrt_load_module(const char *mlir, size_t size,
                                          const char *entry, const char *chip,
                                          const char *planPath, int device) {
  lastError.clear();
  if (!mlir || !size || !entry || !chip) {
    failWith("ksrt_load_module: mlir (of size > 0), entry and chip must not "
             "be NULL");
    return nullptr;
  }
  auto result = std::make_unique<ksrt_program>();
  result->context = createContext();
  CollectedDiagnostics diagnostics(result->context.get());
  result->module = parseModule(mlir, size, result->context.get(), diagnostics,
                               "ksrt_load_module");
  if (!result->module || !checkDevice(device))
    return nullptr;
  return lowerAndLoad(result, diagnostics, entry, chip, planPath, device);
}

extern "C" int ksrt_compile(const char *mlir, size_t size, const char *entry,
                            const char *chip, const char *planPath,
                            const char *outPath) {
  lastError.clear();
  if (!mlir || !size || !entry || !chip || !outPath)
    return failWith("ksrt_compile: mlir (of size > 0), entry, chip and "
                    "out_path must not be NULL");
  std::unique_ptr<MLIRContext> context = createContext();
  CollectedDiagnostics diagnostics(context.get());
  OwningOpRef<ModuleOp> module =
      parseModule(mlir, size, context.get(), diagnostics, "ksrt_compile");
  if (!module)
    return 1;
  llvm::Expected<Program::Lowered> lowered = Program::lower(
      *module, entry, Program::Target::GPU, chip, planPath ? planPath : "");
  if (!lowered)
    return failWith(llvm::toString(lowered.takeError()) + diagnostics.suffix());
  if (llvm::Error err = writeCompiledProgram(*lowered, chip, outPath))
    return failWith(llvm::toString(std::move(err)));
  return 0;
}

extern "C" ksrt_program *ksrt_load_compiled(const char *path, int device) {
  lastError.clear();
  if (!path) {
    failWith("ksrt_load_compiled: path must not be NULL");
    return nullptr;
  }
  auto result = std::make_unique<ksrt_program>();
  result->context = createContext();
  // The file first: a bad one is said so on any machine, GPU or not.
  llvm::Expected<Program::Lowered> lowered =
      readCompiledProgram(path, result->context.get());
  if (!lowered) {
    failWith(llvm::toString(lowered.takeError()));
    return nullptr;
  }
  if (!checkDevice(device))
    return nullptr;
  CollectedDiagnostics diagnostics(result->context.get());
  return loadLowered(result, std::move(*lowered), diagnostics, device);
}

extern "C" int ksrt_num_inputs(const ksrt_program *program) {
  return program ? int(program->program->inputs().size()) : -1;
}

extern "C" int ksrt_num_outputs(const ksrt_program *program) {
  return program ? int(program->program->outputs().size()) : -1;
}

extern "C" int ksrt_invoke(ksrt_program *program, void *const *inputs,
                           void *const *outputs, void *stream) {
  lastError.clear();
  if (!program)
    return failWith("ksrt_invoke: program is NULL");
  const Program &p = *program->program;
  std::vector<void *> buffers;
  for (size_t i = 0; i < p.inputs().size(); ++i)
    buffers.push_back(inputs[i]);
  for (size_t i = 0; i < p.outputs().size(); ++i)
    buffers.push_back(outputs[i]);
  if (llvm::Error err = program->program->invoke(buffers, stream))
    return failWith(llvm::toString(std::move(err)));
  return 0;
}

extern "C" void ksrt_unload(ksrt_program *program) { delete program; }
