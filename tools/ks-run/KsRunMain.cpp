//===- KsRunMain.cpp - Run a model on the GPU, check it against the CPU --===//
//
//   ks-run model.mlir --entry=main [--chip=sm_90] [--seed=0] [--json=r.json]
//
// Compiles the linalg-on-tensors module twice: with ks-compile for the GPU
// (host side JIT-compiled, kernels loaded from their verified PTX) and,
// independently, to loops for the CPU (the reference). Runs both on the same
// inputs (seeded random or .npy), compares every output, and times the GPU
// the way KernelBench does (warm-up, trials timed with CUDA events, L2
// flushed before each trial).
//
//===----------------------------------------------------------------------===//

#include "ks/Driver/Pipelines.h"
#include "ks/Driver/Program.h"
#include "ks/Runtime/CudaDriver.h"
#include "ks/Runtime/GpuRuntime.h"
#include "ks/Runtime/HostBuffer.h"
#include "ks/Runtime/KernelProfiler.h"
#include "ks/Runtime/KernelTracer.h"
#include "ks/Runtime/Occupancy.h"
#include "ks/Skills/WorkEstimate.h"
#include "ks/Support/Json.h"
#include "ks/Support/SourceFile.h"
#include "ks/Target/Chips.h"
#include "ks/Tools/Mains.h"
#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <numeric>
#include <thread>

#include <signal.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
using namespace ks::runtime;
namespace cl = llvm::cl;
namespace cuda = ks::cuda;

namespace {
/// The command line; built inside ksRunMain so the multi-call binary only
/// registers the options of the tool it runs.
struct Options {
  cl::opt<std::string> inputFile{cl::Positional, cl::Required, cl::desc("<linalg-on-tensors module>")};
  cl::opt<std::string> entry{"entry", cl::desc("Function to run"), cl::init("main")};
  cl::opt<std::string> chip{"chip", cl::desc("GPU chip"), cl::init(ks::kDefaultChip.str())};
  cl::opt<uint64_t> seed{"seed", cl::desc("Seed of the random inputs"), cl::init(0)};
  cl::list<std::string> inputNpy{"input", cl::desc("Input i from a .npy file (repeat in argument order)")};
  cl::opt<std::string> outputDir{"output-dir", cl::desc("Write every output as <dir>/<i>.npy")};
  cl::opt<bool> cpuOnly{"cpu-only", cl::desc("Run only the CPU reference (no GPU needed)")};
  cl::opt<bool> emulateGpu{"emulate-gpu", cl::desc("Run the GPU kernels (plan included) on the CPU, thread by thread, against the CPU reference: the numerics check without a GPU; nothing is timed")};
  cl::opt<bool> noReference{"no-reference", cl::desc("Skip the reference (same as --reference=none)")};
  cl::opt<std::string> reference{"reference", cl::desc("What the GPU result is checked against: 'cpu' (the module lowered independently for the CPU), 'gpu:FILE' (a second variant of the program, same signature, run on the GPU on the same inputs) or 'none'"), cl::init("cpu")};
  cl::opt<std::string> checkAt{"check-at", cl::desc("Check correctness on FILE instead, the same program at a smaller size (GPU against the CPU, its own inputs); the module itself is then only timed")};
  cl::opt<bool> printOutputs{"print-outputs", cl::desc("Print every output element")};
  cl::opt<double> absTol{"atol", cl::desc("Absolute tolerance"), cl::init(1e-4)};
  cl::opt<double> relTol{"rtol", cl::desc("Relative tolerance"), cl::init(1e-4)};
  cl::opt<unsigned> warmup{"warmup", cl::desc("Untimed runs before timing"), cl::init(3)};
  cl::opt<unsigned> trials{"trials", cl::desc("Timed runs"), cl::init(20)};
  cl::opt<bool> noL2Flush{"no-l2-flush", cl::desc("Don't flush L2 before each trial")};
  cl::opt<int64_t> intLow{"int-low", cl::desc("Lowest random integer input"), cl::init(0)};
  cl::opt<int64_t> intHigh{"int-high", cl::desc("One past the highest random integer input"), cl::init(8)};
  cl::opt<bool> isolate{"isolate", cl::desc("Run the GPU part in a worker process (default true)"), cl::init(true)};
  cl::opt<unsigned> timeoutSeconds{"timeout", cl::desc("Seconds the GPU run may take before the worker is stopped"), cl::init(120)};
  cl::opt<std::string> plan{"plan", cl::desc("Apply the skills of this JSON plan to the module's dispatches (ks-compile's plan=)")};
  cl::opt<int64_t> maxQuadraticScan{"max-quadratic-scan", cl::desc("Longest scan the program (or a GPU reference) may leave to the O(n^2) seed kernel; longer ones are refused (0: no limit; default: ks-compile's)"), cl::init(-1)};
  cl::opt<bool> cudaGraphs{"cuda-graphs", cl::desc("Capture the program's launches into a CUDA graph in an extra first run and launch the graph in every later run, the checked one included (as ksrt does for PyTorch); the CUPTI-traced runs launch kernel by kernel")};
  cl::opt<bool> metrics{"metrics", cl::desc("Read each kernel's hardware counters with CUPTI's range profiler (default true)"), cl::init(true)};
  cl::opt<std::string> jsonFile{"json", cl::desc("Write the results as JSON")};
};
Options *opts = nullptr;
} // namespace

