// REQUIRES: cuda-gpu
// conv_tf32x3_wgmma_tma matches the CPU reference (atol = rtol = 1e-4) on
// fresh random inputs: level2/10's padded 3x3 convolution with a bias at
// batch 2 (K = 1152 through 3 slots, 1568 pixels: a partial last tile, the
// padding read from the source, the bias folded), the same form with 64
// filters in 64-wide tiles (BN = 64, 200 pixels, 2 slots: two blocks an SM), and a 3x3 convolution
// with stride 2 and dilation 2 onto zeros (BN = 128, 2 slots; and in
// 32-wide filter tiles, m64n32k8, promoting every 2 steps), and a 7x7
// stem over 3 channels (K = 147 padded with zeros to 160, 49 taps in a
// 64-bit mask, padding 3 read from the source).
// RUN: ks-run %S/Inputs/conv2d_padded_bias_2x128x28x28.mlir --plan=%S/Inputs/plan_conv_tf32x3_wgmma_tma.json --seed=81 --trials=5 > %t.big.log
// RUN: grep -q "output #0 2x256x28x28xf32: match" %t.big.log
// RUN: ks-run %S/../Skills/Inputs/conv2d_padded_bias_2x32x10x10.mlir --plan=%S/Inputs/plan_conv_tf32x3_wgmma_tma_64.json --seed=82 --trials=5 > %t.64.log
// RUN: grep -q "output #0 2x64x10x10xf32: match" %t.64.log
// RUN: ks-run %S/../Skills/Inputs/conv2d_strided_dilated_2x32x19x19.mlir --plan=%S/Inputs/plan_conv_tf32x3_wgmma_tma_strided.json --seed=83 --trials=5 > %t.strided.log
// RUN: grep -q "output #0 2x128x8x8xf32: match" %t.strided.log
// RUN: ks-run %S/../Skills/Inputs/conv2d_strided_dilated_2x32x19x19.mlir --plan=%S/Inputs/plan_conv_tf32x3_wgmma_tma_32.json --seed=85 --trials=5 > %t.32.log
// RUN: grep -q "output #0 2x128x8x8xf32: match" %t.32.log
// RUN: ks-run %S/../Skills/Inputs/conv2d_stem_2x3x32x32.mlir --plan=%S/Inputs/plan_conv_tf32x3_wgmma_tma_64.json --seed=84 --trials=5 > %t.stem.log
// RUN: grep -q "output #0 2x64x16x16xf32: match" %t.stem.log
