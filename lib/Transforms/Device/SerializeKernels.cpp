//===- SerializeKernels.cpp - gpu.module to PTX, vectorizer bug shunned ---===//
//
// Upstream's module-to-binary with a hook between LLVM's optimization and
// its code generation: a module whose loads or stores are indexed by a
// value widened from fewer than 32 bits is compiled without the NVPTX
// back end's load-store vectorizer, which computes the distance between
// two such accesses in the narrow type and may take distinct addresses for
// one (LLVM 22). The vectorizer reads its switch when a module's code
// generation starts, so each module gets its own setting; modules are
// compiled one after another.
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

struct SerializeKernels : public ks::impl::KSSerializeKernelsBase<SerializeKernels> {
  using KSSerializeKernelsBase::KSSerializeKernelsBase;

  void runOnOperation() override {
    auto &options = llvm::cl::getRegisteredOptions();
    auto found = options.find(kVectorizerSwitch);
    // Registered by the NVPTX back end as a cl::opt<bool>.
    auto *vectorizerOff = found == options.end()
                              ? nullptr
                              : static_cast<llvm::cl::opt<bool> *>(found->second);
    bool wasOff = vectorizerOff && *vectorizerOff;
    bool unshunned = false;
    auto chooseVectorizer = [&](llvm::Module &module) {
      bool narrow = hasNarrowlyIndexedAccess(module);
      if (vectorizerOff)
        vectorizerOff->setValue(wasOff || narrow);
      unshunned |= narrow && !vectorizerOff;
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
                                     /*linkedLlvmIRCallback=*/{}, chooseVectorizer);
    LogicalResult result = gpu::transformGpuModulesToBinaries(getOperation(), nullptr,
                                                              targetOptions);
    if (vectorizerOff)
      vectorizerOff->setValue(wasOff);
    if (unshunned)
      getOperation().emitWarning() << "this LLVM has no '" << kVectorizerSwitch
                                   << "' option: narrowly indexed accesses were vectorized";
    if (failed(result))
      signalPassFailure();
  }
};
} // namespace