namespace {

[[noreturn]] void fail(const llvm::Twine &message, int code = 1) {
  llvm::errs() << "ks-run: " << message << "\n";
  std::exit(code);
}

/// --max-quadratic-scan, where it was given.
std::optional<int64_t> quadraticScanLimit() {
  if (opts->maxQuadraticScan < 0)
    return std::nullopt;
  return opts->maxQuadraticScan.getValue();
}

template <typename T> T orFail(llvm::Expected<T> value, llvm::StringRef what) {
  if (!value)
    fail(what + ": " + llvm::toString(value.takeError()));
  return std::move(*value);
}

/// Fails, before anything is allocated, where the host cannot hold the
/// inputs and three copies of the outputs (the reference, the result being
/// checked, a run's outputs).
void checkHostMemoryFor(const std::vector<TensorSpec> &inSpecs,
                        const std::vector<TensorSpec> &outSpecs) {
  uint64_t total = 0;
  auto add = [&](const TensorSpec &spec, uint64_t copies) {
    std::optional<uint64_t> bytes = denseBytes(spec.type, spec.shape);
    bool multiplied = false, added = false;
    if (bytes)
      total = llvm::SaturatingAdd(total, llvm::SaturatingMultiply(*bytes, copies, &multiplied),
                                  &added);
    if (!bytes || multiplied || added)
      fail("the tensor " + describeArray(spec.type, spec.shape) +
               " is too large for 64-bit sizes",
           2);
  };
  for (const TensorSpec &spec : inSpecs)
    add(spec, 1);
  for (const TensorSpec &spec : outSpecs)
    add(spec, 3);
  if (llvm::Error err = checkHostMemory(total, "the inputs and outputs"))
    fail(llvm::toString(std::move(err)), 2);
}

void writeJson(llvm::json::Object report) {
  if (opts->jsonFile.empty())
    return;
  if (llvm::Error err =
          llvm::writeToOutput(opts->jsonFile, [&](llvm::raw_ostream &os) {
            os << llvm::formatv("{0:2}", llvm::json::Value(std::move(report)))
               << "\n";
            return llvm::Error::success();
          }))
    fail("cannot write " + opts->jsonFile + ": " + llvm::toString(std::move(err)));
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// A NaN (floats) or all-ones (integers) pattern an unwritten output shows.
void poison(const cuda::DriverAPI &api, cuda::CUdeviceptr ptr,
            const HostBuffer &like, cuda::CUstream stream) {
  size_t n = size_t(like.numElements());
  switch (like.type) {
  case DType::F32: api.cuMemsetD32Async(ptr, 0x7fc00000u, n, stream); break;
  case DType::F64: api.cuMemsetD32Async(ptr, 0x7ff80000u, 2 * n, stream); break;
  case DType::F16: api.cuMemsetD16Async(ptr, 0x7e00, n, stream); break;
  case DType::BF16: api.cuMemsetD16Async(ptr, 0x7fc0, n, stream); break;
  default: api.cuMemsetD8Async(ptr, 0xff, like.bytes.size(), stream); break;
  }
}


/// What a GPU run came back with. `status` is "ok", or "fault" (the kernel
/// faulted: illegal address, ...), "timeout" (the watchdog stopped it),
/// "crash" (the worker died) or "error" (anything else, e.g. compilation).
struct GpuOutcome {
  std::string status = "ok";
  std::string message;
  std::vector<HostBuffer> outputs;
  std::vector<double> timesMs;
  std::string kernelsJson;  ///< Per-kernel CUPTI times and counters (JSON).
  std::string tracingNote;  ///< Why there are no per-kernel times, if so.
  std::string metricsNote;  ///< Why there are no counters, if so.
  double lockWaitMs = 0;    ///< Waited for other ks-runs' turns on the GPU.
  /// With --cuda-graphs: graphs captured, and runs that launched one.
  unsigned graphsCaptured = 0, graphLaunches = 0;
  /// This run's turn on the GPU, ms since the epoch (0: it never got one).
  double turnStartMs = 0, turnEndMs = 0;
};

double epochMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// Set in a forked worker: where it tells its parent that it holds the GPU
/// (the parent's timeout runs from then, not while it compiles or waits).
int *gpuHeldFlag = nullptr;

/// ks-run processes take turns on a GPU: candidates compile in parallel,
/// their times and counters are measured one at a time. An exclusive flock
/// on KS_GPU_LOCK (default: one file per set of visible GPUs under /tmp),
/// released when the process exits, however it exits. Returns the open
/// file (close it to release), or -1 with `error` set.
int acquireGpuLock(double &waitedMs, std::string &error) {
  std::string path;
  if (const char *env = std::getenv("KS_GPU_LOCK"))
    path = env;
  if (path.empty()) {
    std::string devices = "all";
    if (const char *visible = std::getenv("CUDA_VISIBLE_DEVICES"))
      devices = visible;
    for (char &c : devices)
      if (!llvm::isAlnum(c))
        c = '_';
    path = "/tmp/ks-run-gpu-" + devices + ".lock";
  }
  int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) {
    error = "cannot open the GPU lock " + path + ": " + std::strerror(errno);
    return -1;
  }
  auto start = std::chrono::steady_clock::now();
  while (flock(fd, LOCK_EX) != 0)
    if (errno != EINTR) {
      error = "cannot lock " + path + ": " + std::strerror(errno);
      close(fd);
      return -1;
    }
  waitedMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                 .count();
  return fd;
}

/// Per-kernel summary of the traced trials: launch shape, resources,
/// occupancy, time statistics and, where the profiler ran, the counters of
/// the kernel's launch in the profiled run (`metrics`, in launch order of one
/// run).
std::string summarizeKernels(const std::vector<KernelRecord> &records,
                             unsigned trials,
                             const std::vector<RawMetrics> &metrics,
                             const SmLimits &sm,
                             const llvm::StringMap<int64_t> &dispatches,
                             const llvm::StringMap<int64_t> &spills) {
  llvm::json::Array kernels;
  std::vector<std::string> order;
  llvm::StringMap<std::vector<const KernelRecord *>> byName;
  double totalUs = 0;
  for (const KernelRecord &r : records) {
    if (!byName.count(r.name))
      order.push_back(r.name);
    byName[r.name].push_back(&r);
    totalUs += r.durationUs();
  }
  // One run launches records.size() / trials kernels, in the same order
  // every time; the profiled run has one range per launch.
  size_t perRun = trials ? records.size() / trials : records.size();
  for (const std::string &name : order) {
    const auto &rs = byName[name];
    std::vector<double> us;
    for (const KernelRecord *r : rs)
      us.push_back(r->durationUs());
    double sum = std::accumulate(us.begin(), us.end(), 0.0);
    const KernelRecord &first = *rs.front();
    Occupancy occ = computeOccupancy(
        sm, first.block[0] * first.block[1] * first.block[2], first.registers,
        first.sharedBytes);
    llvm::json::Object k{
        {"name", name},
        {"launches", int64_t(rs.size())},
        {"median_us", median(us)},
        {"min_us", *std::min_element(us.begin(), us.end())},
        {"mean_us", sum / us.size()},
        {"per_trial_us", trials ? sum / trials : sum},
        {"grid", llvm::json::Array{first.grid[0], first.grid[1], first.grid[2]}},
        {"block", llvm::json::Array{first.block[0], first.block[1], first.block[2]}},
        {"registers", first.registers},
        {"shared_bytes", first.sharedBytes},
        {"occupancy", llvm::json::Object{{"theoretical_pct", occ.theoreticalPct},
                                         {"blocks_per_sm", occ.blocksPerSm},
                                         {"limiter", occ.limiter}}}};
    if (auto it = dispatches.find(name); it != dispatches.end())
      k["dispatch"] = it->second;
    if (auto it = spills.find(name); it != spills.end())
      k["spill_bytes"] = it->second;
    size_t position = &first - records.data();
    if (metrics.size() == perRun && position < perRun)
      k["metrics"] = deriveMetrics(metrics[position]);
    kernels.push_back(std::move(k));
  }
  llvm::json::Object summary{
      {"kernels", std::move(kernels)},
      {"kernel_time_ms_per_trial", trials ? totalUs / 1e3 / trials : 0.0}};
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(summary));
  return text;
}

