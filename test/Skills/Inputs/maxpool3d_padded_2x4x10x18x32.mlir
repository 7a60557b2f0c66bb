// KernelBench's max_pool3d (window 3, stride 2, padding 1) on a 2x4x10x18x32 input, as the PyTorch frontend imports it: a -inf tensor.pad to 2x4x12x20x34 (dispatches 0 and 1, the fill and the copy), the -inf fill of the output (2), then the pooling generic (3).
#map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4x10x18x32xf32>) -> tensor<2x4x5x9x16xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<2x4x10x18x32xf32>):
    %0 = "arith.constant"() <{value = 0xFF800000 : f32}> : () -> f32
    %1 = "tensor.pad"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 1, 1, 1>, static_low = array<i64: 0, 0, 1, 1, 1>}> ({
    ^bb0(%arg6: index, %arg7: index, %arg8: index, %arg9: index, %arg10: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) : (tensor<2x4x10x18x32xf32>) -> tensor<2x4x12x20x34xf32>
    %2 = "tensor.empty"() : () -> tensor<2x4x5x9x16xf32>
    %3 = "linalg.fill"(%0, %2) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      "linalg.yield"(%arg4) : (f32) -> ()
    }) : (f32, tensor<2x4x5x9x16xf32>) -> tensor<2x4x5x9x16xf32>
    %4 = "tensor.empty"() : () -> tensor<3x3x3xf32>
    %5 = "linalg.generic"(%1, %4, %3) <{indexing_maps = [#map, #map1, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
      %6 = "arith.maximumf"(%arg1, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) : (tensor<2x4x12x20x34xf32>, tensor<3x3x3xf32>, tensor<2x4x5x9x16xf32>) -> tensor<2x4x5x9x16xf32>
    "func.return"(%5) : (tensor<2x4x5x9x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()
