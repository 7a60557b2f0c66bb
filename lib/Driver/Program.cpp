//===- Program.cpp - A compiled, JIT-loaded model -------------------------===//

#include "ks/Driver/Program.h"

#include "ks/Driver/Pipelines.h"
#include "ks/Runtime/GpuRuntime.h"
#include "ks/Skills/TransformOps/TransformOps.h"
#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"

#include <mutex>

using namespace mlir;
using namespace ks::runtime;

std::unique_ptr<MLIRContext> ks::runtime::createContext() {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  ks::registerTransformExtension(registry);
  registerAllToLLVMIRTranslations(registry);
  return std::make_unique<MLIRContext>(registry,
                                       MLIRContext::Threading::DISABLED);
}

size_t TensorSpec::bytes() const {
  // readSignature refuses a shape whose size overflows.
  return *denseBytes(type, shape);
}

llvm::Expected<TensorSpec>
ks::runtime::readTensorSpec(Type type, llvm::StringRef what, unsigned index,
                            llvm::StringRef entry) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return llvm::createStringError(llvm::formatv(
        "{0} #{1} of @{2} is not a static tensor", what, index, entry));
  std::string name;
  llvm::raw_string_ostream os(name);
  os << tensor.getElementType();
  llvm::Expected<DType> dtype = parseDType(name);
  if (!dtype)
    return llvm::createStringError(llvm::formatv(
        "{0} #{1} of @{2}: {3}", what, index, entry,
        llvm::toString(dtype.takeError())));
  TensorSpec spec{*dtype, llvm::SmallVector<int64_t>(tensor.getShape())};
  // Every later size (buffers, .npy files, copies) is spec.bytes().
  if (!denseBytes(spec.type, spec.shape))
    return llvm::createStringError(llvm::formatv("{0} #{1} of @{2}: {3} has more bytes than "
                                                 "64 bits can count",
                                                 what, index, entry, tensor));
  return spec;
}

llvm::Error ks::runtime::readSignature(ModuleOp module, llvm::StringRef entry,
                                       std::vector<TensorSpec> &inputs,
                                       std::vector<TensorSpec> &outputs) {
  auto func = module.lookupSymbol<func::FuncOp>(entry);
  if (!func)
    return llvm::createStringError("no function @" + entry + " in the module");
  for (auto [i, t] : llvm::enumerate(func.getArgumentTypes())) {
    llvm::Expected<TensorSpec> spec = readTensorSpec(t, "argument", i, entry);
    if (!spec)
      return spec.takeError();
    inputs.push_back(*spec);
  }
  for (auto [i, t] : llvm::enumerate(func.getResultTypes())) {
    llvm::Expected<TensorSpec> spec = readTensorSpec(t, "result", i, entry);
    if (!spec)
      return spec.takeError();
    outputs.push_back(*spec);
  }
  return llvm::Error::success();
}

/// What the pipelines compile for, in messages.
static llvm::StringRef describeTarget(Program::Target target) {
  switch (target) {
  case Program::Target::GPU:
    return "the GPU";
  case Program::Target::EmulatedGPU:
    return "the GPU emulated on the CPU";
  case Program::Target::CPU:
    return "the CPU";
  }
  llvm_unreachable("unknown target");
}

llvm::Expected<Program::Lowered>
Program::lower(ModuleOp module, llvm::StringRef entry, Target target,
               llvm::StringRef chip, llvm::StringRef plan,
               std::optional<int64_t> maxQuadraticScan) {
  Lowered lowered;
  lowered.target = target;
  Signature &signature = lowered.signature;
  signature.entry = entry.str();
  if (llvm::Error err = readSignature(module, entry, signature.inputs,
                                      signature.outputs))
    return std::move(err);

  llvm::StringRef what = describeTarget(target);
  auto failure = [&] {
    return llvm::createStringError("cannot compile the module for " + what +
                                   " (see the diagnostics above)");
  };
  lowered.module = module.clone();
  ModuleOp clone = *lowered.module;
  PassManager pm(module.getContext());
  if (target == Target::GPU) {
    ks::CompileOptions options;
    options.chip = chip.str();
    options.plan = plan.str();
    if (maxQuadraticScan)
      options.maxQuadraticScan = *maxQuadraticScan;
    // Seed lowering first, to read which kernel computes which dispatch
    // before the kernel modules become binaries.
    PassManager seedPm(module.getContext());
    ks::buildSeedLoweringPipeline(seedPm, options);
    if (failed(seedPm.run(clone)))
      return failure();
    signature.dispatches = ks::readKernelDispatches(clone);
    ks::buildPtxPipeline(pm, options);
    ks::buildLowerHostPipeline(pm);
  } else if (target == Target::EmulatedGPU) {
    ks::SeedLoweringOptions seed;
    seed.plan = plan.str();
    if (maxQuadraticScan)
      seed.maxQuadraticScan = *maxQuadraticScan;
    ks::buildEmulationPipeline(pm, seed);
  } else {
    ks::buildCpuReferencePipeline(pm);
  }
  if (failed(pm.run(clone)))
    return failure();
  signature.spills = ks::readPtxasSpillBytes(clone);
  return lowered;
}

