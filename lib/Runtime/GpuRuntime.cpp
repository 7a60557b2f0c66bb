//===- GpuRuntime.cpp - The host ABI of upstream gpu-to-llvm --------------===//

#include "ks/Runtime/GpuRuntime.h"
#include "ks/Runtime/GridBarrierKernels.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

using namespace ks;
using namespace ks::cuda;

namespace {
std::mutex errorMutex;
std::string firstError;
CUstream chosenStream = nullptr;
int chosenDevice = 0;

void record(std::string message) {
  std::lock_guard<std::mutex> lock(errorMutex);
  if (firstError.empty())
    firstError = std::move(message);
}

/// The driver with this thread's context current, or null (error recorded).
const DriverAPI *driver() {
  llvm::Expected<const DriverAPI &> api = loadDriver();
  if (!api) {
    record(llvm::toString(api.takeError()));
    return nullptr;
  }
  if (llvm::Expected<CUcontext> ctx = currentContext(chosenDevice); !ctx) {
    record(llvm::toString(ctx.takeError()));
    return nullptr;
  }
  return &*api;
}

bool ok(const DriverAPI &api, CUresult rc, const char *what) {
  if (rc == CUDA_SUCCESS)
    return true;
  record(std::string(what) + " failed: " + describe(api, rc));
  return false;
}

/// Calls the driver's entry point `fn` (named `what`) with `args`, where
/// the driver loads; whether it ran and succeeded (else the error is
/// recorded).
template <typename... Params, typename... Args>
bool callDriver(CUresult (*DriverAPI::*fn)(Params...), const char *what,
                Args &&...args) {
  const DriverAPI *api = driver();
  return api && ok(*api, (api->*fn)(std::forward<Args>(args)...), what);
}

/// Kernels whose blocks wait for each other at a grid barrier (their
/// module has the global kGridArrivalsGlobal).
runtime::GridBarrierKernels gridSynchronizing;

void noteGridBarrier(const DriverAPI &api, CUmodule module, CUfunction fn,
                     const char *name) {
  CUdeviceptr counter = 0;
  size_t bytes = 0;
  bool synchronizes = api.cuModuleGetGlobal &&
                      api.cuModuleGetGlobal(&counter, &bytes, module,
                                            runtime::kGridArrivalsGlobal) ==
                          CUDA_SUCCESS;
  gridSynchronizing.noteFunction(module, fn, name, synchronizes);
}

/// Whether `fn` may be launched with `blocks` blocks: any kernel but one
/// that synchronizes its grid, which needs all of them resident at once (a
/// grid that does not fit would wait forever). Records why not.
bool gridFits(const DriverAPI &api, CUfunction fn, int64_t blocks,
              int64_t threads, int32_t smem) {
  std::optional<std::string> synchronizing = gridSynchronizing.lookup(fn);
  if (!synchronizing)
    return true;
  const std::string &name = *synchronizing;
  int perSM = 0, sms = 0;
  CUdevice device = 0;
  if (!api.cuOccupancyMaxActiveBlocksPerMultiprocessor || !api.cuCtxGetDevice) {
    record("kernel " + name + " synchronizes its grid and this CUDA driver "
           "cannot tell whether its blocks fit the GPU at once "
           "(no cuOccupancyMaxActiveBlocksPerMultiprocessor)");
    return false;
  }
  if (!ok(api,
          api.cuOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, fn, threads,
                                                          smem),
          "cuOccupancyMaxActiveBlocksPerMultiprocessor") ||
      !ok(api, api.cuCtxGetDevice(&device), "cuCtxGetDevice") ||
      !ok(api,
          api.cuDeviceGetAttribute(
              &sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device),
          "cuDeviceGetAttribute"))
    return false;
  if (blocks <= int64_t(perSM) * sms)
    return true;
  record("kernel " + name + " synchronizes its grid: its " +
         std::to_string(blocks) + " blocks must all run at once, and this GPU "
         "holds " + std::to_string(int64_t(perSM) * sms) + " (" +
         std::to_string(perSM) + " a multiprocessor, " + std::to_string(sms) +
         " multiprocessors); not launched");
  return false;
}
} // namespace

void runtime::setStream(CUstream stream) { chosenStream = stream; }

void runtime::setDevice(int ordinal) { chosenDevice = ordinal; }

