// F.kl_div(log(softmax(p)), softmax(t), 'batchmean') on 4096x4096 logits as Torch-MLIR
// imports KernelBench's level1/56 (python -m ks_torch import bench/problems).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> ()>
#map4 = affine_map<() -> ()>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<f32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<4096x4096xf32>, %arg1: tensor<4096x4096xf32>):
    %0 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %1 = "arith.constant"() <{value = 0xFF800000 : f32}> : () -> f32
    %2 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %3 = "arith.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %4 = "arith.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "arith.constant"() <{value = 4.096000e+03 : f32}> : () -> f32
    %6 = "tensor.empty"() : () -> tensor<4096xi64>
    %7 = "linalg.fill"(%0, %6) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg64: i64, %arg65: i64):
      "linalg.yield"(%arg64) : (i64) -> ()
    }) : (i64, tensor<4096xi64>) -> tensor<4096xi64>
    %8 = "tensor.empty"() : () -> tensor<4096xf32>
    %9 = "linalg.fill"(%1, %8) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg62: f32, %arg63: f32):
      "linalg.yield"(%arg62) : (f32) -> ()
    }) : (f32, tensor<4096xf32>) -> tensor<4096xf32>
    %10:2 = "linalg.generic"(%arg0, %9, %7) <{indexing_maps = [#map, #map1, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 2>}> ({
    ^bb0(%arg59: f32, %arg60: f32, %arg61: i64):
      %63 = "linalg.index"() <{dim = 1 : i64}> : () -> index
      %64 = "arith.index_cast"(%63) : (index) -> i64
      %65 = "arith.maximumf"(%arg59, %arg60) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %66 = "arith.cmpf"(%arg59, %arg60) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
      %67 = "arith.select"(%66, %64, %arg61) : (i1, i64, i64) -> i64
      "linalg.yield"(%65, %67) : (f32, i64) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096xf32>, tensor<4096xi64>) -> (tensor<4096xf32>, tensor<4096xi64>)
    %11 = "tensor.expand_shape"(%10#0) <{reassociation = [[0, 1]], static_output_shape = array<i64: 4096, 1>}> : (tensor<4096xf32>) -> tensor<4096x1xf32>
    %12 = "tensor.empty"() : () -> tensor<4096x4096xf32>
    %13 = "linalg.generic"(%arg0, %11, %12) <{indexing_maps = [#map, #map2, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg56: f32, %arg57: f32, %arg58: f32):
      %62 = "arith.subf"(%arg56, %arg57) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%62) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x1xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %14 = "linalg.generic"(%13, %12) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg54: f32, %arg55: f32):
      %61 = "math.exp"(%arg54) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%61) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %15 = "tensor.empty"() : () -> tensor<4096x1xf32>
    %16 = "linalg.fill"(%2, %15) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg52: f32, %arg53: f32):
      "linalg.yield"(%arg52) : (f32) -> ()
    }) : (f32, tensor<4096x1xf32>) -> tensor<4096x1xf32>
    %17 = "linalg.generic"(%14, %16) <{indexing_maps = [#map, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg50: f32, %arg51: f32):
      %60 = "arith.addf"(%arg50, %arg51) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%60) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x1xf32>
    %18 = "linalg.generic"(%14, %17, %12) <{indexing_maps = [#map, #map2, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg47: f32, %arg48: f32, %arg49: f32):
      %59 = "arith.divf"(%arg47, %arg48) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%59) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x1xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %19 = "linalg.generic"(%18, %12) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg45: f32, %arg46: f32):
      %58 = "math.log"(%arg45) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%58) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %20:2 = "linalg.generic"(%arg1, %9, %7) <{indexing_maps = [#map, #map1, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 2>}> ({
    ^bb0(%arg42: f32, %arg43: f32, %arg44: i64):
      %53 = "linalg.index"() <{dim = 1 : i64}> : () -> index
      %54 = "arith.index_cast"(%53) : (index) -> i64
      %55 = "arith.maximumf"(%arg42, %arg43) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %56 = "arith.cmpf"(%arg42, %arg43) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
      %57 = "arith.select"(%56, %54, %arg44) : (i1, i64, i64) -> i64
      "linalg.yield"(%55, %57) : (f32, i64) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096xf32>, tensor<4096xi64>) -> (tensor<4096xf32>, tensor<4096xi64>)
    %21 = "tensor.expand_shape"(%20#0) <{reassociation = [[0, 1]], static_output_shape = array<i64: 4096, 1>}> : (tensor<4096xf32>) -> tensor<4096x1xf32>
    %22 = "linalg.generic"(%arg1, %21, %12) <{indexing_maps = [#map, #map2, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg39: f32, %arg40: f32, %arg41: f32):
      %52 = "arith.subf"(%arg39, %arg40) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%52) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x1xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %23 = "linalg.generic"(%22, %12) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg37: f32, %arg38: f32):
      %51 = "math.exp"(%arg37) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%51) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %24 = "linalg.generic"(%23, %16) <{indexing_maps = [#map, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg35: f32, %arg36: f32):
      %50 = "arith.addf"(%arg35, %arg36) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%50) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x1xf32>
    %25 = "linalg.generic"(%23, %24, %12) <{indexing_maps = [#map, #map2, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg32: f32, %arg33: f32, %arg34: f32):
      %49 = "arith.divf"(%arg32, %arg33) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%49) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x1xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %26 = "linalg.generic"(%25, %19, %12) <{indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg29: f32, %arg30: f32, %arg31: f32):
      %48 = "arith.mulf"(%arg29, %arg30) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%48) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %27 = "tensor.empty"() : () -> tensor<4096x4096xi1>
    %28 = "linalg.generic"(%25, %27) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg27: f32, %arg28: i1):
      %47 = "arith.cmpf"(%arg27, %2) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}> : (f32, f32) -> i1
      "linalg.yield"(%47) : (i1) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x4096xi1>) -> tensor<4096x4096xi1>
    %29 = "linalg.generic"(%25, %12) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg25: f32, %arg26: f32):
      %46 = "math.log"(%arg25) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%46) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %30 = "linalg.generic"(%25, %29, %12) <{indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg22: f32, %arg23: f32, %arg24: f32):
      %45 = "arith.mulf"(%arg22, %arg23) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%45) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %31 = "linalg.generic"(%28, %4, %30, %12) <{indexing_maps = [#map, #map3, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg18: i1, %arg19: f32, %arg20: f32, %arg21: f32):
      %44 = "arith.select"(%arg18, %arg19, %arg20) : (i1, f32, f32) -> f32
      "linalg.yield"(%44) : (f32) -> ()
    }) : (tensor<4096x4096xi1>, tensor<f32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %32 = "linalg.generic"(%25, %25, %27) <{indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg15: f32, %arg16: f32, %arg17: i1):
      %43 = "arith.cmpf"(%arg15, %arg16) <{fastmath = #arith.fastmath<none>, predicate = 13 : i64}> : (f32, f32) -> i1
      "linalg.yield"(%43) : (i1) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xi1>) -> tensor<4096x4096xi1>
    %33 = "linalg.generic"(%32, %3, %31, %12) <{indexing_maps = [#map, #map3, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg11: i1, %arg12: f32, %arg13: f32, %arg14: f32):
      %42 = "arith.select"(%arg11, %arg12, %arg13) : (i1, f32, f32) -> f32
      "linalg.yield"(%42) : (f32) -> ()
    }) : (tensor<4096x4096xi1>, tensor<f32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %34 = "linalg.generic"(%33, %26, %12) <{indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32, %arg10: f32):
      %41 = "arith.subf"(%arg8, %arg9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%41) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %35 = "tensor.empty"() : () -> tensor<f32>
    %36 = "linalg.fill"(%2, %35) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      "linalg.yield"(%arg6) : (f32) -> ()
    }) : (f32, tensor<f32>) -> tensor<f32>
    %37 = "linalg.generic"(%34, %36) <{indexing_maps = [#map, #map3], iterator_types = [#linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %40 = "arith.addf"(%arg4, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%40) : (f32) -> ()
    }) : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<f32>
    %38 = "linalg.generic"(%37, %35) <{indexing_maps = [#map4, #map4], iterator_types = [], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg2: f32, %arg3: f32):
      %39 = "arith.divf"(%arg2, %5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%39) : (f32) -> ()
    }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "func.return"(%38) : (tensor<f32>) -> ()
  }) : () -> ()
}) : () -> ()
