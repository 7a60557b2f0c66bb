// The skill conv_tf32x3_wgmma_tma on a padded 3x3 convolution with a bias
// (2x32x10x10 -> 2x64x10x10, K = 288, 200 pixels) in 64-wide filter tiles:
// the padded copy, its fill and the bias's broadcast are folded into one
// sm_90a kernel that reads the unpadded image as 1-D through a table of
// each k's offset and tap bit (c * 100 + kh * 10 + kw, 1 << (kh * 3 + kw))
// and a mask of the pixel's taps inside the image (a masked-out element is
// loaded from the table's last row, a zero), gets the filter as [64, 288] TF32
// parts and remainders (split once by a small kernel before it) by TMA in
// 64 x 32 boxes, multiplies on wgmma m64n64k8 and stores NCHW with the
// bias added, skipping pixels past the last. Its numerics: test/GPU/skill-conv_tf32x3_wgmma_tma.mlir (the CPU
// emulation does not run wgmma). The same with 128-wide tiles of a strided,
// dilated convolution onto zeros (no partial tile); a 7x7 stem over 3
// channels (K = 147, padded with zeros to 160; 49 taps, a 64-bit mask); and
// 8 filters, which the skill's requirements refuse (BN = 64).
// RUN: echo '{"dispatches": [{"id": 3, "skill": "conv_tf32x3_wgmma_tma", "params": {"BN": 64, "S": 2, "P": 4}}]}' > %t.plan.json
// RUN: ks-opt %S/Inputs/conv2d_padded_bias_2x32x10x10.mlir --ks-seed-lowering="plan=%t.plan.json" --mlir-print-elementsattrs-with-hex-if-larger=-1 | FileCheck %s
// RUN: rm -rf %t.ptx && ks-opt %S/Inputs/conv2d_padded_bias_2x32x10x10.mlir --ks-compile="plan=%t.plan.json ptx-dir=%t.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx/main_kernel_0.sm_90a.ptx
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_tf32x3_wgmma_tma", "params": {"BN": 128, "S": 2, "P": 2}}]}' > %t.strided.plan.json
// RUN: ks-opt %S/Inputs/conv2d_strided_dilated_2x32x19x19.mlir --ks-seed-lowering="plan=%t.strided.plan.json" --mlir-print-elementsattrs-with-hex-if-larger=-1 | FileCheck %s --check-prefix=STRIDED
// RUN: ks-opt %S/Inputs/conv2d_stem_2x3x32x32.mlir --ks-seed-lowering="plan=%t.plan.json" --mlir-print-elementsattrs-with-hex-if-larger=-1 | FileCheck %s --check-prefix=STEM
// RUN: echo '{"dispatches": [{"id": 1, "skill": "conv_tf32x3_wgmma_tma", "params": {"BN": 64, "S": 3, "P": 4}}]}' > %t.rgb.plan.json
// RUN: not ks-opt %S/Inputs/conv2d_rgb_2x3x10x10.mlir --ks-seed-lowering="plan=%t.rgb.plan.json" 2>&1 | FileCheck %s --check-prefix=RGB

