// The cost model's sectors for a row chain a warp splits among its lanes
// (fuse_rows_warp, rows kept in registers: scalar accesses). With E = 1
// lane l touches elements l, l + 32, ...: a warp's access is 128
// contiguous bytes, no excess. With E = 4 lane l touches 4l .. 4l + 3, one
// access at a time: a warp's access spans 512 bytes for 128 used, 16
// sectors where 4 would do, each access its own trip through L1 and L2.
// The lanes are indexed by gpu.lane_id, which the model counts as a
// thread's neighbour as it does thread_id x.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 1, "V": 1}}]}' > %t.e1.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 4, "V": 1}}]}' > %t.e4.json
// RUN: ks-opt %S/../Skills/Inputs/row_chain_layer_norm.mlir --ks-seed-lowering="plan=%t.e1.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=E1
// RUN: ks-opt %S/../Skills/Inputs/row_chain_layer_norm.mlir --ks-seed-lowering="plan=%t.e4.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=E4

// E1: "sector_excess_bytes": 0,
// E1: "time_us": 2.5

// Each 4-byte access with 12 bytes of sectors more (786432 bytes in all):
// about four times E1's time.
// E4: "sector_excess_bytes": 786432,
// E4: "time_us": 10.2