llvm::Error runtime::takeError() {
  std::lock_guard<std::mutex> lock(errorMutex);
  if (firstError.empty())
    return llvm::Error::success();
  std::string message = std::move(firstError);
  firstError.clear();
  return llvm::createStringError(message);
}

// The entry points, with the signatures gpu-to-llvm declares (LLVM 22).
extern "C" {

static CUmodule mgpuModuleLoadJIT(void *ptx, int optLevel) {
  const DriverAPI *api = driver();
  if (!api)
    return nullptr;
  llvm::Expected<CUmodule> module = loadModule(*api, ptx, optLevel);
  if (!module) {
    record(llvm::toString(module.takeError()));
    return nullptr;
  }
  return *module;
}

static CUmodule mgpuModuleLoad(void *data, size_t /*size*/) {
  return mgpuModuleLoadJIT(data, 4);
}

static void mgpuModuleUnload(CUmodule module) {
  gridSynchronizing.forgetModule(module);
  if (const DriverAPI *api = driver(); api && module)
    ok(*api, api->cuModuleUnload(module), "cuModuleUnload");
}

static CUfunction mgpuModuleGetFunction(CUmodule module, const char *name) {
  const DriverAPI *api = driver();
  CUfunction fn = nullptr;
  if (api && module &&
      ok(*api, api->cuModuleGetFunction(&fn, module, name),
         "cuModuleGetFunction"))
    noteGridBarrier(*api, module, fn, name);
  return fn;
}

static void mgpuLaunchKernel(CUfunction fn, intptr_t gx, intptr_t gy,
                             intptr_t gz, intptr_t bx, intptr_t by, intptr_t bz,
                             int32_t smem, CUstream stream, void **params,
                             void **extra, size_t /*paramsCount*/) {
  const DriverAPI *api = driver();
  if (!api || !fn)
    return; // The load or lookup failure is already recorded.
  // Past 48 KB a kernel must opt in to its dynamic shared memory.
  constexpr int32_t kDefaultDynamicSharedLimit = 48 * 1024;
  if (smem > kDefaultDynamicSharedLimit) {
    if (!api->cuFuncSetAttribute) {
      record("the kernel needs " + std::to_string(smem) +
             " bytes of dynamic shared memory and this CUDA driver has no "
             "cuFuncSetAttribute to allow more than 48 KB");
      return;
    }
    if (!ok(*api,
            api->cuFuncSetAttribute(
                fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem),
            "cuFuncSetAttribute"))
      return;
  }
  if (!gridFits(*api, fn, gx * gy * gz, bx * by * bz, smem))
    return;
  ok(*api,
     api->cuLaunchKernel(fn, gx, gy, gz, bx, by, bz, smem, stream, params,
                         extra),
     "cuLaunchKernel");
}

/// A 2-d TMA descriptor (CUtensorMap) of the row-major buffer behind an
/// unranked memref (rank, ranked descriptor: allocated, aligned, offset,
/// sizes, strides), boxes of `boxRows` x `boxCols` elements of
/// `elementBytes` each, 128-byte swizzled, zero-filled past the edges,
/// copied to the device; returns its device address (the kernel's
/// argument). One copy per distinct descriptor: a program run many times
/// does not allocate anew.
static void *ksTensorMap2D(int64_t rank, void *ranked, int64_t dataType,
                           int64_t elementBytes, int64_t boxRows,
                           int64_t boxCols) {
  const DriverAPI *api = driver();
  if (!api)
    return nullptr;
  if (!api->cuTensorMapEncodeTiled) {
    record("TMA needs cuTensorMapEncodeTiled (a CUDA 12 or newer driver)");
    return nullptr;
  }
  if (rank != 2) {
    record("ksTensorMap2D: a rank-" + std::to_string(rank) + " buffer");
    return nullptr;
  }
  struct Ranked2D {
    void *allocated, *aligned;
    int64_t offset, sizes[2], strides[2];
  };
  auto *memref = static_cast<Ranked2D *>(ranked);
  char *base = static_cast<char *>(memref->aligned) + memref->offset * elementBytes;
  // Innermost dimension first.
  unsigned long long dims[2] = {(unsigned long long)memref->sizes[1],
                                (unsigned long long)memref->sizes[0]};
  unsigned long long strides[1] = {
      (unsigned long long)(memref->strides[0] * elementBytes)};
  unsigned box[2] = {unsigned(boxCols), unsigned(boxRows)};
  unsigned elementStrides[2] = {1, 1};
  constexpr int kInterleaveNone = 0, kSwizzle128B = 3, kL2None = 0, kOobZero = 0;
  alignas(64) unsigned char map[128];
  if (!ok(*api,
          api->cuTensorMapEncodeTiled(map, int(dataType), 2, base, dims,
                                      strides, box, elementStrides,
                                      kInterleaveNone, kSwizzle128B, kL2None,
                                      kOobZero),
          "cuTensorMapEncodeTiled"))
    return nullptr;
  static std::mutex mutex;
  static std::map<std::pair<int, std::string>, CUdeviceptr> copies;
  std::lock_guard<std::mutex> lock(mutex);
  // A copy lives on one device.
  std::pair<int, std::string> key(
      chosenDevice, std::string(reinterpret_cast<char *>(map), sizeof(map)));
  auto [it, added] = copies.try_emplace(key, 0);
  if (added) {
    if (!ok(*api, api->cuMemAlloc(&it->second, sizeof(map)), "cuMemAlloc") ||
        !ok(*api, api->cuMemcpyHtoD(it->second, map, sizeof(map)),
            "cuMemcpyHtoD")) {
      copies.erase(it);
      return nullptr;
    }
  }
  return reinterpret_cast<void *>(it->second);
}

static CUstream mgpuStreamCreate() {
  if (chosenStream)
    return chosenStream;
  CUstream stream = nullptr;
  callDriver(&DriverAPI::cuStreamCreate, "cuStreamCreate", &stream, CU_STREAM_DEFAULT);
  return stream;
}

static void mgpuStreamDestroy(CUstream stream) {
  if (stream != chosenStream)
    callDriver(&DriverAPI::cuStreamDestroy, "cuStreamDestroy", stream);
}

static void mgpuStreamSynchronize(CUstream stream) {
  // The caller's stream orders the program's work after what it queued
  // before and before what it queues next; waiting here would only put a
  // host round trip into every call (the caller synchronises when it reads).
  if (stream && stream == chosenStream)
    return;
  callDriver(&DriverAPI::cuStreamSynchronize, "cuStreamSynchronize", stream);
}

static void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  callDriver(&DriverAPI::cuStreamWaitEvent, "cuStreamWaitEvent", stream, event, 0u);
}

