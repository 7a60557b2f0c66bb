// REQUIRES: ptxas
// A kernel module with wgmma and TMA targets the arch-specific chip the
// chip table names (sm_90a, PTX 8.0) whether the chip is sm_90 or sm_90a;
// the other kernels keep the chip asked for. A chip without such a variant
// refuses the kernel.
// RUN: echo '{"dispatches": [{"id": 1, "skill": "matmul_bf16_wgmma_tma", "params": {"S": 4, "WG": 1}}]}' > %t.plan.json
// RUN: ks-opt %S/../Skills/Inputs/matmul_bf16_256x512x256.mlir --ks-compile="chip=sm_90 plan=%t.plan.json" | FileCheck %s -DCHIP=sm_90 -DPTX=78
// RUN: ks-opt %S/../Skills/Inputs/matmul_bf16_256x512x256.mlir --ks-compile="chip=sm_90a plan=%t.plan.json" | FileCheck %s -DCHIP=sm_90a -DPTX=80
// RUN: not ks-opt %S/../Skills/Inputs/matmul_bf16_256x512x256.mlir --ks-compile="chip=sm_100a plan=%t.plan.json" 2>&1 | FileCheck %s --check-prefix=NONE

// CHECK-DAG: gpu.binary @main_kernel {{.*}}chip = "[[CHIP]]", features = "+ptx[[PTX]]"
// CHECK-DAG: gpu.binary @main_kernel_0 {{.*}}chip = "sm_90a", features = "+ptx80"
// NONE: error: 'nvgpu.{{.*}}' needs an arch-specific ISA with wgmma and TMA; sm_100a has none