// CHECK: module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 2, 1, 0>}
// CHECK-LABEL: func.func @main(%arg0: memref<2x32x10x10xf32>, %arg1: memref<64x32x3x3xf32>, %arg2: memref<64xf32>, %arg3: memref<2x64x10x10xf32>)
// The filter split once into TF32 parts and remainders (18432 elements, 4
// a thread), then their TMA descriptors (64 x 32 boxes).
// CHECK: %[[HI:.*]] = gpu.alloc () : memref<64x288xf32>
// CHECK: %[[LO:.*]] = gpu.alloc () : memref<64x288xf32>
// CHECK: %[[W:.*]] = memref.collapse_shape %arg1 {{\[\[}}0, 1, 2, 3]] : memref<64x32x3x3xf32> into memref<18432xf32>
// CHECK: gpu.launch_func @main_kernel::@main_kernel blocks in (%c18, %c1, %c1) threads in (%c256, %c1, %c1) args(%[[W]] : memref<18432xf32>
// CHECK: %[[HI_ANY:.*]] = memref.cast %[[HI]]
// CHECK: %[[LO_ANY:.*]] = memref.cast %[[LO]]
// CHECK: %[[TMA_HI:.*]] = call @ksTensorMap2D_f32(%[[HI_ANY]], %c7_i64, %c4_i64, %c64_i64, %c32_i64)
// CHECK: %[[TMA_LO:.*]] = call @ksTensorMap2D_f32(%[[LO_ANY]], %c7_i64, %c4_i64, %c64_i64, %c32_i64)
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %arg0 {{\[\[}}0, 1, 2, 3]] : memref<2x32x10x10xf32> into memref<6400xf32>
// Two pixel tiles (200 pixels) of one filter tile; 2 slots of 48 KB. The
// split filter is freed after it (the TMA descriptors hide the use).
// CHECK: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c2, %c1, %c1) threads in (%c128, %c2, %c1) dynamic_shared_memory_size %c99328_i32 args(%[[TMA_HI]] : !llvm.ptr, %[[TMA_LO]] : !llvm.ptr, %[[FLAT]] : memref<6400xf32>, %arg2 : memref<64xf32>, %arg3 : memref<2x64x10x10xf32>)
// CHECK-NEXT: gpu.dealloc %[[HI]]
// CHECK-NEXT: gpu.dealloc %[[LO]]
// CHECK: gpu.func @main_kernel(
// CHECK: nvvm.convert.float.to.tf32
// Two blocks' slots fit an SM: their registers must too.
// CHECK: gpu.func @main_kernel_0({{.*}}) kernel attributes {{{.*}}nvvm.minctasm = 2 : i32
// CHECK: %[[TABLE:.*]] = memref.get_global @conv_gather_table : memref<289x2xi32>
// CHECK: nvgpu.tma.async.load {{.*}} -> memref<64x32xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.tma.async.load {{.*}} -> memref<64x32xf32, #gpu.address_space<workgroup>>
// The pixel's mask: tap 0 (the window's corner) checked against the image.
// CHECK: %[[TAP0:.*]] = arith.andi
// CHECK: arith.extui %[[TAP0]] : i1 to i32
// A gathered element: its table row (offset, tap bit), the tap's bit of
// the mask, the load from the element's address or the zero's.
// CHECK: %[[ROW:.*]] = vector.load %[[TABLE]][%{{.*}}, %c0] : memref<289x2xi32>, vector<2xi32>
// CHECK: %[[OFFSET:.*]] = vector.extract %[[ROW]][0]
// CHECK: %[[TAP:.*]] = vector.extract %[[ROW]][1]
// CHECK: %[[BIT:.*]] = arith.andi %{{.*}}, %[[TAP]] : i32
// CHECK: %[[OK:.*]] = arith.cmpi ne, %[[BIT]], %c0_i32 : i32
// CHECK: %[[INDEX:.*]] = arith.addi %{{.*}}, %[[OFFSET]] : i32
// CHECK: %[[WIDE:.*]] = arith.extsi %[[INDEX]] : i32 to i64
// CHECK: %[[BYTES:.*]] = arith.shli %[[WIDE]], %c2_i64 : i64
// CHECK: %[[AT:.*]] = arith.addi %{{.*}}, %[[BYTES]] : i64
// CHECK: %[[PTR:.*]] = arith.select %[[OK]], %[[AT]], %{{.*}} : i64
// CHECK: %[[P:.*]] = llvm.inttoptr %[[PTR]] : i64 to !llvm.ptr<1>
// CHECK: llvm.load %[[P]] : !llvm.ptr<1> -> f32
// CHECK: nvvm.convert.float.to.tf32
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// The stores: the bias added, pixels past the 200th skipped.
// CHECK: scf.if %{{[0-9]+}} {{{$}}
// CHECK-NEXT: %[[BIAS:.*]] = memref.load %arg3[%[[F:.*]]] : memref<64xf32>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[BIAS]], %{{.*}} : f32
// CHECK-NEXT: memref.store %[[SUM]], %arg4[%{{.*}}, %[[F]], %{{.*}}, %{{.*}}] : memref<2x64x10x10xf32>
// CHECK-NOT: linalg.
// CHECK: memref.global "private" constant @conv_gather_table : memref<289x2xi32> = dense<{{\[\[}}0, 1], [1, 2], [2, 4], [10, 8], [11, 16], [12, 32], [20, 64], [21, 128], [22, 256], [100, 1], [101, 2],
// The last row: the zero the masked-out loads read.
// CHECK-SAME: [3122, 256], [0, 0]]>

// PTX: .target sm_90a
// PTX: .minnctapersm 2
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32

// STRIDED: gpu.launch_func @main_kernel_0::@main_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c128, %c2, %c1) dynamic_shared_memory_size %c132096_i32
// Two blocks of 2 x 64 KB do not fit an SM: no launch bound.
// STRIDED-NOT: nvvm.minctasm
// STRIDED: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 8>
// No partial tile: the sums are stored as they are, unguarded.
// STRIDED: %[[SUM:.*]] = llvm.extractvalue %{{.*}}#0[0]
// STRIDED-NEXT: memref.store %[[SUM]], %arg3[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x128x8x8xf32>
// Dilation 2 on a 19-wide image: taps 0, 2, 4 rows and columns apart.
// STRIDED: @conv_gather_table : memref<289x2xi32> = dense<{{\[\[}}0, 1], [2, 2], [4, 4], [38, 8], [40, 16], [42, 32], [76, 64], [78, 128], [80, 256], [361, 1],

// The stem: the filter split into [64, 160] buffers (zeros past K = 147),
// five K steps, the table's taps and mask in 64 bits, a zero row for K's
// padding (13 rows) and one for the masked-out loads.
// STEM: gpu.alloc () : memref<64x160xf32>
// STEM: gpu.launch_func @main_kernel::@main_kernel blocks in (%c10, %c1, %c1)
// STEM: gpu.func @main_kernel(
// STEM: arith.cmpi ult, %{{.*}}, %c147 : index
// STEM: gpu.func @main_kernel_0(
// STEM: %[[K_STEPS:.*]] = arith.constant 5 : index
// STEM: memref.get_global @conv_gather_table : memref<161x2xi64>
// STEM: %[[BIT:.*]] = arith.andi %{{.*}}, %{{.*}} : i64
// STEM: arith.cmpi ne, %[[BIT]], %c0_i64 : i64
// The last tap of the last channel: 2 * 1024 + 6 * 32 + 6, bit 48; then
// the padding's rows and the zero row.
// STEM: memref.global "private" constant @conv_gather_table : memref<161x2xi64> = dense<{{\[\[}}0, 1], [1, 2],
// STEM-SAME: [2246, 281474976710656], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]]>

// RGB: skill conv_tf32x3_wgmma_tma on dispatch 1: its requirement 'loop_range_1 % BN == 0' does not hold here (loops 2 x 8 x 8 x 8 x 3 x 3 x 3)
