// A row chain member whose first loop runs over several points of each
// row: this norm-like chain sums 4 rows of 256 (x as [4, 4, 64] per (n,
// g)), scales each row's 4 channels, and applies the scales to x. After
// ks-extracts-to-operands (the apply's gather at (n, g, c)) and
// ks-collapse-elementwise-dims, the apply is a [16, 64] stream whose loop
// of 16 is 4 rows x 4 channels: findRowChain takes it with 4 points of a
// row per row step, and ks.fuse_row_chain splits that loop ([4, 4, 64])
// before cutting it to rows, so the whole chain is one kernel of 4 blocks.
// An op whose loops have the same shape but read nothing the chain
// computes (y * 2 over [8, 64], 8 = 4 x 2) is not the chain's: it keeps a
// kernel of its own, launched before the chain's. The kernels compute what
// the CPU reference does (emulated, fresh random inputs).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 128, "E": 1, "V": 1}}]}' > %t.plan.json
// RUN: ks-opt %s --ks-seed-lowering --mlir-print-ir-after=ks-mark-dispatches -o /dev/null 2>&1 | FileCheck %s --check-prefix=DISPATCHES
// RUN: ks-opt %s --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %s --emulate-gpu --plan=%t.plan.json --seed=11 | FileCheck %s --check-prefix=EMULATED

// DISPATCHES: ins(%arg2 : memref<8x64xf32>) outs(%arg4 : memref<8x64xf32>) attrs = {ks.dispatch = 3 : i64}
// DISPATCHES: ins(%{{.*}}, %{{.*}} : memref<16x64xf32>, memref<16xf32>) outs(%{{.*}} : memref<16x64xf32>) attrs = {ks.dispatch = 4 : i64}

// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1) args(%{{.*}} : index, %arg2 : memref<8x64xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.func @main_kernel_0({{.*}}%[[SCALE:.*]]: memref<4x4xf32>, %{{.*}}: memref<4xf32>, %[[X:.*]]: memref<4x4x64xf32>, %[[OUT:.*]]: memref<4x4x64xf32>)
// The scales, a row's 4 points (threads 0 to 3), then a barrier, then the
// apply over the row's [4, 64] view, reading the scale at its channel.
// CHECK: memref.store %{{.*}}, %[[ROWSCALE:.*]][%c0, %thread_id_x{{.*}}] {ks.row_owned} : memref<1x4xf32
// CHECK: gpu.barrier
// CHECK: %[[XR:.*]] = memref.subview %[[X]][%[[ROW:.*]], 0, 0] [1, 4, 64] [1, 1, 1]
// CHECK-NEXT: %[[OR:.*]] = memref.subview %[[OUT]][%[[ROW]], 0, 0] [1, 4, 64] [1, 1, 1]
// CHECK: %[[V:.*]] = memref.load %[[XR]][%c0, %[[C:.*]], %[[P:.*]]] {ks.row_owned}
// CHECK-NEXT: %[[S:.*]] = memref.load %[[ROWSCALE]][%c0, %[[C]]] :
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %[[V]], %[[S]]
// CHECK-NEXT: memref.store %[[Y]], %[[OR]][%c0, %[[C]], %[[P]]] {ks.row_owned}

// EMULATED: output #0 2x2x4x64xf32: match
// EMULATED: output #1 8x64xf32: match
#x4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#stat = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#chan = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#w = affine_map<(d0, d1, d2) -> (d2)>
#s3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<2x2x4x64xf32>, %w: tensor<4xf32>, %y: tensor<8x64xf32>) -> (tensor<2x2x4x64xf32>, tensor<8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %sum = linalg.generic {indexing_maps = [#x4, #stat], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x : tensor<2x2x4x64xf32>) outs(%f : tensor<2x2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<2x2xf32>
  %es = tensor.empty() : tensor<2x2x4xf32>
  %scale = linalg.generic {indexing_maps = [#s3, #w, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sum, %w : tensor<2x2xf32>, tensor<4xf32>) outs(%es : tensor<2x2x4xf32>) {
  ^bb0(%s: f32, %wv: f32, %o: f32):
    %m = arith.mulf %s, %wv : f32
    linalg.yield %m : f32
  } -> tensor<2x2x4xf32>
  %ey = tensor.empty() : tensor<8x64xf32>
  %y2 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<8x64xf32>) outs(%ey : tensor<8x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %v = arith.mulf %in, %two : f32
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  %eo = tensor.empty() : tensor<2x2x4x64xf32>
  %out = linalg.generic {indexing_maps = [#x4, #x4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x2x4x64xf32>) outs(%eo : tensor<2x2x4x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = linalg.index 0 : index
    %g = linalg.index 1 : index
    %c = linalg.index 2 : index
    %sc = tensor.extract %scale[%n, %g, %c] : tensor<2x2x4xf32>
    %v = arith.mulf %in, %sc : f32
    linalg.yield %v : f32
  } -> tensor<2x2x4x64xf32>
  return %out, %y2 : tensor<2x2x4x64xf32>, tensor<8x64xf32>
}
