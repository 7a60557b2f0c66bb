// RUN: ks-opt %s --ks-epilogue-in-place --split-input-file | FileCheck %s

// A GEMM's bias add writes over the GEMM's result, not a tensor.empty.
// CHECK-LABEL: func.func @bias_after_gemm
// CHECK: %[[M:.*]] = linalg.matmul
// CHECK: linalg.generic {{.*}} ins(%[[M]], %{{.*}} : tensor<64x32xf32>, tensor<32xf32>) outs(%[[M]] : tensor<64x32xf32>)
func.func @bias_after_gemm(%x: tensor<64x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<64x32xf32> {
  %c0 = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64x32xf32>
  %zero = linalg.fill ins(%c0 : f32) outs(%empty : tensor<64x32xf32>) -> tensor<64x32xf32>
  %m = linalg.matmul ins(%x, %w : tensor<64x16xf32>, tensor<16x32xf32>) outs(%zero : tensor<64x32xf32>) -> tensor<64x32xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<64x32xf32>, tensor<32xf32>) outs(%empty : tensor<64x32xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    %r = arith.maximumf %s, %c0 : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  return %y : tensor<64x32xf32>
}


// -----

// The GEMM's result is also returned: the ReLU keeps its own buffer. So
// does the ReLU after an elementwise op (nothing to take in an epilogue).
// CHECK-LABEL: func.func @result_read_twice
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<64x32xf32>
// CHECK: %[[M:.*]] = linalg.matmul
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[M]] : tensor<64x32xf32>) outs(%[[EMPTY]] : tensor<64x32xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[R]] : tensor<64x32xf32>) outs(%[[EMPTY]] : tensor<64x32xf32>)
func.func @result_read_twice(%x: tensor<64x16xf32>, %w: tensor<16x32xf32>) -> (tensor<64x32xf32>, tensor<64x32xf32>) {
  %c0 = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64x32xf32>
  %zero = linalg.fill ins(%c0 : f32) outs(%empty : tensor<64x32xf32>) -> tensor<64x32xf32>
  %m = linalg.matmul ins(%x, %w : tensor<64x16xf32>, tensor<16x32xf32>) outs(%zero : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<64x32xf32>) outs(%empty : tensor<64x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.maximumf %v, %c0 : f32
    linalg.yield %s : f32
  } -> tensor<64x32xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<64x32xf32>) outs(%empty : tensor<64x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = math.tanh %v : f32
    linalg.yield %s : f32
  } -> tensor<64x32xf32>
  return %m, %t : tensor<64x32xf32>, tensor<64x32xf32>
}


// -----

// A transposed read of the GEMM's result is no write over it; a pooling's
// sum is no GEMM (its divisor stays a kernel the pooling skills fold).
// CHECK-LABEL: func.func @transposed_read
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<32x32xf32>
// CHECK: linalg.generic {{.*}} outs(%[[EMPTY]] : tensor<32x32xf32>)
func.func @transposed_read(%x: tensor<32x16xf32>, %w: tensor<16x32xf32>) -> tensor<32x32xf32> {
  %c0 = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<32x32xf32>
  %zero = linalg.fill ins(%c0 : f32) outs(%empty : tensor<32x32xf32>) -> tensor<32x32xf32>
  %m = linalg.matmul ins(%x, %w : tensor<32x16xf32>, tensor<16x32xf32>) outs(%zero : tensor<32x32xf32>) -> tensor<32x32xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<32x32xf32>) outs(%empty : tensor<32x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<32x32xf32>
  return %t : tensor<32x32xf32>
}


// CHECK-LABEL: func.func @average_pool
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4x8x8xf32>
// CHECK: linalg.pooling_nchw_sum
// CHECK: linalg.generic {{.*}} outs(%[[EMPTY]] : tensor<2x4x8x8xf32>)
func.func @average_pool(%x: tensor<2x4x16x16xf32>) -> tensor<2x4x8x8xf32> {
  %c0 = arith.constant 0.0 : f32
  %c4 = arith.constant 4.0 : f32
  %window = tensor.empty() : tensor<2x2xf32>
  %empty = tensor.empty() : tensor<2x4x8x8xf32>
  %zero = linalg.fill ins(%c0 : f32) outs(%empty : tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %sum = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %window : tensor<2x4x16x16xf32>, tensor<2x2xf32>) outs(%zero : tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %avg = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : tensor<2x4x8x8xf32>) outs(%empty : tensor<2x4x8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %q = arith.divf %v, %c4 : f32
    linalg.yield %q : f32
  } -> tensor<2x4x8x8xf32>
  return %avg : tensor<2x4x8x8xf32>
}
