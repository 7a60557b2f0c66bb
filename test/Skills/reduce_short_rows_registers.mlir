// The skill reduce_short_rows_registers on a block scan's first step (each
// 32-element chunk's prefix sums, f32 in, f64 sums: 1024 x 32 outputs of 32
// masked steps each): one output per thread, 4 rows x 32 outputs per block,
// rows on the grid's x. The thread's 32 inputs are one vector load, the
// masked sum one vector reduction onto the output read once and written
// once. The PTX has 32 f64 adds per thread, no local memory.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=reduce_short_rows_registers params=TX=32,TY=4,U=32" | FileCheck %s
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_short_rows_registers", "params": {"TX": 32, "TY": 4, "U": 32}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/masked_fold_1024x32.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: FileCheck %s --check-prefix=NOLOCAL < %t.ptx/main_kernel_0.sm_90.ptx
// RUN: ks-run %S/Inputs/masked_fold_1024x32.mlir --emulate-gpu --plan=%t.plan.json --seed=16 | FileCheck %s --check-prefix=EMULATED

// CHECK: linalg.fill {{.*}}{ks.dispatch = 0 : i64}
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c256, {{.*}} = %c1, {{.*}}) threads({{.*}}) in ({{.*}} = %c32, {{.*}} = %c4, {{.*}})
// CHECK-NOT: scf.for
// CHECK: vector.load %arg0[{{.*}}] : memref<1024x32xf32>, vector<32xf32>
// CHECK: %[[OLD:.*]] = vector.load %arg1[{{.*}}] : memref<1024x32xf64>, vector<1xf64>
// CHECK: arith.cmpi sle, {{.*}} : vector<1x1x32xindex>
// CHECK: arith.select {{.*}} : vector<1x1x32xi1>, vector<1x1x32xf64>
// CHECK: %[[ACC:.*]] = vector.extract %[[OLD]][0]
// CHECK: vector.reduction <add>, %{{.*}}, %[[ACC]] : vector<32xf64> into f64
// CHECK: vector.store %{{.*}}, %arg1[{{.*}}] : memref<1024x32xf64>, vector<1xf64>
// CHECK-NOT: %arg1
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "reduce_short_rows_registers"}

// HOST: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c256, %c1, %c1) threads in (%c32, %c4, %c1)

// PTX-COUNT-32: add.rn.f64
// PTX: st.global.b64
// PTX-NOT: st.global

// NOLOCAL-NOT: .local

func.func @main(%x: memref<1024x32xf32>, %y: memref<1024x32xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f64) outs(%y : memref<1024x32xf64>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<1024x32xf32>) outs(%y : memref<1024x32xf64>) attrs = {ks.dispatch = 1 : i64} {
  ^bb0(%v: f32, %acc: f64):
    %b = linalg.index 1 : index
    %k = linalg.index 2 : index
    %in = arith.cmpi sle, %k, %b : index
    %w = arith.extf %v : f32 to f64
    %s = arith.select %in, %w, %zero : f64
    %a = arith.addf %s, %acc : f64
    linalg.yield %a : f64
  }
  return
}

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 256x4x32xf64: match
