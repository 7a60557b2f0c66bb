// The cost model's charge for block barriers after loads: a row chain with
// a block a row (fuse_rows_block) over 8192 rows of 2048 waits at a block
// barrier with its loads in flight once with the row kept in registers
// (V = 1: loaded once, before the maxima) and five times without (V = 0:
// each op loads the row again before its reduction or store). Each drain is
// a memory latency (0.6 us on the H200) once per wave of the blocks an SM
// holds, the other resident blocks hiding a fifth of it each (a quarter at
// least): 63 blocks an SM, 8 of 256 threads at once, 8 waves at a quarter,
// 1.2 us a drain. A cluster chain's drains are in its cluster waits.
// RUN: sed 's/tensor<16/tensor<8192/g; s/output_shape \[16, /output_shape [8192, /g' %S/../Skills/Inputs/row_chain_softmax.mlir > %t.rows.mlir
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 256, "E": 1, "V": 1}}]}' > %t.kept.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_block", "params": {"T": 256, "E": 1, "V": 0}}]}' > %t.reloaded.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_cluster", "params": {"C": 4, "T": 128, "E": 4}}]}' > %t.cluster.json
// RUN: ks-opt %t.rows.mlir --ks-seed-lowering="plan=%t.kept.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=KEPT
// RUN: ks-opt %t.rows.mlir --ks-seed-lowering="plan=%t.reloaded.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=RELOADED
// RUN: ks-opt %t.rows.mlir --ks-seed-lowering="plan=%t.cluster.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=CLUSTER

// KEPT: "blocks": 8192,
// KEPT: "drain_us": 1.2,
// KEPT: "load_drains": 1,
// KEPT: "threads_per_block": 256,

// RELOADED: "drain_us": 6,
// RELOADED: "load_drains": 5,

// CLUSTER: "cluster_waits": 3,
// CLUSTER-NOT: load_drains
