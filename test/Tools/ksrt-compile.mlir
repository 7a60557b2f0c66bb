// ksrt_compile without a GPU: the module, handed over in memory, compiled to
// a file (MLIR bytecode of the lowered module: LLVM dialect host code, the
// kernels' PTX, the signature in ks.program) that ks-opt and mlir-opt read
// back. ksrt_load_compiled checks the file before the driver: a file that is
// no compiled program, a truncated or damaged one, another format, each is
// said so on any machine; a good one gets as far as the missing driver.
// REQUIRES: ptxas
// UNSUPPORTED: cuda-gpu, device-bundle
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library compile %s main %t/p.ksrt | FileCheck %s --check-prefix=COMPILE
// COMPILE: compile: 0 {{$}}
// COMPILE-NEXT: exists: yes
// COMPILE-NEXT: temporaries: 0
// RUN: mlir-opt %t/p.ksrt | FileCheck %s --check-prefix=IR
// RUN: ks-opt %t/p.ksrt | FileCheck %s --check-prefix=IR
// IR: module attributes {gpu.container_module, ks.program = {chip = "sm_90", dispatches = {main_kernel = 0 : i64, main_kernel_0 = 1 : i64, main_kernel_1 = 2 : i64}, entry = "main", format = 1 : i64, inputs = [tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>], outputs = [tensor<4x8xf32>], spills = {main_kernel = 0 : i64, main_kernel_0 = 0 : i64, main_kernel_1 = 0 : i64}}}
// IR: llvm.func @main(%arg0: !llvm.ptr
// IR: gpu.launch_func <%{{.*}} : !llvm.ptr> @main_kernel::@main_kernel
// IR: gpu.binary @main_kernel {{.*}}#nvvm.target<{{.*}}chip = "sm_90"{{.*}}assembly = "{{.*}}.target sm_90
// IR-NOT: linalg.
// IR-NOT: gpu.func
//
// A good file: only the driver is missing.
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library load-compiled %t/p.ksrt | FileCheck %s --check-prefix=NODRIVER
// NODRIVER: load_compiled: NULL no CUDA driver found: libcuda.so.1: cannot open shared object file: No such file or directory
//
// RUN: head -c 2000 %t/p.ksrt > %t/truncated.ksrt
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library load-compiled %t/truncated.ksrt | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: load_compiled: NULL '{{.*}}truncated.ksrt' is a truncated or corrupt compiled ks program: its contents do not match the hash in its header
// RUN: head -c 12 %t/p.ksrt > %t/header.ksrt
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library load-compiled %t/header.ksrt | FileCheck %s --check-prefix=HEADER
// HEADER: load_compiled: NULL '{{.*}}header.ksrt' is a truncated or corrupt compiled ks program: it ends inside its header
// One byte changed in the middle (MLIR's reader could take it for a module).
// RUN: %python -c "import sys; b = bytearray(open(sys.argv[1], 'rb').read()); b[len(b) // 2] ^= 0x5a; open(sys.argv[2], 'wb').write(b)" %t/p.ksrt %t/damaged.ksrt
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library load-compiled %t/damaged.ksrt | FileCheck %s --check-prefix=DAMAGED
// DAMAGED: load_compiled: NULL '{{.*}}damaged.ksrt' is a truncated or corrupt compiled ks program: its contents do not match the hash in its header
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library load-compiled %s | FileCheck %s --check-prefix=TEXT
// TEXT: load_compiled: NULL '{{.*}}ksrt-compile.mlir' is not a compiled ks program: it is not MLIR bytecode (what ksrt_compile writes)
// RUN: mlir-opt %s --emit-bytecode -o %t/other.mlirbc
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library load-compiled %t/other.mlirbc | FileCheck %s --check-prefix=OTHER
// OTHER: load_compiled: NULL '{{.*}}other.mlirbc' is not a compiled ks program: MLIR bytecode written by 'MLIR{{[0-9.]+}}'
// RUN: sed 's/KernelSkill program 1 /KernelSkill program 7 /' %t/p.ksrt > %t/format7.ksrt
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library load-compiled %t/format7.ksrt | FileCheck %s --check-prefix=FORMAT
// FORMAT: load_compiled: NULL '{{.*}}format7.ksrt' is a compiled ks program of format 7; this ks reads format 1: compile it again with this ks (ksrt_compile)
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library load-compiled %t/none.ksrt | FileCheck %s --check-prefix=MISSING
// MISSING: load_compiled: NULL cannot open '{{.*}}none.ksrt': No such file or directory
//
// Malformed MLIR: the parser's error, and no file.
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library compile %S/Inputs/ksrt_malformed.mlir main %t/bad.ksrt | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: compile: 1 cannot parse the module given to ksrt_compile: loc("<ksrt_compile input>":3:40): expected '>' in tensor type
// MALFORMED: exists: no
// MALFORMED-NEXT: temporaries: 0
// An entry the module lacks.
// RUN: %python %S/Inputs/ksrt_compile.py %ks_library compile %s forward %t/bad.ksrt | FileCheck %s --check-prefix=ENTRY
// ENTRY: compile: 1 no function @forward in the module
// ENTRY-NEXT: exists: no
#id = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<4x16xf32>, tensor<16x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%m: f32, %c: f32, %o: f32):
    %s = arith.addf %m, %c : f32
    %t = arith.maximumf %s, %zero : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
