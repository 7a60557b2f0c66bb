// A 200x130 by 130x64 matmul on buffers (dispatch 1): A's rows are 130
// floats, no multiple of 4 (copied 4 bytes at a time).
func.func @main(%a: memref<200x130xf32>, %b: memref<130x64xf32>, %c: memref<200x64xf32>) {
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<200x130xf32>, memref<130x64xf32>) outs(%c : memref<200x64xf32>)
  return
}
