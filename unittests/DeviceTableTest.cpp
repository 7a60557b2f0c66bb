//===- DeviceTableTest.cpp - The cost model's device from the driver ------===//

#include "ks/Agents/DeviceTable.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace ks::agents;

namespace {

/// Two sm_90 entries, the H100 first, written to a temporary file.
DeviceTable twoHoppers() {
  llvm::SmallString<128> path;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("devices", "json", path));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    auto entry = [](const char *name, const char *title, int sms, int gbps) {
      return llvm::formatv(
                 R"({{"name": "{0}", "title": "{1}", "chip": "sm_90", "sms": {2}, "clock_ghz": 1.98,
                    "dram_gbps": {3}, "l2_gbps": 7000, "l1_bytes_per_clock_per_sm": 128,
                    "gflops": {{"f32": 66900}, "shared_bytes_per_sm": 233472,
                    "shared_bytes_per_block": 232448, "registers_per_sm": 65536,
                    "max_threads_per_sm": 2048, "max_blocks_per_sm": 32, "launch_us": 2.5})",
                 name, title, sms, gbps)
          .str();
    };
    os << R"({"devices": [)" << entry("h100-sxm", "NVIDIA H100 SXM5 80GB", 132, 3350) << ", "
       << entry("h200", "NVIDIA H200 SXM 141GB", 132, 4800) << "]}";
  }
  llvm::Expected<DeviceTable> table = DeviceTable::load(path);
  llvm::sys::fs::remove(path);
  EXPECT_TRUE(bool(table)) << (table ? "" : llvm::toString(table.takeError()));
  return std::move(*table);
}

TEST(DeviceTable, TheDriversGpuIsTheEntryItsTitleNamesWithTheDriversFigures) {
  DeviceTable table = twoHoppers();
  DriverFacts facts{"NVIDIA H200", "sm_90", 132, 60 << 20, 4915.2};
  llvm::Expected<DeviceSpec> spec = table.adopt(facts);
  ASSERT_TRUE(bool(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(spec->name, "h200");
  EXPECT_EQ(spec->sms, 132);
  EXPECT_EQ(spec->l2Bytes, 60 << 20);
  EXPECT_DOUBLE_EQ(spec->dramGBps, 4915.2);
  EXPECT_EQ(spec->title,
            "NVIDIA H200 (132 SMs, 60 MB L2, 4915 GB/s from the driver; the rest as h200)");
}

TEST(DeviceTable, AGpuTheTableDoesNotNameTakesItsChipsFirstEntryAndItsOwnSmCount) {
  DeviceTable table = twoHoppers();
  DriverFacts facts{"NVIDIA H100 PCIe", "sm_90", 114, 50 << 20, 2039};
  llvm::Expected<DeviceSpec> spec = table.adopt(facts);
  ASSERT_TRUE(bool(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(spec->name, "h100-sxm");
  EXPECT_EQ(spec->sms, 114);
  EXPECT_DOUBLE_EQ(spec->dramGBps, 2039);
}

TEST(DeviceTable, AChipTheTableLacksIsAnError) {
  DeviceTable table = twoHoppers();
  llvm::Expected<DeviceSpec> spec = table.adopt({"NVIDIA RTX PRO 6000", "sm_120", 188, 0, 0});
  ASSERT_FALSE(bool(spec));
  EXPECT_NE(llvm::toString(spec.takeError()).find("is a sm_120 (the NVIDIA RTX PRO 6000 here)"),
            std::string::npos);
}

} // namespace
