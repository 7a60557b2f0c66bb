// The work a program must do, from its linalg: FLOPs (a multiply-add is two;
// a fill none), transcendentals, and the bytes of every argument, result
// and constant tensor. ks-run reports it (and, on a GPU, the achieved rates).
// UNSUPPORTED: device-bundle
// RUN: ks-run %s --cpu-only --json=%t.json
// RUN: FileCheck %s < %t.json
// 8x16x32 matmul: 2*8*16*32 = 8192; gelu-like tail on 8x16: mulf, tanh, addf
// per element = 3*128 = 384, of which 128 tanh. Bytes: (8*32 + 32*16 +
// 8*16 = 896) floats in and out, plus the 16-float bias constant: 3648.
// CHECK:      "work": {
// CHECK-NEXT:   "flops": 8576,
// CHECK-NEXT:   "min_bytes": 3648,
// CHECK-NEXT:   "transcendentals": 128
// CHECK-NEXT: }
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<8x32xf32>, %b: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %bias = arith.constant dense<0.5> : tensor<16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<8x16xf32>, tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.mulf %x, %c : f32
    %t = math.tanh %s : f32
    %u = arith.addf %t, %x : f32
    linalg.yield %u : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
