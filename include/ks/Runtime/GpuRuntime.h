//===- GpuRuntime.h - The host ABI of upstream gpu-to-llvm ------*- C++ -*-===//
//
// Host code lowered by `gpu-to-llvm` calls `mgpuModuleLoadJIT`,
// `mgpuLaunchKernel`, `mgpuMemAlloc`, ... This library implements those entry
// points on the CUDA driver (opened at run time), and lets the caller choose
// the stream the program runs on and read back the first error: the ABI
// returns no status, so a failing driver call is recorded instead.
//
//===----------------------------------------------------------------------===//
#ifndef KS_RUNTIME_GPURUNTIME_H
#define KS_RUNTIME_GPURUNTIME_H

#include "ks/RuntimeAbi/GridArrivals.h"
#include "ks/Runtime/CudaDriver.h"

#include "llvm/ADT/StringMap.h"

#include <string>

namespace ks::runtime {

/// Name -> address of every `mgpu*` entry point, for a JIT's symbol map.
llvm::StringMap<void *> gpuRuntimeSymbols();

/// Programs run on `stream` from now on (null: each program creates its own
/// stream, as upstream's runtime does).
void setStream(cuda::CUstream stream);

/// Programs run on CUDA device `ordinal` from now on (its primary context;
/// 0 until set).
void setDevice(int ordinal);

/// The first driver error since the last call, or success; clears it.
llvm::Error takeError();

} // namespace ks::runtime

#endif // KS_RUNTIME_GPURUNTIME_H
