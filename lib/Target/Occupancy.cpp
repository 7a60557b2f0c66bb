//===- Occupancy.cpp - Theoretical occupancy and what limits it -----------===//

#include "ks/Target/Occupancy.h"

#include <algorithm>
#include <climits>
#include <iterator>
#include <utility>

using namespace ks;

namespace {
int roundUp(int value, int unit) { return (value + unit - 1) / unit * unit; }
} // namespace

Occupancy ks::computeOccupancy(const SmLimits &sm, int threadsPerBlock, int registers,
                               int sharedBytes) {
  Occupancy o;
  if (threadsPerBlock <= 0)
    return o;
  int warpsPerBlock = (threadsPerBlock + sm.warpSize - 1) / sm.warpSize;
  int maxWarps = sm.maxThreads / sm.warpSize;
  o.limitWarps = maxWarps / warpsPerBlock;
  o.limitBlocks = sm.maxBlocks;
  // Registers are allocated per warp, rounded up to the allocation unit.
  if (registers > 0) {
    int perWarp = roundUp(registers * sm.warpSize, sm.registerAllocUnit);
    o.limitRegisters = (sm.registers / perWarp) / warpsPerBlock;
  } else {
    o.limitRegisters = INT_MAX;
  }
  // Every block also holds the driver's reserved shared memory.
  int perBlock = roundUp(sharedBytes + sm.reservedSharedPerBlock, sm.sharedAllocUnit);
  o.limitShared = perBlock > 0 ? sm.sharedBytes / perBlock : INT_MAX;

  // Registers or shared memory are named only when they allow strictly fewer
  // blocks than the warp and block slots: on a tie, using less of them would
  // not add a block.
  const std::pair<int, const char *> limits[] = {
      {o.limitWarps, "warps"},
      {o.limitBlocks, "blocks"},
      {o.limitRegisters, "registers"},
      {o.limitShared, "shared_memory"}};
  auto least = std::min_element(
      std::begin(limits), std::end(limits),
      [](const auto &a, const auto &b) { return a.first < b.first; });
  o.blocksPerSm = least->first;
  o.limiter = least->second;
  o.warpsPerSm = o.blocksPerSm * warpsPerBlock;
  o.theoreticalPct = 100.0 * o.warpsPerSm / maxWarps;
  return o;
}
