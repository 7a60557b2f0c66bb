// A sum pooling (3x3, stride 1, over an input padded beforehand) and, in
// place on its result viewed as 6 x 240, an op that divides each element
// by a function of its place in the merged (h, w) dimension: for
// pool_window_registers' EPI on an epilogue whose loop walks a collapsed
// group of the result's dimensions (the place is h * 20 + w). Buffers, as
// ks-dispatches leaves them (its own pipeline writes such an epilogue over
// the result's dimensions instead).
func.func @main(%x: memref<2x3x14x22xf32>, %y: memref<2x3x12x20xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1 : i64
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%y : memref<2x3x12x20xf32>)
  %w = memref.alloc() : memref<3x3xf32>
  linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, ks.dispatch = 1 : i64, strides = dense<1> : vector<2xi64>}
    ins(%x, %w : memref<2x3x14x22xf32>, memref<3x3xf32>) outs(%y : memref<2x3x12x20xf32>)
  %v = memref.collapse_shape %y [[0, 1], [2, 3]] : memref<2x3x12x20xf32> into memref<6x240xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%v : memref<6x240xf32>) outs(%v : memref<6x240xf32>) attrs = {ks.dispatch = 2 : i64} {
  ^bb0(%in: f32, %out: f32):
    %place = linalg.index 1 : index
    %p = arith.index_cast %place : index to i64
    %p1 = arith.addi %p, %one : i64
    %d = arith.sitofp %p1 : i64 to f32
    %q = arith.divf %in, %d : f32
    linalg.yield %q : f32
  }
  return
}
