//===- CostModel.h - The Profiler's estimate when there is no GPU -*- C++ -*-===//
//
// A roofline estimate of each kernel of a lowered module on a device of the
// table (DeviceTable.h), from the kernels' IR: per thread it counts the
// floating-point work, transcendentals and the bytes each global and shared
// memory access moves, multiplied by the trip counts of the loops around it
// (constants, including those passed as kernel arguments), times the
// threads launched. The time is the largest of compute, DRAM (the bytes of
// the buffers the kernel touches), L1 (every access) and L2 (stores and
// DRAM traffic) at the device's rates, scaled by how much of the device the
// launch fills; once ptxas has said a kernel's registers and shared
// memory, also by the latency too few resident warps leave unhidden
// (chargeOccupancy) and, from the PTX of a kernel without loops, by the
// instructions its threads issue (chargeIssue). The same named metrics as
// the measured profile come out of it, so the policy reads an estimate the
// way it reads a measurement.
//
// An estimate ranks candidates; it does not predict times. Reports say
// "estimated, not measured on a GPU" wherever these numbers appear.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_COSTMODEL_H
#define KS_AGENTS_COSTMODEL_H

#include "ks/Agents/DeviceTable.h"
#include "ks/Target/Ptxas.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace ks::agents {

struct KernelEstimate {
  std::string kernel;
  int64_t dispatch = -1; ///< The gpu.module's ks.dispatch, -1 if none.
  int64_t blocks = 0, threadsPerBlock = 0;
  /// Totals over all threads.
  double flops = 0, transcendentals = 0;
  double globalLoadBytes = 0, globalStoreBytes = 0, sharedBytes = 0;
  double dramBytes = 0; ///< The buffers the kernel reads and writes, once.
  /// Bytes of 32-byte sectors moved between L1 and L2 beyond the bytes the
  /// global accesses use (warps whose neighbouring threads are strided).
  double sectorExcessBytes = 0;
  /// Bytes of L1 wavefronts beyond the lines a warp access needs, where the
  /// lanes are 16 bytes or more apart but each thread walks on through its
  /// lines (a tile of columns per thread): L1 serves the sectors, one line
  /// per lookup.
  double l1LineExcessBytes = 0;
  /// Bytes loaded again by a later phase of the kernel that L1 cannot keep
  /// for it (what the SM's threads keep in between is larger), served by
  /// L2 and, the share of them that L2 cannot keep either, by DRAM.
  double rereadBytes = 0, rereadDramShare = 0;
  /// Cluster barriers one after another, each a drain of the memory
  /// pipeline of the cluster's blocks (counted once: later waves overlap).
  double clusterWaits = 0;
  /// False when a loop's trip count is not a constant (counted once).
  bool exactTripCounts = true;
  double computeUs = 0, dramUs = 0, l1Us = 0, l2Us = 0, timeUs = 0;
  /// Each thread's rounds of global loads times the memory latency (and
  /// the waves of threads the device cannot hold at once).
  double latencyUs = 0;
  /// The warp instructions the kernel issues (ptxas's input, counted where
  /// the kernel has no loop) over the SMs' schedulers at one a clock each
  /// (chargeIssue); 0 where not counted.
  double issueUs = 0;
  /// The cluster barriers' waits, added to the busiest unit's time.
  double clusterSyncUs = 0;
  /// Block barriers outside loops a thread reaches with loads in flight (a
  /// row chain's reductions), in a kernel without cluster barriers: each
  /// drains the block's loads, once per wave of the blocks an SM holds
  /// (loadDrainUs); added to the busiest unit's time.
  double loadDrains = 0, drainUs = 0;
  /// One thread's serial work per block while the block waits (a scan's
  /// running total), per wave of blocks; added to the busiest unit's time.
  double singleThreadUs = 0;
  /// The roofline's ideal for this work: max(flops at peak, DRAM bytes at
  /// peak bandwidth).
  double idealUs = 0;
  std::string bound; ///< "compute", "dram", "l1", "l2", "latency", "issue" or "launch".
  /// Loads the kernel issues without waiting on them (cp.async, TMA, wgmma).
  bool asyncLoads = false;
  /// Warps an SM holds at once, once ptxas has said the kernel's registers
  /// and shared memory (chargeOccupancy); 0 until then.
  int64_t residentWarpsPerSM = 0;

  /// The profiler's metric names (duration_us, dram_throughput_pct, ...).
  llvm::json::Object metrics() const;
  llvm::json::Object toJson() const;
};

/// Estimates every kernel launched by the host functions of `module`, a
/// module after the seed lowering (gpu.launch_func + gpu.module kernels).
std::vector<KernelEstimate> estimateKernels(mlir::ModuleOp module, const DeviceSpec &device);

/// Warp schedulers an SM has, each issuing one warp instruction a clock
/// (sm_70 and later).
constexpr int64_t kSchedulersPerSM = 4;

/// Below this many resident warps an SM, a kernel that waits on its own
/// loads leaves memory latency unhidden.
constexpr int64_t kWarpsToHideLatency = 16;

/// What one cluster barrier costs, in memory latencies (the cluster's
/// loads drain before its next phase issues).
constexpr double kClusterWaitLatencies = 3;

/// What each further block an SM holds hides of a block's cluster barrier
/// waits (its loads and stores run while another waits), down to
/// kClusterWaitFloor of them.
constexpr double kClusterWaitOverlap = 0.2;
constexpr double kClusterWaitFloor = 0.25;

/// The cluster barriers' cost over a launch of `blocks`, `blocksPerSM` of
/// which an SM holds at once: each wave of an SM's blocks waits out its
/// `waits` barriers (kClusterWaitLatencies memory latencies each), in part
/// behind the other resident blocks' memory traffic.
double clusterWaitUs(double waits, int64_t blocks, int64_t blocksPerSM, const DeviceSpec &device);

/// What a block barrier after loads costs, in memory latencies: the
/// block's loads land before its next phase issues any.
constexpr double kLoadDrainLatencies = 1;

/// The load drains' cost over a launch, as clusterWaitUs's: each wave of
/// an SM's blocks waits out its `drains` (kLoadDrainLatencies each), in
/// part behind the other resident blocks' memory traffic.
double loadDrainUs(double drains, int64_t blocks, int64_t blocksPerSM, const DeviceSpec &device);

/// Clock cycles an op of one thread's serial chain costs: its shared-memory
/// loads issue ahead, its combines wait on each other.
constexpr double kSingleThreadOpCycles = 2;

/// Charges `e` for an occupancy its resources (ptxas's registers and static
/// shared memory, through ks::computeOccupancy) cap below
/// kWarpsToHideLatency warps an SM, in proportion, where the launch has
/// more blocks than the SMs hold at once and its loads are synchronous
/// (an asynchronous-copy pipeline hides latency with few warps). Records
/// the resident warps.
void chargeOccupancy(KernelEstimate &e, const DeviceSpec &device,
                     const ks::PtxasKernelReport &resources);

/// Charges `e` for the instructions its threads issue where the PTX said
/// how many (ks::PtxasKernelReport::issueSlots, a kernel without loops):
/// when issuing them takes longer than its busiest unit, the kernel is
/// bound by issue (a window's border checks per load, a division per
/// element).
void chargeIssue(KernelEstimate &e, const DeviceSpec &device,
                 const ks::PtxasKernelReport &resources);

} // namespace ks::agents

#endif // KS_AGENTS_COSTMODEL_H
