// The skill matmul_tf32x3_mma on a 256x64 (K = 128) matmul, 64x64 block
// tiles, K in steps of 16, 2x2 warps of 32x32 outputs, 3 stages: the A and
// B tiles are copied with cp.async (4 floats, L1 bypassed) into three
// buffers each, rows padded (3x64x(16+4) for A, K contiguous; 3x16x(64+8)
// for B, N contiguous). The prologue issues K steps 0 and 1; each trip of
// the K loop waits for its step with one younger group in flight, meets
// the other warps at one barrier, issues the step two ahead (the last
// trips re-issue the last step: one group a trip), and computes 2 x 4
// fragments of 16x8 per warp, each operand rounded to TF32 by
// cvt.rn.tf32.f32 (its remainder too), the two K steps of 8 of the tile
// summed from zero by six mma.sync (the four of the small parts first),
// then added to the running sums with one f32 add. The sums start from
// the output and are stored to it after the loop (from zero where the
// output was just zero-filled: the fill is folded, EDGES below). The PTX has mma.sync
// m16n8k8 on TF32, cvt.rn.tf32.f32, 16-byte cp.async, no local memory; on
// the CPU (each mma.sync as the warp's product on
// TF32-truncated operands) the kernel matches the reference (the batched,
// transposed variant: batch_matmul_tf32x3_mma.mlir).
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_tf32x3_mma params=BM=64,BN=64,BK=16,WM=32,WN=32,S=3" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_tf32x3_mma", "params": {"BM": 64, "BN": 64, "BK": 16, "WM": 32, "WN": 32, "S": 3}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/matmul_256x128x64.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/matmul_256x128x64.mlir --emulate-gpu --plan=%t.plan.json --seed=14 | FileCheck %s --check-prefix=EMULATED
// Over a long K (2048): the emulation truncates each mma.sync's sum as the
// tensor core does; accumulating all of K in the tensor core would drift
// past the tolerance (1.1e-3 on these inputs), two steps' sum added in f32
// does not (8e-5).
// RUN: ks-run %S/Inputs/matmul_64x2048x64.mlir --emulate-gpu --plan=%t.plan.json --seed=7 | FileCheck %s --check-prefix=EMULATED
// No tile divides M, N or K (200, 72, 100): the tiles past the edges are
// zero-filled by the copies (cp.async reading no bytes), the outputs past
// them not stored.
// RUN: ks-run %S/Inputs/matmul_200x100x72.mlir --emulate-gpu --plan=%t.plan.json --seed=14 | FileCheck %s --check-prefix=EMULATED
// RUN: ks-opt %S/Inputs/matmul_200x100x72.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=EDGES
// nn.Linear (x @ transpose(W)): the transpose folded away, the kernel reads
// W's rows (K contiguous) as B's columns.
// RUN: ks-opt %S/Inputs/linear_64x96x80.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=LINEAR-IR
// RUN: ks-run %S/Inputs/linear_64x96x80.mlir --emulate-gpu --plan=%t.plan.json --seed=44 | FileCheck %s --check-prefix=LINEAR
// A's rows of 130 floats cannot be copied 16 bytes at a time: they are
// copied 4 bytes at a time (L1 kept), B's 16 as before.
// RUN: ks-opt %S/Inputs/matmul_200x130x64.mlir --ks-apply-skills="dispatch=1 skill=matmul_tf32x3_mma params=BM=64,BN=64,BK=16,WM=32,WN=32,S=3" 2>&1 | FileCheck %s --check-prefix=ROWS130

