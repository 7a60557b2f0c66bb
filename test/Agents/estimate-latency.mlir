// The cost model's latency term on the first stage of a split squared-error
// sum (65536 column sums over the 256 rows of two 256x65536 matrices, on the
// H100). The seed's thread walks its column one row a trip: 256 rounds of
// loads, each waited for; two thirds of the bytes it loads stream from DRAM
// (the running sum it reloads every step does not), so a round costs 0.6 us
// x 2/3: 102.8 us, twice the 51.6 us its DRAM traffic takes.
// reduce_columns_registers walks 8 rows a trip: 32 rounds, 19.2 us, under
// the DRAM time, which now bounds it (51.5 us: its sums start from the
// fill's zero in registers, so the output is not read), plus 0.24 us for
// the block barrier its partial sums wait at (estimate-load-drains.mlir).
// RUN: ks-opt %S/Inputs/column_sums_large.mlir --ks-seed-lowering --ks-estimate-kernels="device=h100-sxm" -o /dev/null | FileCheck %s --check-prefix=SEED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "reduce_columns_registers", "params": {"BX": 128, "U": 8, "OUT": 2}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/column_sums_large.mlir --ks-seed-lowering="plan=%t.plan.json" --ks-estimate-kernels="device=h100-sxm" -o /dev/null | FileCheck %s --check-prefix=TUNED

// SEED:      "bound": "latency",
// SEED:      "dispatch": 1,
// SEED:      "dram_us": 51.566,
// SEED:      "latency_us": 102.8,
// SEED:      "time_us": 102.8,

// TUNED:      "bound": "dram",
// TUNED:      "dispatch": 1,
// TUNED:      "dram_us": 51.4657,
// TUNED:      "latency_us": 19.2,
// TUNED:      "time_us": 51.7057,
