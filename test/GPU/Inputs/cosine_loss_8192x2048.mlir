// mean(1 - cosine_similarity(p, t)) on 8192x2048 inputs as Torch-MLIR
// imports KernelBench's level1/57 (python -m ks_torch import bench/problems).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<(d0, d1) -> (d0)>
#map4 = affine_map<(d0) -> ()>
#map5 = affine_map<(d0) -> (d0)>
#map6 = affine_map<() -> ()>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8192x2048xf32>, tensor<8192x2048xf32>) -> tensor<f32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<8192x2048xf32>, %arg1: tensor<8192x2048xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %2 = "arith.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %3 = "arith.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
    %4 = "arith.constant"() <{value = 8.192000e+03 : f32}> : () -> f32
    %5 = "arith.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
    %6 = "tensor.empty"() : () -> tensor<8192x1xf32>
    %7 = "linalg.fill"(%0, %6) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg38: f32, %arg39: f32):
      "linalg.yield"(%arg38) : (f32) -> ()
    }) : (f32, tensor<8192x1xf32>) -> tensor<8192x1xf32>
    %8 = "linalg.generic"(%arg0, %7) <{indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg36: f32, %arg37: f32):
      %42 = "math.absf"(%arg36) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %43 = "math.powf"(%42, %5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %44 = "arith.addf"(%43, %arg37) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%44) : (f32) -> ()
    }) : (tensor<8192x2048xf32>, tensor<8192x1xf32>) -> tensor<8192x1xf32>
    %9 = "linalg.generic"(%8, %6) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg34: f32, %arg35: f32):
      %41 = "math.powf"(%arg34, %3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%41) : (f32) -> ()
    }) : (tensor<8192x1xf32>, tensor<8192x1xf32>) -> tensor<8192x1xf32>
    %10 = "linalg.generic"(%arg1, %7) <{indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg32: f32, %arg33: f32):
      %38 = "math.absf"(%arg32) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %39 = "math.powf"(%38, %5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %40 = "arith.addf"(%39, %arg33) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%40) : (f32) -> ()
    }) : (tensor<8192x2048xf32>, tensor<8192x1xf32>) -> tensor<8192x1xf32>
    %11 = "linalg.generic"(%10, %6) <{indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg30: f32, %arg31: f32):
      %37 = "math.powf"(%arg30, %3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%37) : (f32) -> ()
    }) : (tensor<8192x1xf32>, tensor<8192x1xf32>) -> tensor<8192x1xf32>
    %12 = "linalg.generic"(%9, %1, %6) <{indexing_maps = [#map, #map2, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg27: f32, %arg28: f32, %arg29: f32):
      %35 = "arith.cmpf"(%arg27, %arg28) <{fastmath = #arith.fastmath<none>, predicate = 11 : i64}> : (f32, f32) -> i1
      %36 = "arith.select"(%35, %arg28, %arg27) : (i1, f32, f32) -> f32
      "linalg.yield"(%36) : (f32) -> ()
    }) : (tensor<8192x1xf32>, tensor<f32>, tensor<8192x1xf32>) -> tensor<8192x1xf32>
    %13 = "linalg.generic"(%11, %1, %6) <{indexing_maps = [#map, #map2, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg24: f32, %arg25: f32, %arg26: f32):
      %33 = "arith.cmpf"(%arg24, %arg25) <{fastmath = #arith.fastmath<none>, predicate = 11 : i64}> : (f32, f32) -> i1
      %34 = "arith.select"(%33, %arg25, %arg24) : (i1, f32, f32) -> f32
      "linalg.yield"(%34) : (f32) -> ()
    }) : (tensor<8192x1xf32>, tensor<f32>, tensor<8192x1xf32>) -> tensor<8192x1xf32>
    %14 = "tensor.empty"() : () -> tensor<8192x2048xf32>
    %15 = "linalg.generic"(%arg1, %13, %14) <{indexing_maps = [#map, #map1, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg21: f32, %arg22: f32, %arg23: f32):
      %32 = "arith.divf"(%arg21, %arg22) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%32) : (f32) -> ()
    }) : (tensor<8192x2048xf32>, tensor<8192x1xf32>, tensor<8192x2048xf32>) -> tensor<8192x2048xf32>
    %16 = "linalg.generic"(%arg0, %12, %14) <{indexing_maps = [#map, #map1, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg18: f32, %arg19: f32, %arg20: f32):
      %31 = "arith.divf"(%arg18, %arg19) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%31) : (f32) -> ()
    }) : (tensor<8192x2048xf32>, tensor<8192x1xf32>, tensor<8192x2048xf32>) -> tensor<8192x2048xf32>
    %17 = "linalg.generic"(%16, %15, %14) <{indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg15: f32, %arg16: f32, %arg17: f32):
      %30 = "arith.mulf"(%arg15, %arg16) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%30) : (f32) -> ()
    }) : (tensor<8192x2048xf32>, tensor<8192x2048xf32>, tensor<8192x2048xf32>) -> tensor<8192x2048xf32>
    %18 = "tensor.empty"() : () -> tensor<8192xf32>
    %19 = "linalg.fill"(%0, %18) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg13: f32, %arg14: f32):
      "linalg.yield"(%arg13) : (f32) -> ()
    }) : (f32, tensor<8192xf32>) -> tensor<8192xf32>
    %20 = "linalg.generic"(%17, %19) <{indexing_maps = [#map, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg11: f32, %arg12: f32):
      %29 = "arith.addf"(%arg11, %arg12) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%29) : (f32) -> ()
    }) : (tensor<8192x2048xf32>, tensor<8192xf32>) -> tensor<8192xf32>
    %21 = "linalg.generic"(%2, %20, %18) <{indexing_maps = [#map4, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32, %arg10: f32):
      %28 = "arith.subf"(%arg8, %arg9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%28) : (f32) -> ()
    }) : (tensor<f32>, tensor<8192xf32>, tensor<8192xf32>) -> tensor<8192xf32>
    %22 = "tensor.empty"() : () -> tensor<f32>
    %23 = "linalg.fill"(%0, %22) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      "linalg.yield"(%arg6) : (f32) -> ()
    }) : (f32, tensor<f32>) -> tensor<f32>
    %24 = "linalg.generic"(%21, %23) <{indexing_maps = [#map5, #map4], iterator_types = [#linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %27 = "arith.addf"(%arg4, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%27) : (f32) -> ()
    }) : (tensor<8192xf32>, tensor<f32>) -> tensor<f32>
    %25 = "linalg.generic"(%24, %22) <{indexing_maps = [#map6, #map6], iterator_types = [], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg2: f32, %arg3: f32):
      %26 = "arith.divf"(%arg2, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%26) : (f32) -> ()
    }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "func.return"(%25) : (tensor<f32>) -> ()
  }) : () -> ()
}) : () -> ()
