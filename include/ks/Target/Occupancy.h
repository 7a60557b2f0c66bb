//===- Occupancy.h - Theoretical occupancy and what limits it ---*- C++ -*-===//
//
// How many blocks of a kernel fit on one SM, and which resource runs out
// first: warps, the block slots, registers or shared memory. Pure
// arithmetic over a device's limits and a kernel's launch shape and
// resources (from CUPTI or ptxas): ks-run's report and the cost model use
// the same calculator, the runtime reading the limits from the driver.
//
//===----------------------------------------------------------------------===//
#ifndef KS_TARGET_OCCUPANCY_H
#define KS_TARGET_OCCUPANCY_H

#include <string>

namespace ks {

/// Per-SM limits of a device (CUDA device attributes; the defaults are
/// sm_90's).
struct SmLimits {
  int maxThreads = 2048;               ///< MAX_THREADS_PER_MULTIPROCESSOR
  int maxBlocks = 32;                  ///< MAX_BLOCKS_PER_MULTIPROCESSOR
  int registers = 65536;               ///< MAX_REGISTERS_PER_MULTIPROCESSOR
  int sharedBytes = 233472;            ///< MAX_SHARED_MEMORY_PER_MULTIPROCESSOR
  int reservedSharedPerBlock = 1024;   ///< RESERVED_SHARED_MEMORY_PER_BLOCK
  int warpSize = 32;
  int registerAllocUnit = 256;         ///< registers are given to warps in these units
  int sharedAllocUnit = 128;           ///< shared memory is given to blocks in these units
};

struct Occupancy {
  int blocksPerSm = 0;
  int warpsPerSm = 0;
  double theoreticalPct = 0;  ///< Active warps / the SM's warp slots.
  /// The resource that allows the fewest blocks: "warps", "blocks",
  /// "registers" or "shared_memory" ("none" for an empty block).
  std::string limiter = "none";
  /// Blocks per SM each resource alone would allow.
  int limitWarps = 0, limitBlocks = 0, limitRegisters = 0, limitShared = 0;
};

/// The occupancy of a kernel with `threadsPerBlock` threads, `registers`
/// registers per thread and `sharedBytes` shared memory per block.
Occupancy computeOccupancy(const SmLimits &sm, int threadsPerBlock,
                           int registers, int sharedBytes);

} // namespace ks

#endif // KS_TARGET_OCCUPANCY_H
