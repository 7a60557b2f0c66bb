// The skill reduce_strided_split_epilogue on a log-softmax over 64
// channels of [2, 64, 8, 32] (dispatch 2: ks-one-pass-softmax's maximum and
// sum of exponentials in one reduction, and the quotients after it): one
// kernel of 8 x 2 blocks of 32 x 8 threads besides the outputs' fills.
// Thread (x, y) loads channels y, y + 8, ... of its point, keeping them,
// and takes their maximum and then the sum of exp(x - max) (8
// exponentials, none waiting for another); the 8 partial (max, sum) pairs
// of a point meet in shared memory and thread (x, 0) rescales them and the
// output's start to the largest maximum (9 exponentials); after a barrier
// the same thread writes x - max - log(sum) at its channels from its
// registers.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 2, "skill": "reduce_strided_split_epilogue", "params": {"BX": 32, "S": 8}}]}' > %t.plan.json
// RUN: ks-opt %S/../Transforms/Inputs/log_softmax_channels_2x64x8x32.mlir --ks-seed-lowering="plan=%t.plan.json" --verify-each | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/../Transforms/Inputs/log_softmax_channels_2x64x8x32.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: grep -c ld.global %t.ptx/main_kernel_1.sm_90.ptx | FileCheck %s --check-prefix=LOADS
// RUN: grep -c st.global %t.ptx/main_kernel_1.sm_90.ptx | FileCheck %s --check-prefix=STORES
// RUN: ks-run %S/../Transforms/Inputs/log_softmax_channels_2x64x8x32.mlir --emulate-gpu --plan=%t.plan.json --seed=47 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 2, "skill": "reduce_strided_split_epilogue", "params": {"BX": 16, "S": 4}}]}' > %t.narrow.json
// RUN: ks-run %S/../Transforms/Inputs/log_softmax_channels_2x64x8x32.mlir --emulate-gpu --plan=%t.narrow.json --seed=48 | FileCheck %s --check-prefix=EMULATED
// An L2 normalization over 16 channels (one output: the sum of squares,
// its square root clamped, the quotients): 4 loads of x a thread, one
// read of its output's start and one of the total.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_strided_split_epilogue", "params": {"BX": 32, "S": 4}}]}' > %t.l2.json
// RUN: ks-run %S/Inputs/l2_normalize_channels_2x16x8x16.mlir --emulate-gpu --plan=%t.l2.json --seed=49 | FileCheck %s --check-prefix=L2-EMULATED
// RUN: rm -rf %t.l2ptx && ks-opt %S/Inputs/l2_normalize_channels_2x16x8x16.mlir --ks-compile="plan=%t.l2.json ptx-dir=%t.l2ptx" -o /dev/null
// RUN: grep -c ld.global %t.l2ptx/main_kernel_0.sm_90.ptx | FileCheck %s --check-prefix=L2-LOADS
// A split that does not divide the channels, or that would leave a thread
// one element, is refused before any rewriting:
// RUN: echo '{"dispatches": [{"id": 2, "skill": "reduce_strided_split_epilogue", "params": {"BX": 32, "S": 10}}]}' > %t.bad.json
// RUN: not ks-opt %S/../Transforms/Inputs/log_softmax_channels_2x64x8x32.mlir --ks-compile="plan=%t.bad.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_strided_split_epilogue", "params": {"BX": 16, "S": 8}}]}' > %t.one.json
// RUN: not ks-opt %S/Inputs/rms_norm_2x8x16x16.mlir --ks-compile="plan=%t.one.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE

// CHECK: gpu.launch_func @main_kernel_1::@main_kernel_1 blocks in (%c8, %c2, %c1) threads in (%c32, %c8, %c1)
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.func @main_kernel_1
// CHECK: memref.load %{{.*}}[%c0, %thread_id_y{{.*}}, %thread_id_x{{.*}}] {ks.row_owned}
// CHECK-COUNT-7: memref.load {{.*}} {ks.row_owned}
// CHECK-NOT: memref.load {{.*}} {ks.row_owned}
// CHECK-COUNT-8: math.exp
// CHECK-NOT: math.exp
// CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store {{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK-COUNT-9: math.exp
// CHECK-NOT: math.exp
// CHECK: gpu.barrier
// CHECK: math.log
// CHECK-NOT: math.log
// CHECK-COUNT-8: memref.store {{.*}} {ks.row_owned}

// The column's 8 elements, its output's two starting values, the two
// totals after the barrier; 8 results and the two totals stored.
// LOADS: 12
// STORES: 10
// L2-LOADS: 6

// EMULATED: output #0 2x64x8x32xf32: match
// L2-EMULATED: output #0 2x16x8x16xf32: match

// BAD: error: skill reduce_strided_split_epilogue on dispatch 2: its requirement 'loop_range_2 % S == 0' does not hold here (loops 2 x 256 x 64)
// ONE: error: skill reduce_strided_split_epilogue on dispatch 1: its requirement 'loop_range_2 >= 2 * S' does not hold here (loops 2 x 256 x 8)
