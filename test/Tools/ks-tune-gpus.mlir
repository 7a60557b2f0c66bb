// ks-tune --gpus: each ks-run sees one GPU alone (CUDA_VISIBLE_DEVICES),
// the one with the fewest runs in flight, so a batch of candidates is
// measured on all the GPUs at once; the decisions are the one-GPU run's
// (the stand-in's times do not depend on the GPU). Ordinals count the
// GPUs this process sees: under CUDA_VISIBLE_DEVICES=5,7, GPU 1 is 7.
// UNSUPPORTED: device-bundle
// RUN: rm -rf %t && mkdir -p %t
// RUN: env KS_FAKE_LOG=%t/two.log CUDA_VISIBLE_DEVICES=5,7 ks-tune --first-choices=false --invariant-loads=false %S/ks-tune-loop.mlir --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t/two --ks-run=%S/Inputs/fake_ks_run_gpus.py --rounds=4 --jobs=4 --gpus=0,1 > %t/two.out
// RUN: %python %S/Inputs/check_gpu_log.py %t/two.log | FileCheck %s --check-prefix=TWO
// RUN: FileCheck %s --check-prefix=REPORT < %t/two/report.json
// RUN: env KS_FAKE_LOG=%t/one.log ks-tune --first-choices=false --invariant-loads=false %S/ks-tune-loop.mlir --policy=%S/../Planner/Inputs/policy-register-blocking.json --out=%t/one --ks-run=%S/Inputs/fake_ks_run_gpus.py --rounds=4 --jobs=4 > %t/one.out
// RUN: diff %t/one/plan.json %t/two/plan.json
// RUN: not ks-tune %S/ks-tune-loop.mlir --gpus=0,x 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not ks-tune %S/ks-tune-loop.mlir --gpus=1,1 2>&1 | FileCheck %s --check-prefix=TWICE

// The seed alone, then the batch of four candidates: two on each GPU.
// TWO: gpu 5: {{[23]}} runs, at most 2 at once
// TWO-NEXT: gpu 7: {{[23]}} runs, at most 2 at once
// REPORT: "gpus": [
// REPORT-NEXT: 0,
// REPORT-NEXT: 1
// BAD: ks-tune: --gpus takes 'all' or CUDA ordinals such as 0,1, not '0,x'
// TWICE: ks-tune: --gpus names GPU 1 twice
