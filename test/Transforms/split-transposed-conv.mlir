// RUN: ks-opt %s --ks-split-transposed-conv --split-input-file | FileCheck %s
// RUN: ks-opt %S/Inputs/conv_transpose1d_k3s2.mlir --ks-split-transposed-conv | FileCheck %s --check-prefix=CONV1D
// RUN: ks-opt %S/Inputs/conv_transpose3d_k4s2.mlir --ks-split-transposed-conv | FileCheck %s --check-prefix=CONV3D
// RUN: ks-opt %S/Inputs/conv_transpose3d_s122.mlir --ks-split-transposed-conv | FileCheck %s --check-prefix=MIXED
// The split programs (ks-run's GPU side runs the pass, its CPU reference
// the original convolution over the spread input):
// RUN: ks-run %S/Inputs/conv_transpose1d_k3s2.mlir --emulate-gpu --seed=29 | FileCheck %s --check-prefix=EMULATED1D
// RUN: ks-run %S/Inputs/conv_transpose3d_k4s2.mlir --emulate-gpu --seed=31 | FileCheck %s --check-prefix=EMULATED3D
// RUN: ks-run %S/Inputs/conv_transpose3d_s122.mlir --emulate-gpu --seed=37 | FileCheck %s --check-prefix=EMULATED-MIXED
// Numerics against PyTorch: level1/16_conv_transpose2d and
// level2/07_conv_transpose2d_tanh in test/Frontend/problems-cpu-check.test.

// ConvTranspose1d, kernel 3, stride 2, padding 1, output padding 1 (the
// input spread at offset 1): phase 0 takes tap 1 and reads input q, phase 1
// taps 0 and 2, inputs q and q + 1 (padded after by one); each inserted into
// the output with stride 2.
// CONV1D-DAG:   #[[TAP1:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2 * 2 + 1)>
// CONV1D-DAG:   #[[TAP02:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2 * 2)>
// CONV1D-DAG:   #[[BIAS:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CONV1D-LABEL: func.func @main
// CONV1D-SAME:  (%[[W:.*]]: tensor<3x4x3xf32>, %[[B:.*]]: tensor<3xf32>, %[[X:.*]]: tensor<2x4x5xf32>)
// CONV1D:       linalg.broadcast
// CONV1D:       %[[OUT:.*]] = tensor.empty() : tensor<2x3x10xf32>
// CONV1D:       %[[P0:.*]] = tensor.insert_slice %[[X]] into %{{.*}}[0, 0, 0] [2, 4, 5] [1, 1, 1] : tensor<2x4x5xf32> into tensor<2x4x5xf32>
// CONV1D:       %[[T0:.*]] = linalg.generic {indexing_maps = [#[[TAP1]], {{.*}}]{{.*}} ins(%[[W]] : tensor<3x4x3xf32>) outs(%{{.*}} : tensor<3x4x1xf32>)
// CONV1D:       %[[I0:.*]] = linalg.generic {indexing_maps = [#[[BIAS]], {{.*}}]{{.*}} ins(%[[B]] : tensor<3xf32>) outs(%{{.*}} : tensor<2x3x5xf32>)
// CONV1D:       %[[C0:.*]] = linalg.conv_1d_ncw_fcw {{.*}} ins(%[[P0]], %[[T0]] : tensor<2x4x5xf32>, tensor<3x4x1xf32>) outs(%[[I0]] : tensor<2x3x5xf32>)
// CONV1D:       %[[R0:.*]] = tensor.insert_slice %[[C0]] into %[[OUT]][0, 0, 0] [2, 3, 5] [1, 1, 2]
// CONV1D:       %[[P1:.*]] = tensor.insert_slice %[[X]] into %{{.*}}[0, 0, 0] [2, 4, 5] [1, 1, 1] : tensor<2x4x5xf32> into tensor<2x4x6xf32>
// CONV1D:       %[[T1:.*]] = linalg.generic {indexing_maps = [#[[TAP02]], {{.*}}]{{.*}} ins(%[[W]] : tensor<3x4x3xf32>) outs(%{{.*}} : tensor<3x4x2xf32>)
// CONV1D:       %[[C1:.*]] = linalg.conv_1d_ncw_fcw {{.*}} ins(%[[P1]], %[[T1]] : tensor<2x4x6xf32>, tensor<3x4x2xf32>) outs(%{{.*}} : tensor<2x3x5xf32>)
// CONV1D:       %[[R1:.*]] = tensor.insert_slice %[[C1]] into %[[R0]][0, 0, 1] [2, 3, 5] [1, 1, 2]
// CONV1D:       return %[[R1]]
// EMULATED1D:   output #0 2x3x10xf32: match

