// The skill reduce_strided_split_atomic on a keepdim sum over the middle
// dimension of 4x512x256 (dispatch 1, loops 4 x 256 x 512 after
// ks-parallel-dims-first; the output [4, 1, 256] seen as [4, 256] through a
// collapse_shape that the fill, dispatch 0, shares): 128 outputs per block,
// one per thread, the 512-step walk split into 4 stretches of 128 over the
// grid's z. Each thread's sum starts from zero in a register (the loop's
// carried vector, not a read of the output), the stretch is walked 8
// elements a step, and the sum lands in the output with one atomic add.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=reduce_strided_split_atomic params=BX=128,RS=128,U=8" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_strided_split_atomic", "params": {"BX": 128, "RS": 128, "U": 8}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/reduce_strided_keepdim.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// Without a GPU: the kernel runs on the CPU thread by thread (atomics
// included) and matches the CPU reference.
// RUN: ks-run %S/Inputs/reduce_strided_keepdim.mlir --emulate-gpu --plan=%t.plan.json --seed=23 | FileCheck %s --check-prefix=EMULATED
// A max is not a sum: the policy does not propose the skill for one
// (additive_reduction), and forced on one the transform refuses it.
// RUN: sed -e 's/arith.addf %in, %acc/arith.maximumf %in, %acc/' %s | not ks-opt --ks-apply-skills="dispatch=1 skill=reduce_strided_split_atomic params=BX=128,RS=128,U=8" 2>&1 | FileCheck %s --check-prefix=MAX

// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<1x1xf32>
// CHECK: linalg.fill {ks.dispatch = 0 : i64}
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[TWO]], {{.*}} = %[[FOUR]], {{.*}} = %[[FOUR]]) threads({{.*}}) in ({{.*}} = %[[THREADS]], {{.*}})
// CHECK: %[[SUM:.*]] = scf.for %{{.*}} = %c0 to %c128 step %c8 iter_args(%{{.*}} = %[[ZERO]]) -> (vector<1x1xf32>) {
// CHECK-NOT: %collapse_shape[
// CHECK: vector.reduction <add>
// CHECK: }
// CHECK: %[[ELEMENT:.*]] = vector.extract %[[SUM]][0, 0]
// CHECK: memref.atomic_rmw addf %[[ELEMENT]], %collapse_shape[{{.*}}] : (f32, memref<4x256xf32>) -> f32
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "reduce_strided_split_atomic"}

// The sum lives in a register: a loop of 8 loads of the input (16 trips),
// no load of the output, one atomic add after it, no local memory.
// PTX-NOT: .local
// PTX-COUNT-8: ld.global.b32
// PTX-NOT: ld.global
// PTX: bra
// PTX-NOT: ld.global
// PTX: atom.global.add.f32
// PTX-NOT: atom.global
// PTX-NOT: st.global

// EMULATED: output #0 4x1x256xf32: match

// MAX: ks.accumulate_atomically: the tile carried in iteration argument 0 is not only added to

#map = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%x: memref<4x512x256xf32>, %out: memref<4x1x256xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %sums = memref.collapse_shape %out [[0, 1], [2]] : memref<4x1x256xf32> into memref<4x256xf32>
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%sums : memref<4x256xf32>)
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : memref<4x512x256xf32>) outs(%sums : memref<4x256xf32>) attrs = {ks.dispatch = 1 : i64} {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  }
  return
}
