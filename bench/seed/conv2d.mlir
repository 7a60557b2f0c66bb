// Conv2d NCHW 16x64x56x56 -> 16x128x56x56, 3x3 kernel, stride 1, padding 1, with bias (7.4 GFLOP); mirrors torch.nn.functional.conv2d(x, w, b, padding=1) (tensor.pad + bias broadcast init + linalg.conv_2d_nchw_fchw).
#map = affine_map<(d0, d1, d2, d3) -> (d1)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<16x64x56x56xf32>, %arg1: tensor<128x64x3x3xf32>, %arg2: tensor<128xf32>) -> tensor<16x128x56x56xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      tensor.yield %cst : f32
    } : tensor<16x64x56x56xf32> to tensor<16x64x58x58xf32>
    %0 = tensor.empty() : tensor<16x128x56x56xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<128xf32>) outs(%0 : tensor<16x128x56x56xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128x56x56xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<16x64x58x58xf32>, tensor<128x64x3x3xf32>) outs(%1 : tensor<16x128x56x56xf32>) -> tensor<16x128x56x56xf32>
    return %2 : tensor<16x128x56x56xf32>
  }
}
