// An exclusive cumsum over rows of 2048 as PyTorch users write it, cat((0,
// cumsum(x[:, :-1]))), imported by ks_torch (bench/blind level1/49 at its
// SMALL size): the scan reads a slice of x whose rows are 2048 apart.
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map5 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#map6 = affine_map<(d0, d1, d2) -> ()>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<16x2048xf32>) -> tensor<16x2048xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<16x2048xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "arith.constant"() <{value = dense<0.000000e+00> : tensor<16x1xf32>}> : () -> tensor<16x1xf32>
    %3 = "tensor.extract_slice"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 16, 2047>, static_strides = array<i64: 1, 1>}> : (tensor<16x2048xf32>) -> tensor<16x2047xf32>
    %4 = "tensor.empty"() : () -> tensor<2047xi64>
    %5 = "linalg.generic"(%4) <{indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
    ^bb0(%arg12: i64):
      %20 = "linalg.index"() <{dim = 0 : i64}> : () -> index
      %21 = "arith.index_cast"(%20) : (index) -> i64
      "linalg.yield"(%21) : (i64) -> ()
    }) : (tensor<2047xi64>) -> tensor<2047xi64>
    %6 = "tensor.expand_shape"(%5) <{reassociation = [[0, 1]], static_output_shape = array<i64: 2047, 1>}> : (tensor<2047xi64>) -> tensor<2047x1xi64>
    %7 = "tensor.expand_shape"(%5) <{reassociation = [[0, 1]], static_output_shape = array<i64: 1, 2047>}> : (tensor<2047xi64>) -> tensor<1x2047xi64>
    %8 = "tensor.empty"() : () -> tensor<2047x2047xi1>
    %9 = "linalg.generic"(%6, %7, %8) <{indexing_maps = [#map1, #map2, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg9: i64, %arg10: i64, %arg11: i1):
      %19 = "arith.cmpi"(%arg9, %arg10) <{predicate = 5 : i64}> : (i64, i64) -> i1
      "linalg.yield"(%19) : (i1) -> ()
    }) : (tensor<2047x1xi64>, tensor<1x2047xi64>, tensor<2047x2047xi1>) -> tensor<2047x2047xi1>
    %10 = "tensor.expand_shape"(%3) <{reassociation = [[0], [1, 2]], static_output_shape = array<i64: 16, 1, 2047>}> : (tensor<16x2047xf32>) -> tensor<16x1x2047xf32>
    %11 = "tensor.empty"() : () -> tensor<16x2047x2047xf32>
    %12 = "linalg.generic"(%9, %10, %1, %11) <{indexing_maps = [#map4, #map5, #map6, #map7], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg5: i1, %arg6: f32, %arg7: f32, %arg8: f32):
      %18 = "arith.select"(%arg5, %arg6, %arg7) : (i1, f32, f32) -> f32
      "linalg.yield"(%18) : (f32) -> ()
    }) : (tensor<2047x2047xi1>, tensor<16x1x2047xf32>, tensor<f32>, tensor<16x2047x2047xf32>) -> tensor<16x2047x2047xf32>
    %13 = "tensor.empty"() : () -> tensor<16x2047xf32>
    %14 = "linalg.fill"(%0, %13) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) : (f32, tensor<16x2047xf32>) -> tensor<16x2047xf32>
    %15 = "linalg.generic"(%12, %14) <{indexing_maps = [#map7, #map8], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      %17 = "arith.addf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%17) : (f32) -> ()
    }) : (tensor<16x2047x2047xf32>, tensor<16x2047xf32>) -> tensor<16x2047xf32>
    %16 = "tensor.concat"(%2, %15) <{dim = 1 : i64}> : (tensor<16x1xf32>, tensor<16x2047xf32>) -> tensor<16x2048xf32>
    "func.return"(%16) : (tensor<16x2048xf32>) -> ()
  }) : () -> ()
}) : () -> ()
