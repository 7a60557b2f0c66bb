// The tuning database in SQLite (a path ending .db): many ks-tune processes
// write it at once and none loses another's records, each save one
// transaction. Sixteen tunes of programs with distinct dispatches (ROWS =
// 16 .. 31), started together, leave two records each (the row sum and
// its fill); a second tune of one of them finds both and measures nothing.
// The JSON store, read whole and replaced, promises no such thing (the
// same sixteen tunes into a .json kept 22 of the 32 records once). A JSON
// database migrates: imported into SQLite, a tune finds its records there.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: for r in $(seq 16 31); do sed "s/ROWS/$r/g" %S/Inputs/exp-rows.mlir > %t/p$r.mlir; done
// RUN: for r in $(seq 16 31); do (ks-tune --precision=tf32x3 %t/p$r.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/o$r --db=%t/tuning.db > %t/log$r 2>&1 || echo "tune $r failed") & done; wait
// RUN: python3 -c "import sqlite3; db = sqlite3.connect('%t/tuning.db'); print('records', db.execute('SELECT COUNT(*), COUNT(DISTINCT signature) FROM records').fetchone()); print('journal', db.execute('PRAGMA journal_mode').fetchone()[0])" | FileCheck %s
// RUN: head -c 16 %t/tuning.db | FileCheck %s --check-prefix=MAGIC
// RUN: ks-tune --precision=tf32x3 %t/p20.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/again --db=%t/tuning.db | FileCheck %s --check-prefix=AGAIN
// RUN: ks-tune --precision=tf32x3 %t/p17.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/json --db=%t/old.json > /dev/null
// RUN: env PYTHONPATH=%ks_src/python python3 -m ks_torch db import %t/old.json %t/migrated.db | FileCheck %s --check-prefix=IMPORT
// RUN: ks-tune --precision=tf32x3 %t/p17.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/migrated --db=%t/migrated.db | FileCheck %s --check-prefix=MIGRATED

// CHECK-NOT: failed
// CHECK: records (32, 32)
// CHECK: journal wal

// MAGIC: SQLite format 3

// AGAIN: ks-tune: every dispatch (2) found in {{.*}}tuning.db: nothing measured

// IMPORT: db: 2 records and 0 new calibration samples from {{.*}}old.json in {{.*}}migrated.db
// MIGRATED: ks-tune: every dispatch (2) found in {{.*}}migrated.db: nothing measured
