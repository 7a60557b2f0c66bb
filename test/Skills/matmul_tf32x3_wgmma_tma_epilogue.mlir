// The skill matmul_tf32x3_wgmma_tma_epilogue on a linear layer followed by
// its bias per column and a ReLU (one elementwise op once
// ks-fuse-elementwise has run), 2 slots: the 3xTF32 wgmma kernel of
// matmul_tf32x3_wgmma_tma (see its test) stores each sum (its zero fill
// folded: nothing loaded or added), then applies the epilogue to it (the
// bias loaded at its column, the maximum with zero) and stores that: one
// launch, the fill and the epilogue have none. An epilogue it cannot apply
// is refused naming why (test/Transforms/matmul-tf32x3-wgmma-errors.mlir).
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_tf32x3_wgmma_tma_epilogue", "params": {"S": 2, "P": 4}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/linear_relu_256x128x96.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/linear_relu_256x128x96.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel.sm_90a.ptx

// HOST-COUNT-1: gpu.launch_func
// HOST-NOT: gpu.launch_func

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c2, %c1, %c1) threads in (%c128, %c2, %c1) dynamic_shared_memory_size %c132096_i32
// CHECK-NOT: linalg.
// CHECK: gpu.func @main_kernel(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %[[OUT:.*]]: memref<256x128xf32>, %[[BIAS:.*]]: memref<128xf32>)
// Windows of 4 K steps: the first product of one starts from zero, and at
// its end (or the last step) the sums are added up.
// CHECK: arith.remui %{{.*}}, %c4 : index
// CHECK-COUNT-12: wgmma.mma_async
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// Each output: the sum stored as it is, the bias loaded, the ReLU, the
// epilogue's store.
// CHECK: %[[V:.*]] = llvm.extractvalue %{{[0-9]+}}#0[0]
// CHECK-NEXT: memref.store %[[V]], %[[OUT]][%[[ROW:.*]], %[[COL:.*]]] : memref<256x128xf32>
// CHECK-NEXT: %[[B:.*]] = memref.load %[[BIAS]][%[[COL]]] : memref<128xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[V]], %[[B]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.maximumf %[[S]], %{{.*}} : f32
// CHECK-NEXT: memref.store %[[R]], %[[OUT]][%[[ROW]], %[[COL]]] : memref<256x128xf32>
// CHECK-COUNT-63: arith.maximumf

// PTX: .target sm_90a
// PTX: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// PTX-COUNT-64: max.NaN.f32
