// The skill vectorize_128bit on a 64x512 bias add (dispatch 0), 64 threads
// of 4 elements, 2 rows each: a 2x32 grid; each thread loads 2 rows of x
// and one vector of the bias (broadcast over the rows) as vector<4xf32>
// marked 16-byte aligned (proved by ks.align_vector_accesses from the
// buffers and the indices, the tiles' subviews folded in), and stores 2.
// With three loops (dispatch 1) the outermost goes to blocks along z. An
// f16 operand (dispatch 2) is refused; a view at an offset of 1 element
// (dispatch 3) is vectorized, but its loads are not marked aligned (the
// alignment cannot be proved: it does not hold), only the stores to the
// output are. A [4, 64, 128, 128] op read through a reshape of an argument
// (dispatch 4, a batch norm's input collapsed to [4, 64, 16384]) has its
// accesses marked aligned: a reshape keeps the buffer's start (folded into
// the accesses, the column is the last digit of a delinearized index).
// In the PTX every global access is 128-bit (64-bit with VEC = 2): without
// the mark LLVM gets loads aligned to 4 and splits them into scalar ones.
// A group norm's apply (Inputs/scale_shift_per_channel_2x8x1024.mlir): the
// body gathers its channel's scale and shift at [n, c / 4, c mod 4].
// ks-extracts-to-operands makes them operands (the channel loop split into
// (group, channel in group)), and ks-collapse-elementwise-dims merges the
// op to 16 rows of 1024 that read them at their row: the tile is
// vectorized, each row's scale and shift loaded once and broadcast, with
// one row a thread's tile (R = 1) or two (R = 2); the emulated kernels
// match the CPU.
// RUN: echo '{"dispatches": [{"id": 0, "skill": "vectorize_128bit", "params": {"VEC": 4, "TX": 256, "R": 1}}]}' > %t.gather.json
// RUN: ks-opt %S/Inputs/scale_shift_per_channel_2x8x1024.mlir --ks-seed-lowering="plan=%t.gather.json" | FileCheck %s --check-prefix=GATHER
// RUN: ks-run %S/Inputs/scale_shift_per_channel_2x8x1024.mlir --emulate-gpu --plan=%t.gather.json --seed=3 | FileCheck %s --check-prefix=GATHER-EMULATED
// RUN: echo '{"dispatches": [{"id": 0, "skill": "vectorize_128bit", "params": {"VEC": 4, "TX": 128, "R": 2}}]}' > %t.gather2.json
// RUN: ks-opt %S/Inputs/scale_shift_per_channel_2x8x1024.mlir --ks-seed-lowering="plan=%t.gather2.json" | FileCheck %s --check-prefix=GATHER-R2
// RUN: ks-run %S/Inputs/scale_shift_per_channel_2x8x1024.mlir --emulate-gpu --plan=%t.gather2.json --seed=5 | FileCheck %s --check-prefix=GATHER-EMULATED
// REQUIRES: ptxas
// RUN: ks-opt %s --ks-apply-skills="dispatch=0 skill=vectorize_128bit params=VEC=4,TX=64,R=2" | FileCheck %s
// RUN: ks-opt %s --ks-apply-skills="dispatch=1 skill=vectorize_128bit params=VEC=4,TX=64,R=2" | FileCheck %s --check-prefix=RANK3
// RUN: not ks-opt %s --ks-apply-skills="dispatch=2 skill=vectorize_128bit params=VEC=4,TX=64,R=2" 2>&1 | FileCheck %s --check-prefix=F16
// RUN: ks-opt %s --ks-apply-skills="dispatch=3 skill=vectorize_128bit params=VEC=4,TX=64,R=2" | FileCheck %s --check-prefix=VIEW
// RUN: ks-opt %s --ks-apply-skills="dispatch=4 skill=vectorize_128bit params=VEC=4,TX=64,R=2" | FileCheck %s --check-prefix=RESHAPED
// RUN: echo '{"dispatches": [{"id": 0, "skill": "vectorize_128bit", "params": {"VEC": 4, "TX": 64, "R": 2}}, {"id": 1, "skill": "vectorize_128bit", "params": {"VEC": 4, "TX": 128, "R": 4}}]}' > %t.plan.json
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/vectorize_128bit_bias_add.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX --implicit-check-not='{{(ld|st)}}.global.{{[bf]}}32' < %t.ptx/main_kernel.sm_90.ptx
// RUN: FileCheck %s --check-prefix=PTX3 --implicit-check-not='{{(ld|st)}}.global.{{[bf]}}32' < %t.ptx/main_kernel_0.sm_90.ptx
// Three loops reading a [4, 256] buffer as [4, 2, 128] (an expand_shape
// splitting one dim into loops 1 and 2, as group norm views a GEMM's
// output), R = 2: each thread's second row is read at channel group 2y + 1
// of the same image, not at the next image; emulated, it matches the CPU
// reference.
// RUN: echo '{"dispatches": [{"id": 0, "skill": "vectorize_128bit", "params": {"VEC": 2, "TX": 64, "R": 2}}]}' > %t.split.json
// RUN: rm -rf %t.split && ks-opt %S/Inputs/vectorize_128bit_split_dim.mlir --ks-compile="plan=%t.split.json ptx-dir=%t.split" -o /dev/null
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/vectorize_128bit_split_dim.mlir --emulate-gpu --plan=%t.split.json --seed=5 | FileCheck %s --check-prefix=SPLIT-EMULATED
// The input's second row 128 elements (512 bytes) on, not 256 (an image).
// SPLIT: ld.global.b32 {{.*}}+512];
// SPLIT-NOT: +1024]
// SPLIT-EMULATED: output #0 4x256xf32: match
// One loop (Inputs/vectorize_128bit_rank1.mlir: a flattened stream divided
// by a 0-d scalar): blocks of BN elements, one vector a thread, R = 1 only;
// emulated on the CPU it matches the CPU reference.
// RUN: echo '{"dispatches": [{"id": 0, "skill": "vectorize_128bit", "params": {"VEC": 4, "TX": 128, "R": 1}}]}' > %t.rank1.json
// RUN: rm -rf %t.rank1 && ks-opt %S/Inputs/vectorize_128bit_rank1.mlir --ks-compile="plan=%t.rank1.json ptx-dir=%t.rank1" -o %t.rank1.mlir
// RUN: FileCheck %s --check-prefix=RANK1-HOST < %t.rank1.mlir
// RUN: FileCheck %s --check-prefix=RANK1 --implicit-check-not='{{(ld|st)}}.global.{{[bf]}}32' < %t.rank1/main_kernel.sm_90.ptx
// RUN: ks-run %S/Inputs/vectorize_128bit_rank1.mlir --emulate-gpu --plan=%t.rank1.json --seed=13 | FileCheck %s --check-prefix=RANK1-EMULATED
// RUN: echo '{"dispatches": [{"id": 0, "skill": "vectorize_128bit", "params": {"VEC": 4, "TX": 128, "R": 2}}]}' > %t.rank1r2.json
// RUN: not ks-opt %S/Inputs/vectorize_128bit_rank1.mlir --ks-compile="plan=%t.rank1r2.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANK1-R2
// RUN: echo '{"dispatches": [{"id": 0, "skill": "vectorize_128bit", "params": {"VEC": 2, "TX": 128, "R": 1}}]}' > %t.vec2.json
// RUN: rm -rf %t.vec2 && ks-opt %S/Inputs/vectorize_128bit_bias_add.mlir --ks-compile="plan=%t.vec2.json ptx-dir=%t.vec2" -o %t.vec2.mlir
// RUN: FileCheck %s --check-prefix=VEC2 < %t.vec2/main_kernel.sm_90.ptx
// RUN: FileCheck %s --check-prefix=SEED < %t.vec2/main_kernel_0.sm_90.ptx
// Without a GPU: the transformed kernels run on the CPU thread by thread
// (barriers and shuffles included) and match the CPU reference.
// RUN: ks-run %S/Inputs/vectorize_128bit_bias_add.mlir --emulate-gpu --plan=%t.plan.json --seed=15 | FileCheck %s --check-prefix=EMULATED

// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}} = %c32, {{.*}}) threads({{.*}}) in ({{.*}} = %c64, {{.*}})
// CHECK: %[[X0:.*]] = vector.load %arg0{{.*}} {alignment = 16 : i64} : memref<64x512xf32>, vector<4xf32>
// CHECK: %[[X1:.*]] = vector.load %arg0{{.*}} {alignment = 16 : i64} : memref<64x512xf32>, vector<4xf32>
// CHECK: %[[B:.*]] = vector.load %arg1{{.*}} {alignment = 16 : i64} : memref<512xf32>, vector<4xf32>
// CHECK: vector.broadcast %[[B]] : vector<4xf32> to vector<2x4xf32>
// CHECK: arith.addf {{.*}} : vector<2x4xf32>
// CHECK-COUNT-2: vector.store {{.*}} {alignment = 16 : i64} : memref<64x512xf32>, vector<4xf32>
// CHECK-NOT: gpu.barrier
// CHECK: } {ks.dispatch = 0 : i64, ks.skill = "vectorize_128bit"}

// RANK3: gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}} = %c4{{(_[0-9]+)?}}, {{.*}} = %c4{{(_[0-9]+)?}}) threads({{.*}}) in ({{.*}} = %c64,
// RANK3-COUNT-3: vector.load {{.*}} {alignment = 16 : i64} : {{.*}}, vector<4xf32>
// RANK3-COUNT-2: vector.store {{.*}} {alignment = 16 : i64} : memref<4x8x512xf32>, vector<4xf32>
// RANK3: } {ks.dispatch = 1 : i64, ks.skill = "vectorize_128bit"}

