// avg_pool1d(kernel 8, stride 4) on (128, 256, 32768) as the PyTorch frontend imports it: a sum pooling over [N, C, 1, W] into 8191 columns (a zero fill first), then the division by 8.
#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 * 4 + d5)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<128x256x32768xf32>) -> tensor<128x256x8191xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<128x256x32768xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = 8.000000e+00 : f32}> : () -> f32
    %2 = "tensor.expand_shape"(%arg0) <{reassociation = [[0], [1], [2, 3]], static_output_shape = array<i64: 128, 256, 1, 32768>}> : (tensor<128x256x32768xf32>) -> tensor<128x256x1x32768xf32>
    %3 = "tensor.empty"() : () -> tensor<128x256x1x8191xf32>
    %4 = "linalg.fill"(%0, %3) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      "linalg.yield"(%arg6) : (f32) -> ()
    }) : (f32, tensor<128x256x1x8191xf32>) -> tensor<128x256x1x8191xf32>
    %5 = "tensor.empty"() : () -> tensor<1x8xf32>
    %6 = "linalg.pooling_nchw_sum"(%2, %5, %4) <{dilations = dense<1> : vector<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<[1, 4]> : vector<2xi64>}> ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %10 = "arith.addf"(%arg5, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2]} : (tensor<128x256x1x32768xf32>, tensor<1x8xf32>, tensor<128x256x1x8191xf32>) -> tensor<128x256x1x8191xf32>
    %7 = "linalg.generic"(%6, %3) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      %9 = "arith.divf"(%arg1, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%9) : (f32) -> ()
    }) : (tensor<128x256x1x8191xf32>, tensor<128x256x1x8191xf32>) -> tensor<128x256x1x8191xf32>
    %8 = "tensor.collapse_shape"(%7) <{reassociation = [[0], [1, 2], [3]]}> : (tensor<128x256x1x8191xf32>) -> tensor<128x256x8191xf32>
    "func.return"(%8) : (tensor<128x256x8191xf32>) -> ()
  }) : () -> ()
}) : () -> ()
