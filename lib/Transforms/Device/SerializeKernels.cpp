//===- SerializeKernels.cpp - gpu.module to PTX, vectorizer bug shunned ---===//
//
// Upstream's module-to-binary with a hook between LLVM's optimization and
// its code generation: a module whose loads or stores are indexed by a
// value widened from fewer than 32 bits is compiled without the NVPTX
// back end's load-store vectorizer, which computes the distance between
// two such accesses in the narrow type and may take distinct addresses for
// one (LLVM 22). The vectorizer reads its switch, a process-wide option,
// when a module's code generation starts: it is off while any such module
// of any thread (the tuner compiles candidates in several) is being
// compiled, and back as it was once the last is done.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

#include <mutex>

namespace ks {
#define GEN_PASS_DEF_KSSERIALIZEKERNELS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kVectorizerSwitch = "disable-nvptx-load-store-vectorizer";

/// Whether an index of `gep` is a value widened (zext, sext) from an
/// integer narrower than 32 bits.
bool hasNarrowIndex(const llvm::GetElementPtrInst &gep) {
  for (const llvm::Use &index : gep.indices())
    if (auto *cast = llvm::dyn_cast<llvm::CastInst>(index.get()))
      if (llvm::isa<llvm::ZExtInst, llvm::SExtInst>(cast) &&
          cast->getSrcTy()->getScalarSizeInBits() < 32)
        return true;
  return false;
}

/// Whether a load or store of `module` has an address (through
/// getelementptrs) with a narrow widened index.
bool hasNarrowlyIndexedAccess(const llvm::Module &module) {
  for (const llvm::Function &f : module)
    for (const llvm::Instruction &inst : llvm::instructions(f)) {
      const llvm::Value *ptr = llvm::getLoadStorePointerOperand(&inst);
      while (auto *gep = llvm::dyn_cast_or_null<llvm::GetElementPtrInst>(ptr)) {
        if (hasNarrowIndex(*gep))
          return true;
        ptr = gep->getPointerOperand();
      }
    }
  return false;
}

/// The vectorizer's switch, shared by the threads compiling modules: off
/// while a narrowly indexed module is in flight.
class VectorizerSwitch {
public:
  /// Whether the switch exists (an LLVM without it vectorizes regardless).
  static bool available() { return option() != nullptr; }

  /// A narrowly indexed module starts its code generation.
  static void narrowModuleStarts() {
    std::lock_guard<std::mutex> lock(mutex);
    if (narrowInFlight++ == 0) {
      wasOff = *option();
      option()->setValue(true);
    }
  }

  /// A module `narrowModuleStarts` announced is compiled (or failed).
  static void narrowModuleDone() {
    std::lock_guard<std::mutex> lock(mutex);
    if (--narrowInFlight == 0)
      option()->setValue(wasOff);
  }

private:
  static llvm::cl::opt<bool> *option() {
    // Registered by the NVPTX back end as a cl::opt<bool>.
    static llvm::cl::opt<bool> *found = [] {
      auto &options = llvm::cl::getRegisteredOptions();
      auto it = options.find(kVectorizerSwitch);
      return it == options.end() ? nullptr : static_cast<llvm::cl::opt<bool> *>(it->second);
    }();
    return found;
  }

  static inline std::mutex mutex;
  static inline unsigned narrowInFlight = 0;
  static inline bool wasOff = false;
};

struct SerializeKernels : public ks::impl::KSSerializeKernelsBase<SerializeKernels> {
  using KSSerializeKernelsBase::KSSerializeKernelsBase;

  void runOnOperation() override {
    // This run's modules are compiled one after another: when one is
    // optimized, the one before it is done.
    bool announced = false, unshunned = false;
    auto done = [&](llvm::StringRef = {}) {
      if (announced)
        VectorizerSwitch::narrowModuleDone();
      announced = false;
    };
    auto afterOptimization = [&](llvm::Module &module) {
      done();
      if (!hasNarrowlyIndexedAccess(module))
        return;
      if (!VectorizerSwitch::available()) {
        unshunned = true;
        return;
      }
      VectorizerSwitch::narrowModuleStarts();
      announced = true;
    };
    std::optional<SymbolTable> parentTable;
    auto symbolTable = [&]() -> SymbolTable * {
      if (!parentTable)
        parentTable.emplace(getOperation());
      return &*parentTable;
    };
    gpu::TargetOptions targetOptions(toolkitPath, /*librariesToLink=*/{}, /*cmdOptions=*/"",
                                     /*elfSection=*/"", gpu::CompilationTarget::Assembly,
                                     symbolTable, /*initialLlvmIRCallback=*/{},
                                     /*linkedLlvmIRCallback=*/{}, afterOptimization,
                                     /*isaCallback=*/done);
    LogicalResult result = gpu::transformGpuModulesToBinaries(getOperation(), nullptr,
                                                              targetOptions);
    done(); // the last module, or one that failed in code generation
    if (unshunned)
      getOperation().emitWarning() << "this LLVM has no '" << kVectorizerSwitch
                                   << "' option: narrowly indexed accesses were vectorized";
    if (failed(result))
      signalPassFailure();
  }
};
} // namespace
