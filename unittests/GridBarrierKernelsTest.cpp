//===- GridBarrierKernelsTest.cpp - Grid-synchronizing kernels' records ---===//

#include "ks/Runtime/GridBarrierKernels.h"

#include "gtest/gtest.h"

#include <cstdint>

using namespace ks::runtime;
using ks::cuda::CUfunction;
using ks::cuda::CUmodule;

namespace {
// Handles are opaque to the record: any distinct values serve.
CUmodule module(uintptr_t id) { return reinterpret_cast<CUmodule>(id); }
CUfunction function(uintptr_t id) { return reinterpret_cast<CUfunction>(id); }
} // namespace

TEST(GridBarrierKernels, RecordsOnlySynchronizingKernels) {
  GridBarrierKernels kernels;
  kernels.noteFunction(module(1), function(10), "grid_kernel", true);
  kernels.noteFunction(module(1), function(11), "plain_kernel", false);
  EXPECT_EQ(kernels.lookup(function(10)), "grid_kernel");
  EXPECT_EQ(kernels.lookup(function(11)), std::nullopt);
}

// The bug behind a pool kernel refused as "synchronizes its grid": the
// driver reused a grid kernel's handle after its module was unloaded.
TEST(GridBarrierKernels, UnloadForgetsTheModulesKernels) {
  GridBarrierKernels kernels;
  kernels.noteFunction(module(1), function(10), "grid_kernel", true);
  kernels.noteFunction(module(2), function(20), "other_grid_kernel", true);
  kernels.forgetModule(module(1));
  EXPECT_EQ(kernels.lookup(function(10)), std::nullopt);
  EXPECT_EQ(kernels.lookup(function(20)), "other_grid_kernel");
}

TEST(GridBarrierKernels, AReusedHandleTakesItsNewKernelsRecord) {
  GridBarrierKernels kernels;
  kernels.noteFunction(module(1), function(10), "grid_kernel", true);
  // Module 1 unloaded without the record being told; module 3 reuses the
  // handle for a kernel without a grid barrier.
  kernels.noteFunction(module(3), function(10), "pool_kernel", false);
  EXPECT_EQ(kernels.lookup(function(10)), std::nullopt);
  kernels.noteFunction(module(4), function(10), "grid_again", true);
  kernels.forgetModule(module(1));
  EXPECT_EQ(kernels.lookup(function(10)), "grid_again");
}
