// The CPU reference path of ks-run: exact inputs from .npy files, a matmul,
// a broadcast bias + tanh and a row argmax, results checked by value and
// written back as .npy.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_npy.py %t/a.npy "<f4" 2,3 1 2 3 4 5 6
// RUN: %python %S/Inputs/make_npy.py %t/b.npy "<f4" 3,2 1 0 0 1 1 -1
// RUN: ks-run %s --cpu-only --input=%t/a.npy --input=%t/b.npy --print-outputs --output-dir=%t --json=%t/run.json | FileCheck %s
// RUN: %python %S/Inputs/read_npy.py %t/0.npy | FileCheck %s --check-prefix=NPY0
// RUN: %python %S/Inputs/read_npy.py %t/1.npy | FileCheck %s --check-prefix=NPY1
// RUN: FileCheck %s --check-prefix=JSON < %t/run.json

// a @ b = [[4, -1], [10, -1]]; + [0.5, 1] -> tanh = [[tanh 4.5, 0], [~1, 0]];
// argmax per row of a @ b = [0, 0].
// CHECK:      @main: CPU reference only
// CHECK-NEXT:   output #0 2x2xf32
// CHECK-NEXT:     0.99975{{[0-9]*}} 0 1 0
// CHECK-NEXT:   output #1 2xi64
// CHECK-NEXT:     0 0
// NPY0: <f4 (2, 2) 0.999753 0 1 0
// NPY1: <i8 (2,) 0 0
// JSON: "entry": "main"
// JSON: "reference": {
// JSON-NEXT: "kind": "cpu"
// JSON-NEXT: },
// JSON: "seed": 0
// Where the run's wall time went, in seconds.
// JSON: "wall_s": {
// JSON-NEXT: "compare": {{[0-9.e-]+}},
// JSON-NEXT: "module_and_inputs": {{[0-9.e-]+}},
// JSON-NEXT: "run": {{[0-9.e-]+}}
// JSON-NEXT: },

// Wrong inputs are refused by name.
// RUN: not ks-run %s --cpu-only --input=%t/a.npy --input=%t/a.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: ks-run: input #1 ({{.*}}a.npy) is 2x3xf32, @main takes 3x2xf32
// RUN: not ks-run %s --cpu-only --input=%t/a.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: ks-run: @main takes 2 inputs, 1 --input files given
// RUN: not ks-run %s --cpu-only --input=%t/missing.npy --input=%t/a.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: ks-run: input #0: cannot read '{{.*}}missing.npy': No such file or directory

// A header is checked against the data before anything is allocated: a
// 336-byte file that claims 4e12 x 16 floats, or a size past 64 bits.
// RUN: %python %S/Inputs/make_npy.py %t/huge.npy "<f4" 4000000000000,16 1 2 3 4 5 6
// RUN: not ks-run %s --cpu-only --input=%t/huge.npy --input=%t/b.npy 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: ks-run: input #0: '{{.*}}huge.npy' is not a valid .npy file: holds 24 data bytes, 4000000000000x16xf32 needs 256000000000000
// RUN: %python %S/Inputs/make_npy.py %t/wrap.npy "<f4" 4611686018427387904,16 1 2 3 4 5 6
// RUN: not ks-run %s --cpu-only --input=%t/wrap.npy --input=%t/b.npy 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: ks-run: input #0: '{{.*}}wrap.npy' is not a valid .npy file: its shape (4611686018427387904, 16) has a negative or too large size
// RUN: %python %S/Inputs/make_npy.py %t/negative.npy "<f4" -1,6 1 2 3 4 5 6
// RUN: not ks-run %s --cpu-only --input=%t/negative.npy --input=%t/b.npy 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: ks-run: input #0: '{{.*}}negative.npy' is not a valid .npy file: its shape (-1, 6) has a negative or too large size
//
// A program whose tensors the host cannot hold is refused before any
// allocation (100 GB here; the build machine has far less).
// RUN: not ks-run %S/Inputs/relu_100gb.mlir --cpu-only 2>&1 | FileCheck %s --check-prefix=HOSTMEM
// HOSTMEM: ks-run: the inputs and outputs need 400.0 GB of host memory and this machine has {{[0-9.]+}} GB available

#id = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> (tensor<2x2xf32>, tensor<2xi64>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %bias = arith.constant dense<[0.5, 1.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  %t = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<2x2xf32>, tensor<2xf32>) outs(%e : tensor<2x2xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %h = math.tanh %s : f32
    linalg.yield %h : f32
  } -> tensor<2x2xf32>
  %ev = tensor.empty() : tensor<2xf32>
  %ei = tensor.empty() : tensor<2xi64>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<2xf32>) -> tensor<2xf32>
  %fi = linalg.fill ins(%c0 : i64) outs(%ei : tensor<2xi64>) -> tensor<2xi64>
  %am:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%mm : tensor<2x2xf32>) outs(%fv, %fi : tensor<2xf32>, tensor<2xi64>) {
  ^bb0(%x: f32, %best: f32, %idx: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %x, %best : f32
    %nv = arith.select %gt, %x, %best : f32
    %ni = arith.select %gt, %ji, %idx : i64
    linalg.yield %nv, %ni : f32, i64
  } -> (tensor<2xf32>, tensor<2xi64>)
  return %t, %am#1 : tensor<2x2xf32>, tensor<2xi64>
}
