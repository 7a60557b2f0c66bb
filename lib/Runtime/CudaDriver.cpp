//===- CudaDriver.cpp - The CUDA driver API, loaded at run time -----------===//

#include "ks/Runtime/CudaDriver.h"

#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <mutex>
#include <utility>

using namespace ks::cuda;

llvm::Expected<const DriverAPI &> ks::cuda::loadDriver() {
  static DriverAPI api;
  static std::string loadError;
  static std::once_flag once;
  std::call_once(once, [] {
    std::string err;
    auto lib = llvm::sys::DynamicLibrary::getPermanentLibrary("libcuda.so.1", &err);
    if (!lib.isValid()) {
      loadError = "no CUDA driver found: " + err;
      return;
    }
    // An entry point that may be missing (newer than the oldest driver we
    // run on): null then, and the caller falls back.
    auto bindOptional = [&](auto &fn, const char *name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
          lib.getAddressOfSymbol(name));
    };
    auto bind = [&](auto &fn, const char *name) {
      bindOptional(fn, name);
      if (!fn && loadError.empty())
        loadError = std::string("no CUDA driver found: libcuda.so.1 lacks ") +
                    name;
    };
    bind(api.cuInit, "cuInit");
    bind(api.cuDeviceGet, "cuDeviceGet");
    bind(api.cuDeviceGetCount, "cuDeviceGetCount");
    bind(api.cuDeviceGetName, "cuDeviceGetName");
    bind(api.cuDeviceGetAttribute, "cuDeviceGetAttribute");
    bind(api.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    bind(api.cuCtxSetCurrent, "cuCtxSetCurrent");
    bind(api.cuCtxGetCurrent, "cuCtxGetCurrent");
    bind(api.cuModuleLoadDataEx, "cuModuleLoadDataEx");
    bind(api.cuModuleUnload, "cuModuleUnload");
    bind(api.cuModuleGetFunction, "cuModuleGetFunction");
    bind(api.cuFuncGetAttribute, "cuFuncGetAttribute");
    bind(api.cuGetErrorName, "cuGetErrorName");
    bind(api.cuLaunchKernel, "cuLaunchKernel");
    bind(api.cuStreamCreate, "cuStreamCreate");
    bind(api.cuStreamDestroy, "cuStreamDestroy_v2");
    bind(api.cuStreamSynchronize, "cuStreamSynchronize");
    bind(api.cuStreamWaitEvent, "cuStreamWaitEvent");
    bind(api.cuEventCreate, "cuEventCreate");
    bind(api.cuEventDestroy, "cuEventDestroy_v2");
    bind(api.cuEventRecord, "cuEventRecord");
    bind(api.cuEventSynchronize, "cuEventSynchronize");
    bind(api.cuEventElapsedTime, "cuEventElapsedTime_v2");
    bind(api.cuMemAlloc, "cuMemAlloc_v2");
    bind(api.cuMemFree, "cuMemFree_v2");
    bindOptional(api.cuMemAllocAsync, "cuMemAllocAsync");
    bindOptional(api.cuMemFreeAsync, "cuMemFreeAsync");
    bindOptional(api.cuDeviceGetDefaultMemPool, "cuDeviceGetDefaultMemPool");
    bindOptional(api.cuMemPoolSetAttribute, "cuMemPoolSetAttribute");
    if (!api.cuDeviceGetDefaultMemPool || !api.cuMemPoolSetAttribute)
      api.cuMemAllocAsync = nullptr; // stream-ordered only with a kept pool
    bindOptional(api.cuStreamBeginCapture, "cuStreamBeginCapture_v2");
    bindOptional(api.cuStreamEndCapture, "cuStreamEndCapture");
    bindOptional(api.cuGraphInstantiateWithFlags, "cuGraphInstantiateWithFlags");
    bindOptional(api.cuGraphLaunch, "cuGraphLaunch");
    bindOptional(api.cuGraphExecDestroy, "cuGraphExecDestroy");
    bindOptional(api.cuGraphDestroy, "cuGraphDestroy");
    bind(api.cuMemcpyAsync, "cuMemcpyAsync");
    bind(api.cuMemcpyHtoD, "cuMemcpyHtoD_v2");
    bind(api.cuMemcpyDtoH, "cuMemcpyDtoH_v2");
    bind(api.cuMemsetD8Async, "cuMemsetD8Async");
    bind(api.cuMemsetD16Async, "cuMemsetD16Async");
    bind(api.cuMemsetD32Async, "cuMemsetD32Async");
    bind(api.cuCtxSynchronize, "cuCtxSynchronize");
    bindOptional(api.cuFuncSetAttribute, "cuFuncSetAttribute");
    bindOptional(api.cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled");
    bindOptional(api.cuModuleGetGlobal, "cuModuleGetGlobal_v2");
    bindOptional(api.cuOccupancyMaxActiveBlocksPerMultiprocessor,
                 "cuOccupancyMaxActiveBlocksPerMultiprocessor");
    bindOptional(api.cuCtxGetDevice, "cuCtxGetDevice");
    bind(api.cuGetErrorString, "cuGetErrorString");
  });
  if (!loadError.empty())
    return llvm::createStringError(loadError);
  return api;
}

std::string ks::cuda::describe(const DriverAPI &api, CUresult result) {
  const char *name = nullptr, *text = nullptr;
  api.cuGetErrorName(result, &name);
  api.cuGetErrorString(result, &text);
  std::string s = name ? name : ("CUDA error " + std::to_string(result));
  if (text)
    s += std::string(" (") + text + ")";
  return s;
}

llvm::Error ks::cuda::check(const DriverAPI &api, CUresult result,
                            llvm::StringRef what) {
  if (result == CUDA_SUCCESS)
    return llvm::Error::success();
  return llvm::createStringError(what + " failed: " + describe(api, result));
}

llvm::Expected<CUcontext> ks::cuda::currentContext(int ordinal) {
  llvm::Expected<const DriverAPI &> api = loadDriver();
  if (!api)
    return api.takeError();
  static std::mutex mutex;
  static std::string initError;
  static int deviceCount = -1;
  // Each device's primary context, retained on first use and kept for the
  // process (PyTorch's own tensors live in the same contexts).
  static std::map<int, CUcontext> contexts;
  CUcontext context = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (deviceCount < 0 && initError.empty()) {
      llvm::Error err = check(*api, api->cuInit(0), "cuInit");
      int count = 0;
      if (!err)
        err = check(*api, api->cuDeviceGetCount(&count), "cuDeviceGetCount");
      if (err)
        initError = llvm::toString(std::move(err));
      else
        deviceCount = count;
    }
    if (!initError.empty())
      return llvm::createStringError(initError);
    if (ordinal < 0 || ordinal >= deviceCount)
      return llvm::createStringError(llvm::formatv(
          "CUDA device {0} does not exist: the driver sees {1} device{2}{3}",
          ordinal, deviceCount, deviceCount == 1 ? "" : "s",
          deviceCount ? llvm::formatv(" (0 to {0})", deviceCount - 1).str()
                      : std::string()));
    auto found = contexts.find(ordinal);
    if (found == contexts.end()) {
      CUdevice device = 0;
      llvm::Error err =
          check(*api, api->cuDeviceGet(&device, ordinal), "cuDeviceGet");
      if (!err)
        err = check(*api, api->cuDevicePrimaryCtxRetain(&context, device),
                    "cuDevicePrimaryCtxRetain");
      if (err)
        return std::move(err);
      found = contexts.emplace(ordinal, context).first;
    }
    context = found->second;
  }
  if (llvm::Error err =
          check(*api, api->cuCtxSetCurrent(context), "cuCtxSetCurrent"))
    return std::move(err);
  return context;
}

