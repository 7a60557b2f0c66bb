//===- ChargeResources.cpp - What ptxas says the estimate misses ----------===//
//
// Once ptxas has compiled a kernel, its report says what the kernel's IR
// does not: the registers and shared memory that cap the warps an SM holds
// (chargeOccupancy) and, from the PTX, the instructions a thread issues
// (chargeIssue); and the waits at barriers once per wave of the blocks an
// SM holds (clusterWaitUs, loadDrainUs), which the occupancy sets.
//
//===----------------------------------------------------------------------===//

#include "ks/Agents/CostModel.h"

#include "ks/Target/Occupancy.h"

#include <algorithm>
#include <cmath>

using namespace ks::agents;

void ks::agents::chargeOccupancy(KernelEstimate &e, const DeviceSpec &device,
                                 const ks::PtxasKernelReport &resources) {
  ks::SmLimits sm;
  if (device.maxThreadsPerSM > 0)
    sm.maxThreads = int(device.maxThreadsPerSM);
  if (device.maxBlocksPerSM > 0)
    sm.maxBlocks = int(device.maxBlocksPerSM);
  if (device.registersPerSM > 0)
    sm.registers = int(device.registersPerSM);
  if (device.sharedBytesPerSM > 0)
    sm.sharedBytes = int(device.sharedBytesPerSM);
  ks::Occupancy occupancy = ks::computeOccupancy(
      sm, int(e.threadsPerBlock), int(resources.registers), int(resources.sharedBytes));
  e.residentWarpsPerSM = occupancy.warpsPerSm;
  // The cluster barriers are waited out once per wave of the blocks an SM
  // now holds.
  if (e.clusterWaits > 0 && occupancy.blocksPerSm > 0) {
    double waits = clusterWaitUs(e.clusterWaits, e.blocks, occupancy.blocksPerSm, device);
    e.timeUs += waits - e.clusterSyncUs;
    e.clusterSyncUs = waits;
  }
  if (e.loadDrains > 0 && occupancy.blocksPerSm > 0) {
    double drains = loadDrainUs(e.loadDrains, e.blocks, occupancy.blocksPerSm, device);
    e.timeUs += drains - e.drainUs;
    e.drainUs = drains;
  }
  // A launch too small to fill the SMs is charged by `fill` already; a
  // pipeline of asynchronous copies hides latency with few warps.
  bool occupancyBinds = e.blocks > device.sms * int64_t(occupancy.blocksPerSm);
  if (e.asyncLoads || !occupancyBinds || occupancy.warpsPerSm >= kWarpsToHideLatency ||
      occupancy.warpsPerSm <= 0)
    return;
  double slowdown = double(kWarpsToHideLatency) / double(occupancy.warpsPerSm);
  for (double *t : {&e.computeUs, &e.dramUs, &e.l1Us, &e.l2Us, &e.latencyUs})
    *t *= slowdown;
  e.timeUs = std::max(e.timeUs * slowdown, device.launchUs);
}

void ks::agents::chargeIssue(KernelEstimate &e, const DeviceSpec &device,
                             const ks::PtxasKernelReport &resources) {
  if (resources.issueSlots <= 0 || device.clockGHz <= 0 || device.sms <= 0)
    return;
  double warps = double(e.blocks) * std::ceil(double(e.threadsPerBlock) / 32);
  // A launch of fewer blocks than SMs leaves schedulers idle.
  double fill = std::clamp(double(e.blocks) / double(device.sms), 1e-3, 1.0);
  e.issueUs = double(resources.issueSlots) * warps /
              (double(device.sms) * kSchedulersPerSM * device.clockGHz * 1e3) / fill;
  double busiest = e.timeUs - e.clusterSyncUs - e.drainUs - e.singleThreadUs;
  if (e.issueUs <= busiest)
    return;
  e.timeUs += e.issueUs - busiest;
  e.bound = "issue";
}

/// `waits` waits of `latencies` memory latencies each, once per wave of the
/// blocks an SM holds, in part behind the other resident blocks' traffic.
static double waitsPerWaveUs(double waits, double latencies, int64_t blocks,
                             int64_t blocksPerSM, const DeviceSpec &device) {
  if (waits <= 0 || device.sms <= 0)
    return 0;
  int64_t perSM = (std::max<int64_t>(blocks, 1) + device.sms - 1) / device.sms;
  int64_t resident = std::clamp<int64_t>(blocksPerSM, 1, perSM);
  double waves = std::ceil(double(perSM) / double(resident));
  double exposed =
      std::max(kClusterWaitFloor, 1 - kClusterWaitOverlap * double(resident - 1));
  return waits * latencies * device.memoryLatencyUs * waves * exposed;
}

double ks::agents::clusterWaitUs(double waits, int64_t blocks, int64_t blocksPerSM,
                                 const DeviceSpec &device) {
  return waitsPerWaveUs(waits, kClusterWaitLatencies, blocks, blocksPerSM, device);
}

double ks::agents::loadDrainUs(double drains, int64_t blocks, int64_t blocksPerSM,
                               const DeviceSpec &device) {
  return waitsPerWaveUs(drains, kLoadDrainLatencies, blocks, blocksPerSM, device);
}