// ConvTranspose3d, kernel 4, stride 2, padding 1 (spread at offset 2): per
// dim, phase 0 takes taps 0 and 2 and reads the input padded before by one,
// phase 1 taps 1 and 3, padded after; eight phases of 2 x 2 x 2 taps, in
// the order of their residues (the last dim fastest).
// CONV3D-DAG:   #[[T000:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2 * 2, d3 * 2, d4 * 2)>
// CONV3D-DAG:   #[[T001:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2 * 2, d3 * 2, d4 * 2 + 1)>
// CONV3D-DAG:   #[[T111:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2 * 2 + 1, d3 * 2 + 1, d4 * 2 + 1)>
// CONV3D-DAG:   #[[BIAS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1)>
// CONV3D-LABEL: func.func @main
// CONV3D-SAME:  (%[[W:.*]]: tensor<2x3x4x4x4xf32>, %[[B:.*]]: tensor<2xf32>, %[[X:.*]]: tensor<2x3x3x4x4xf32>)
// CONV3D:       linalg.broadcast
// CONV3D:       %[[OUT:.*]] = tensor.empty() : tensor<2x2x6x8x8xf32>
// CONV3D:       %[[P000:.*]] = tensor.insert_slice %[[X]] into %{{.*}}[0, 0, 1, 1, 1] [2, 3, 3, 4, 4] [1, 1, 1, 1, 1] : tensor<2x3x3x4x4xf32> into tensor<2x3x4x5x5xf32>
// CONV3D:       %[[W000:.*]] = linalg.generic {indexing_maps = [#[[T000]], {{.*}}]{{.*}} ins(%[[W]] : tensor<2x3x4x4x4xf32>) outs(%{{.*}} : tensor<2x3x2x2x2xf32>)
// CONV3D:       %[[I000:.*]] = linalg.generic {indexing_maps = [#[[BIAS]], {{.*}}]{{.*}} ins(%[[B]] : tensor<2xf32>) outs(%{{.*}} : tensor<2x2x3x4x4xf32>)
// CONV3D:       %[[C000:.*]] = linalg.conv_3d_ncdhw_fcdhw {{.*}} ins(%[[P000]], %[[W000]] : tensor<2x3x4x5x5xf32>, tensor<2x3x2x2x2xf32>) outs(%[[I000]] : tensor<2x2x3x4x4xf32>)
// CONV3D:       %[[R000:.*]] = tensor.insert_slice %[[C000]] into %[[OUT]][0, 0, 0, 0, 0] [2, 2, 3, 4, 4] [1, 1, 2, 2, 2]
// CONV3D:       tensor.insert_slice %[[X]] into %{{.*}}[0, 0, 1, 1, 0] [2, 3, 3, 4, 4] [1, 1, 1, 1, 1]
// CONV3D:       linalg.generic {indexing_maps = [#[[T001]], {{.*}}]
// CONV3D:       %[[R001:.*]] = tensor.insert_slice %{{.*}} into %[[R000]][0, 0, 0, 0, 1] [2, 2, 3, 4, 4] [1, 1, 2, 2, 2]
// CONV3D-COUNT-5: linalg.conv_3d_ncdhw_fcdhw {{.*}} : tensor<2x3x4x5x5xf32>, tensor<2x3x2x2x2xf32>)
// CONV3D:       %[[P111:.*]] = tensor.insert_slice %[[X]] into %{{.*}}[0, 0, 0, 0, 0] [2, 3, 3, 4, 4] [1, 1, 1, 1, 1]
// CONV3D:       linalg.generic {indexing_maps = [#[[T111]], {{.*}}]
// CONV3D:       %[[C111:.*]] = linalg.conv_3d_ncdhw_fcdhw {{.*}} ins(%[[P111]], %{{.*}} : tensor<2x3x4x5x5xf32>, tensor<2x3x2x2x2xf32>)
// CONV3D:       %[[R111:.*]] = tensor.insert_slice %[[C111]] into %{{.*}}[0, 0, 1, 1, 1] [2, 2, 3, 4, 4] [1, 1, 2, 2, 2]
// CONV3D:       return %[[R111]]
// CONV3D-NOT:   linalg.conv_3d_ncdhw_fcdhw
// EMULATED3D:   output #0 2x2x6x8x8xf32: match

