// The skill batch_matmul_smem_tile on a batch of 4 matmuls 128x64 @ 64x256:
// one matrix per grid z, 64x64 block tiles, K in steps of 16 copied into
// shared memory, 4x4 outputs per thread (16x16 threads), K steps of 4 in
// the thread. The kernel is matmul_smem_tile's, per matrix: the same
// numbers of FMAs, shared loads and stores, global loads and barriers.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=batch_matmul_smem_tile params=BM=64,BN=64,BK=16,TM=4,TN=4,KT=4" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "batch_matmul_smem_tile", "params": {"BM": 64, "BN": 64, "BK": 16, "TM": 4, "TN": 4, "KT": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/batch_matmul_4x128x64x256.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: FileCheck %s --check-prefix=NOLOCAL < %t.ptx/main_kernel_0.sm_90.ptx
// Without a GPU: the kernel runs on the CPU thread by thread (barriers
// included) and matches the CPU reference.
// RUN: ks-run %S/Inputs/batch_matmul_4x128x64x256.mlir --emulate-gpu --plan=%t.plan.json --seed=19 | FileCheck %s --check-prefix=EMULATED

// Grid 4 x 2 x 4 (N tiles, M tiles, batch), 16x16 threads; each step's A
// and B tiles are 64x16 and 16x64 views of workgroup buffers.
// CHECK: linalg.fill {{.*}}{ks.dispatch = 0 : i64}
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c4, {{.*}} = %c2, {{.*}} = %c4) threads({{.*}}) in ({{.*}} = %c16, {{.*}} = %c16, {{.*}})
// CHECK: memref.get_global @{{.*}} : memref<4096xi8, #gpu.address_space<workgroup>>
// CHECK: memref.view {{.*}} to memref<1x64x16xf32, #gpu.address_space<workgroup>>
// CHECK: memref.get_global @{{.*}} : memref<4096xi8, #gpu.address_space<workgroup>>
// CHECK: memref.view {{.*}} to memref<1x16x64xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "batch_matmul_smem_tile"}

// HOST: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c4, %c2, %c4) threads in (%c16, %c16, %c1)

// PTX: .shared .align 16 .b8
// PTX: .shared .align 16 .b8
// PTX: bar.sync 0;
// PTX-COUNT-64: fma.rn.f32
// NOLOCAL-NOT: .local

// EMULATED: output #0 4x128x256xf32: match

func.func @main(%a: memref<4x128x64xf32>, %b: memref<4x64x256xf32>, %c: memref<4x128x256xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<4x128x256xf32>)
  linalg.batch_matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<4x128x64xf32>, memref<4x64x256xf32>) outs(%c : memref<4x128x256xf32>)
  return
}
