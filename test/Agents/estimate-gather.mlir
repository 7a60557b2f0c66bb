// The cost model charges a gather for what it loads from its table, not
// for the whole table: column sums of table[idx[r, c], c] over 64 rows
// read 64 x 256 of the 4096 x 256 table's floats (65536 bytes), the 64 x
// 256 indices (131072 bytes) and the output (1024): 197632 + 1024 bytes,
// not the table's 4 MB.
// RUN: ks-opt %S/Inputs/gather_columns.mlir --ks-seed-lowering --ks-estimate-kernels="device=h100-sxm" -o /dev/null | FileCheck %s

// CHECK:      "dispatch": 1,
// CHECK-NEXT: "dram_bytes": 198656,