GpuOutcome gpuFailure(llvm::StringRef message) {
  GpuOutcome o;
  // Errors the GPU reports for a kernel that went wrong while running.
  static const char *kFaults[] = {
      "CUDA_ERROR_ILLEGAL_ADDRESS", "CUDA_ERROR_LAUNCH_FAILED",
      "CUDA_ERROR_ILLEGAL_INSTRUCTION", "CUDA_ERROR_MISALIGNED_ADDRESS",
      "CUDA_ERROR_INVALID_ADDRESS_SPACE", "CUDA_ERROR_INVALID_PC",
      "CUDA_ERROR_HARDWARE_STACK_ERROR", "CUDA_ERROR_ASSERT"};
  o.status = llvm::any_of(kFaults, [&](const char *f) {
               return message.contains(f);
             })
                 ? "fault"
                 : "error";
  o.message = message.str();
  return o;
}

/// Compiles `module` for the GPU, runs it once on `inputs` (outputs poisoned
/// first) and then times it; runs in the calling process. With a
/// `referenceModule`, `results` holds the module's outputs followed by the
/// reference's, which runs once on the same inputs.
GpuOutcome runOnGpu(ModuleOp module, std::vector<HostBuffer> &inputs,
                    std::vector<HostBuffer> results, ModuleOp referenceModule) {
  llvm::Expected<const cuda::DriverAPI &> driver = cuda::loadDriver();
  if (!driver)
    return gpuFailure(llvm::toString(driver.takeError()));
  const cuda::DriverAPI *api = &*driver;
  llvm::Expected<cuda::CUcontext> context = cuda::currentContext();
  if (!context)
    return gpuFailure(llvm::toString(context.takeError()));

  llvm::Expected<std::unique_ptr<Program>> program =
      Program::compile(module, opts->entry, Program::Target::GPU, opts->chip,
                       opts->plan, quadraticScanLimit());
  if (!program)
    return gpuFailure(llvm::toString(program.takeError()));
  std::unique_ptr<Program> referenceProgram;
  if (referenceModule) {
    llvm::Expected<std::unique_ptr<Program>> compiled = Program::compile(
        referenceModule, opts->entry, Program::Target::GPU, opts->chip, "",
        quadraticScanLimit());
    if (!compiled)
      return gpuFailure("reference: " + llvm::toString(compiled.takeError()));
    referenceProgram = std::move(*compiled);
  }

  // Compiled; now wait for our turn on the GPU.
  double lockWaitMs = 0;
  std::string lockError;
  int lockFd = acquireGpuLock(lockWaitMs, lockError);
  if (lockFd < 0)
    llvm::errs() << "ks-run: warning: " << lockError
                 << "; measuring without waiting for other ks-runs\n";
  double turnStartMs = epochMs();
  llvm::scope_exit unlock([&] {
    if (lockFd >= 0)
      close(lockFd);
  });
  if (gpuHeldFlag)
    __atomic_store_n(gpuHeldFlag, 1, __ATOMIC_SEQ_CST);

  cuda::CUstream stream = nullptr;
  api->cuStreamCreate(&stream, cuda::CU_STREAM_DEFAULT);

  std::vector<cuda::CUdeviceptr> dIn, dOut;
  cuda::CUdeviceptr flush = 0;
  auto release = [&] {
    for (cuda::CUdeviceptr p : dIn)
      api->cuMemFree(p);
    for (cuda::CUdeviceptr p : dOut)
      api->cuMemFree(p);
    if (flush)
      api->cuMemFree(flush);
    api->cuStreamDestroy(stream);
  };
  auto alloc = [&](size_t bytes, cuda::CUdeviceptr &p) {
    return cuda::check(*api, api->cuMemAlloc(&p, std::max<size_t>(bytes, 1)),
                       "cuMemAlloc");
  };
  // Device buffers: inputs uploaded once, outputs poisoned before the check.
  for (HostBuffer &b : inputs) {
    dIn.push_back(0);
    if (llvm::Error err = alloc(b.bytes.size(), dIn.back()))
      return release(), gpuFailure(llvm::toString(std::move(err)));
    api->cuMemcpyHtoD(dIn.back(), b.bytes.data(), b.bytes.size());
  }
  for (HostBuffer &b : results) {
    dOut.push_back(0);
    if (llvm::Error err = alloc(b.bytes.size(), dOut.back()))
      return release(), gpuFailure(llvm::toString(std::move(err)));
  }
  // The inputs, then the outputs of the module (or of the reference).
  size_t numOutputs = (*program)->outputs().size();
  auto buffersOf = [&](size_t firstOutput) {
    std::vector<void *> buffers;
    for (cuda::CUdeviceptr p : dIn)
      buffers.push_back(reinterpret_cast<void *>(p));
    for (size_t i = 0; i < numOutputs; ++i)
      buffers.push_back(reinterpret_cast<void *>(dOut[firstOutput + i]));
    return buffers;
  };
  std::vector<void *> buffers = buffersOf(0);
  auto runOnce = [&]() -> llvm::Error {
    return (*program)->invoke(buffers, stream);
  };
  // invoke() only queues the work on the stream; a kernel that faults
  // reports when the stream is waited for.
  auto finish = [&]() -> llvm::Error {
    return cuda::check(*api, api->cuStreamSynchronize(stream), "running the kernels");
  };

  // With graphs, the first run captures and launches one; the run checked
  // below launches it again.
  (*program)->useCudaGraphs(opts->cudaGraphs);
  if (opts->cudaGraphs) {
    llvm::Error err = runOnce();
    if (!err)
      err = finish();
    if (err)
      return release(), gpuFailure("GPU run failed: " + llvm::toString(std::move(err)));
  }
  // Correctness first: poison, run once (and the reference), read back.
  for (auto [p, b] : llvm::zip(dOut, results))
    poison(*api, p, b, stream);
  if (llvm::Error err = runOnce())
    return release(), gpuFailure("GPU run failed: " + llvm::toString(std::move(err)));
  if (llvm::Error err = finish())
    return release(), gpuFailure("GPU run failed: " + llvm::toString(std::move(err)));
  if (referenceProgram) {
    llvm::Error err = referenceProgram->invoke(buffersOf(numOutputs), stream);
    if (!err)
      err = finish();
    if (err)
      return release(), gpuFailure("reference run failed: " + llvm::toString(std::move(err)));
  }
  for (auto [p, b] : llvm::zip(dOut, results))
    if (llvm::Error err = cuda::check(
            *api, api->cuMemcpyDtoH(b.bytes.data(), p, b.bytes.size()),
            "reading an output"))
      return release(), gpuFailure(llvm::toString(std::move(err)));

  // Timing as KernelBench: warm-up, then events around each trial with L2
  // flushed before it (a 256 MiB memset evicts the H100's 50 MB L2).
  GpuOutcome outcome;
  outcome.lockWaitMs = lockWaitMs;
  outcome.turnStartMs = turnStartMs;
  const size_t flushBytes = 256u << 20;
  if (!opts->noL2Flush)
    if (llvm::Error err = alloc(flushBytes, flush))
      return release(), gpuFailure(llvm::toString(std::move(err)));
  for (unsigned i = 0; i < opts->warmup; ++i)
    if (llvm::Error err = runOnce())
      return release(), gpuFailure("GPU run failed: " + llvm::toString(std::move(err)));
  cuda::CUevent start, stop;
  api->cuEventCreate(&start, cuda::CU_EVENT_DEFAULT);
  api->cuEventCreate(&stop, cuda::CU_EVENT_DEFAULT);
  for (unsigned i = 0; i < opts->trials; ++i) {
    if (flush)
      api->cuMemsetD32Async(flush, i, flushBytes / 4, stream);
    api->cuEventRecord(start, stream);
    if (llvm::Error err = runOnce())
      return release(), gpuFailure("GPU run failed: " + llvm::toString(std::move(err)));
    api->cuEventRecord(stop, stream);
    api->cuEventSynchronize(stop);
    float ms = 0;
    api->cuEventElapsedTime(&ms, start, stop);
    outcome.timesMs.push_back(ms);
  }
  outcome.graphsCaptured = (*program)->graphsCaptured();
  outcome.graphLaunches = (*program)->graphLaunches();
  // The traced trials launch kernel by kernel (the counters are read per
  // launch).
  (*program)->useCudaGraphs(false);
  // Per-kernel times from CUPTI, in trials of their own so that tracing
  // does not perturb the event timings above (the L2 flush is a memset, not
  // a kernel). Without CUPTI the event timings still stand.
  bool tracing = true;
  if (llvm::Error err = startKernelTracing()) {
    outcome.tracingNote = llvm::toString(std::move(err));
    tracing = false;
  }
  for (unsigned i = 0; tracing && i < opts->trials; ++i) {
    if (flush)
      api->cuMemsetD32Async(flush, i, flushBytes / 4, stream);
    if (llvm::Error err = runOnce())
      return release(), gpuFailure("GPU run failed: " + llvm::toString(std::move(err)));
  }
  if (llvm::Error err = finish())
    return release(), gpuFailure("GPU run failed: " + llvm::toString(std::move(err)));
  std::vector<KernelRecord> records;
  if (tracing) {
    llvm::Expected<std::vector<KernelRecord>> traced = stopKernelTracing();
    if (traced)
      records = std::move(*traced);
    else
      outcome.tracingNote = llvm::toString(traced.takeError());
  }
  // Hardware counters of one more run, each kernel replayed by CUPTI as
  // often as its counters need (after the timings: replay is slow).
  std::vector<RawMetrics> metrics;
  if (opts->metrics) {
    if (flush)
      api->cuMemsetD32Async(flush, 0, flushBytes / 4, stream);
    llvm::Expected<std::vector<RawMetrics>> profiled =
        profileKernels(*context, 0, runOnce);
    if (profiled)
      metrics = std::move(*profiled);
    else
      outcome.metricsNote = llvm::toString(profiled.takeError());
  }
  if (!records.empty())
    outcome.kernelsJson =
        summarizeKernels(records, opts->trials, metrics, readSmLimits(*api),
                         (*program)->kernelDispatches(), (*program)->kernelSpillBytes());
  api->cuEventDestroy(start);
  api->cuEventDestroy(stop);
  release();
  outcome.outputs = std::move(results);
  outcome.turnEndMs = epochMs();
  return outcome;
}

