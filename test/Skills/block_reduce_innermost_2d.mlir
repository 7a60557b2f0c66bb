// The skill block_reduce_innermost_2d on a reduction whose rows two
// parallel loops index and cannot merge: per-channel scales read the
// channel loop alone, so [4, 6, 1024] stays three loops (dispatch 1, 256
// threads, 4 elements per thread per step). One block per (image, channel)
// row, the channel on the grid's x; the row's op, [1, 1, 1024], marked for
// ks-distribute-warp-reductions, which splits it over the block's threads
// as for block_reduce_innermost.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=block_reduce_innermost_2d params=T=256,E=4" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "block_reduce_innermost_2d", "params": {"T": 128, "E": 4}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/batch_norm_spatial_sums_2x8x512.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=SEED
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/batch_norm_spatial_sums_2x8x512.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// Without a GPU: the kernels run on the CPU thread by thread (barriers,
// shuffles and shared memory included) and match the CPU reference.
// RUN: ks-run %S/Inputs/batch_norm_spatial_sums_2x8x512.mlir --emulate-gpu --plan=%t.plan.json --seed=23 | FileCheck %s --check-prefix=EMULATED
// The policy offers it for such rows longer than 64 (shorter ones go to
// reduce_short_rows_registers): a batch norm's scale and shift fused into
// a global average pool.
// RUN: ks-plan %S/../Planner/Inputs/reduction_rows_2d.json | FileCheck %s --check-prefix=PLAN

// A block per row: 6 x 4 blocks of 256 threads, x the channel, y the image.
// CHECK-DAG: %[[SIX:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[SIX]], {{.*}} = %[[FOUR]], {{.*}}) threads({{.*}}) in ({{.*}} = %[[THREADS]], {{.*}})
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[ROW:.*]] = memref.subview %{{.*}}[%[[BY]], %[[BX]], 0] [1, 1, 1024] [1, 1, 1]
// CHECK: %[[SCALE:.*]] = memref.subview %{{.*}}[%[[BX]]] [1] [1]
// CHECK: %[[OUT:.*]] = memref.subview %{{.*}}[%[[BY]], %[[BX]]] [1, 1] [1, 1]
// CHECK: linalg.generic {{.*}} ins(%[[ROW]], %[[SCALE]] : memref<1x1x1024xf32, {{.*}}>, memref<1xf32, {{.*}}>) outs(%[[OUT]] : {{.*}}) attrs = {ks.block_reduce = 4 : i64, ks.dispatch = 1 : i64}
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "block_reduce_innermost_2d"}

// After the seed lowering: 8 x 2 blocks of 128 threads; thread t reads
// elements 4t .. 4t+3 of its row as one vector, scales and shifts them with
// its channel's parameters, then the warp's butterfly, the warps' slots in
// shared memory and warp 0's combine.
// SEED: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c8, %c2, %c1) threads in (%c128, %c1, %c1)
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: memref.subview %{{.*}}[%{{.*}}, %{{.*}}, 0] [1, 1, 512] [1, 1, 1] : memref<2x8x512xf32>
// SEED: %[[SLOTS:.*]] = memref.get_global @__ks_block_reduce
// SEED: vector.load %{{.*}} {alignment = 16 : i64} : memref<1x1x512xf32, {{.*}}>, vector<4xf32>
// SEED-COUNT-5: gpu.shuffle xor
// SEED: memref.store %{{.*}}, %[[SLOTS]]
// SEED: gpu.barrier
// SEED: memref.load %[[SLOTS]]
// SEED-COUNT-5: gpu.shuffle xor
// SEED: gpu.barrier

// PTX: .shared .align 4 .b8 __ks_block_reduce[128];
// PTX: mov.u32 {{.*}}, %ctaid.x;
// PTX: mov.u32 {{.*}}, %ctaid.y;
// PTX: ld.global.v4.b32
// PTX-COUNT-5: shfl.sync.bfly.b32
// PTX: st.shared.b32
// PTX: bar.sync 0;
// PTX: ld.shared.b32
// PTX-COUNT-5: shfl.sync.bfly.b32
// PTX: bar.sync 0;

// EMULATED: output #0 2x8xf32: match

// PLAN: "case": "reduction-block-per-row-2d",
// PLAN: "skill": "block_reduce_innermost_2d",

#x = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%x: memref<4x6x1024xf32>, %scale: memref<6xf32>, %sums: memref<4x6xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%sums : memref<4x6xf32>)
  linalg.generic {indexing_maps = [#x, #c, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %scale : memref<4x6x1024xf32>, memref<6xf32>) outs(%sums : memref<4x6xf32>) attrs = {ks.dispatch = 1 : i64} {
  ^bb0(%in: f32, %a: f32, %out: f32):
    %ax = arith.mulf %in, %a : f32
    %s = arith.addf %ax, %out : f32
    linalg.yield %s : f32
  }
  return
}
