// ConvTranspose3d (8 -> 16 channels, stride 2) on a 128x8x16x32x32 input,
// times a scale, MaxPool3d, a global average pool and a clamp, as Torch-MLIR
// imports it: a 128x16x31x63x63 convolution whose reduction loops the
// collapse passes once merged through unchecked maps (invalid IR).
#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d5, d2 + d6, d3 + d7, d4 + d8)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d1, d5, d6, d7, d8)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1, d2, d3, d4)>
#map4 = affine_map<(d0, d1, d2, d3, d4) -> (0)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
#map6 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
#map7 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
#map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, 0, 0, 0)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1xf32>, tensor<8x16x3x3x3xf32>, tensor<16xf32>, tensor<128x8x16x32x32xf32>) -> tensor<128x16x1x1x1xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<1xf32>, %arg1: tensor<8x16x3x3x3xf32>, %arg2: tensor<16xf32>, %arg3: tensor<128x8x16x32x32xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = 0xFF800000 : f32}> : () -> f32
    %2 = "arith.constant"() <{value = 2 : index}> : () -> index
    %3 = "arith.constant"() <{value = 1.441500e+04 : f32}> : () -> f32
    %4 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %5 = "tensor.empty"() : () -> tensor<16x8x3x3x3xf32>
    %6 = "linalg.fill"(%0, %5) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg28: f32, %arg29: f32):
      "linalg.yield"(%arg28) : (f32) -> ()
    }) : (f32, tensor<16x8x3x3x3xf32>) -> tensor<16x8x3x3x3xf32>
    %7 = "linalg.generic"(%6) <{indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
    ^bb0(%arg27: f32):
      %34 = "linalg.index"() <{dim = 0 : i64}> : () -> index
      %35 = "linalg.index"() <{dim = 1 : i64}> : () -> index
      %36 = "linalg.index"() <{dim = 2 : i64}> : () -> index
      %37 = "linalg.index"() <{dim = 3 : i64}> : () -> index
      %38 = "linalg.index"() <{dim = 4 : i64}> : () -> index
      %39 = "arith.subi"(%2, %36) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %40 = "arith.subi"(%2, %37) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %41 = "arith.subi"(%2, %38) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %42 = "tensor.extract"(%arg1, %35, %34, %39, %40, %41) : (tensor<8x16x3x3x3xf32>, index, index, index, index, index) -> f32
      "linalg.yield"(%42) : (f32) -> ()
    }) : (tensor<16x8x3x3x3xf32>) -> tensor<16x8x3x3x3xf32>
    %8 = "tensor.empty"() : () -> tensor<128x8x33x65x65xf32>
    %9 = "linalg.fill"(%0, %8) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg25: f32, %arg26: f32):
      "linalg.yield"(%arg25) : (f32) -> ()
    }) : (f32, tensor<128x8x33x65x65xf32>) -> tensor<128x8x33x65x65xf32>
    %10 = "tensor.insert_slice"(%arg3, %9) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 1, 1, 1>, static_sizes = array<i64: 128, 8, 16, 32, 32>, static_strides = array<i64: 1, 1, 2, 2, 2>}> : (tensor<128x8x16x32x32xf32>, tensor<128x8x33x65x65xf32>) -> tensor<128x8x33x65x65xf32>
    %11 = "tensor.empty"() : () -> tensor<128x16x31x63x63xf32>
    %12 = "linalg.broadcast"(%arg2, %11) <{dimensions = array<i64: 0, 2, 3, 4>}> ({
    ^bb0(%arg23: f32, %arg24: f32):
      "linalg.yield"(%arg23) : (f32) -> ()
    }) : (tensor<16xf32>, tensor<128x16x31x63x63xf32>) -> tensor<128x16x31x63x63xf32>
    %13 = "linalg.conv_3d_ncdhw_fcdhw"(%10, %7, %12) <{dilations = dense<1> : vector<3xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<1> : vector<3xi64>}> ({
    ^bb0(%arg20: f32, %arg21: f32, %arg22: f32):
      %32 = "arith.mulf"(%arg20, %arg21) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %33 = "arith.addf"(%arg22, %32) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%33) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map1, #map2, #map3]} : (tensor<128x8x33x65x65xf32>, tensor<16x8x3x3x3xf32>, tensor<128x16x31x63x63xf32>) -> tensor<128x16x31x63x63xf32>
    %14 = "linalg.generic"(%13, %arg0, %11) <{indexing_maps = [#map, #map4, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg17: f32, %arg18: f32, %arg19: f32):
      %31 = "arith.mulf"(%arg17, %arg18) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%31) : (f32) -> ()
    }) : (tensor<128x16x31x63x63xf32>, tensor<1xf32>, tensor<128x16x31x63x63xf32>) -> tensor<128x16x31x63x63xf32>
    %15 = "tensor.empty"() : () -> tensor<128x16x15x31x31xf32>
    %16 = "linalg.fill"(%1, %15) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg15: f32, %arg16: f32):
      "linalg.yield"(%arg15) : (f32) -> ()
    }) : (f32, tensor<128x16x15x31x31xf32>) -> tensor<128x16x15x31x31xf32>
    %17 = "tensor.empty"() : () -> tensor<2x2x2xf32>
    %18 = "linalg.generic"(%14, %17, %16) <{indexing_maps = [#map5, #map6, #map7], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg12: f32, %arg13: f32, %arg14: f32):
      %30 = "arith.maximumf"(%arg12, %arg14) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%30) : (f32) -> ()
    }) : (tensor<128x16x31x63x63xf32>, tensor<2x2x2xf32>, tensor<128x16x15x31x31xf32>) -> tensor<128x16x15x31x31xf32>
    %19 = "tensor.empty"() : () -> tensor<128x16x1x1x1xf32>
    %20 = "linalg.fill"(%0, %19) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg10: f32, %arg11: f32):
      "linalg.yield"(%arg10) : (f32) -> ()
    }) : (f32, tensor<128x16x1x1x1xf32>) -> tensor<128x16x1x1x1xf32>
    %21 = "linalg.generic"(%18, %20) <{indexing_maps = [#map, #map8], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32):
      %29 = "arith.addf"(%arg8, %arg9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%29) : (f32) -> ()
    }) : (tensor<128x16x15x31x31xf32>, tensor<128x16x1x1x1xf32>) -> tensor<128x16x1x1x1xf32>
    %22 = "linalg.generic"(%21, %19) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      %28 = "arith.divf"(%arg6, %3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%28) : (f32) -> ()
    }) : (tensor<128x16x1x1x1xf32>, tensor<128x16x1x1x1xf32>) -> tensor<128x16x1x1x1xf32>
    %23 = "linalg.generic"(%22, %19) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %24 = "arith.cmpf"(%arg4, %0) <{fastmath = #arith.fastmath<none>, predicate = 11 : i64}> : (f32, f32) -> i1
      %25 = "arith.select"(%24, %0, %arg4) : (i1, f32, f32) -> f32
      %26 = "arith.cmpf"(%25, %4) <{fastmath = #arith.fastmath<none>, predicate = 9 : i64}> : (f32, f32) -> i1
      %27 = "arith.select"(%26, %4, %25) : (i1, f32, f32) -> f32
      "linalg.yield"(%27) : (f32) -> ()
    }) : (tensor<128x16x1x1x1xf32>, tensor<128x16x1x1x1xf32>) -> tensor<128x16x1x1x1xf32>
    "func.return"(%23) : (tensor<128x16x1x1x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()
