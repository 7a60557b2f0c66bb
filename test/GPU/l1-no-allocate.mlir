// REQUIRES: cuda-gpu
// A plan's "l1_no_allocate" on the H100, at KernelBench's sizes with the
// benchmark plans: level1/41's global average pooling (16384 rows of 784,
// fuse_rows_warp, 16-byte loads) against the CPU reference, and level1/34's
// group norm (one kernel: statistics and apply in clusters of 8 blocks)
// against the seed's kernels on the GPU; fresh random inputs. Both kernels'
// loads skip the L1 (ld.global.L1::no_allocate in their PTX).
// RUN: echo '{"l1_no_allocate": [1], "dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"E": 4, "R": 4}}]}' > %t.gap.json
// RUN: ks-run %S/Inputs/global_avg_pool_32x512x28x28.mlir --plan=%t.gap.json --seed=31 --trials=5 > %t.gap.log
// RUN: grep -q "output #0 32x512xf32: match" %t.gap.log
// RUN: ks-opt %S/Inputs/global_avg_pool_32x512x28x28.mlir --ks-compile="plan=%t.gap.json ptx-dir=%t.gap.ptx" > /dev/null
// RUN: grep -c "ld.global.L1::no_allocate.v4.f32" %t.gap.ptx/main_kernel.sm_90.ptx | grep -qx 7
// RUN: echo '{"l1_no_allocate": [2], "dispatches": [{"id": 2, "skill": "fuse_rows_cluster", "params": {"C": 8, "E": 1, "T": 512}}]}' > %t.gn.json
// RUN: ks-run %S/Inputs/group_norm_16x64x128x128.mlir --plan=%t.gn.json --reference=gpu:%S/Inputs/group_norm_16x64x128x128.mlir --seed=37 --trials=3 > %t.gn.log
// RUN: grep -q "output #0 16x64x128x128xf32: match" %t.gn.log
// RUN: ks-opt %S/Inputs/group_norm_16x64x128x128.mlir --ks-compile="plan=%t.gn.json ptx-dir=%t.gn.ptx" > /dev/null
// RUN: cat %t.gn.ptx/*.ptx | grep -c "L1::no_allocate" | grep -qv "^0$"
