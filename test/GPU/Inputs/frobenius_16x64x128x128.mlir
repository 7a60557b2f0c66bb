// x / ||x||_F on a 16x64x128x128 input as Torch-MLIR imports KernelBench's
// level1/37 (python -m ks_torch import bench/problems).
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> ()>
#map2 = affine_map<() -> ()>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<16x64x128x128xf32>) -> tensor<16x64x128x128xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<16x64x128x128xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "tensor.empty"() : () -> tensor<16x64x128x128xf32>
    %2 = "linalg.generic"(%arg0, %arg0, %1) <{indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg10: f32, %arg11: f32, %arg12: f32):
      %11 = "arith.mulf"(%arg10, %arg11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%11) : (f32) -> ()
    }) : (tensor<16x64x128x128xf32>, tensor<16x64x128x128xf32>, tensor<16x64x128x128xf32>) -> tensor<16x64x128x128xf32>
    %3 = "tensor.empty"() : () -> tensor<f32>
    %4 = "linalg.fill"(%0, %3) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32):
      "linalg.yield"(%arg8) : (f32) -> ()
    }) : (f32, tensor<f32>) -> tensor<f32>
    %5 = "linalg.generic"(%2, %4) <{indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      %10 = "arith.addf"(%arg6, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) : (tensor<16x64x128x128xf32>, tensor<f32>) -> tensor<f32>
    %6 = "linalg.generic"(%5, %3) <{indexing_maps = [#map2, #map2], iterator_types = [], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %9 = "math.sqrt"(%arg4) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%9) : (f32) -> ()
    }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %7 = "linalg.generic"(%arg0, %6, %1) <{indexing_maps = [#map, #map1, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
      %8 = "arith.divf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%8) : (f32) -> ()
    }) : (tensor<16x64x128x128xf32>, tensor<f32>, tensor<16x64x128x128xf32>) -> tensor<16x64x128x128xf32>
    "func.return"(%7) : (tensor<16x64x128x128xf32>) -> ()
  }) : () -> ()
}) : () -> ()
