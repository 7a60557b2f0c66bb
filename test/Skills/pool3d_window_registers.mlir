// The skill pool3d_window_registers on 3x3x3 max pooling with stride 2 of
// an NCDHW input (2x4x3x4x16 outputs, the frontend's pooling generic):
// 2 rows x 2 columns per thread, 8 x 2 threads covering 4 whole rows of
// 16, blocks over row groups x planes x channels (1 x 3 x 4), each thread
// walking the 2 images. Each thread's 2x2 maxima start from the -inf fill
// computed into its private buffer (the fill kernel is gone), the window
// is walked outside the rows and columns (loops n, c, kd, kh, kw, d, h, w),
// and the results are written once.
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=pool3d_window_registers params=TX=8,TY=2,RT=2,CT=2,DT=1" | FileCheck %s
// max_pool3d with padding 1 as imported (Inputs/maxpool3d_padded_*): with
// FOLD = 1 one kernel reads the input in place (the -inf border checked
// per element), the padding's fill and copy and the output's fill gone.
// In the PTX the 7 x 5 inputs under a thread's 3 x 2 windows of a plane
// load once each, max.NaN.f32, no local memory; numerics emulated against
// the CPU with FOLD = 1 and FOLD = 0.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool3d_window_registers", "params": {"TX": 8, "TY": 1, "RT": 3, "CT": 2, "DT": 1, "FOLD": 1}}]}' > %t.fold.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/maxpool3d_padded_2x4x10x18x32.mlir --ks-compile="plan=%t.fold.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90.ptx
// RUN: FileCheck %s --check-prefix=NOLOCAL < %t.ptx/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/maxpool3d_padded_2x4x10x18x32.mlir --emulate-gpu --plan=%t.fold.json --seed=21 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool3d_window_registers", "params": {"TX": 16, "TY": 1, "RT": 3, "CT": 1, "DT": 1}}]}' > %t.nofold.json
// RUN: ks-run %S/Inputs/maxpool3d_padded_2x4x10x18x32.mlir --emulate-gpu --plan=%t.nofold.json --seed=22 | FileCheck %s --check-prefix=EMULATED
// Average pooling of a channel-last input (Inputs/avgpool3d_ndhwc_*:
// linalg.pooling_ndhwc_sum, the channels the innermost loop, so the TX
// threads of a row take neighbouring channels): with EPI = 1 the division
// by the window's 8 elements runs on the sums in registers as they are
// written (one kernel, the division's dispatch folded); with EPI = 0 it
// keeps its kernel. Both match the CPU reference.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool3d_window_registers", "params": {"TX": 4, "TY": 4, "RT": 2, "CT": 2, "DT": 2}}]}' > %t.avg.json
// RUN: ks-opt %S/Inputs/avgpool3d_ndhwc_2x8x12x16x8.mlir --ks-seed-lowering="plan=%t.avg.json" | FileCheck %s --check-prefix=AVG
// RUN: ks-run %S/Inputs/avgpool3d_ndhwc_2x8x12x16x8.mlir --emulate-gpu --plan=%t.avg.json --seed=23 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool3d_window_registers", "params": {"TX": 8, "TY": 8, "RT": 1, "CT": 1, "DT": 1, "EPI": 0}}]}' > %t.avg0.json
// RUN: ks-opt %S/Inputs/avgpool3d_ndhwc_2x8x12x16x8.mlir --ks-seed-lowering="plan=%t.avg0.json" | FileCheck %s --check-prefix=AVG0
// RUN: ks-run %S/Inputs/avgpool3d_ndhwc_2x8x12x16x8.mlir --emulate-gpu --plan=%t.avg0.json --seed=24 | FileCheck %s --check-prefix=EMULATED
// 70000 output planes on loop 1, past the grid's 65535 on z: they go on x
// (transform.ks.fit_grid_to_limits), the row groups on z.
// RUN: ks-opt %S/Inputs/sumpool3d_70000_planes.mlir --ks-apply-skills="dispatch=1 skill=pool3d_window_registers params=TX=4,TY=1,RT=1,CT=1,DT=1" | FileCheck %s --check-prefix=BIG

