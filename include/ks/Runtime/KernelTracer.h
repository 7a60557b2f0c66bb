//===- KernelTracer.h - Per-kernel GPU times from CUPTI ---------*- C++ -*-===//
//
// Records every kernel the GPU runs between start() and stop() with the CUPTI
// Activity API: its name, duration and launch shape. libcupti is loaded at
// run time; where it is missing (or ks was built without the CUPTI headers)
// start() says why and callers go on with event timings alone.
//
//===----------------------------------------------------------------------===//
#ifndef KS_RUNTIME_KERNELTRACER_H
#define KS_RUNTIME_KERNELTRACER_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ks::runtime {

struct KernelRecord {
  std::string name;
  uint64_t startNs = 0, endNs = 0;
  int32_t grid[3] = {0, 0, 0}, block[3] = {0, 0, 0};
  int32_t registers = 0;
  int32_t sharedBytes = 0; ///< Static + dynamic.
  double durationUs() const { return double(endNs - startNs) / 1e3; }
};

/// Starts tracing kernels in this process.
llvm::Error startKernelTracing();

/// Stops tracing and returns the kernels recorded since the start, in the
/// order they started.
llvm::Expected<std::vector<KernelRecord>> stopKernelTracing();

} // namespace ks::runtime

#endif // KS_RUNTIME_KERNELTRACER_H