llvm::Expected<std::unique_ptr<Program>> Program::load(Lowered lowered,
                                                       int device) {
  // The JIT compiles for this machine.
  static std::once_flag nativeTarget;
  std::call_once(nativeTarget, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });

  std::unique_ptr<Program> program(new Program());
  program->signature = std::move(lowered.signature);
  program->target = lowered.target;
  program->deviceOrdinal = device;
  const std::string &entry = program->signature.entry;
  llvm::StringRef what = describeTarget(lowered.target);

  ExecutionEngineOptions options;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Default;
  auto engine = ExecutionEngine::create(*lowered.module, options);
  if (!engine)
    return llvm::createStringError("cannot JIT the host code for " + what +
                                   ": " + llvm::toString(engine.takeError()));
  program->engine = std::move(*engine);
  if (lowered.target == Target::GPU)
    program->engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
      llvm::orc::SymbolMap map;
      for (auto &symbol : gpuRuntimeSymbols())
        map[interner(symbol.getKey())] = {
            llvm::orc::ExecutorAddr::fromPtr(symbol.getValue()),
            llvm::JITSymbolFlags::Exported};
      return map;
    });
  {
    // Runs the global constructors: for the GPU they load the kernels, into
    // the program's device.
    std::optional<cuda::ScopedContext> scope;
    if (lowered.target == Target::GPU) {
      scope.emplace(device);
      if (llvm::Error err = scope->takeError())
        return std::move(err);
      setDevice(device);
    }
    program->engine->initialize();
  }
  if (llvm::Error err = takeError())
    return llvm::createStringError("loading the kernels failed: " +
                                   llvm::toString(std::move(err)));
  auto packed = program->engine->lookupPacked(entry);
  if (!packed)
    return llvm::createStringError("@" + entry + " not found in the compiled program: " +
                                   llvm::toString(packed.takeError()));
  program->packedEntry = *packed;
  return program;
}

llvm::Expected<std::unique_ptr<Program>>
Program::compile(ModuleOp module, llvm::StringRef entry, Target target,
                 llvm::StringRef chip, llvm::StringRef plan,
                 std::optional<int64_t> maxQuadraticScan) {
  llvm::Expected<Lowered> lowered =
      lower(module, entry, target, chip, plan, maxQuadraticScan);
  if (!lowered)
    return lowered.takeError();
  return load(std::move(*lowered), /*device=*/0);
}

Program::~Program() {
  if (target != Target::GPU)
    return;
  llvm::Expected<const cuda::DriverAPI &> api = cuda::loadDriver();
  if (!api) {
    llvm::consumeError(api.takeError());
    return;
  }
  cuda::ScopedContext scope(deviceOrdinal);
  if (llvm::Error err = scope.takeError()) {
    llvm::consumeError(std::move(err));
    return;
  }
  setDevice(deviceOrdinal);
  // An in-flight graph is freed when it completes.
  for (CapturedGraph &g : graphs)
    api->cuGraphExecDestroy(g.exec);
  if (captureStream)
    api->cuStreamDestroy(captureStream);
  // The global destructors unload the kernels, from the program's device;
  // a failure there is no later call's.
  engine.reset();
  llvm::consumeError(takeError());
}

llvm::Error Program::invoke(llvm::ArrayRef<void *> buffers, void *stream) {
  const std::vector<TensorSpec> &inputSpecs = signature.inputs;
  const std::vector<TensorSpec> &outputSpecs = signature.outputs;
  size_t expected = inputSpecs.size() + outputSpecs.size();
  if (buffers.size() != expected)
    return llvm::createStringError(llvm::formatv(
        "@{0} takes {1} buffers ({2} inputs, {3} outputs), got {4}",
        signature.entry, expected, inputSpecs.size(), outputSpecs.size(),
        buffers.size()));

  // The expanded memref arguments (allocated, aligned, offset, sizes,
  // strides) of each buffer, packed for ExecutionEngine.
  std::vector<int64_t> words;
  auto specs = llvm::concat<const TensorSpec>(inputSpecs, outputSpecs);
  for (auto [spec, data] : llvm::zip(specs, buffers)) {
    size_t rank = spec.shape.size();
    words.push_back(reinterpret_cast<int64_t>(data));
    words.push_back(reinterpret_cast<int64_t>(data));
    words.push_back(0);
    words.insert(words.end(), spec.shape.begin(), spec.shape.end());
    std::vector<int64_t> strides(rank);
    int64_t stride = 1;
    for (size_t d = rank; d-- > 0;) {
      strides[d] = stride;
      stride *= spec.shape[d];
    }
    words.insert(words.end(), strides.begin(), strides.end());
  }
  llvm::SmallVector<void *> pointers;
  for (int64_t &w : words)
    pointers.push_back(&w);

  if (target != Target::GPU) {
    packedEntry(pointers.data());
    return llvm::Error::success();
  }
  return launch(buffers, stream, pointers.data());
}

