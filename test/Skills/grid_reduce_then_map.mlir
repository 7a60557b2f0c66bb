// The skill grid_reduce_then_map on a Frobenius norm of 64 x 1024
// (Inputs/frobenius_norm.mlir): ks-split-large-reductions made its sum a
// partial stage (dispatch 1, 16 rows of 4096) and a final one (dispatch
// 3), each after a zero fill (0, 2), and the quotients dispatch 4. With 4
// blocks of 128 threads, 2 vectors a thread kept in registers and 3 in
// shared memory, all five are one kernel: each thread reads its 32 vectors
// (interleaved, the skill's default: step s of block b is the run of 512
// elements at (s * 4 + b) * 512, thread t's vector at t * 4 in it), stores
// the third to fifth to dynamic shared memory, and sums their squares;
// the block totals meet through a module global after a grid barrier
// (atom.release.gpu, an ld.acquire.gpu spin on the arrival counter), each
// block folds the 4 in one order and block 0 stores the total; then the
// quotients, the 27 vectors not kept read again first (the last first),
// those in shared memory next, the registers' last. The CPU emulation
// names what it cannot run. Errors of the transform op:
// test/Transforms/grid-reduce-then-map-errors.mlir; on the GPU (and the
// runtime's refusal of a grid that does not fit):
// test/GPU/skill-grid_reduce_then_map.mlir.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "grid_reduce_then_map", "params": {"G": 4, "T": 128, "R": 2, "S": 3}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/frobenius_norm.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/frobenius_norm.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: not ks-run %S/Inputs/frobenius_norm.mlir --emulate-gpu --plan=%t.plan.json --seed=7 2>&1 | FileCheck %s --check-prefix=EMULATED
// L = 0: block b's part is the contiguous 16384 elements from b * 16384,
// its steps 512 apart.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "grid_reduce_then_map", "params": {"G": 4, "T": 128, "R": 2, "S": 3, "L": 0}}]}' > %t.parts.json
// RUN: ks-opt %S/Inputs/frobenius_norm.mlir --ks-seed-lowering="plan=%t.parts.json" | FileCheck %s --check-prefix=PARTS
// The feature the policy's grid-chain case reads, on dispatch 1 alone:
// the summed buffer's 65536 elements.
// RUN: ks-opt %S/Inputs/frobenius_norm.mlir --ks-dispatches --ks-print-features -o /dev/null | FileCheck %s --check-prefix=FEATURES

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 4, 3, 2, 0>}
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1) dynamic_shared_memory_size %c6276_i32
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.func @main_kernel
// CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory
// CHECK: %[[SHARED:.*]] = memref.view %[[DYN]][%c0][] {{.*}} to memref<1569xf32, #gpu.address_space<workgroup>>
// CHECK: %[[X:.*]] = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<64x1024xf32> into memref<65536xf32>
// CHECK: %[[Y:.*]] = memref.collapse_shape %arg1 {{\[\[}}0, 1]] : memref<64x1024xf32> into memref<65536xf32>
// CHECK: %[[T4:.*]] = arith.muli %thread_id_x, %c4
// CHECK: %[[B:.*]] = arith.muli %block_id_x, %c512
// CHECK: %[[BASE:.*]] = arith.addi %[[B]], %[[T4]]
// CHECK: %[[V0:.*]] = vector.load %[[X]][%[[BASE]]] {alignment = 16 : i64}
// CHECK: arith.mulf
// CHECK: %[[AT1:.*]] = arith.addi %[[BASE]], %c2048
// CHECK: %[[V1:.*]] = vector.load %[[X]][%[[AT1]]]
// CHECK: %[[V2:.*]] = vector.load %[[X]][{{.*}}]
// CHECK-NEXT: vector.store %[[V2]], %[[SHARED]][%[[T4]]]
// CHECK-COUNT-2: vector.store {{.*}}, %[[SHARED]]
// CHECK-NOT: vector.store {{.*}}, %[[SHARED]]
// CHECK: gpu.barrier
// CHECK: memref.get_global @ks_grid_partials_4 : memref<4xf32, #gpu.address_space<global>>
// CHECK: memref.store %{{.*}}, %{{.*}}[%block_id_x] : memref<4xf32, #gpu.address_space<global>>
// CHECK: %[[C:.*]] = memref.get_global @ks_grid_arrivals : memref<1xi32, #gpu.address_space<global>>
// CHECK: arith.select %{{.*}}, %c2147483645_i32, %c1_i32 : i32
// CHECK: llvm.inline_asm has_side_effects {{.*}}atom.release.gpu.global.add.u32 arrived, [$0], $1;{{.*}}ld.acquire.gpu.global.u32 now, [$0];{{.*}}"l,r,~{memory}"
// CHECK-COUNT-4: memref.load %{{.*}}[%c{{[0-3]}}] : memref<4xf32, #gpu.address_space<global>>
// CHECK: memref.store %[[TOTAL:.*]], %[[SHARED]][%c1568]
// CHECK: memref.store %[[TOTAL]], %arg2[%c0] : memref<1xf32>
// CHECK: gpu.barrier
// CHECK: %[[T:.*]] = memref.load %[[SHARED]][%c1568]
// CHECK: vector.load %[[X]]
// CHECK: %[[N:.*]] = math.sqrt %[[T]]
// CHECK: arith.divf %{{.*}}, %[[N]]
// CHECK: vector.store %{{.*}}, %[[Y]]
// CHECK-COUNT-26: vector.load %[[X]]
// CHECK-COUNT-3: vector.load %[[SHARED]]
// CHECK-NOT: vector.load
// CHECK: vector.from_elements
// CHECK: vector.store %{{.*}}, %[[Y]][%[[AT1]]]
// CHECK: vector.store %{{.*}}, %[[Y]][%[[BASE]]]
// CHECK-NEXT: gpu.return
// CHECK: memref.global "private" @ks_grid_partials_4 : memref<4xf32, #gpu.address_space<global>>
// CHECK: memref.global "private" @ks_grid_arrivals : memref<1xi32, #gpu.address_space<global>> = dense<0>

// PARTS: %[[T4:.*]] = arith.muli %thread_id_x, %c4
// PARTS: %[[B:.*]] = arith.muli %block_id_x, %c16384
// PARTS: %[[BASE:.*]] = arith.addi %[[B]], %[[T4]]
// PARTS: vector.load %{{.*}}[%[[BASE]]]
// PARTS: arith.addi %[[BASE]], %c512

// PTX: .global .align 16 .b8 ks_grid_partials_4[16];
// PTX: .global .align 16 .b8 ks_grid_arrivals[4];
// PTX: .entry main_kernel(
// PTX: .minnctapersm 1
// PTX-COUNT-3: st.shared.v4.b32
// PTX: bar.sync
// PTX: atom.release.gpu.global.add.u32 arrived
// PTX: ld.acquire.gpu.global.u32 now
// PTX: @waiting bra KS_GRID_WAIT;
// PTX: sqrt.{{.*}}.f32
// PTX-COUNT-3: ld.shared.v4.b32
// PTX: st.global.v4.b32

// EMULATED: error: 'gpu.launch_func' op cannot run on the CPU: asynchronous launches, dynamic shared memory and clusters are not supported

// FEATURES: "grid_chain_elements": 65536,
// FEATURES-NEXT: "id": 1,
// FEATURES-NOT: grid_chain_elements
