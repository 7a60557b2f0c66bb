//===- PtxasReportTest.cpp - Reading ptxas -v output ----------------------===//

#include "ks/Target/Ptxas.h"

#include "gtest/gtest.h"

using namespace ks;

// Real ptxas 13.0 output for a module with two entries and a device
// function; the device function's frame must not be taken for an entry's.
static const char *kTwoEntries = R"(ptxas info    : 64 bytes gmem
ptxas info    : Function properties for helper
    24 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads
ptxas info    : Compiling entry function 'tiled_gemm' for 'sm_90'
ptxas info    : Function properties for tiled_gemm
    16 bytes stack frame, 12 bytes spill stores, 20 bytes spill loads
ptxas info    : Used 128 registers, used 1 barriers, 16384 bytes smem, 400 bytes cmem[0]
ptxas info    : Compiling entry function 'fill' for 'sm_90'
ptxas info    : Function properties for fill
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 10 registers, used 0 barriers
ptxas info    : Compile time = 19.256 ms
)";

TEST(PtxasReport, ParsesEveryEntry) {
  std::vector<PtxasKernelReport> kernels = parsePtxasReport(kTwoEntries);
  ASSERT_EQ(kernels.size(), 2u);

  const PtxasKernelReport &gemm = kernels[0];
  EXPECT_EQ(gemm.kernel, "tiled_gemm");
  EXPECT_EQ(gemm.registers, 128);
  EXPECT_EQ(gemm.barriers, 1);
  EXPECT_EQ(gemm.sharedBytes, 16384);
  EXPECT_EQ(gemm.constantBytes, 400);
  EXPECT_EQ(gemm.stackBytes, 16);
  EXPECT_EQ(gemm.spillStoreBytes, 12);
  EXPECT_EQ(gemm.spillLoadBytes, 20);

  const PtxasKernelReport &fill = kernels[1];
  EXPECT_EQ(fill.kernel, "fill");
  EXPECT_EQ(fill.registers, 10);
  EXPECT_EQ(fill.sharedBytes, 0);
  EXPECT_EQ(fill.constantBytes, 0);
  EXPECT_EQ(fill.stackBytes, 0);
}

TEST(PtxasReport, DeviceFunctionsAreNotEntries) {
  std::vector<PtxasKernelReport> kernels = parsePtxasReport(
      "ptxas info    : Function properties for helper\n"
      "    24 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n");
  EXPECT_TRUE(kernels.empty());
}

TEST(PtxasReport, ErrorsYieldNothing) {
  EXPECT_TRUE(parsePtxasReport("ptxas fatal   : Ptx assembly aborted due to "
                               "errors\n")
                  .empty());
}

TEST(FindPtxas, ExplicitPathMustExist) {
  llvm::Expected<std::string> p = findPtxas("/nonexistent/bin/ptxas");
  ASSERT_FALSE(static_cast<bool>(p));
  EXPECT_EQ(llvm::toString(p.takeError()),
            "ptxas not found at '/nonexistent/bin/ptxas' (from the ptxas "
            "option); point it at an executable ptxas, or pass "
            "verify-ptx=false to skip verification");
}

TEST(FindCudaToolkit, ExplicitPathWins) {
  EXPECT_EQ(findCudaToolkit("/opt/cuda-x").value_or(""), "/opt/cuda-x");
}
