//===- KernelMetricsTest.cpp - Named metrics from raw CUPTI values --------===//

#include "ks/Runtime/KernelProfiler.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace ks::runtime;

namespace {
/// A memory-bound copy as the counters would show it.
RawMetrics copyKernel() {
  RawMetrics raw;
  raw["gpu__time_duration.sum"] = 250000; // ns
  raw["dram__throughput.avg.pct_of_peak_sustained_elapsed"] = 88.5;
  raw["lts__throughput.avg.pct_of_peak_sustained_elapsed"] = 61.0;
  raw["l1tex__throughput.avg.pct_of_peak_sustained_active"] = 30.0;
  raw["sm__throughput.avg.pct_of_peak_sustained_elapsed"] = 17.25;
  raw["gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"] = 88.5;
  raw["smsp__warps_active.sum"] = 1000;
  raw["smsp__warps_issue_stalled_long_scoreboard.sum"] = 700;
  raw["smsp__warps_issue_stalled_short_scoreboard.sum"] = 10;
  raw["smsp__warps_issue_stalled_barrier.sum"] = 0;
  raw["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] = 4096;
  raw["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"] = 1024;
  raw["dram__bytes_read.sum"] = 3e8;
  raw["dram__bytes_write.sum"] = 1e8;
  return raw;
}
} // namespace

TEST(KernelMetrics, NamesAndDerivedValues) {
  llvm::json::Object m = deriveMetrics(copyKernel());
  EXPECT_DOUBLE_EQ(*m.getNumber("duration_us"), 250.0);
  EXPECT_DOUBLE_EQ(*m.getNumber("dram_throughput_pct"), 88.5);
  EXPECT_DOUBLE_EQ(*m.getNumber("sm_throughput_pct"), 17.25);
  EXPECT_DOUBLE_EQ(*m.getNumber("long_scoreboard_stall_pct"), 70.0);
  EXPECT_DOUBLE_EQ(*m.getNumber("short_scoreboard_stall_pct"), 1.0);
  EXPECT_DOUBLE_EQ(*m.getNumber("barrier_stall_pct"), 0.0);
  EXPECT_DOUBLE_EQ(*m.getNumber("dram_bytes"), 4e8);
  EXPECT_DOUBLE_EQ(*m.getNumber("speed_of_light_pct"), 88.5);
  EXPECT_EQ(*m.getString("bound"), "memory");
  // Not read: not reported.
  EXPECT_FALSE(m.get("tensor_pipe_pct"));
  EXPECT_FALSE(m.get("l2_hit_rate_pct"));
}

TEST(KernelMetrics, SpeedOfLightIsTheHigherOfComputeAndMemory) {
  RawMetrics raw = copyKernel();
  raw["sm__throughput.avg.pct_of_peak_sustained_elapsed"] = 91.0;
  llvm::json::Object m = deriveMetrics(raw);
  EXPECT_DOUBLE_EQ(*m.getNumber("speed_of_light_pct"), 91.0);
  EXPECT_EQ(*m.getString("bound"), "compute");
}

TEST(KernelMetrics, LoadEfficiencyFromSectorsPerRequest) {
  // 4 sectors per warp request: 32 consecutive floats, every byte used.
  llvm::json::Object m = deriveMetrics(copyKernel());
  EXPECT_DOUBLE_EQ(*m.getNumber("global_load_sectors_per_request"), 4.0);
  EXPECT_DOUBLE_EQ(*m.getNumber("global_load_bytes_per_sector"), 32.0);
  EXPECT_DOUBLE_EQ(*m.getNumber("global_load_efficiency_pct"), 100.0);
  EXPECT_EQ(*m.getString("global_load_efficiency_source"), "sectors_per_request");
  // 32 sectors per request: each thread's float in a sector of its own.
  RawMetrics strided = copyKernel();
  strided["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] = 32768;
  m = deriveMetrics(strided);
  EXPECT_DOUBLE_EQ(*m.getNumber("global_load_bytes_per_sector"), 4.0);
  EXPECT_DOUBLE_EQ(*m.getNumber("global_load_efficiency_pct"), 12.5);
}

TEST(KernelMetrics, LoadEfficiencyFromTheSassCounterWhenRead) {
  RawMetrics raw = copyKernel();
  raw["sm__sass_data_bytes_mem_global_op_ld.sum"] = 4096 * 16; // half of each sector
  llvm::json::Object m = deriveMetrics(raw);
  EXPECT_DOUBLE_EQ(*m.getNumber("global_load_bytes_per_sector"), 16.0);
  EXPECT_DOUBLE_EQ(*m.getNumber("global_load_efficiency_pct"), 50.0);
  EXPECT_EQ(*m.getString("global_load_efficiency_source"), "sass");
}

TEST(KernelMetrics, NonFiniteAndEmptyValuesAreLeftOut) {
  RawMetrics raw = copyKernel();
  raw["dram__throughput.avg.pct_of_peak_sustained_elapsed"] = NAN;
  raw["smsp__warps_active.sum"] = 0; // no warp ever resident: no shares
  llvm::json::Object m = deriveMetrics(raw);
  EXPECT_FALSE(m.get("dram_throughput_pct"));
  EXPECT_FALSE(m.get("long_scoreboard_stall_pct"));
  EXPECT_TRUE(deriveMetrics(RawMetrics()).empty());
}
