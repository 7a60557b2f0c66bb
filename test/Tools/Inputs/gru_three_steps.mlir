// A GRU cell written out, unrolled over three steps (batch 1024, input 512, hidden 1024), as the PyTorch frontend imports bench/holdout/level3/03_gru_cell_unrolled.py with steps = 3.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> ()>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3072x512xf32>, tensor<3072xf32>, tensor<3072x1024xf32>, tensor<3072xf32>, tensor<3x1024x512xf32>) -> tensor<1024x1024xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<3072x512xf32>, %arg1: tensor<3072xf32>, %arg2: tensor<3072x1024xf32>, %arg3: tensor<3072xf32>, %arg4: tensor<3x1024x512xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %2 = "arith.constant"() <{value = dense<0.000000e+00> : tensor<1024x1024xf32>}> : () -> tensor<1024x1024xf32>
    %3 = "arith.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
    %4 = "tensor.extract_slice"(%arg4) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 1, 1024, 512>, static_strides = array<i64: 1, 1, 1>}> : (tensor<3x1024x512xf32>) -> tensor<1x1024x512xf32>
    %5 = "tensor.collapse_shape"(%4) <{reassociation = [[0, 1], [2]]}> : (tensor<1x1024x512xf32>) -> tensor<1024x512xf32>
    %6 = "tensor.empty"() : () -> tensor<512x3072xf32>
    %7 = "linalg.transpose"(%arg0, %6) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg135: f32, %arg136: f32):
      "linalg.yield"(%arg135) : (f32) -> ()
    }) : (tensor<3072x512xf32>, tensor<512x3072xf32>) -> tensor<512x3072xf32>
    %8 = "tensor.empty"() : () -> tensor<1024x3072xf32>
    %9 = "linalg.fill"(%0, %8) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg133: f32, %arg134: f32):
      "linalg.yield"(%arg133) : (f32) -> ()
    }) : (f32, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %10 = "linalg.matmul"(%5, %7, %9) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg130: f32, %arg131: f32, %arg132: f32):
      %149 = "arith.mulf"(%arg130, %arg131) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %150 = "arith.addf"(%arg132, %149) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%150) : (f32) -> ()
    }) : (tensor<1024x512xf32>, tensor<512x3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %11 = "linalg.generic"(%10, %arg1, %8) <{indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg127: f32, %arg128: f32, %arg129: f32):
      %148 = "arith.addf"(%arg127, %arg128) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%148) : (f32) -> ()
    }) : (tensor<1024x3072xf32>, tensor<3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %12 = "tensor.extract_slice"(%11) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %13 = "tensor.extract_slice"(%11) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1024>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %14 = "tensor.extract_slice"(%11) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 2048>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %15 = "linalg.transpose"(%arg2, %8) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg125: f32, %arg126: f32):
      "linalg.yield"(%arg125) : (f32) -> ()
    }) : (tensor<3072x1024xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %16 = "linalg.matmul"(%2, %15, %9) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg122: f32, %arg123: f32, %arg124: f32):
      %146 = "arith.mulf"(%arg122, %arg123) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %147 = "arith.addf"(%arg124, %146) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%147) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %17 = "linalg.generic"(%16, %arg3, %8) <{indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg119: f32, %arg120: f32, %arg121: f32):
      %145 = "arith.addf"(%arg119, %arg120) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%145) : (f32) -> ()
    }) : (tensor<1024x3072xf32>, tensor<3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %18 = "tensor.extract_slice"(%17) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %19 = "tensor.extract_slice"(%17) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1024>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %20 = "tensor.extract_slice"(%17) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 2048>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %21 = "tensor.empty"() : () -> tensor<1024x1024xf32>
    %22 = "linalg.generic"(%12, %18, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg116: f32, %arg117: f32, %arg118: f32):
      %144 = "arith.addf"(%arg116, %arg117) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%144) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %23 = "linalg.generic"(%22, %21) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg114: f32, %arg115: f32):
      %140 = "arith.negf"(%arg114) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %141 = "math.exp"(%140) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %142 = "arith.addf"(%141, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %143 = "arith.divf"(%1, %142) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%143) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %24 = "linalg.generic"(%13, %19, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg111: f32, %arg112: f32, %arg113: f32):
      %139 = "arith.addf"(%arg111, %arg112) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%139) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %25 = "linalg.generic"(%24, %21) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg109: f32, %arg110: f32):
      %135 = "arith.negf"(%arg109) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %136 = "math.exp"(%135) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %137 = "arith.addf"(%136, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %138 = "arith.divf"(%1, %137) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%138) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %26 = "linalg.generic"(%23, %20, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg106: f32, %arg107: f32, %arg108: f32):
      %134 = "arith.mulf"(%arg106, %arg107) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%134) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %27 = "linalg.generic"(%14, %26, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg103: f32, %arg104: f32, %arg105: f32):
      %133 = "arith.addf"(%arg103, %arg104) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%133) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %28 = "linalg.generic"(%27, %21) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg101: f32, %arg102: f32):
      %132 = "math.tanh"(%arg101) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%132) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %29 = "linalg.generic"(%3, %25, %21) <{indexing_maps = [#map5, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg98: i64, %arg99: f32, %arg100: f32):
      %130 = "arith.sitofp"(%arg98) : (i64) -> f32
      %131 = "arith.subf"(%130, %arg99) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%131) : (f32) -> ()
    }) : (tensor<i64>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %30 = "linalg.generic"(%29, %28, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg95: f32, %arg96: f32, %arg97: f32):
      %129 = "arith.mulf"(%arg95, %arg96) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%129) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %31 = "linalg.generic"(%25, %2, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg92: f32, %arg93: f32, %arg94: f32):
      %128 = "arith.mulf"(%arg92, %arg93) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%128) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %32 = "linalg.generic"(%30, %31, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg89: f32, %arg90: f32, %arg91: f32):
      %127 = "arith.addf"(%arg89, %arg90) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%127) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %33 = "tensor.extract_slice"(%arg4) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 0, 0>, static_sizes = array<i64: 1, 1024, 512>, static_strides = array<i64: 1, 1, 1>}> : (tensor<3x1024x512xf32>) -> tensor<1x1024x512xf32>
    %34 = "tensor.collapse_shape"(%33) <{reassociation = [[0, 1], [2]]}> : (tensor<1x1024x512xf32>) -> tensor<1024x512xf32>
    %35 = "linalg.matmul"(%34, %7, %9) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg86: f32, %arg87: f32, %arg88: f32):
      %125 = "arith.mulf"(%arg86, %arg87) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %126 = "arith.addf"(%arg88, %125) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%126) : (f32) -> ()
    }) : (tensor<1024x512xf32>, tensor<512x3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %36 = "linalg.generic"(%35, %arg1, %8) <{indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg83: f32, %arg84: f32, %arg85: f32):
      %124 = "arith.addf"(%arg83, %arg84) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%124) : (f32) -> ()
    }) : (tensor<1024x3072xf32>, tensor<3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %37 = "tensor.extract_slice"(%36) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %38 = "tensor.extract_slice"(%36) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1024>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %39 = "tensor.extract_slice"(%36) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 2048>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %40 = "linalg.matmul"(%32, %15, %9) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg80: f32, %arg81: f32, %arg82: f32):
      %122 = "arith.mulf"(%arg80, %arg81) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %123 = "arith.addf"(%arg82, %122) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%123) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %41 = "linalg.generic"(%40, %arg3, %8) <{indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg77: f32, %arg78: f32, %arg79: f32):
      %121 = "arith.addf"(%arg77, %arg78) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%121) : (f32) -> ()
    }) : (tensor<1024x3072xf32>, tensor<3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %42 = "tensor.extract_slice"(%41) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %43 = "tensor.extract_slice"(%41) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1024>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %44 = "tensor.extract_slice"(%41) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 2048>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %45 = "linalg.generic"(%37, %42, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg74: f32, %arg75: f32, %arg76: f32):
      %120 = "arith.addf"(%arg74, %arg75) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%120) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %46 = "linalg.generic"(%45, %21) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg72: f32, %arg73: f32):
      %116 = "arith.negf"(%arg72) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %117 = "math.exp"(%116) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %118 = "arith.addf"(%117, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %119 = "arith.divf"(%1, %118) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%119) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %47 = "linalg.generic"(%38, %43, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg69: f32, %arg70: f32, %arg71: f32):
      %115 = "arith.addf"(%arg69, %arg70) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%115) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %48 = "linalg.generic"(%47, %21) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg67: f32, %arg68: f32):
      %111 = "arith.negf"(%arg67) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %112 = "math.exp"(%111) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %113 = "arith.addf"(%112, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %114 = "arith.divf"(%1, %113) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%114) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %49 = "linalg.generic"(%46, %44, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg64: f32, %arg65: f32, %arg66: f32):
      %110 = "arith.mulf"(%arg64, %arg65) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%110) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %50 = "linalg.generic"(%39, %49, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg61: f32, %arg62: f32, %arg63: f32):
      %109 = "arith.addf"(%arg61, %arg62) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%109) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %51 = "linalg.generic"(%50, %21) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg59: f32, %arg60: f32):
      %108 = "math.tanh"(%arg59) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%108) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %52 = "linalg.generic"(%3, %48, %21) <{indexing_maps = [#map5, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg56: i64, %arg57: f32, %arg58: f32):
      %106 = "arith.sitofp"(%arg56) : (i64) -> f32
      %107 = "arith.subf"(%106, %arg57) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%107) : (f32) -> ()
    }) : (tensor<i64>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %53 = "linalg.generic"(%52, %51, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg53: f32, %arg54: f32, %arg55: f32):
      %105 = "arith.mulf"(%arg53, %arg54) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%105) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %54 = "linalg.generic"(%48, %32, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg50: f32, %arg51: f32, %arg52: f32):
      %104 = "arith.mulf"(%arg50, %arg51) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%104) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %55 = "linalg.generic"(%53, %54, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg47: f32, %arg48: f32, %arg49: f32):
      %103 = "arith.addf"(%arg47, %arg48) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%103) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %56 = "tensor.extract_slice"(%arg4) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2, 0, 0>, static_sizes = array<i64: 1, 1024, 512>, static_strides = array<i64: 1, 1, 1>}> : (tensor<3x1024x512xf32>) -> tensor<1x1024x512xf32>
    %57 = "tensor.collapse_shape"(%56) <{reassociation = [[0, 1], [2]]}> : (tensor<1x1024x512xf32>) -> tensor<1024x512xf32>
    %58 = "linalg.matmul"(%57, %7, %9) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg44: f32, %arg45: f32, %arg46: f32):
      %101 = "arith.mulf"(%arg44, %arg45) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %102 = "arith.addf"(%arg46, %101) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%102) : (f32) -> ()
    }) : (tensor<1024x512xf32>, tensor<512x3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %59 = "linalg.generic"(%58, %arg1, %8) <{indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg41: f32, %arg42: f32, %arg43: f32):
      %100 = "arith.addf"(%arg41, %arg42) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%100) : (f32) -> ()
    }) : (tensor<1024x3072xf32>, tensor<3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %60 = "tensor.extract_slice"(%59) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %61 = "tensor.extract_slice"(%59) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1024>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %62 = "tensor.extract_slice"(%59) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 2048>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %63 = "linalg.matmul"(%55, %15, %9) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg38: f32, %arg39: f32, %arg40: f32):
      %98 = "arith.mulf"(%arg38, %arg39) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %99 = "arith.addf"(%arg40, %98) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%99) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %64 = "linalg.generic"(%63, %arg3, %8) <{indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg35: f32, %arg36: f32, %arg37: f32):
      %97 = "arith.addf"(%arg35, %arg36) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%97) : (f32) -> ()
    }) : (tensor<1024x3072xf32>, tensor<3072xf32>, tensor<1024x3072xf32>) -> tensor<1024x3072xf32>
    %65 = "tensor.extract_slice"(%64) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %66 = "tensor.extract_slice"(%64) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1024>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %67 = "tensor.extract_slice"(%64) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 2048>, static_sizes = array<i64: 1024, 1024>, static_strides = array<i64: 1, 1>}> : (tensor<1024x3072xf32>) -> tensor<1024x1024xf32>
    %68 = "linalg.generic"(%60, %65, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg32: f32, %arg33: f32, %arg34: f32):
      %96 = "arith.addf"(%arg32, %arg33) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%96) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %69 = "linalg.generic"(%68, %21) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg30: f32, %arg31: f32):
      %92 = "arith.negf"(%arg30) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %93 = "math.exp"(%92) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %94 = "arith.addf"(%93, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %95 = "arith.divf"(%1, %94) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%95) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %70 = "linalg.generic"(%61, %66, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg27: f32, %arg28: f32, %arg29: f32):
      %91 = "arith.addf"(%arg27, %arg28) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%91) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %71 = "linalg.generic"(%70, %21) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg25: f32, %arg26: f32):
      %87 = "arith.negf"(%arg25) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %88 = "math.exp"(%87) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %89 = "arith.addf"(%88, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %90 = "arith.divf"(%1, %89) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%90) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %72 = "linalg.generic"(%69, %67, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg22: f32, %arg23: f32, %arg24: f32):
      %86 = "arith.mulf"(%arg22, %arg23) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%86) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %73 = "linalg.generic"(%62, %72, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg19: f32, %arg20: f32, %arg21: f32):
      %85 = "arith.addf"(%arg19, %arg20) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%85) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %74 = "linalg.generic"(%73, %21) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg17: f32, %arg18: f32):
      %84 = "math.tanh"(%arg17) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%84) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %75 = "linalg.generic"(%3, %71, %21) <{indexing_maps = [#map5, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg14: i64, %arg15: f32, %arg16: f32):
      %82 = "arith.sitofp"(%arg14) : (i64) -> f32
      %83 = "arith.subf"(%82, %arg15) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%83) : (f32) -> ()
    }) : (tensor<i64>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %76 = "linalg.generic"(%75, %74, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg11: f32, %arg12: f32, %arg13: f32):
      %81 = "arith.mulf"(%arg11, %arg12) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%81) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %77 = "linalg.generic"(%71, %55, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32, %arg10: f32):
      %80 = "arith.mulf"(%arg8, %arg9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%80) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %78 = "linalg.generic"(%76, %77, %21) <{indexing_maps = [#map3, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %79 = "arith.addf"(%arg5, %arg6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%79) : (f32) -> ()
    }) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    "func.return"(%78) : (tensor<1024x1024xf32>) -> ()
  }) : () -> ()
}) : () -> ()
