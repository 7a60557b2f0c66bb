// A broadcast bias that reaches a kernel's output through a copy (the
// bias tensor shared by two matmuls: bufferization broadcasts it into the
// second output and copies that into the first, as Torch-MLIR's transposed
// convolution copies its bias into every phase's output): the first
// matmul's kernel starts from the bias itself and its copy is folded, the
// second's from the broadcast, which is folded too. Numerics of both
// outputs in the CPU emulation against the CPU reference on fresh inputs.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 2, "skill": "matmul_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}, {"id": 3, "skill": "matmul_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.plan.json
// RUN: ks-opt %s --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %s --emulate-gpu --plan=%t.plan.json --seed=73 | FileCheck %s --check-prefix=EMULATED

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 1, 0>}
// CHECK-LABEL: func.func @main
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.launch_func @main_kernel::@main_kernel {{.*}} args(%arg2 : memref<96xf32>, %arg0 : memref<64x32xf32>
// CHECK-NEXT: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%arg2 : memref<96xf32>, %arg1 : memref<64x32xf32>
// CHECK-NOT: gpu.launch_func

// EMULATED: output #0 64x96xf32: match
// EMULATED: output #1 64x96xf32: match
func.func @main(%a: tensor<64x32xf32>, %a2: tensor<64x32xf32>, %b: tensor<96xf32>, %w: tensor<32x96xf32>) -> (tensor<64x96xf32>, tensor<64x96xf32>) {
  %e = tensor.empty() : tensor<64x96xf32>
  %init = linalg.broadcast ins(%b : tensor<96xf32>) outs(%e : tensor<64x96xf32>) dimensions = [0]
  %y = linalg.matmul ins(%a, %w : tensor<64x32xf32>, tensor<32x96xf32>) outs(%init : tensor<64x96xf32>) -> tensor<64x96xf32>
  %y2 = linalg.matmul ins(%a2, %w : tensor<64x32xf32>, tensor<32x96xf32>) outs(%init : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %y, %y2 : tensor<64x96xf32>, tensor<64x96xf32>
}
