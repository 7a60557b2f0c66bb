// cumprod over the middle dim of a 7x45x50 f64 tensor, as the frontend imports it: the triangular masked fold built in place, 7 rows of 45 x 50.
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (0, d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d1, d2, 0)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> ()>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<7x45x50xf64>) -> tensor<7x45x50xf64>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<7x45x50xf64>):
    %0 = "arith.constant"() <{value = 1.000000e+00 : f64}> : () -> f64
    %1 = "arith.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %2 = "tensor.empty"() : () -> tensor<45xi64>
    %3 = "linalg.generic"(%2) <{indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
    ^bb0(%arg12: i64):
      %17 = "linalg.index"() <{dim = 0 : i64}> : () -> index
      %18 = "arith.index_cast"(%17) : (index) -> i64
      "linalg.yield"(%18) : (i64) -> ()
    }) : (tensor<45xi64>) -> tensor<45xi64>
    %4 = "tensor.expand_shape"(%3) <{reassociation = [[0, 1, 2]], static_output_shape = array<i64: 45, 1, 1>}> : (tensor<45xi64>) -> tensor<45x1x1xi64>
    %5 = "tensor.expand_shape"(%3) <{reassociation = [[0, 1, 2]], static_output_shape = array<i64: 1, 45, 1>}> : (tensor<45xi64>) -> tensor<1x45x1xi64>
    %6 = "tensor.empty"() : () -> tensor<45x45x1xi1>
    %7 = "linalg.generic"(%4, %5, %6) <{indexing_maps = [#map1, #map2, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg9: i64, %arg10: i64, %arg11: i1):
      %16 = "arith.cmpi"(%arg9, %arg10) <{predicate = 5 : i64}> : (i64, i64) -> i1
      "linalg.yield"(%16) : (i1) -> ()
    }) : (tensor<45x1x1xi64>, tensor<1x45x1xi64>, tensor<45x45x1xi1>) -> tensor<45x45x1xi1>
    %8 = "tensor.expand_shape"(%arg0) <{reassociation = [[0], [1, 2], [3]], static_output_shape = array<i64: 7, 1, 45, 50>}> : (tensor<7x45x50xf64>) -> tensor<7x1x45x50xf64>
    %9 = "tensor.empty"() : () -> tensor<7x45x45x50xf64>
    %10 = "linalg.generic"(%7, %8, %1, %9) <{indexing_maps = [#map4, #map5, #map6, #map7], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg5: i1, %arg6: f64, %arg7: f64, %arg8: f64):
      %15 = "arith.select"(%arg5, %arg6, %arg7) : (i1, f64, f64) -> f64
      "linalg.yield"(%15) : (f64) -> ()
    }) : (tensor<45x45x1xi1>, tensor<7x1x45x50xf64>, tensor<f64>, tensor<7x45x45x50xf64>) -> tensor<7x45x45x50xf64>
    %11 = "tensor.empty"() : () -> tensor<7x45x50xf64>
    %12 = "linalg.fill"(%0, %11) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg3: f64, %arg4: f64):
      "linalg.yield"(%arg3) : (f64) -> ()
    }) : (f64, tensor<7x45x50xf64>) -> tensor<7x45x50xf64>
    %13 = "linalg.generic"(%10, %12) <{indexing_maps = [#map7, #map8], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg1: f64, %arg2: f64):
      %14 = "arith.mulf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%14) : (f64) -> ()
    }) : (tensor<7x45x45x50xf64>, tensor<7x45x50xf64>) -> tensor<7x45x50xf64>
    "func.return"(%13) : (tensor<7x45x50xf64>) -> ()
  }) : () -> ()
}) : () -> ()
