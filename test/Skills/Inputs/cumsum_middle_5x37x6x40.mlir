// cumsum over dim 1 of a 5x37x6x40 f32 tensor, as the frontend imports it: the triangular masked fold built in place, 5 rows of 37 x 240 (the two dims after the scanned one).
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d2, 0, 0)>
#map5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, 0, d2, d3, d4)>
#map6 = affine_map<(d0, d1, d2, d3, d4) -> ()>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<5x37x6x40xf32>) -> tensor<5x37x6x40xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<5x37x6x40xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "tensor.empty"() : () -> tensor<37xi64>
    %3 = "linalg.generic"(%2) <{indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
    ^bb0(%arg12: i64):
      %17 = "linalg.index"() <{dim = 0 : i64}> : () -> index
      %18 = "arith.index_cast"(%17) : (index) -> i64
      "linalg.yield"(%18) : (i64) -> ()
    }) : (tensor<37xi64>) -> tensor<37xi64>
    %4 = "tensor.expand_shape"(%3) <{reassociation = [[0, 1, 2, 3]], static_output_shape = array<i64: 37, 1, 1, 1>}> : (tensor<37xi64>) -> tensor<37x1x1x1xi64>
    %5 = "tensor.expand_shape"(%3) <{reassociation = [[0, 1, 2, 3]], static_output_shape = array<i64: 1, 37, 1, 1>}> : (tensor<37xi64>) -> tensor<1x37x1x1xi64>
    %6 = "tensor.empty"() : () -> tensor<37x37x1x1xi1>
    %7 = "linalg.generic"(%4, %5, %6) <{indexing_maps = [#map1, #map2, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg9: i64, %arg10: i64, %arg11: i1):
      %16 = "arith.cmpi"(%arg9, %arg10) <{predicate = 5 : i64}> : (i64, i64) -> i1
      "linalg.yield"(%16) : (i1) -> ()
    }) : (tensor<37x1x1x1xi64>, tensor<1x37x1x1xi64>, tensor<37x37x1x1xi1>) -> tensor<37x37x1x1xi1>
    %8 = "tensor.expand_shape"(%arg0) <{reassociation = [[0], [1, 2], [3], [4]], static_output_shape = array<i64: 5, 1, 37, 6, 40>}> : (tensor<5x37x6x40xf32>) -> tensor<5x1x37x6x40xf32>
    %9 = "tensor.empty"() : () -> tensor<5x37x37x6x40xf32>
    %10 = "linalg.generic"(%7, %8, %1, %9) <{indexing_maps = [#map4, #map5, #map6, #map7], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg5: i1, %arg6: f32, %arg7: f32, %arg8: f32):
      %15 = "arith.select"(%arg5, %arg6, %arg7) : (i1, f32, f32) -> f32
      "linalg.yield"(%15) : (f32) -> ()
    }) : (tensor<37x37x1x1xi1>, tensor<5x1x37x6x40xf32>, tensor<f32>, tensor<5x37x37x6x40xf32>) -> tensor<5x37x37x6x40xf32>
    %11 = "tensor.empty"() : () -> tensor<5x37x6x40xf32>
    %12 = "linalg.fill"(%0, %11) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) : (f32, tensor<5x37x6x40xf32>) -> tensor<5x37x6x40xf32>
    %13 = "linalg.generic"(%10, %12) <{indexing_maps = [#map7, #map8], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      %14 = "arith.addf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%14) : (f32) -> ()
    }) : (tensor<5x37x37x6x40xf32>, tensor<5x37x6x40xf32>) -> tensor<5x37x6x40xf32>
    "func.return"(%13) : (tensor<5x37x6x40xf32>) -> ()
  }) : () -> ()
}) : () -> ()
