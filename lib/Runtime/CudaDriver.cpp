//===- CudaDriver.cpp - The CUDA driver API, loaded at run time -----------===//

#include "ks/Runtime/CudaDriver.h"

#include "llvm/Support/DynamicLibrary.h"

#include <mutex>

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
    auto bind = [&](auto &fn, const char *name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
          lib.getAddressOfSymbol(name));
      if (!fn && loadError.empty())
        loadError = std::string("no CUDA driver found: libcuda.so.1 lacks ") +
                    name;
    };
    bind(api.cuInit, "cuInit");
    bind(api.cuDeviceGet, "cuDeviceGet");
    bind(api.cuDeviceGetName, "cuDeviceGetName");
    bind(api.cuDeviceGetAttribute, "cuDeviceGetAttribute");
    bind(api.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    bind(api.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
    bind(api.cuCtxSetCurrent, "cuCtxSetCurrent");
    bind(api.cuModuleLoadDataEx, "cuModuleLoadDataEx");
    bind(api.cuModuleUnload, "cuModuleUnload");
    bind(api.cuModuleGetFunction, "cuModuleGetFunction");
    bind(api.cuFuncGetAttribute, "cuFuncGetAttribute");
    bind(api.cuGetErrorName, "cuGetErrorName");
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
