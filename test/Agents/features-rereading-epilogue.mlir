// RUN: ks-opt %s --ks-print-features -o /dev/null | FileCheck %s

// rereading_epilogue: the next op is elementwise, reads the reduction's
// output (through any view, any map) and reads the reduction's input again.
// RMS norm over channels: the sum of squares (id 1) is followed by the
// normalization (id 2) reading x and the sums, broadcast along channels.
// A second sum (id 3) is followed by an op reading only its result (id 4):
// nothing is read twice, no such epilogue.
// CHECK:      "id": 1,
// CHECK-NOT:  "id":
// CHECK:      "reduction_innermost": false,
// CHECK:      "rereading_epilogue": true,
// CHECK:      "id": 2,
// CHECK-NOT:  "rereading_epilogue"
// CHECK:      "id": 3,
// CHECK-NOT:  "rereading_epilogue"
// CHECK:      "id": 4,
// CHECK-NOT:  "rereading_epilogue"
#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#x = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#s = affine_map<(d0, d1, d2) -> (d0, d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @rms(%x: memref<2x8x256xf32>, %y: memref<2x8x256xf32>, %sums: memref<2x1x256xf32>,
               %t: memref<2x256xf32>) {
  %flat = memref.collapse_shape %sums [[0, 1], [2]] : memref<2x1x256xf32> into memref<2x256xf32>
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"], ks.dispatch = 1 : i64}
      ins(%x : memref<2x8x256xf32>) outs(%flat : memref<2x256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %sum = arith.addf %sq, %acc : f32
    linalg.yield %sum : f32
  }
  %again = memref.collapse_shape %sums [[0, 1], [2]] : memref<2x1x256xf32> into memref<2x256xf32>
  linalg.generic {indexing_maps = [#x, #s, #x], iterator_types = ["parallel", "parallel", "parallel"], ks.dispatch = 2 : i64}
      ins(%x, %again : memref<2x8x256xf32>, memref<2x256xf32>) outs(%y : memref<2x8x256xf32>) {
  ^bb0(%a: f32, %v: f32, %o: f32):
    %r = math.sqrt %v : f32
    %q = arith.divf %a, %r : f32
    linalg.yield %q : f32
  }
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"], ks.dispatch = 3 : i64}
      ins(%x : memref<2x8x256xf32>) outs(%t : memref<2x256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sum = arith.addf %a, %acc : f32
    linalg.yield %sum : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"], ks.dispatch = 4 : i64}
      ins(%t : memref<2x256xf32>) outs(%t : memref<2x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.sqrt %a : f32
    linalg.yield %r : f32
  }
  return
}
