// ks-fuse-elementwise: elementwise producers fuse into elementwise
// consumers and into reductions that read each of their elements once, but
// not into a contraction that would recompute them along a loop its map
// leaves out (a GEMM's A operand misses N).
// RUN: ks-opt %s --ks-fuse-elementwise --split-input-file | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>

// The scaled A stays a kernel of its own; the GEMM keeps its three maps.
// CHECK-LABEL: func.func @gemm_of_scaled
// CHECK: %[[SCALED:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK: arith.mulf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} ins(%[[SCALED]], %{{.*}} : tensor<64x32xf32>, tensor<32x16xf32>)
func.func @gemm_of_scaled(%x: tensor<64x32xf32>, %s: tensor<64x32xf32>, %w: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %e = tensor.empty() : tensor<64x32xf32>
  %scaled = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<64x32xf32>, tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    linalg.yield %m : f32
  } -> tensor<64x32xf32>
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<64x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %y = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%scaled, %w : tensor<64x32xf32>, tensor<32x16xf32>) outs(%init : tensor<64x16xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s2 = arith.addf %o, %m : f32
    linalg.yield %s2 : f32
  } -> tensor<64x16xf32>
  return %y : tensor<64x16xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// exp feeding a row sum is read once per element: fused into one reduction.
// CHECK-LABEL: func.func @row_sum_of_exp
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: math.exp
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @row_sum_of_exp(%x: tensor<8x128xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8x128xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
  ^bb0(%p: f32, %o: f32):
    %v = math.exp %p : f32
    linalg.yield %v : f32
  } -> tensor<8x128xf32>
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<8x128xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%p: f32, %o: f32):
    %a = arith.addf %o, %p : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// An elementwise chain becomes one generic.
// CHECK-LABEL: func.func @chain
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @chain(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %e = tensor.empty() : tensor<8x128xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
  ^bb0(%p: f32, %o: f32):
    %v = math.exp %p : f32
    linalg.yield %v : f32
  } -> tensor<8x128xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %x : tensor<8x128xf32>, tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %v = arith.addf %p, %q : f32
    linalg.yield %v : f32
  } -> tensor<8x128xf32>
  return %y : tensor<8x128xf32>
}

// -----

// A mask computed from loop indices alone (an iota compared with itself:
// two uses) is recomputed in the reduction that reads it through a map
// missing a loop: a compare costs less than a load, and no i1 tensor is
// materialized. The x operand's producer (an exp, not from indices) is
// still refused there.
// CHECK-LABEL: func.func @masked_fold
// CHECK-NOT: tensor<32x32xi1>
// CHECK: %[[EXP:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[EXP]] : tensor<64x32xf32>)
// CHECK-DAG: %[[J:.*]] = linalg.index 1
// CHECK-DAG: %[[K:.*]] = linalg.index 2
// CHECK-DAG: %[[K64:.*]] = arith.index_cast %[[K]]
// CHECK-DAG: %[[J64:.*]] = arith.index_cast %[[J]]
// CHECK: arith.cmpi sge, %[[J64]], %[[K64]]
// CHECK: arith.select
// CHECK: arith.addf
func.func @masked_fold(%x: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %ie = tensor.empty() : tensor<32xi64>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%ie : tensor<32xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<32xi64>
  %me = tensor.empty() : tensor<32x32xi1>
  %mask = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%iota, %iota : tensor<32xi64>, tensor<32xi64>) outs(%me : tensor<32x32xi1>) {
  ^bb0(%i: i64, %j: i64, %o: i1):
    %m = arith.cmpi sge, %i, %j : i64
    linalg.yield %m : i1
  } -> tensor<32x32xi1>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%mask, %ex : tensor<32x32xi1>, tensor<64x32xf32>) outs(%f : tensor<64x32xf32>) {
  ^bb0(%m: i1, %v: f32, %acc: f32):
    %s = arith.select %m, %v, %zero : f32
    %a = arith.addf %s, %acc : f32
    linalg.yield %a : f32
  } -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// -----

