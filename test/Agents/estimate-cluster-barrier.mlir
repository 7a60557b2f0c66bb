// The cost model's charge for cluster barriers: a row chain split over a
// cluster of 4 blocks a row (fuse_rows_cluster) waits at three cluster
// barriers one after another (the maxima, the sums, the writes), each
// three memory latencies (0.6 us on the H200): 5.4 us on top of its busiest
// unit, once per kernel. A block a row (fuse_rows_block) has none.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_cluster", "params": {"C": 4, "T": 128, "E": 4}}]}' > %t.cluster.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 512, "E": 4}}]}' > %t.block.json
// RUN: ks-opt %S/../Skills/Inputs/row_chain_softmax.mlir --ks-seed-lowering="plan=%t.cluster.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=CLUSTER
// RUN: ks-opt %S/../Skills/Inputs/row_chain_softmax.mlir --ks-seed-lowering="plan=%t.block.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=BLOCK

// The launch's 2.5 us, the busiest unit, plus the barriers.
// CLUSTER: "bound": "launch",
// CLUSTER: "cluster_sync_us": 5.4,
// CLUSTER-NEXT: "cluster_waits": 3,
// CLUSTER: "time_us": 7.9

// BLOCK-NOT: cluster_waits
// BLOCK: "time_us": 5.7
