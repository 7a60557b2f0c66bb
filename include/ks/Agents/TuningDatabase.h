//===- TuningDatabase.h - Winners remembered across compiles ----*- C++ -*-===//
//
// Long-term memory that grows with use: for each dispatch signature (the
// dispatch's op, printed without ids or locations, hashed) and chip, the
// (skill, params) that won, or that the seed kernel was kept, with the
// times that decided it and whether they were measured on a GPU or
// estimated. A later compile of the same dispatch takes the answer with no
// measurement at all. Beside the records, kernels measured on a GPU next to
// the cost model's estimate of them (Calibration.h). One JSON file, read
// whole, merged with what another process may have saved meanwhile, and
// replaced atomically.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_TUNINGDATABASE_H
#define KS_AGENTS_TUNINGDATABASE_H

#include "ks/Agents/Calibration.h"
#include "ks/Agents/SkillLibrary.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace ks::agents {

struct TuningRecord {
  std::string signature, chip;
  std::string skill; ///< Empty: the seed kernel is the best known.
  ParamValues params;
  std::string source; ///< "gpu" (measured) or "model" (estimated).
  double seedUs = 0, tunedUs = 0;
  int64_t rounds = 0;
  std::string module, note;

  llvm::json::Object toJson() const;
};

class TuningDatabase {
public:
  /// Reads `path`; a file that does not exist is an empty database.
  static llvm::Expected<TuningDatabase> open(llvm::StringRef path);

  /// The record for a dispatch on a chip. With `measuredOnly`, an estimate
  /// is not an answer (a run that can measure should).
  const TuningRecord *lookup(llvm::StringRef signature, llvm::StringRef chip,
                             bool measuredOnly) const;
  /// Adds or replaces a record; an estimate never replaces a measurement.
  void record(TuningRecord r);
  /// Kernels measured beside their estimate (written by ks_torch rank-check).
  const std::vector<CalibrationSample> &samples() const { return calibration; }
  /// Merges with the file as it is now and replaces it atomically.
  llvm::Error save() const;

  const std::string &path() const { return file; }
  size_t size() const { return records.size(); }

private:
  std::string file;
  std::vector<TuningRecord> records;
  std::vector<CalibrationSample> calibration;
  static llvm::Error parseInto(llvm::StringRef path, std::vector<TuningRecord> &out,
                               std::vector<CalibrationSample> &samples);
};

/// The dispatch's signature: its op in generic form, without ks.*
/// attributes and locations, hashed, after a readable prefix (op name,
/// shapes and element types).
std::string dispatchSignature(mlir::Operation *dispatch);

} // namespace ks::agents

#endif // KS_AGENTS_TUNINGDATABASE_H
