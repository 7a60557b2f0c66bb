// ks-tune refuses what it cannot tune, saying why, before any output.
// UNSUPPORTED: cuda-gpu, device-bundle
// Told to measure, it does not fall back to estimates.
// RUN: not ks-tune %s --measure=gpu --out=%t.out 2>&1 | FileCheck %s --check-prefix=NODRIVER
// NODRIVER: ks-tune: the seed kernels did not run: error: ks-run: no CUDA driver found
// RUN: not ks-tune %S/does-not-exist.mlir --out=%t.out2 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: ks-tune: cannot read {{.*}}does-not-exist.mlir: No such file or directory
// RUN: not ks-tune %s --measure=gpu --out=%t.out3 --ks-run=%t.nothing 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: ks-tune: ks-run not found at {{.*}}nothing (use --ks-run)
// RUN: not ks-tune %s --out=%t.out4 --skill-dirs=%S/../Skills/Inputs/skills-bad-default 2>&1 | FileCheck %s --check-prefix=SKILL
// SKILL: ks-tune: {{.*}}bad_default/skill.json: field 'defaults': 'B' = 64 is not among its allowed values
// RUN: not ks-tune %s --measure=sometimes --out=%t.out5 2>&1 | FileCheck %s --check-prefix=MEASURE
// MEASURE: ks-tune: measure must be auto, gpu or model, not 'sometimes'
// RUN: not ks-tune %s --measure=model --device=tpu --out=%t.out6 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: ks-tune: unknown device 'tpu' ({{.*}}devices.json has: h100-sxm, h100-pcie, h200, a100-sxm, l40s, rtx4090)
// RUN: echo '{"records": [{"signature": "x", "chip": "sm_90", "source": "guess", "skill": null}]}' > %t.bad-db.json
// RUN: not ks-tune %s --measure=model --db=%t.bad-db.json --out=%t.out7 2>&1 | FileCheck %s --check-prefix=DB
// DB: ks-tune: tuning database {{.*}}bad-db.json: records[0]: field 'source' must be "gpu" or "model"
// RUN: echo '{"records": {}}' > %t.bad-db2.json
// RUN: not ks-tune %s --measure=model --db=%t.bad-db2.json --out=%t.out8 2>&1 | FileCheck %s --check-prefix=DB2
// DB2: ks-tune: tuning database {{.*}}bad-db2.json: field 'records' must be an array
// An SQLite tuning database that is damaged, or holds a record ks cannot read.
// RUN: printf 'SQLite format 3\000not a database page' > %t.bad.db
// RUN: not ks-tune %s --measure=model --db=%t.bad.db --out=%t.out9 2>&1 | FileCheck %s --check-prefix=SQLITE
// SQLITE: ks-tune: tuning database {{.*}}bad.db: cannot read the records: file is not a database
// RUN: rm -f %t.params.db && python3 -c "import sqlite3, sys; sys.path.insert(0, '%ks_src/python'); from ks_torch import tuningdb; db = sqlite3.connect('%t.params.db'); db.executescript(tuningdb.SCHEMA); db.execute(\"INSERT INTO records VALUES ('sig', 'sm_90', '', '{oops', 'model', 1, 1, 0, '', '')\"); db.commit()"
// RUN: not ks-tune %s --measure=model --db=%t.params.db --out=%t.out10 2>&1 | FileCheck %s --check-prefix=PARAMS
// PARAMS: ks-tune: tuning database {{.*}}params.db: record sig: params are not JSON ({{.*}})
// RUN: not ks-tune --out=%t.out9 2>&1 | FileCheck %s --check-prefix=NOMODULE
// NOMODULE: ks-tune: no module to tune (ks-tune model.mlir ...; --help for the options)
// A trajectory left in --out whose accepted plan no longer runs (made with
// another skill library) stops the run and says to use another --out.
// RUN: rm -rf %t.resume && ks-tune %s --measure=model --out=%t.resume --rounds=1 > /dev/null
// RUN: sed -i 's/"accepted":true\(.*\)"skill":"[a-z_0-9]*"/"accepted":true\1"skill":"no_such_skill"/' %t.resume/trajectory.jsonl
// RUN: not ks-tune %s --measure=model --out=%t.resume --rounds=1 2>&1 | FileCheck %s --check-prefix=RESUMED
// RESUMED: ks-tune: the resumed plan did not run: unknown skill 'no_such_skill' (looked in {{.*}}skills); the trajectory in {{.*}}resume may be from another skill library or ks: give this run another --out
func.func @main(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
