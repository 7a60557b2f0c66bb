// The cost model's sectors for a row chain a warp splits among its lanes
// (fuse_rows_warp, rows kept in registers: scalar accesses). With E = 1
// lane l touches elements l, l + 32, ...: a warp's access is 128
// contiguous bytes, no excess. With E = 4 lane l touches 4l .. 4l + 3, one
// access at a time: a warp's access spans 512 bytes for 128 used, 16
// sectors where 4 would do, each access its own trip through L1 and L2.
// The lanes are indexed by gpu.lane_id, which the model counts as a
// thread's neighbour as it does thread_id x.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 1, "V": 1}}]}' > %t.e1.json
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_warp", "params": {"R": 4, "E": 4, "V": 1}}]}' > %t.e4.json
// RUN: ks-opt %S/../Skills/Inputs/row_chain_layer_norm.mlir --ks-seed-lowering="plan=%t.e1.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=E1
// RUN: ks-opt %S/../Skills/Inputs/row_chain_layer_norm.mlir --ks-seed-lowering="plan=%t.e4.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=E4

// Both wait at three block barriers with loads in flight, 1.8 us
// (estimate-load-drains.mlir).
// E1: "drain_us": 1.8,
// E1: "sector_excess_bytes": 0,
// E1: "time_us": 4.89

// Each 4-byte access with 12 bytes of sectors more (786432 bytes in all):
// about three and a half times E1's time before the barriers' 1.8 us.
// E4: "sector_excess_bytes": 786432,
// E4: "time_us": 12.5

// A pooling whose threads each walk a tile of neighbouring columns
// (pool_window_registers, CT = 8, stride 2: lanes 16 elements, 64 bytes,
// apart) reads each sector through L1 as the thread walks on, so no sector
// is moved twice, but every warp access looks up 16 lines where its 128
// bytes fill one: 15 lines of 128 bytes over 32 lanes, 60 bytes a thread
// an access (the padded input read in place: its clamped index moves as
// the column does). Lanes 2 elements apart (pool_row_columns_registers,
// CT = 1) cost nothing more.
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool_window_registers", "params": {"TX": 32, "RT": 1, "CT": 8, "FOLD": 1}}]}' > %t.window.json
// RUN: echo '{"dispatches": [{"id": 3, "skill": "pool_row_columns_registers", "params": {"TX": 128, "CT": 1, "FOLD": 1}}]}' > %t.columns.json
// RUN: ks-opt %S/../Skills/Inputs/maxpool1d_padded_2x4x512.mlir --ks-seed-lowering="plan=%t.window.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=WINDOW
// RUN: ks-opt %S/../Skills/Inputs/maxpool1d_padded_2x4x512.mlir --ks-seed-lowering="plan=%t.columns.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=COLUMNS

// 60 bytes x 256 threads x 32 accesses (4 taps of 8 outputs each).
// WINDOW: "bound": "l1",
// WINDOW: "l1_line_excess_bytes": 491520,
// WINDOW: "sector_excess_bytes": 0,

// The launch's 2.5 us, and 0.6 us at the barrier after its row's loads
// (estimate-load-drains.mlir).
// COLUMNS: "bound": "launch",
// COLUMNS: "drain_us": 0.6,
// COLUMNS-NOT: l1_line_excess_bytes
// COLUMNS: "time_us": 3.1
