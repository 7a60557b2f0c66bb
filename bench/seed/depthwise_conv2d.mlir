// Depthwise conv2d NCHW 16x64x112x112, 3x3 kernel, stride 1, padding 1, groups 64, no bias; mirrors torch.nn.functional.conv2d(x, w, padding=1, groups=64) with w of shape [64, 1, 3, 3] (tensor.pad + collapse_shape + linalg.depthwise_conv_2d_nchw_chw).
module {
  func.func @main(%arg0: tensor<16x64x112x112xf32>, %arg1: tensor<64x1x3x3xf32>) -> tensor<16x64x112x112xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      tensor.yield %cst : f32
    } : tensor<16x64x112x112xf32> to tensor<16x64x114x114xf32>
    %0 = tensor.empty() : tensor<16x64x112x112xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x64x112x112xf32>) -> tensor<16x64x112x112xf32>
    %collapsed = tensor.collapse_shape %arg1 [[0, 1], [2], [3]] : tensor<64x1x3x3xf32> into tensor<64x3x3xf32>
    %2 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<16x64x114x114xf32>, tensor<64x3x3xf32>) outs(%1 : tensor<16x64x112x112xf32>) -> tensor<16x64x112x112xf32>
    return %2 : tensor<16x64x112x112xf32>
  }
}