// An f32 -> f64 conversion read by two reductions (Torch-MLIR's layer norm
// statistics) is recomputed in both instead of becoming a buffer of twice
// the input's size; so is an exp read by two reductions only (each reads
// x where it would have read the exp, and the exp is not written).
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @widened_twice
// CHECK-NOT: tensor<8x64xf64>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.extf
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.extf
// CHECK: arith.mulf
func.func @widened_twice(%x: tensor<8x64xf32>) -> (tensor<8xf64>, tensor<8xf64>) {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<8x64xf64>
  %w = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x64xf32>) outs(%e : tensor<8x64xf64>) {
  ^bb0(%a: f32, %o: f64):
    %v = arith.extf %a : f32 to f64
    linalg.yield %v : f64
  } -> tensor<8x64xf64>
  %er = tensor.empty() : tensor<8xf64>
  %f = linalg.fill ins(%zero : f64) outs(%er : tensor<8xf64>) -> tensor<8xf64>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%w : tensor<8x64xf64>) outs(%f : tensor<8xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %r = arith.addf %a, %acc : f64
    linalg.yield %r : f64
  } -> tensor<8xf64>
  %sq = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%w : tensor<8x64xf64>) outs(%f : tensor<8xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %m = arith.mulf %a, %a : f64
    %r = arith.addf %m, %acc : f64
    linalg.yield %r : f64
  } -> tensor<8xf64>
  return %sum, %sq : tensor<8xf64>, tensor<8xf64>
}

// CHECK-LABEL: func.func @exp_twice
// CHECK-NOT: tensor<8x64xf32>) outs(%{{.*}} : tensor<8x64xf32>)
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<8x64xf32>)
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<8x64xf32>)
// CHECK: math.exp
// CHECK: arith.maximumf
func.func @exp_twice(%x: tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %w = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  %er = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%er : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%w : tensor<8x64xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %mx = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%w : tensor<8x64xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %sum, %mx : tensor<8xf32>, tensor<8xf32>
}

// -----

