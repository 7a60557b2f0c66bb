"""The tuning database from Python: its two stores, as ks-tune reads them
(include/ks/Agents/TuningDatabase.h).

SQLite (a path ending .db, .sqlite or .sqlite3, or a file that is one) is
the store many processes write at once: each write is one transaction.
JSON is the format records are shipped in: `import_json` and
`export_json` move records and calibration samples between the two, and
`python -m ks_torch db import OLD.json NEW.db` migrates today's files.
"""

import json
import os
import random
import sqlite3
import tempfile
import time

# The schema lib/Agents/TuningDatabaseSqlite.cpp creates; either side may
# create the file first.
SCHEMA = """
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
"""

# An estimate never replaces a measurement (as TuningDatabase::record).
UPSERT_RECORD = """
INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (signature, chip) DO UPDATE SET
  skill = excluded.skill, params = excluded.params, source = excluded.source,
  seed_us = excluded.seed_us, tuned_us = excluded.tuned_us,
  rounds = excluded.rounds, module = excluded.module, note = excluded.note
WHERE NOT (records.source = 'gpu' AND excluded.source = 'model')
"""

SQLITE_MAGIC = b"SQLite format 3\0"


class DatabaseError(Exception):
    pass


def is_sqlite(path):
    """An existing SQLite file, or a new path named .db/.sqlite/.sqlite3."""
    if os.path.exists(path):
        with open(path, "rb") as f:
            return f.read(16) == SQLITE_MAGIC
    return os.path.splitext(path)[1] in (".db", ".sqlite", ".sqlite3")


def _retry_while_locked(action, seconds=60):
    """Runs `action` until SQLite stops answering "database is locked": a
    new file's switch to WAL and its first schema are taken without
    SQLite's busy handler, so writers that open a new database together
    can be refused at once instead of waiting (seen with 8 to 24)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return action()
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.01 + 0.05 * random.random())


def _connect(path):
    db = sqlite3.connect(path, timeout=60, isolation_level=None)

    def prepare():
        if db.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            db.execute("PRAGMA journal_mode = WAL")
        db.executescript(SCHEMA)

    _retry_while_locked(prepare)
    return db


def _sample_row(s):
    return (s["device"], s["family"], s["op_class"], s.get("where", ""),
            float(s["estimated_us"]), float(s["measured_us"]))


def _record_row(r):
    return (r["signature"], r["chip"], r.get("skill") or "", json.dumps(r.get("params") or {}),
            r["source"], float(r.get("seed_us", 0)), float(r.get("tuned_us", 0)),
            int(r.get("rounds", 0)), r.get("module", ""), r.get("note", ""))


def _write_sqlite(path, records, samples):
    """Adds records and samples in one transaction; returns the samples added."""
    db = _connect(path)
    try:
        db.execute("BEGIN IMMEDIATE")
        for r in records:
            db.execute(UPSERT_RECORD, _record_row(r))
        before = db.execute("SELECT COUNT(*) FROM calibration").fetchone()[0]
        db.executemany("INSERT OR IGNORE INTO calibration VALUES (?, ?, ?, ?, ?, ?)",
                       [_sample_row(s) for s in samples])
        added = db.execute("SELECT COUNT(*) FROM calibration").fetchone()[0] - before
        db.execute("COMMIT")
        return added
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    finally:
        db.close()


def read(path):
    """{"version": 1, "records": [...], "calibration": [...]} of either store
    (empty where the file does not exist)."""
    if not os.path.exists(path):
        return {"version": 1, "records": [], "calibration": []}
    if not is_sqlite(path):
        with open(path) as f:
            db = json.load(f)
        db.setdefault("calibration", [])
        return db
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=60)
    try:
        records = []
        for row in db.execute("SELECT signature, chip, skill, params, source, seed_us, tuned_us, "
                              "rounds, module, note FROM records ORDER BY rowid"):
            r = {"signature": row[0], "chip": row[1], "skill": row[2] or None,
                 "params": json.loads(row[3]), "source": row[4], "seed_us": row[5],
                 "tuned_us": row[6], "rounds": row[7], "module": row[8]}
            if row[9]:
                r["note"] = row[9]
            records.append(r)
        samples = [{"device": d, "family": f, "op_class": o, "where": w, "estimated_us": e,
                    "measured_us": m}
                   for d, f, o, w, e, m in db.execute(
                       "SELECT device, family, op_class, place, estimated_us, measured_us "
                       "FROM calibration ORDER BY rowid")]
    except sqlite3.DatabaseError as e:
        raise DatabaseError(f"tuning database {path}: {e}")
    finally:
        db.close()
    return {"version": 1, "records": records, "calibration": samples}


def _sample_key(s):
    return (s["device"], s["family"], s["op_class"], s.get("where", ""), s["estimated_us"])


def _write_json(path, db):
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)) or ".", suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        json.dump(db, f, indent=2)
    os.replace(tmp, path)


def add_samples(path, samples):
    """Merges calibration samples into the database at `path` (created if
    missing), each once; returns how many were new."""
    if is_sqlite(path):
        return _write_sqlite(path, [], samples)
    db = read(path)
    have = db["calibration"]
    seen = {_sample_key(s) for s in have}
    added = 0
    for s in samples:
        if _sample_key(s) not in seen:
            have.append(s)
            seen.add(_sample_key(s))
            added += 1
    _write_json(path, db)
    return added


def add_records(path, records):
    """Adds tuning records (JSON form) to the database at `path`, an
    estimate never replacing a measurement of the same dispatch and chip."""
    if is_sqlite(path):
        _write_sqlite(path, records, [])
        return
    db = read(path)
    index = {(r["signature"], r["chip"]): i for i, r in enumerate(db["records"])}
    for r in records:
        i = index.get((r["signature"], r["chip"]))
        if i is None:
            index[(r["signature"], r["chip"])] = len(db["records"])
            db["records"].append(r)
        elif not (db["records"][i]["source"] == "gpu" and r["source"] == "model"):
            db["records"][i] = r
    if not db["calibration"]:
        del db["calibration"]
    _write_json(path, db)


def import_json(json_path, db_path):
    """Records and samples of a JSON database into an SQLite one (created if
    missing; a measurement there is not replaced by an estimate); returns
    (records, samples added)."""
    if not is_sqlite(db_path):
        raise DatabaseError(f"{db_path}: not an SQLite database (name it .db)")
    src = read(json_path)
    added = _write_sqlite(db_path, src["records"], src["calibration"])
    return len(src["records"]), added


def export_json(db_path, json_path):
    """The whole SQLite database as a JSON database (the shipping format)."""
    db = read(db_path)
    if not db["calibration"]:
        del db["calibration"]
    _write_json(json_path, db)
    return len(db["records"]), len(db.get("calibration", []))
