// RUN: ks-opt %s --ks-one-pass-variance --verify-each --split-input-file | FileCheck %s
// The pipeline: the norm's statistics become one dispatch with two outputs,
// which a warp or a block per row (ks-distribute-warp-reductions, a fold
// per output) and a row chain split; emulated on the CPU thread by thread
// against the CPU reference, which keeps the two passes.
// RUN: ks-opt %S/Inputs/variance_rows_16x4096.mlir --ks-dispatches | FileCheck %s --check-prefix=DISPATCH
// RUN: echo '{"dispatches": [{"id": 2, "skill": "block_reduce_innermost", "params": {"T": 256, "E": 4}}]}' > %t.block.json
// RUN: ks-run %S/Inputs/variance_rows_16x4096.mlir --emulate-gpu --plan=%t.block.json --seed=5 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 2, "skill": "warp_reduce_innermost", "params": {"R": 2, "E": 4}}]}' > %t.warp.json
// RUN: ks-run %S/Inputs/variance_rows_16x4096.mlir --emulate-gpu --plan=%t.warp.json --seed=6 | FileCheck %s --check-prefix=EMULATED
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_block", "params": {"T": 1024, "E": 1, "M": 1, "V": 1}}]}' > %t.chain.json
// RUN: ks-run %S/Inputs/variance_rows_16x4096.mlir --emulate-gpu --plan=%t.chain.json --seed=7 | FileCheck %s --check-prefix=EMULATED
// A cluster per row (not emulated: no CPU equivalent of its barriers):
// each output's block total in a slot of its own, read from both blocks.
// RUN: echo '{"dispatches": [{"id": 2, "skill": "fuse_rows_cluster", "params": {"C": 2, "T": 256, "E": 1}}]}' > %t.cluster.json
// RUN: ks-opt %S/Inputs/variance_rows_16x4096.mlir --ks-seed-lowering="plan=%t.cluster.json" | FileCheck %s --check-prefix=CLUSTER

// DISPATCH: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : memref<16x4096xf32>) outs(%{{.*}}, %{{.*}} : memref<16xf64>, memref<16xf64>) attrs = {ks.dispatch = 2 : i64}
// DISPATCH-NOT: iterator_types = ["parallel", "reduction"]
// EMULATED: output #0 16x4096xf32: match
// CLUSTER: nvvm.cluster_dim = array<i32: 2, 1, 1>
// CLUSTER-COUNT-2: memref.get_global @__ks_block_reduce{{.*}} : memref<32xf64, #gpu.address_space<workgroup>>
// CLUSTER-COUNT-2: memref.get_global @__ks_block_reduce{{.*}} : memref<1xf64, #gpu.address_space<workgroup>>
// CLUSTER-COUNT-4: nvvm.mapa

// Torch-MLIR's variance: a sum of extf(x), then a sum of (extf(x) - s / n)^2.
// CHECK-LABEL: func.func @two_passes
// CHECK-SAME: (%[[X:.*]]: tensor<8x1024xf32>)
// CHECK-DAG: %[[N:.*]] = arith.constant 1.024000e+03 : f64
// CHECK-DAG: %[[Z1:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%{{.*}} : tensor<8xf64>)
// CHECK-DAG: %[[Z2:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%{{.*}} : tensor<8xf64>)
// CHECK: %[[BOTH:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<8x1024xf32>) outs(%[[Z1]], %[[Z2]] : tensor<8xf64>, tensor<8xf64>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[S:.*]]: f64, %[[Q:.*]]: f64):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[IN]] : f32 to f64
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[W]], %[[S]] : f64
// CHECK-NEXT: %[[SQ:.*]] = arith.mulf %[[W]], %[[W]] : f64
// CHECK-NEXT: %[[Q1:.*]] = arith.addf %[[SQ]], %[[Q]] : f64
// CHECK-NEXT: linalg.yield %[[S1]], %[[Q1]] : f64, f64
// CHECK: %[[VAR:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[BOTH]]#0, %[[BOTH]]#1 : tensor<8xf64>, tensor<8xf64>)
// CHECK-NEXT: ^bb0(%[[SUM:.*]]: f64, %[[SQS:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[M:.*]] = arith.divf %[[SUM]], %[[N]] : f64
// CHECK: %[[TWICE:.*]] = arith.addf %[[SUM]], %[[SUM]] : f64
// CHECK-NEXT: %[[NM:.*]] = arith.mulf %{{.*}}, %[[M]] : f64
// CHECK-NEXT: %[[REST:.*]] = arith.subf %[[TWICE]], %[[NM]] : f64
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[M]], %[[REST]] : f64
// CHECK-NEXT: %[[DEV:.*]] = arith.subf %[[SQS]], %[[P]] : f64
// CHECK-NEXT: linalg.yield %[[DEV]] : f64
// CHECK: return %[[BOTH]]#0, %[[VAR]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @two_passes(%x: tensor<8x1024xf32>) -> (tensor<8xf64>, tensor<8xf64>) {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 1024.0 : f64
  %e = tensor.empty() : tensor<8xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<8xf64>) -> tensor<8xf64>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1024xf32>) outs(%z : tensor<8xf64>) {
  ^bb0(%a: f32, %acc: f64):
    %w = arith.extf %a : f32 to f64
    %s = arith.addf %w, %acc : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  %dev = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : tensor<8x1024xf32>, tensor<8xf64>) outs(%z : tensor<8xf64>) {
  ^bb0(%a: f32, %s: f64, %acc: f64):
    %m = arith.divf %s, %n : f64
    %w = arith.extf %a : f32 to f64
    %d = arith.subf %w, %m : f64
    %q = arith.mulf %d, %d : f64
    %r = arith.addf %q, %acc : f64
    linalg.yield %r : f64
  } -> tensor<8xf64>
  return %sum, %dev : tensor<8xf64>, tensor<8xf64>
}