// ConvTranspose3d with stride (1, 2, 2): depth, spread with unit stride, is
// only padded (by one before and after) and every phase takes all three of
// its taps; four phases over height and width, onto an initializer read
// at each phase's positions.
// MIXED-LABEL: func.func @main
// MIXED:       tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 1, 0, 0] [1, 3, 4, 3, 3] [1, 1, 1, 1, 1] : tensor<1x3x4x3x3xf32> into tensor<1x3x6x3x3xf32>
// MIXED:       linalg.generic {{.*}} ins(%{{.*}} : tensor<1x2x4x6x6xf32>) outs(%{{.*}} : tensor<1x2x4x3x3xf32>)
// MIXED:       linalg.conv_3d_ncdhw_fcdhw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x3x6x3x3xf32>, tensor<2x3x3x1x1xf32>)
// MIXED:       tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 0, 0] [1, 2, 4, 3, 3] [1, 1, 1, 2, 2]
// MIXED:       linalg.conv_3d_ncdhw_fcdhw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x3x6x3x4xf32>, tensor<2x3x3x1x2xf32>)
// MIXED:       tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 0, 1] [1, 2, 4, 3, 3] [1, 1, 1, 2, 2]
// MIXED:       linalg.conv_3d_ncdhw_fcdhw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x3x6x4x3xf32>, tensor<2x3x3x2x1xf32>)
// MIXED:       tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 1, 0] [1, 2, 4, 3, 3] [1, 1, 1, 2, 2]
// MIXED:       linalg.conv_3d_ncdhw_fcdhw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x3x6x4x4xf32>, tensor<2x3x3x2x2xf32>)
// MIXED:       tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 1, 1] [1, 2, 4, 3, 3] [1, 1, 1, 2, 2]
// MIXED-NOT:   linalg.conv_3d_ncdhw_fcdhw
// EMULATED-MIXED: output #0 1x2x4x6x6xf32: match

