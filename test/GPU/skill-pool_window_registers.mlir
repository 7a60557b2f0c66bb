// REQUIRES: cuda-gpu
// pool_window_registers on level1/38's max pooling (3x3, stride 2, of a
// 16x64x113x113 input into 16x64x56x56; dispatch 1, the -inf fill is
// dispatch 0 and is computed in the pooling's threads) matches the CPU
// reference on fresh random inputs: 2 rows x 56 columns per block.
// RUN: ks-run %s --plan=%S/Inputs/plan_pool_window_registers.json --seed=45 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 16x64x56x56xf32: match" %t.log
// One kernel: 28 row pairs x 64 channels x 16 images.
// RUN: grep -A4 '"grid": \[' %t.json | tr -d ' \n' | grep -q '"grid":\[28,64,16\]'
// RUN: grep -c '"grid": \[' %t.json | grep -qx 1
// With FOLD = 1 on level1/40's -inf padded max_pool1d (at its SMALL sizes):
// the input read in place, the border checked per element, one kernel.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool_window_registers", "params": {"TX": 128, "RT": 1, "CT": 2, "FOLD": 1}}]}' > %t.fold.json
// RUN: ks-run %S/../Skills/Inputs/maxpool1d_padded_2x4x512.mlir --plan=%t.fold.json --seed=46 --json=%t.fold.run.json > %t.fold.log
// RUN: grep -q "output #0 2x4x256xf32: match" %t.fold.log
// RUN: grep -c '"grid": \[' %t.fold.run.json | grep -qx 1
// With EPI = 1 (the default) on an average pooling: the division by the
// window applied to the sums in registers, one kernel, against the CPU
// reference.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "pool_window_registers", "params": {"TX": 16, "RT": 2, "CT": 1}}]}' > %t.avg.json
// RUN: ks-run %S/../Skills/Inputs/avgpool_2x4x8x32.mlir --plan=%t.avg.json --seed=47 --json=%t.avg.run.json > %t.avg.log
// RUN: grep -q "output #0 2x4x4x16xf32: match" %t.avg.log
// RUN: grep -c '"grid": \[' %t.avg.run.json | grep -qx 1
// The division by the count of the window's elements inside the input
// (count_include_pad=False), which reads its element's place, folded the
// same way: one kernel, against the CPU reference.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool_window_registers", "params": {"TX": 10, "RT": 3, "CT": 2, "FOLD": 1}}]}' > %t.place.json
// RUN: ks-run %S/../Skills/Inputs/avgpool_exclude_pad_2x3x12x20.mlir --plan=%t.place.json --seed=49 --json=%t.place.run.json > %t.place.log
// RUN: grep -q "output #0 2x3x12x20xf32: match" %t.place.log
// RUN: grep -c '"grid": \[' %t.place.run.json | grep -qx 1
func.func @main(%x: tensor<16x64x113x113xf32>) -> tensor<16x64x56x56xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<16x64x56x56xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<16x64x56x56xf32>) -> tensor<16x64x56x56xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %w : tensor<16x64x113x113xf32>, tensor<3x3xf32>) outs(%f : tensor<16x64x56x56xf32>) -> tensor<16x64x56x56xf32>
  return %r : tensor<16x64x56x56xf32>
}
