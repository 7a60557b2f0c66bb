// REQUIRES: ptxas
// RUN: rm -rf %t.json %t.ptx
// RUN: not ks-opt %s --split-input-file --ks-verify-ptx="report=%t.json ptx-dir=%t.ptx" 2>&1 | FileCheck %s
// A rejected module writes no report and no PTX, not even of the kernels
// that passed.
// RUN: not test -e %t.json
// RUN: not test -e %t.ptx

// PTX with a syntax error: the error carries ptxas's own message, naming the
// kernel module rather than a temporary file.
// CHECK:      error: ptxas rejected kernel module 'broken' for sm_90:
// CHECK-NEXT: ptxas broken.sm_90.ptx, line 6; error   : Unknown modifier '.instruction'
// CHECK-NEXT: ptxas broken.sm_90.ptx, line 6; error   : Not a name of any known instruction: 'bogus'
module attributes {gpu.container_module} {
  gpu.binary @fine [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx78">, assembly = ".version 7.8\0A.target sm_90\0A.address_size 64\0A.visible .entry fine()\0A{\0A  ret;\0A}\0A">]
  gpu.binary @broken [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx78">, assembly = ".version 7.8\0A.target sm_90\0A.address_size 64\0A.visible .entry broken()\0A{\0A  bogus.instruction;\0A  ret;\0A}\0A">]
}

// -----

// PTX for a newer chip than the target names: ptxas rejects it for sm_80.
// CHECK:      error: ptxas rejected kernel module 'too_new' for sm_80:
// CHECK-NEXT: ptxas fatal   : SM version specified by .target is higher than default SM version assumed
module attributes {gpu.container_module} {
  gpu.binary @too_new [#gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx78">, assembly = ".version 7.8\0A.target sm_90\0A.address_size 64\0A.visible .entry too_new()\0A{\0A  ret;\0A}\0A">]
}