static CUevent mgpuEventCreate() {
  CUevent event = nullptr;
  callDriver(&DriverAPI::cuEventCreate, "cuEventCreate", &event, CU_EVENT_DEFAULT);
  return event;
}

static void mgpuEventDestroy(CUevent event) {
  callDriver(&DriverAPI::cuEventDestroy, "cuEventDestroy", event);
}

static void mgpuEventSynchronize(CUevent event) {
  callDriver(&DriverAPI::cuEventSynchronize, "cuEventSynchronize", event);
}

static void mgpuEventRecord(CUevent event, CUstream stream) {
  callDriver(&DriverAPI::cuEventRecord, "cuEventRecord", event, stream);
}

/// Whether a buffer's lifetime can follow `stream`'s order (the caller's
/// stream and a driver with stream-ordered allocation). The first time on
/// each device, its default pool is told to keep freed memory: with its
/// default release threshold (0) every synchronisation hands the memory
/// back and the next call's allocations map it again, tens of microseconds
/// each.
static bool streamOrdered(const DriverAPI &api, CUstream stream) {
  if (!stream || stream != chosenStream || !api.cuMemAllocAsync ||
      !api.cuMemFreeAsync)
    return false;
  static std::mutex mutex;
  static std::map<int, bool> poolKept;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, added] = poolKept.try_emplace(chosenDevice, false);
  if (added) {
    constexpr int kReleaseThreshold = 4; // CU_MEMPOOL_ATTR_RELEASE_THRESHOLD
    CUmemoryPool pool = nullptr;
    CUdevice device = 0;
    unsigned long long keepAll = ~0ull;
    it->second =
        api.cuDeviceGet(&device, chosenDevice) == CUDA_SUCCESS &&
        api.cuDeviceGetDefaultMemPool(&pool, device) == CUDA_SUCCESS &&
        api.cuMemPoolSetAttribute(pool, kReleaseThreshold, &keepAll) ==
            CUDA_SUCCESS;
  }
  return it->second;
}

