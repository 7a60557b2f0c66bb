// Estimates calibrated by GPU samples (--calibration: a tuning database's
// "calibration" kernels, Calibration.h): on the cost model's device, each
// kernel's estimate is multiplied by measured / estimated of its skill (or
// the seed) on its op class, else of its op class, else of its skill. Here
// the seed's GEMMs ran 10x faster than estimated and matmul_tf32x3_mma's
// 2x slower (samples of another device do not count): the first choice,
// kept without calibration, is no longer faster than the seed.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --precision=tf32x3 %s --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/raw > /dev/null
// RUN: FileCheck %s --check-prefix=RAW < %t/raw/report.json
// RUN: ks-tune --precision=tf32x3 %s --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/cal --calibration=%S/Inputs/calibration-db.json | FileCheck %s --check-prefix=LOG
// RUN: FileCheck %s --check-prefix=CAL < %t/cal/report.json
// RUN: python3 -c "import json, sys; s = [json.load(open(f))['dispatches'][0]['seed_us'] for f in sys.argv[1:]]; print(round(s[1] / s[0], 3))" %t/raw/report.json %t/cal/report.json | FileCheck %s --check-prefix=RATIO
// The samples of the --db database calibrate too, and stay in it when the
// run saves its records.
// RUN: cp %S/Inputs/calibration-db.json %t/db.json
// RUN: ks-tune --precision=tf32x3 %s --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/db --db=%t/db.json | FileCheck %s --check-prefix=LOG
// RUN: python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print(len(d['records']), len(d['calibration']))" %t/db.json | FileCheck %s --check-prefix=SAVED
// SAVED: 2 7
// A calibration file that is not a tuning database is an error.
// RUN: echo '{"version": 1, "records": [], "calibration": [{"device": "h200", "family": "seed", "op_class": "matmul", "estimated_us": 0, "measured_us": 1}]}' > %t/bad.json
// RUN: not ks-tune %s --measure=model --device=h200 --rounds=0 --out=%t/bad --calibration=%t/bad.json 2>&1 | FileCheck %s --check-prefix=BAD

// RAW: "calibration": null
// RAW: "outcome": "kept"

// LOG: ks-tune: estimates calibrated by 6 kernels measured on the h200

// CAL: "calibration": {
// CAL: "matmul_tf32x3_mma|matmul": {
// CAL-NEXT: "factor": 2,
// CAL-NEXT: "samples": 3
// CAL: "seed|matmul": {
// CAL-NEXT: "factor": 0.1{{0*[0-9]?}},
// CAL-NEXT: "samples": 3
// CAL: "outcome": "not faster than the seed ({{.*}} us against {{.*}})"

// RATIO: 0.1

// BAD: tuning database {{.*}}bad.json: calibration[0]: field 'estimated_us' must be a positive number

func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<512x512xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<512x512xf32>) -> tensor<512x512xf32>
  %c = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%fill : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %c : tensor<512x512xf32>
}