// CHECK-NOT: linalg.fill {{.*}}ks.dispatch = 0
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1, {{.*}} = %c3, {{.*}} = %c4) threads({{.*}}) in ({{.*}} = %c8, {{.*}} = %c2, {{.*}} = %c1)
// CHECK: %[[OUT:.*]] = memref.subview %arg1[0, %{{.*}}, %{{.*}}, %{{.*}}, 0] [2, 1, 1, 4, 16]
// CHECK: %[[TILE:.*]] = memref.subview %[[OUT]]{{.*}} [2, 1, 1, 2, 2]
// CHECK: scf.for %[[N:.*]] = %c0 to %c2 step %c1 {
// CHECK: %[[IMG:.*]] = memref.subview %[[TILE]][%[[N]], 0, 0, 0, 0] [1, 1, 1, 2, 2]
// CHECK: %[[PRIV:.*]] = memref.view {{.*}} to memref<1x1x1x2x2xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[PRIV]] : memref<1x1x1x2x2xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction", "parallel", "parallel", "parallel"]{{.*}} outs(%[[PRIV]] : memref<1x1x1x2x2xf32>)
// CHECK: arith.maximumf
// CHECK: linalg.copy ins(%[[PRIV]] : memref<1x1x1x2x2xf32>) outs(%[[IMG]]
// CHECK: } {ks.dispatch = 1 : i64, ks.skill = "pool3d_window_registers"}
#in = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
#win = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
#out = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
func.func @main(%x: memref<2x4x7x9x33xf32>, %y: memref<2x4x3x4x16xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%ninf : f32) outs(%y : memref<2x4x3x4x16xf32>)
  %w = memref.alloc() : memref<3x3x3xf32>
  linalg.generic {indexing_maps = [#in, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : memref<2x4x7x9x33xf32>, memref<3x3x3xf32>) outs(%y : memref<2x4x3x4x16xf32>) attrs = {ks.dispatch = 1 : i64} {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.maximumf %a, %o : f32
    linalg.yield %m : f32
  }
  return
}

// One kernel: the padding's fill and copy and the output's fill are gone.
// HOST: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0>}
// HOST-COUNT-1: gpu.launch_func
// HOST-NOT: gpu.launch_func
// HOST: gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {{{.*}}spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64, stack_bytes = 0 : i64

// The border checked per element (selects of -inf), then the 7 x 5 inputs
// under a thread's 3 x 2 windows of a plane, once each.
// PTX-COUNT-35: ld.global.b32
// PTX-NOT: ld.global
// PTX-DAG: max.NaN.f32
// PTX-DAG: selp.f32
// PTX: st.global.b32

// NOLOCAL-NOT: .local

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match

// AVG: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 2>}
// AVG: gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c3, %c4) threads in (%c4, %c4, %c1)
// AVG-NOT: gpu.launch_func
// AVG-LABEL: gpu.module @main_kernel
// AVG: %[[SUM:.*]] = arith.addf
// AVG: memref.store %[[SUM]], %[[PRIV:.*]][%c0, %c0, %{{.*}}, %{{.*}}, %{{.*}}] : memref<1x1x2x2x2xf32>
// AVG: %[[S:.*]] = memref.load %[[PRIV]]
// AVG-NEXT: %[[AVG:.*]] = arith.divf %[[S]], %{{.*}} : f32
// AVG-NEXT: memref.store %[[AVG]], %{{.*}} : memref<1x1x2x2x2xf32, strided<[1536, 384, 64, 8, 1], offset: ?>>

// BIG: gpu.launch blocks({{.*}}) in ({{.*}} = %c70000, {{.*}} = %c1, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c4, {{.*}} = %c1, {{.*}} = %c1)
// BIG: memref.subview %arg1[0, %block_id_x, %block_id_y, %block_id_z, 0] [1, 1, 1, 1, 4]

// AVG0-NOT: ks.folded_dispatches
// AVG0-COUNT-2: gpu.launch_func
