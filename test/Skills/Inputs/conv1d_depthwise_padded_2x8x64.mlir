// A depthwise 1-D convolution, kernel 5, padding 2, with bias (2 images, 8 channels, 64 long), as the PyTorch frontend imports nn.Conv1d(8, 8, 5, padding=2, groups=8): the input and the filter expanded with a trailing unit width, a zero tensor.pad along the sequence (the rows), the bias broadcast, linalg.depthwise_conv_2d_nchw_chw over 64 rows of width 1, and the result collapsed back.
#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1 + d4, d2 + d5)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4, d5)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1, d2)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8x1x5xf32>, tensor<8xf32>, tensor<2x8x64xf32>) -> tensor<2x8x64xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<8x1x5xf32>, %arg1: tensor<8xf32>, %arg2: tensor<2x8x64xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "tensor.expand_shape"(%arg2) <{reassociation = [[0], [1], [2, 3]], static_output_shape = array<i64: 2, 8, 64, 1>}> : (tensor<2x8x64xf32>) -> tensor<2x8x64x1xf32>
    %2 = "tensor.expand_shape"(%arg0) <{reassociation = [[0], [1], [2, 3]], static_output_shape = array<i64: 8, 1, 5, 1>}> : (tensor<8x1x5xf32>) -> tensor<8x1x5x1xf32>
    %3 = "tensor.pad"(%1) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 2, 0>, static_low = array<i64: 0, 0, 2, 0>}> ({
    ^bb0(%arg8: index, %arg9: index, %arg10: index, %arg11: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) : (tensor<2x8x64x1xf32>) -> tensor<2x8x68x1xf32>
    %4 = "tensor.empty"() : () -> tensor<2x8x64x1xf32>
    %5 = "linalg.broadcast"(%arg1, %4) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      "linalg.yield"(%arg6) : (f32) -> ()
    }) : (tensor<8xf32>, tensor<2x8x64x1xf32>) -> tensor<2x8x64x1xf32>
    %6 = "tensor.collapse_shape"(%2) <{reassociation = [[0, 1], [2], [3]]}> : (tensor<8x1x5x1xf32>) -> tensor<8x5x1xf32>
    %7 = "linalg.depthwise_conv_2d_nchw_chw"(%3, %6, %5) <{dilations = dense<1> : vector<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<1> : vector<2xi64>}> ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %9 = "arith.mulf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %10 = "arith.addf"(%arg5, %9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2]} : (tensor<2x8x68x1xf32>, tensor<8x5x1xf32>, tensor<2x8x64x1xf32>) -> tensor<2x8x64x1xf32>
    %8 = "tensor.collapse_shape"(%7) <{reassociation = [[0], [1], [2, 3]]}> : (tensor<2x8x64x1xf32>) -> tensor<2x8x64xf32>
    "func.return"(%8) : (tensor<2x8x64xf32>) -> ()
  }) : () -> ()
}) : () -> ()
