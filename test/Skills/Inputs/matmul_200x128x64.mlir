// A 200x128 by 128x64 matmul on buffers (dispatch 1): M divides by no block tile of the GEMM skills.
func.func @main(%a: memref<200x128xf32>, %b: memref<128x64xf32>, %c: memref<200x64xf32>) {
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<200x128xf32>, memref<128x64xf32>) outs(%c : memref<200x64xf32>)
  return
}