// ConvTranspose2d(4 -> 3, kernel 4, stride 2, padding 1) on 2 x 4 x 5 x 5 as
// Torch-MLIR lowers it: the input spread with strides 2 at offset 2 into
// zeros (2 x 4 x 13 x 13), a unit-stride convolution with the flipped
// filter onto the broadcast bias. Output 10 x 10: four phases of 5 x 5. Row
// phase 0 takes taps 0 and 2 and reads input rows q - 1 and q (the input
// padded by one row before), phase 1 taps 1 and 3, rows q and q + 1 (padded
// after); columns alike. Each phase: its 2 x 2 taps gathered from the
// filter, its bias broadcast, a convolution over the padded input,
// inserted into the output with strides 2.
// CHECK-DAG:   #[[TAPS00:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2, d3 * 2)>
// CHECK-DAG:   #[[TAPS01:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2, d3 * 2 + 1)>
// CHECK-DAG:   #[[TAPS10:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + 1, d3 * 2)>
// CHECK-DAG:   #[[TAPS11:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + 1, d3 * 2 + 1)>
// CHECK-DAG:   #[[BIAS:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @conv_transpose_s2
// CHECK-SAME:  (%[[W:.*]]: tensor<3x4x4x4xf32>, %[[B:.*]]: tensor<3xf32>, %[[X:.*]]: tensor<2x4x5x5xf32>)
// CHECK:       linalg.broadcast
// CHECK:       %[[OUT:.*]] = tensor.empty() : tensor<2x3x10x10xf32>
// CHECK:       %[[P00:.*]] = tensor.insert_slice %[[X]] into %{{.*}}[0, 0, 1, 1] [2, 4, 5, 5] [1, 1, 1, 1] : tensor<2x4x5x5xf32> into tensor<2x4x6x6xf32>
// CHECK:       %[[T00:.*]] = linalg.generic {indexing_maps = [#[[TAPS00]], {{.*}}]{{.*}} ins(%[[W]] : tensor<3x4x4x4xf32>) outs(%{{.*}} : tensor<3x4x2x2xf32>)
// CHECK:       %[[I00:.*]] = linalg.generic {indexing_maps = [#[[BIAS]], {{.*}}]{{.*}} ins(%[[B]] : tensor<3xf32>) outs(%{{.*}} : tensor<2x3x5x5xf32>)
// CHECK:       %[[C00:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[P00]], %[[T00]] : tensor<2x4x6x6xf32>, tensor<3x4x2x2xf32>) outs(%[[I00]] : tensor<2x3x5x5xf32>)
// CHECK:       %[[R00:.*]] = tensor.insert_slice %[[C00]] into %[[OUT]][0, 0, 0, 0] [2, 3, 5, 5] [1, 1, 2, 2]
// CHECK:       tensor.insert_slice %[[X]] into %{{.*}}[0, 0, 1, 0] [2, 4, 5, 5] [1, 1, 1, 1]
// CHECK:       linalg.generic {indexing_maps = [#[[TAPS01]], {{.*}}]
// CHECK:       %[[R01:.*]] = tensor.insert_slice %{{.*}} into %[[R00]][0, 0, 0, 1] [2, 3, 5, 5] [1, 1, 2, 2]
// CHECK:       tensor.insert_slice %[[X]] into %{{.*}}[0, 0, 0, 1] [2, 4, 5, 5] [1, 1, 1, 1]
// CHECK:       linalg.generic {indexing_maps = [#[[TAPS10]], {{.*}}]
// CHECK:       %[[R10:.*]] = tensor.insert_slice %{{.*}} into %[[R01]][0, 0, 1, 0] [2, 3, 5, 5] [1, 1, 2, 2]
// CHECK:       tensor.insert_slice %[[X]] into %{{.*}}[0, 0, 0, 0] [2, 4, 5, 5] [1, 1, 1, 1]
// CHECK:       linalg.generic {indexing_maps = [#[[TAPS11]], {{.*}}]
// CHECK:       %[[R11:.*]] = tensor.insert_slice %{{.*}} into %[[R10]][0, 0, 1, 1] [2, 3, 5, 5] [1, 1, 2, 2]
// CHECK:       return %[[R11]]
func.func @conv_transpose_s2(%w: tensor<3x4x4x4xf32>, %b: tensor<3xf32>, %x: tensor<2x4x5x5xf32>) -> tensor<2x3x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x13x13xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x13x13xf32>) -> tensor<2x4x13x13xf32>
  %spread = tensor.insert_slice %x into %z[0, 0, 2, 2] [2, 4, 5, 5] [1, 1, 2, 2] : tensor<2x4x5x5xf32> into tensor<2x4x13x13xf32>
  %o = tensor.empty() : tensor<2x3x10x10xf32>
  %bias = linalg.broadcast ins(%b : tensor<3xf32>) outs(%o : tensor<2x3x10x10xf32>) dimensions = [0, 2, 3]
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%spread, %w : tensor<2x4x13x13xf32>, tensor<3x4x4x4xf32>) outs(%bias : tensor<2x3x10x10xf32>) -> tensor<2x3x10x10xf32>
  return %r : tensor<2x3x10x10xf32>
}

// -----