/// The worker's answer, in memory shared with the parent.
struct SharedHeader {
  int done;
  char status[16];
  char message[8192];
  unsigned numTimes;
  double times[4096];
  char kernelsJson[1 << 20];
  char tracingNote[1024];
  char metricsNote[1024];
  int holdsGpu; ///< Set by the worker once it is its turn on the GPU.
  double lockWaitMs, turnStartMs, turnEndMs;
  unsigned graphsCaptured, graphLaunches;
};

/// Runs `runOnGpu` in a forked worker so that a kernel that faults, hangs
/// or takes the process down comes back as a status, not as our own death.
/// The parent has not initialized CUDA (it must not, before fork()).
GpuOutcome runIsolated(ModuleOp module, std::vector<HostBuffer> &inputs,
                       std::vector<HostBuffer> results, ModuleOp referenceModule,
                       unsigned timeoutSeconds) {
  size_t outBytes = 0;
  for (HostBuffer &b : results)
    outBytes += b.bytes.size();
  size_t size = sizeof(SharedHeader) + outBytes;
  void *shared = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED)
    return gpuFailure("cannot map memory for the worker");
  auto *header = static_cast<SharedHeader *>(shared);
  uint8_t *data = static_cast<uint8_t *>(shared) + sizeof(SharedHeader);
  std::memset(header, 0, sizeof(SharedHeader));
  llvm::outs().flush();
  llvm::errs().flush();

  pid_t pid = fork();
  if (pid < 0) {
    munmap(shared, size);
    return gpuFailure("cannot start a worker process");
  }
  if (pid == 0) {
    gpuHeldFlag = &header->holdsGpu;
    GpuOutcome o = runOnGpu(module, inputs, results, referenceModule);
    header->lockWaitMs = o.lockWaitMs;
    header->graphsCaptured = o.graphsCaptured;
    header->graphLaunches = o.graphLaunches;
    header->turnStartMs = o.turnStartMs;
    header->turnEndMs = o.turnEndMs;
    std::snprintf(header->status, sizeof(header->status), "%s", o.status.c_str());
    std::snprintf(header->message, sizeof(header->message), "%s", o.message.c_str());
    header->numTimes = std::min<size_t>(o.timesMs.size(), 4096);
    std::copy_n(o.timesMs.begin(), header->numTimes, header->times);
    if (o.kernelsJson.size() < sizeof(header->kernelsJson))
      std::snprintf(header->kernelsJson, sizeof(header->kernelsJson), "%s",
                    o.kernelsJson.c_str());
    else
      o.tracingNote = "the per-kernel report is larger than the worker can pass back";
    std::snprintf(header->metricsNote, sizeof(header->metricsNote), "%s",
                  o.metricsNote.c_str());
    std::snprintf(header->tracingNote, sizeof(header->tracingNote), "%s",
                  o.tracingNote.c_str());
    uint8_t *at = data;
    for (HostBuffer &b : o.outputs) {
      std::memcpy(at, b.bytes.data(), b.bytes.size());
      at += b.bytes.size();
    }
    __atomic_store_n(&header->done, 1, __ATOMIC_SEQ_CST);
    _exit(0);
  }

  GpuOutcome outcome;
  int wstatus = 0;
  // The timeout counts from the worker's turn on the GPU; compiling and
  // waiting for other ks-runs get a generous deadline of their own.
  auto now = [] { return std::chrono::steady_clock::now(); };
  auto deadline = now() + std::chrono::seconds(std::max(600u, 10 * timeoutSeconds));
  bool onGpu = false;
  while (true) {
    pid_t r = waitpid(pid, &wstatus, WNOHANG);
    if (r == pid)
      break;
    if (!onGpu && __atomic_load_n(&header->holdsGpu, __ATOMIC_SEQ_CST)) {
      onGpu = true;
      deadline = now() + std::chrono::seconds(timeoutSeconds);
    }
    if (now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &wstatus, 0);
      outcome.status = "timeout";
      outcome.message = onGpu ? "the GPU run did not finish within " +
                                    std::to_string(timeoutSeconds) +
                                    " s; the worker was stopped"
                              : "the worker did not get to the GPU (compiling, or waiting "
                                "for other ks-runs) within " +
                                    std::to_string(std::max(600u, 10 * timeoutSeconds)) +
                                    " s; it was stopped";
      munmap(shared, size);
      return outcome;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (WIFSIGNALED(wstatus) || !__atomic_load_n(&header->done, __ATOMIC_SEQ_CST)) {
    outcome.status = "crash";
    outcome.message = WIFSIGNALED(wstatus)
                          ? std::string("the worker died: ") + strsignal(WTERMSIG(wstatus))
                          : "the worker exited with code " +
                                std::to_string(WEXITSTATUS(wstatus)) +
                                " before it reported";
    munmap(shared, size);
    return outcome;
  }
  outcome.status = header->status;
  outcome.message = header->message;
  outcome.timesMs.assign(header->times, header->times + header->numTimes);
  outcome.kernelsJson = header->kernelsJson;
  outcome.tracingNote = header->tracingNote;
  outcome.lockWaitMs = header->lockWaitMs;
  outcome.graphsCaptured = header->graphsCaptured;
  outcome.graphLaunches = header->graphLaunches;
  outcome.turnStartMs = header->turnStartMs;
  outcome.turnEndMs = header->turnEndMs;
  outcome.metricsNote = header->metricsNote;
  if (outcome.status == "ok") {
    const uint8_t *at = data;
    for (HostBuffer &b : results) {
      std::memcpy(b.bytes.data(), at, b.bytes.size());
      at += b.bytes.size();
    }
    outcome.outputs = std::move(results);
  }
  munmap(shared, size);
  return outcome;
}

