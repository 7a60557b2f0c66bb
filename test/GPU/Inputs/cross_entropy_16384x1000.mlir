// F.cross_entropy of 16384x1000 logits against int64 targets as Torch-MLIR
// imports KernelBench's level1/54 (python -m ks_torch import bench/problems).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0) -> ()>
#map5 = affine_map<() -> ()>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<16384x1000xf32>, tensor<16384xi64>) -> tensor<f32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<16384x1000xf32>, %arg1: tensor<16384xi64>):
    %0 = "arith.constant"() <{value = -100 : i64}> : () -> i64
    %1 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %2 = "arith.constant"() <{value = 0xFF800000 : f32}> : () -> f32
    %3 = "arith.constant"() <{value = 1000 : index}> : () -> index
    %4 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %5 = "arith.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %6 = "arith.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %7 = "tensor.empty"() : () -> tensor<16384xi64>
    %8 = "linalg.fill"(%1, %7) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg48: i64, %arg49: i64):
      "linalg.yield"(%arg48) : (i64) -> ()
    }) : (i64, tensor<16384xi64>) -> tensor<16384xi64>
    %9 = "tensor.empty"() : () -> tensor<16384xf32>
    %10 = "linalg.fill"(%2, %9) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg46: f32, %arg47: f32):
      "linalg.yield"(%arg46) : (f32) -> ()
    }) : (f32, tensor<16384xf32>) -> tensor<16384xf32>
    %11:2 = "linalg.generic"(%arg0, %10, %8) <{indexing_maps = [#map, #map1, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 2>}> ({
    ^bb0(%arg43: f32, %arg44: f32, %arg45: i64):
      %56 = "linalg.index"() <{dim = 1 : i64}> : () -> index
      %57 = "arith.index_cast"(%56) : (index) -> i64
      %58 = "arith.maximumf"(%arg43, %arg44) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %59 = "arith.cmpf"(%arg43, %arg44) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
      %60 = "arith.select"(%59, %57, %arg45) : (i1, i64, i64) -> i64
      "linalg.yield"(%58, %60) : (f32, i64) -> ()
    }) : (tensor<16384x1000xf32>, tensor<16384xf32>, tensor<16384xi64>) -> (tensor<16384xf32>, tensor<16384xi64>)
    %12 = "tensor.expand_shape"(%11#0) <{reassociation = [[0, 1]], static_output_shape = array<i64: 16384, 1>}> : (tensor<16384xf32>) -> tensor<16384x1xf32>
    %13 = "tensor.empty"() : () -> tensor<16384x1000xf32>
    %14 = "linalg.generic"(%arg0, %12, %13) <{indexing_maps = [#map, #map2, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg40: f32, %arg41: f32, %arg42: f32):
      %55 = "arith.subf"(%arg40, %arg41) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%55) : (f32) -> ()
    }) : (tensor<16384x1000xf32>, tensor<16384x1xf32>, tensor<16384x1000xf32>) -> tensor<16384x1000xf32>
    %15 = "linalg.generic"(%14, %13) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg38: f32, %arg39: f32):
      %54 = "math.exp"(%arg38) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%54) : (f32) -> ()
    }) : (tensor<16384x1000xf32>, tensor<16384x1000xf32>) -> tensor<16384x1000xf32>
    %16 = "tensor.empty"() : () -> tensor<16384x1xf32>
    %17 = "linalg.fill"(%4, %16) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg36: f32, %arg37: f32):
      "linalg.yield"(%arg36) : (f32) -> ()
    }) : (f32, tensor<16384x1xf32>) -> tensor<16384x1xf32>
    %18 = "linalg.generic"(%15, %17) <{indexing_maps = [#map, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg34: f32, %arg35: f32):
      %53 = "arith.addf"(%arg34, %arg35) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%53) : (f32) -> ()
    }) : (tensor<16384x1000xf32>, tensor<16384x1xf32>) -> tensor<16384x1xf32>
    %19 = "linalg.generic"(%18, %16) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg32: f32, %arg33: f32):
      %52 = "math.log"(%arg32) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%52) : (f32) -> ()
    }) : (tensor<16384x1xf32>, tensor<16384x1xf32>) -> tensor<16384x1xf32>
    %20 = "linalg.generic"(%14, %19, %13) <{indexing_maps = [#map, #map2, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg29: f32, %arg30: f32, %arg31: f32):
      %51 = "arith.subf"(%arg29, %arg30) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%51) : (f32) -> ()
    }) : (tensor<16384x1000xf32>, tensor<16384x1xf32>, tensor<16384x1000xf32>) -> tensor<16384x1000xf32>
    %21 = "tensor.empty"() : () -> tensor<16384xi1>
    %22 = "linalg.generic"(%arg1, %21) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg27: i64, %arg28: i1):
      %50 = "arith.cmpi"(%arg27, %0) <{predicate = 1 : i64}> : (i64, i64) -> i1
      "linalg.yield"(%50) : (i1) -> ()
    }) : (tensor<16384xi64>, tensor<16384xi1>) -> tensor<16384xi1>
    %23 = "linalg.generic"(%22, %arg1, %6, %7) <{indexing_maps = [#map3, #map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg23: i1, %arg24: i64, %arg25: i64, %arg26: i64):
      %49 = "arith.select"(%arg23, %arg24, %arg25) : (i1, i64, i64) -> i64
      "linalg.yield"(%49) : (i64) -> ()
    }) : (tensor<16384xi1>, tensor<16384xi64>, tensor<i64>, tensor<16384xi64>) -> tensor<16384xi64>
    %24 = "tensor.expand_shape"(%23) <{reassociation = [[0, 1]], static_output_shape = array<i64: 16384, 1>}> : (tensor<16384xi64>) -> tensor<16384x1xi64>
    %25 = "linalg.generic"(%24, %17) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg21: i64, %arg22: f32):
      %44 = "linalg.index"() <{dim = 0 : i64}> : () -> index
      %45 = "arith.index_cast"(%arg21) : (i64) -> index
      %46 = "arith.cmpi"(%45, %3) <{predicate = 2 : i64}> : (index, index) -> i1
      "cf.assert"(%46) <{msg = "index must be smaller than dim size"}> : (i1) -> ()
      %47 = "arith.cmpi"(%arg21, %1) <{predicate = 5 : i64}> : (i64, i64) -> i1
      "cf.assert"(%47) <{msg = "index must be larger or equal to 0"}> : (i1) -> ()
      %48 = "tensor.extract"(%20, %44, %45) : (tensor<16384x1000xf32>, index, index) -> f32
      "linalg.yield"(%48) : (f32) -> ()
    }) : (tensor<16384x1xi64>, tensor<16384x1xf32>) -> tensor<16384x1xf32>
    %26 = "tensor.collapse_shape"(%25) <{reassociation = [[0, 1]]}> : (tensor<16384x1xf32>) -> tensor<16384xf32>
    %27 = "linalg.generic"(%26, %9) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg19: f32, %arg20: f32):
      %43 = "arith.negf"(%arg19) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%43) : (f32) -> ()
    }) : (tensor<16384xf32>, tensor<16384xf32>) -> tensor<16384xf32>
    %28 = "linalg.generic"(%22, %27, %5, %9) <{indexing_maps = [#map3, #map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg15: i1, %arg16: f32, %arg17: f32, %arg18: f32):
      %42 = "arith.select"(%arg15, %arg16, %arg17) : (i1, f32, f32) -> f32
      "linalg.yield"(%42) : (f32) -> ()
    }) : (tensor<16384xi1>, tensor<16384xf32>, tensor<f32>, tensor<16384xf32>) -> tensor<16384xf32>
    %29 = "tensor.empty"() : () -> tensor<i64>
    %30 = "linalg.fill"(%1, %29) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg13: i64, %arg14: i64):
      "linalg.yield"(%arg13) : (i64) -> ()
    }) : (i64, tensor<i64>) -> tensor<i64>
    %31 = "linalg.generic"(%22, %30) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg11: i1, %arg12: i64):
      %40 = "arith.extui"(%arg11) : (i1) -> i64
      %41 = "arith.addi"(%40, %arg12) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "linalg.yield"(%41) : (i64) -> ()
    }) : (tensor<16384xi1>, tensor<i64>) -> tensor<i64>
    %32 = "tensor.empty"() : () -> tensor<f32>
    %33 = "linalg.generic"(%31, %32) <{indexing_maps = [#map5, #map5], iterator_types = [], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg9: i64, %arg10: f32):
      %39 = "arith.sitofp"(%arg9) : (i64) -> f32
      "linalg.yield"(%39) : (f32) -> ()
    }) : (tensor<i64>, tensor<f32>) -> tensor<f32>
    %34 = "linalg.fill"(%4, %32) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg7: f32, %arg8: f32):
      "linalg.yield"(%arg7) : (f32) -> ()
    }) : (f32, tensor<f32>) -> tensor<f32>
    %35 = "linalg.generic"(%28, %34) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg5: f32, %arg6: f32):
      %38 = "arith.addf"(%arg5, %arg6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%38) : (f32) -> ()
    }) : (tensor<16384xf32>, tensor<f32>) -> tensor<f32>
    %36 = "linalg.generic"(%35, %33, %32) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %37 = "arith.divf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%37) : (f32) -> ()
    }) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<f32>
    "func.return"(%36) : (tensor<f32>) -> ()
  }) : () -> ()
}) : () -> ()
