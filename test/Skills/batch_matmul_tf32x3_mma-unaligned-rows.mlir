// batch_matmul_tf32x3_mma on operands whose rows do not start on 16 bytes
// (rows of 37 floats, a ViT's 197 tokens alike): their tiles are copied 4
// bytes at a time (cp.async.ca, L1 kept), the aligned operand 16 bytes at a
// time (cp.async.cg) as before, where the kernel used to be refused. The
// tile past the operands' edges reads zeros.
// REQUIRES: ptxas
// RUN: echo '{"dispatches": [{"id": 1, "skill": "batch_matmul_tf32x3_mma", "params": {"BK": 16, "BM": 64, "BN": 64, "S": 3, "WM": 32, "WN": 32}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/batch_matmul_rows_of_37.mlir --ks-seed-lowering="plan=%t.plan.json" | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/batch_matmul_rows_of_37.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o %t.gpu.mlir
// RUN: cat %t.ptx/*.ptx | FileCheck %s --check-prefix=PTX
// RUN: ks-run %S/Inputs/batch_matmul_rows_of_37.mlir --emulate-gpu --plan=%t.plan.json --seed=41 | FileCheck %s --check-prefix=EMULATED

// CHECK-LABEL: gpu.module @main_kernel
// CHECK: nvgpu.device_async_copy %arg0[{{.*}}], {{.*}}, 1, %{{.*}} : memref<2x37x37xf32> to memref<3x64x20xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: nvgpu.device_async_copy %arg0{{.*}}, 4
// CHECK: nvgpu.device_async_copy %arg1[{{.*}}], {{.*}}, 4, %{{.*}} {bypassL1} : memref<2x37x16xf32> to

// PTX-DAG: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4, {{.*}};
// PTX-DAG: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, {{.*}};

// EMULATED: output #0 2x37x16xf32: match
