// The padding fold of transform.ks.matmul_mma_sync (fold_padding = 1, the
// implicit-GEMM skill's FOLD = 1) on buffers: a zero-padded copy of %x
// read by the convolution is replaced by %x itself, the fill and the copy
// erased and their dispatches recorded (also where the padded buffer starts
// as a copy of a zero-filled one, as Torch-MLIR's transposed convolution
// makes one a phase: the copy goes, and the zero-filled buffer and its fill
// with it once nothing else reads them); where %x is written between the
// copy and the convolution, the kernel must read the copy, and nothing is
// folded. The numerics of the fold: test/Skills/conv_implicit_gemm_tf32x3_mma.mlir.
// RUN: ks-opt %s --split-input-file --ks-apply-skills="dispatch=3 skill=conv_implicit_gemm_tf32x3_mma params=BM=32,BN=64,BK=16,WM=16,WN=32,S=2,FOLD=1" | FileCheck %s

// CHECK: module attributes {ks.folded_dispatches = array<i64: 1, 0>}
// CHECK-LABEL: func.func @folded
// CHECK-NOT: linalg.fill
// CHECK-NOT: linalg.copy
// CHECK: gpu.launch
// CHECK: memref.collapse_shape %arg0 {{\[\[}}0, 1, 2, 3]] : memref<2x4x7x7xf32> into memref<392xf32>
func.func @folded(%x: memref<2x4x7x7xf32>, %w: memref<12x4x3x3xf32>, %y: memref<2x12x7x7xf32>) {
  %zero = arith.constant 0.0 : f32
  %padded = memref.alloc() : memref<2x4x9x9xf32>
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%padded : memref<2x4x9x9xf32>)
  %window = memref.subview %padded[0, 0, 1, 1] [2, 4, 7, 7] [1, 1, 1, 1]
      : memref<2x4x9x9xf32> to memref<2x4x7x7xf32, strided<[324, 81, 9, 1], offset: 10>>
  linalg.copy {ks.dispatch = 1 : i64} ins(%x : memref<2x4x7x7xf32>)
      outs(%window : memref<2x4x7x7xf32, strided<[324, 81, 9, 1], offset: 10>>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, ks.dispatch = 3 : i64}
      ins(%padded, %w : memref<2x4x9x9xf32>, memref<12x4x3x3xf32>) outs(%y : memref<2x12x7x7xf32>)
  memref.dealloc %padded : memref<2x4x9x9xf32>
  return
}

// -----

// CHECK: {{^}}module {
// CHECK-LABEL: func.func @source_written_between
// CHECK: linalg.fill {ks.dispatch = 0 : i64}
// CHECK: linalg.copy {ks.dispatch = 1 : i64}
// CHECK: linalg.fill {ks.dispatch = 2 : i64}
// CHECK: gpu.launch
// CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2, 3]] : memref<2x4x9x9xf32> into memref<648xf32>
func.func @source_written_between(%x: memref<2x4x7x7xf32>, %w: memref<12x4x3x3xf32>, %y: memref<2x12x7x7xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %padded = memref.alloc() : memref<2x4x9x9xf32>
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%padded : memref<2x4x9x9xf32>)
  %window = memref.subview %padded[0, 0, 1, 1] [2, 4, 7, 7] [1, 1, 1, 1]
      : memref<2x4x9x9xf32> to memref<2x4x7x7xf32, strided<[324, 81, 9, 1], offset: 10>>
  linalg.copy {ks.dispatch = 1 : i64} ins(%x : memref<2x4x7x7xf32>)
      outs(%window : memref<2x4x7x7xf32, strided<[324, 81, 9, 1], offset: 10>>)
  linalg.fill {ks.dispatch = 2 : i64} ins(%one : f32) outs(%x : memref<2x4x7x7xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, ks.dispatch = 3 : i64}
      ins(%padded, %w : memref<2x4x9x9xf32>, memref<12x4x3x3xf32>) outs(%y : memref<2x12x7x7xf32>)
  memref.dealloc %padded : memref<2x4x9x9xf32>
  return
}

// -----

// CHECK: module attributes {ks.folded_dispatches = array<i64: 2, 1, 0>}
// CHECK-LABEL: func.func @copied_fill
// CHECK-NOT: memref.alloc
// CHECK-NOT: linalg.fill
// CHECK-NOT: linalg.copy
// CHECK: gpu.launch
// CHECK: memref.collapse_shape %arg0 {{\[\[}}0, 1, 2, 3]] : memref<2x4x7x7xf32> into memref<392xf32>
func.func @copied_fill(%x: memref<2x4x7x7xf32>, %w: memref<12x4x3x3xf32>, %y: memref<2x12x7x7xf32>) {
  %zero = arith.constant 0.0 : f32
  %zeros = memref.alloc() : memref<2x4x9x9xf32>
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%zeros : memref<2x4x9x9xf32>)
  %padded = memref.alloc() : memref<2x4x9x9xf32>
  linalg.copy {ks.dispatch = 1 : i64} ins(%zeros : memref<2x4x9x9xf32>) outs(%padded : memref<2x4x9x9xf32>)
  %window = memref.subview %padded[0, 0, 1, 1] [2, 4, 7, 7] [1, 1, 1, 1]
      : memref<2x4x9x9xf32> to memref<2x4x7x7xf32, strided<[324, 81, 9, 1], offset: 10>>
  linalg.copy {ks.dispatch = 2 : i64} ins(%x : memref<2x4x7x7xf32>)
      outs(%window : memref<2x4x7x7xf32, strided<[324, 81, 9, 1], offset: 10>>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, ks.dispatch = 3 : i64}
      ins(%padded, %w : memref<2x4x9x9xf32>, memref<12x4x3x3xf32>) outs(%y : memref<2x12x7x7xf32>)
  memref.dealloc %padded : memref<2x4x9x9xf32>
  memref.dealloc %zeros : memref<2x4x9x9xf32>
  return
}
