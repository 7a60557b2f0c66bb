// Not MLIR: a tensor type without its closing '>' (ksrt-compile.mlir).
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %b = arith.addf %a, %a : tensor<4xf32
  return %b : tensor<4xf32>
}
