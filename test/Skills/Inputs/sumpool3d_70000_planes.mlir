// 2x2x2 sum pooling with stride 2 of a channel-last 1x140000x2x2x4 input on
// buffers (linalg.pooling_ndhwc_sum): 70000 output planes on loop 1, past
// the grid's 65535 on z.
func.func @main(%x: memref<1x140000x2x2x4xf32>, %y: memref<1x70000x1x1x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%y : memref<1x70000x1x1x4xf32>)
  %w = memref.alloc() : memref<2x2x2xf32>
  linalg.pooling_ndhwc_sum {dilations = dense<1> : vector<3xi64>, ks.dispatch = 1 : i64, strides = dense<2> : vector<3xi64>}
      ins(%x, %w : memref<1x140000x2x2x4xf32>, memref<2x2x2xf32>) outs(%y : memref<1x70000x1x1x4xf32>)
  return
}
