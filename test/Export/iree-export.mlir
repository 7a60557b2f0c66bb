// ks-export-iree on the README's MLP (examples/mlp.mlir) and on the corpus's
// softmax: one hal.executable.source per kernel with its PTX embedded, its
// bindings (ReadOnly where it only reads), its launch's grid and block; an
// entry taking and returning tensors, one flow.dispatch per launch in ks's
// order, each writing its buffers in place (results tied to operands).
// REQUIRES: ptxas
// RUN: ks-opt %ks_src/examples/mlp.mlir --ks-export-iree -o %t.mlp.iree.mlir
// RUN: FileCheck %s --check-prefix=MLP < %t.mlp.iree.mlir
// With a file for the export, ks-opt prints the compiled ks module: the
// kernels take bare pointers, one per buffer, no sizes or strides.
// RUN: ks-opt %ks_src/examples/mlp.mlir --ks-export-iree="output=%t.mlp.file.mlir" | FileCheck %s --check-prefix=PTX
// RUN: cmp %t.mlp.iree.mlir %t.mlp.file.mlir
// RUN: ks-opt %ks_src/test/corpus/softmax.mlir --ks-export-iree | FileCheck %s --check-prefix=SOFTMAX
// RUN: ks-opt %ks_src/test/corpus/softmax.mlir --ks-export-iree="output=%t.softmax.iree.mlir" | FileCheck %s --check-prefix=SOFTMAX-PTX

// MLP: #ks_cuda_sm_90 = #hal.executable.target<"cuda", "cuda-nvptx-fb", {target_arch = "sm_90"}>
// MLP-NEXT: #ks_cuda_device = #hal.device.target<"cuda", [#ks_cuda_sm_90]> : !hal.device
// MLP-NEXT: module attributes {hal.device.targets = [#ks_cuda_device]} {
// The hidden layer's fill: one buffer, written.
// MLP-NEXT: hal.executable.source private @forward_kernel <{objects = #hal.executable.objects<{#ks_cuda_sm_90 = [#hal.executable.object<{data = dense<"0x{{[0-9A-F]+}}"> : vector<{{[0-9]+}}xi8>}>]}>}> {
// MLP-NEXT: hal.executable.export public @forward_kernel ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) count(%device: !hal.device) -> (index, index, index) {
// MLP-NEXT: %x = arith.constant 1 : index
// MLP-NEXT: %y = arith.constant 1 : index
// MLP-NEXT: %z = arith.constant 1 : index
// MLP-NEXT: hal.return %x, %y, %z : index, index, index
// MLP-NEXT: } <{workgroup_size = [128 : index, 1 : index, 1 : index]}>
// MLP-NEXT: }
// The first GEMM reads x (its weights are in the kernel) and accumulates
// into the hidden layer.
// MLP-NEXT: hal.executable.source private @forward_kernel_0
// MLP-NEXT: hal.executable.export public @forward_kernel_0 ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>)
// MLP: hal.executable.source private @forward_kernel_4
// MLP: } <{workgroup_size = [32 : index, 1 : index, 1 : index]}>
// MLP: func.func @forward(%arg0: tensor<4x16xf32>) -> (tensor<4x8xf32>) {
// MLP-NEXT: %[[OUT:[0-9]+]] = tensor.empty() : tensor<4x8xf32>
// MLP-NEXT: %[[H:[0-9]+]] = tensor.empty() : tensor<4x32xf32>
// MLP-NEXT: %[[H1:[0-9]+]] = flow.dispatch @forward_kernel::@forward_kernel(%[[H]]) : (tensor<4x32xf32>) -> %[[H]]
// MLP-NEXT: %[[H2:[0-9]+]] = flow.dispatch @forward_kernel_0::@forward_kernel_0(%arg0, %[[H1]]) : (tensor<4x16xf32>, tensor<4x32xf32>) -> %[[H1]]
// MLP-NEXT: %[[H3:[0-9]+]] = flow.dispatch @forward_kernel_1::@forward_kernel_1(%[[H2]]) : (tensor<4x32xf32>) -> %[[H2]]
// MLP-NEXT: %[[O1:[0-9]+]] = flow.dispatch @forward_kernel_2::@forward_kernel_2(%[[OUT]]) : (tensor<4x8xf32>) -> %[[OUT]]
// MLP-NEXT: %[[O2:[0-9]+]] = flow.dispatch @forward_kernel_3::@forward_kernel_3(%[[H3]], %[[O1]]) : (tensor<4x32xf32>, tensor<4x8xf32>) -> %[[O1]]
// MLP-NEXT: %[[O3:[0-9]+]] = flow.dispatch @forward_kernel_4::@forward_kernel_4(%[[O2]]) : (tensor<4x8xf32>) -> %[[O2]]
// MLP-NEXT: return %[[O3]] : tensor<4x8xf32>
// MLP-NEXT: }
// MLP-NEXT: }

