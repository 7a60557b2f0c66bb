// The skill fuse_elementwise_epilogue on a 256x64 (K = 128) matmul followed
// by a bias add + ReLU (one generic once the elementwise ops are fused on
// tensors), 32x32 block tiles, 2x2 outputs per thread, K in steps of 4: one
// gpu.launch runs both, each thread applying the bias and ReLU to the 2x2
// sums it has just computed. The seed needs a third kernel for them.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=fuse_elementwise_epilogue params=BM=32,BN=32,TM=2,TN=2,KT=4" | FileCheck %s
// RUN: ks-opt %S/Inputs/fuse_elementwise_epilogue.mlir --ks-seed-lowering | FileCheck %s --check-prefix=SEED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_elementwise_epilogue", "params": {"BM": 32, "BN": 32, "TM": 2, "TN": 2, "KT": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/fuse_elementwise_epilogue.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// Refused where fusing would be wrong, or with nothing to fuse.
// RUN: not ks-opt %S/Inputs/fuse_elementwise_epilogue_refused.mlir --split-input-file --ks-apply-skills="dispatch=1 skill=fuse_elementwise_epilogue params=BM=32,BN=32,TM=2,TN=2,KT=4" 2>&1 | FileCheck %s --check-prefix=REFUSED
// Without a GPU: the transformed kernels run on the CPU thread by thread
// (barriers and shuffles included) and match the CPU reference.
// RUN: ks-run %S/Inputs/fuse_elementwise_epilogue.mlir --emulate-gpu --plan=%t.plan.json --seed=12 | FileCheck %s --check-prefix=EMULATED

// CHECK: linalg.fill {{.*}}{ks.dispatch = 0 : i64}
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}} = %c8, {{.*}}) threads({{.*}}) in ({{.*}} = %c16, {{.*}} = %c16, {{.*}})
// The matmul: 2x2 sums in registers across the K loop, then stored.
// CHECK: %[[VIEW:.*]] = memref.view {{.*}} to memref<2x2xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c4 {
// CHECK: arith.mulf {{.*}} : vector<2x2x4xf32>
// CHECK: vector.transfer_write {{.*}}, %[[VIEW]]
// CHECK: }
// CHECK: linalg.copy ins(%[[VIEW]] : memref<2x2xf32>) outs(%{{.*}} : memref<2x2xf32, strided<[64, 1], offset: ?>>)
// Then, in the same thread, the epilogue on those 2x2 outputs.
// CHECK-NOT: gpu.launch
// CHECK: %[[C:.*]] = vector.transfer_read {{.*}} : memref<2x2xf32, strided<[64, 1], offset: ?>>, vector<2x2xf32>
// CHECK: %[[BIAS:.*]] = vector.load {{.*}} : memref<2xf32, strided<[1], offset: ?>>, vector<2xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[C]], %{{.*}} : vector<2x2xf32>
// CHECK: %[[RELU:.*]] = arith.maximumf %[[SUM]], %{{.*}} : vector<2x2xf32>
// CHECK: vector.transfer_write %[[RELU]], {{.*}} : vector<2x2xf32>, memref<2x2xf32, strided<[64, 1], offset: ?>>
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "fuse_elementwise_epilogue"}
// CHECK-NOT: linalg.generic

// SEED-COUNT-3: gpu.launch_func
// SEED-NOT: gpu.launch_func

// Two kernels: the fill and the fused one.
// HOST: gpu.launch_func @main_kernel::@main_kernel
// HOST: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c2, %c8, %c1) threads in (%c16, %c16, %c1) args(%arg0 : memref<256x128xf32>, %arg1 : memref<128x64xf32>, %arg3 : memref<256x64xf32>, %arg2 : memref<64xf32>)
// HOST-NOT: gpu.launch_func
// HOST: gpu.binary @main_kernel_0 {ks.ptxas = {sm_90 = {main_kernel_0 = {{{.*}}spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64, stack_bytes = 0 : i64

// After the K loop each thread stores its 2x2 sums, loads its 2 biases
// (and nothing else: the sums are not read back) and adds them to the sums
// still in registers.
// PTX-NOT: .local
// PTX: bra $L__BB0_1;
// PTX: st.global.b32 [%rd{{[0-9]+}}], %[[ACC:r[0-9]+]];
// PTX-COUNT-3: st.global.b32
// PTX-COUNT-2: ld.global.b32
// PTX-NOT: ld.global
// PTX: add.rn.f32 %r{{[0-9]+}}, %[[ACC]], %r{{[0-9]+}};
// PTX-NOT: ld.global
// PTX: max.NaN.f32
// PTX-NOT: ld.global
// PTX: ret;

// REFUSED: fuse_elementwise_epilogue on dispatch 1: the transform failed: expected parameter to be equal to 1, got 0
// REFUSED: fuse_elementwise_epilogue on dispatch 1: the transform failed: expected parameter to be greater than 2, got 2
// REFUSED: fuse_elementwise_epilogue on dispatch 1: the transform failed: expected parameter to be greater than 1, got 1
// REFUSED: fuse_elementwise_epilogue on dispatch 1: the transform failed: not elementwise
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: memref<256x128xf32>, %b: memref<128x64xf32>, %bias: memref<64xf32>, %c: memref<256x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<256x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<256x128xf32>, memref<128x64xf32>) outs(%c : memref<256x64xf32>)
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<256x64xf32>, memref<64xf32>) outs(%c : memref<256x64xf32>) attrs = {ks.dispatch = 2 : i64} {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %t = arith.addf %x, %s : f32
    %r = arith.maximumf %t, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match