// A scan's triangular mask (the PyTorch frontend's cumsum): one iota, read
// through two reshapes by the mask. Upstream fusion leaves the iota of the
// output's position k, the only input covering k; the iota is computed in
// the reduction from its loop indices instead (through the reshapes), and
// no iota buffer is left.
// CHECK-LABEL: func.func @scan_mask
// CHECK-NOT: tensor<16xi64>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<4x1x16xf32>)
// CHECK-DAG: %[[K:.*]] = linalg.index 1
// CHECK-DAG: %[[J:.*]] = linalg.index 2
// CHECK-DAG: %[[K64:.*]] = arith.index_cast %[[K]]
// CHECK-DAG: %[[J64:.*]] = arith.index_cast %[[J]]
// CHECK: arith.cmpi sge, %[[K64]], %[[J64]]
// CHECK: arith.select
// CHECK: arith.addf
func.func @scan_mask(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %keep = arith.constant dense<0.0> : tensor<f32>
  %ie = tensor.empty() : tensor<16xi64>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%ie : tensor<16xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<16xi64>
  %col = tensor.expand_shape %iota [[0, 1]] output_shape [16, 1] : tensor<16xi64> into tensor<16x1xi64>
  %row = tensor.expand_shape %iota [[0, 1]] output_shape [1, 16] : tensor<16xi64> into tensor<1x16xi64>
  %me = tensor.empty() : tensor<16x16xi1>
  %mask = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%col, %row : tensor<16x1xi64>, tensor<1x16xi64>) outs(%me : tensor<16x16xi1>) {
  ^bb0(%i: i64, %j: i64, %o: i1):
    %m = arith.cmpi sge, %i, %j : i64
    linalg.yield %m : i1
  } -> tensor<16x16xi1>
  %xe = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 1, 16] : tensor<4x16xf32> into tensor<4x1x16xf32>
  %we = tensor.empty() : tensor<4x16x16xf32>
  %where = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, 0, d2)>, affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                           iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%mask, %xe, %keep : tensor<16x16xi1>, tensor<4x1x16xf32>, tensor<f32>) outs(%we : tensor<4x16x16xf32>) {
  ^bb0(%m: i1, %v: f32, %z: f32, %o: f32):
    %s = arith.select %m, %v, %z : f32
    linalg.yield %s : f32
  } -> tensor<4x16x16xf32>
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%where : tensor<4x16x16xf32>) outs(%f : tensor<4x16xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %a = arith.addf %v, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// An element gathered by index inside a reduction (cross-entropy's pick of
// each row's target log-probability) is computed from the elementwise
// producer's inputs at that index: the 64x100 log-probabilities are not
// made for 64 reads. Read by every element of an elementwise op instead,
// the producer stays a tensor.
// CHECK-LABEL: func.func @gather_sum
// CHECK-NOT: tensor<64x100xf32>) outs
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]}
// CHECK: %[[T:.*]] = arith.index_cast
// CHECK: %[[X:.*]] = tensor.extract %arg0[%{{.*}}, %[[T]]] : tensor<64x100xf32>
// CHECK: %[[L:.*]] = tensor.extract %arg2[%{{.*}}] : tensor<64xf32>
// CHECK: arith.subf %[[X]], %[[L]] : f32
// CHECK: arith.addf
// CHECK-LABEL: func.func @gather_every_element
// CHECK: %[[P:.*]] = linalg.generic
// CHECK: arith.subf
// CHECK: linalg.generic
// CHECK: tensor.extract %[[P]]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (d0)>
func.func @gather_sum(%x: tensor<64x100xf32>, %t: tensor<64xi64>, %lse: tensor<64xf32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<64x100xf32>
  %logp = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %lse : tensor<64x100xf32>, tensor<64xf32>) outs(%e : tensor<64x100xf32>) {
  ^bb0(%a: f32, %l: f32, %o: f32):
    %d = arith.subf %a, %l : f32
    linalg.yield %d : f32
  } -> tensor<64x100xf32>
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%t : tensor<64xi64>) outs(%init : tensor<f32>) {
  ^bb0(%target: i64, %acc: f32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %target : i64 to index
    %v = tensor.extract %logp[%i, %c] : tensor<64x100xf32>
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %sum : tensor<f32>
}

func.func @gather_every_element(%x: tensor<4x8xf32>, %m: tensor<4xf32>) -> tensor<64x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %p = linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<4x8xf32>
  %ye = tensor.empty() : tensor<64x8xf32>
  %y = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%ye : tensor<64x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.remui %i, %c4 : index
    %v = tensor.extract %p[%r, %j] : tensor<4x8xf32>
    linalg.yield %v : f32
  } -> tensor<64x8xf32>
  return %y : tensor<64x8xf32>
}

// -----