/// Runs ks-run on --check-at's file (the same program at a smaller size),
/// GPU against the CPU, untimed; returns its JSON report and whether every
/// output matched.
llvm::json::Value checkAtSmallerSize(const char *argv0, bool &passed) {
  static int anchor;
  std::string self = llvm::sys::fs::getMainExecutable(argv0, &anchor);
  llvm::SmallString<128> json;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("ks-run-check", "json", json))
    fail("cannot create a temporary file: " + ec.message());
  llvm::FileRemover removeJson(json);
  std::vector<std::string> args = {
      "ks-run", opts->checkAt, "--entry=" + opts->entry, "--chip=" + opts->chip,
      "--seed=" + std::to_string(opts->seed),
      llvm::formatv("--atol={0:e}", opts->absTol.getValue()).str(),
      llvm::formatv("--rtol={0:e}", opts->relTol.getValue()).str(),
      "--int-low=" + std::to_string(opts->intLow),
      "--int-high=" + std::to_string(opts->intHigh),
      "--timeout=" + std::to_string(opts->timeoutSeconds),
      "--warmup=0", "--trials=1", "--metrics=false", "--json=" + json.str().str()};
  // The check compiles the program as the timed run does: the same plan
  // (the kernels under test), launched the same way.
  if (!opts->plan.empty())
    args.push_back("--plan=" + opts->plan);
  if (opts->maxQuadraticScan >= 0)
    args.push_back("--max-quadratic-scan=" + std::to_string(opts->maxQuadraticScan));
  if (opts->cudaGraphs)
    args.push_back("--cuda-graphs");
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  llvm::outs() << "ks-run: checking at a smaller size: " << opts->checkAt << "\n";
  llvm::outs().flush();
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(self, argRefs, std::nullopt, {}, 0, 0, &error);
  if (rc < 0)
    fail("the check at a smaller size (" + opts->checkAt + ") did not run: " + error);
  auto buffer = llvm::MemoryBuffer::getFile(json);
  llvm::Expected<llvm::json::Value> report =
      buffer ? ks::parseJson((*buffer)->getBuffer())
             : llvm::Expected<llvm::json::Value>(llvm::errorCodeToError(buffer.getError()));
  if (!report) {
    llvm::consumeError(report.takeError());
    fail("the check at a smaller size (" + opts->checkAt +
         ") stopped with exit code " + std::to_string(rc) + " before it reported");
  }
  passed = rc == 0;
  return std::move(*report);
}

/// What the steps of ksRunMain share: the module, its signature and inputs,
/// and what its result is checked against.
struct RunState {
  // Declared first so that it outlives the module parsed from it.
  llvm::SourceMgr sourceMgr;
  OwningOpRef<ModuleOp> module;
  std::vector<TensorSpec> inSpecs, outSpecs;
  std::vector<HostBuffer> inputs;
  ks::agents::WorkEstimate work;
  /// 'cpu', 'gpu:FILE' or 'none', after the option checks.
  std::string referenceKind;
  OwningOpRef<ModuleOp> referenceModule;
  /// Whether the check at a smaller size passed (true without one).
  bool allChecksPassed = true;
  /// Whether the outputs are compared against a reference here.
  bool compared = false;
};

/// Fresh buffers for the entry's outputs.
std::vector<HostBuffer> newOutputs(const std::vector<TensorSpec> &outSpecs) {
  std::vector<HostBuffer> outs;
  for (const TensorSpec &spec : outSpecs)
    outs.emplace_back(spec.type, spec.shape);
  return outs;
}