// PTX: func.func @forward(%[[X:.*]]: memref<4x16xf32>, %[[Y:.*]]: memref<4x8xf32>)
// PTX: %[[H:.*]] = gpu.alloc () : memref<4x32xf32>
// PTX-NEXT: gpu.launch_func @forward_kernel::@forward_kernel {{.*}} args(%[[H]] : memref<4x32xf32>) {ks.iree.read_only = array<i1: false>}
// PTX-NEXT: gpu.launch_func @forward_kernel_0::@forward_kernel_0 {{.*}} args(%[[X]] : memref<4x16xf32>, %[[H]] : memref<4x32xf32>) {ks.iree.read_only = array<i1: true, false>}
// PTX: gpu.binary @forward_kernel_0
// PTX-SAME: .entry forward_kernel_0(\0A\09.param .u64 .ptr .align 1 forward_kernel_0_param_0,\0A\09.param .u64 .ptr .align 1 forward_kernel_0_param_1\0A)

// Softmax's row temporary is passed as 4x1 and as its 4-element view: one
// binding, the view rebuilt in the kernel; the scalars (trip counts, the
// -inf and 0 of the fills) folded in.
// SOFTMAX: hal.executable.export public @main_kernel_0 ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>)
// SOFTMAX: hal.executable.export public @main_kernel_1 ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>)
// SOFTMAX: } <{workgroup_size = [64 : index, 1 : index, 1 : index]}>
// SOFTMAX: func.func @main(%arg0: tensor<4x10xf32>) -> (tensor<4x10xf32>) {
// SOFTMAX-NEXT: %[[OUT:[0-9]+]] = tensor.empty() : tensor<4x10xf32>
// SOFTMAX-NEXT: %[[ROW:[0-9]+]] = tensor.empty() : tensor<4x1xf32>
// SOFTMAX-NEXT: %[[MAX0:[0-9]+]] = flow.dispatch @main_kernel::@main_kernel(%[[ROW]]) : (tensor<4x1xf32>) -> %[[ROW]]
// SOFTMAX-NEXT: %[[MAX:[0-9]+]] = flow.dispatch @main_kernel_0::@main_kernel_0(%arg0, %[[MAX0]]) : (tensor<4x10xf32>, tensor<4x1xf32>) -> %[[MAX0]]
// SOFTMAX-NEXT: %[[EXP:[0-9]+]] = flow.dispatch @main_kernel_1::@main_kernel_1(%arg0, %[[MAX]], %[[OUT]]) : (tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x10xf32>) -> %[[OUT]]
// SOFTMAX-NEXT: %[[SUM0:[0-9]+]] = flow.dispatch @main_kernel_2::@main_kernel_2(%[[MAX]]) : (tensor<4x1xf32>) -> %[[MAX]]
// SOFTMAX-NEXT: %[[SUM:[0-9]+]] = flow.dispatch @main_kernel_3::@main_kernel_3(%[[EXP]], %[[SUM0]]) : (tensor<4x10xf32>, tensor<4x1xf32>) -> %[[SUM0]]
// SOFTMAX-NEXT: %[[RES:[0-9]+]] = flow.dispatch @main_kernel_4::@main_kernel_4(%[[EXP]], %[[SUM]]) : (tensor<4x10xf32>, tensor<4x1xf32>) -> %[[EXP]]
// SOFTMAX-NEXT: return %[[RES]] : tensor<4x10xf32>

// SOFTMAX-PTX: gpu.launch_func @main_kernel_0::@main_kernel_0 {{.*}} args(%arg0 : memref<4x10xf32>, %[[ROW:.*]] : memref<4x1xf32>) {ks.iree.read_only = array<i1: true, false>}
// SOFTMAX-PTX: gpu.binary @main_kernel_0
// SOFTMAX-PTX-SAME: .entry main_kernel_0(\0A\09.param .u64 .ptr .align 1 main_kernel_0_param_0,\0A\09.param .u64 .ptr .align 1 main_kernel_0_param_1\0A)
