//===- ExportIREE.cpp - ks kernels as IREE external executables -----------===//
//
// IREE builds against its own LLVM, so ks cannot be a plugin of it; but IREE
// takes externally compiled kernels: a `hal.executable.source` whose target
// carries the PTX as an object, called with `flow.dispatch`. This pass
// compiles a module with ks and writes that IREE input module as text (the
// IREE dialects are not part of LLVM 22's MLIR, and the text is all IREE
// needs: no IR of its dialects is built here).
//
// IREE's CUDA HAL launches a kernel with its binding pointers then its
// 32-bit push constants as parameters (runtime/src/iree/hal/drivers/cuda/
// stream_command_buffer.c), its block size and dynamic shared memory from
// the export (workgroup_size, workgroup_local_memory), no cluster
// dimensions. ks kernels take memref descriptors and index scalars; before
// the PTX is emitted each kernel is rewritten to take only the buffers its
// launch passes (the roots of their views, rebuilt inside the kernel), its
// constant scalars folded in, and the memrefs lowered as bare pointers.
//
//===----------------------------------------------------------------------===//

#include "ks/Export/Passes.h"

#include "ks/Driver/Pipelines.h"
#include "ks/RuntimeAbi/GridArrivals.h"
#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace ks {
#define GEN_PASS_DEF_KSEXPORTIREE
#include "ks/Export/Passes.h.inc"
} // namespace ks

using namespace mlir;

static std::optional<std::string> &replacementOutput() {
  static std::optional<std::string> text;
  return text;
}

bool ks::hasReplacementOutput() { return replacementOutput().has_value(); }

std::optional<std::string> ks::takeReplacementOutput() {
  std::optional<std::string> text = std::move(replacementOutput());
  replacementOutput().reset();
  return text;
}

namespace {
/// How many of an entry function's arguments are its inputs (the rest,
/// after bufferization, are its results as out-params).
constexpr llvm::StringLiteral kNumInputs = "ks.iree.num_inputs";
/// Per launch: which of the kernel's buffers it only reads.
constexpr llvm::StringLiteral kReadOnly = "ks.iree.read_only";

/// Whether `value` is an arith.constant. (Not matchPattern's m_Constant: in
/// a library that hides its symbols, as libKernelSkill.so does, a trait's
/// TypeID differs from the one MLIR's dialects registered.)
bool isConstant(Value value) {
  return value.getDefiningOp<arith::ConstantOp>() != nullptr;
}

std::optional<int64_t> constantInt(Value value) {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return std::nullopt;
  if (auto attr = dyn_cast<IntegerAttr>(constant.getValue()))
    return attr.getValue().getSExtValue();
  return std::nullopt;
}

/// A host op whose result views its first operand's data.
bool isHostView(Operation *op) {
  return isa<memref::CollapseShapeOp, memref::ExpandShapeOp, memref::SubViewOp,
             memref::ReinterpretCastOp, memref::CastOp>(op);
}

/// The buffer `value` views (an argument of the host function or a
/// gpu.alloc), with the view ops from it to `value` in `chain`, first
/// first; null where `value` comes from anything else.
Value traceRoot(Value value, SmallVectorImpl<Operation *> &chain) {
  while (Operation *def = value.getDefiningOp()) {
    if (isa<gpu::AllocOp>(def))
      break;
    if (!isHostView(def))
      return nullptr;
    for (Value operand : def->getOperands().drop_front())
      if (!isConstant(operand))
        return nullptr;
    chain.push_back(def);
    value = def->getOperand(0);
  }
  std::reverse(chain.begin(), chain.end());
  return value;
}

/// `@name`, quoted where MLIR's syntax needs it.
std::string symbol(StringRef name, MLIRContext *context) {
  std::string text;
  llvm::raw_string_ostream os(text);
  FlatSymbolRefAttr::get(context, name).print(os);
  return text;
}

std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// The tensor an IREE function passes for a ks buffer.
std::string tensorText(MemRefType type) {
  return typeText(RankedTensorType::get(type.getShape(), type.getElementType()));
}

struct ExportIREE : public ks::impl::KSExportIREEBase<ExportIREE> {
  using KSExportIREEBase::KSExportIREEBase;

  /// The pass's options as the pipelines take them: the seed lowering's,
  /// then the PTX compilation's.
  void pipelineOptions(ks::CompileOptions &options) const {
    options.blockSize = blockSize;
    options.plan = plan;
    options.skillDirs = skillDirs;
    options.maxQuadraticScan = maxQuadraticScan;
    options.chip = chip;
    options.verifyPtx = verifyPtx;
    options.ptxas = ptxas;
    options.cudaPath = cudaPath;
  }

