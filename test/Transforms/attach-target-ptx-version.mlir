// RUN: ks-opt %s --ks-attach-target="chip=sm_90" | FileCheck %s

// A module with a relaxed cluster arrive (a row chain's warps past warp 0)
// gets PTX 8.0, which has it; the chip's default (7.8) otherwise.
// CHECK: gpu.module @relaxed [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]
// CHECK: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">]
module attributes {gpu.container_module} {
  gpu.module @relaxed {
    gpu.func @k() kernel {
      nvvm.cluster.arrive.relaxed {aligned}
      nvvm.cluster.wait {aligned}
      gpu.return
    }
  }
  gpu.module @plain {
    gpu.func @k() kernel {
      nvvm.cluster.arrive {aligned}
      nvvm.cluster.wait {aligned}
      gpu.return
    }
  }
}
