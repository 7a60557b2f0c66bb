// The cost model charges the instructions a kernel's threads issue where
// its PTX has no loop (ks::countIssueSlots): a 3x3 box blur (average pool,
// padding read in place, the division by the count in the kernel) with one
// column and two rows a thread issues 186 slots for two outputs, more than
// its bytes take at the DRAM's rate, so two columns a thread, which share
// their window's border checks and address arithmetic, are estimated
// faster and replace the first choice. Input: Torch-MLIR's import of
// nn.AvgPool2d(3, stride=1, padding=1, count_include_pad=False) over
// 4 x 64 x 512 x 512.
// REQUIRES: ptxas
// RUN: rm -rf %t && ks-tune %S/Inputs/box_blur_4x64x512x512.mlir --measure=model --device=h200 --chip=sm_90 --precision=tf32x3 --rounds=0 --out=%t > %t.log 2>&1
// RUN: FileCheck %s < %t/trajectory.jsonl
// RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
// CHECK: "kernel_us":152.{{[0-9]+}},{{.*}}"params":{"CT":2,"EPI":1,"FOLD":1,"RT":2,"TX":256},{{.*}}"rule":"first choice, alternative 1"
// CHECK: "diagnosis":"an alternative of it was faster",{{.*}}"kernel_us":216.{{[0-9]+}},{{.*}}"params":{"CT":1,"EPI":1,"FOLD":1,"RT":2,"TX":512}
// PLAN: "CT": 2,
// PLAN: "RT": 2,
// PLAN: "TX": 256
