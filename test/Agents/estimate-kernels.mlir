// The cost model on the seed kernels of a 256x128 by 128x64 matmul and on
// the same matmul register-tiled: work counted from the kernels' IR, the
// roofs on an A100 from the device table, and a broken device table.
// RUN: ks-opt %S/../Skills/Inputs/matmul_256x128x64.mlir --ks-seed-lowering --ks-estimate-kernels="device=a100-sxm" -o /dev/null | FileCheck %s --check-prefix=SEED
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_register_tile", "params": {"BM": 32, "BN": 32, "TM": 2, "TN": 2, "KT": 4}}]}' > %t.plan.json
// RUN: ks-opt %S/../Skills/Inputs/matmul_256x128x64.mlir --ks-seed-lowering="plan=%t.plan.json" --ks-estimate-kernels="device=a100-sxm" -o /dev/null | FileCheck %s --check-prefix=TILED
// RUN: ks-opt %S/../../bench/gemm/linear_f32_4096.mlir --ks-seed-lowering="plan=%S/../../bench/gemm/linear_f32_4096.plan.json" --ks-estimate-kernels="device=h100-sxm" -o /dev/null | FileCheck %s --check-prefix=WGMMA
// RUN: not ks-opt %s --ks-estimate-kernels="device=b200" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not ks-opt %s --ks-estimate-kernels="chip=sm_100" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCHIP
// RUN: not ks-opt %s --ks-estimate-kernels="devices=%S/Inputs/devices-negative-bandwidth.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not ks-opt %s --ks-estimate-kernels="devices=%S/Inputs/devices-no-f32.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOF32

// The fill (dispatch 0) stores 256*64 floats once: 65536 bytes, a kernel
// that is all launch.
// SEED:      "device": "a100-sxm"
// SEED:      "bound": "launch"
// SEED:      "dispatch": 0
// SEED:      "global_store_bytes": 65536
// The seed matmul: one thread per output (64 blocks of 256), each walks K =
// 128 loading A, B and C and storing C at every step: 3 * 4 * 128 * 16384 =
// 25165824 bytes loaded, 8388608 stored, 2 * 256 * 64 * 128 = 4194304
// FLOPs; its buffers are A, B, C read and C written once: 294912 bytes.
// The stores through L2 bound it; at this size (64 blocks on 108 SMs) it
// is barely over the 3 us launch floor that is its ideal.
// SEED:      "blocks": 64
// SEED-NEXT: "bound": "l2"
// SEED:      "dispatch": 1
// SEED-NEXT: "dram_bytes": 294912
// SEED:      "exact_trip_counts": true
// SEED-NEXT: "flops": 4194304
// SEED-NEXT: "global_load_bytes": 25165824
// SEED-NEXT: "global_store_bytes": 8388608
// SEED:      "speed_of_light_pct": 98.2
// SEED:      "time_us": 3.05

// The 3xTF32 wgmma GEMM (x W^T, 4096^3, matmul_tf32x3_wgmma_tma): its 12
// wgmma m64n128k8 a K step (one written as inline PTX) are three TF32
// products of 2 * 4096^3 FLOPs, 412 GFLOP at the H100's 494.7 TFLOP/s:
// 833 us, plus the threads' own work (the split and the promoted adds,
// 3.2 GFLOP at 66.9 TFLOP/s: 48 us). TMA's loads are not counted.
// WGMMA:      "bound": "compute",
// WGMMA-NEXT: "compute_us": 881.6{{[0-9]*}},
// WGMMA:      "flops": 3221225472,

// Tiled: 2x2 outputs per thread (4096 threads) kept in registers; per K
// step of 4 a thread loads 2x4 of A and 4x2 of B, 64 bytes, 32 steps:
// 8388608 bytes, plus C copied in once (16 bytes a thread): 8454144, a
// third of the seed's. C is stored once: 65536. The same FLOPs. Only 16
// blocks on 108 SMs: the estimate charges the idle SMs.
// TILED:      "blocks": 16
// TILED:      "dispatch": 1
// TILED:      "flops": 4194304
// TILED-NEXT: "global_load_bytes": 8454144
// TILED-NEXT: "global_store_bytes": 65536

// UNKNOWN: error: ks-estimate-kernels: unknown device 'b200' ({{.*}}devices.json has: h100-sxm, h100-pcie, h200, a100-sxm, l40s, rtx4090)
// NOCHIP: error: ks-estimate-kernels: no device in {{.*}}devices.json is a sm_100 (name one of: h100-sxm, h100-pcie, h200, a100-sxm, l40s, rtx4090)
// NEGATIVE: error: ks-estimate-kernels: {{.*}}devices-negative-bandwidth.json: devices[1]: field 'dram_gbps' must be a positive number
// NOF32: error: ks-estimate-kernels: {{.*}}devices-no-f32.json: devices[2]: field 'gflops' must be an object of GFLOP/s by unit with at least "f32"
module {
}