// CHECK-LABEL: func.func @main
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c1{{.*}}, %{{.*}} = %c4{{.*}}, %{{.*}} = %c1{{.*}}) threads({{.*}}) in (%{{.*}} = %c128{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}})
// CHECK: %[[A_TILES:.*]] = memref.get_global @mma_tile : memref<3x64x20xf32, #gpu.address_space<workgroup>>
// CHECK: %[[B_TILES:.*]] = memref.get_global @mma_tile_0 : memref<3x16x72xf32, #gpu.address_space<workgroup>>
// The accumulators, from C.
// CHECK-COUNT-4: memref.load %arg2
// CHECK: vector.from_elements {{.*}} : vector<2x2xf32>
// Prologue: two groups of 2 + 2 copies.
// CHECK: nvgpu.device_async_copy %arg0[{{.*}}], %[[A_TILES]][%c0{{.*}}], 4 {bypassL1}
// CHECK: nvgpu.device_async_copy %arg1
// CHECK: nvgpu.device_async_create_group
// CHECK: %[[GROUP:.*]] = nvgpu.device_async_create_group
// CHECK: scf.for {{.*}} = %c0 to %c8 step %c1 iter_args({{.*}}) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>)
// CHECK-NEXT: nvgpu.device_async_wait %[[GROUP]] {numGroups = 1 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: arith.minui {{.*}}, %c7
// CHECK-COUNT-4: nvgpu.device_async_copy
// CHECK: nvgpu.device_async_create_group
// An element's TF32 part and remainder.
// CHECK: %[[BIG:.*]] = nvvm.convert.float.to.tf32 %[[X:.*]] {rnd = #nvvm.fp_rnd_mode<rn>}
// CHECK-NEXT: %[[BIGF:.*]] = arith.bitcast %[[BIG]] : i32 to f32
// CHECK-NEXT: %[[REST:.*]] = arith.subf %[[X]], %[[BIGF]] : f32
// CHECK-NEXT: nvvm.convert.float.to.tf32 %[[REST]] {rnd = #nvvm.fp_rnd_mode<rn>}
// Two steps' six products, from zero, then added to the running sum.
// CHECK: %[[P0:.*]] = nvgpu.mma.sync({{.*}}, %cst{{.*}}) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-NEXT: %[[P1:.*]] = nvgpu.mma.sync({{.*}}, %[[P0]])
// CHECK-NEXT: %[[P2:.*]] = nvgpu.mma.sync({{.*}}, %[[P1]])
// CHECK-NEXT: %[[P3:.*]] = nvgpu.mma.sync({{.*}}, %[[P2]])
// CHECK-NEXT: %[[P4:.*]] = nvgpu.mma.sync({{.*}}, %[[P3]])
// CHECK-NEXT: %[[P5:.*]] = nvgpu.mma.sync({{.*}}, %[[P4]])
// CHECK-NEXT: arith.addf %{{.*}}, %[[P5]] : vector<2x2xf32>
// CHECK-COUNT-42: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: scf.yield
// CHECK: nvgpu.device_async_wait %[[GROUP]] {numGroups = 0 : i32}
// CHECK-COUNT-32: memref.store {{.*}}, %arg2
// CHECK-NOT: linalg.matmul

// PTX: .shared .align 16 .b8 mma_tile[15360];
// PTX: .shared .align 16 .b8 mma_tile_0[13824];
// PTX: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// PTX: cp.async.wait_group 1;
// PTX: bar.sync 0;
// PTX: cvt.rn.tf32.f32
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX-NOT: ld.local
// PTX-NOT: st.local

// LINEAR-IR: gpu.launch_func @main_kernel::@main_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%c128, %c1, %c1) args(%arg0 : memref<64x96xf32>, %arg1 : memref<80x96xf32>, %arg2 : memref<64x80xf32>)
// LINEAR-IR-NOT: gpu.launch_func
// LINEAR: output #0 64x80xf32: match, max abs err
// EMULATED: match, max abs err
// EMULATED-NOT: MISMATCH

// The output's zero fill (dispatch 0) is folded into the GEMM, whose sums
// start from zero without reading the output: one kernel ...
// EDGES: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// EDGES: gpu.launch_func  @main_kernel::@main_kernel blocks in (%c2, %c4, %c1) threads in (%c128, %c1, %c1)
// EDGES-NOT: gpu.launch_func
// ... A's chunks past M or K copy no bytes (K = 100: the last step's
// tile is a quarter past the edge) ...
// EDGES: %[[COUNT:.*]] = arith.select %{{.*}}, %c4, %c0 : index
// EDGES: nvgpu.device_async_copy %arg0[{{.*}}], %{{.*}}[{{.*}}], 4, %[[COUNT]] {bypassL1}
// EDGES: arith.cmpi ult, %{{.*}}, %c100 : index
// ... and are not stored.
// EDGES: scf.yield
// EDGES: scf.if
// EDGES-NEXT: memref.store

// ROWS130: nvgpu.device_async_copy %arg0[{{.*}}], {{.*}}, 1, %{{.*}} : memref<200x130xf32> to
// ROWS130-NOT: nvgpu.device_async_copy %arg0{{.*}}, 4
// ROWS130: nvgpu.device_async_copy %arg1[{{.*}}], {{.*}}, 4, %{{.*}} {bypassL1} : memref<130x64xf32> to
func.func @main(%a: memref<256x128xf32>, %b: memref<128x64xf32>, %c: memref<256x64xf32>) {
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<256x128xf32>, memref<128x64xf32>) outs(%c : memref<256x64xf32>)
  return
}
