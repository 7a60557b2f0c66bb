// The skill matmul_smem_tile on a 256x64 (K = 128) matmul, 32x64 block
// tiles, K in steps of 32, 2x4 outputs per thread (16x16 threads), K steps of
// 4 in the thread: at each step the block copies its 32x32 tile of A (one row
// of 4 per thread) and 32x64 tile of B (two rows of 4 per thread) into shared
// memory, a barrier after each copy and after the compute. The thread's sums
// are read from C once before the K loop and written once after it; inside it
// only shared memory is read. The PTX has shared arrays accessed 4-wide,
// bar.sync, FMAs, no local memory.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_smem_tile params=BM=32,BN=64,BK=32,TM=2,TN=4,KT=4" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_smem_tile", "params": {"BM": 32, "BN": 64, "BK": 32, "TM": 2, "TN": 4, "KT": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/matmul_256x128x64.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: FileCheck %s --check-prefix=NOLOCAL < %t.ptx/main_kernel_0.sm_90.ptx
// Without a GPU: the transformed kernels run on the CPU thread by thread
// (barriers and shuffles included) and match the CPU reference.
// RUN: ks-run %S/Inputs/matmul_256x128x64.mlir --emulate-gpu --plan=%t.plan.json --seed=14 | FileCheck %s --check-prefix=EMULATED

// CHECK: linalg.fill {{.*}}{ks.dispatch = 0 : i64}
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1, {{.*}} = %c8, {{.*}}) threads({{.*}}) in ({{.*}} = %c16, {{.*}} = %c16, {{.*}})
// CHECK: %[[GA:.*]] = memref.get_global @[[A:[a-z_0-9]+]] : memref<4096xi8, #gpu.address_space<workgroup>>
// CHECK: %[[AS:.*]] = memref.view %[[GA]]{{.*}} to memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK: %[[GB:.*]] = memref.get_global @[[B:[a-z_0-9]+]] : memref<8192xi8, #gpu.address_space<workgroup>>
// CHECK: %[[BS:.*]] = memref.view %[[GB]]{{.*}} to memref<32x64xf32, #gpu.address_space<workgroup>>
// CHECK: vector.load %arg2[{{.*}}] {alignment = 16 : i64} : memref<256x64xf32>, vector<4xf32>
// CHECK: vector.load %arg2[{{.*}}] {alignment = 16 : i64} : memref<256x64xf32>, vector<4xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c32 iter_args(%{{.*}} = %{{.*}}) -> (vector<2x4xf32>) {
// CHECK-NOT: %arg2
// CHECK: %[[A0:.*]] = vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<256x128xf32>, vector<4xf32>
// CHECK-NEXT: affine.apply
// CHECK-NEXT: vector.store %[[A0]], %[[AS]][{{.*}}] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: %arg2
// CHECK: vector.load %arg1[{{.*}}] {alignment = 16 : i64} : memref<128x64xf32>, vector<4xf32>
// CHECK: vector.load %arg1[{{.*}}] {alignment = 16 : i64} : memref<128x64xf32>, vector<4xf32>
// CHECK: vector.store %{{.*}}, %[[BS]][{{.*}}] : memref<32x64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: vector.store %{{.*}}, %[[BS]][{{.*}}] : memref<32x64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c32 step %c4 iter_args(%{{.*}} = %{{.*}}) -> (vector<2x4xf32>) {
// CHECK-NOT: %arg2
// CHECK: vector.load %[[AS]][{{.*}}] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: vector.load %[[BS]][{{.*}}] : memref<32x64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT: %arg2
// CHECK: vector.fma {{.*}} : vector<4xf32>
// CHECK-NOT: %arg2
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK: vector.store %{{.*}}, %arg2[{{.*}}] {alignment = 16 : i64} : memref<256x64xf32>, vector<4xf32>
// CHECK: vector.store %{{.*}}, %arg2[{{.*}}] {alignment = 16 : i64} : memref<256x64xf32>, vector<4xf32>
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "matmul_smem_tile"}
// CHECK: memref.global "private" @[[A]] : memref<4096xi8, #gpu.address_space<workgroup>> {alignment = 16 : i64}
// CHECK: memref.global "private" @[[B]] : memref<8192xi8, #gpu.address_space<workgroup>> {alignment = 16 : i64}

// The shared buffers are globals of the kernel's module, not kernel
// arguments.
// HOST: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c8, %c1) threads in (%c16, %c16, %c1) args(%arg2 : memref<256x64xf32>, %arg0 : memref<256x128xf32>, %arg1 : memref<128x64xf32>)
// HOST: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {barriers = 1 : i64, {{.*}}shared_bytes = 12288 : i64, spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64, stack_bytes = 0 : i64

// PTX: .shared .align 16 .b8 {{.*}}[4096];
// PTX: .shared .align 16 .b8 {{.*}}[8192];
// PTX: ld.global
// PTX: st.shared.v4.b32
// PTX-NEXT: bar.sync 0;
// PTX: st.shared.v4.b32
// PTX-NEXT: st.shared.v4.b32
// PTX-NEXT: bar.sync 0;
// PTX: ld.shared.v4.b32
// PTX: fma.rn.f32
// PTX: bar.sync 0;
// PTX: st.global

// NOLOCAL-NOT: .local
func.func @main(%a: memref<256x128xf32>, %b: memref<128x64xf32>, %c: memref<256x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<256x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<256x128xf32>, memref<128x64xf32>) outs(%c : memref<256x64xf32>)
  return
}

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match
