// REQUIRES: cuda-gpu
// matmul_tf32x3_wgmma_tma_epilogue where M is not a multiple of the tile:
// a ViT-sized MLP block (788 tokens, 384 -> 1536 -> 384, GELU, residual)
// matches the CPU reference (atol = rtol = 1e-4) on fresh random inputs.
// The last row of tiles reads TMA's zeros past row 788 and stores only
// the rows below it; a store past the edge would write into the next
// buffer or fault, a row of zeros not read would show as a mismatch.
// RUN: ks-run %S/Inputs/vit_mlp_4x197x384.mlir --plan=%S/Inputs/plan_vit_mlp_wgmma_epilogue.json --seed=74 --trials=5 --json=%t.json > %t.log
// RUN: grep -q "output #0 4x197x384xf32: match" %t.log
// Two kernels: each GEMM with its bias (and GELU, or the residual add).
// RUN: grep -c '"launches"' %t.json | grep -qx 2
