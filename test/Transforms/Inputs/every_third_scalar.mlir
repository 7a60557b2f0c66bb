// A reduction to a scalar of 4194304 elements, long enough for 1024
// partials of scalar-chunk (4096) contiguous elements: the partials' loop
// outside the chunk's, a row each, and the position a linalg.index reads
// is partial * 4096 + position in the chunk. Emulated on the CPU (see
// ../split-large-reductions.mlir, also with a block a row for both
// stages: the fill and the partials in one kernel) it matches the
// reference: the elements at positions that are multiples of 3 summed.
// CHECK-LABEL: func.func @main
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1024, 4096] : tensor<4194304xf32> into tensor<1024x4096xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} outs(%{{.*}} : tensor<1024xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[PARTIAL:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[IN:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[CHUNK:.*]] = arith.constant 4096 : index
// CHECK-NEXT: %[[SCALED:.*]] = arith.muli %[[PARTIAL]], %[[CHUNK]] : index
// CHECK-NEXT: %[[POS:.*]] = arith.addi %[[SCALED]], %[[IN]] : index
// CHECK-NEXT: arith.remui %[[POS]], %c3
// CHECK: ins(%{{.*}} : tensor<1024xf32>) outs(%{{.*}} : tensor<1xf32>)
// With scalar-chunk=0 the partials interleave, as for more outputs.
// CHUNK0-LABEL: func.func @main
// CHUNK0: output_shape [64, 65536]
// CHUNK0: iterator_types = ["reduction", "parallel"]
#every_in = affine_map<(d0) -> (d0)>
#every_out = affine_map<(d0) -> ()>
func.func @main(%x: tensor<4194304xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %init = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#every_in, #every_out], iterator_types = ["reduction"]}
      ins(%x : tensor<4194304xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%v: f32, %s: f32):
    %i = linalg.index 0 : index
    %m = arith.remui %i, %c3 : index
    %third = arith.cmpi eq, %m, %c0 : index
    %w = arith.select %third, %v, %zero : f32
    %n = arith.addf %w, %s : f32
    linalg.yield %n : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
