// Without a GPU the reviewer still checks numerics: the program is shrunk
// (ks-shrink-shapes, dimensions <= 256), the seed kernels run on the CPU
// thread by thread once, then every candidate's kernels (here a warp per row
// with shuffles) against the CPU reference on fresh random inputs. A
// candidate whose numbers differ is reverted and not tried again; a program
// that stays too large when shrunk is said to be unchecked.
// The search from the seed (--first-choices=false); the first choices
// before it: test/Tools/ks-tune-first-choices.mlir.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ks-tune --first-choices=false --precision=tf32x3 %s --measure=model --rounds=1 --out=%t/ok | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=OKTRAJ < %t/ok/trajectory.jsonl
// RUN: FileCheck %s --check-prefix=OKREPORT < %t/ok/report.json
// RUN: grep -q '<span id="numerics">numerics are checked on the CPU: ' %t/ok/report.html
// RUN: grep -q "GPU kernels emulated on the CPU vs CPU reference" %t/ok/d1-r1.cpu-check.log
// RUN: grep -q "output #0 256xf32: match" %t/ok/d1-r1.cpu-check.log
// The warp's tree of sums is not the reference's sequential order: with no
// tolerance for rounding, it is a mismatch.
// RUN: ks-tune --first-choices=false --precision=tf32x3 %s --measure=model --rounds=2 --jobs=1 --atol=1e-9 --rtol=0 --out=%t/strict | FileCheck %s --check-prefix=STRICT
// RUN: FileCheck %s --check-prefix=STRICTTRAJ < %t/strict/trajectory.jsonl
// RUN: ks-tune --first-choices=false --precision=tf32x3 %s --measure=model --rounds=1 --cpu-check-dim=0 --out=%t/off | FileCheck %s --check-prefix=OFF
// RUN: ks-tune --first-choices=false --precision=tf32x3 %S/Inputs/rows_slice.mlir --measure=model --rounds=1 --out=%t/slice | FileCheck %s --check-prefix=SLICE
// RUN: ks-tune --first-choices=false --precision=tf32x3 %S/Inputs/rows_slice_wide.mlir --measure=model --rounds=0 --out=%t/wide | FileCheck %s --check-prefix=WIDE
// RUN: ks-tune --first-choices=false --precision=tf32x3 %S/Inputs/conv_3x3_padded.mlir --measure=model --rounds=0 --out=%t/conv | FileCheck %s --check-prefix=CONV
// RUN: grep -q "tensor<64x32x8x8xf32> to tensor<64x32x10x10xf32>" %t/conv/check-64.mlir
// Split-K's 8 stretches of K leave 1 step of 16 each at the shrunk K of
// 128, fewer than its pipeline keeps in flight: that step cannot be
// checked, and the next candidate (the row sums) is checked alone rather
// than not at all.
// RUN: ks-tune --first-choices=false --precision=tf32x3 %S/Inputs/split_k_then_rows.mlir --measure=model --rounds=1 --jobs=1 --cpu-check-dim=128 --out=%t/alone
// RUN: FileCheck %s --check-prefix=ALONE < %t/alone/trajectory.jsonl

// OK: numerics are checked on the CPU: each candidate's kernels run thread by thread on the program with dimensions <= 256 ({{[0-9.]+}} MFLOP), fresh random inputs, against the CPU reference
// OK: dispatch 1 (reduction) round 1/1: warp_reduce_innermost
// OK-NEXT: -> round 1: ok, {{.*}}: new base
// OKTRAJ: "numerics":"checked on the CPU at dimensions <= 256: match","outcome":"ok"
// OKREPORT: "numerics": "numerics are checked on the CPU: {{.*}}dimensions <= 256

// STRICT: round 1/2: warp_reduce_innermost {"E":4,"R":4}
// STRICT-NEXT: -> round 1: mismatch
// STRICT: round 2/2: warp_reduce_innermost {"E":8,"R":4}
// STRICT-NEXT: -> round 2: mismatch
// STRICT: 1         reduction {{.*}} 1.00x       2 {{.*}}  -
// STRICTTRAJ: "diagnosis":"the candidate's numbers differ from the reference's (output #0: max abs err {{[0-9.e+-]+}}, max rel err {{[0-9.e+-]+}}, {{[0-9]+}} mismatches (on the CPU at dimensions <= 256)): reverted; this skill and these parameters are not tried again here"
// STRICTTRAJ-SAME: "outcome":"mismatch","params":{"E":4,"R":4}

// ALONE: "dispatch":1,{{.*}}"numerics":"not checked on the CPU at dimensions <= 128: skill matmul_tf32x3_mma_split_k on dispatch 1: its requirement '(loop_range_2 + BK - 1) / BK / KSPLIT >= S - 1' does not hold here (loops 128 x 128 x 128)"{{.*}}"skill":"matmul_tf32x3_mma_split_k"
// ALONE: "dispatch":3,{{.*}}"numerics":"checked on the CPU at dimensions <= 128, dispatch 3's step alone (the whole plan does not compile at that size: skill matmul_tf32x3_mma_split_k on dispatch 1: its requirement '(loop_range_2 + BK - 1) / BK / KSPLIT >= S - 1' does not hold here (loops 128 x 128 x 128)): match"{{.*}}"skill":"warp_reduce_innermost"

// OFF: kernels are checked by ptxas; numerics are not checked (no CPU check asked for)
// SLICE: kernels are checked by ptxas; numerics are checked on the CPU: {{.*}} dimensions <= 256 (8.4 MFLOP)
// CONV: numerics are checked on the CPU: {{.*}} dimensions <= 64 ({{[0-9.]+}} MFLOP)
// WIDE: kernels are checked by ptxas; numerics are not checked: at dimensions <= 256 it still does 2.1 GFLOP; at dimensions <= 64 it still does 2.1 GFLOP
func.func @main(%x: tensor<4096x2048xf32>) -> tensor<4096xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4096x2048xf32>) outs(%f : tensor<4096xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}