  void buildSeedPipeline(OpPassManager &pm) const {
    ks::CompileOptions options;
    pipelineOptions(options);
    ks::buildSeedLoweringPipeline(pm, options);
  }

  void buildPtx(OpPassManager &pm) const {
    ks::CompileOptions options;
    pipelineOptions(options);
    ks::buildPtxPipeline(pm, options, /*barePtrCallConv=*/true);
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager seed(ModuleOp::getOperationName());
    buildSeedPipeline(seed);
    seed.getDependentDialects(registry);
    OpPassManager ptx(ModuleOp::getOperationName());
    buildPtx(ptx);
    ptx.getDependentDialects(registry);
  }

  void runOnOperation() override;

private:
  LogicalResult recordSignatures(ModuleOp module);
  LogicalResult prepareHost(func::FuncOp func, SymbolTable &symbols,
                            llvm::StringMap<unsigned> &launches);
  LogicalResult prepareLaunch(gpu::LaunchFuncOp launch, SymbolTable &symbols,
                              llvm::StringMap<unsigned> &launches);
  LogicalResult writeModule(ModuleOp module, llvm::raw_ostream &os);
};
} // namespace

LogicalResult ExportIREE::recordSignatures(ModuleOp module) {
  bool ok = true;
  // Flags each of `types` (the arguments or results) that is no tensor.
  auto requireTensors = [&](func::FuncOp func, TypeRange types, StringRef what,
                            StringRef verb) {
    for (auto [i, type] : llvm::enumerate(types)) {
      if (isa<RankedTensorType>(type))
        continue;
      func.emitError() << "ks-export-iree: " << what << " #" << i << " of @"
                       << func.getSymName() << " is a " << type
                       << "; the IREE export " << verb << " tensors only";
      ok = false;
    }
  };
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || func.isPrivate())
      continue;
    requireTensors(func, func.getArgumentTypes(), "argument", "takes");
    requireTensors(func, func.getResultTypes(), "result", "returns");
    func->setAttr(kNumInputs, Builder(func).getI64IntegerAttr(func.getNumArguments()));
  }
  return success(ok);
}

