// cumprod over the middle dim of a 6x16x40 f32 tensor, as the frontend imports it (level1/47 at a small size): a transpose putting the scanned dim innermost, the triangular masked fold of 240 rows of 16, and a transpose back.
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> ()>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<6x16x40xf32>) -> tensor<6x16x40xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<6x16x40xf32>):
    %0 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "tensor.empty"() : () -> tensor<6x40x16xf32>
    %3 = "linalg.transpose"(%arg0, %2) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg15: f32, %arg16: f32):
      "linalg.yield"(%arg15) : (f32) -> ()
    }) : (tensor<6x16x40xf32>, tensor<6x40x16xf32>) -> tensor<6x40x16xf32>
    %4 = "tensor.empty"() : () -> tensor<16xi64>
    %5 = "linalg.generic"(%4) <{indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
    ^bb0(%arg14: i64):
      %20 = "linalg.index"() <{dim = 0 : i64}> : () -> index
      %21 = "arith.index_cast"(%20) : (index) -> i64
      "linalg.yield"(%21) : (i64) -> ()
    }) : (tensor<16xi64>) -> tensor<16xi64>
    %6 = "tensor.expand_shape"(%5) <{reassociation = [[0, 1]], static_output_shape = array<i64: 16, 1>}> : (tensor<16xi64>) -> tensor<16x1xi64>
    %7 = "tensor.expand_shape"(%5) <{reassociation = [[0, 1]], static_output_shape = array<i64: 1, 16>}> : (tensor<16xi64>) -> tensor<1x16xi64>
    %8 = "tensor.empty"() : () -> tensor<16x16xi1>
    %9 = "linalg.generic"(%6, %7, %8) <{indexing_maps = [#map1, #map2, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg11: i64, %arg12: i64, %arg13: i1):
      %19 = "arith.cmpi"(%arg11, %arg12) <{predicate = 5 : i64}> : (i64, i64) -> i1
      "linalg.yield"(%19) : (i1) -> ()
    }) : (tensor<16x1xi64>, tensor<1x16xi64>, tensor<16x16xi1>) -> tensor<16x16xi1>
    %10 = "tensor.expand_shape"(%3) <{reassociation = [[0], [1], [2, 3]], static_output_shape = array<i64: 6, 40, 1, 16>}> : (tensor<6x40x16xf32>) -> tensor<6x40x1x16xf32>
    %11 = "tensor.empty"() : () -> tensor<6x40x16x16xf32>
    %12 = "linalg.generic"(%9, %10, %1, %11) <{indexing_maps = [#map4, #map5, #map6, #map7], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg7: i1, %arg8: f32, %arg9: f32, %arg10: f32):
      %18 = "arith.select"(%arg7, %arg8, %arg9) : (i1, f32, f32) -> f32
      "linalg.yield"(%18) : (f32) -> ()
    }) : (tensor<16x16xi1>, tensor<6x40x1x16xf32>, tensor<f32>, tensor<6x40x16x16xf32>) -> tensor<6x40x16x16xf32>
    %13 = "linalg.fill"(%0, %2) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg5: f32, %arg6: f32):
      "linalg.yield"(%arg5) : (f32) -> ()
    }) : (f32, tensor<6x40x16xf32>) -> tensor<6x40x16xf32>
    %14 = "linalg.generic"(%12, %13) <{indexing_maps = [#map7, #map8], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %17 = "arith.mulf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%17) : (f32) -> ()
    }) : (tensor<6x40x16x16xf32>, tensor<6x40x16xf32>) -> tensor<6x40x16xf32>
    %15 = "tensor.empty"() : () -> tensor<6x16x40xf32>
    %16 = "linalg.transpose"(%14, %15) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) : (tensor<6x40x16xf32>, tensor<6x16x40xf32>) -> tensor<6x16x40xf32>
    "func.return"(%16) : (tensor<6x16x40xf32>) -> ()
  }) : () -> ()
}) : () -> ()
