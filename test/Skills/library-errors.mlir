// A broken skill or a bad request is an error naming the file and the field
// (or the skill, the dispatch and the reason); nothing is written.
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-missing-summary dispatch=1 skill=missing_summary" 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: {{.*}}skills-missing-summary/missing_summary/skill.json: field 'summary': missing
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-bad-default dispatch=1 skill=bad_default" 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: error: {{.*}}bad_default/skill.json: field 'defaults': 'B' = 64 is not among its allowed values
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-unknown-name dispatch=1 skill=unknown_name" 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: error: {{.*}}unknown_name/skill.json: field 'constraints': 'B * W <= 1024' uses 'W', which is no parameter
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-bad-expr dispatch=1 skill=bad_expr" 2>&1 | FileCheck %s --check-prefix=EXPR
// EXPR: error: {{.*}}bad_expr/skill.json: field 'constraints': in 'B * <= 1024': unexpected '<'
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-bad-choose dispatch=1 skill=bad_choose" 2>&1 | FileCheck %s --check-prefix=CHOOSE
// CHOOSE: error: {{.*}}bad_choose/skill.json: field 'choose': in 'B == torch_scan_chunk &&': unexpected end
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-wrong-dir dispatch=1 skill=Y" 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: error: {{.*}}wrong_dir/skill.json: field 'id': 'Y' does not match its directory 'wrong_dir'
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-missing-script dispatch=1 skill=missing_script" 2>&1 | FileCheck %s --check-prefix=SCRIPT
// SCRIPT: error: {{.*}}missing_script/skill.json: field 'script': cannot read {{.*}}nowhere.mlir: No such file or directory
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-unknown-placeholder dispatch=1 skill=unknown_placeholder" 2>&1 | FileCheck %s --check-prefix=PLACEHOLDER
// PLACEHOLDER: error: {{.*}}unknown_placeholder/skill.json: field 'script': ${C} in {{.*}}unknown_placeholder.mlir is no parameter
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-bad-prefer dispatch=1 skill=bad_prefer" 2>&1 | FileCheck %s --check-prefix=PREFER
// PREFER: error: {{.*}}bad_prefer/skill.json: field 'prefer': 'B' must be "larger" or "smaller"
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-bad-repairs dispatch=1 skill=bad_repairs" 2>&1 | FileCheck %s --check-prefix=REPAIRS
// REPAIRS: error: {{.*}}bad_repairs/skill.json: field 'repairs': expected an object FAILURE -> {{.*}} (FAILURE: shared_memory_overflow, register_spills, registers_limit_occupancy)
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-bad-numerics dispatch=1 skill=bad_numerics" 2>&1 | FileCheck %s --check-prefix=NUMERICS
// NUMERICS: error: {{.*}}bad_numerics/skill.json: field 'numerics': 'fp16' is not one of exact, tf32x3, tf32
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-bad-fallback dispatch=1 skill=bad_fallback" 2>&1 | FileCheck %s --check-prefix=FALLBACK
// FALLBACK: error: {{.*}}bad_fallback/skill.json: field 'falls_back_to': 'block_thread_tile_2d' is no other skill of the library
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-not-json dispatch=1 skill=not_json" 2>&1 | FileCheck %s --check-prefix=JSON
// JSON: error: {{.*}}not_json/skill.json: not valid JSON: [3:3, byte=25]: Expected object key

// Scripts that go wrong when run: the interpreter's reason, not a crash.
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-consumed-twice dispatch=1 skill=consumed_twice" 2>&1 | FileCheck %s --check-prefix=CONSUMED
// CONSUMED: error: skill consumed_twice on dispatch 1: the transform failed: op uses a handle invalidated by a previously executed transform op
// RUN: not ks-opt %s --ks-apply-skills="skill-dirs=%S/Inputs/skills-no-launch dispatch=1 skill=no_launch" 2>&1 | FileCheck %s --check-prefix=NOLAUNCH
// NOLAUNCH: error: skill no_launch on dispatch 1: the script did not map the dispatch to a gpu.launch