// GATHER-LABEL: gpu.func @main_kernel
// GATHER: %[[ROW:.*]]:2 = affine.delinearize_index %block_id_y{{.*}} into (2, 8)
// GATHER: vector.load %arg0[%[[ROW]]#0, %[[ROW]]#1, %{{.*}}] {alignment = 16 : i64} : memref<2x8x1024xf32>, vector<4xf32>
// GATHER: %[[CH:.*]]:3 = affine.delinearize_index %block_id_y{{.*}} into (2, 2, 4)
// GATHER: vector.load %arg1[%[[CH]]#0, %[[CH]]#1, %[[CH]]#2] {{.*}} : memref<2x2x4xf32>, vector<1xf32>
// GATHER: vector.load %arg2[%[[CH]]#0, %[[CH]]#1, %[[CH]]#2] {{.*}} : memref<2x2x4xf32>, vector<1xf32>
// GATHER: vector.store %{{.*}}, %arg3[%[[ROW]]#0, %[[ROW]]#1, %{{.*}}] {alignment = 16 : i64} : memref<2x8x1024xf32>, vector<4xf32>
// GATHER-NOT: memref.load
// GATHER: gpu.return
// GATHER-EMULATED: output #0 2x8x1024xf32: match
// GATHER-R2-LABEL: gpu.func @main_kernel
// GATHER-R2-COUNT-2: vector.load %arg0{{.*}} {alignment = 16 : i64} : memref<2x8x1024xf32>, vector<4xf32>
// GATHER-R2-COUNT-2: vector.store {{.*}} {alignment = 16 : i64} : memref<2x8x1024xf32>, vector<4xf32>
// GATHER-R2: gpu.return
// F16: error: skill vectorize_128bit on dispatch 2: its requirement 'input_element_bits == 32' does not hold here (loops 64 x 512)
// VIEW-COUNT-2: vector.load %arg6{{.*}} : memref<64x516xf32>, vector<4xf32>
// VIEW-NOT: alignment = 16 : i64} : memref<64x516xf32>
// VIEW: vector.store {{.*}} {alignment = 16 : i64} : memref<64x512xf32>, vector<4xf32>
// VIEW: } {ks.dispatch = 3 : i64, ks.skill = "vectorize_128bit"}

// RESHAPED: memref.collapse_shape %arg7 {{\[\[}}0], [1], [2, 3]] : memref<4x64x128x128xf32> into memref<4x64x16384xf32>
// RESHAPED: gpu.launch
// RESHAPED-COUNT-2: vector.load %arg7{{.*}} {alignment = 16 : i64} : memref<4x64x128x128xf32>, vector<4xf32>
// RESHAPED: vector.load %arg8{{.*}} {alignment = 8 : i64} : memref<64xf32>, vector<2xf32>
// RESHAPED-COUNT-2: vector.store %{{.*}}, %arg9{{.*}} {alignment = 16 : i64} : memref<4x64x128x128xf32>, vector<4xf32>
// RESHAPED: } {ks.dispatch = 4 : i64, ks.skill = "vectorize_128bit"}