void Program::useCudaGraphs(bool on) {
  // Whether the driver can capture is known once, here, not at every call.
  cudaGraphs = false;
  if (!on || target != Target::GPU)
    return;
  llvm::Expected<const cuda::DriverAPI &> api = cuda::loadDriver();
  if (!api) {
    llvm::consumeError(api.takeError());
    return;
  }
  cudaGraphs = api->cuStreamBeginCapture && api->cuStreamEndCapture &&
               api->cuGraphInstantiateWithFlags && api->cuGraphLaunch &&
               api->cuGraphExecDestroy && api->cuGraphDestroy;
}

llvm::Error Program::launch(llvm::ArrayRef<void *> buffers, void *stream,
                            void **args) {
  // Stream 0 is the default stream, as everywhere in CUDA (PyTorch's
  // default stream is 0): the work is queued there, not on a stream of
  // our own that each call would create, wait for and destroy.
  auto caller = stream ? static_cast<cuda::CUstream>(stream)
                       : cuda::legacyDefaultStream();
  // The program's device, for this call only.
  cuda::ScopedContext scope(deviceOrdinal);
  if (llvm::Error err = scope.takeError())
    return err;
  setDevice(deviceOrdinal);
  if (cudaGraphs) {
    // Set only where the driver loaded (useCudaGraphs).
    const cuda::DriverAPI &api = llvm::cantFail(cuda::loadDriver());
    auto same = [&](const CapturedGraph &g) {
      return g.stream == stream && llvm::ArrayRef<void *>(g.buffers) == buffers;
    };
    auto found = llvm::find_if(graphs, same);
    if (found == graphs.end()) {
      if (cuda::CUgraphExec exec = capture(args)) {
        // A few sets of buffers (PyTorch's allocator hands the same ones
        // back from call to call); the oldest goes.
        constexpr size_t kMaxGraphs = 8;
        if (graphs.size() == kMaxGraphs) {
          api.cuGraphExecDestroy(graphs.front().exec);
          graphs.erase(graphs.begin());
        }
        graphs.push_back({std::vector<void *>(buffers.begin(), buffers.end()), stream, exec});
        found = std::prev(graphs.end());
      }
    }
    if (found != graphs.end()) {
      std::rotate(found, std::next(found), graphs.end());
      ++numGraphLaunches;
      return cuda::check(api, api.cuGraphLaunch(graphs.back().exec, caller),
                         "cuGraphLaunch");
    }
  }
  setStream(caller);
  packedEntry(args);
  setStream(nullptr);
  return takeError();
}

ks::cuda::CUgraphExec Program::capture(void **args) {
  const cuda::DriverAPI &api = llvm::cantFail(cuda::loadDriver());
  auto giveUp = [&]() -> cuda::CUgraphExec {
    cudaGraphs = false;
    return nullptr;
  };
  // Capture needs a stream of its own (the legacy default stream cannot be
  // captured); the graph is then launched on the caller's.
  if (!captureStream &&
      api.cuStreamCreate(&captureStream, cuda::CU_STREAM_NON_BLOCKING) != cuda::CUDA_SUCCESS)
    return giveUp();
  if (api.cuStreamBeginCapture(captureStream, cuda::CU_STREAM_CAPTURE_MODE_RELAXED) !=
      cuda::CUDA_SUCCESS)
    return giveUp();
  setStream(captureStream);
  packedEntry(args);
  setStream(nullptr);
  // Nothing ran: a failure here (a synchronisation the host code asked
  // for, say) only means this program runs uncaptured.
  llvm::Error hostError = takeError();
  cuda::CUgraph graph = nullptr;
  cuda::CUresult ended = api.cuStreamEndCapture(captureStream, &graph);
  bool captured = !hostError && ended == cuda::CUDA_SUCCESS && graph;
  llvm::consumeError(std::move(hostError));
  if (!captured) {
    if (graph)
      api.cuGraphDestroy(graph);
    return giveUp();
  }
  cuda::CUgraphExec exec = nullptr;
  cuda::CUresult instantiated = api.cuGraphInstantiateWithFlags(&exec, graph, 0);
  api.cuGraphDestroy(graph);
  if (instantiated != cuda::CUDA_SUCCESS)
    return giveUp();
  ++numGraphsCaptured;
  return exec;
}
