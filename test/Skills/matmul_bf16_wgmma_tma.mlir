// The skill matmul_bf16_wgmma_tma on a 256x256 bf16 GEMM with K = 512 and
// f32 sums, 4 stages: the host makes two TMA descriptors through the
// runtime (ksTensorMap2D: A in 128 x 64 boxes, B in 64 x 64) and launches
// 2 x 2 blocks of one warpgroup with 4 x 32 KB + 1 KB of dynamic shared
// memory. Thread 0 initializes 4 mbarriers and issues the first 3 K steps'
// loads (32 KB expected a step: A's box and B's two); each of the 8 K
// steps waits on its slot's barrier, runs one warpgroup MMA on the slot's
// descriptors (B transposed: N contiguous), and has thread 0 load the step
// 3 ahead; the sums go through shared memory and are added to C. The PTX
// targets sm_90a: TMA (cp.async.bulk.tensor), mbarrier waits, wgmma. The
// CPU emulation does not run it (dynamic shared memory), and a GEMM no
// 128 x 128 tile divides is refused.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_bf16_wgmma_tma params=S=4,WG=1" | FileCheck %s
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=matmul_bf16_wgmma_tma params=S=3,WG=2" | FileCheck %s --check-prefix=WG2
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_bf16_wgmma_tma", "params": {"S": 3, "WG": 2}}]}' > %t.wg2.plan.json
// RUN: rm -rf %t.wg2.ptx && ks-opt %S/Inputs/matmul_bf16_256x512x256.mlir --ks-compile="plan=%t.wg2.plan.json ptx-dir=%t.wg2.ptx" -o %t.wg2.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX2 < %t.wg2.ptx/main_kernel_0.sm_90a.ptx
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_bf16_wgmma_tma", "params": {"S": 4, "WG": 1}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/matmul_bf16_256x512x256.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90a.ptx
// RUN: ks-opt %t.gpu.mlir --ks-lower-host | FileCheck %s --check-prefix=HOST
// RUN: not ks-run %S/Inputs/matmul_bf16_256x512x256.mlir --emulate-gpu --plan=%t.plan.json 2>&1 | FileCheck %s --check-prefix=NOEMU
// RUN: not ks-opt %S/Inputs/matmul_200x100x72.mlir --ks-seed-lowering="plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=F32

// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = memref.cast %arg0 : memref<256x512xbf16> to memref<*xbf16>
// CHECK: %[[B:.*]] = memref.cast %arg1 : memref<512x256xbf16> to memref<*xbf16>
// CHECK: %[[TA:.*]] = call @ksTensorMap2D_bf16(%[[A]], %c9_i64, %c2_i64, %c128_i64, %c64_i64)
// CHECK: %[[TB:.*]] = call @ksTensorMap2D_bf16(%[[B]], %c9_i64, %c2_i64, %c64_i64, %c64_i64)
// Four 128 x 128 tiles on a one-dimensional grid, walked in groups of tile
// rows (both rows of tiles here: min(8, M / 128)).
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c4{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads({{.*}}) in (%{{.*}} = %c128{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) dynamic_shared_memory_size %c132096_i32
// CHECK: %[[DA:.*]] = builtin.unrealized_conversion_cast %[[TA]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xbf16, 3>, swizzle = swizzle_128b
// CHECK: %[[GROUP:.*]] = arith.divui %[[BX]], %c4{{.*}}
// CHECK: %[[FIRST:.*]] = arith.muli %[[GROUP]], %c2
// CHECK: %[[LEFT:.*]] = arith.subi %c2{{.*}}, %[[FIRST]]
// CHECK: %[[ROWS:.*]] = arith.minui %[[LEFT]], %c2
// CHECK: %[[IN:.*]] = arith.remui %[[BX]], %c4{{.*}}
// CHECK: %[[ROW:.*]] = arith.remui %[[IN]], %[[ROWS]]
// CHECK: %[[TM:.*]] = arith.addi %[[FIRST]], %[[ROW]]
// CHECK: %[[TN:.*]] = arith.divui %[[IN]], %[[ROWS]]
// CHECK: arith.muli %[[TM]], %c128
// CHECK: arith.muli %[[TN]], %c128
// CHECK: %[[BARS:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: nvgpu.mbarrier.init %[[BARS]]
// CHECK: nvgpu.tma.prefetch.descriptor %[[DA]]
// CHECK: gpu.barrier
// The prologue: K steps 0 .. 2.
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1 {
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BARS]][%{{.*}}], %c32768
// CHECK: nvgpu.tma.async.load
// CHECK: nvgpu.tma.async.load %{{.*}}[%[[N0:[^,]+]], %{{.*}}]
// CHECK: %[[N1:.*]] = arith.addi %[[N0]], %c64
// CHECK: nvgpu.tma.async.load %{{.*}}[%[[N1]], %{{.*}}]
// CHECK: nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c1 iter_args(%[[ACC:.*]] = %{{.*}}, %[[PARITY:.*]] = %false)
// CHECK: nvgpu.mbarrier.try_wait.parity %[[BARS]][%{{.*}}], %[[PARITY]]
// CHECK: nvgpu.warpgroup.generate.descriptor
// CHECK: nvgpu.warpgroup.generate.descriptor
// CHECK: nvgpu.warpgroup.mma %{{.*}}, %{{.*}}, %[[ACC]] {transposeB}
// CHECK: nvgpu.mbarrier.arrive.expect_tx
// CHECK-COUNT-3: nvgpu.tma.async.load
// CHECK: arith.xori %[[PARITY]], %true
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvgpu.warpgroup.mma.store
// CHECK: memref.load %arg2
// CHECK: arith.addf
// CHECK: memref.store {{.*}}, %arg2
// CHECK-NOT: linalg.matmul
// CHECK: func.func private @ksTensorMap2D_bf16(memref<*xbf16>, i64, i64, i64, i64) -> !llvm.ptr

// PTX: .target sm_90a
// PTX: mbarrier.init.shared.b64
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: wgmma.fence.sync.aligned
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// PTX: wgmma.commit_group.sync.aligned
// PTX: wgmma.wait_group.sync.aligned 1
// PTX: wgmma.wait_group.sync.aligned 0
// PTX-NOT: ld.local

// Two warpgroups (threads 128 x 2) per 128 x 256 tile, each summing 64 rows
// of it; 3 slots of 16 + 32 KB (+ 1 KB to align them); a K step loads A's
// box and B's four, 64 columns apart (8 KB apart in the slot).
// WG2: gpu.launch blocks({{.*}}) in (%{{.*}} = %c2{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %c128{{.*}}, %{{.*}} = %c2{{.*}}, %{{.*}} = %c1{{.*}}) dynamic_shared_memory_size %c148480_i32
// WG2: %[[N0:.*]] = arith.muli %{{.*}}, %c256
// WG2: %[[WGAT:.*]] = arith.muli %[[TY]], %c128
// WG2: %[[LIN:.*]] = arith.addi %[[WGAT]], %[[TX]]
// WG2: arith.cmpi eq, %[[LIN]], %c0
// WG2: %[[WGA:.*]] = arith.muli %[[TY]], %c8192
// WG2: nvgpu.mbarrier.arrive.expect_tx %{{.*}}, %c49152
// WG2: %[[KC:.*]] = arith.muli %{{.*}}, %c64
// WG2: nvgpu.tma.async.load %{{.*}}[%[[KC]], %{{.*}}]
// WG2: nvgpu.tma.async.load %{{.*}}[%[[N0]], %[[KC]]]
// WG2: arith.addi %{{.*}}, %c8192
// WG2: %[[N1:.*]] = arith.addi %[[N0]], %c64
// WG2: nvgpu.tma.async.load %{{.*}}[%[[N1]], %[[KC]]]
// WG2: arith.addi %{{.*}}, %c16384
// WG2: %[[N2:.*]] = arith.addi %[[N0]], %c128
// WG2: nvgpu.tma.async.load %{{.*}}[%[[N2]], %[[KC]]]
// WG2: arith.addi %{{.*}}, %c24576
// WG2: %[[N3:.*]] = arith.addi %[[N0]], %c192
// WG2: nvgpu.tma.async.load %{{.*}}[%[[N3]], %[[KC]]]
// WG2: scf.for
// A warpgroup's A rows begin 64 rows (8 KB) into the slot's A tile.
// WG2: %[[SLOTA:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// WG2: arith.addi %[[SLOTA]], %[[WGA]]
// WG2: nvgpu.warpgroup.mma %{{.*}}, %{{.*}}, %{{.*}} {transposeB} : <tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x256xbf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x256xf32>>
// WG2-COUNT-5: nvgpu.tma.async.load
// Each warpgroup stores its 64 rows of sums after the rows before it (64 KB
// a warpgroup); every thread then adds a column of all 128 rows to C.
// WG2: arith.muli %[[TY]], %c65536
// WG2: nvgpu.warpgroup.mma.store %{{.*}}, %{{.*}} : <fragmented = vector<64x256xf32>> to memref<64x256xf32, #gpu.address_space<workgroup>>
// WG2: memref.load %{{.*}}[%{{.*}}, %[[LIN]]] : memref<128x256xf32, #gpu.address_space<workgroup>>

// PTX2: .target sm_90a
// PTX2: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// PTX2-NOT: ld.local

// HOST: llvm.call @ksTensorMap2D_bf16(%{{.*}}) : (i64, !llvm.ptr, i64, i64, i64, i64) -> !llvm.ptr

// NOEMU: cannot run on the CPU: asynchronous launches, dynamic shared memory and clusters are not supported

// F32: error: skill matmul_bf16_wgmma_tma on dispatch 1: its requirement 'input_element_bits == 16' does not hold here (loops 200 x 72 x 100)
func.func @main(%a: memref<256x512xbf16>, %b: memref<512x256xbf16>, %c: memref<256x256xf32>) {
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<256x512xbf16>, memref<512x256xbf16>) outs(%c : memref<256x256xf32>)
  return
}
