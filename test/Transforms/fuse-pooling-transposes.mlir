// ks-fuse-elementwise on channels-last poolings between layout transposes
// (Torch-MLIR's avg_pool3d: NCDHW -> NDHWC, pooling_ndhwc_sum, back to
// NCDHW): the pooling reads the transpose's input in place and writes the
// transposed layout itself, its loops in that layout's order, so one
// pooling generic reads NCDHW and writes NCDHW and the division after it
// is in place on its result; no transpose is left.
// RUN: ks-opt %s --ks-fuse-elementwise --split-input-file | FileCheck %s
// Whole pipeline, emulated on the CPU against the CPU reference: the seed
// kernels, and pool3d_window_registers with the division folded (one
// kernel), compiled by ptxas without spills.
// REQUIRES: ptxas
// RUN: ks-opt %S/Inputs/avgpool3d_ncdhw_via_ndhwc_2x4x8x12x16.mlir --ks-dispatches | FileCheck %s --check-prefix=DISPATCHES
// RUN: ks-run %S/Inputs/avgpool3d_ncdhw_via_ndhwc_2x4x8x12x16.mlir --emulate-gpu --seed=31 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool3d_window_registers", "params": {"TX": 4, "TY": 1, "RT": 3, "CT": 2, "DT": 2}}]}' > %t.plan.json
// RUN: ks-run %S/Inputs/avgpool3d_ncdhw_via_ndhwc_2x4x8x12x16.mlir --emulate-gpu --plan=%t.plan.json --seed=32 | FileCheck %s --check-prefix=EMULATED
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/avgpool3d_ncdhw_via_ndhwc_2x4x8x12x16.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir

// CHECK-DAG: #[[IN3:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
// CHECK-DAG: #[[WIN3:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
// CHECK-DAG: #[[OUT3:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @avg_pool3d
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x8x12x16xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4x4x6x8xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[IN3]], #[[WIN3]], #[[OUT3]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[X]], %{{.*}} : tensor<2x4x8x12x16xf32>, tensor<2x2x2xf32>) outs(%[[INIT]] : tensor<2x4x4x6x8xf32>)
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[SUM]] : tensor<2x4x4x6x8xf32>)
// CHECK: arith.divf
// CHECK-NOT: linalg.transpose
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @avg_pool3d(%x: tensor<2x4x8x12x16xf32>) -> tensor<2x4x4x6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %eight = arith.constant 8.0 : f32
  %w = tensor.empty() : tensor<2x2x2xf32>
  %et = tensor.empty() : tensor<2x8x12x16x4xf32>
  %t = linalg.transpose ins(%x : tensor<2x4x8x12x16xf32>) outs(%et : tensor<2x8x12x16x4xf32>)
      permutation = [0, 2, 3, 4, 1]
  %e = tensor.empty() : tensor<2x4x6x8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x6x8x4xf32>) -> tensor<2x4x6x8x4xf32>
  %s = linalg.pooling_ndhwc_sum {dilations = dense<1> : vector<3xi64>, strides = dense<2> : vector<3xi64>}
      ins(%t, %w : tensor<2x8x12x16x4xf32>, tensor<2x2x2xf32>) outs(%f : tensor<2x4x6x8x4xf32>) -> tensor<2x4x6x8x4xf32>
  %eb = tensor.empty() : tensor<2x4x4x6x8xf32>
  %b = linalg.transpose ins(%s : tensor<2x4x6x8x4xf32>) outs(%eb : tensor<2x4x4x6x8xf32>)
      permutation = [0, 4, 1, 2, 3]
  %a = linalg.generic {indexing_maps = [#id5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%b : tensor<2x4x4x6x8xf32>) outs(%eb : tensor<2x4x4x6x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %d = arith.divf %v, %eight : f32
    linalg.yield %d : f32
  } -> tensor<2x4x4x6x8xf32>
  return %a : tensor<2x4x4x6x8xf32>
}

// -----