/// Inputs: .npy files where given, else seeded random, so that runs repeat.
std::vector<HostBuffer> readInputs(const std::vector<TensorSpec> &inSpecs) {
  if (!opts->inputNpy.empty() && opts->inputNpy.size() != inSpecs.size())
    fail(llvm::formatv("@{0} takes {1} inputs, {2} --input files given", opts->entry,
                       inSpecs.size(), opts->inputNpy.size()));
  std::vector<HostBuffer> inputs;
  for (auto [i, spec] : llvm::enumerate(inSpecs)) {
    if (!opts->inputNpy.empty()) {
      HostBuffer b = orFail(readNpy(opts->inputNpy[i]), "input #" + std::to_string(i));
      std::string want = describeArray(spec.type, spec.shape);
      if (b.describe() != want)
        fail(llvm::formatv("input #{0} ({1}) is {2}, @{3} takes {4}", i,
                           opts->inputNpy[i], b.describe(), opts->entry, want));
      inputs.push_back(std::move(b));
    } else {
      inputs.emplace_back(spec.type, spec.shape);
      fillRandom(inputs.back(), opts->seed + i, opts->intLow, opts->intHigh);
    }
  }
  return inputs;
}

/// Parses the module and reads its inputs; the report's header, so that every
/// later step has what it needs in `run`.
llvm::json::Object loadModule(RunState &run, MLIRContext *context) {
  std::string error;
  auto file = openInputFile(opts->inputFile, &error);
  if (!file)
    fail(error);
  run.sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  run.module = ks::parseCheckedModule(run.sourceMgr, context);
  if (!run.module)
    fail("cannot parse " + opts->inputFile);
  if (llvm::Error err = readSignature(*run.module, opts->entry, run.inSpecs, run.outSpecs))
    fail(llvm::toString(std::move(err)));

  checkHostMemoryFor(run.inSpecs, run.outSpecs);
  run.inputs = readInputs(run.inSpecs);

  llvm::json::Object report{{"module", opts->inputFile.getValue()},
                            {"entry", opts->entry.getValue()},
                            {"seed", int64_t(opts->seed)}};
  // The work the program must do, for achieved bandwidth and FLOP rate.
  run.work = ks::agents::estimateWork(run.module->lookupSymbol<func::FuncOp>(opts->entry));
  report["work"] = llvm::json::Object{{"flops", run.work.flops},
                                      {"transcendentals", run.work.transcendentals},
                                      {"min_bytes", run.work.minBytes}};
  return report;
}

/// Refuses the option combinations that contradict each other, before any
/// work; the reference kind that remains ('none' under --check-at).
std::string checkOptionCombinations() {
  std::string referenceKind = opts->noReference ? "none" : opts->reference.getValue();
  if (opts->emulateGpu) {
    if (opts->cpuOnly)
      fail("--emulate-gpu runs the GPU kernels on the CPU; it does not go with --cpu-only");
    if (!opts->checkAt.empty())
      fail("--emulate-gpu checks the module itself; it does not go with --check-at");
    if (referenceKind != "cpu" && referenceKind != "none")
      fail("--emulate-gpu is checked against the CPU reference, not --reference=" + referenceKind);
  }
  if (!opts->checkAt.empty()) {
    if (opts->cpuOnly)
      fail("--check-at checks the GPU at a smaller size; it does not go with --cpu-only");
    if (referenceKind != "cpu")
      fail("--check-at and --reference=" + referenceKind + " exclude each other");
    referenceKind = "none";
  }
  return referenceKind;
}

/// Loads a GPU reference (--reference=gpu:FILE), which must have the module's
/// signature for its outputs to be comparable.
OwningOpRef<ModuleOp> loadGpuReference(const RunState &run, const std::string &path,
                                       MLIRContext *context) {
  if (opts->cpuOnly)
    fail("--reference=gpu:" + path + " runs on the GPU; it does not go with --cpu-only");
  OwningOpRef<ModuleOp> referenceModule = ks::parseCheckedModuleFile(path, context);
  if (!referenceModule)
    fail("cannot parse the reference " + path);
  std::vector<TensorSpec> refIn, refOut;
  if (llvm::Error err = readSignature(*referenceModule, opts->entry, refIn, refOut))
    fail("reference " + path + ": " + llvm::toString(std::move(err)));
  auto describe = [](const std::vector<TensorSpec> &specs) {
    std::string text;
    for (const TensorSpec &spec : specs)
      text += (text.empty() ? "" : ", ") + describeArray(spec.type, spec.shape);
    return "(" + text + ")";
  };
  if (describe(refIn) + describe(refOut) != describe(run.inSpecs) + describe(run.outSpecs))
    fail(llvm::formatv("the reference {0} has the signature {1} -> {2}, the module {3} -> {4}",
                       path, describe(refIn), describe(refOut), describe(run.inSpecs),
                       describe(run.outSpecs)));
  return referenceModule;
}

/// Chooses what the result is checked against (and runs --check-at); the
/// report's "reference", said before any output is computed.
llvm::json::Object chooseReference(RunState &run, MLIRContext *context, const char *argv0) {
  run.referenceKind = checkOptionCombinations();
  const std::string &referenceKind = run.referenceKind;
  llvm::json::Object referenceInfo;
  if (llvm::StringRef(referenceKind).starts_with("gpu:")) {
    std::string path = referenceKind.substr(4);
    run.referenceModule = loadGpuReference(run, path, context);
    referenceInfo = llvm::json::Object{{"kind", "gpu"}, {"module", path}};
  } else if (referenceKind == "cpu" || referenceKind == "none") {
    referenceInfo = llvm::json::Object{{"kind", referenceKind}};
  } else {
    fail("unknown --reference '" + referenceKind + "': expected cpu, gpu:FILE or none");
  }
  run.compared = !opts->cpuOnly && referenceKind != "none";

  // Fail before the CPU reference, and clearly, where there is no GPU.
  if (!opts->cpuOnly && !opts->emulateGpu) {
    llvm::Expected<const cuda::DriverAPI &> driver = cuda::loadDriver();
    if (!driver)
      fail(llvm::toString(driver.takeError()) +
               " (use --cpu-only to run just the CPU reference)",
           2);
    // No cuInit here: the GPU run may happen in a forked worker, and CUDA
    // must not be initialized before fork().
  }

  // Correctness checked at a smaller size, in a ks-run of its own.
  if (!opts->checkAt.empty()) {
    bool passed = false;
    llvm::json::Value check = checkAtSmallerSize(argv0, passed);
    run.allChecksPassed = passed;
    referenceInfo = llvm::json::Object{{"kind", "cpu, at a smaller size"},
                                       {"module", opts->checkAt.getValue()},
                                       {"passed", passed},
                                       {"check", std::move(check)}};
  }
  return referenceInfo;
}