// Kernel 3, stride 2, padding 1, output padding 1 (level1/16's form; the
// initializer any tensor, read at the phase's positions): row phase 0 has
// one tap (1), phase 1 two (0 and 2); the phases' filters are 1x1, 1x2,
// 2x1 and 2x2.
// CHECK-LABEL: func.func @conv_transpose_k3
// CHECK:       linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>)
// CHECK:       linalg.generic {{.*}} ins(%{{.*}} : tensor<1x2x8x8xf32>) outs(%{{.*}} : tensor<1x2x4x4xf32>)
// CHECK:       linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x2x4x5xf32>, tensor<2x2x1x2xf32>)
// CHECK:       linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x2x5x4xf32>, tensor<2x2x2x1xf32>)
// CHECK:       linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x2x5x5xf32>, tensor<2x2x2x2xf32>)
// CHECK-NOT:   linalg.conv_2d_nchw_fchw
func.func @conv_transpose_k3(%w: tensor<2x2x3x3xf32>, %init: tensor<1x2x8x8xf32>, %x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x10x10xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x10x10xf32>) -> tensor<1x2x10x10xf32>
  %spread = tensor.insert_slice %x into %z[0, 0, 1, 1] [1, 2, 4, 4] [1, 1, 2, 2] : tensor<1x2x4x4xf32> into tensor<1x2x10x10xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%spread, %w : tensor<1x2x10x10xf32>, tensor<2x2x3x3xf32>) outs(%init : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  return %r : tensor<1x2x8x8xf32>
}

// -----

// Left alone: an input spread into ones (not zeros), a spread output of odd
// extent (9 rows: the phases are not whole), an input padded with unit
// strides (an ordinary padded convolution).
// CHECK-LABEL: func.func @spread_into_ones
// CHECK:       linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x4x13x13xf32>, tensor<3x4x4x4xf32>)
// CHECK-LABEL: func.func @odd_output
// CHECK:       linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x4x12x12xf32>, tensor<3x4x4x4xf32>)
// CHECK-LABEL: func.func @unit_strides
// CHECK:       linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x4x7x7xf32>, tensor<3x4x3x3xf32>)
func.func @spread_into_ones(%w: tensor<3x4x4x4xf32>, %init: tensor<2x3x10x10xf32>, %x: tensor<2x4x5x5xf32>) -> tensor<2x3x10x10xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2x4x13x13xf32>
  %z = linalg.fill ins(%one : f32) outs(%e : tensor<2x4x13x13xf32>) -> tensor<2x4x13x13xf32>
  %spread = tensor.insert_slice %x into %z[0, 0, 2, 2] [2, 4, 5, 5] [1, 1, 2, 2] : tensor<2x4x5x5xf32> into tensor<2x4x13x13xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%spread, %w : tensor<2x4x13x13xf32>, tensor<3x4x4x4xf32>) outs(%init : tensor<2x3x10x10xf32>) -> tensor<2x3x10x10xf32>
  return %r : tensor<2x3x10x10xf32>
}
func.func @odd_output(%w: tensor<3x4x4x4xf32>, %init: tensor<2x3x9x9xf32>, %x: tensor<2x4x5x5xf32>) -> tensor<2x3x9x9xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x12x12xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x12x12xf32>) -> tensor<2x4x12x12xf32>
  %spread = tensor.insert_slice %x into %z[0, 0, 2, 2] [2, 4, 5, 5] [1, 1, 2, 2] : tensor<2x4x5x5xf32> into tensor<2x4x12x12xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%spread, %w : tensor<2x4x12x12xf32>, tensor<3x4x4x4xf32>) outs(%init : tensor<2x3x9x9xf32>) -> tensor<2x3x9x9xf32>
  return %r : tensor<2x3x9x9xf32>
}
func.func @unit_strides(%w: tensor<3x4x3x3xf32>, %init: tensor<2x3x5x5xf32>, %x: tensor<2x4x5x5xf32>) -> tensor<2x3x5x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x7x7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x7x7xf32>) -> tensor<2x4x7x7xf32>
  %padded = tensor.insert_slice %x into %z[0, 0, 1, 1] [2, 4, 5, 5] [1, 1, 1, 1] : tensor<2x4x5x5xf32> into tensor<2x4x7x7xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%padded, %w : tensor<2x4x7x7xf32>, tensor<3x4x3x3xf32>) outs(%init : tensor<2x3x5x5xf32>) -> tensor<2x3x5x5xf32>
  return %r : tensor<2x3x5x5xf32>
}
