// The skill reduce_strided_registers on a sum over the middle dimension of
// 4x64x256 (dispatch 1, after ks-parallel-dims-first: loops 4 x 256 x 64,
// the reduction last): 128 outputs per block, one per thread, the running
// sum in a private buffer starting from the fill's zero (the fill's kernel
// is gone), the 64-step walk in steps of 8 unrolled.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=reduce_strided_registers params=BX=128,U=8" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_strided_registers", "params": {"BX": 128, "U": 8}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/reduce_strided_middle.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: not ls %t.ptx/main_kernel_0.sm_90.ptx
// Without a GPU: the kernel runs on the CPU thread by thread and matches
// the CPU reference exactly (the same order of additions as the seed).
// RUN: ks-run %S/Inputs/reduce_strided_middle.mlir --emulate-gpu --plan=%t.plan.json --seed=41 | FileCheck %s --check-prefix=EMULATED
// A second input read at the output's place (a column's sum, divided into
// its mean in the body, as group norm's variance): with IN = 2 the output
// is the running result in a register, and the mean is loaded and divided
// once per thread, before the walk. IN must be the number of inputs.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_strided_registers", "params": {"BX": 128, "U": 8, "IN": 2}}]}' > %t.var.json
// RUN: ks-opt %S/Inputs/reduce_strided_variance.mlir --ks-seed-lowering="plan=%t.var.json" | FileCheck %s --check-prefix=VAR
// RUN: ks-run %S/Inputs/reduce_strided_variance.mlir --emulate-gpu --plan=%t.var.json --seed=43 | FileCheck %s --check-prefix=VAR-EMULATED
// RUN: not ks-opt %S/Inputs/reduce_strided_variance.mlir --ks-seed-lowering="plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=VAR-IN

// CHECK-NOT: ks.dispatch = 0
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 128 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[TWO]], {{.*}} = %[[FOUR]], {{.*}}) threads({{.*}}) in ({{.*}} = %[[THREADS]], {{.*}})
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<4xi8>
// CHECK: %[[VIEW:.*]] = memref.view %[[ACC]]
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[VIEW]] : memref<1x1xf32>)
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c8 {
// CHECK-COUNT-8: memref.load %[[VIEW]]
// CHECK: }
// CHECK: linalg.copy ins(%[[VIEW]] : memref<1x1xf32>)
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "reduce_strided_registers"}

// The sum lives in a register from zero: the 64 inputs (64 global loads;
// the output is not read), no local memory, one global store.
// PTX-NOT: .local
// PTX-COUNT-64: ld.global.b32
// PTX-NOT: ld.global
// PTX: st.global.b32
// PTX-NOT: st.global

// EMULATED: output #0 4x256xf32: match, max abs err 0.00e+00

#map = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%x: memref<4x64x256xf32>, %sums: memref<4x256xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%sums : memref<4x256xf32>)
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : memref<4x64x256xf32>) outs(%sums : memref<4x256xf32>) attrs = {ks.dispatch = 1 : i64} {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  }
  return
}

// VAR-LABEL: gpu.module @main_kernel
// VAR: %[[ACC:.*]] = memref.view %{{.*}} to memref<1x1xf64>
// VAR: memref.store %{{.*}}, %[[ACC]]
// VAR-NEXT: %[[SUM:.*]] = memref.load %{{.*}} : memref<1x1xf64, strided<[256, 1], offset: ?>>
// VAR-NEXT: %[[MEAN:.*]] = arith.divf %[[SUM]], %{{.*}} : f64
// VAR-NEXT: scf.for
// VAR-NOT: arith.divf
// VAR: arith.subf %{{.*}}, %[[MEAN]] : f64
// VAR: memref.store %{{.*}}, %[[ACC]]
// VAR: }
// VAR-NEXT: memref.load %[[ACC]]
// VAR-EMULATED: output #0 4x256xf64: match
// VAR-IN: error: skill reduce_strided_registers on dispatch 1: its requirement 'IN == num_inputs' does not hold here (loops 4 x 256 x 64)