/// Runs a program compiled for the CPU on the inputs; its outputs. Shared by
/// the CPU reference and the emulated GPU run so both see the same buffers.
std::vector<HostBuffer> runOnHost(RunState &run, Program &program, llvm::StringRef what) {
  std::vector<HostBuffer> outputs = newOutputs(run.outSpecs);
  std::vector<void *> buffers;
  for (HostBuffer &b : run.inputs)
    buffers.push_back(b.bytes.data());
  for (HostBuffer &b : outputs)
    buffers.push_back(b.bytes.data());
  if (llvm::Error err = program.invoke(buffers))
    fail(what + " failed: " + llvm::toString(std::move(err)));
  return outputs;
}

/// Runs the GPU kernels emulated on the CPU; their outputs. A program that
/// cannot be emulated exits with 4, apart from a mismatch (1).
std::vector<HostBuffer> runEmulated(RunState &run, llvm::json::Object &report) {
  llvm::Expected<std::unique_ptr<Program>> compiled =
      Program::compile(*run.module, opts->entry, Program::Target::EmulatedGPU, opts->chip,
                       opts->plan, quadraticScanLimit());
  if (!compiled)
    fail("GPU kernels emulated on the CPU: " + llvm::toString(compiled.takeError()), 4);
  std::vector<HostBuffer> results = runOnHost(run, **compiled, "the emulated run");
  report["status"] = "ok";
  report["emulated_on_cpu"] = true;
  return results;
}

/// Adds the GPU run's times (and what they achieved) to the report, kept
/// apart from the outputs so the summary can print them from the report.
void reportGpuTimes(const RunState &run, const GpuOutcome &gpu, llvm::json::Object &report) {
  const std::vector<double> &times = gpu.timesMs;
  if (times.empty())
    return;
  double mean = std::accumulate(times.begin(), times.end(), 0.0) / times.size();
  report["time_ms"] = llvm::json::Object{
      {"min", *std::min_element(times.begin(), times.end())},
      {"median", median(times)},
      {"mean", mean},
      {"trials", int64_t(times.size())},
      {"warmup", int64_t(opts->warmup)},
      {"l2_flush", !opts->noL2Flush}};
  if (opts->cudaGraphs)
    report["cuda_graphs"] = llvm::json::Object{{"captured", int64_t(gpu.graphsCaptured)},
                                               {"launches", int64_t(gpu.graphLaunches)}};
  double seconds = median(times) / 1e3;
  if (seconds > 0)
    report["achieved"] = llvm::json::Object{
        {"gbps", double(run.work.minBytes) / seconds / 1e9},
        {"gflops", double(run.work.flops) / seconds / 1e9}};
}

/// Runs the module on the GPU (with a GPU reference after it, if any) and
/// fills the report: times, CUPTI, notes. False, with the report written,
/// where the GPU run did not finish, so the caller exits with 3.
bool runGpuAndReport(RunState &run, llvm::json::Object &report,
                     std::vector<HostBuffer> &results, std::vector<HostBuffer> &reference) {
  // With a GPU reference, the worker returns its outputs after ours.
  std::vector<HostBuffer> outputs = newOutputs(run.outSpecs);
  if (run.referenceModule)
    for (HostBuffer &b : newOutputs(run.outSpecs))
      outputs.push_back(std::move(b));
  GpuOutcome gpu = opts->isolate
                       ? runIsolated(*run.module, run.inputs, std::move(outputs),
                                     run.referenceModule.get(), opts->timeoutSeconds)
                       : runOnGpu(*run.module, run.inputs, std::move(outputs),
                                  run.referenceModule.get());
  report["status"] = gpu.status;
  if (gpu.status != "ok") {
    report["message"] = gpu.message;
    llvm::outs() << llvm::formatv("{0} @{1}: {2}: {3}\n", opts->inputFile.getValue(),
                                  opts->entry.getValue(), gpu.status, gpu.message);
    writeJson(std::move(report));
    return false;
  }
  results = std::move(gpu.outputs);
  report["gpu_turn"] = llvm::json::Object{{"waited_ms", gpu.lockWaitMs},
                                          {"start_ms", gpu.turnStartMs},
                                          {"end_ms", gpu.turnEndMs}};
  if (run.referenceModule) {
    reference.assign(std::make_move_iterator(results.begin() + run.outSpecs.size()),
                     std::make_move_iterator(results.end()));
    results.resize(run.outSpecs.size());
  }
  if (!gpu.kernelsJson.empty()) {
    llvm::Expected<llvm::json::Value> kernels = ks::parseJson(gpu.kernelsJson);
    if (kernels)
      report["cupti"] = std::move(*kernels);
    else
      llvm::consumeError(kernels.takeError());
  }
  if (!gpu.tracingNote.empty()) {
    // Said once; the event timings below still stand.
    llvm::errs() << "ks-run: note: no per-kernel times: " << gpu.tracingNote << "\n";
    report["cupti_note"] = gpu.tracingNote;
  }
  if (!gpu.metricsNote.empty()) {
    llvm::errs() << "ks-run: note: no hardware counters: " << gpu.metricsNote << "\n";
    report["metrics_note"] = gpu.metricsNote;
  }
  reportGpuTimes(run, gpu, report);
  return true;
}

/// The headline: what the outputs below were checked against.
std::string checkedAgainst(const RunState &run) {
  return opts->cpuOnly ? "CPU reference only"
         : opts->emulateGpu
             ? (run.compared ? "GPU kernels emulated on the CPU vs CPU reference"
                             : "GPU kernels emulated on the CPU, not checked")
         : run.referenceModule ? "GPU vs the GPU reference " + run.referenceKind.substr(4)
         : run.compared        ? "GPU vs CPU reference"
         : !opts->checkAt.empty()
             ? "GPU, checked at a smaller size (" + opts->checkAt + "): " +
                   (run.allChecksPassed ? "match" : "MISMATCH")
             : "GPU, not checked";
}

