// The cost model's charge for one thread's serial work: the row scan of
// scan_rows_warp_sklansky carries its running total through every chunk of
// a segment in thread 0 (18 ops a chunk of 32: the spine's loads, combines
// and stores) while the block waits at a barrier. That work is counted once
// a block, not once a thread, and its ops cost kSingleThreadOpCycles each,
// once per wave of the blocks the SMs hold. 20480 rows of 32768 on the H200
// (132 SMs), chunks of 32: the chain is 18432 ops a row, 18.6 us at
// 1.98 GHz; blocks of 256 threads (8 an SM) run in 20 waves: 372 us; blocks
// of 1024 (2 an SM) in 78: 1452 us. Blocks of 32 are capped at 32 an SM,
// so the SM holds 1024 of its 2048 threads and the row's 1024 rounds of
// loads wait in 5 waves of threads: 3075 us of latency. The ranking this
// gives (256 threads, then 1024, then 32) is the one measured on an H200
// (docs/results/scans.md: 2.33, 2.75 and 3.73 ms).
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_warp_sklansky", "params": {"W": 32, "T": 32}}]}' > %t.32.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_warp_sklansky", "params": {"W": 32, "T": 256}}]}' > %t.256.json
// RUN: echo '{"dispatches": [{"id": 1, "skill": "scan_rows_warp_sklansky", "params": {"W": 32, "T": 1024}}]}' > %t.1024.json
// RUN: ks-opt %S/Inputs/cumsum_rows_20480x32768.mlir --ks-seed-lowering="plan=%t.32.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=T32
// RUN: ks-opt %S/Inputs/cumsum_rows_20480x32768.mlir --ks-seed-lowering="plan=%t.256.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=T256
// RUN: ks-opt %S/Inputs/cumsum_rows_20480x32768.mlir --ks-seed-lowering="plan=%t.1024.json" --ks-estimate-kernels="device=h200" -o /dev/null | FileCheck %s --check-prefix=T1024

// T32: "bound": "latency",
// T32: "latency_us": 3075,
// T32: "single_thread_us": 93.0909,
// T32: "time_us": 3168.09

// T256: "latency_us": 1548,
// T256: "single_thread_us": 372.364,
// T256: "time_us": 1920.36

// T1024: "single_thread_us": 1452.22,
// T1024: "time_us": 2996.62
