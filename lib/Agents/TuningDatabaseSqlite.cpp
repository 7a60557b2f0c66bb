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

#include <chrono>
#include <random>
#include <sqlite3.h>
#include <thread>
#include <variant>

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

/// WAL and the schema, retried while SQLite answers busy or locked: a new
/// file's switch to WAL and its first schema are not covered by the busy
/// handler, so writers that open a new database together are refused at
/// once instead of waiting.
llvm::Error prepareForWriting(Connection &c) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  std::minstd_rand jitter(std::random_device{}());
  while (true) {
    int rc = sqlite3_exec(c.db, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK)
      rc = sqlite3_exec(c.db, kSchema, nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK)
      return llvm::Error::success();
    bool contended = (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
    if (!contended || std::chrono::steady_clock::now() > deadline)
      return c.fail("cannot set up the database for writing");
    std::this_thread::sleep_for(std::chrono::milliseconds(10 + jitter() % 50));
  }
}

llvm::Expected<std::unique_ptr<Connection>> connect(llvm::StringRef path, bool write) {
  auto c = std::make_unique<Connection>();
  c->path = path.str();
  int flags = write ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
  if (sqlite3_open_v2(c->path.c_str(), &c->db, flags, nullptr) != SQLITE_OK)
    return c->fail("cannot open");
  // Writers queue behind the one holding the lock instead of failing.
  sqlite3_busy_timeout(c->db, 60000);
  if (write)
    if (llvm::Error err = prepareForWriting(*c))
      return std::move(err);
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

/// A value bound to a statement's parameter.
using Column = std::variant<llvm::StringRef, double, int64_t>;

/// Resets `s` and binds `values` to its parameters ?1, ?2, ... in order.
void bindRow(sqlite3_stmt *s, llvm::ArrayRef<Column> values) {
  sqlite3_reset(s);
  for (auto [i, value] : llvm::enumerate(values)) {
    int at = int(i) + 1;
    if (const auto *text = std::get_if<llvm::StringRef>(&value))
      sqlite3_bind_text(s, at, text->data(), int(text->size()), SQLITE_TRANSIENT);
    else if (const auto *real = std::get_if<double>(&value))
      sqlite3_bind_double(s, at, *real);
    else
      sqlite3_bind_int64(s, at, std::get<int64_t>(value));
  }
}

/// Runs the query `sql` and calls `onRow` on each row it yields; `what`
/// ("the records") names the rows in errors.
llvm::Error forEachRow(const Connection &c, const char *sql, const llvm::Twine &what,
                       llvm::function_ref<llvm::Error(sqlite3_stmt *)> onRow) {
  Statement q;
  if (sqlite3_prepare_v2(c.db, sql, -1, &q.stmt, nullptr) != SQLITE_OK)
    return c.fail("cannot read " + what);
  int rc;
  while ((rc = sqlite3_step(q.stmt)) == SQLITE_ROW)
    if (llvm::Error err = onRow(q.stmt))
      return err;
  return rc == SQLITE_DONE ? llvm::Error::success() : c.fail("cannot read " + what);
}

llvm::Error readRecords(const Connection &c, std::vector<TuningRecord> &out) {
  auto onRow = [&](sqlite3_stmt *row) -> llvm::Error {
    // The row as the JSON store's record, checked the same way.
    llvm::Expected<json::Value> params = ks::parseJson(text(row, 3));
    if (!params)
      return llvm::createStringError("tuning database " + c.path + ": record " +
                                     text(row, 0) + ": params are not JSON (" +
                                     llvm::toString(params.takeError()) + ")");
    std::string skill = text(row, 2);
    json::Object o{{"signature", text(row, 0)},
                   {"chip", text(row, 1)},
                   {"skill", skill.empty() ? json::Value(nullptr) : json::Value(skill)},
                   {"params", std::move(*params)},
                   {"source", text(row, 4)},
                   {"seed_us", sqlite3_column_double(row, 5)},
                   {"tuned_us", sqlite3_column_double(row, 6)},
                   {"rounds", sqlite3_column_int64(row, 7)},
                   {"module", text(row, 8)},
                   {"note", text(row, 9)}};
    llvm::Expected<TuningRecord> r =
        TuningRecord::fromJson(json::Value(std::move(o)), "record " + text(row, 0));
    if (!r)
      return llvm::createStringError("tuning database " + c.path + ": " +
                                     llvm::toString(r.takeError()));
    out.push_back(std::move(*r));
    return llvm::Error::success();
  };
  return forEachRow(c,
                    "SELECT signature, chip, skill, params, source, seed_us, tuned_us, "
                    "rounds, module, note FROM records ORDER BY rowid",
                    "the records", onRow);
}

llvm::Error readSamples(const Connection &c, std::vector<CalibrationSample> &out) {
  auto onRow = [&](sqlite3_stmt *row) -> llvm::Error {
    CalibrationSample s;
    s.device = text(row, 0);
    s.family = text(row, 1);
    s.opClass = text(row, 2);
    s.where = text(row, 3);
    s.estimatedUs = sqlite3_column_double(row, 4);
    s.measuredUs = sqlite3_column_double(row, 5);
    out.push_back(std::move(s));
    return llvm::Error::success();
  };
  return forEachRow(c,
                    "SELECT device, family, op_class, place, estimated_us, measured_us "
                    "FROM calibration ORDER BY rowid",
                    "the calibration samples", onRow);
}

llvm::Error writeRecords(const Connection &c, llvm::ArrayRef<TuningRecord> records) {
  Statement q;
  if (sqlite3_prepare_v2(c.db, kUpsertRecord, -1, &q.stmt, nullptr) != SQLITE_OK)
    return c.fail("cannot write the records");
  for (const TuningRecord &r : records) {
    std::string params;
    llvm::raw_string_ostream(params) << json::Value(r.toJson()["params"]);
    bindRow(q.stmt, {r.signature, r.chip, r.skill, params, r.source, r.seedUs, r.tunedUs,
                     r.rounds, r.module, r.note});
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
    bindRow(q.stmt, {s.device, s.family, s.opClass, s.where, s.estimatedUs, s.measuredUs});
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
  llvm::scope_exit rollback([&] { sqlite3_exec(c.db, "ROLLBACK", nullptr, nullptr, nullptr); });
  if (llvm::Error err = writeRecords(c, records))
    return err;
  if (llvm::Error err = writeSamples(c, samples))
    return err;
  if (llvm::Error err = c.exec("COMMIT"))
    return err;
  rollback.release();
  return llvm::Error::success();
}
