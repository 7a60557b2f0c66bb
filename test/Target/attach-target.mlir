// RUN: ks-opt %s --ks-attach-target="chip=sm_80" | FileCheck %s --check-prefix=SM80
// RUN: ks-opt %s --ks-attach-target="chip=sm_86" | FileCheck %s --check-prefix=SM86
// RUN: ks-opt %s --ks-attach-target="chip=sm_89" | FileCheck %s --check-prefix=SM89
// RUN: ks-opt %s --ks-attach-target="chip=sm_90" | FileCheck %s --check-prefix=SM90
// RUN: ks-opt %s --ks-attach-target="chip=sm_90a opt-level=1" | FileCheck %s --check-prefix=SM90A
// RUN: ks-opt %s --ks-attach-target="chip=sm_90 ptx-version=85" | FileCheck %s --check-prefix=PTX85
// RUN: not ks-opt %s --ks-attach-target="chip=sm_75" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not ks-opt %s --ks-attach-target="chip=sm_90a ptx-version=78" 2>&1 | FileCheck %s --check-prefix=OLDPTX
// RUN: not ks-opt %s --ks-attach-target="chip=sm_90 opt-level=4" 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not ks-opt %s --ks-attach-target="chip=sm_90 ptx-version=999" 2>&1 | FileCheck %s --check-prefix=BADPTX
// RUN: not ks-opt %s --ks-attach-target="chip=sm_90 ptx-version=79" 2>&1 | FileCheck %s --check-prefix=BADPTX79
// RUN: rm -f %t.out
// RUN: not ks-opt %S/../Skills/Inputs/matmul_256x128x64.mlir --ks-compile="chip=sm_90 cuda-path=%t.nowhere" -o %t.out 2>&1 | FileCheck %s --check-prefix=CUDAPATH
// RUN: not test -e %t.out

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
// An unknown version is an error, not LLVM's warning and its default PTX.
// BADPTX: error: ptx-version 999 is no PTX ISA version LLVM can emit; known: 7.0, 7.1, 7.2, 7.3, 7.4, 7.5, 7.6, 7.7, 7.8, 8.0, 8.1, 8.2, 8.3, 8.4, 8.5, 8.6, 8.7, 8.8, 9.0 (written x10, e.g. 80 for 8.0)
// BADPTX79: error: ptx-version 79 is no PTX ISA version LLVM can emit
// A toolkit that is not there fails the compile (upstream's serializer
// reports it and goes on), and no output is left.
// CUDAPATH: error: cuda-path {{.*}}nowhere is no directory
module attributes {gpu.container_module} {
  gpu.module @a {
  }
  gpu.module @b {
  }
}
