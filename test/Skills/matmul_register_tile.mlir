// The skill matmul_register_tile on a 256x64 (K = 128) matmul, 32x32 block
// tiles, 2x2 outputs per thread, K in steps of 4: each thread copies its
// 2x2 outputs into a private buffer once, runs the K loop on vectors
// (2x4 of A, 4x2 of B per step), and copies them out once. In the PTX the
// private buffer is registers: no local memory.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_register_tile params=BM=32,BN=32,TM=2,TN=2,KT=4" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_register_tile", "params": {"BM": 32, "BN": 32, "TM": 2, "TN": 2, "KT": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/matmul_256x128x64.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// Without a GPU: the transformed kernels run on the CPU thread by thread
// (barriers and shuffles included) and match the CPU reference.
// RUN: ks-run %S/Inputs/matmul_256x128x64.mlir --emulate-gpu --plan=%t.plan.json --seed=13 | FileCheck %s --check-prefix=EMULATED

// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}} = %c8, {{.*}}) threads({{.*}}) in ({{.*}} = %c16, {{.*}} = %c16, {{.*}})
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<16xi8>
// CHECK: %[[VIEW:.*]] = memref.view %[[ACC]]{{.*}} to memref<2x2xf32>
// CHECK: linalg.copy ins(%{{.*}} : memref<2x2xf32, strided<[64, 1], offset: ?>>) outs(%[[VIEW]] : memref<2x2xf32>)
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c4 {
// CHECK: vector.transfer_read {{.*}} : memref<2x4xf32, strided<[128, 1], offset: ?>>, vector<2x4xf32>
// CHECK: vector.transfer_read {{.*}} : memref<4x2xf32, strided<[64, 1], offset: ?>>, vector<4x2xf32>
// CHECK: vector.transfer_read %[[VIEW]]
// CHECK: arith.mulf {{.*}} : vector<2x2x4xf32>
// CHECK: vector.reduction <add>
// CHECK: vector.transfer_write {{.*}}, %[[VIEW]]
// CHECK: }
// CHECK: linalg.copy ins(%[[VIEW]] : memref<2x2xf32>) outs(%{{.*}} : memref<2x2xf32, strided<[64, 1], offset: ?>>)
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "matmul_register_tile"}

// Constants are inside the kernel (ks-sink-into-kernels): only buffers are
// passed.
// HOST: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c2, %c8, %c1) threads in (%c16, %c16, %c1) args(%arg0 : memref<256x128xf32>, %arg1 : memref<128x64xf32>, %arg2 : memref<256x64xf32>)
// HOST: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {{{.*}}spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64, stack_bytes = 0 : i64

// PTX-NOT: ld.local
// PTX-NOT: st.local
// PTX: mul.rn.f32
// PTX: add.rn.f32
func.func @main(%a: memref<256x128xf32>, %b: memref<128x64xf32>, %c: memref<256x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<256x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<256x128xf32>, memref<128x64xf32>) outs(%c : memref<256x64xf32>)
  return
}

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match
