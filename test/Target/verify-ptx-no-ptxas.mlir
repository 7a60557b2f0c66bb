// RUN: not ks-opt %s --ks-verify-ptx="ptxas=%t.does-not-exist/ptxas" 2>&1 | FileCheck %s

// CHECK: error: ptxas not found at '{{.*}}.does-not-exist/ptxas' (from the ptxas option); point it at an executable ptxas, or pass verify-ptx=false to skip verification
module attributes {gpu.container_module} {
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = ".version 7.8\0A">]
}
