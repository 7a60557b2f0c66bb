// A depthwise 3x3 convolution with bias and padding 1 (2 images, 8 channels, 8x64), as the PyTorch frontend imports nn.Conv2d(8, 8, 3, padding=1, groups=8): a zero tensor.pad of the input, the bias broadcast, then linalg.depthwise_conv_2d_nchw_chw.
#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1 + d4, d2 + d5)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4, d5)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1, d2)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8x1x3x3xf32>, tensor<8xf32>, tensor<2x8x8x64xf32>) -> tensor<2x8x8x64xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<8x1x3x3xf32>, %arg1: tensor<8xf32>, %arg2: tensor<2x8x8x64xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "tensor.pad"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 1, 1>, static_low = array<i64: 0, 0, 1, 1>}> ({
    ^bb0(%arg8: index, %arg9: index, %arg10: index, %arg11: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) : (tensor<2x8x8x64xf32>) -> tensor<2x8x10x66xf32>
    %2 = "tensor.empty"() : () -> tensor<2x8x8x64xf32>
    %3 = "linalg.broadcast"(%arg1, %2) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      "linalg.yield"(%arg6) : (f32) -> ()
    }) : (tensor<8xf32>, tensor<2x8x8x64xf32>) -> tensor<2x8x8x64xf32>
    %4 = "tensor.collapse_shape"(%arg0) <{reassociation = [[0, 1], [2], [3]]}> : (tensor<8x1x3x3xf32>) -> tensor<8x3x3xf32>
    %5 = "linalg.depthwise_conv_2d_nchw_chw"(%1, %4, %3) <{dilations = dense<1> : vector<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<1> : vector<2xi64>}> ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %6 = "arith.mulf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %7 = "arith.addf"(%arg5, %6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%7) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2]} : (tensor<2x8x10x66xf32>, tensor<8x3x3xf32>, tensor<2x8x8x64xf32>) -> tensor<2x8x8x64xf32>
    "func.return"(%5) : (tensor<2x8x8x64xf32>) -> ()
  }) : () -> ()
}) : () -> ()
