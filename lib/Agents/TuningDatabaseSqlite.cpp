//===- TuningDatabaseSqlite.cpp - The tuning database in SQLite -----------===//
//
// The store many processes share: tuners on several GPUs, several problems
// tuned at once. SQLite in WAL mode lets readers go on while one process
// writes; each save is one IMMEDIATE transaction (the write lock taken at
// its start, others waiting up to a minute), so two saves never interleave
// and neither loses the other's records. The record fields are the JSON
// store's, the rule the same: an estimate never replaces a measurement.
//
//===----------------------------------------------------------------------===//

#include "ks/Agents/TuningDatabase.h"

#include "ks/Support/Json.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <sqlite3.h>

using namespace ks::agents;
namespace json = llvm::json;

namespace {
constexpr const char *kSchema = R"sql(
CREATE TABLE IF NOT EXISTS records (
  signature TEXT NOT NULL, chip TEXT NOT NULL, skill TEXT NOT NULL,
  params TEXT NOT NULL, source TEXT NOT NULL CHECK (source IN ('gpu', 'model')),
  seed_us REAL NOT NULL, tuned_us REAL NOT NULL, rounds INTEGER NOT NULL,
  module TEXT NOT NULL, note TEXT NOT NULL,
  PRIMARY KEY (signature, chip));
CREATE TABLE IF NOT EXISTS calibration (
  device TEXT NOT NULL, family TEXT NOT NULL, op_class TEXT NOT NULL,
  place TEXT NOT NULL, estimated_us REAL NOT NULL, measured_us REAL NOT NULL,
  UNIQUE (device, family, op_class, place, estimated_us));
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT OR IGNORE INTO meta VALUES ('version', '1');
)sql";

// An estimate never replaces a measurement; anything else replaces the
// record of the same dispatch and chip.
constexpr const char *kUpsertRecord = R"sql(
INSERT INTO records VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
ON CONFLICT (signature, chip) DO UPDATE SET
  skill = excluded.skill, params = excluded.params, source = excluded.source,
  seed_us = excluded.seed_us, tuned_us = excluded.tuned_us,
  rounds = excluded.rounds, module = excluded.module, note = excluded.note
WHERE NOT (records.source = 'gpu' AND excluded.source = 'model'))sql";

constexpr const char *kInsertSample =
    "INSERT OR IGNORE INTO calibration VALUES (?1, ?2, ?3, ?4, ?5, ?6)";

/// An open connection, closed when it goes.
struct Connection {
  sqlite3 *db = nullptr;
  std::string path;
  ~Connection() { sqlite3_close(db); }

  llvm::Error fail(const llvm::Twine &what) const {
    return llvm::createStringError("tuning database " + path + ": " + what + ": " +
                                   (db ? sqlite3_errmsg(db) : "cannot open"));
  }
  llvm::Error exec(const char *sql) const {
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
      return fail("cannot run '" + llvm::StringRef(sql).trim().take_until([](char c) {
                    return c == '\n';
                  }) + "'");
    return llvm::Error::success();
  }
};

llvm::Expected<std::unique_ptr<Connection>> connect(llvm::StringRef path, bool write) {
  auto c = std::make_unique<Connection>();
  c->path = path.str();
  int flags = write ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
  if (sqlite3_open_v2(c->path.c_str(), &c->db, flags, nullptr) != SQLITE_OK)
    return c->fail("cannot open");
  // Writers queue behind the one holding the lock instead of failing.
  sqlite3_busy_timeout(c->db, 60000);
  if (write) {
    if (llvm::Error err = c->exec("PRAGMA journal_mode = WAL"))
      return std::move(err);
    if (llvm::Error err = c->exec(kSchema))
      return std::move(err);
  }
  return std::move(c);
}

/// A prepared statement, finalized when it goes.
struct Statement {
  sqlite3_stmt *stmt = nullptr;
  ~Statement() { sqlite3_finalize(stmt); }
};

std::string text(sqlite3_stmt *s, int column) {
  const unsigned char *t = sqlite3_column_text(s, column);
  return t ? reinterpret_cast<const char *>(t) : "";
}

void bindText(sqlite3_stmt *s, int i, llvm::StringRef v) {
  sqlite3_bind_text(s, i, v.data(), int(v.size()), SQLITE_TRANSIENT);
}

llvm::Error readRecords(const Connection &c, std::vector<TuningRecord> &out) {
  Statement q;
  if (sqlite3_prepare_v2(c.db,
                         "SELECT signature, chip, skill, params, source, seed_us, tuned_us, "
                         "rounds, module, note FROM records ORDER BY rowid",
                         -1, &q.stmt, nullptr) != SQLITE_OK)
    return c.fail("cannot read the records");
  int rc;
  while ((rc = sqlite3_step(q.stmt)) == SQLITE_ROW) {
    // The row as the JSON store's record, checked the same way.
    llvm::Expected<json::Value> params = ks::parseJson(text(q.stmt, 3));
    if (!params)
      return llvm::createStringError("tuning database " + c.path + ": record " +
                                     text(q.stmt, 0) + ": params are not JSON (" +
                                     llvm::toString(params.takeError()) + ")");
    std::string skill = text(q.stmt, 2);
    json::Object o{{"signature", text(q.stmt, 0)},
                   {"chip", text(q.stmt, 1)},
                   {"skill", skill.empty() ? json::Value(nullptr) : json::Value(skill)},
                   {"params", std::move(*params)},
                   {"source", text(q.stmt, 4)},
                   {"seed_us", sqlite3_column_double(q.stmt, 5)},
                   {"tuned_us", sqlite3_column_double(q.stmt, 6)},
                   {"rounds", sqlite3_column_int64(q.stmt, 7)},
                   {"module", text(q.stmt, 8)},
                   {"note", text(q.stmt, 9)}};
    llvm::Expected<TuningRecord> r =
        TuningRecord::fromJson(json::Value(std::move(o)), "record " + text(q.stmt, 0));
    if (!r)
      return llvm::createStringError("tuning database " + c.path + ": " +
                                     llvm::toString(r.takeError()));
    out.push_back(std::move(*r));
  }
  return rc == SQLITE_DONE ? llvm::Error::success() : c.fail("cannot read the records");
}

