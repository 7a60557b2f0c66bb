//===- Calibration.cpp - The cost model corrected by GPU samples ----------===//

#include "ks/Agents/Calibration.h"

#include "ks/Support/Json.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace ks::agents;
namespace json = llvm::json;

namespace {
/// A factor outside this range says the sample is broken, not the model.
constexpr double kMinFactor = 0.05, kMaxFactor = 20;
} // namespace

json::Object CalibrationSample::toJson() const {
  return json::Object{{"device", device},           {"family", family},
                      {"op_class", opClass},        {"where", where},
                      {"estimated_us", estimatedUs}, {"measured_us", measuredUs}};
}

llvm::Expected<CalibrationSample> CalibrationSample::fromJson(const json::Value &v,
                                                              llvm::StringRef where) {
  auto bad = [&](const llvm::Twine &what) {
    return llvm::createStringError(where + ": " + what);
  };
  const json::Object *o = v.getAsObject();
  if (!o)
    return bad("must be an object");
  CalibrationSample s;
  if (const char *key = ks::copyNonEmptyStrings(
          *o, {{"device", &s.device}, {"family", &s.family}, {"op_class", &s.opClass}}))
    return bad(llvm::Twine("field '") + key + "' must be a non-empty string");
  s.where = o->getString("where").value_or("").str();
  for (auto [key, field] : {std::pair{"estimated_us", &s.estimatedUs},
                            {"measured_us", &s.measuredUs}}) {
    std::optional<double> number = o->getNumber(key);
    if (!number || !(*number > 0) || !std::isfinite(*number))
      return bad(llvm::Twine("field '") + key + "' must be a positive number");
    *field = *number;
  }
  return s;
}

Calibration Calibration::fromSamples(llvm::ArrayRef<CalibrationSample> samples,
                                     llvm::StringRef device) {
  Calibration c;
  for (const CalibrationSample &s : samples) {
    if (s.device != device)
      continue;
    double logRatio = std::log(std::clamp(s.measuredUs / s.estimatedUs, kMinFactor, kMaxFactor));
    for (const std::string &key :
         {s.family + "|" + s.opClass, s.family + "|", "|" + s.opClass}) {
      Sum &sum = c.sums[key];
      sum.logRatio += logRatio;
      ++sum.n;
    }
    ++c.count;
  }
  return c;
}

std::optional<double> Calibration::lookup(const std::string &key) const {
  auto it = sums.find(key);
  if (it == sums.end() || it->second.n < kMinSamples)
    return std::nullopt;
  return std::exp(it->second.logRatio / it->second.n);
}

double Calibration::factor(llvm::StringRef family, llvm::StringRef opClass) const {
  // A kernel's op class says more than its skill across op classes: the
  // seed's matmul and its fill have little in common.
  for (const std::string &key :
       {(family + "|" + opClass).str(), ("|" + opClass).str(), (family + "|").str()})
    if (std::optional<double> f = lookup(key))
      return *f;
  return 1;
}

json::Object Calibration::toJson() const {
  json::Object factors;
  for (const auto &[key, sum] : sums)
    if (std::optional<double> f = lookup(key))
      factors[key] = json::Object{{"factor", std::round(*f * 1000) / 1000}, {"samples", sum.n}};
  return json::Object{{"samples", count}, {"factors", std::move(factors)}};
}
