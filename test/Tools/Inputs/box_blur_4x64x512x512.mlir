#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x64x512x512xf32>) -> tensor<4x64x512x512xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<4x64x512x512xf32>):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %2 = "arith.constant"() <{value = 512 : i64}> : () -> i64
    %3 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %4 = "arith.constant"() <{value = 513 : i64}> : () -> i64
    %5 = "arith.constant"() <{value = 2 : i64}> : () -> i64
    %6 = "tensor.pad"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 1, 1>, static_low = array<i64: 0, 0, 1, 1>}> ({
    ^bb0(%arg8: index, %arg9: index, %arg10: index, %arg11: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) : (tensor<4x64x512x512xf32>) -> tensor<4x64x514x514xf32>
    %7 = "tensor.empty"() : () -> tensor<4x64x512x512xf32>
    %8 = "linalg.fill"(%0, %7) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      "linalg.yield"(%arg6) : (f32) -> ()
    }) : (f32, tensor<4x64x512x512xf32>) -> tensor<4x64x512x512xf32>
    %9 = "tensor.empty"() : () -> tensor<3x3xf32>
    %10 = "linalg.pooling_nchw_sum"(%6, %9, %8) <{dilations = dense<1> : vector<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<1> : vector<2xi64>}> ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %37 = "arith.addf"(%arg5, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%37) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2]} : (tensor<4x64x514x514xf32>, tensor<3x3xf32>, tensor<4x64x512x512xf32>) -> tensor<4x64x512x512xf32>
    %11 = "linalg.generic"(%10, %7) <{indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      %12 = "linalg.index"() <{dim = 2 : i64}> : () -> index
      %13 = "arith.index_cast"(%12) : (index) -> i64
      %14 = "arith.subi"(%13, %1) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %15 = "arith.addi"(%13, %5) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %16 = "arith.minsi"(%15, %4) : (i64, i64) -> i64
      %17 = "arith.minsi"(%16, %2) : (i64, i64) -> i64
      %18 = "arith.subi"(%1, %13) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %19 = "arith.maxsi"(%18, %3) : (i64, i64) -> i64
      %20 = "arith.subi"(%17, %14) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %21 = "arith.subi"(%20, %19) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %22 = "arith.maxsi"(%21, %3) : (i64, i64) -> i64
      %23 = "linalg.index"() <{dim = 3 : i64}> : () -> index
      %24 = "arith.index_cast"(%23) : (index) -> i64
      %25 = "arith.subi"(%24, %1) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %26 = "arith.addi"(%24, %5) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %27 = "arith.minsi"(%26, %4) : (i64, i64) -> i64
      %28 = "arith.minsi"(%27, %2) : (i64, i64) -> i64
      %29 = "arith.subi"(%1, %24) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %30 = "arith.maxsi"(%29, %3) : (i64, i64) -> i64
      %31 = "arith.subi"(%28, %25) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %32 = "arith.subi"(%31, %30) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %33 = "arith.maxsi"(%32, %3) : (i64, i64) -> i64
      %34 = "arith.muli"(%22, %33) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %35 = "arith.sitofp"(%34) : (i64) -> f32
      %36 = "arith.divf"(%arg1, %35) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%36) : (f32) -> ()
    }) : (tensor<4x64x512x512xf32>, tensor<4x64x512x512xf32>) -> tensor<4x64x512x512xf32>
    "func.return"(%11) : (tensor<4x64x512x512xf32>) -> ()
  }) : () -> ()
}) : () -> ()