static void *mgpuMemAlloc(uint64_t bytes, CUstream stream,
                          bool /*isHostShared*/) {
  const DriverAPI *api = driver();
  CUdeviceptr ptr = 0;
  if (!api || !bytes)
    return nullptr;
  if (streamOrdered(*api, stream))
    ok(*api, api->cuMemAllocAsync(&ptr, bytes, stream), "cuMemAllocAsync");
  else
    ok(*api, api->cuMemAlloc(&ptr, bytes), "cuMemAlloc");
  return reinterpret_cast<void *>(ptr);
}

static void mgpuMemFree(void *ptr, CUstream stream) {
  const DriverAPI *api = driver();
  if (!api || !ptr)
    return;
  CUdeviceptr p = reinterpret_cast<CUdeviceptr>(ptr);
  // Kernels queued on the stream may still use the buffer: free it in the
  // stream's order, or wait for them.
  if (streamOrdered(*api, stream)) {
    ok(*api, api->cuMemFreeAsync(p, stream), "cuMemFreeAsync");
    return;
  }
  ok(*api, api->cuStreamSynchronize(stream), "cuStreamSynchronize");
  ok(*api, api->cuMemFree(p), "cuMemFree");
}

static void mgpuMemcpy(void *dst, void *src, size_t bytes, CUstream stream) {
  callDriver(&DriverAPI::cuMemcpyAsync, "cuMemcpyAsync",
             reinterpret_cast<CUdeviceptr>(dst), reinterpret_cast<CUdeviceptr>(src),
             bytes, stream);
}

static void mgpuMemset32(void *dst, unsigned value, size_t count,
                         CUstream stream) {
  callDriver(&DriverAPI::cuMemsetD32Async, "cuMemsetD32Async",
             reinterpret_cast<CUdeviceptr>(dst), value, count, stream);
}

static void mgpuMemset16(void *dst, unsigned short value, size_t count,
                         CUstream stream) {
  callDriver(&DriverAPI::cuMemsetD16Async, "cuMemsetD16Async",
             reinterpret_cast<CUdeviceptr>(dst), value, count, stream);
}

static void mgpuSetDefaultDevice(int32_t /*device*/) {}

} // extern "C"

llvm::StringMap<void *> runtime::gpuRuntimeSymbols() {
  llvm::StringMap<void *> symbols;
#define KS_SYMBOL(name) symbols[#name] = reinterpret_cast<void *>(&name)
  KS_SYMBOL(mgpuModuleLoadJIT);
  KS_SYMBOL(mgpuModuleLoad);
  KS_SYMBOL(mgpuModuleUnload);
  KS_SYMBOL(mgpuModuleGetFunction);
  KS_SYMBOL(mgpuLaunchKernel);
  // Declared per element type by transform.ks.matmul_wgmma_tma (the
  // unranked memref argument is typed); one function behind both.
  symbols["ksTensorMap2D_bf16"] = reinterpret_cast<void *>(&ksTensorMap2D);
  symbols["ksTensorMap2D_f16"] = reinterpret_cast<void *>(&ksTensorMap2D);
  symbols["ksTensorMap2D_f32"] = reinterpret_cast<void *>(&ksTensorMap2D);
  KS_SYMBOL(mgpuStreamCreate);
  KS_SYMBOL(mgpuStreamDestroy);
  KS_SYMBOL(mgpuStreamSynchronize);
  KS_SYMBOL(mgpuStreamWaitEvent);
  KS_SYMBOL(mgpuEventCreate);
  KS_SYMBOL(mgpuEventDestroy);
  KS_SYMBOL(mgpuEventSynchronize);
  KS_SYMBOL(mgpuEventRecord);
  KS_SYMBOL(mgpuMemAlloc);
  KS_SYMBOL(mgpuMemFree);
  KS_SYMBOL(mgpuMemcpy);
  KS_SYMBOL(mgpuMemset32);
  KS_SYMBOL(mgpuMemset16);
  KS_SYMBOL(mgpuSetDefaultDevice);
#undef KS_SYMBOL
  return symbols;
}
