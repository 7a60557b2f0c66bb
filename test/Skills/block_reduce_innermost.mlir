// The skill block_reduce_innermost on the row maxima of a 6x4096 matrix
// (dispatch 1, 256 threads, 4 elements per thread per step) and the row
// sums of squares of a 3x8192 matrix (dispatch 3, 1024 threads, 2
// elements): one block per row, the row's op marked for
// ks-distribute-warp-reductions, which splits it over the block's threads,
// combines each warp by shuffles and the warps through shared memory.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=block_reduce_innermost params=T=256,E=4" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "block_reduce_innermost", "params": {"T": 256, "E": 4}}, {"id": 3, "skill": "block_reduce_innermost", "params": {"T": 1024, "E": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/block_reduce_innermost_rows.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=SEED
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/block_reduce_innermost_rows.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// Without a GPU: the kernels run on the CPU thread by thread (barriers,
// shuffles and shared memory included) and match the CPU reference.
// RUN: ks-run %S/Inputs/block_reduce_innermost_rows.mlir --emulate-gpu --plan=%t.plan.json --seed=23 | FileCheck %s --check-prefix=EMULATED

// A block per row (6 blocks of 256 threads); the row's op left whole,
// marked with its elements per thread per step.
// CHECK-DAG: %[[SIX:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[SIX]], {{.*}}) threads({{.*}}) in ({{.*}} = %[[THREADS]], {{.*}})
// CHECK: %[[ROW:.*]] = memref.subview %{{.*}}[%{{.*}}, 0] [1, 4096] [1, 1]
// CHECK: linalg.generic {{.*}} ins(%[[ROW]] : memref<1x4096xf32, {{.*}}>) {{.*}} attrs = {ks.block_reduce = 4 : i64, ks.dispatch = 1 : i64}
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "block_reduce_innermost"}

// After the seed lowering: thread t reads elements 4t .. 4t+3 of every
// 1024 (the launch's 256 threads are known), its 4 trips unrolled whole:
// 16 loads in flight, 15 maxima (the first against -inf folded away); the
// warp's butterfly; lane 0 of each warp stores into its slot of a
// 32-float workgroup buffer; a barrier; warp 0 reads the slots of the
// blockDim / 32 warps (the neutral element past them), combines them, and
// its lane 0 writes the row; a barrier before the slots are reused.
// SEED: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c6, %c1, %c1) threads in (%c256, %c1, %c1)
// SEED: gpu.launch_func @main_kernel_2::@main_kernel_2 blocks in (%c3, %c1, %c1) threads in (%c1024, %c1, %c1)
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: %[[LANE:.*]] = gpu.lane_id upper_bound 32
// SEED: %[[TX:.*]] = gpu.thread_id x
// SEED: %[[BDX:.*]] = gpu.block_dim x
// SEED: %[[SLOTS:.*]] = memref.get_global @__ks_block_reduce
// SEED: %[[START:.*]] = arith.muli %[[TX]], %c4 : index
// SEED-NOT: scf.for
// SEED-COUNT-15: arith.maximumf
// SEED-COUNT-5: gpu.shuffle xor
// SEED: %[[WARP:.*]] = arith.divui %[[TX]], %c32 : index
// SEED: scf.if
// SEED-NEXT: memref.store %{{.*}}, %[[SLOTS]][%[[WARP]]]
// SEED: gpu.barrier
// SEED: %[[NWARPS:.*]] = arith.divui %[[BDX]], %c32 : index
// SEED: %[[FILLED:.*]] = arith.cmpi ult, %[[LANE]], %[[NWARPS]] : index
// SEED: scf.if %[[FILLED]] -> (f32) {
// SEED-NEXT: memref.load %[[SLOTS]][%[[LANE]]]
// SEED: } else {
// SEED-NEXT: scf.yield %cst : f32
// SEED-COUNT-5: gpu.shuffle xor
// SEED: arith.cmpi eq, %[[WARP]], %c0 : index
// SEED: arith.andi
// SEED: scf.if
// SEED: memref.store
// SEED: gpu.barrier
// SEED: memref.global "private" @__ks_block_reduce : memref<32xf32, #gpu.address_space<workgroup>>
// SEED-LABEL: gpu.module @main_kernel_2
// SEED: arith.mulf
// SEED: gpu.barrier
// SEED: memref.global "private" @__ks_block_reduce_0 : memref<32xf32, #gpu.address_space<workgroup>>

// The kernel holds a 128-byte shared buffer, the shuffles and two barriers.
// PTX: .shared .align 4 .b8 __ks_block_reduce[128];
// PTX-COUNT-5: shfl.sync.bfly.b32
// PTX: st.shared.b32
// PTX: bar.sync 0;
// PTX: ld.shared.b32
// PTX-COUNT-5: shfl.sync.bfly.b32
// PTX: bar.sync 0;

// EMULATED: output #0 6xf32: match
// EMULATED: output #1 3xf32: match

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: memref<6x4096xf32>, %maxima: memref<6xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%ninf : f32) outs(%maxima : memref<6xf32>)
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%x : memref<6x4096xf32>) outs(%maxima : memref<6xf32>) attrs = {ks.dispatch = 1 : i64} {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %out : f32
    linalg.yield %m : f32
  }
  return
}