LogicalResult ExportIREE::prepareLaunch(gpu::LaunchFuncOp launch,
                                        SymbolTable &symbols,
                                        llvm::StringMap<unsigned> &launches) {
  auto kernelModule = symbols.lookup<gpu::GPUModuleOp>(launch.getKernelModuleName());
  if (!kernelModule)
    return launch.emitError("ks-export-iree: no gpu.module @")
           << launch.getKernelModuleName();
  // A kernel launched twice gets a copy per launch: its arguments are folded
  // in per launch.
  if (launches[kernelModule.getSymName()]++) {
    auto copy = kernelModule.clone();
    symbols.insert(copy, std::next(Block::iterator(kernelModule)));
    launch.setKernelAttr(SymbolRefAttr::get(
        copy.getSymNameAttr(), {FlatSymbolRefAttr::get(launch.getKernelName())}));
    kernelModule = copy;
  }
  auto kernel = kernelModule.lookupSymbol<gpu::GPUFuncOp>(launch.getKernelName());
  if (!kernel)
    return launch.emitError("ks-export-iree: no kernel ") << launch.getKernel();

  auto refuse = [&](const Twine &why) {
    return launch.emitError() << "ks-export-iree: kernel @" << kernel.getName()
                              << " cannot run in IREE: " << why;
  };
  if (launch.hasClusterSize())
    return refuse("it is a cluster launch (IREE's CUDA HAL launches with "
                  "cuLaunchKernel, without cluster dimensions)");
  if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty())
    return refuse("it is an asynchronous launch");
  if (kernelModule.lookupSymbol(ks::runtime::kGridArrivalsGlobal))
    return refuse("it waits for its whole grid at a barrier, which needs all "
                  "its blocks resident at once; IREE's CUDA HAL launches it "
                  "without checking that");
  for (Value size : {launch.getGridSizeX(), launch.getGridSizeY(), launch.getGridSizeZ(),
                     launch.getBlockSizeX(), launch.getBlockSizeY(), launch.getBlockSizeZ()})
    if (!constantInt(size))
      return refuse("its grid or block size is not a constant");
  if (Value smem = launch.getDynamicSharedMemorySize())
    if (!constantInt(smem))
      return refuse("its dynamic shared memory size is not a constant");

  // The buffers the launch passes, each once, in the order of first use.
  ValueRange operands = launch.getKernelOperands();
  unsigned numOld = kernel.getNumArguments();
  SmallVector<Value> roots;
  SmallVector<int> rootOf(numOld, -1);
  SmallVector<SmallVector<Operation *>> chains(numOld);
  for (auto [i, operand] : llvm::enumerate(operands)) {
    Type type = operand.getType();
    if (isa<MemRefType>(type)) {
      Value root = traceRoot(operand, chains[i]);
      if (!root) {
        Operation *def = operand.getDefiningOp();
        return refuse(llvm::formatv("argument #{0} is a buffer the host makes with '{1}'",
                                    i, def->getName().getStringRef()));
      }
      auto rootType = cast<MemRefType>(root.getType());
      if (!rootType.hasStaticShape() || !rootType.getLayout().isIdentity() ||
          rootType.getMemorySpace())
        return refuse(llvm::formatv("argument #{0} views a {1}, not a dense "
                                    "static buffer in device memory",
                                    i, typeText(rootType)));
      auto *it = llvm::find(roots, root);
      rootOf[i] = it - roots.begin();
      if (it == roots.end())
        roots.push_back(root);
      continue;
    }
    if (isConstant(operand))
      continue;
    Operation *def = operand.getDefiningOp();
    if (isa<LLVM::LLVMPointerType>(type) || (def && isa<func::CallOp>(def)) ||
        type.getDialect().getNamespace() == "nvgpu")
      return refuse(llvm::formatv(
          "argument #{0} is a TMA descriptor the host makes; IREE's CUDA HAL "
          "passes a kernel only buffers and 32-bit constants",
          i));
    return refuse(llvm::formatv("argument #{0} ({1}) is not a constant at the launch",
                                i, typeText(type)));
  }

  // The kernel takes the roots and rebuilds from them what it took.
  Block &entry = kernel.getBody().front();
  Location loc = kernel.getLoc();
  SmallVector<unsigned> at(roots.size(), numOld);
  SmallVector<Type> types;
  for (Value root : roots)
    types.push_back(root.getType());
  SmallVector<DictionaryAttr> attrs(roots.size(), DictionaryAttr::get(&getContext()));
  SmallVector<Location> locs(roots.size(), loc);
  if (failed(kernel.insertArguments(at, types, attrs, locs)))
    return refuse("its arguments cannot be replaced");
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  for (unsigned i = 0; i < numOld; ++i) {
    Value operand = operands[i];
    Value replacement;
    if (rootOf[i] >= 0) {
      IRMapping map;
      map.map(roots[rootOf[i]], entry.getArgument(numOld + rootOf[i]));
      for (Operation *view : chains[i]) {
        for (Value other : view->getOperands().drop_front())
          if (!map.contains(other))
            map.map(other, b.clone(*other.getDefiningOp())->getResult(
                               cast<OpResult>(other).getResultNumber()));
        b.clone(*view, map);
      }
      replacement = map.lookup(operand);
    } else {
      replacement = b.clone(*operand.getDefiningOp())
                        ->getResult(cast<OpResult>(operand).getResultNumber());
    }
    entry.getArgument(i).replaceAllUsesWith(replacement);
  }
  llvm::BitVector erase(numOld + roots.size());
  erase.set(0, numOld);
  if (failed(kernel.eraseArguments(erase)))
    return refuse("its arguments cannot be replaced");
  launch.getKernelOperandsMutable().assign(roots);

  SmallVector<bool> readOnly;
  for (unsigned i = 0; i < roots.size(); ++i)
    readOnly.push_back(!ks::mayWriteThrough(entry.getArgument(i)));
  launch->setAttr(kReadOnly, DenseBoolArrayAttr::get(&getContext(), readOnly));
  return success();
}

