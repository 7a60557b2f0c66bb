// The skill warp_reduce_innermost on the row sums (dispatch 1) and row
// maxima (dispatch 3) of a 64x1024 matrix, 4 rows (warps) per block and 4
// elements per lane per step: a grid of 16 blocks of 128 threads, each warp
// running one row's op, marked for ks-distribute-warp-reductions. That pass
// splits the row over the lanes (lane l reads elements 4l .. 4l+3 of every
// 128, from the neutral element on) and combines the 32 partial results
// with a butterfly of shuffles (shfl.sync.bfly), lane 0 writing the row.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=warp_reduce_innermost params=R=4,E=4" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "warp_reduce_innermost", "params": {"R": 4, "E": 4}}, {"id": 3, "skill": "warp_reduce_innermost", "params": {"R": 4, "E": 4}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/warp_reduce_innermost_rows.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=SEED
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/warp_reduce_innermost_rows.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=SUM < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: FileCheck %s --check-prefix=MAX < %t.ptx/main_kernel_2.sm_90.ptx
// Without a GPU: the transformed kernels run on the CPU thread by thread
// (barriers and shuffles included) and match the CPU reference.
// RUN: ks-run %S/Inputs/warp_reduce_innermost_rows.mlir --emulate-gpu --plan=%t.plan.json --seed=16 | FileCheck %s --check-prefix=EMULATED
// An argmax along the rows (two outputs, the value and its position): the
// lanes fold (value, position) pairs, both are shuffled (the i64 position
// as two halves), a lane takes its partner's pair where the value is
// better or equal at a lower position. Values with many ties: the first
// occurrence wins, as in the sequential fold.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "warp_reduce_innermost", "params": {"R": 4, "E": 4}}]}' > %t.argmax.json
// RUN: ks-opt %S/Inputs/argmax_rows_ties.mlir --ks-seed-lowering="plan=%t.argmax.json" | FileCheck %s --check-prefix=ARGMAX
// RUN: ks-run %S/Inputs/argmax_rows_ties.mlir --emulate-gpu --plan=%t.argmax.json --seed=5 | FileCheck %s --check-prefix=ARGMAX-EMULATED
// A row of booleans (i1, a byte each in memory) is read element by element
// (no vector of i1, which would be bits), and counts right.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "warp_reduce_innermost", "params": {"R": 4, "E": 4}}]}' > %t.mask.json
// RUN: ks-opt %S/Inputs/mask_row_counts.mlir --ks-seed-lowering="plan=%t.mask.json" | FileCheck %s --check-prefix=MASK
// RUN: ks-run %S/Inputs/mask_row_counts.mlir --emulate-gpu --plan=%t.mask.json --seed=5 | FileCheck %s --check-prefix=MASK-EMULATED
// ARGMAX: gpu.module @main_kernel_1 attributes {ks.dispatch = 2 : i64}
// ARGMAX: %[[PAIR:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %c0_i64) -> (f32, i64)
// ARGMAX: gpu.shuffle  xor %[[PAIR]]#0, %c16_i32, %c32_i32 : f32
// ARGMAX: arith.cmpf ogt
// ARGMAX: arith.cmpf oeq
// ARGMAX: arith.cmpi slt
// ARGMAX-EMULATED: output #0 64xi64: match, max abs err 0.00e+00

// Rows to blocks (4 each) and to warps (thread x / 32); the row's op is
// left whole, marked with its elements per lane per step.
// CHECK: linalg.fill {{.*}}{ks.dispatch = 0 : i64}
// CHECK-DAG: %[[SIXTEEN:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 128 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[SIXTEEN]], {{.*}}) threads({{.*}}) in ({{.*}} = %[[THREADS]], {{.*}})
// CHECK: memref.subview {{.*}} [4, 1024] [1, 1]
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[WARP:.*]] = affine.apply #{{.*}}()[%[[TX]]]
// CHECK: %[[ROW:.*]] = memref.subview %{{.*}}[%[[WARP]], 0] [1, 1024] [1, 1]
// CHECK: linalg.generic {{.*}} ins(%[[ROW]] : memref<1x1024xf32, {{.*}}>) {{.*}} attrs = {ks.dispatch = 1 : i64, ks.warp_reduce = 4 : i64}
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "warp_reduce_innermost"}
// CHECK: linalg.fill {{.*}}{ks.dispatch = 2 : i64}

