// A row chain over fewer rows than the GPU has SMs (device_sms, 132 on the
// H200) whose rows one block keeps in registers goes to the case for few
// rows: a block a row at T = 1024 with the row in registers is its first
// choice (as the H200 measured on 128 rows of 32768: 0.013 ms against
// 0.018 for a cluster of 8 blocks a row), the cluster its second
// alternative. The same softmax over 512 rows goes to the block-per-row
// case.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --precision=tf32x3 %S/../Skills/Inputs/row_chain_softmax_long.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/few > /dev/null
// RUN: FileCheck %s --check-prefix=FEW < %t/few/trajectory.jsonl
// RUN: sed 's/8x4096/512x4096/g; s/tensor<8xf32>/tensor<512xf32>/g; s/8x1xf32/512x1xf32/g; s/output_shape \[8, 1\]/output_shape [512, 1]/' %S/../Skills/Inputs/row_chain_softmax_long.mlir > %t/many.mlir
// RUN: ks-tune --precision=tf32x3 %t/many.mlir --measure=model --device=h200 --rounds=0 --cpu-check-dim=0 --out=%t/many > /dev/null
// RUN: FileCheck %s --check-prefix=MANY < %t/many/trajectory.jsonl

// FEW: "accepted":false,{{.*}}"dispatch":1,{{.*}}"rule":"first choice, alternative 2","skill":"fuse_rows_cluster"
// FEW-NEXT: "accepted":true,{{.*}}"dispatch":1,{{.*}}"params":{"E":1,"M":1,"RCP":1,"T":1024,"V":1},{{.*}}"rule":"first choice: case row-chain-few-rows-one-block:{{.*}}"skill":"fuse_rows_block"
// MANY: "dispatch":1,{{.*}}"rule":"first choice: case row-chain-block-per-row:{{.*}}"skill":"fuse_rows_block"