LogicalResult ExportIREE::prepareHost(func::FuncOp func, SymbolTable &symbols,
                                      llvm::StringMap<unsigned> &launches) {
  bool ok = true;
  for (Operation &op : func.getBody().getOps()) {
    if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
      ok &= succeeded(prepareLaunch(launch, symbols, launches));
      continue;
    }
    if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
      if (alloc.getAsyncToken() || !alloc.getDynamicSizes().empty() ||
          !alloc.getSymbolOperands().empty() || !alloc.getType().getLayout().isIdentity()) {
        op.emitError("ks-export-iree: @") << func.getSymName()
                                          << ": only static, synchronous gpu.alloc "
                                             "of dense buffers become IREE tensors";
        ok = false;
      }
      continue;
    }
    if (isa<gpu::DeallocOp, func::ReturnOp>(op) || isHostView(&op) ||
        isa<arith::ConstantOp>(op))
      continue;
    // A TMA descriptor's making: the launch that takes it says why not.
    if (auto call = dyn_cast<func::CallOp>(op);
        call && call.getCallee().starts_with("ksTensorMap"))
      continue;
    if (isa<UnrealizedConversionCastOp>(op))
      continue;
    // A constant nothing on the host uses (what a kernel took in).
    if (op.use_empty() && isa<LLVM::ZeroOp, LLVM::UndefOp, LLVM::PoisonOp,
                              LLVM::ConstantOp, ub::PoisonOp>(op))
      continue;
    op.emitError("ks-export-iree: @")
        << func.getSymName() << ": host op '" << op.getName()
        << "' has no counterpart in the IREE module (only allocations, views "
           "and kernel launches do)";
    ok = false;
  }
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto memref = dyn_cast<MemRefType>(type);
    if (memref && memref.hasStaticShape() && memref.getLayout().isIdentity())
      continue;
    func.emitError("ks-export-iree: argument #")
        << i << " of @" << func.getSymName() << " is a " << type
        << " after bufferization, not a dense static buffer";
    ok = false;
  }
  return success(ok);
}

