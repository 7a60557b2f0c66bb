// A row chain over fewer rows than the GPU has SMs (device_sms, 132 on the
// H200) gets a cluster of blocks a row as its first choice: a block a row
// would leave SMs idle and run each SM's loads, reductions and stores one
// after the other. The same softmax over 512 rows keeps a block a row.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --precision=tf32x3 %S/../Skills/Inputs/row_chain_softmax_long.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/few > /dev/null
// RUN: FileCheck %s --check-prefix=FEW < %t/few/trajectory.jsonl
// RUN: sed 's/8x4096/512x4096/g; s/tensor<8xf32>/tensor<512xf32>/g; s/8x1xf32/512x1xf32/g; s/output_shape \[8, 1\]/output_shape [512, 1]/' %S/../Skills/Inputs/row_chain_softmax_long.mlir > %t/many.mlir
// RUN: ks-tune --precision=tf32x3 %t/many.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/many > /dev/null
// RUN: FileCheck %s --check-prefix=MANY < %t/many/trajectory.jsonl

// FEW: "dispatch":1,{{.*}}"rule":"first choice: case row-chain-cluster:{{.*}}"skill":"fuse_rows_cluster"
// MANY: "dispatch":1,{{.*}}"rule":"first choice: case row-chain-block-per-row:{{.*}}"skill":"fuse_rows_block"
