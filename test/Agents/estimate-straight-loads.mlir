// The cost model loads a place once where a block of straight code reads
// it twice with nothing between that may write it (LLVM merges the loads):
// below, %y reads what %x read (the same index, written again), %z reads
// it after a store to global memory, so a thread loads 8 bytes, not 12
// (1024 threads: 8192 bytes).
// RUN: ks-opt %s --gpu-kernel-outlining --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s
// A depthwise 3x3 convolution, 4 x 2 outputs a thread (depthwise_conv_
// registers): with the window a loop (UNROLL = 0) each of the 72 multiply-
// adds loads an input and a weight, 576 bytes a thread (1024 threads);
// unrolled (UNROLL = 1) the 6 x 4 inputs and 9 weights the tile reads are
// 33 places, 132 bytes a thread: the loads ptxas sees
// (test/Skills/depthwise_conv_registers.mlir).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "depthwise_conv_registers", "params": {"TX": 32, "RT": 4, "CT": 2, "UNROLL": 0}}]}' > %t.loop.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "depthwise_conv_registers", "params": {"TX": 32, "RT": 4, "CT": 2, "UNROLL": 1}}]}' > %t.unrolled.json
// RUN: ks-opt %S/../Skills/Inputs/conv2d_depthwise_2x8x10x66.mlir --ks-seed-lowering="plan=%t.loop.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=LOOP
// RUN: ks-opt %S/../Skills/Inputs/conv2d_depthwise_2x8x10x66.mlir --ks-seed-lowering="plan=%t.unrolled.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=UNROLLED

// CHECK: "blocks": 4,
// CHECK: "global_load_bytes": 8192,
// CHECK: "global_store_bytes": 8192,

// LOOP: "blocks": 32,
// LOOP: "global_load_bytes": 589824,
// UNROLLED: "blocks": 32,
// UNROLLED: "global_load_bytes": 135168,

func.func @main(%a: memref<1024xf32>, %b: memref<1024xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %i = affine.apply affine_map<()[s0, s1] -> (s0 * 256 + s1)>()[%bx, %tx]
    %j = affine.apply affine_map<()[s0, s1] -> (s0 * 256 + s1)>()[%bx, %tx]
    %x = memref.load %a[%i] : memref<1024xf32>
    %y = memref.load %a[%j] : memref<1024xf32>
    %s = arith.addf %x, %y : f32
    memref.store %s, %b[%i] : memref<1024xf32>
    %z = memref.load %a[%j] : memref<1024xf32>
    %t = arith.addf %s, %z : f32
    memref.store %t, %b[%i] : memref<1024xf32>
    gpu.terminator
  }
  return
}
