// cumsum of the rows of a 300x48 f32 tensor read back to front, as
// KernelBench's reverse cumsum reaches the scan once fused: the flip (a
// gather by index) is inside the masked fold, which reads x[row, 47 - j];
// an operand it does not read gives the reduction loop its size.
func.func @main(%x: tensor<300x48xf32>) -> tensor<300x48xf32> {
  %identity = arith.constant 0.0 : f32
  %last = arith.constant 47 : index
  %e = tensor.empty() : tensor<300x48xf32>
  %sized = tensor.empty() : tensor<48xi64>
  %f = linalg.fill ins(%identity : f32) outs(%e : tensor<300x48xf32>) -> tensor<300x48xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%sized : tensor<48xi64>) outs(%f : tensor<300x48xf32>) {
  ^bb0(%unused: i64, %acc: f32):
    %row = linalg.index 0 : index
    %k = linalg.index 1 : index
    %j = linalg.index 2 : index
    %k64 = arith.index_cast %k : index to i64
    %j64 = arith.index_cast %j : index to i64
    %back = arith.subi %last, %j : index
    %v = tensor.extract %x[%row, %back] : tensor<300x48xf32>
    %upto = arith.cmpi sge, %k64, %j64 : i64
    %s = arith.select %upto, %v, %identity : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  } -> tensor<300x48xf32>
  return %r : tensor<300x48xf32>
}
