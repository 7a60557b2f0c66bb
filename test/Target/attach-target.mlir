// RUN: ks-opt %s --ks-attach-target="chip=sm_80" | FileCheck %s --check-prefix=SM80
// RUN: ks-opt %s --ks-attach-target="chip=sm_86" | FileCheck %s --check-prefix=SM86
// RUN: ks-opt %s --ks-attach-target="chip=sm_89" | FileCheck %s --check-prefix=SM89
// RUN: ks-opt %s --ks-attach-target="chip=sm_90" | FileCheck %s --check-prefix=SM90
// RUN: ks-opt %s --ks-attach-target="chip=sm_90a opt-level=1" | FileCheck %s --check-prefix=SM90A
// RUN: ks-opt %s --ks-attach-target="chip=sm_90 ptx-version=85" | FileCheck %s --check-prefix=PTX85
// RUN: not ks-opt %s --ks-attach-target="chip=sm_75" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not ks-opt %s --ks-attach-target="chip=sm_90a ptx-version=78" 2>&1 | FileCheck %s --check-prefix=OLDPTX
// RUN: not ks-opt %s --ks-attach-target="chip=sm_90 opt-level=4" 2>&1 | FileCheck %s --check-prefix=BADOPT

// Every gpu.module gets the chip and the lowest PTX ISA that targets it.
// SM80:  gpu.module @a [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">]
// SM80:  gpu.module @b [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">]
// SM86:  gpu.module @a [#nvvm.target<O = 3, chip = "sm_86", features = "+ptx71">]
// SM89:  gpu.module @a [#nvvm.target<O = 3, chip = "sm_89", features = "+ptx78">]
// SM90:  gpu.module @a [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">]
// SM90A: gpu.module @a [#nvvm.target<O = 1, chip = "sm_90a", features = "+ptx80">]
// PTX85: gpu.module @a [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx85">]
// UNKNOWN: error: unknown chip 'sm_75'; supported chips: sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_100a, sm_120
// OLDPTX: error: PTX 7.8 cannot target sm_90a; it needs PTX 8.0 or newer
// BADOPT: error: opt-level must be 0-3, got 4
module attributes {gpu.container_module} {
  gpu.module @a {
  }
  gpu.module @b {
  }
}