// HOST: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c32, %c1) threads in (%c64, %c1, %c1)
// HOST: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c2, %c4) threads in (%c128, %c1, %c1)

// PTX-COUNT-3: ld.global.v4.{{[bf]}}32
// PTX-COUNT-2: st.global.v4.{{[bf]}}32
// PTX3-COUNT-5: ld.global.v4.{{[bf]}}32
// PTX3-COUNT-4: st.global.v4.{{[bf]}}32

// VEC2: ld.global.v2.{{[bf]}}32
// VEC2: ld.global.v2.{{[bf]}}32
// VEC2: st.global.v2.{{[bf]}}32
// SEED: ld.global.{{[bf]}}32
// SEED: st.global.{{[bf]}}32
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#col3 = affine_map<(d0, d1, d2) -> (d2)>
#chan3 = affine_map<(d0, d1, d2) -> (d1)>
func.func @main(%x: memref<64x512xf32>, %b: memref<512xf32>, %y: memref<64x512xf32>,
                %x3: memref<4x8x512xf32>, %y3: memref<4x8x512xf32>,
                %h: memref<64x512xf16>, %w: memref<64x516xf32>,
                %bn: memref<4x64x128x128xf32>, %scale: memref<64xf32>, %bno: memref<4x64x128x128xf32>) {
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<64x512xf32>, memref<512xf32>) outs(%y : memref<64x512xf32>)
      attrs = {ks.dispatch = 0 : i64} {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id3, #col3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x3, %b : memref<4x8x512xf32>, memref<512xf32>) outs(%y3 : memref<4x8x512xf32>)
      attrs = {ks.dispatch = 1 : i64} {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : memref<64x512xf16>) outs(%y : memref<64x512xf32>) attrs = {ks.dispatch = 2 : i64} {
  ^bb0(%a: f16, %o: f32):
    %s = arith.extf %a : f16 to f32
    linalg.yield %s : f32
  }
  // Columns 1 to 512 of a 64x516 buffer: rows start 4 bytes past 16.
  %v = memref.subview %w[0, 1] [64, 512] [1, 1] : memref<64x516xf32> to memref<64x512xf32, strided<[516, 1], offset: 1>>
  linalg.copy {ks.dispatch = 3 : i64} ins(%v : memref<64x512xf32, strided<[516, 1], offset: 1>>) outs(%y : memref<64x512xf32>)
  // A per-channel scale over [4, 64, 128, 128] as ks-collapse-elementwise-dims
  // leaves it: rows and columns merged through reshapes of the arguments.
  %bnx = memref.collapse_shape %bn [[0], [1], [2, 3]] : memref<4x64x128x128xf32> into memref<4x64x16384xf32>
  %bny = memref.collapse_shape %bno [[0], [1], [2, 3]] : memref<4x64x128x128xf32> into memref<4x64x16384xf32>
  linalg.generic {indexing_maps = [#id3, #chan3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%bnx, %scale : memref<4x64x16384xf32>, memref<64xf32>) outs(%bny : memref<4x64x16384xf32>)
      attrs = {ks.dispatch = 4 : i64} {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.mulf %a, %c : f32
    linalg.yield %s : f32
  }
  return
}

// EMULATED: GPU kernels emulated on the CPU vs CPU reference
// EMULATED-NOT: MISMATCH
// EMULATED: output #0 {{.*}}: match

// RANK1-HOST: gpu.launch_func @main_kernel::@main_kernel blocks in (%c16, %c1, %c1) threads in (%c128, %c1, %c1)
// The scalar read once (the one 32-bit access), the stream in and out 128
// bits at a time.
// RANK1: ld.global.v4.b32
// RANK1: ld.global.b32
// RANK1: st.global.v4.b32
// RANK1-EMULATED: output #0 8192xf32: match
// RANK1-R2: its requirement 'parallel_dims != 1 || (loop_range_0 % BN == 0 && R == 1 && loop_range_0 / BN <= 2147483647)' does not hold here (loops 8192)
