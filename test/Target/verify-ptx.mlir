// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-opt %s --split-input-file --ks-verify-ptx="report=%t/report.json ptx-dir=%t/ptx print-report=true" --verify-diagnostics 2> %t/stderr | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t/report.json
// RUN: FileCheck %s --check-prefix=PTX < %t/ptx/store_tid.sm_90.ptx
// RUN: FileCheck %s --check-prefix=TABLE < %t/stderr

// A kernel that loops: how many slots its threads issue is not counted.
// CHECK-LABEL: gpu.binary @count_up
// CHECK-SAME:    issue_slots = 0 : i64
module attributes {gpu.container_module} {
  gpu.binary @count_up [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx78">, assembly = ".version 7.8\0A.target sm_90\0A.address_size 64\0A.visible .entry count_up(.param .u64 p)\0A{\0A.reg .pred %p<2>;\0A.reg .b64 %rd<3>;\0A.reg .b32 %r<2>;\0Ald.param.u64 %rd1, [p];\0Acvta.to.global.u64 %rd2, %rd1;\0Amov.u32 %r1, 0;\0A$L__BB0_1:\0Aadd.s32 %r1, %r1, 1;\0Asetp.lt.u32 %p1, %r1, 64;\0A@%p1 bra $L__BB0_1;\0Ast.global.u32 [%rd2], %r1;\0Aret;\0A}\0A">]
}

// -----

// A kernel ptxas accepts: its resource report is attached per chip and kernel.
// CHECK-LABEL: gpu.binary @store_tid
// CHECK-SAME:    ks.ptxas = {sm_90 = {store_tid = {barriers = 0 : i64, constant_bytes = {{[0-9]+}} : i64, issue_slots = 1 : i64, registers = {{[1-9][0-9]*}} : i64, shared_bytes = 0 : i64, spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64, stack_bytes = 0 : i64}}}
// JSON:      "kernels": [
// JSON:          "chip": "sm_90",
// JSON:          "issue_slots": 1,
// JSON:          "kernel": "store_tid",
// JSON:          "module": "store_tid",
// JSON:          "ptx_file": "{{.*}}ptx/store_tid.sm_90.ptx",
// JSON:          "registers": {{[1-9][0-9]*}},
// JSON:          "spill_load_bytes": 0,
// JSON:          "spill_store_bytes": 0,
// JSON:          "stack_bytes": 0
// JSON:      "ptxas": "{{.*}}ptxas"
// PTX:       .target sm_90
// PTX:       .visible .entry store_tid(
// TABLE:     ptxas report ({{.*}}ptxas): 1 kernel(s) verified
// TABLE:     kernel chip regs smem stack spill-st spill-ld ptx
// TABLE:     store_tid sm_90 {{[0-9]+}} 0 0 0 0 {{.*}}store_tid.sm_90.ptx
module attributes {gpu.container_module} {
  gpu.binary @store_tid [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx78">, assembly = ".version 7.8\0A.target sm_90\0A.address_size 64\0A.visible .entry store_tid(.param .u64 p)\0A{\0A.reg .b64 %rd<3>;\0A.reg .b32 %r<2>;\0Ald.param.u64 %rd1, [p];\0Acvta.to.global.u64 %rd2, %rd1;\0Amov.u32 %r1, %tid.x;\0Ast.global.u32 [%rd2], %r1;\0Aret;\0A}\0A">]
}

// -----

// Only PTX can be verified.
module attributes {gpu.container_module} {
  // expected-error @below {{kernel module 'cubin' holds bin, not PTX; serialize with format=isa}}
  gpu.binary @cubin [#gpu.object<#nvvm.target<chip = "sm_90">, bin = "\7FELF">]
}

// -----

// expected-error @below {{ks-verify-ptx expects serialized gpu.binary ops; run gpu-module-to-binary{format=isa} first}}
module attributes {gpu.container_module} {
  gpu.module @not_serialized {
  }
}