// Requests the library refuses.
// RUN: not ks-opt %s --ks-apply-skills="dispatch=1 skill=nope" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown skill 'nope' (looked in {{.*}}skills)
// RUN: not ks-opt %s --ks-apply-skills="dispatch=1 skill=block_thread_tile_2d params=BM=48" 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: error: skill block_thread_tile_2d: BM = 48 is outside its allowed values
// RUN: not ks-opt %s --ks-apply-skills="dispatch=1 skill=block_thread_tile_2d params=BM=16,BN=16,TM=4,TN=4" 2>&1 | FileCheck %s --check-prefix=CONSTRAINT
// CONSTRAINT: error: skill block_thread_tile_2d: constraint 'TX * TY >= 32' does not hold
// RUN: not ks-opt %s --ks-apply-skills="dispatch=1 skill=block_thread_tile_2d params=Q=1" 2>&1 | FileCheck %s --check-prefix=PARAM
// PARAM: error: skill block_thread_tile_2d has no parameter 'Q'
// RUN: not ks-opt %s --ks-apply-skills="dispatch=1 skill=block_thread_tile_2d params=TX=8" 2>&1 | FileCheck %s --check-prefix=DERIVED
// DERIVED: error: skill block_thread_tile_2d: 'TX' is derived (BN / TN), not a parameter a plan sets
// RUN: not ks-opt %s --ks-apply-skills="dispatch=1 skill=block_thread_tile_2d params=BM" 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: bad parameter 'BM': expected NAME=INTEGER
// RUN: not ks-opt %s --ks-apply-skills="dispatch=7 skill=block_thread_tile_2d" 2>&1 | FileCheck %s --check-prefix=DISPATCH
// DISPATCH: error: skill block_thread_tile_2d on dispatch 7: no linalg op is marked ks.dispatch = 7
// RUN: not ks-opt %s --ks-apply-skills="skill=block_thread_tile_2d" 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: error: ks-apply-skills: `dispatch` and `skill` go together
// RUN: echo '{"dispatches": [{"skill": "block_thread_tile_2d"}]}' > %t.noid.json
// RUN: not ks-opt %s --ks-apply-skills="plan=%t.noid.json" 2>&1 | FileCheck %s --check-prefix=PLANID
// PLANID: error: the plan {{.*}}noid.json, dispatches[0]: needs an integer "id" and a string "skill"
// RUN: echo '{"dispatches": [{"id": 1, "skill": "block_thread_tile_2d", "params": 5}]}' > %t.params.json
// RUN: not ks-opt %s --ks-apply-skills="plan=%t.params.json" 2>&1 | FileCheck %s --check-prefix=PLANPARAMS
// PLANPARAMS: error: the plan {{.*}}params.json, dispatches[0]: "params" must be an object of integers
// RUN: %python -c "print('[' * 50000 + ']' * 50000)" > %t.deep.json
// RUN: not ks-opt %s --ks-apply-skills="plan=%t.deep.json" 2>&1 | FileCheck %s --check-prefix=PLANDEEP
// PLANDEEP: error: the plan {{.*}}deep.json is not valid {{JSON}}: JSON nested 50000 deep (at most 256 is accepted)
// RUN: rm -f %t.out
// RUN: not ks-opt %S/Inputs/matmul_256x128x64.mlir --ks-compile="plan=%t.missing.json" -o %t.out 2>&1 | FileCheck %s --check-prefix=NOPLAN
// NOPLAN: error: cannot read the plan {{.*}}missing.json: No such file or directory
// RUN: not test -e %t.out
func.func @main(%a: memref<256x128xf32>, %b: memref<128x64xf32>, %c: memref<256x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill {ks.dispatch = 0 : i64} ins(%zero : f32) outs(%c : memref<256x64xf32>)
  linalg.matmul {ks.dispatch = 1 : i64} ins(%a, %b : memref<256x128xf32>, memref<128x64xf32>) outs(%c : memref<256x64xf32>)
  return
}
