// ks-shrink-shapes: every dimension over max-dim becomes its largest divisor
// not above it that keeps its power-of-two factor up to 16 (or, failing
// that, its largest divisor; max-dim itself when that is under half of it),
// the same size the same everywhere; splat constants and expand_shape
// follow. Sizes tied by more than equality (pads, partial slices, windows,
// other constants) keep theirs; a collapsed size is its parts' product.
// RUN: ks-opt %s --split-input-file --ks-shrink-shapes="max-dim=256" -verify-diagnostics | FileCheck %s

// 2048 -> 256, 1000 -> 200 (a multiple of 8 as 1000 is; 250 is not),
// 4099 (prime) -> 256, 64 stays.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %{{.*}}: tensor<256x200xf32>, %{{.*}}: tensor<200x256xf32>, %{{.*}}: tensor<64xf32>) -> tensor<256x256xf32>
// CHECK: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<256x256xf32>
// CHECK: tensor.empty() : tensor<256x256xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<256x200xf32>, tensor<200x256xf32>) outs(%{{.*}} : tensor<256x256xf32>) -> tensor<256x256xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[C]] : tensor<256x256xf32>, tensor<256x256xf32>)
// CHECK: return %{{.*}} : tensor<256x256xf32>
// CHECK-LABEL: func.func @expand(
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [8, 8, 256] : tensor<64x256xf32> into tensor<8x8x256xf32>
func.func @matmul(%a: tensor<2048x1000xf32>, %b: tensor<1000x4099xf32>, %small: tensor<64xf32>) -> tensor<2048x4099xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant dense<2.0> : tensor<2048x4099xf32>
  %e = tensor.empty() : tensor<2048x4099xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x4099xf32>) -> tensor<2048x4099xf32>
  %m = linalg.matmul ins(%a, %b : tensor<2048x1000xf32>, tensor<1000x4099xf32>) outs(%f : tensor<2048x4099xf32>) -> tensor<2048x4099xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%m, %two : tensor<2048x4099xf32>, tensor<2048x4099xf32>) outs(%e : tensor<2048x4099xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<2048x4099xf32>
  return %s : tensor<2048x4099xf32>
}
func.func @expand(%x: tensor<64x4099xf32>) -> tensor<8x8x4099xf32> {
  %r = tensor.expand_shape %x [[0, 1], [2]] output_shape [8, 8, 4099] : tensor<64x4099xf32> into tensor<8x8x4099xf32>
  return %r : tensor<8x8x4099xf32>
}

// -----

// A collapsed size becomes the product of its parts' new sizes: 2048 is
// 2 x 1024 here, so 512 (not 256) everywhere.
// CHECK-LABEL: func.func @split(
// CHECK-SAME: %{{.*}}: tensor<512xf32>) -> tensor<2x256xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [2, 256] : tensor<512xf32> into tensor<2x256xf32>
func.func @split(%s: tensor<2048xf32>) -> tensor<2x1024xf32> {
  %r = tensor.expand_shape %s [[0, 1]] output_shape [2, 1024] : tensor<2048xf32> into tensor<2x1024xf32>
  return %r : tensor<2x1024xf32>
}

// -----

// A slice keeps the sizes of the axes it cuts; those it takes whole follow.
// CHECK-LABEL: func.func @slice(
// CHECK-SAME: %{{.*}}: tensor<256x4096xf32>) -> tensor<256x2048xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [256, 2048] [1, 1] : tensor<256x4096xf32> to tensor<256x2048xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 2048] [256, 2048] [1, 1] : tensor<256x2048xf32> into tensor<256x4096xf32>
func.func @slice(%a: tensor<1024x4096xf32>) -> tensor<1024x2048xf32> {
  %s = tensor.extract_slice %a[0, 0] [1024, 2048] [1, 1] : tensor<1024x4096xf32> to tensor<1024x2048xf32>
  %i = tensor.insert_slice %s into %a[0, 2048] [1024, 2048] [1, 1] : tensor<1024x2048xf32> into tensor<1024x4096xf32>
  %t = tensor.extract_slice %i[0, 0] [1024, 2048] [1, 1] : tensor<1024x4096xf32> to tensor<1024x2048xf32>
  return %t : tensor<1024x2048xf32>
}

// -----

// A padded convolution: its rows and columns (300, the padded 302) are
// tied by the pad and the window and stay; the batch and the filters
// (512) shrink.
// CHECK-LABEL: func.func @conv(
// CHECK-SAME: %{{.*}}: tensor<256x3x300x300xf32>, %{{.*}}: tensor<256x3x3x3xf32>) -> tensor<256x256x300x300xf32>
// CHECK: tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: : tensor<256x3x300x300xf32> to tensor<256x3x302x302xf32>
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.*}}, %{{.*}} : tensor<256x3x302x302xf32>, tensor<256x3x3x3xf32>) outs(%{{.*}} : tensor<256x256x300x300xf32>)
func.func @conv(%x: tensor<512x3x300x300xf32>, %w: tensor<512x3x3x3xf32>) -> tensor<512x512x300x300xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<512x3x300x300xf32> to tensor<512x3x302x302xf32>
  %e = tensor.empty() : tensor<512x512x300x300xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512x300x300xf32>) -> tensor<512x512x300x300xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<512x3x302x302xf32>, tensor<512x3x3x3xf32>) outs(%f : tensor<512x512x300x300xf32>) -> tensor<512x512x300x300xf32>
  return %c : tensor<512x512x300x300xf32>
}

// -----

// A pointwise convolution's window of one ties nothing: its rows follow.
// CHECK-LABEL: func.func @pointwise(
// CHECK-SAME: %{{.*}}: tensor<2x8x256x256xf32>, %{{.*}}: tensor<16x8x1x1xf32>) -> tensor<2x16x256x256xf32>
func.func @pointwise(%x: tensor<2x8x1024x1024xf32>, %w: tensor<16x8x1x1xf32>) -> tensor<2x16x1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x1024x1024xf32>) -> tensor<2x16x1024x1024xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x8x1024x1024xf32>, tensor<16x8x1x1xf32>) outs(%f : tensor<2x16x1024x1024xf32>) -> tensor<2x16x1024x1024xf32>
  return %c : tensor<2x16x1024x1024xf32>
}

// -----

// A table keeps its size, and so does every dimension of that size.
// CHECK-LABEL: func.func @table(
// CHECK-SAME: %{{.*}}: tensor<300xi32>, %{{.*}}: tensor<256xf32>) -> tensor<300xi32>
func.func @table(%x: tensor<300xi32>, %y: tensor<1024xf32>) -> tensor<300xi32> {
  %t = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 265, 266, 267, 268, 269, 270, 271, 272, 273, 274, 275, 276, 277, 278, 279, 280, 281, 282, 283, 284, 285, 286, 287, 288, 289, 290, 291, 292, 293, 294, 295, 296, 297, 298, 299]> : tensor<300xi32>
  %s = arith.addi %t, %x : tensor<300xi32>
  return %s : tensor<300xi32>
}

// -----

// A size a pad holds (2048) cannot also be the product of shrunk parts.
func.func @pinned_split(%s: tensor<2048xf32>, %x: tensor<1024xf32>) -> (tensor<2x1024xf32>, tensor<2050xf32>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @below {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 512}}
  %r = tensor.expand_shape %s [[0, 1]] output_shape [2, 1024] : tensor<2048xf32> into tensor<2x1024xf32>
  %p = tensor.pad %s low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<2048xf32> to tensor<2050xf32>
  return %r, %p : tensor<2x1024xf32>, tensor<2050xf32>
}
