#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<32x512x28x28xf32>) -> tensor<32x512xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<32x512x28x28xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = 7.840000e+02 : f32}> : () -> f32
    %2 = "tensor.empty"() : () -> tensor<32x512x1x1xf32>
    %3 = "linalg.fill"(%0, %2) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg5: f32, %arg6: f32):
      "linalg.yield"(%arg5) : (f32) -> ()
    }) : (f32, tensor<32x512x1x1xf32>) -> tensor<32x512x1x1xf32>
    %4 = "linalg.generic"(%arg0, %3) <{indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %8 = "arith.addf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%8) : (f32) -> ()
    }) : (tensor<32x512x28x28xf32>, tensor<32x512x1x1xf32>) -> tensor<32x512x1x1xf32>
    %5 = "linalg.generic"(%4, %2) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      %7 = "arith.divf"(%arg1, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%7) : (f32) -> ()
    }) : (tensor<32x512x1x1xf32>, tensor<32x512x1x1xf32>) -> tensor<32x512x1x1xf32>
    %6 = "tensor.collapse_shape"(%5) <{reassociation = [[0], [1, 2, 3]]}> : (tensor<32x512x1x1xf32>) -> tensor<32x512xf32>
    "func.return"(%6) : (tensor<32x512xf32>) -> ()
  }) : () -> ()
}) : () -> ()