llvm::Error readSamples(const Connection &c, std::vector<CalibrationSample> &out) {
  Statement q;
  if (sqlite3_prepare_v2(c.db,
                         "SELECT device, family, op_class, place, estimated_us, measured_us "
                         "FROM calibration ORDER BY rowid",
                         -1, &q.stmt, nullptr) != SQLITE_OK)
    return c.fail("cannot read the calibration samples");
  int rc;
  while ((rc = sqlite3_step(q.stmt)) == SQLITE_ROW) {
    CalibrationSample s;
    s.device = text(q.stmt, 0);
    s.family = text(q.stmt, 1);
    s.opClass = text(q.stmt, 2);
    s.where = text(q.stmt, 3);
    s.estimatedUs = sqlite3_column_double(q.stmt, 4);
    s.measuredUs = sqlite3_column_double(q.stmt, 5);
    out.push_back(std::move(s));
  }
  return rc == SQLITE_DONE ? llvm::Error::success()
                           : c.fail("cannot read the calibration samples");
}

llvm::Error writeRecords(const Connection &c, llvm::ArrayRef<TuningRecord> records) {
  Statement q;
  if (sqlite3_prepare_v2(c.db, kUpsertRecord, -1, &q.stmt, nullptr) != SQLITE_OK)
    return c.fail("cannot write the records");
  for (const TuningRecord &r : records) {
    std::string params;
    llvm::raw_string_ostream(params) << json::Value(r.toJson()["params"]);
    sqlite3_reset(q.stmt);
    bindText(q.stmt, 1, r.signature);
    bindText(q.stmt, 2, r.chip);
    bindText(q.stmt, 3, r.skill);
    bindText(q.stmt, 4, params);
    bindText(q.stmt, 5, r.source);
    sqlite3_bind_double(q.stmt, 6, r.seedUs);
    sqlite3_bind_double(q.stmt, 7, r.tunedUs);
    sqlite3_bind_int64(q.stmt, 8, r.rounds);
    bindText(q.stmt, 9, r.module);
    bindText(q.stmt, 10, r.note);
    if (sqlite3_step(q.stmt) != SQLITE_DONE)
      return c.fail("cannot write the record of " + r.signature);
  }
  return llvm::Error::success();
}

llvm::Error writeSamples(const Connection &c, llvm::ArrayRef<CalibrationSample> samples) {
  Statement q;
  if (sqlite3_prepare_v2(c.db, kInsertSample, -1, &q.stmt, nullptr) != SQLITE_OK)
    return c.fail("cannot write the calibration samples");
  for (const CalibrationSample &s : samples) {
    sqlite3_reset(q.stmt);
    bindText(q.stmt, 1, s.device);
    bindText(q.stmt, 2, s.family);
    bindText(q.stmt, 3, s.opClass);
    bindText(q.stmt, 4, s.where);
    sqlite3_bind_double(q.stmt, 5, s.estimatedUs);
    sqlite3_bind_double(q.stmt, 6, s.measuredUs);
    if (sqlite3_step(q.stmt) != SQLITE_DONE)
      return c.fail("cannot write a calibration sample");
  }
  return llvm::Error::success();
}
} // namespace

bool TuningDatabase::isSqlite(llvm::StringRef path) {
  if (auto buffer = llvm::MemoryBuffer::getFileSlice(path, 16, 0))
    return (*buffer)->getBuffer() == llvm::StringRef("SQLite format 3\0", 16);
  llvm::StringRef ext = llvm::sys::path::extension(path);
  return !llvm::sys::fs::exists(path) && (ext == ".db" || ext == ".sqlite" || ext == ".sqlite3");
}

llvm::Error TuningDatabase::readSqlite(llvm::StringRef path, std::vector<TuningRecord> &out,
                                       std::vector<CalibrationSample> &samples) {
  if (!llvm::sys::fs::exists(path))
    return llvm::Error::success();
  llvm::Expected<std::unique_ptr<Connection>> c = connect(path, /*write=*/false);
  if (!c)
    return c.takeError();
  if (llvm::Error err = readRecords(**c, out))
    return err;
  return readSamples(**c, samples);
}

llvm::Error TuningDatabase::saveSqlite(llvm::StringRef path, llvm::ArrayRef<TuningRecord> records,
                                       llvm::ArrayRef<CalibrationSample> samples) {
  llvm::Expected<std::unique_ptr<Connection>> opened = connect(path, /*write=*/true);
  if (!opened)
    return opened.takeError();
  const Connection &c = **opened;
  if (llvm::Error err = c.exec("BEGIN IMMEDIATE"))
    return err;
  auto rollback = llvm::make_scope_exit([&] { sqlite3_exec(c.db, "ROLLBACK", nullptr, nullptr, nullptr); });
  if (llvm::Error err = writeRecords(c, records))
    return err;
  if (llvm::Error err = writeSamples(c, samples))
    return err;
  if (llvm::Error err = c.exec("COMMIT"))
    return err;
  rollback.release();
  return llvm::Error::success();
}
