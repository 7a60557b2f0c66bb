//===- CudaDriver.h - The CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// ks never links libcuda: a machine without a GPU must still build, test and
// compile kernels. The driver is opened with dlopen on first use; on a
// machine without it every caller gets a clear error instead of a crash.
//
//===----------------------------------------------------------------------===//
#ifndef KS_RUNTIME_CUDADRIVER_H
#define KS_RUNTIME_CUDADRIVER_H

#include "llvm/Support/Error.h"

#include <string>

namespace ks::cuda {

// The few driver types we use, as the driver ABI defines them.
using CUresult = int;
using CUdevice = int;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUjit_option = int;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUdeviceptr = unsigned long long;
using CUmemoryPool = struct CUmemPoolHandle_st *;
using CUgraph = struct CUgraph_st *;
using CUgraphExec = struct CUgraphExec_st *;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER = 3;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr CUjit_option CU_JIT_OPTIMIZATION_LEVEL = 7;
constexpr unsigned CU_EVENT_DEFAULT = 0;
constexpr unsigned CU_STREAM_DEFAULT = 0;
constexpr unsigned CU_STREAM_NON_BLOCKING = 1;
constexpr int CU_STREAM_CAPTURE_MODE_RELAXED = 2;
/// The legacy default stream by name (what stream 0 means to the runtime API).
inline CUstream legacyDefaultStream() { return reinterpret_cast<CUstream>(0x1); }
constexpr int CU_FUNC_ATTRIBUTE_NUM_REGS = 4;
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
constexpr int CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10;
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36;
constexpr int CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37;
constexpr int CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR = 106;
constexpr int CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK = 111;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;

/// Entry points of libcuda.so.1.
struct DriverAPI {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxGetCurrent)(CUcontext *);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned,
                                 CUjit_option *, void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  // Stream-ordered allocation (CUDA 11.2+); null on older drivers, which
  // fall back to cuMemAlloc/cuMemFree with a synchronisation.
  CUresult (*cuMemAllocAsync)(CUdeviceptr *, size_t, CUstream);
  CUresult (*cuMemFreeAsync)(CUdeviceptr, CUstream);
  CUresult (*cuDeviceGetDefaultMemPool)(CUmemoryPool *, CUdevice);
  CUresult (*cuMemPoolSetAttribute)(CUmemoryPool, int, void *);
  // Stream capture into CUDA graphs (CUDA 11.4+ for captured stream-ordered
  // allocations); null on older drivers, which run uncaptured.
  CUresult (*cuStreamBeginCapture)(CUstream, int);
  CUresult (*cuStreamEndCapture)(CUstream, CUgraph *);
  CUresult (*cuGraphInstantiateWithFlags)(CUgraphExec *, CUgraph, unsigned long long);
  CUresult (*cuGraphLaunch)(CUgraphExec, CUstream);
  CUresult (*cuGraphExecDestroy)(CUgraphExec);
  CUresult (*cuGraphDestroy)(CUgraph);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemsetD8Async)(CUdeviceptr, unsigned char, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuCtxSynchronize)();
  // Kernels with more than 48 KB of dynamic shared memory, and TMA tensor
  // maps (CUDA 12+); null on older drivers.
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuTensorMapEncodeTiled)(void *, int, unsigned, void *, const unsigned long long *,
                                     const unsigned long long *, const unsigned *,
                                     const unsigned *, int, int, int, int);
  // A kernel that synchronizes its grid (a module global names it) is
  // launched only where its grid fits the GPU at once; null on drivers
  // without them, which then refuse such kernels.
  CUresult (*cuModuleGetGlobal)(CUdeviceptr *, size_t *, CUmodule, const char *);
  CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *, CUfunction, int, size_t);
  CUresult (*cuCtxGetDevice)(CUdevice *);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
};

/// Loads libcuda.so.1 once and resolves every entry point. Fails with
/// "no CUDA driver found: ..." when the library or a symbol is missing.
llvm::Expected<const DriverAPI &> loadDriver();

/// The primary context of device `ordinal`, made current on this thread
/// (retained once per process and device). Fails with the driver's error,
/// or "CUDA device N does not exist: ..." for an ordinal out of range.
llvm::Expected<CUcontext> currentContext(int ordinal = 0);

/// Makes device `ordinal`'s primary context current for the scope and puts
/// the thread's previous context back at its end: a library call must not
/// leave its caller (PyTorch) on another device's context.
class ScopedContext {
public:
  explicit ScopedContext(int ordinal);
  ~ScopedContext();
  ScopedContext(const ScopedContext &) = delete;
  ScopedContext &operator=(const ScopedContext &) = delete;
  /// The failure to make the context current, if any (taken once).
  llvm::Error takeError();

private:
  CUcontext previous = nullptr;
  bool restore = false;
  std::string error;
};

/// What the driver says of device `ordinal` (0 where an attribute is not
/// reported). Initializes the driver: not for a process that forks GPU
/// workers afterwards.
struct DeviceAttributes {
  std::string name;
  int ccMajor = 0, ccMinor = 0, sms = 0, l2Bytes = 0, memoryClockKHz = 0, busWidthBits = 0;
};
llvm::Expected<DeviceAttributes> readDeviceAttributes(int ordinal = 0);

/// Loads PTX (NUL-terminated) or a cubin into the current context; a
/// failure carries the JIT's error log.
llvm::Expected<CUmodule> loadModule(const DriverAPI &api, const void *image,
                                    int optLevel = 4);

/// "CUDA_ERROR_X (description)" for a driver result code.
std::string describe(const DriverAPI &api, CUresult result);

/// An Error for a failed call `what`, or success.
llvm::Error check(const DriverAPI &api, CUresult result, llvm::StringRef what);

} // namespace ks::cuda

#endif // KS_RUNTIME_CUDADRIVER_H