/// Compares, prints and writes each output against the reference; whether
/// all checks (the one at a smaller size included) passed.
bool compareOutputs(const RunState &run, const std::vector<HostBuffer> &results,
                    const std::vector<HostBuffer> &reference, llvm::json::Object &report) {
  bool allPassed = run.allChecksPassed;
  llvm::json::Array outputs;
  llvm::outs() << llvm::formatv("{0} @{1}: {2}\n", opts->inputFile.getValue(),
                                opts->entry.getValue(), checkedAgainst(run));
  for (auto [i, result] : llvm::enumerate(results)) {
    llvm::json::Object o{{"index", int64_t(i)}, {"type", result.describe()}};
    std::string line = llvm::formatv("  output #{0} {1}", i, result.describe());
    if (run.compared) {
      Comparison c = compare(result, reference[i], opts->absTol, opts->relTol);
      allPassed &= c.passed();
      o["max_abs_error"] = ks::jsonNumber(c.maxAbsError);
      o["max_rel_error"] = ks::jsonNumber(c.maxRelError);
      o["mismatches"] = c.mismatches;
      o["passed"] = c.passed();
      line += llvm::formatv(": {0}, max abs err {1:e2}, max rel err {2:e2}, "
                            "{3} mismatches",
                            c.passed() ? "match" : "MISMATCH", c.maxAbsError,
                            c.maxRelError, c.mismatches);
      if (c.firstMismatch >= 0) {
        std::string at = formatIndex(result.shape, c.firstMismatch);
        o["first_mismatch"] = llvm::json::Object{
            {"index", at},
            {"actual", ks::jsonNumber(result.get(c.firstMismatch))},
            {"expected", ks::jsonNumber(reference[i].get(c.firstMismatch))}};
        line += llvm::formatv(" (first at {0}: {1} vs {2})", at,
                              result.get(c.firstMismatch),
                              reference[i].get(c.firstMismatch));
      }
    }
    llvm::outs() << line << "\n";
    if (opts->printOutputs) {
      llvm::outs() << "   ";
      for (int64_t k = 0; k < result.numElements(); ++k)
        llvm::outs() << " " << llvm::format("%.9g", result.get(k));
      llvm::outs() << "\n";
    }
    if (!opts->outputDir.empty())
      if (llvm::Error err = writeNpy(opts->outputDir + "/" + std::to_string(i) + ".npy", result))
        fail("cannot write output #" + llvm::Twine(i) + ": " +
             llvm::toString(std::move(err)));
    outputs.push_back(std::move(o));
  }
  report["outputs"] = std::move(outputs);
  report["tolerance"] = llvm::json::Object{{"atol", opts->absTol.getValue()}, {"rtol", opts->relTol.getValue()}};
  return allPassed;
}

/// Prints the per-kernel CUPTI table, read back from the report so the text
/// and the JSON cannot disagree.
void printCuptiTable(const llvm::json::Object &cupti) {
  llvm::outs() << llvm::formatv("  kernels (CUPTI): {0:f4} ms per trial\n",
                                *cupti.getNumber("kernel_time_ms_per_trial"));
  llvm::outs() << llvm::formatv(
      "    {0,-24} {1,8} {2,10} {3,6} {4,6} {5,6} {6,6} {7,6}  {8}\n", "kernel",
      "launches", "median us", "DRAM%", "L2%", "SM%", "occ%", "SOL%", "occupancy limit");
  for (const llvm::json::Value &k : *cupti.getArray("kernels")) {
    const llvm::json::Object &o = *k.getAsObject();
    const llvm::json::Object *m = o.getObject("metrics");
    auto pct = [&](llvm::StringRef key) -> std::string {
      std::optional<double> v = m ? m->getNumber(key) : std::nullopt;
      return v ? llvm::formatv("{0:f1}", *v).str() : "-";
    };
    const llvm::json::Object *occ = o.getObject("occupancy");
    llvm::outs() << llvm::formatv(
        "    {0,-24} {1,8} {2,10:f2} {3,6} {4,6} {5,6} {6,6} {7,6}  {8}\n",
        *o.getString("name"), *o.getInteger("launches"), *o.getNumber("median_us"),
        pct("dram_throughput_pct"), pct("l2_throughput_pct"),
        pct("sm_throughput_pct"), pct("achieved_occupancy_pct"),
        pct("speed_of_light_pct"),
        occ ? llvm::formatv("{0:f0}% ({1})", *occ->getNumber("theoretical_pct"),
                            *occ->getString("limiter")).str()
            : std::string("-"));
  }
}

/// Prints the summary lines (time, CUDA graphs, achieved, CUPTI) from the
/// report, so the text says exactly what the JSON does.
void printSummary(llvm::json::Object &report, const ks::agents::WorkEstimate &work) {
  if (auto *t = report.getObject("time_ms"))
    llvm::outs() << llvm::formatv("  time: min {0:f4} ms, median {1:f4} ms, mean "
                                  "{2:f4} ms over {3} trials\n",
                                  *t->getNumber("min"), *t->getNumber("median"),
                                  *t->getNumber("mean"), *t->getInteger("trials"));
  if (auto *g = report.getObject("cuda_graphs"))
    llvm::outs() << llvm::formatv("  CUDA graphs: {0} captured, {1} runs launched one\n",
                                  *g->getInteger("captured"), *g->getInteger("launches"));
  if (auto *a = report.getObject("achieved"))
    llvm::outs() << llvm::formatv("  achieved: {0:f1} GB/s of the {1} bytes the "
                                  "program must move, {2:f1} GFLOP/s of its {3} FLOPs\n",
                                  *a->getNumber("gbps"), work.minBytes,
                                  *a->getNumber("gflops"), work.flops);
  if (auto *cupti = report.getObject("cupti"))
    printCuptiTable(*cupti);
}

} // namespace

int ks::tools::ksRunMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // A fault in MLIR's parser on a damaged input becomes an error.
  llvm::CrashRecoveryContext::Enable();
  Options options;
  opts = &options;
  cl::ParseCommandLineOptions(argc, argv,
                              "Run a linalg-on-tensors module on the GPU and "
                              "check it against the CPU\n");
  std::unique_ptr<MLIRContext> context = createContext();

  // Where a run's wall time goes (a measurement of a multi-GB program is
  // mostly the host's: inputs drawn, outputs compared).
  auto lap = std::chrono::steady_clock::now();
  llvm::json::Object wallSeconds;
  auto clock = [&](llvm::StringRef phase) {
    auto now = std::chrono::steady_clock::now();
    wallSeconds[phase] = std::chrono::duration<double>(now - lap).count();
    lap = now;
  };
  RunState run;
  llvm::json::Object report = loadModule(run, context.get());
  llvm::json::Object referenceInfo = chooseReference(run, context.get(), argv[0]);
  clock("module_and_inputs");

  // The CPU reference.
  std::vector<HostBuffer> reference;
  if (run.referenceKind == "cpu")
    reference = runOnHost(run,
                          *orFail(Program::compile(*run.module, opts->entry, Program::Target::CPU),
                                  "CPU reference"),
                          "CPU reference run");
  report["reference"] = std::move(referenceInfo);
  if (!opts->plan.empty())
    report["plan"] = opts->plan.getValue();

  std::vector<HostBuffer> results = reference;
  if (opts->emulateGpu)
    results = runEmulated(run, report);
  else if (!opts->cpuOnly && !runGpuAndReport(run, report, results, reference))
    return 3;

  clock("run");
  bool allPassed = compareOutputs(run, results, reference, report);
  clock("compare");
  report["wall_s"] = std::move(wallSeconds);
  printSummary(report, run.work);
  writeJson(std::move(report));
  return allPassed ? 0 : 1;
}
