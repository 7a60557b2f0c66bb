"""The tuning database's two stores from Python (ks_torch/tuningdb.py):
concurrent writers to SQLite, the estimate-never-replaces-a-measurement
rule, and the JSON <-> SQLite migration."""

import json
import multiprocessing
import os
import sqlite3
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from ks_torch import tuningdb  # noqa: E402


def record(sig, source="model", skill="warp_reduce_innermost", tuned=2.0):
    return {"signature": sig, "chip": "sm_90", "skill": skill, "params": {"E": 4},
            "source": source, "seed_us": 10.0, "tuned_us": tuned, "rounds": 1, "module": "m"}


def sample(where, est=1.0):
    return {"device": "h200", "family": "seed", "op_class": "reduction", "where": where,
            "estimated_us": est, "measured_us": 2 * est}


def writer(path, w, n):
    for i in range(n):
        tuningdb._write_sqlite(path, [record(f"w{w}-r{i}")], [sample(f"w{w}-s{i}")])


class SqliteStoreTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.db = os.path.join(self.dir.name, "tuning.db")

    def tearDown(self):
        self.dir.cleanup()

    def test_eight_concurrent_writers_lose_nothing(self):
        procs = [multiprocessing.Process(target=writer, args=(self.db, w, 40)) for w in range(8)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(120)
            self.assertEqual(p.exitcode, 0)
        db = tuningdb.read(self.db)
        self.assertEqual(len(db["records"]), 320)
        self.assertEqual(len({r["signature"] for r in db["records"]}), 320)
        self.assertEqual(len(db["calibration"]), 320)
        self.assertEqual(db["records"][0]["params"], {"E": 4})  # a whole record, not torn

    def test_writers_that_open_a_new_database_together_all_write(self):
        # The switch to WAL and the first schema are taken without SQLite's
        # busy handler: 24 writers opening one new file used to be refused
        # "database is locked" now and then.
        for trial in range(5):
            db = os.path.join(self.dir.name, f"new{trial}.db")
            procs = [multiprocessing.Process(target=writer, args=(db, w, 1)) for w in range(24)]
            for p in procs:
                p.start()
            for p in procs:
                p.join(120)
                self.assertEqual(p.exitcode, 0)
            self.assertEqual(len(tuningdb.read(db)["records"]), 24)

    def test_an_estimate_never_replaces_a_measurement(self):
        tuningdb._write_sqlite(self.db, [record("a", source="gpu", tuned=5.0)], [])
        tuningdb._write_sqlite(self.db, [record("a", source="model", tuned=1.0)], [])
        tuningdb._write_sqlite(self.db, [record("b", source="model", tuned=3.0)], [])
        tuningdb._write_sqlite(self.db, [record("b", source="gpu", tuned=4.0)], [])
        got = {r["signature"]: (r["source"], r["tuned_us"]) for r in tuningdb.read(self.db)["records"]}
        self.assertEqual(got, {"a": ("gpu", 5.0), "b": ("gpu", 4.0)})

    def test_json_imports_into_sqlite_and_exports_back(self):
        old = os.path.join(self.dir.name, "old.json")
        with open(old, "w") as f:
            json.dump({"version": 1, "records": [record("x"), record("y", skill=None)],
                       "calibration": [sample("s1"), sample("s2")]}, f)
        self.assertEqual(tuningdb.import_json(old, self.db), (2, 2))
        self.assertEqual(tuningdb.import_json(old, self.db), (2, 0))  # samples once
        self.assertTrue(tuningdb.is_sqlite(self.db))
        out = os.path.join(self.dir.name, "out.json")
        self.assertEqual(tuningdb.export_json(self.db, out), (2, 2))
        with open(out) as f:
            back = json.load(f)
        self.assertEqual([r["signature"] for r in back["records"]], ["x", "y"])
        self.assertIsNone(back["records"][1]["skill"])
        self.assertEqual(back["records"][0], record("x"))
        with self.assertRaisesRegex(tuningdb.DatabaseError, "not an SQLite database"):
            tuningdb.import_json(old, out)

    def test_samples_merge_once_in_either_store(self):
        js = os.path.join(self.dir.name, "db.json")
        for path in (js, self.db):
            self.assertEqual(tuningdb.add_samples(path, [sample("a"), sample("b")]), 2)
            self.assertEqual(tuningdb.add_samples(path, [sample("b"), sample("c")]), 1)
            self.assertEqual(len(tuningdb.read(path)["calibration"]), 3)
        self.assertFalse(tuningdb.is_sqlite(js))
        with sqlite3.connect(self.db) as db:
            self.assertEqual(db.execute("PRAGMA journal_mode").fetchone()[0], "wal")


if __name__ == "__main__":
    unittest.main()
