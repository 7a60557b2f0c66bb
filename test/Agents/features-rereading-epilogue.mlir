// RUN: ks-opt %s --ks-print-features -o /dev/null | FileCheck %s

// rereading_epilogue: the next op is elementwise, reads the reduction's
// output (through any view, any map) and reads the reduction's input again.
// RMS norm over channels: the sum of squares (id 1) is followed by the
// normalization (id 2) reading x and the sums, broadcast along channels.
// A second sum (id 3) is followed by an op reading only its result (id 4):
// nothing is read twice, no such epilogue. A third (id 5) is followed by a
// normalization over a view of x with a unit loop, [2, 1, 8, 256] (id 6):
// not over the sum's loops, it cannot be tiled alike, no such epilogue.
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
// CHECK:      "id": 5,
// CHECK-NOT:  "rereading_epilogue"
// CHECK:      "id": 6,
// CHECK-NOT:  "rereading_epilogue"
#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#x = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#s = affine_map<(d0, d1, d2) -> (d0, d2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#x4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#s4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
func.func @rms(%x: memref<2x8x256xf32>, %y: memref<2x8x256xf32>, %sums: memref<2x1x256xf32>,
               %t: memref<2x256xf32>, %u: memref<2x256xf32>) {
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
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"], ks.dispatch = 5 : i64}
      ins(%x : memref<2x8x256xf32>) outs(%u : memref<2x256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %sum = arith.addf %sq, %acc : f32
    linalg.yield %sum : f32
  }
  %x5 = memref.expand_shape %x [[0, 1], [2], [3]] output_shape [2, 1, 8, 256] : memref<2x8x256xf32> into memref<2x1x8x256xf32>
  %y5 = memref.expand_shape %y [[0, 1], [2], [3]] output_shape [2, 1, 8, 256] : memref<2x8x256xf32> into memref<2x1x8x256xf32>
  %u5 = memref.expand_shape %u [[0, 1], [2]] output_shape [2, 1, 256] : memref<2x256xf32> into memref<2x1x256xf32>
  linalg.generic {indexing_maps = [#x4, #s4, #x4], iterator_types = ["parallel", "parallel", "parallel", "parallel"], ks.dispatch = 6 : i64}
      ins(%x5, %u5 : memref<2x1x8x256xf32>, memref<2x1x256xf32>) outs(%y5 : memref<2x1x8x256xf32>) {
  ^bb0(%a: f32, %v: f32, %o: f32):
    %r = math.sqrt %v : f32
    %q = arith.divf %a, %r : f32
    linalg.yield %q : f32
  }
  return
}
