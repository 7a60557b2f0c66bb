//===- CApi.cpp - KernelSkill runtime C API (ksrt.h) ----------------------===//

#include "ks/Runtime/ksrt.h"

#include "ks/Runtime/CudaDriver.h"
#include "ks/Runtime/Program.h"
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

extern "C" ksrt_program *ksrt_load_plan(const char *mlirPath,
                                        const char *entry, const char *chip,
                                        const char *planPath) {
  lastError.clear();
  if (!mlirPath || !entry || !chip) {
    failWith("ksrt_load: mlir_path, entry and chip must not be NULL");
    return nullptr;
  }
  auto result = std::make_unique<ksrt_program>();
  result->context = createContext();

  // Diagnostics become the error message instead of going to stderr.
  std::string diagnostics;
  ScopedDiagnosticHandler handler(result->context.get(), [&](Diagnostic &d) {
    llvm::raw_string_ostream os(diagnostics);
    os << d.getLocation() << ": " << d << "\n";
    return success();
  });

  result->module = ks::parseCheckedModuleFile(mlirPath, result->context.get());
  if (!result->module) {
    failWith("cannot parse '" + std::string(mlirPath) + "'" +
             (diagnostics.empty() ? "" : ": " + diagnostics));
    return nullptr;
  }
  if (llvm::Expected<const ks::cuda::DriverAPI &> api = ks::cuda::loadDriver();
      !api) {
    failWith(llvm::toString(api.takeError()));
    return nullptr;
  }
  llvm::Expected<std::unique_ptr<Program>> program = Program::compile(
      *result->module, entry, Program::Target::GPU, chip,
      planPath ? planPath : "");
  if (!program) {
    failWith(llvm::toString(program.takeError()) +
             (diagnostics.empty() ? "" : "\n" + diagnostics));
    return nullptr;
  }
  result->program = std::move(*program);
  // A PyTorch module calls with the same tensors again and again: replaying
  // a captured graph costs one launch of host time instead of one per
  // kernel. KS_CUDA_GRAPHS=0 launches kernel by kernel.
  const char *graphs = std::getenv("KS_CUDA_GRAPHS");
  result->program->useCudaGraphs(!graphs || llvm::StringRef(graphs) != "0");
  return result.release();
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
