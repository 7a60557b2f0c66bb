// The skill block_thread_tile_2d on a 256x64 (K = 128) matmul with 32x32
// block tiles and 2x2 outputs per thread: a 2x8 grid of 16x16 threads, each
// thread a 2x2 matmul over the whole K, the fill still a seed kernel.
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=block_thread_tile_2d params=BM=32,BN=32,TM=2,TN=2" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "block_thread_tile_2d", "params": {"BM": 32, "BN": 32, "TM": 2, "TN": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/matmul_256x128x64.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=SEED
// Without a GPU: the transformed kernels run on the CPU thread by thread
// (barriers and shuffles included) and match the CPU reference.
// RUN: ks-run %S/Inputs/matmul_256x128x64.mlir --emulate-gpu --plan=%t.plan.json --seed=11 | FileCheck %s --check-prefix=EMULATED

// CHECK: linalg.fill {{.*}}{ks.dispatch = 0 : i64}
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[SIXTEEN:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[SIXTEEN_:.*]] = arith.constant 16 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[TWO]], {{.*}} = %[[EIGHT]], {{.*}}) threads({{.*}}) in ({{.*}} = %[[SIXTEEN]], {{.*}} = %[[SIXTEEN_]], {{.*}})
// CHECK: memref.subview {{.*}} [32, 128] [1, 1]
// CHECK: memref.subview {{.*}} [128, 32] [1, 1]
// CHECK: linalg.matmul {ks.dispatch = 1 : i64} ins({{.*}} : memref<2x128xf32, {{.*}}>, memref<128x2xf32, {{.*}}>) outs({{.*}} : memref<2x2xf32, {{.*}}>)
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "block_thread_tile_2d"}

// SEED: gpu.launch_func @main_kernel::@main_kernel blocks in (%c64, %c1, %c1) threads in (%c256, %c1, %c1)
// SEED: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c2, %c8, %c1) threads in (%c16, %c16, %c1) args(%arg0 : memref<256x128xf32>, %arg1 : memref<128x64xf32>, %arg2 : memref<256x64xf32>)
// SEED-LABEL: gpu.module @main_kernel_0
// SEED: scf.for
// SEED: arith.mulf
// SEED: arith.addf
func.func @main(%a: memref<256x128xf32>, %b: memref<128x64xf32>, %c: memref<256x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<256x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<256x128xf32>, memref<128x64xf32>) outs(%c : memref<256x64xf32>)
  return
}

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match
