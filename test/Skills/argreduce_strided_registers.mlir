// The skill argreduce_strided_registers on torch.argmax(x, dim=1) of
// 4x64x256 (dispatch 2, after the two fills): 128 outputs per block, one per
// thread, the running maximum and its index both in private buffers, the
// 64-step walk in steps of 8 unrolled.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 2, "skill": "argreduce_strided_registers", "params": {"BX": 128, "U": 8}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/argmax_strided_middle.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/argmax_strided_middle.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_1.sm_90.ptx
// Without a GPU: the kernel runs on the CPU thread by thread and matches
// the CPU reference exactly (the seed's order: ties resolve alike).
// RUN: ks-run %S/Inputs/argmax_strided_middle.mlir --emulate-gpu --plan=%t.plan.json --seed=45 | FileCheck %s --check-prefix=EMULATED

// CHECK: gpu.launch_func @main_kernel_1::@main_kernel_1 blocks in (%c2, %c4, %c1) threads in (%c128, %c1, %c1)
// CHECK: gpu.module @main_kernel_1 attributes {ks.dispatch = 2 : i64}
// CHECK: %[[VALUE:.*]] = memref.view %{{.*}} : memref<4xi8> to memref<1x1xf32>
// CHECK: %[[INDEX:.*]] = memref.view %{{.*}} : memref<8xi8> to memref<1x1xi64>
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c8 {
// CHECK-COUNT-8: memref.store %{{.*}}, %[[INDEX]]
// CHECK: }

// Both live in registers: the value and index read once (the index as two
// halves), the 64 inputs, no local memory; one store of each at the end.
// PTX-NOT: .local
// PTX-COUNT-67: ld.global.b32
// PTX-NOT: ld.global
// PTX-COUNT-3: st.global.b32
// PTX-NOT: st.global

// EMULATED: output #0 4x256xi64: match, max abs err 0.00e+00
