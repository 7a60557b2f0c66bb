// RUN: ks-opt %s --ks-collapse-elementwise-dims --split-input-file | FileCheck %s

// Batch norm in eval mode as Torch-MLIR writes it, bufferized: a
// per-channel scale of shape [4, 1, 1] read at (c, 0, 0) over [2, 4, 6, 6].
// Its unit dims go (read at (c)), then the rows and columns merge: the op is
// [2, 4, 36] over views of the same buffers (nothing copied or allocated).
// CHECK-LABEL: func.func @per_channel
// CHECK-SAME: (%[[X:.*]]: memref<2x4x6x6xf32>, %[[S:.*]]: memref<4x1x1xf32>, %[[Y:.*]]: memref<2x4x6x6xf32>)
// CHECK-NOT: memref.alloc
// CHECK-DAG: %[[SC:.*]] = memref.collapse_shape %[[S]] {{\[\[}}0, 1, 2]] : memref<4x1x1xf32> into memref<4xf32>
// CHECK-DAG: %[[XC:.*]] = memref.collapse_shape %[[X]] {{\[\[}}0], [1], [2, 3]] : memref<2x4x6x6xf32> into memref<2x4x36xf32>
// CHECK-DAG: %[[YC:.*]] = memref.collapse_shape %[[Y]] {{\[\[}}0], [1], [2, 3]] : memref<2x4x6x6xf32> into memref<2x4x36xf32>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[XC]], %[[SC]] : memref<2x4x36xf32>, memref<4xf32>) outs(%[[YC]] : memref<2x4x36xf32>)
// CHECK: arith.mulf
// CHECK-NOT: memref.copy
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
func.func @per_channel(%x: memref<2x4x6x6xf32>, %s: memref<4x1x1xf32>, %y: memref<2x4x6x6xf32>) {
  linalg.generic {indexing_maps = [#id4, #chan, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : memref<2x4x6x6xf32>, memref<4x1x1xf32>) outs(%y : memref<2x4x6x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A divide by a keepdim result seen through a reshape (a norm over channels
// whose broadcast went through collapse_shape): [2, 1, 4, 6, 6] has a unit
// loop beside four others. The unit loop goes, then the pixels merge: the
// [2, 4, 36] op reading the norm at (n, p), over views of the same buffers.
// CHECK-LABEL: func.func @unit_loop_of_a_reshape
// CHECK-SAME: (%[[X:.*]]: memref<2x1x4x6x6xf32>, %[[N:.*]]: memref<2x1x6x6xf32>, %[[Y:.*]]: memref<2x1x4x6x6xf32>)
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<2x4x36xf32>, memref<2x36xf32>) outs(%{{.*}} : memref<2x4x36xf32>)
// CHECK: arith.divf
// CHECK-NOT: memref.copy
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#norm = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
func.func @unit_loop_of_a_reshape(%x: memref<2x1x4x6x6xf32>, %n: memref<2x1x6x6xf32>, %y: memref<2x1x4x6x6xf32>) {
  linalg.generic {indexing_maps = [#id5, #norm, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %n : memref<2x1x4x6x6xf32>, memref<2x1x6x6xf32>) outs(%y : memref<2x1x4x6x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %q = arith.divf %a, %b : f32
    linalg.yield %q : f32
  }
  return
}

// -----

// Left alone: an op of three loops (the skills take it as it is), one with
// a loop of extent 1 (nothing to gain), and a broadcast that only copies its
// input (a GEMM's bias init, matched in its shape).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: memref.collapse_shape
// CHECK: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d1)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @left_alone(%x3: memref<2x4x36xf32>, %v: memref<4xf32>, %o3: memref<2x4x36xf32>,
                      %x1: memref<1x4x6x6xf32>, %o1: memref<1x4x6x6xf32>, %o4: memref<2x4x6x6xf32>) {
  linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x3, %v : memref<2x4x36xf32>, memref<4xf32>) outs(%o3 : memref<2x4x36xf32>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %m = arith.addf %p, %q : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x1, %v : memref<1x4x6x6xf32>, memref<4xf32>) outs(%o1 : memref<1x4x6x6xf32>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %m = arith.addf %p, %q : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%v : memref<4xf32>) outs(%o4 : memref<2x4x6x6xf32>) {
  ^bb0(%p: f32, %r: f32):
    linalg.yield %p : f32
  }
  return
}

// -----

// A large op over a unit loop and three others (an instance norm's apply
// over its [1, N * C, H, W] view, 16.7 M points): the unit loop goes, the
// op is the [256, 256, 256] one it computes. The same op over [1, 4, 6, 6]
// (below) is left as it is.
// CHECK-LABEL: func.func @large_batch_of_one
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<256x256x256xf32>, memref<256xf32>) outs(%{{.*}} : memref<256x256x256xf32>)
// CHECK-LABEL: func.func @small_batch_of_one
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#row = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
func.func @large_batch_of_one(%x: memref<1x256x256x256xf32>, %s: memref<1x256x1x1xf32>, %y: memref<1x256x256x256xf32>) {
  linalg.generic {indexing_maps = [#id4, #row, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : memref<1x256x256x256xf32>, memref<1x256x1x1xf32>) outs(%y : memref<1x256x256x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  return
}
func.func @small_batch_of_one(%x: memref<1x4x6x6xf32>, %s: memref<1x4x1x1xf32>, %y: memref<1x4x6x6xf32>) {
  linalg.generic {indexing_maps = [#id4, #row, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : memref<1x4x6x6xf32>, memref<1x4x1x1xf32>) outs(%y : memref<1x4x6x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  return
}
