// A linear layer on a 3-d input as Torch-MLIR writes it (x collapsed to
// 2-d, x @ transpose(W), the bias added, the result expanded back), then
// GELU and a second linear layer with a residual add. ks-fuse-elementwise
// moves no reshape into the GEMMs or their epilogues: the GELU is collapsed
// to the GEMM's shape and fuses with the bias add, the residual add with
// the second bias add. The dispatches then read each weight in place and
// write each epilogue over its GEMM's result.
// RUN: ks-opt %S/Inputs/linear3d_gelu_linear_residual_4x16x32.mlir --ks-fuse-elementwise | FileCheck %s
// RUN: ks-opt %S/Inputs/linear3d_gelu_linear_residual_4x16x32.mlir --ks-dispatches | FileCheck %s --check-prefix=DISPATCH
// RUN: ks-run %S/Inputs/linear3d_gelu_linear_residual_4x16x32.mlir --emulate-gpu --seed=41 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_tf32x3_mma_epilogue", "params": {"BM": 32, "BN": 32, "BK": 16, "WM": 16, "WN": 16, "S": 2}}]}' > %t.plan.json
// RUN: ks-run %S/Inputs/linear3d_gelu_linear_residual_4x16x32.mlir --emulate-gpu --plan=%t.plan.json --seed=43 | FileCheck %s --check-prefix=EMULATED

// CHECK-LABEL: func.func @main
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg4 {{\[}}[0, 1], [2]] : tensor<4x16x32xf32> into tensor<64x32xf32>
// CHECK: %[[H:.*]] = linalg.matmul ins(%[[X]], %{{.*}} : tensor<64x32xf32>, tensor<32x128xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%[[H]], %arg1 : tensor<64x128xf32>, tensor<128xf32>)
// CHECK: arith.addf
// CHECK: math.erf
// CHECK: } -> tensor<64x128xf32>
// CHECK: %[[Y:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x128xf32>, tensor<128x32xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %[[Y]], %arg3 : tensor<64x32xf32>, tensor<64x32xf32>, tensor<32xf32>)
// CHECK: tensor.expand_shape %[[SUM]] {{\[}}[0, 1], [2]] output_shape [4, 16, 32]
// CHECK-NOT: linalg.generic

// DISPATCH-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// DISPATCH-DAG: #[[W:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// DISPATCH-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// DISPATCH-LABEL: func.func @main
// DISPATCH-NOT: linalg.transpose
// DISPATCH: %[[H:.*]] = memref.alloc() {{.*}} : memref<64x128xf32>
// DISPATCH: linalg.generic {indexing_maps = [#[[A]], #[[W]], #[[C]]], {{.*}} ins(%{{.*}}, %arg0 : memref<64x32xf32>, memref<128x32xf32>) outs(%[[H]] : memref<64x128xf32>) attrs = {ks.dispatch = 1 : i64}
// DISPATCH: linalg.generic {{.*}} ins(%[[H]], %arg1 : memref<64x128xf32>, memref<128xf32>) outs(%[[H]] : memref<64x128xf32>) attrs = {ks.dispatch = 2 : i64}
// DISPATCH: math.erf
// DISPATCH: %[[OUT:.*]] = memref.collapse_shape %arg5
// DISPATCH: linalg.generic {indexing_maps = [#[[A]], #[[W]], #[[C]]], {{.*}} ins(%[[H]], %arg2 : memref<64x128xf32>, memref<32x128xf32>) outs(%[[OUT]] : memref<64x32xf32>) attrs = {ks.dispatch = 4 : i64}
// DISPATCH: linalg.generic {{.*}} outs(%[[OUT]] : memref<64x32xf32>) attrs = {ks.dispatch = 5 : i64}
// DISPATCH-NOT: ks.dispatch = 6

// EMULATED: output #0 4x16x32xf32: match
