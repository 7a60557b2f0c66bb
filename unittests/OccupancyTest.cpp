//===- OccupancyTest.cpp - Theoretical occupancy and its limiter ----------===//
//
// Expected values worked out by hand with the H100's limits (64 warps, 32
// blocks, 64K registers, 228 KiB shared memory and 1 KiB reserved per block
// per SM; registers given to warps in 256s), as CUDA's occupancy calculator
// does.
//
//===----------------------------------------------------------------------===//

#include "ks/Runtime/Occupancy.h"

#include "gtest/gtest.h"

using namespace ks::runtime;

namespace {
const SmLimits kH100;
} // namespace

TEST(Occupancy, FullWhenOnlyTheWarpSlotsLimit) {
  Occupancy o = computeOccupancy(kH100, 256, 32, 0);
  EXPECT_EQ(o.blocksPerSm, 8);
  EXPECT_EQ(o.warpsPerSm, 64);
  EXPECT_DOUBLE_EQ(o.theoreticalPct, 100.0);
  // Registers also allow exactly 8 blocks: on a tie, they are not blamed.
  EXPECT_EQ(o.limitRegisters, 8);
  EXPECT_EQ(o.limiter, "warps");
}

TEST(Occupancy, Registers) {
  Occupancy o = computeOccupancy(kH100, 256, 128, 0);
  EXPECT_EQ(o.blocksPerSm, 2);
  EXPECT_DOUBLE_EQ(o.theoreticalPct, 25.0);
  EXPECT_EQ(o.limiter, "registers");
  // 40 registers round up to 1280 per warp: 51 warps fit, 12 blocks of 4.
  EXPECT_EQ(computeOccupancy(kH100, 128, 40, 0).limitRegisters, 12);
}

TEST(Occupancy, SharedMemoryCountsTheReservedKilobyte) {
  Occupancy o = computeOccupancy(kH100, 128, 40, 48 * 1024);
  EXPECT_EQ(o.limitShared, 4); // 233472 / (49152 + 1024)
  EXPECT_EQ(o.blocksPerSm, 4);
  EXPECT_DOUBLE_EQ(o.theoreticalPct, 25.0);
  EXPECT_EQ(o.limiter, "shared_memory");
}

TEST(Occupancy, SmallBlocksRunOutOfBlockSlots) {
  Occupancy o = computeOccupancy(kH100, 32, 16, 0);
  EXPECT_EQ(o.blocksPerSm, 32);
  EXPECT_DOUBLE_EQ(o.theoreticalPct, 50.0);
  EXPECT_EQ(o.limiter, "blocks");
}

TEST(Occupancy, TooManyRegistersForTheBlockFitsNothing) {
  // 65 registers x 32 threads round up to 2304 per warp: 28 warps, fewer
  // than the block's 32.
  Occupancy o = computeOccupancy(kH100, 1024, 65, 0);
  EXPECT_EQ(o.blocksPerSm, 0);
  EXPECT_DOUBLE_EQ(o.theoreticalPct, 0.0);
  EXPECT_EQ(o.limiter, "registers");
  EXPECT_EQ(computeOccupancy(kH100, 1024, 64, 0).blocksPerSm, 1);
}

TEST(Occupancy, EmptyBlock) {
  Occupancy o = computeOccupancy(kH100, 0, 32, 0);
  EXPECT_EQ(o.blocksPerSm, 0);
  EXPECT_EQ(o.limiter, "none");
}
