//===- KernelProfiler.h - Hardware counters per kernel from CUPTI -*- C++ -*-===//
//
// Reads the hardware counters the planner reasons about (DRAM/L2/L1/SM
// throughput, hit rates, achieved occupancy, stall reasons, tensor pipe,
// global load efficiency) for every kernel a piece of host code launches,
// with CUPTI's range profiler (auto ranges: one per kernel; kernel replay:
// each kernel is rerun as often as its counters need, memory restored in
// between). libcupti is loaded at run time. Turning the raw values into the
// named metrics ks reports is pure and works without a GPU.
//
//===----------------------------------------------------------------------===//
#ifndef KS_RUNTIME_KERNELPROFILER_H
#define KS_RUNTIME_KERNELPROFILER_H

#include "ks/Runtime/CudaDriver.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <vector>

namespace ks::runtime {

/// The CUPTI metrics read for every kernel.
llvm::ArrayRef<const char *> profiledMetrics();

/// Raw values of `profiledMetrics()` for one kernel launch, in launch order.
using RawMetrics = llvm::StringMap<double>;

/// Profiles every kernel `run` launches in `context` (it must launch and
/// finish them before returning). An error says why there are no counters:
/// no CUPTI, no permission to read counters, an unsupported device.
llvm::Expected<std::vector<RawMetrics>>
profileKernels(cuda::CUcontext context, int deviceOrdinal,
               llvm::function_ref<llvm::Error()> run);

/// The named metrics ks reports (percentages of the device's peak unless
/// the name says otherwise):
///   duration_us, dram_throughput_pct, l2_throughput_pct, l1_throughput_pct,
///   sm_throughput_pct, memory_throughput_pct, l2_hit_rate_pct,
///   l1_hit_rate_pct, achieved_occupancy_pct, long_scoreboard_stall_pct,
///   short_scoreboard_stall_pct, barrier_stall_pct (shares of active warp
///   cycles), tensor_pipe_pct, dram_bytes, global_load_sectors_per_request,
///   global_load_bytes_per_sector and global_load_efficiency_pct (bytes the
///   threads asked for per 32-byte sector fetched), speed_of_light_pct =
///   max(SM, memory) and bound ("memory" or "compute").
/// A value the counters could not give is left out.
llvm::json::Object deriveMetrics(const RawMetrics &raw);

} // namespace ks::runtime

#endif // KS_RUNTIME_KERNELPROFILER_H