// -----

// f32 sums of f32 values: sum x^2 - n m^2 could cancel most digits of a
// small variance; the two passes stay.
// CHECK-LABEL: func.func @same_precision
// CHECK-COUNT-2: iterator_types = ["parallel", "reduction"]
// CHECK-NOT: linalg.yield %{{.*}}, %{{.*}} : f32, f32
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @same_precision(%x: tensor<8x1024xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 1024.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1024xf32>) outs(%z : tensor<8xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %dev = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : tensor<8x1024xf32>, tensor<8xf32>) outs(%z : tensor<8xf32>) {
  ^bb0(%a: f32, %s: f32, %acc: f32):
    %m = arith.divf %s, %n : f32
    %d = arith.subf %a, %m : f32
    %q = arith.mulf %d, %d : f32
    %r = arith.addf %q, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %dev : tensor<8xf32>
}

// -----

// The subtracted value also reads another tensor (a mean of some other
// input): not the variance of the summed rows; the two passes stay. So do
// deviations of another tensor than the summed one.
// CHECK-LABEL: func.func @not_the_mean
// CHECK-COUNT-3: iterator_types = ["parallel", "reduction"]
// CHECK-NOT: linalg.yield %{{.*}}, %{{.*}} : f64, f64
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @not_the_mean(%x: tensor<8x1024xf32>, %y: tensor<8x1024xf32>, %shift: tensor<8xf64>) -> (tensor<8xf64>, tensor<8xf64>) {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 1024.0 : f64
  %e = tensor.empty() : tensor<8xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<8xf64>) -> tensor<8xf64>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x1024xf32>) outs(%z : tensor<8xf64>) {
  ^bb0(%a: f32, %acc: f64):
    %w = arith.extf %a : f32 to f64
    %s = arith.addf %w, %acc : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  %shifted = linalg.generic {indexing_maps = [#id, #row, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum, %shift : tensor<8x1024xf32>, tensor<8xf64>, tensor<8xf64>) outs(%z : tensor<8xf64>) {
  ^bb0(%a: f32, %s: f64, %c: f64, %acc: f64):
    %m = arith.divf %s, %n : f64
    %mc = arith.addf %m, %c : f64
    %w = arith.extf %a : f32 to f64
    %d = arith.subf %w, %mc : f64
    %q = arith.mulf %d, %d : f64
    %r = arith.addf %q, %acc : f64
    linalg.yield %r : f64
  } -> tensor<8xf64>
  %other = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y, %sum : tensor<8x1024xf32>, tensor<8xf64>) outs(%z : tensor<8xf64>) {
  ^bb0(%a: f32, %s: f64, %acc: f64):
    %m = arith.divf %s, %n : f64
    %w = arith.extf %a : f32 to f64
    %d = arith.subf %w, %m : f64
    %q = arith.mulf %d, %d : f64
    %r = arith.addf %q, %acc : f64
    linalg.yield %r : f64
  } -> tensor<8xf64>
  return %shifted, %other : tensor<8xf64>, tensor<8xf64>
}

// -----

// torch.std(x, dim=1) of a [4, 512, 64] tensor: both sums reduce the middle
// loop (a strided dim); they become one reduction over it, n = 512.
// CHECK-LABEL: func.func @strided_dim
// CHECK-SAME: (%[[X:.*]]: tensor<4x512x64xf32>)
// CHECK-DAG: %[[N:.*]] = arith.constant 5.120000e+02 : f64
// CHECK: %[[BOTH:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]] : tensor<4x512x64xf32>) outs(%{{.*}}, %{{.*}} : tensor<4x64xf64>, tensor<4x64xf64>)
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f64, f64
// CHECK: %[[VAR:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[BOTH]]#0, %[[BOTH]]#1 : tensor<4x64xf64>, tensor<4x64xf64>)
// CHECK-NEXT: ^bb0(%[[SUM:.*]]: f64, %{{.*}}: f64, %{{.*}}: f64):
// CHECK-NEXT: arith.divf %[[SUM]], %[[N]] : f64
// CHECK: return %[[VAR]]
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#cols = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @strided_dim(%x: tensor<4x512x64xf32>) -> tensor<4x64xf64> {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant 512.0 : f64
  %e = tensor.empty() : tensor<4x64xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<4x64xf64>) -> tensor<4x64xf64>
  %sum = linalg.generic {indexing_maps = [#id3, #cols], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x512x64xf32>) outs(%z : tensor<4x64xf64>) {
  ^bb0(%a: f32, %acc: f64):
    %w = arith.extf %a : f32 to f64
    %s = arith.addf %w, %acc : f64
    linalg.yield %s : f64
  } -> tensor<4x64xf64>
  %dev = linalg.generic {indexing_maps = [#id3, #cols, #cols], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x, %sum : tensor<4x512x64xf32>, tensor<4x64xf64>) outs(%z : tensor<4x64xf64>) {
  ^bb0(%a: f32, %s: f64, %acc: f64):
    %m = arith.divf %s, %n : f64
    %w = arith.extf %a : f32 to f64
    %d = arith.subf %w, %m : f64
    %q = arith.mulf %d, %d : f64
    %r = arith.addf %q, %acc : f64
    linalg.yield %r : f64
  } -> tensor<4x64xf64>
  return %dev : tensor<4x64xf64>
}