// After the seed lowering: lane l reads elements 4l .. 4l+3 of every 128
// (8 trips over the row, counted from 0: a warp's lanes are known to be 32)
// as one 16-byte vector load (the row starts 1024 elements after the last,
// lane l's group 4l after its start), from -0.0 (the neutral element of
// addf), the walk unrolled 4 trips deep so that 4 vector loads are in
// flight together; then five xor shuffles, and lane 0 adds the total to the
// output.
// SEED: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c16, %c1, %c1) threads in (%c128, %c1, %c1)
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[LANE:.*]] = gpu.lane_id upper_bound 32
// SEED: %[[START:.*]] = arith.muli %[[LANE]], %c4 : index
// SEED: %[[PART:.*]] = scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args(%{{.*}} = %cst) -> (f32) {
// SEED-COUNT-4: vector.load %{{.*}}[%c0, %{{.*}}] {alignment = 16 : i64} : memref<1x1024xf32, strided<[1024, 1], offset: ?>>, vector<4xf32>
// SEED-NOT: memref.load
// SEED: scf.yield
// SEED: %[[S16:.*]], %{{.*}} = gpu.shuffle xor %[[PART]], %c16_i32, %c32_i32 : f32
// SEED: %[[T16:.*]] = arith.addf %[[PART]], %[[S16]] : f32
// SEED: gpu.shuffle xor %[[T16]], %c8_i32, %c32_i32 : f32
// SEED: gpu.shuffle xor %{{.*}}, %c4_i32, %c32_i32 : f32
// SEED: gpu.shuffle xor %{{.*}}, %c2_i32, %c32_i32 : f32
// SEED: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// SEED: %[[TOTAL:.*]] = arith.addf
// SEED: %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %c0 : index
// SEED: scf.if %[[FIRST]] {
// SEED: %[[OLD:.*]] = memref.load
// SEED: %[[NEW:.*]] = arith.addf %[[TOTAL]], %[[OLD]] : f32
// SEED: memref.store %[[NEW]]
// SEED-LABEL: gpu.module @main_kernel_2
// SEED: arith.constant 0xFF800000 : f32
// SEED: gpu.shuffle xor
// SEED: arith.maximumf

// In the PTX: no loop left, each lane's 8 vector loads of 4 floats in
// straight-line code (128 floats, 512 bytes, apart), then the butterfly
// over the lanes; no shared memory and no barrier.
// SUM-NOT: .shared
// SUM: %laneid
// SUM-NOT: ld.global.b32
// SUM: ld.global.v4.b32 {{{%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+}}}, [[[PTR:%rd[0-9]+]]];
// SUM: ld.global.v4.b32 {{{.*}}}, [[[PTR]]+512];
// SUM: ld.global.v4.b32 {{{.*}}}, [[[PTR]]+3584];
// SUM-NOT: bra
// SUM: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// SUM-NEXT: add.rn.f32
// SUM-NEXT: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// SUM-NEXT: add.rn.f32
// SUM-NEXT: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 4, 31, -1;
// SUM-NEXT: add.rn.f32
// SUM-NEXT: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 2, 31, -1;
// SUM-NEXT: add.rn.f32
// SUM-NEXT: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 1, 31, -1;
// SUM: st.global.b32
// SUM-NOT: bar.sync
// MAX-COUNT-5: shfl.sync.bfly.b32
// MAX: max.NaN.f32
// MAX: st.global.b32
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @main(%a: memref<64x1024xf32>, %sums: memref<64xf32>, %maxima: memref<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%sums : memref<64xf32>)
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%a : memref<64x1024xf32>) outs(%sums : memref<64xf32>) attrs = {ks.dispatch = 1 : i64} {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  }
  linalg.fill {ks.dispatch = 2 : i64} ins(%ninf : f32) outs(%maxima : memref<64xf32>)
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%a : memref<64x1024xf32>) outs(%maxima : memref<64xf32>) attrs = {ks.dispatch = 3 : i64} {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %out : f32
    linalg.yield %m : f32
  }
  return
}

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match

// MASK-NOT: vector.load
// MASK-COUNT-4: memref.load %{{.*}} : memref<1x1024xi1, strided<[1024, 1], offset: ?>>
// MASK-NOT: vector.load
// MASK-EMULATED: output #0 16xi32: match
