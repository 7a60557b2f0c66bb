// The cost model's charge for cluster barriers: a row chain split over a
// cluster of 4 blocks a row (fuse_rows_cluster) waits at three cluster
// barriers one after another (the maxima, the sums, the writes), each
// three memory latencies (0.6 us on the H200): 5.4 us on top of its busiest
// unit for 16 rows, one block an SM. A block a row (fuse_rows_block) has
// none. Over 8192 rows (32768 blocks, 249 an SM) the barriers are waited
// out once per wave of the blocks an SM holds, each further block hiding a
// fifth of a wave's wait (a quarter at least): 16 blocks of 128 threads an
// SM, 16 waves at a quarter, 21.6 us; 4 blocks of 512, 63 waves at 0.4,
// 136.08 us. The block a row waits instead at its block barriers with
// loads in flight (five, a latency each: estimate-load-drains.mlir).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_cluster", "params": {"C": 4, "T": 128, "E": 4}}]}' > %t.cluster.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 512, "E": 4}}]}' > %t.block.json
// RUN: ks-opt %S/../Skills/Inputs/row_chain_softmax.mlir --ks-seed-lowering="plan=%t.cluster.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=CLUSTER
// RUN: ks-opt %S/../Skills/Inputs/row_chain_softmax.mlir --ks-seed-lowering="plan=%t.block.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=BLOCK
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_cluster", "params": {"C": 4, "T": 512, "E": 1}}]}' > %t.wide.json
// RUN: sed 's/tensor<16/tensor<8192/g; s/output_shape \[16, /output_shape [8192, /g' %S/../Skills/Inputs/row_chain_softmax.mlir > %t.rows.mlir
// RUN: ks-opt %t.rows.mlir --ks-seed-lowering="plan=%t.cluster.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=SMALL-BLOCKS
// RUN: ks-opt %t.rows.mlir --ks-seed-lowering="plan=%t.wide.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=LARGE-BLOCKS

// The launch's 2.5 us, the busiest unit, plus the barriers.
// CLUSTER: "bound": "launch",
// CLUSTER: "cluster_sync_us": 5.4,
// CLUSTER-NEXT: "cluster_waits": 3,
// CLUSTER: "time_us": 7.9

// BLOCK-NOT: cluster_waits
// BLOCK: "drain_us": 3,
// BLOCK: "time_us": 8.7

// SMALL-BLOCKS: "blocks": 32768,
// SMALL-BLOCKS: "cluster_sync_us": 21.6,
// LARGE-BLOCKS: "blocks": 32768,
// LARGE-BLOCKS: "cluster_sync_us": 136.08,
