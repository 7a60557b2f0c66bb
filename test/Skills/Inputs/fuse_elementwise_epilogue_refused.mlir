// Matmuls (dispatch 1) the fusion skill must leave alone: fusing would be
// wrong or there is nothing to fuse.

// No op after the matmul.
func.func @alone(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

// -----

// The epilogue reads the result transposed: a thread would need outputs
// other threads compute.
func.func @transposed(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64x64xf32>) outs(%o : memref<64x64xf32>) attrs = {ks.dispatch = 2 : i64} {
  ^bb0(%x: f32, %y: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// The epilogue overwrites the matmul's first operand, which other blocks
// still read.
func.func @overwrites_operand(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64x64xf32>) outs(%a : memref<64x64xf32>) attrs = {ks.dispatch = 2 : i64} {
  ^bb0(%x: f32, %y: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A reduction runs between the matmul and its elementwise epilogue: it
// reads the matmul's result, which it would see unwritten if the matmul
// moved down to the epilogue.
func.func @op_between(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>, %s: memref<64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%c : memref<64x64xf32>) outs(%s : memref<64xf32>) attrs = {ks.dispatch = 2 : i64} {
  ^bb0(%x: f32, %acc: f32):
    %t = arith.addf %x, %acc : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64x64xf32>) outs(%c : memref<64x64xf32>) attrs = {ks.dispatch = 3 : i64} {
  ^bb0(%x: f32, %y: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  return
}
