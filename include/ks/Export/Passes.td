//===- Passes.td - Exporting ks kernels to other runtimes --*- tablegen -*-===//
//
// The stage after ks-compile: what ks compiled, written for a runtime other
// than ks's own (today IREE's CUDA HAL).
//
//===----------------------------------------------------------------------===//

#ifndef KS_EXPORT_PASSES
#define KS_EXPORT_PASSES

include "mlir/Pass/PassBase.td"

def KSExportIREE : Pass<"ks-export-iree", "mlir::ModuleOp"> {
  let summary = "Compile linalg-on-tensors with ks and write it as an IREE "
                "input module of external PTX executables";
  let description = [{
    Runs the ks compilation (seed lowering, the `plan`'s skills, PTX emission
    and the ptxas check, as `ks-compile` does) with the kernels in IREE's CUDA
    calling convention, then writes an IREE input module as MLIR text: one
    `hal.executable.source` per kernel holding its PTX as an embedded
    `#hal.executable.object` (the `chip`'s target), its pipeline layout (one
    `storage_buffer` binding per buffer the kernel touches, `ReadOnly` where
    it only reads) and its workgroup size, count and dynamic shared memory;
    and per entry function a `func.func` taking and returning tensors that
    allocates the intermediates and issues one `flow.dispatch` per launch, in
    ks's launch order, each writing its buffers in place (tied results).
    `iree-compile --iree-hal-target-device=cuda` turns it into a `.vmfb`
    without IREE's own codegen.

    IREE passes a kernel its binding pointers, then 32-bit push constants.
    Here a kernel gets only bindings: its scalar arguments (all compile-time
    constants at the launch) are folded into it, its buffer arguments become
    the buffers they view (a view is rebuilt inside the kernel) and are
    passed as bare pointers. A kernel IREE's HAL cannot launch as ks does is
    refused with an error naming it and the reason: a cluster launch, a grid
    barrier (all blocks resident at once), a TMA descriptor made on the host,
    a non-constant scalar argument or launch size. Dynamic shared memory is
    the export's `workgroup_local_memory` (IREE raises the kernel's limit
    with cuFuncSetAttribute as ks does); clusters fixed in the kernel
    (`nvvm.cluster_dim`) need nothing from the launch.

    With `output=-` (the default) the IREE module is what `ks-opt` prints;
    with a file name it goes there and `ks-opt` prints the compiled ks module.

    ```mlir
    func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
      %e = tensor.empty() : tensor<4xf32>
      %r = linalg.exp ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      return %r : tensor<4xf32>
    }
    // becomes (the PTX abridged)
    #ks_cuda_sm_90 = #hal.executable.target<"cuda", "cuda-nvptx-fb", {target_arch = "sm_90"}>
    #ks_cuda_device = #hal.device.target<"cuda", [#ks_cuda_sm_90]> : !hal.device
    module attributes {hal.device.targets = [#ks_cuda_device]} {
      hal.executable.source private @f_kernel <{objects = #hal.executable.objects<{
          #ks_cuda_sm_90 = [#hal.executable.object<{data = dense<"0x2F2F..."> : vector<1080xi8>}>]}>}> {
        hal.executable.export public @f_kernel ordinal(0) layout(#hal.pipeline.layout<bindings = [
            #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>)
            count(%device: !hal.device) -> (index, index, index) {
          %x = arith.constant 1 : index
          %y = arith.constant 1 : index
          %z = arith.constant 1 : index
          hal.return %x, %y, %z : index, index, index
        } <{workgroup_size = [32 : index, 1 : index, 1 : index]}>
      }
      func.func @f(%arg0: tensor<4xf32>) -> (tensor<4xf32>) {
        %0 = tensor.empty() : tensor<4xf32>
        %1 = flow.dispatch @f_kernel::@f_kernel(%arg0, %0) : (tensor<4xf32>, tensor<4xf32>) -> %0
        return %1 : tensor<4xf32>
      }
    }
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"ks::kDefaultChip.str()",
           "Target chip (the executable target's target_arch)">,
    Option<"plan", "plan", "std::string", "\"\"",
           "JSON plan of skills to apply to dispatches (ks-apply-skills)">,
    Option<"skillDirs", "skill-dirs", "std::string", "\"\"",
           "Skill directories, comma-separated (default: the skill path)">,
    Option<"blockSize", "block-size", "int64_t", "256",
           "Threads per block of seed kernels">,
    Option<"maxQuadraticScan", "max-quadratic-scan", "int64_t", "8192",
           "Longest scan left to the O(n^2) seed kernel (0: no limit)">,
    Option<"verifyPtx", "verify-ptx", "bool", "true",
           "Assemble every kernel with ptxas">,
    Option<"ptxas", "ptxas", "std::string", "\"\"", "Path to ptxas">,
    Option<"cudaPath", "cuda-path", "std::string", "\"\"",
           "CUDA toolkit root, for libdevice">,
    Option<"output", "output", "std::string", "\"-\"",
           "File for the IREE module ('-': it replaces ks-opt's output)">,
  ];
}

#endif // KS_EXPORT_PASSES
