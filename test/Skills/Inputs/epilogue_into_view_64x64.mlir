// A matmul (dispatch 1) whose bias-adding epilogue writes into a view of a
// buffer allocated between them, as bufferization leaves a linear layer
// whose output is next split into heads (a 2-d view of a 4-d buffer); then
// a bias-free matmul whose epilogue reads a value made between them, which
// must stay refused.
func.func @view_between(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %bias: memref<64xf32>,
                        %c: memref<64x64xf32>, %o: memref<4x16x4x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  %heads = memref.alloc() {alignment = 64 : i64} : memref<4x16x4x16xf32>
  %rows = memref.collapse_shape %heads [[0, 1], [2, 3]] : memref<4x16x4x16xf32> into memref<64x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<64x64xf32>, memref<64xf32>) outs(%rows : memref<64x64xf32>) attrs = {ks.dispatch = 2 : i64} {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  memref.copy %heads, %o : memref<4x16x4x16xf32> to memref<4x16x4x16xf32>
  return
}

// -----

func.func @reads_value_made_between(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>,
                                    %o: memref<64x64xf32>, %s: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  %scale = memref.load %s[] : memref<f32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64x64xf32>) outs(%o : memref<64x64xf32>) attrs = {ks.dispatch = 2 : i64} {
  ^bb0(%x: f32, %out: f32):
    %r = arith.mulf %x, %scale : f32
    linalg.yield %r : f32
  }
  return
}
