// nn.GroupNorm(4 groups, 16 channels) on a 2x16x12x12 input as Torch-MLIR imports
// KernelBench's level1/34 at its reduced size (python -m ks_torch import --small):
// f64 means and variances over each group's 4 x 144 values, per-channel scale
// and shift gathered through index tables, then the 4-D apply.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<16xf32>, tensor<16xf32>, tensor<2x16x12x12xf32>) -> tensor<2x16x12x12xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<2x16x12x12xf32>):
    %0 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %1 = "arith.constant"() <{value = 2 : i64}> : () -> i64
    %2 = "arith.constant"() <{value = 4 : i64}> : () -> i64
    %3 = "arith.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
    %4 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %5 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %6 = "arith.constant"() <{value = 1.000000e-05 : f64}> : () -> f64
    %7 = "arith.constant"() <{value = 5.760000e+02 : f64}> : () -> f64
    %8 = "arith.constant"() <{value = 5.760000e+02 : f32}> : () -> f32
    %9 = "arith.constant"() <{value = dense_resource<torch_tensor_2_16_torch.int64> : tensor<2x16xi64>}> : () -> tensor<2x16xi64>
    %10 = "arith.constant"() <{value = dense_resource<torch_tensor_2_16_torch.int64_1> : tensor<2x16xi64>}> : () -> tensor<2x16xi64>
    %11 = "arith.constant"() <{value = dense_resource<torch_tensor_2_16_torch.int64_2> : tensor<2x16xi64>}> : () -> tensor<2x16xi64>
    %12 = "arith.constant"() <{value = dense_resource<torch_tensor_2_16_torch.int64_3> : tensor<2x16xi64>}> : () -> tensor<2x16xi64>
    %13 = "arith.constant"() <{value = dense_resource<torch_tensor_2_16_torch.int64_4> : tensor<2x16xi64>}> : () -> tensor<2x16xi64>
    %14 = "arith.constant"() <{value = dense_resource<torch_tensor_2_16_torch.int64_5> : tensor<2x16xi64>}> : () -> tensor<2x16xi64>
    %15 = "arith.constant"() <{value = dense_resource<torch_tensor_2_16_torch.int64_6> : tensor<2x16xi64>}> : () -> tensor<2x16xi64>
    %16 = "arith.constant"() <{value = dense_resource<torch_tensor_2_16_torch.int64_7> : tensor<2x16xi64>}> : () -> tensor<2x16xi64>
    %17 = "tensor.collapse_shape"(%arg2) <{reassociation = [[0], [1], [2, 3]]}> : (tensor<2x16x12x12xf32>) -> tensor<2x16x144xf32>
    %18 = "tensor.expand_shape"(%17) <{reassociation = [[0], [1, 2], [3]], static_output_shape = array<i64: 2, 4, 4, 144>}> : (tensor<2x16x144xf32>) -> tensor<2x4x4x144xf32>
    %19 = "tensor.empty"() : () -> tensor<2x4x4x144xf64>
    %20 = "linalg.generic"(%18, %19) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg58: f32, %arg59: f64):
      %103 = "arith.extf"(%arg58) : (f32) -> f64
      "linalg.yield"(%103) : (f64) -> ()
    }) : (tensor<2x4x4x144xf32>, tensor<2x4x4x144xf64>) -> tensor<2x4x4x144xf64>
    %21 = "tensor.empty"() : () -> tensor<2x4x1x1xf64>
    %22 = "linalg.fill"(%3, %21) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg56: f64, %arg57: f64):
      "linalg.yield"(%arg56) : (f64) -> ()
    }) : (f64, tensor<2x4x1x1xf64>) -> tensor<2x4x1x1xf64>
    %23 = "linalg.generic"(%20, %22) <{indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg54: f64, %arg55: f64):
      %102 = "arith.addf"(%arg54, %arg55) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%102) : (f64) -> ()
    }) : (tensor<2x4x4x144xf64>, tensor<2x4x1x1xf64>) -> tensor<2x4x1x1xf64>
    %24 = "linalg.generic"(%23, %21) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg52: f64, %arg53: f64):
      %101 = "arith.divf"(%arg52, %7) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%101) : (f64) -> ()
    }) : (tensor<2x4x1x1xf64>, tensor<2x4x1x1xf64>) -> tensor<2x4x1x1xf64>
    %25 = "linalg.generic"(%20, %24, %19) <{indexing_maps = [#map, #map1, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg49: f64, %arg50: f64, %arg51: f64):
      %100 = "arith.subf"(%arg49, %arg50) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%100) : (f64) -> ()
    }) : (tensor<2x4x4x144xf64>, tensor<2x4x1x1xf64>, tensor<2x4x4x144xf64>) -> tensor<2x4x4x144xf64>
    %26 = "linalg.generic"(%25, %25, %19) <{indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg46: f64, %arg47: f64, %arg48: f64):
      %99 = "arith.mulf"(%arg46, %arg47) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%99) : (f64) -> ()
    }) : (tensor<2x4x4x144xf64>, tensor<2x4x4x144xf64>, tensor<2x4x4x144xf64>) -> tensor<2x4x4x144xf64>
    %27 = "linalg.generic"(%26, %22) <{indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg44: f64, %arg45: f64):
      %98 = "arith.addf"(%arg44, %arg45) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%98) : (f64) -> ()
    }) : (tensor<2x4x4x144xf64>, tensor<2x4x1x1xf64>) -> tensor<2x4x1x1xf64>
    %28 = "linalg.generic"(%27, %21) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg42: f64, %arg43: f64):
      %97 = "arith.divf"(%arg42, %7) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "linalg.yield"(%97) : (f64) -> ()
    }) : (tensor<2x4x1x1xf64>, tensor<2x4x1x1xf64>) -> tensor<2x4x1x1xf64>
    %29 = "tensor.empty"() : () -> tensor<2x4x1x1xf32>
    %30 = "linalg.generic"(%28, %29) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg40: f64, %arg41: f32):
      %96 = "arith.truncf"(%arg40) : (f64) -> f32
      "linalg.yield"(%96) : (f32) -> ()
    }) : (tensor<2x4x1x1xf64>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %31 = "linalg.fill"(%4, %29) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg38: f32, %arg39: f32):
      "linalg.yield"(%arg38) : (f32) -> ()
    }) : (f32, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %32 = "linalg.generic"(%18, %31) <{indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg36: f32, %arg37: f32):
      %95 = "arith.addf"(%arg36, %arg37) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%95) : (f32) -> ()
    }) : (tensor<2x4x4x144xf32>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %33 = "linalg.generic"(%32, %29) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg34: f32, %arg35: f32):
      %94 = "arith.divf"(%arg34, %8) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%94) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %34 = "linalg.generic"(%30, %29) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg32: f32, %arg33: f32):
      %92 = "arith.truncf"(%6) : (f64) -> f32
      %93 = "arith.addf"(%arg32, %92) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%93) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %35 = "linalg.generic"(%34, %29) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg30: f32, %arg31: f32):
      %91 = "math.rsqrt"(%arg30) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%91) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %36 = "tensor.expand_shape"(%arg0) <{reassociation = [[0, 1, 2, 3]], static_output_shape = array<i64: 1, 4, 4, 1>}> : (tensor<16xf32>) -> tensor<1x4x4x1xf32>
    %37 = "tensor.empty"() : () -> tensor<2x4x4x1xf32>
    %38 = "linalg.generic"(%35, %36, %37) <{indexing_maps = [#map2, #map3, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg27: f32, %arg28: f32, %arg29: f32):
      %90 = "arith.mulf"(%arg27, %arg28) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%90) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<1x4x4x1xf32>, tensor<2x4x4x1xf32>) -> tensor<2x4x4x1xf32>
    %39 = "linalg.generic"(%33, %29) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg25: f32, %arg26: f32):
      %89 = "arith.negf"(%arg25) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%89) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %40 = "linalg.generic"(%39, %38, %37) <{indexing_maps = [#map2, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg22: f32, %arg23: f32, %arg24: f32):
      %88 = "arith.mulf"(%arg22, %arg23) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%88) : (f32) -> ()
    }) : (tensor<2x4x1x1xf32>, tensor<2x4x4x1xf32>, tensor<2x4x4x1xf32>) -> tensor<2x4x4x1xf32>
    %41 = "tensor.expand_shape"(%arg1) <{reassociation = [[0, 1, 2, 3]], static_output_shape = array<i64: 1, 4, 4, 1>}> : (tensor<16xf32>) -> tensor<1x4x4x1xf32>
    %42 = "linalg.generic"(%40, %41, %37) <{indexing_maps = [#map, #map3, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg19: f32, %arg20: f32, %arg21: f32):
      %87 = "arith.addf"(%arg19, %arg20) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%87) : (f32) -> ()
    }) : (tensor<2x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<2x4x4x1xf32>) -> tensor<2x4x4x1xf32>
    %43 = "tensor.empty"() : () -> tensor<2x16xf32>
    %44 = "linalg.generic"(%9, %10, %11, %12, %43) <{indexing_maps = [#map4, #map4, #map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 4, 1>}> ({
    ^bb0(%arg14: i64, %arg15: i64, %arg16: i64, %arg17: i64, %arg18: f32):
      %70 = "arith.cmpi"(%arg14, %5) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %71 = "arith.addi"(%arg14, %1) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %72 = "arith.select"(%70, %71, %arg14) : (i1, i64, i64) -> i64
      %73 = "arith.index_cast"(%72) : (i64) -> index
      %74 = "arith.cmpi"(%arg15, %5) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %75 = "arith.addi"(%arg15, %2) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %76 = "arith.select"(%74, %75, %arg15) : (i1, i64, i64) -> i64
      %77 = "arith.index_cast"(%76) : (i64) -> index
      %78 = "arith.cmpi"(%arg16, %5) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %79 = "arith.addi"(%arg16, %2) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %80 = "arith.select"(%78, %79, %arg16) : (i1, i64, i64) -> i64
      %81 = "arith.index_cast"(%80) : (i64) -> index
      %82 = "arith.cmpi"(%arg17, %5) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %83 = "arith.addi"(%arg17, %0) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %84 = "arith.select"(%82, %83, %arg17) : (i1, i64, i64) -> i64
      %85 = "arith.index_cast"(%84) : (i64) -> index
      %86 = "tensor.extract"(%38, %73, %77, %81, %85) : (tensor<2x4x4x1xf32>, index, index, index, index) -> f32
      "linalg.yield"(%86) : (f32) -> ()
    }) : (tensor<2x16xi64>, tensor<2x16xi64>, tensor<2x16xi64>, tensor<2x16xi64>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %45 = "linalg.generic"(%13, %14, %15, %16, %43) <{indexing_maps = [#map4, #map4, #map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 4, 1>}> ({
    ^bb0(%arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: f32):
      %53 = "arith.cmpi"(%arg9, %5) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %54 = "arith.addi"(%arg9, %1) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %55 = "arith.select"(%53, %54, %arg9) : (i1, i64, i64) -> i64
      %56 = "arith.index_cast"(%55) : (i64) -> index
      %57 = "arith.cmpi"(%arg10, %5) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %58 = "arith.addi"(%arg10, %2) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %59 = "arith.select"(%57, %58, %arg10) : (i1, i64, i64) -> i64
      %60 = "arith.index_cast"(%59) : (i64) -> index
      %61 = "arith.cmpi"(%arg11, %5) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %62 = "arith.addi"(%arg11, %2) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %63 = "arith.select"(%61, %62, %arg11) : (i1, i64, i64) -> i64
      %64 = "arith.index_cast"(%63) : (i64) -> index
      %65 = "arith.cmpi"(%arg12, %5) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %66 = "arith.addi"(%arg12, %0) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %67 = "arith.select"(%65, %66, %arg12) : (i1, i64, i64) -> i64
      %68 = "arith.index_cast"(%67) : (i64) -> index
      %69 = "tensor.extract"(%42, %56, %60, %64, %68) : (tensor<2x4x4x1xf32>, index, index, index, index) -> f32
      "linalg.yield"(%69) : (f32) -> ()
    }) : (tensor<2x16xi64>, tensor<2x16xi64>, tensor<2x16xi64>, tensor<2x16xi64>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %46 = "tensor.expand_shape"(%44) <{reassociation = [[0], [1, 2, 3]], static_output_shape = array<i64: 2, 16, 1, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1x1xf32>
    %47 = "tensor.expand_shape"(%45) <{reassociation = [[0], [1, 2, 3]], static_output_shape = array<i64: 2, 16, 1, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1x1xf32>
    %48 = "tensor.empty"() : () -> tensor<2x16x12x12xf32>
    %49 = "linalg.generic"(%arg2, %46, %48) <{indexing_maps = [#map, #map1, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %52 = "arith.mulf"(%arg6, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%52) : (f32) -> ()
    }) : (tensor<2x16x12x12xf32>, tensor<2x16x1x1xf32>, tensor<2x16x12x12xf32>) -> tensor<2x16x12x12xf32>
    %50 = "linalg.generic"(%49, %47, %48) <{indexing_maps = [#map, #map1, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %51 = "arith.addf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%51) : (f32) -> ()
    }) : (tensor<2x16x12x12xf32>, tensor<2x16x1x1xf32>, tensor<2x16x12x12xf32>) -> tensor<2x16x12x12xf32>
    "func.return"(%50) : (tensor<2x16x12x12xf32>) -> ()
  }) : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_16_torch.int64: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000",
      torch_tensor_2_16_torch.int64_1: "0x0800000000000000000000000000000000000000000000000000000000000000000000000100000000000000010000000000000001000000000000000100000000000000020000000000000002000000000000000200000000000000020000000000000003000000000000000300000000000000030000000000000003000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000010000000000000002000000000000000200000000000000020000000000000002000000000000000300000000000000030000000000000003000000000000000300000000000000",
      torch_tensor_2_16_torch.int64_2: "0x0800000000000000000000000100000000000000020000000000000003000000000000000000000000000000010000000000000002000000000000000300000000000000000000000000000001000000000000000200000000000000030000000000000000000000000000000100000000000000020000000000000003000000000000000000000000000000010000000000000002000000000000000300000000000000000000000000000001000000000000000200000000000000030000000000000000000000000000000100000000000000020000000000000003000000000000000000000000000000010000000000000002000000000000000300000000000000",
      torch_tensor_2_16_torch.int64_3: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_2_16_torch.int64_4: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000010000000000000001000000000000000100000000000000",
      torch_tensor_2_16_torch.int64_5: "0x0800000000000000000000000000000000000000000000000000000000000000000000000100000000000000010000000000000001000000000000000100000000000000020000000000000002000000000000000200000000000000020000000000000003000000000000000300000000000000030000000000000003000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000001000000000000000100000000000000010000000000000002000000000000000200000000000000020000000000000002000000000000000300000000000000030000000000000003000000000000000300000000000000",
      torch_tensor_2_16_torch.int64_6: "0x0800000000000000000000000100000000000000020000000000000003000000000000000000000000000000010000000000000002000000000000000300000000000000000000000000000001000000000000000200000000000000030000000000000000000000000000000100000000000000020000000000000003000000000000000000000000000000010000000000000002000000000000000300000000000000000000000000000001000000000000000200000000000000030000000000000000000000000000000100000000000000020000000000000003000000000000000000000000000000010000000000000002000000000000000300000000000000",
      torch_tensor_2_16_torch.int64_7: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }
  }
#-}
