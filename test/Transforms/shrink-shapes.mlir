// ks-shrink-shapes: every dimension over max-dim becomes its largest divisor
// not above it that keeps its power-of-two factor up to 16 (or, failing
// that, its largest divisor; max-dim itself when that is under half of it),
// the same size the same everywhere; splat constants and expand_shape
// follow.
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

// Sizes that must keep a relation other than equality do not shrink.
func.func @split(%s: tensor<2048xf32>) -> tensor<2x1024xf32> {
  // expected-error @below {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 512}}
  %r = tensor.expand_shape %s [[0, 1]] output_shape [2, 1024] : tensor<2048xf32> into tensor<2x1024xf32>
  return %r : tensor<2x1024xf32>
}

// -----

func.func @slice(%a: tensor<4096xf32>) -> tensor<2048xf32> {
  // expected-error @below {{'tensor.extract_slice' op cannot be shrunk: its sizes are attributes}}
  %s = tensor.extract_slice %a[0] [2048] [1] : tensor<4096xf32> to tensor<2048xf32>
  return %s : tensor<2048xf32>
}

// -----

func.func @table() -> tensor<300xi32> {
  // expected-error @below {{'arith.constant' op cannot be shrunk: a constant that is not a splat}}
  %t = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 265, 266, 267, 268, 269, 270, 271, 272, 273, 274, 275, 276, 277, 278, 279, 280, 281, 282, 283, 284, 285, 286, 287, 288, 289, 290, 291, 292, 293, 294, 295, 296, 297, 298, 299]> : tensor<300xi32>
  return %t : tensor<300xi32>
}