ScopedContext::ScopedContext(int ordinal) {
  llvm::Expected<const DriverAPI &> api = loadDriver();
  if (!api) {
    error = llvm::toString(api.takeError());
    return;
  }
  restore = api->cuCtxGetCurrent(&previous) == CUDA_SUCCESS;
  if (llvm::Expected<CUcontext> context = currentContext(ordinal); !context)
    error = llvm::toString(context.takeError());
}

ScopedContext::~ScopedContext() {
  // Only a context there was: the null context would leave PyTorch's
  // runtime to make its own current again, which it does anyway.
  if (restore && previous)
    llvm::cantFail(loadDriver()).cuCtxSetCurrent(previous);
}

llvm::Error ScopedContext::takeError() {
  if (error.empty())
    return llvm::Error::success();
  return llvm::createStringError(std::exchange(error, std::string()));
}

llvm::Expected<ks::cuda::DeviceAttributes> ks::cuda::readDeviceAttributes(int ordinal) {
  llvm::Expected<const DriverAPI &> api = loadDriver();
  if (!api)
    return api.takeError();
  CUdevice device = 0;
  if (llvm::Error err = check(*api, api->cuInit(0), "cuInit"))
    return std::move(err);
  if (llvm::Error err = check(*api, api->cuDeviceGet(&device, ordinal), "cuDeviceGet"))
    return std::move(err);
  DeviceAttributes a;
  char name[256] = {0};
  if (api->cuDeviceGetName(name, sizeof(name) - 1, device) == 0)
    a.name = name;
  auto read = [&](int attribute, int &into) {
    if (api->cuDeviceGetAttribute(&into, attribute, device) != 0)
      into = 0;
  };
  read(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, a.ccMajor);
  read(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, a.ccMinor);
  read(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, a.sms);
  read(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, a.l2Bytes);
  read(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, a.memoryClockKHz);
  read(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, a.busWidthBits);
  return a;
}

llvm::Expected<CUmodule> ks::cuda::loadModule(const DriverAPI &api,
                                              const void *image, int optLevel) {
  char log[8192] = {0};
  CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL, CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {reinterpret_cast<void *>(static_cast<intptr_t>(optLevel)),
                    log, reinterpret_cast<void *>(sizeof(log))};
  CUmodule module = nullptr;
  CUresult rc = api.cuModuleLoadDataEx(&module, image, 3, options, values);
  if (rc != CUDA_SUCCESS)
    return llvm::createStringError("cuModuleLoadData failed: " +
                                   describe(api, rc) +
                                   (log[0] ? std::string(": ") + log : ""));
  return module;
}
