// RUN: ks-opt %s --ks-one-pass-softmax --verify-each --split-input-file | FileCheck %s
// The pipeline: a log_softmax over channels as Torch-MLIR writes it becomes
// one reduction with two outputs (dispatch 2) and the normalization; the
// reduction emulated on the CPU thread by thread (a thread walking its
// column, argreduce_strided_registers, and the seed) against the CPU
// reference, which keeps the two passes; and, on an input whose columns
// start with -inf, against torch.log_softmax.
// RUN: ks-opt %S/Inputs/log_softmax_channels_2x64x8x32.mlir --ks-dispatches | FileCheck %s --check-prefix=DISPATCH
// RUN: echo '{"dispatches": [{"id": 2, "skill": "argreduce_strided_registers", "params": {"BX": 64, "U": 8}}]}' > %t.json
// RUN: ks-run %S/Inputs/log_softmax_channels_2x64x8x32.mlir --emulate-gpu --plan=%t.json --seed=5 | FileCheck %s --check-prefix=EMULATED
// RUN: ks-run %S/Inputs/log_softmax_channels_2x64x8x32.mlir --emulate-gpu --seed=6 | FileCheck %s --check-prefix=EMULATED

// DISPATCH: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : memref<2x64x256xf32>) outs(%{{.*}}, %{{.*}} : memref<2x256xf32>, memref<2x256xf32>) attrs = {ks.dispatch = 2 : i64}
// DISPATCH-NOT: "reduction"
// EMULATED: output #0 2x64x8x32xf32: match

// The maximum and the sum over the middle loop.
// CHECK-LABEL: func.func @over_channels
// CHECK-SAME: (%[[X:.*]]: tensor<4x64x256xf32>)
// CHECK: %[[NINF0:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[FM:.*]] = linalg.fill ins(%[[NINF0]] : f32) outs(%{{.*}} : tensor<4x256xf32>)
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[FS:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x256xf32>)
// CHECK: %[[BOTH:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]] : tensor<4x64x256xf32>) outs(%[[FM]], %[[FS]] : tensor<4x256xf32>, tensor<4x256xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[M:.*]]: f32, %[[S:.*]]: f32):
// CHECK-NEXT: %[[NEXT:.*]] = arith.maximumf %[[M]], %[[IN]] : f32
// CHECK-NEXT: %[[LOW:.*]] = arith.minimumf %[[M]], %[[IN]] : f32
// CHECK-NEXT: %[[EMPTY:.*]] = arith.cmpf oeq, %[[NEXT]], %[[NINF]] : f32
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[LOW]], %[[NEXT]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.select %[[EMPTY]], %[[NINF]], %[[D]] : f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[T]] : f32
// CHECK-NEXT: %[[GREW:.*]] = arith.cmpf ogt, %[[IN]], %[[M]] : f32
// CHECK-NEXT: %[[XX:.*]] = arith.subf %[[IN]], %[[IN]] : f32
// CHECK-NEXT: %[[OWN:.*]] = arith.addf %[[XX]], %[[ONE]] : f32
// CHECK-NEXT: %[[SE:.*]] = arith.mulf %[[S]], %[[E]] : f32
// CHECK-NEXT: %[[RESCALED:.*]] = arith.addf %[[SE]], %[[OWN]] : f32
// CHECK-NEXT: %[[ADDED:.*]] = arith.addf %[[S]], %[[E]] : f32
// CHECK-NEXT: %[[SUM:.*]] = arith.select %[[GREW]], %[[RESCALED]], %[[ADDED]] : f32
// CHECK-NEXT: linalg.yield %[[NEXT]], %[[SUM]] : f32, f32
// CHECK: return %[[BOTH]]#0, %[[BOTH]]#1
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#col = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @over_channels(%x: tensor<4x64x256xf32>) -> (tensor<4x256xf32>, tensor<4x256xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x256xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%e : tensor<4x256xf32>) -> tensor<4x256xf32>
  %max = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x64x256xf32>) outs(%fm : tensor<4x256xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x256xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%e : tensor<4x256xf32>) -> tensor<4x256xf32>
  %sum = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %max : tensor<4x64x256xf32>, tensor<4x256xf32>) outs(%fs : tensor<4x256xf32>) {
  ^bb0(%a: f32, %m: f32, %acc: f32):
    %d = arith.subf %a, %m : f32
    %x2 = math.exp %d : f32
    %r = arith.addf %x2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x256xf32>
  return %max, %sum : tensor<4x256xf32>, tensor<4x256xf32>
}

// -----

// Along rows the row skills keep the row on chip: both reductions stay.
// CHECK-LABEL: func.func @over_rows
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK-NOT: arith.minimumf
#rid = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @over_rows(%x: tensor<8x1024xf32>) -> tensor<8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %max = linalg.generic {indexing_maps = [#rid, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1024xf32>) outs(%fm : tensor<8xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#rid, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : tensor<8x1024xf32>, tensor<8xf32>) outs(%fs : tensor<8xf32>) {
  ^bb0(%a: f32, %m: f32, %acc: f32):
    %d = arith.subf %a, %m : f32
    %x2 = math.exp %d : f32
    %r = arith.addf %x2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %sum : tensor<8xf32>
}

// -----

// A maximum that does not start at -inf (a ReLU's max with 0) is not a
// softmax's: the sum keeps its own pass.
// CHECK-LABEL: func.func @max_from_zero
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK-NOT: arith.minimumf
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#col = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @max_from_zero(%x: tensor<4x64x256xf32>) -> tensor<4x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x256xf32>
  %fm = linalg.fill ins(%zero : f32) outs(%e : tensor<4x256xf32>) -> tensor<4x256xf32>
  %max = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x64x256xf32>) outs(%fm : tensor<4x256xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x256xf32>
  %sum = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %max : tensor<4x64x256xf32>, tensor<4x256xf32>) outs(%fm : tensor<4x256xf32>) {
  ^bb0(%a: f32, %m: f32, %acc: f32):
    %d = arith.subf %a, %m : f32
    %x2 = math.exp %d : f32
    %r = arith.addf %x2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x256xf32>
  return %sum : tensor<4x256xf32>
}
