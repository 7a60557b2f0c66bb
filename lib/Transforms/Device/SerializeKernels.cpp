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
// compiled, and back as it was once the last is done. Modules compiled
// before in the process are not compiled again (the tuner builds every
// plan's kernels anew, most of them unchanged).
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/xxhash.h"

#include <mutex>
#include <unordered_map>

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

/// The attributes of the gpu.binary each gpu.module became, by the
/// module's text: code generation dominates a plan's build, and a plan
/// differs from the one before it in a few kernels. Process-wide; bounded.
class CompiledModules {
public:
  static std::string key(gpu::GPUModuleOp module, llvm::StringRef toolkit) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os, OpPrintingFlags().enableDebugInfo(false).useLocalScope());
    llvm::XXH128_hash_t hash = llvm::xxh3_128bits(llvm::arrayRefFromStringRef(text));
    return (toolkit + "\n" + llvm::utohexstr(hash.high64) + llvm::utohexstr(hash.low64) + "\n" +
            llvm::Twine(text.size()))
        .str();
  }
  static std::optional<std::string> find(const std::string &key) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = binaries.find(key);
    return it == binaries.end() ? std::nullopt : std::optional(it->second);
  }
  static void insert(const std::string &key, gpu::BinaryOp binary) {
    std::string attributes;
    llvm::raw_string_ostream os(attributes);
    binary->getAttrDictionary().print(os);
    std::lock_guard<std::mutex> lock(mutex);
    if (binaries.size() >= kMaxEntries)
      binaries.clear();
    binaries.emplace(key, std::move(attributes));
  }

  static void count(bool reused) {
    std::lock_guard<std::mutex> lock(mutex);
    ++(reused ? counts.reused : counts.compiled);
  }
  static ks::KernelModuleCounts totals() {
    std::lock_guard<std::mutex> lock(mutex);
    return counts;
  }

private:
  static constexpr size_t kMaxEntries = 16384;
  static inline std::mutex mutex;
  static inline std::unordered_map<std::string, std::string> binaries;
  static inline ks::KernelModuleCounts counts;
};

/// Replaces `module` by a gpu.binary with `attributes` (printed); false,
/// leaving it, if they do not parse in this context.
bool replaceByBinary(gpu::GPUModuleOp module, llvm::StringRef attributes) {
  auto dictionary =
      dyn_cast_or_null<DictionaryAttr>(parseAttribute(attributes, module.getContext()));
  if (!dictionary)
    return false;
  OpBuilder builder(module);
  OperationState state(module.getLoc(), gpu::BinaryOp::getOperationName());
  state.addAttributes(dictionary.getValue());
  builder.create(state);
  module.erase();
  return true;
}

struct SerializeKernels : public ks::impl::KSSerializeKernelsBase<SerializeKernels> {
  using KSSerializeKernelsBase::KSSerializeKernelsBase;

  void runOnOperation() override {
    // Modules compiled before become their binaries; the others' keys
    // are kept for theirs.
    llvm::StringMap<std::string> keyOf;
    for (auto module : llvm::make_early_inc_range(getOperation().getOps<gpu::GPUModuleOp>())) {
      std::string key = CompiledModules::key(module, toolkitPath);
      std::optional<std::string> known = CompiledModules::find(key);
      if (known && replaceByBinary(module, *known)) {
        CompiledModules::count(/*reused=*/true);
        continue;
      }
      keyOf[module.getName()] = std::move(key);
    }
    if (keyOf.empty())
      return;
    if (failed(compileModules()))
      return signalPassFailure();
    for (auto binary : getOperation().getOps<gpu::BinaryOp>())
      if (auto it = keyOf.find(binary.getName()); it != keyOf.end()) {
        CompiledModules::insert(it->second, binary);
        CompiledModules::count(/*reused=*/false);
      }
  }

  LogicalResult compileModules() {
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
    return result;
  }
};
} // namespace

ks::KernelModuleCounts ks::serializedKernelModules() { return CompiledModules::totals(); }
