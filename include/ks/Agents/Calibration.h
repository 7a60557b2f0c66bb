//===- Calibration.h - The cost model corrected by GPU samples --*- C++ -*-===//
//
// The roofline estimate is off by a factor that depends on the kind of
// kernel: a direct convolution's loads hit L1 far less than the model
// assumes, a transpose's shared-memory round trip costs more. Kernels
// measured on a GPU beside their estimate (ks_torch rank-check writes them
// into the tuning database) give that factor per skill and op class, and
// later estimates on the same device are multiplied by it, so that
// candidates built by different skills compare as the GPU would rank them.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_CALIBRATION_H
#define KS_AGENTS_CALIBRATION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <string>

namespace ks::agents {

/// One kernel measured on a GPU beside the cost model's estimate of it.
struct CalibrationSample {
  std::string device;  ///< The cost model's device (devices.json name).
  std::string family;  ///< The skill that built the kernel, or "seed".
  std::string opClass; ///< The dispatch's op class.
  std::string where;   ///< What was measured (problem and dispatch).
  double estimatedUs = 0, measuredUs = 0;

  llvm::json::Object toJson() const;
  static llvm::Expected<CalibrationSample> fromJson(const llvm::json::Value &v,
                                                    llvm::StringRef where);
  bool sameAs(const CalibrationSample &o) const {
    return device == o.device && family == o.family && opClass == o.opClass &&
           where == o.where && estimatedUs == o.estimatedUs;
  }
};

/// measured / estimated, as a geometric mean over the samples of one
/// device, for a family on an op class, a family, and an op class.
class Calibration {
public:
  static constexpr unsigned kMinSamples = 3;

  static Calibration fromSamples(llvm::ArrayRef<CalibrationSample> samples,
                                 llvm::StringRef device);
  /// The factor for a kernel of `family` on a dispatch of `opClass`: the
  /// first of (family, op class), op class, family that has at least
  /// kMinSamples samples; 1 when none has.
  double factor(llvm::StringRef family, llvm::StringRef opClass) const;
  bool empty() const { return count == 0; }
  unsigned samples() const { return count; }
  /// Every factor backed by enough samples, for the report.
  llvm::json::Object toJson() const;

private:
  struct Sum {
    double logRatio = 0;
    unsigned n = 0;
  };
  std::map<std::string, Sum> sums; ///< "family|opClass", "family|", "|opClass".
  unsigned count = 0;
  std::optional<double> lookup(const std::string &key) const;
};

} // namespace ks::agents

#endif // KS_AGENTS_CALIBRATION_H
