// REQUIRES: ptxas
// The search's rounds go where the time is: a group of dispatches takes
// --rounds-min candidates plus its share of the time of the plan its
// search starts from (the first choices) of the rest up to --rounds. The
// GEMM's first choice is most of that plan's time (14 to 18 rounds of
// 20), the row sum's little (3 to 6); the report gives each dispatch's
// limit.
// RUN: rm -rf %t && ks-tune %s --measure=model --precision=tf32x3 --out=%t --rounds=20 --rounds-min=2 --cpu-check-dim=0 --jobs=1 > %t.log 2>&1
// RUN: FileCheck %s < %t.log
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.json
// With --rounds at or under --rounds-min every dispatch gets --rounds.
// RUN: rm -rf %t.flat && ks-tune %s --measure=model --precision=tf32x3 --out=%t.flat --rounds=2 --cpu-check-dim=0 --jobs=1 > %t.flat.log 2>&1
// RUN: FileCheck %s --check-prefix=FLAT < %t.flat/report.json
// CHECK: (matmul) round 1/{{1[4-8]}}:
// REPORT: "op_class": "matmul",
// REPORT: "round_limit": {{1[4-8]}},
// REPORT: "op_class": "reduction",
// REPORT: "round_limit": {{[3-6]}},
// FLAT: "op_class": "matmul",
// FLAT: "round_limit": 2,
// FLAT: "op_class": "reduction",
// FLAT: "round_limit": 2,
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %x: tensor<4096x1024xf32>) -> (tensor<1024x1024xf32>, tensor<4096xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %m = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %es = tensor.empty() : tensor<4096xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<4096xf32>) -> tensor<4096xf32>
  %s = linalg.reduce ins(%x : tensor<4096x1024xf32>) outs(%fs : tensor<4096xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %v = arith.addf %in, %acc : f32
      linalg.yield %v : f32
    }
  return %m, %s : tensor<1024x1024xf32>, tensor<4096xf32>
}
