//===- TuningDatabase.h - Winners remembered across compiles ----*- C++ -*-===//
//
// Long-term memory that grows with use: for each dispatch signature (the
// dispatch's op, printed without ids or locations, hashed) and chip, the
// (skill, params) that won, or that the seed kernel was kept, with the
// times that decided it and whether they were measured on a GPU or
// estimated. A later compile of the same dispatch takes the answer with no
// measurement at all. Beside the records, kernels measured on a GPU next to
// the cost model's estimate of them (Calibration.h).
//
// Two stores, by the path: an SQLite database (`.db`, `.sqlite`, or a file
// that is one) that many processes write at once, each save one
// transaction (TuningDatabaseSqlite.cpp); or a JSON file, the format
// records are shipped in, read whole, merged with what another process
// saved meanwhile and replaced (two saves at the same moment may lose one
// side's records: one writer at a time).
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_TUNINGDATABASE_H
#define KS_AGENTS_TUNINGDATABASE_H

#include "ks/Agents/Calibration.h"
#include "ks/Skills/SkillLibrary.h"

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
  /// A record from its JSON form (`where` names it in errors).
  static llvm::Expected<TuningRecord> fromJson(const llvm::json::Value &v, llvm::StringRef where);
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
  /// Merges with the store as it is now: one transaction (SQLite), or the
  /// JSON file replaced atomically.
  llvm::Error save() const;
  /// Whether `path` names an SQLite store: an existing SQLite file, or a
  /// new one named .db, .sqlite or .sqlite3.
  static bool isSqlite(llvm::StringRef path);

  const std::string &path() const { return file; }
  size_t size() const { return records.size(); }

private:
  std::string file;
  bool sqlite = false;
  std::vector<TuningRecord> records;
  std::vector<CalibrationSample> calibration;
  static llvm::Error parseInto(llvm::StringRef path, std::vector<TuningRecord> &out,
                               std::vector<CalibrationSample> &samples);
  static llvm::Error readSqlite(llvm::StringRef path, std::vector<TuningRecord> &out,
                                std::vector<CalibrationSample> &samples);
  static llvm::Error saveSqlite(llvm::StringRef path, llvm::ArrayRef<TuningRecord> records,
                                llvm::ArrayRef<CalibrationSample> samples);
};

/// The dispatch's signature: its op in generic form, without ks.*
/// attributes and locations, hashed, after a readable prefix (op name,
/// shapes and element types).
std::string dispatchSignature(mlir::Operation *dispatch);

} // namespace ks::agents

#endif // KS_AGENTS_TUNINGDATABASE_H
