/* A stand-in for libcuda.so.1 with two devices and no GPU
 * (ksrt-devices.test): every call succeeds, contexts are the numbers
 * 0x100 + ordinal, and the calls that matter are counted per context for
 * the test to read (fakeCount). */
#include <stddef.h>
#include <string.h>

typedef int CUresult;
enum { kDevices = 2, kContextBase = 0x100 };
enum { kModuleLoads, kModuleUnloads, kLaunches, kAllocs, kCounters };
static void *current;
static int counts[kDevices][kCounters];

static void count(int what) {
  long device = (long)current - kContextBase;
  if (device >= 0 && device < kDevices)
    counts[device][what]++;
}

/* What the test reads: counter `what` (0 loads, 1 unloads, 2 launches,
 * 3 allocations) of `device`, and the current context's device (-1: none). */
int fakeCount(int device, int what) { return counts[device][what]; }
int fakeCurrentDevice(void) {
  return current ? (int)((long)current - kContextBase) : -1;
}

CUresult cuInit(unsigned flags) { return 0; }
CUresult cuDeviceGet(int *device, int ordinal) { *device = ordinal; return 0; }
CUresult cuDeviceGetCount(int *count) { *count = kDevices; return 0; }
CUresult cuDeviceGetName(char *name, int length, int device) { strcpy(name, "fake"); return 0; }
CUresult cuDeviceGetAttribute(int *value, int attribute, int device) { *value = 1; return 0; }
CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  *context = (void *)(long)(kContextBase + device);
  return 0;
}
CUresult cuCtxSetCurrent(void *context) { current = context; return 0; }
CUresult cuCtxGetCurrent(void **context) { *context = current; return 0; }
CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned n, void *options,
                            void *values) {
  *module = (void *)0x200;
  count(kModuleLoads);
  return 0;
}
CUresult cuModuleUnload(void *module) { count(kModuleUnloads); return 0; }
CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  *function = (void *)0x300;
  return 0;
}
CUresult cuFuncGetAttribute(int *value, int attribute, void *function) { *value = 0; return 0; }
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned smem, void *stream, void **params, void **extra) {
  count(kLaunches);
  return 0;
}
CUresult cuStreamCreate(void **stream, unsigned flags) { *stream = (void *)0x400; return 0; }
CUresult cuStreamDestroy_v2(void *stream) { return 0; }
CUresult cuStreamSynchronize(void *stream) { return 0; }
CUresult cuStreamWaitEvent(void *stream, void *event, unsigned flags) { return 0; }
CUresult cuEventCreate(void **event, unsigned flags) { *event = (void *)0x500; return 0; }
CUresult cuEventDestroy_v2(void *event) { return 0; }
CUresult cuEventRecord(void *event, void *stream) { return 0; }
CUresult cuEventSynchronize(void *event) { return 0; }
CUresult cuEventElapsedTime_v2(float *ms, void *start, void *end) { *ms = 0; return 0; }
static unsigned long long nextAddress = 0x10000;
CUresult cuMemAlloc_v2(unsigned long long *ptr, size_t bytes) {
  *ptr = nextAddress;
  nextAddress += bytes + 256;
  count(kAllocs);
  return 0;
}
CUresult cuMemFree_v2(unsigned long long ptr) { return 0; }
CUresult cuMemcpyAsync(unsigned long long dst, unsigned long long src, size_t n, void *s) { return 0; }
CUresult cuMemcpyHtoD_v2(unsigned long long dst, const void *src, size_t n) { return 0; }
CUresult cuMemcpyDtoH_v2(void *dst, unsigned long long src, size_t n) { return 0; }
CUresult cuMemsetD8Async(unsigned long long dst, unsigned char v, size_t n, void *s) { return 0; }
CUresult cuMemsetD16Async(unsigned long long dst, unsigned short v, size_t n, void *s) { return 0; }
CUresult cuMemsetD32Async(unsigned long long dst, unsigned v, size_t n, void *s) { return 0; }
CUresult cuCtxSynchronize(void) { return 0; }
CUresult cuGetErrorName(CUresult result, const char **name) { *name = "CUDA_ERROR_FAKE"; return 0; }
CUresult cuGetErrorString(CUresult result, const char **text) { *text = "fake"; return 0; }