// exp(x - m) read by two reductions only (KL divergence: the softmax's sum
// and the divergence's sum), each through the identity: computed in both
// from x, never written. Read also by an elementwise op (a softmax's
// division), it stays a tensor.
// CHECK-LABEL: func.func @exp_for_two_sums
// CHECK-NOT: tensor<8x64xf32>) outs(%{{.*}} : tensor<8x64xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<8x64xf32>, tensor<8xf32>)
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<8x64xf32>, tensor<8xf32>)
// CHECK: math.exp
// CHECK: math.log
// CHECK-LABEL: func.func @exp_for_a_sum_and_a_division
// CHECK: %[[E:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]}
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[E]] : tensor<8x64xf32>)
#x2 = affine_map<(d0, d1) -> (d0, d1)>
#r2 = affine_map<(d0, d1) -> (d0)>
func.func @exp_for_two_sums(%x: tensor<8x64xf32>, %m: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %ex = linalg.generic {indexing_maps = [#x2, #r2, #x2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<8x64xf32>, tensor<8xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  %re = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#x2, #r2], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<8x64xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %logsum = linalg.generic {indexing_maps = [#x2, #r2], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<8x64xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %l = math.log %a : f32
    %s = arith.addf %l, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %sum, %logsum : tensor<8xf32>, tensor<8xf32>
}

func.func @exp_for_a_sum_and_a_division(%x: tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %ex = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  %re = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#x2, #r2], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<8x64xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %half = arith.constant 0.5 : f32
  %h = linalg.generic {indexing_maps = [#x2, #x2], iterator_types = ["parallel", "parallel"]}
      ins(%ex : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.mulf %a, %half : f32
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  return %sum, %h : tensor<8xf32>, tensor<8x64xf32>
}

// -----

// Attention's scores divided by sqrt(head_dim), read by the softmax's max
// (through an expand) and by its x - max (through a collapse): the division
// is done in both readers, which read the scores themselves, and its
// 1 x 4 x 64 result is never made.
// CHECK-LABEL: func.func @scaled_scores
// CHECK-SAME: (%[[S:.*]]: tensor<1x4x64xf32>, %{{.*}}: tensor<4x1xf32>)
// CHECK: %[[SCALE:.*]] = arith.constant 8.0
// CHECK: %[[MAXIN:.*]] = tensor.expand_shape %[[S]] {{\[}}[0], [1], [2, 3]]
// CHECK: linalg.generic {{.*}}["parallel", "parallel", "parallel", "reduction"]{{.*}} ins(%[[MAXIN]] :
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[D1:.*]] = arith.divf %[[A]], %[[SCALE]]
// CHECK-NEXT: arith.maximumf %[[D1]], %[[ACC]]
// CHECK: %[[SUBIN:.*]] = tensor.collapse_shape %[[S]] {{\[}}[0, 1], [2]]
// CHECK: linalg.generic {{.*}} ins(%[[SUBIN]], %{{.*}} :
// CHECK-NEXT: ^bb0(%[[B:.*]]: f32, %[[M:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[D2:.*]] = arith.divf %[[B]], %[[SCALE]]
// CHECK-NEXT: arith.subf %[[D2]], %[[M]]
// CHECK-NOT: arith.divf
#s3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#s4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#x2 = affine_map<(d0, d1) -> (d0, d1)>
#r2 = affine_map<(d0, d1) -> (d0, 0)>
func.func @scaled_scores(%s: tensor<1x4x64xf32>, %first: tensor<4x1xf32>) -> (tensor<1x4x8xf32>, tensor<4x64xf32>) {
  %scale = arith.constant 8.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x4x64xf32>
  %scaled = linalg.generic {indexing_maps = [#s3, #s3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x4x64xf32>) outs(%e : tensor<1x4x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.divf %a, %scale : f32
    linalg.yield %d : f32
  } -> tensor<1x4x64xf32>
  %rows = tensor.expand_shape %scaled [[0], [1], [2, 3]] output_shape [1, 4, 8, 8] : tensor<1x4x64xf32> into tensor<1x4x8x8xf32>
  %me = tensor.empty() : tensor<1x4x8xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%me : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %max = linalg.generic {indexing_maps = [#s4, #m4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%rows : tensor<1x4x8x8xf32>) outs(%mi : tensor<1x4x8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8xf32>
  %flat = tensor.collapse_shape %scaled [[0, 1], [2]] : tensor<1x4x64xf32> into tensor<4x64xf32>
  %de = tensor.empty() : tensor<4x64xf32>
  %diff = linalg.generic {indexing_maps = [#x2, #r2, #x2], iterator_types = ["parallel", "parallel"]}
      ins(%flat, %first : tensor<4x64xf32>, tensor<4x1xf32>) outs(%de : tensor<4x64xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<4x64xf32>
  return %max, %diff : tensor<1x4x8xf32>, tensor<4x64xf32>
}

// -----

// A log-softmax over channels (dim 1 of [N, C, P]): x - max, with the
// maximum broadcast along C, is read by the exponentials' sum and by the
// result. Each recomputes it from x and the maximum (the broadcast becomes
// an input of both, through its map composed with the reader's): no
// [N, C, P] tensor of differences is written and read back.
#ncp = affine_map<(n, c, p) -> (n, c, p)>
#np = affine_map<(n, c, p) -> (n, 0, p)>
#npc_x = affine_map<(n, p, c) -> (n, c, p)>
#npc_m = affine_map<(n, p, c) -> (n, 0, p)>

// CHECK-LABEL: func.func @log_softmax_channels
// CHECK-SAME: (%[[X:.*]]: tensor<2x64x16xf32>, %[[M:.*]]: tensor<2x1x16xf32>)
// CHECK-NOT: arith.subf
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[XMAP:.*]], #[[MMAP:.*]], #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[M]] : tensor<2x64x16xf32>, tensor<2x1x16xf32>)
// CHECK-NEXT: ^bb0(%[[XE:.*]]: f32, %[[ME:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[XE]], %[[ME]] : f32
// CHECK-NEXT: math.exp %[[D]]
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[SUM]], %[[M]] : tensor<2x64x16xf32>, tensor<2x1x16xf32>, tensor<2x1x16xf32>)
// CHECK-NEXT: ^bb0(%[[XO:.*]]: f32, %[[SO:.*]]: f32, %[[MO:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[DO:.*]] = arith.subf %[[XO]], %[[MO]] : f32
// CHECK: arith.subf %[[DO]], %{{.*}} : f32
// CHECK-NOT: linalg.generic
func.func @log_softmax_channels(%x: tensor<2x64x16xf32>, %m: tensor<2x1x16xf32>) -> tensor<2x64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x64x16xf32>
  %t = linalg.generic {indexing_maps = [#ncp, #np, #ncp], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %m : tensor<2x64x16xf32>, tensor<2x1x16xf32>) outs(%e : tensor<2x64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<2x64x16xf32>
  %ex = linalg.generic {indexing_maps = [#ncp, #ncp], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%t : tensor<2x64x16xf32>) outs(%e : tensor<2x64x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<2x64x16xf32>
  %se = tensor.empty() : tensor<2x1x16xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<2x1x16xf32>) -> tensor<2x1x16xf32>
  %s = linalg.generic {indexing_maps = [#npc_x, #npc_m], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%ex : tensor<2x64x16xf32>) outs(%sf : tensor<2x1x16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x1x16xf32>
  %out = linalg.generic {indexing_maps = [#ncp, #np, #ncp], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%t, %s : tensor<2x64x16xf32>, tensor<2x1x16xf32>) outs(%e : tensor<2x64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %l = math.log %b : f32
    %r = arith.subf %a, %l : f32
    linalg.yield %r : f32
  } -> tensor<2x64x16xf32>
  return %out : tensor<2x64x16xf32>
}

// -----

// A GEMM's bias add (the bias broadcast over rows) read by a row sum and
// by an elementwise op (a layer norm's statistics and its normalization)
// stays one tensor: it is the GEMM's epilogue, where it costs nothing, and
// its readers read it instead of the product and the bias.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#rc = affine_map<(m, n) -> (m, n)>
#c = affine_map<(m, n) -> (n)>
#r = affine_map<(m, n) -> (m)>

// CHECK-LABEL: func.func @bias_then_row_sums
// CHECK: %[[MM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} ins(%[[MM]], %{{.*}} : tensor<64x128xf32>, tensor<128xf32>)
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<64x128xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[Y]], %[[S]] : tensor<64x128xf32>, tensor<64xf32>)
func.func @bias_then_row_sums(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>, %bias: tensor<128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %mm = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>) outs(%f : tensor<64x128xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64x128xf32>
  %y = linalg.generic {indexing_maps = [#rc, #c, #rc], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<64x128xf32>, tensor<128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%x: f32, %bb: f32, %o: f32):
    %s = arith.addf %x, %bb : f32
    linalg.yield %s : f32
  } -> tensor<64x128xf32>
  %re = tensor.empty() : tensor<64xf32>
  %rf = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %s1 = linalg.generic {indexing_maps = [#rc, #r], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<64x128xf32>) outs(%rf : tensor<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %centered = linalg.generic {indexing_maps = [#rc, #r, #rc], iterator_types = ["parallel", "parallel"]}
      ins(%y, %s1 : tensor<64x128xf32>, tensor<64xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %d = arith.subf %x, %s : f32
    linalg.yield %d : f32
  } -> tensor<64x128xf32>
  return %centered : tensor<64x128xf32>
}
