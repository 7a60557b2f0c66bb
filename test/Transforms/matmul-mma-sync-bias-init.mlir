// transform.ks.matmul_mma_sync starts its sums from a broadcast bias that
// gives the output its initial value, instead of loading the output the
// broadcast wrote: the broadcast's dispatch is folded (recorded in
// ks.folded_dispatches) and the kernel reads the bias itself. Here a
// 64 x 96 x 32 matmul onto a bias broadcast along the rows (dispatch 0;
// the matmul dispatch 1). Numerics in the CPU emulation of the kernel
// against the CPU reference on fresh random inputs (96 columns: a partial
// 64-column tile reads its bias clamped, and stores nothing past the edge).
// A bias broadcast along the columns ([64] over [64, 96]) folds alike.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_tf32x3_mma", "params": {"BM": 32, "BN": 64, "BK": 16, "WM": 16, "WN": 32, "S": 2}}]}' > %t.plan.json
// RUN: ks-opt %s --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: ks-run %s --emulate-gpu --plan=%t.plan.json --seed=71 | FileCheck %s --check-prefix=EMULATED
// RUN: sed -e 's/ins(%b : tensor<96xf32>)/ins(%c : tensor<64xf32>)/' -e 's/dimensions = \[0\]/dimensions = [1]/' %s > %t.cols.mlir
// RUN: ks-opt %t.cols.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s --check-prefix=COLS
// RUN: ks-run %t.cols.mlir --emulate-gpu --plan=%t.plan.json --seed=72 | FileCheck %s --check-prefix=EMULATED

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>}
// CHECK-LABEL: func.func @main
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.launch_func @main_kernel::@main_kernel {{.*}} args({{.*}}%arg1 : memref<96xf32>
// CHECK-NOT: gpu.launch_func
// In the kernel: the bias loaded at the output element's column.
// CHECK-LABEL: gpu.module @main_kernel
// CHECK: memref.load %arg{{[0-9]+}}[%{{.*}}] : memref<96xf32>

// COLS: ks.folded_dispatches = array<i64: 0>
// COLS: memref.load %arg{{[0-9]+}}[%{{.*}}] : memref<64xf32>

// EMULATED: output #0 64x96xf32: match
func.func @main(%a: tensor<64x32xf32>, %b: tensor<96xf32>, %c: tensor<64xf32>, %w: tensor<32x96xf32>) -> tensor<64x96xf32> {
  %e = tensor.empty() : tensor<64x96xf32>
  %init = linalg.broadcast ins(%b : tensor<96xf32>) outs(%e : tensor<64x96xf32>) dimensions = [0]
  %y = linalg.matmul ins(%a, %w : tensor<64x32xf32>, tensor<32x96xf32>) outs(%init : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %y : tensor<64x96xf32>
}
