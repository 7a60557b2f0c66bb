// Conv3d(2 -> 8, 3x3x3), GroupNorm(4 groups, 8 channels), mean over D, H, W
// on a 2x2x6x8x8 input, as Torch-MLIR imports it at its reduced size
// (python -m ks_torch import --small): the group norm's apply, its scale and
// shift gathered through index tables, summed over the 384 spatial points
// of each (image, channel).
#map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d5, d2 + d6, d3 + d7, d4 + d8)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d1, d5, d6, d7, d8)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1, d2, d3, d4)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
#map7 = affine_map<(d0, d1) -> (d0, d1)>
#map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map9 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, 0, 0, 0)>
#map10 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8x2x3x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x2x6x8x8xf32>) -> tensor<2x8xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<8x2x3x3x3xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>, %arg4: tensor<2x2x6x8x8xf32>):
    %0 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %1 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %2 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %3 = "arith.constant"() <{value = 2 : i64}> : () -> i64
    %4 = "arith.constant"() <{value = 4 : i64}> : () -> i64
    %5 = "arith.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %6 = "arith.constant"() <{value = 1.000000e-05 : f64}> : () -> f64
    %7 = "arith.constant"() <{value = 7.680000e+02 : f64}> : () -> f64
    %8 = "arith.constant"() <{value = 7.680000e+02 : f32}> : () -> f32
    %9 = "arith.constant"() <{value = 3.840000e+02 : f32}> : () -> f32
    %10 = "arith.constant"() <{value = dense_resource<torch_tensor_2_8_torch.int64> : tensor<2x8xi64>}> : () -> tensor<2x8xi64>
    %11 = "arith.constant"() <{value = dense_resource<torch_tensor_2_8_torch.int64_1> : tensor<2x8xi64>}> : () -> tensor<2x8xi64>
    %12 = "arith.constant"() <{value = dense_resource<torch_tensor_2_8_torch.int64_2> : tensor<2x8xi64>}> : () -> tensor<2x8xi64>
    %13 = "arith.constant"() <{value = dense_resource<torch_tensor_2_8_torch.int64_3> : tensor<2x8xi64>}> : () -> tensor<2x8xi64>
    %14 = "arith.constant"() <{value = dense_resource<torch_tensor_2_8_torch.int64_4> : tensor<2x8xi64>}> : () -> tensor<2x8xi64>
    %15 = "arith.constant"() <{value = dense_resource<torch_tensor_2_8_torch.int64_5> : tensor<2x8xi64>}> : () -> tensor<2x8xi64>
    %16 = "arith.constant"() <{value = dense_resource<torch_tensor_2_8_torch.int64_6> : tensor<2x8xi64>}> : () -> tensor<2x8xi64>
    %17 = "arith.constant"() <{value = dense_resource<torch_tensor_2_8_torch.int64_7> : tensor<2x8xi64>}> : () -> tensor<2x8xi64>
    %18 = "tensor.pad"(%arg4) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 1, 1, 1>, static_low = array<i64: 0, 0, 1, 1, 1>}> ({
    ^bb0(%arg73: index, %arg74: index, %arg75: index, %arg76: index, %arg77: index):
      "tensor.yield"(%2) : (f32) -> ()
    }) : (tensor<2x2x6x8x8xf32>) -> tensor<2x2x8x10x10xf32>
    %19 = "tensor.empty"() : () -> tensor<2x8x6x8x8xf32>
    %20 = "linalg.broadcast"(%arg1, %19) <{dimensions = array<i64: 0, 2, 3, 4>}> ({
    ^bb0(%arg71: f32, %arg72: f32):
      "linalg.yield"(%arg71) : (f32) -> ()
    }) : (tensor<8xf32>, tensor<2x8x6x8x8xf32>) -> tensor<2x8x6x8x8xf32>
    %21 = "linalg.conv_3d_ncdhw_fcdhw"(%18, %arg0, %20) <{dilations = dense<1> : vector<3xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<1> : vector<3xi64>}> ({
    ^bb0(%arg68: f32, %arg69: f32, %arg70: f32):
      %113 = "arith.mulf"(%arg68, %arg69) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %114 = "arith.addf"(%arg70, %113) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%114) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2]} : (tensor<2x2x8x10x10xf32>, tensor<8x2x3x3x3xf32>, tensor<2x8x6x8x8xf32>) -> tensor<2x8x6x8x8xf32>
    %22 = "tensor.collapse_shape"(%21) <{reassociation = [[0], [1], [2, 3, 4]]}> : (tensor<2x8x6x8x8xf32>) -> tensor<2x8x384xf32>
    %23 = "tensor.expand_shape"(%22) <{reassociation = [[0], [1, 2], [3]], static_output_shape = array<i64: 2, 4, 2, 384>}> : (tensor<2x8x384xf32>) -> tensor<2x4x2x384xf32>
    %24 = "tensor.empty"() : () -> tensor<2x4x2x384xf64>
    %25 = "linalg.generic"(%23, %24) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg66: f32, %arg67: f64):
      %112 = "arith.extf"(%arg66) : (f32) -> f64
      "linalg.yield"(%112) : (f64) -> ()
    }) : (tensor<2x4x2x384xf32>, tensor<2x4x2x384xf64>) -> tensor<2x4x2x384xf64>
    %26 = "tensor.empty"() : () -> tensor<2x4x1x1xf64>
    %27 = "linalg.fill"(%5, %26) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg64: f64, %arg65: f64):
      "linalg.yield"(%arg64) : (f64) -> ()
    }) : (f64, tensor<2x4x1x1xf64>) -> tensor<2x4x1x1xf64>
    %28 = "linalg.generic"(%25, %27) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg62: f64, %arg63: f64):
      %111 = "arith.addf"(%arg62, %arg63) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%111) : (f64) -> ()
    }) : (tensor<2x4x2x384xf64>, tensor<2x4x1x1xf64>) -> tensor<2x4x1x1xf64>
    %29 = "linalg.generic"(%28, %26) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg60: f64, %arg61: f64):
      %110 = "arith.divf"(%arg60, %7) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%110) : (f64) -> ()
    }) : (tensor<2x4x1x1xf64>, tensor<2x4x1x1xf64>) -> tensor<2x4x1x1xf64>
    %30 = "linalg.generic"(%25, %29, %24) <{indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg57: f64, %arg58: f64, %arg59: f64):
      %109 = "arith.subf"(%arg57, %arg58) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%109) : (f64) -> ()
    }) : (tensor<2x4x2x384xf64>, tensor<2x4x1x1xf64>, tensor<2x4x2x384xf64>) -> tensor<2x4x2x384xf64>
    %31 = "linalg.generic"(%30, %30, %24) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg54: f64, %arg55: f64, %arg56: f64):
      %108 = "arith.mulf"(%arg54, %arg55) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%108) : (f64) -> ()
    }) : (tensor<2x4x2x384xf64>, tensor<2x4x2x384xf64>, tensor<2x4x2x384xf64>) -> tensor<2x4x2x384xf64>
    %32 = "linalg.generic"(%31, %27) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg52: f64, %arg53: f64):
      %107 = "arith.addf"(%arg52, %arg53) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%107) : (f64) -> ()
    }) : (tensor<2x4x2x384xf64>, tensor<2x4x1x1xf64>) -> tensor<2x4x1x1xf64>
    %33 = "linalg.generic"(%32, %26) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg50: f64, %arg51: f64):
      %106 = "arith.divf"(%arg50, %7) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%106) : (f64) -> ()
    }) : (tensor<2x4x1x1xf64>, tensor<2x4x1x1xf64>) -> tensor<2x4x1x1xf64>
    %34 = "tensor.empty"() : () -> tensor<2x4x1x1xf32>
    %35 = "linalg.generic"(%33, %34) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg48: f64, %arg49: f32):
      %105 = "arith.truncf"(%arg48) : (f64) -> f32
      "linalg.yield"(%105) : (f32) -> ()
    }) : (tensor<2x4x1x1xf64>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %36 = "linalg.fill"(%2, %34) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg46: f32, %arg47: f32):
      "linalg.yield"(%arg46) : (f32) -> ()
    }) : (f32, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %37 = "linalg.generic"(%23, %36) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg44: f32, %arg45: f32):
      %104 = "arith.addf"(%arg44, %arg45) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%104) : (f32) -> ()
    }) : (tensor<2x4x2x384xf32>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %38 = "linalg.generic"(%37, %34) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg42: f32, %arg43: f32):
      %103 = "arith.divf"(%arg42, %8) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%103) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %39 = "linalg.generic"(%35, %34) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg40: f32, %arg41: f32):
      %101 = "arith.truncf"(%6) : (f64) -> f32
      %102 = "arith.addf"(%arg40, %101) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%102) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %40 = "linalg.generic"(%39, %34) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg38: f32, %arg39: f32):
      %100 = "math.rsqrt"(%arg38) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%100) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %41 = "tensor.expand_shape"(%arg2) <{reassociation = [[0, 1, 2, 3]], static_output_shape = array<i64: 1, 4, 2, 1>}> : (tensor<8xf32>) -> tensor<1x4x2x1xf32>
    %42 = "tensor.empty"() : () -> tensor<2x4x2x1xf32>
    %43 = "linalg.generic"(%40, %41, %42) <{indexing_maps = [#map5, #map6, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg35: f32, %arg36: f32, %arg37: f32):
      %99 = "arith.mulf"(%arg35, %arg36) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%99) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<1x4x2x1xf32>, tensor<2x4x2x1xf32>) -> tensor<2x4x2x1xf32>
    %44 = "linalg.generic"(%38, %34) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg33: f32, %arg34: f32):
      %98 = "arith.negf"(%arg33) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%98) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %45 = "linalg.generic"(%44, %43, %42) <{indexing_maps = [#map5, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg30: f32, %arg31: f32, %arg32: f32):
      %97 = "arith.mulf"(%arg30, %arg31) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%97) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<2x4x2x1xf32>, tensor<2x4x2x1xf32>) -> tensor<2x4x2x1xf32>
    %46 = "tensor.expand_shape"(%arg3) <{reassociation = [[0, 1, 2, 3]], static_output_shape = array<i64: 1, 4, 2, 1>}> : (tensor<8xf32>) -> tensor<1x4x2x1xf32>
    %47 = "linalg.generic"(%45, %46, %42) <{indexing_maps = [#map3, #map6, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg27: f32, %arg28: f32, %arg29: f32):
      %96 = "arith.addf"(%arg27, %arg28) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%96) : (f32) -> ()
    }) : (tensor<2x4x2x1xf32>, tensor<1x4x2x1xf32>, tensor<2x4x2x1xf32>) -> tensor<2x4x2x1xf32>
    %48 = "tensor.empty"() : () -> tensor<2x8xf32>
    %49 = "linalg.generic"(%10, %11, %12, %13, %48) <{indexing_maps = [#map7, #map7, #map7, #map7, #map7], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 4, 1>}> ({
    ^bb0(%arg22: i64, %arg23: i64, %arg24: i64, %arg25: i64, %arg26: f32):
      %79 = "arith.cmpi"(%arg22, %1) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %80 = "arith.addi"(%arg22, %3) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %81 = "arith.select"(%79, %80, %arg22) : (i1, i64, i64) -> i64
      %82 = "arith.index_cast"(%81) : (i64) -> index
      %83 = "arith.cmpi"(%arg23, %1) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %84 = "arith.addi"(%arg23, %4) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %85 = "arith.select"(%83, %84, %arg23) : (i1, i64, i64) -> i64
      %86 = "arith.index_cast"(%85) : (i64) -> index
      %87 = "arith.cmpi"(%arg24, %1) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %88 = "arith.addi"(%arg24, %3) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %89 = "arith.select"(%87, %88, %arg24) : (i1, i64, i64) -> i64
      %90 = "arith.index_cast"(%89) : (i64) -> index
      %91 = "arith.cmpi"(%arg25, %1) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %92 = "arith.addi"(%arg25, %0) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %93 = "arith.select"(%91, %92, %arg25) : (i1, i64, i64) -> i64
      %94 = "arith.index_cast"(%93) : (i64) -> index
      %95 = "tensor.extract"(%43, %82, %86, %90, %94) : (tensor<2x4x2x1xf32>, index, index, index, index) -> f32
      "linalg.yield"(%95) : (f32) -> ()
    }) : (tensor<2x8xi64>, tensor<2x8xi64>, tensor<2x8xi64>, tensor<2x8xi64>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %50 = "linalg.generic"(%14, %15, %16, %17, %48) <{indexing_maps = [#map7, #map7, #map7, #map7, #map7], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 4, 1>}> ({
    ^bb0(%arg17: i64, %arg18: i64, %arg19: i64, %arg20: i64, %arg21: f32):
      %62 = "arith.cmpi"(%arg17, %1) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %63 = "arith.addi"(%arg17, %3) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %64 = "arith.select"(%62, %63, %arg17) : (i1, i64, i64) -> i64
      %65 = "arith.index_cast"(%64) : (i64) -> index
      %66 = "arith.cmpi"(%arg18, %1) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %67 = "arith.addi"(%arg18, %4) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %68 = "arith.select"(%66, %67, %arg18) : (i1, i64, i64) -> i64
      %69 = "arith.index_cast"(%68) : (i64) -> index
      %70 = "arith.cmpi"(%arg19, %1) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %71 = "arith.addi"(%arg19, %3) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %72 = "arith.select"(%70, %71, %arg19) : (i1, i64, i64) -> i64
      %73 = "arith.index_cast"(%72) : (i64) -> index
      %74 = "arith.cmpi"(%arg20, %1) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %75 = "arith.addi"(%arg20, %0) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %76 = "arith.select"(%74, %75, %arg20) : (i1, i64, i64) -> i64
      %77 = "arith.index_cast"(%76) : (i64) -> index
      %78 = "tensor.extract"(%47, %65, %69, %73, %77) : (tensor<2x4x2x1xf32>, index, index, index, index) -> f32
      "linalg.yield"(%78) : (f32) -> ()
    }) : (tensor<2x8xi64>, tensor<2x8xi64>, tensor<2x8xi64>, tensor<2x8xi64>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %51 = "tensor.expand_shape"(%49) <{reassociation = [[0], [1, 2, 3, 4]], static_output_shape = array<i64: 2, 8, 1, 1, 1>}> : (tensor<2x8xf32>) -> tensor<2x8x1x1x1xf32>
    %52 = "tensor.expand_shape"(%50) <{reassociation = [[0], [1, 2, 3, 4]], static_output_shape = array<i64: 2, 8, 1, 1, 1>}> : (tensor<2x8xf32>) -> tensor<2x8x1x1x1xf32>
    %53 = "linalg.generic"(%21, %51, %19) <{indexing_maps = [#map8, #map9, #map8], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg14: f32, %arg15: f32, %arg16: f32):
      %61 = "arith.mulf"(%arg14, %arg15) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%61) : (f32) -> ()
    }) : (tensor<2x8x6x8x8xf32>, tensor<2x8x1x1x1xf32>, tensor<2x8x6x8x8xf32>) -> tensor<2x8x6x8x8xf32>
    %54 = "linalg.generic"(%53, %52, %19) <{indexing_maps = [#map8, #map9, #map8], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg11: f32, %arg12: f32, %arg13: f32):
      %60 = "arith.addf"(%arg11, %arg12) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%60) : (f32) -> ()
    }) : (tensor<2x8x6x8x8xf32>, tensor<2x8x1x1x1xf32>, tensor<2x8x6x8x8xf32>) -> tensor<2x8x6x8x8xf32>
    %55 = "linalg.fill"(%2, %48) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg9: f32, %arg10: f32):
      "linalg.yield"(%arg9) : (f32) -> ()
    }) : (f32, tensor<2x8xf32>) -> tensor<2x8xf32>
    %56 = "linalg.generic"(%54, %55) <{indexing_maps = [#map8, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg7: f32, %arg8: f32):
      %59 = "arith.addf"(%arg7, %arg8) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%59) : (f32) -> ()
    }) : (tensor<2x8x6x8x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %57 = "linalg.generic"(%56, %48) <{indexing_maps = [#map7, #map7], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg5: f32, %arg6: f32):
      %58 = "arith.divf"(%arg5, %9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%58) : (f32) -> ()
    }) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    "func.return"(%57) : (tensor<2x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_8_torch.int64: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000",
      torch_tensor_2_8_torch.int64_1: "0x080000000000000000000000000000000000000001000000000000000100000000000000020000000000000002000000000000000300000000000000030000000000000000000000000000000000000000000000010000000000000001000000000000000200000000000000020000000000000003000000000000000300000000000000",
      torch_tensor_2_8_torch.int64_2: "0x080000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000",
      torch_tensor_2_8_torch.int64_3: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_2_8_torch.int64_4: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000",
      torch_tensor_2_8_torch.int64_5: "0x080000000000000000000000000000000000000001000000000000000100000000000000020000000000000002000000000000000300000000000000030000000000000000000000000000000000000000000000010000000000000001000000000000000200000000000000020000000000000003000000000000000300000000000000",
      torch_tensor_2_8_torch.int64_6: "0x080000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000000000000000000001000000000000000000000000000000010000000000000000000000000000000100000000000000",
      torch_tensor_2_8_torch.int64_7: "0x080000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }
  }
#-}
