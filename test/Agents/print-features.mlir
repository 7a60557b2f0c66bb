// The pass itself: JSON to stdout or to a file (output=FILE), the IR left
// unchanged, and a module without dispatches.
// RUN: ks-opt %s --ks-print-features | FileCheck %s --check-prefixes=JSON,IR
// RUN: ks-opt %s --ks-print-features=output=%t.json | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: ks-opt %s --ks-print-features=output=%t.json -o %t.mlir
// RUN: ks-opt %s -o %t.ref.mlir
// RUN: diff %t.mlir %t.ref.mlir
// RUN: echo 'func.func @none() { return }' | ks-opt --ks-print-features -o /dev/null | FileCheck %s --check-prefix=EMPTY
// RUN: not ks-opt %s --ks-print-features=output=%t.missing/dir/f.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// JSON:      {
// JSON-NEXT:   "dispatches": [
// JSON-NEXT:     {
// JSON:            "func": "relu",
// JSON:            "id": 0,
// JSON:            "op": "linalg.generic",
// JSON-NEXT:       "op_class": "elementwise",
// JSON:            "transcendentals": 0
// JSON-NEXT:     }
// JSON-NEXT:   ]
// JSON-NEXT: }

// IR-LABEL: func.func @relu
// IR:         linalg.generic
// IR:           arith.maximumf

// EMPTY:      {
// EMPTY-NEXT:   "dispatches": []
// EMPTY-NEXT: }

// ERR: error: ks-print-features: {{.*}}missing

func.func @relu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