LogicalResult ExportIREE::writeModule(ModuleOp module, llvm::raw_ostream &os) {
  MLIRContext *context = &getContext();
  auto symbol = [&](StringRef name) { return ::symbol(name, context); };
  std::string target =
      llvm::formatv("#ks_cuda_{0}", llvm::StringRef(chip).lower()).str();
  os << "// An IREE input module written by `ks-opt --ks-export-iree`: ks's "
        "kernels as\n// external PTX executables, launched in ks's order. "
        "Compile with\n//   iree-compile --iree-hal-target-device=cuda "
        "<this file> -o module.vmfb\n";
  os << target << " = #hal.executable.target<\"cuda\", \"cuda-nvptx-fb\", "
     << "{target_arch = \"" << chip << "\"}>\n";
  os << "#ks_cuda_device = #hal.device.target<\"cuda\", [" << target
     << "]> : !hal.device\n";
  os << "module attributes {hal.device.targets = [#ks_cuda_device]} {\n";

  SmallVector<func::FuncOp> entries;
  for (auto func : module.getOps<func::FuncOp>())
    if (func->hasAttr(kNumInputs))
      entries.push_back(func);

  // The executables, in launch order.
  for (func::FuncOp func : entries) {
    for (auto launch : func.getBody().getOps<gpu::LaunchFuncOp>()) {
      auto binary = module.lookupSymbol<gpu::BinaryOp>(launch.getKernelModuleName());
      if (!binary || binary.getObjects().empty())
        return launch.emitError("ks-export-iree: no PTX for kernel ")
               << launch.getKernel();
      auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
      StringRef ptx = object.getObject().getValue();
      auto readOnly = launch->getAttrOfType<DenseBoolArrayAttr>(kReadOnly);
      auto constant = [](Value v) { return *constantInt(v); };

      os << "  hal.executable.source private " << symbol(binary.getSymName())
         << " <{objects = #hal.executable.objects<{" << target
         << " = [#hal.executable.object<{data = dense<\"0x" << llvm::toHex(ptx)
         << "\"> : vector<" << ptx.size() << "xi8>}>]}>}> {\n";
      os << "    hal.executable.export public " << symbol(launch.getKernelName())
         << " ordinal(0) layout(#hal.pipeline.layout<bindings = [";
      for (auto [i, ro] : llvm::enumerate(readOnly.asArrayRef()))
        os << (i ? ", " : "") << "#hal.pipeline.binding<storage_buffer"
           << (ro ? ", ReadOnly" : "") << ">";
      os << "]>) count(%device: !hal.device) -> (index, index, index) {\n";
      os << "      %x = arith.constant " << constant(launch.getGridSizeX()) << " : index\n";
      os << "      %y = arith.constant " << constant(launch.getGridSizeY()) << " : index\n";
      os << "      %z = arith.constant " << constant(launch.getGridSizeZ()) << " : index\n";
      os << "      hal.return %x, %y, %z : index, index, index\n";
      os << "    } <{workgroup_size = [" << constant(launch.getBlockSizeX())
         << " : index, " << constant(launch.getBlockSizeY()) << " : index, "
         << constant(launch.getBlockSizeZ()) << " : index]";
      if (Value smem = launch.getDynamicSharedMemorySize())
        if (int64_t bytes = constant(smem))
          os << ", workgroup_local_memory = " << bytes << " : index";
      os << "}>\n  }\n";
    }
  }

  // The entry functions: tensors in and out, one dispatch per launch, each
  // writing its buffers in place (results tied to the operands).
  for (func::FuncOp func : entries) {
    int64_t numInputs = func->getAttrOfType<IntegerAttr>(kNumInputs).getInt();
    llvm::DenseMap<Value, std::string> current;
    unsigned next = 0;
    auto fresh = [&] { return "%" + std::to_string(next++); };
    os << "  func.func " << symbol(func.getSymName()) << "(";
    SmallVector<std::string> results;
    SmallVector<MemRefType> resultTypes;
    for (auto [i, arg] : llvm::enumerate(func.getArguments())) {
      auto type = cast<MemRefType>(arg.getType());
      if (int64_t(i) < numInputs) {
        current[arg] = "%arg" + std::to_string(i);
        os << (i ? ", " : "") << current[arg] << ": " << tensorText(type);
      } else {
        resultTypes.push_back(type);
      }
    }
    os << ")";
    if (!resultTypes.empty()) {
      os << " -> (";
      llvm::interleaveComma(resultTypes, os, [&](MemRefType t) { os << tensorText(t); });
      os << ")";
    }
    os << " {\n";
    for (BlockArgument arg : func.getArguments().drop_front(numInputs)) {
      current[arg] = fresh();
      os << "    " << current[arg] << " = tensor.empty() : "
         << tensorText(cast<MemRefType>(arg.getType())) << "\n";
    }
    for (Operation &op : func.getBody().getOps()) {
      if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
        current[alloc.getMemref()] = fresh();
        os << "    " << current[alloc.getMemref()] << " = tensor.empty() : "
           << tensorText(alloc.getType()) << "\n";
        continue;
      }
      auto launch = dyn_cast<gpu::LaunchFuncOp>(op);
      if (!launch)
        continue;
      ArrayRef<bool> readOnly =
          launch->getAttrOfType<DenseBoolArrayAttr>(kReadOnly).asArrayRef();
      SmallVector<Value> written;
      for (auto [operand, ro] : llvm::zip(launch.getKernelOperands(), readOnly))
        if (!ro)
          written.push_back(operand);
      std::string name = fresh();
      os << "    ";
      if (written.size() == 1)
        os << name << " = ";
      else if (written.size() > 1)
        os << name << ":" << written.size() << " = ";
      os << "flow.dispatch " << symbol(launch.getKernelModuleName())
         << "::" << symbol(launch.getKernelName()) << "(";
      llvm::interleaveComma(launch.getKernelOperands(), os,
                            [&](Value v) { os << current[v]; });
      os << ") : (";
      llvm::interleaveComma(launch.getKernelOperands(), os, [&](Value v) {
        os << tensorText(cast<MemRefType>(v.getType()));
      });
      os << ") -> ";
      if (written.size() != 1)
        os << "(";
      llvm::interleaveComma(written, os, [&](Value v) { os << current[v]; });
      if (written.size() != 1)
        os << ")";
      os << "\n";
      for (auto [i, v] : llvm::enumerate(written))
        current[v] = written.size() == 1 ? name : name + "#" + std::to_string(i);
    }
    os << "    return ";
    llvm::interleaveComma(func.getArguments().drop_front(numInputs), os,
                          [&](Value v) { os << current[v]; });
    if (!resultTypes.empty())
      os << " : ";
    llvm::interleaveComma(resultTypes, os, [&](MemRefType t) { os << tensorText(t); });
    os << "\n  }\n";
  }
  os << "}\n";
  return success();
}

void ExportIREE::runOnOperation() {
  ModuleOp module = getOperation();
  if (failed(recordSignatures(module)))
    return signalPassFailure();

  OpPassManager seed(ModuleOp::getOperationName());
  buildSeedPipeline(seed);
  if (failed(runPipeline(seed, module)))
    return signalPassFailure();

  SymbolTable symbols(module);
  llvm::StringMap<unsigned> launches;
  bool ok = true;
  for (auto func : llvm::to_vector(module.getOps<func::FuncOp>()))
    if (func->hasAttr(kNumInputs))
      ok &= succeeded(prepareHost(func, symbols, launches));
  if (!ok)
    return signalPassFailure();

  OpPassManager ptx(ModuleOp::getOperationName());
  buildPtx(ptx);
  if (failed(runPipeline(ptx, module)))
    return signalPassFailure();

  std::string text;
  llvm::raw_string_ostream os(text);
  if (failed(writeModule(module, os)))
    return signalPassFailure();
  if (output == "-") {
    replacementOutput() = std::move(text);
    return;
  }
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(output, &error);
  if (!file) {
    module.emitError("ks-export-iree: ") << error;
    return signalPassFailure();
  }
  file->os() << text;
  file->keep();
}
