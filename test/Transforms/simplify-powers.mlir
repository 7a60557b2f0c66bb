// RUN: ks-opt %s --ks-simplify-powers | FileCheck %s
// The GPU path (with the rewrite, emulated) against the CPU reference
// (without it): the same values to rounding.
// RUN: ks-run %s --emulate-gpu --seed=79 | FileCheck %s --check-prefix=EMULATED

// Squares as Torch-MLIR writes them (cosine similarity's |x| ** 2, a
// squared error's fpowi by 2) become multiplications, the power 0.5 a
// square root; a power by 2.7 stays a powf.
// CHECK-LABEL: func.func @main
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NOT: math.fpowi
// CHECK: %[[A:.*]] = math.absf %[[X]] : f32
// CHECK: %[[SQ:.*]] = arith.mulf %[[A]], %[[A]] : f32
// CHECK: %[[ROOT:.*]] = math.sqrt %[[SQ]] : f32
// CHECK: %[[D:.*]] = arith.subf %[[X]], %[[Y]] : f32
// CHECK: arith.mulf %[[D]], %[[D]] : f32
// CHECK: math.powf %[[A]], %{{.*}} : f32
func.func @main(%x: tensor<64x32xf32>, %y: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %two = arith.constant 2.0 : f32
  %half = arith.constant 0.5 : f32
  %odd = arith.constant 2.7 : f32
  %itwo = arith.constant 2 : i64
  %e = tensor.empty() : tensor<64x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<64x32xf32>, tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %abs = math.absf %a : f32
    %sq = math.powf %abs, %two : f32
    %root = math.powf %sq, %half : f32
    %d = arith.subf %a, %b : f32
    %d2 = math.fpowi %d, %itwo : f32, i64
    %p = math.powf %abs, %odd : f32
    %s1 = arith.addf %root, %d2 : f32
    %s2 = arith.addf %s1, %p : f32
    linalg.yield %s2 : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// EMULATED: output #0 64x32xf32: match
