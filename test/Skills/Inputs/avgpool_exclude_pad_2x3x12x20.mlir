// 3x3 average pooling, stride 1, padding 1, count_include_pad=False, of a
// 2x3x12x20 input, as Torch-MLIR writes it: the padded copy, the zero fill
// and the sum pooling, then the division by the count of the window's
// elements inside the input, computed from the element's place
// (linalg.index over h and w), in place on the pooling's result: for
// pool_window_registers' EPI on an epilogue that reads its place.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x3x12x20xf32>) -> tensor<2x3x12x20xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c1_i64 = arith.constant 1 : i64
    %c20_i64 = arith.constant 20 : i64
    %c12_i64 = arith.constant 12 : i64
    %c0_i64 = arith.constant 0 : i64
    %c13_i64 = arith.constant 13 : i64
    %c21_i64 = arith.constant 21 : i64
    %c2_i64 = arith.constant 2 : i64
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x3x12x20xf32> to tensor<2x3x14x22xf32>
    %0 = tensor.empty() : tensor<2x3x12x20xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x3x12x20xf32>) -> tensor<2x3x12x20xf32>
    %2 = tensor.empty() : tensor<3x3xf32>
    %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %2 : tensor<2x3x14x22xf32>, tensor<3x3xf32>) outs(%1 : tensor<2x3x12x20xf32>) -> tensor<2x3x12x20xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x3x12x20xf32>) outs(%0 : tensor<2x3x12x20xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = linalg.index 2 : index
      %6 = arith.index_cast %5 : index to i64
      %7 = arith.subi %6, %c1_i64 : i64
      %8 = arith.addi %6, %c2_i64 : i64
      %9 = arith.minsi %8, %c13_i64 : i64
      %10 = arith.minsi %9, %c12_i64 : i64
      %11 = arith.subi %c1_i64, %6 : i64
      %12 = arith.maxsi %11, %c0_i64 : i64
      %13 = arith.subi %10, %7 : i64
      %14 = arith.subi %13, %12 : i64
      %15 = arith.maxsi %14, %c0_i64 : i64
      %16 = linalg.index 3 : index
      %17 = arith.index_cast %16 : index to i64
      %18 = arith.subi %17, %c1_i64 : i64
      %19 = arith.addi %17, %c2_i64 : i64
      %20 = arith.minsi %19, %c21_i64 : i64
      %21 = arith.minsi %20, %c20_i64 : i64
      %22 = arith.subi %c1_i64, %17 : i64
      %23 = arith.maxsi %22, %c0_i64 : i64
      %24 = arith.subi %21, %18 : i64
      %25 = arith.subi %24, %23 : i64
      %26 = arith.maxsi %25, %c0_i64 : i64
      %27 = arith.muli %15, %26 : i64
      %28 = arith.sitofp %27 : i64 to f32
      %29 = arith.divf %in, %28 : f32
      linalg.yield %29 : f32
    } -> tensor<2x3x12x20xf32>
    return %4 : tensor<2x3x12x20xf32>
  }
}

