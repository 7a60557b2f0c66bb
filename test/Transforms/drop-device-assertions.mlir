// RUN: ks-opt %s --ks-drop-device-assertions | FileCheck %s
// RUN: not ks-opt %s --ks-check-input 2>&1 | FileCheck %s --check-prefix=UNDROPPED

// What Torch-MLIR emits for a batch norm's 1/sqrt(var + eps): the assert in
// the body goes, the computation stays; an assert outside any linalg body is
// left for the input contract.

#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @inverse_std
func.func @inverse_std(%var: tensor<64xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %init = tensor.empty() : tensor<64xf32>
  // CHECK: linalg.generic
  // CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %{{.*}}: f32):
  // CHECK-NEXT: arith.cmpf one, %[[V]]
  // CHECK-NEXT: arith.divf
  // CHECK-NEXT: linalg.yield
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%var : tensor<64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%v: f32, %out: f32):
    %nz = arith.cmpf one, %v, %zero : f32
    cf.assert %nz, "unimplemented: tensor with zero element"
    %inv = arith.divf %one, %v : f32
    linalg.yield %inv : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// CHECK-LABEL: func.func @host_assert
// CHECK: cf.assert %{{.*}}, "not in a kernel"
func.func @host_assert(%flag: i1) {
  cf.assert %flag, "not in a kernel"
  return
}

// UNDROPPED: error: unsupported op 'cf.assert' inside 'linalg.generic': the seed lowering cannot map it to GPU kernels