// 2-d max pooling, 3x3 with stride 2 and dilation 2, channels-last between
// transposes: one NCHW generic, the window read at 2 * h + 2 * kh.
// CHECK-DAG: #[[IN2:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4 * 2, d3 * 2 + d5 * 2)>
// CHECK-DAG: #[[OUT2:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @max_pool2d
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x17x17xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x3x7x7xf32>)
// CHECK: %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[IN2]], #{{.*}}, #[[OUT2]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[X]], %{{.*}} : tensor<2x3x17x17xf32>, tensor<3x3xf32>) outs(%[[INIT]] : tensor<2x3x7x7xf32>)
// CHECK: arith.maximumf
// CHECK-NOT: linalg.transpose
// CHECK: return %[[MAX]]
func.func @max_pool2d(%x: tensor<2x3x17x17xf32>) -> tensor<2x3x7x7xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %w = tensor.empty() : tensor<3x3xf32>
  %et = tensor.empty() : tensor<2x17x17x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3x17x17xf32>) outs(%et : tensor<2x17x17x3xf32>)
      permutation = [0, 2, 3, 1]
  %e = tensor.empty() : tensor<2x7x7x3xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x7x7x3xf32>) -> tensor<2x7x7x3xf32>
  %m = linalg.pooling_nhwc_max {dilations = dense<2> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%t, %w : tensor<2x17x17x3xf32>, tensor<3x3xf32>) outs(%f : tensor<2x7x7x3xf32>) -> tensor<2x7x7x3xf32>
  %eb = tensor.empty() : tensor<2x3x7x7xf32>
  %b = linalg.transpose ins(%m : tensor<2x7x7x3xf32>) outs(%eb : tensor<2x3x7x7xf32>)
      permutation = [0, 3, 1, 2]
  return %b : tensor<2x3x7x7xf32>
}

// -----

// A pooling result read by more than the transpose keeps its layout (and
// the transpose back); its input is still read in place.
// CHECK-DAG: #[[IN1:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1 * 2 + d3)>
// CHECK-LABEL: func.func @sum_pool1d_two_uses
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x16xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[IN1]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[X]], %{{.*}} : tensor<2x3x16xf32>, tensor<2xf32>) outs(%{{.*}} : tensor<2x8x3xf32>)
// CHECK: %[[BACK:.*]] = linalg.transpose ins(%[[SUM]] : tensor<2x8x3xf32>)
// CHECK: return %[[BACK]], %[[SUM]]
func.func @sum_pool1d_two_uses(%x: tensor<2x3x16xf32>) -> (tensor<2x3x8xf32>, tensor<2x8x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = tensor.empty() : tensor<2xf32>
  %et = tensor.empty() : tensor<2x16x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3x16xf32>) outs(%et : tensor<2x16x3xf32>)
      permutation = [0, 2, 1]
  %e = tensor.empty() : tensor<2x8x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x3xf32>) -> tensor<2x8x3xf32>
  %s = linalg.pooling_nwc_sum {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>}
      ins(%t, %w : tensor<2x16x3xf32>, tensor<2xf32>) outs(%f : tensor<2x8x3xf32>) -> tensor<2x8x3xf32>
  %eb = tensor.empty() : tensor<2x3x8xf32>
  %b = linalg.transpose ins(%s : tensor<2x8x3xf32>) outs(%eb : tensor<2x3x8xf32>)
      permutation = [0, 2, 1]
  return %b, %s : tensor<2x3x8xf32>, tensor<2x8x3xf32>
}

// DISPATCHES: linalg.fill {ks.dispatch = 0 : i64} ins(%{{.*}} : f32) outs(%arg1 : memref<2x4x4x6x8xf32>)
// DISPATCHES: linalg.generic {{.*}} ins(%arg0, %{{.*}} : memref<2x4x8x12x16xf32>, memref<2x2x2xf32>) outs(%arg1 : memref<2x4x4x6x8xf32>) attrs = {ks.dispatch = 1 : i64}
// DISPATCHES: arith.divf {{.*}}
// DISPATCHES-NOT: ks.dispatch = 3

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match

// One kernel: the division folded into the pooling's (dispatch 2), the fill
// computed in its registers.
// HOST: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 2>}
// HOST-COUNT-1: gpu.launch_func
// HOST-NOT: gpu.launch_func
// HOST: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {{{.*}}spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64
