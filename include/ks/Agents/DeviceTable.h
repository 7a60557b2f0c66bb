//===- DeviceTable.h - What the cost model knows of each GPU ----*- C++ -*-===//
//
// skills/devices.json: datasheet figures (bandwidths, FLOP rates per dtype
// and unit, SM count, shared memory, registers) of the GPUs the roofline
// cost model can estimate for when there is no GPU to measure on. Data,
// checked when loaded: a broken file is an error naming the file and the
// field.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_DEVICETABLE_H
#define KS_AGENTS_DEVICETABLE_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ks::agents {

struct DeviceSpec {
  std::string name, title, chip;
  int64_t sms = 0;
  double clockGHz = 0, dramGBps = 0, l2GBps = 0, l1BytesPerClockPerSM = 0;
  /// GFLOP/s by unit: "f64", "f32", "tf32_tensor", "bf16_tensor", "f16_tensor".
  llvm::StringMap<double> gflops;
  int64_t l2Bytes = 0; ///< The table's, else the driver's (DriverFacts); 0: not known.
  int64_t sharedBytesPerSM = 0, sharedBytesPerBlock = 0, registersPerSM = 0,
          maxThreadsPerSM = 0, maxBlocksPerSM = 0;
  double launchUs = 0;
  /// A global load's round trip (DRAM), in microseconds; 0 when the table
  /// gives none (the model then charges no latency).
  double memoryLatencyUs = 0;

  /// Aggregate L1 bandwidth in GB/s.
  double l1GBps() const { return l1BytesPerClockPerSM * double(sms) * clockGHz; }
  /// Peak arithmetic in FLOP per microsecond for f64 or f32 work (f32's where
  /// the table gives no f64 figure).
  double peakFlopsPerUs(bool f64) const {
    double peak = gflops.lookup(f64 ? "f64" : "f32");
    return (peak > 0 ? peak : gflops.lookup("f32")) * 1e3;
  }
};

/// What the CUDA driver says of the GPU at hand (ks-tune reads it when
/// there is one): what the cost model takes from it instead of the table.
struct DriverFacts {
  std::string name;  ///< "NVIDIA H200"
  std::string chip;  ///< "sm_90"
  int64_t sms = 0, l2Bytes = 0;
  double dramGBps = 0; ///< 2 x memory clock x bus width (0: not known).
};

struct DeviceTable {
  std::string path;
  std::vector<DeviceSpec> devices;

  static llvm::Expected<DeviceTable> load(llvm::StringRef path);
  /// devices.json beside the first skill directory's policy.json.
  static llvm::Expected<DeviceTable> loadFrom(llvm::ArrayRef<std::string> skillRoots);

  /// The device named `name`; with no name, the first one for `chip`.
  llvm::Expected<const DeviceSpec *> find(llvm::StringRef name, llvm::StringRef chip) const;

  /// The table's device for the GPU `facts` describe (the entry for its
  /// chip whose title names it, else the chip's first), with the driver's
  /// SM count, L2 size and bandwidth in place of the table's.
  llvm::Expected<DeviceSpec> adopt(const DriverFacts &facts) const;
};

} // namespace ks::agents

#endif // KS_AGENTS_DEVICETABLE_H
