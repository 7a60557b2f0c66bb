//===- Passes.td - KernelSkill optimizer (agent) passes ----*- tablegen -*-===//
//
// Passes of the agent-guided optimizer (issue 4): analyses of the input that
// the planner reads, exposed as passes so they can be run and tested alone.
//
//===----------------------------------------------------------------------===//

#ifndef KS_AGENTS_PASSES
#define KS_AGENTS_PASSES

include "mlir/Pass/PassBase.td"

def KSPrintFeatures : Pass<"ks-print-features", "mlir::ModuleOp"> {
  let summary = "Print the static features of every dispatch as JSON";
  let description = [{
    Runs the Feature Extractor (ks/Skills/FeatureExtractor.h), whose features
    the planner matches against the skills and the decision policy, and
    prints `{"dispatches": [...]}`: one object per linalg structured op inside
    a `func.func` (on tensors or memrefs), with its id (its `ks.dispatch`
    attribute, else its position in walk order), op class, loop ranges and
    iterators, FLOPs, bytes, arithmetic intensity, how each operand is
    strided along the innermost parallel loop, and more. Ops with dynamic
    shapes are reported with `"dynamic": true` and no sizes. Keys are sorted.
    The IR is left unchanged.

    ```mlir
    func.func @relu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
      ...
      %r = linalg.generic {... iterator_types = ["parallel", "parallel"]}
          ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) { arith.maximumf ... }
      return %r : tensor<4x8xf32>
    }
    // prints
    // {"dispatches": [{..., "func": "relu", "id": 0, "op": "linalg.generic",
    //                  "op_class": "elementwise", ..., "transcendentals": 0} ]}
    ```
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "Write the JSON to this file instead of stdout">,
  ];
}

def KSEstimateKernels : Pass<"ks-estimate-kernels", "mlir::ModuleOp"> {
  let summary = "Print the cost model's estimate of every kernel as JSON";
  let description = [{
    The profiler without a GPU (ks/Agents/CostModel.h). For a module after
    the seed lowering it prints `{"device": ..., "kernels": [...]}` with, per
    launched kernel, the work counted from its IR (FLOPs, bytes moved in
    global and shared memory, the buffers' footprint), the time of each roof
    on the device, and the estimated time, bound and speed of light. Devices
    come from devices.json in the first skill directory (or `devices=`). The
    IR is left unchanged.

    ```mlir
    // ks-opt --ks-seed-lowering --ks-estimate-kernels on
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x64xf32>) -> tensor<256x64xf32>
    %c = linalg.matmul ins(%a, %b : tensor<256x128xf32>, tensor<128x64xf32>)
                       outs(%f : tensor<256x64xf32>) -> tensor<256x64xf32>
    // prints, per seed kernel
    // {"device": ..., "kernels": [
    //   {"bound": "launch", "dispatch": 0, "global_store_bytes": 65536, ...},
    //   {"blocks": 64, "bound": "l2", "dispatch": 1, "dram_bytes": 294912,
    //    "flops": 4194304, "global_load_bytes": 25165824, ...} ]}
    ```
  }];
  let options = [
    Option<"device", "device", "std::string", /*default=*/"\"\"",
           "Device name in the table (default: the first one for `chip`)">,
    Option<"chip", "chip", "std::string", /*default=*/"ks::kDefaultChip.str()",
           "Target chip, to pick a device when none is named">,
    Option<"devicesFile", "devices", "std::string", /*default=*/"\"\"",
           "The device table (default: devices.json of the skill path)">,
    Option<"skillDirs", "skill-dirs", "std::string", /*default=*/"\"\"",
           "Skill directories, comma-separated (default: the skill path)">,
  ];
}

def KSOptimize : Pass<"ks-optimize", "mlir::ModuleOp"> {
  let summary = "Tune every dispatch with the skill library and compile the best kernels";
  let description = [{
    The agent-guided optimizer as one pass over a linalg-on-tensors module:
    it runs the tuning loop (ks/Agents/Tuner.h: features, profile, policy,
    skill, review, memory), then compiles the module with the winning plan to
    ptxas-verified PTX (the `ks-compile` pipeline). The result is what
    `ks-compile` gives, with the best verified kernel for each dispatch. With
    a GPU (ks-run beside the tool, a CUDA driver) every candidate is measured
    and checked against the seed kernels; without one the cost model ranks
    them, ptxas reviews them, and the report says they were not measured.
    `report.json`, `report.html`, `plan.json` and `trajectory.jsonl` go to
    `out`; dispatches found in the tuning database (`db`) are not tuned again.

    ```mlir
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
    %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>)
                       outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
    // becomes, with measure=model: one tensor-core kernel, the fill folded into it
    module attributes {gpu.container_module, ks.folded_dispatches = array<i64: 0>} {
      ...
      gpu.launch_func @main_kernel::@main_kernel blocks in (%c8, %c8, %c1)
          threads in (%c128, %c1, %c1) args(...)
      ...
      gpu.binary @main_kernel {ks.ptxas = {sm_90 = {main_kernel = {...}}}} [...]
    }
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"ks::kDefaultChip.str()", "Target chip">,
    Option<"device", "device", "std::string", /*default=*/"\"\"",
           "The cost model's device (default: the first one for `chip`)">,
    Option<"measure", "measure", "std::string", /*default=*/"\"auto\"",
           "gpu (measure with ks-run), model (cost model) or auto">,
    Option<"budget", "budget", "double", /*default=*/"0",
           "Seconds of tuning after which no round starts (0: no limit)">,
    Option<"rounds", "rounds", "unsigned", /*default=*/"24",
           "Candidates per dispatch at most: for a group of identical dispatches that "
           "is the whole program's time (each group gets 6 plus its share of the rest)">,
    Option<"firstChoices", "first-choices", "bool", /*default=*/"true",
           "Give every dispatch the policy's first choice before the search">,
    Option<"invariantLoads", "invariant-loads", "bool", /*default=*/"true",
           "After the search, load the buffers no launch writes as invariant where "
           "the kernels do not spill for it">,
    Option<"precision", "precision", "std::string", /*default=*/"\"exact\"",
           "Precision policy: the loosest numerics a skill may have: exact (f32 "
           "operations only), tf32x3 (three TF32 tensor-core products, about fp32's "
           "accuracy) or tf32">,
    Option<"jobs", "jobs", "unsigned", /*default=*/"0",
           "Candidates built at once, in parallel (0: one per core)">,
    Option<"maxDispatches", "max-dispatches", "unsigned", /*default=*/"8",
           "Tune this many of the slowest dispatches">,
    Option<"win", "win", "double", /*default=*/"1.3",
           "The base moves to a candidate this much faster">,
    Option<"solTarget", "sol-target", "double", /*default=*/"90",
           "Stop on a dispatch at this speed of light (%)">,
    Option<"db", "db", "std::string", /*default=*/"\"\"", "Tuning database file (SQLite where the path ends .db, JSON otherwise)">,
    Option<"out", "out", "std::string", /*default=*/"\"ks-optimize-out\"",
           "Directory for the report, plan and trajectory">,
    Option<"skillDirs", "skill-dirs", "std::string", /*default=*/"\"\"",
           "Skill directories, comma-separated (default: the skill path)">,
    Option<"policy", "policy", "std::string", /*default=*/"\"\"",
           "Decision policy (default: policy.json of the first skill directory)">,
    Option<"ksRun", "ks-run", "std::string", /*default=*/"\"\"",
           "ks-run to measure with (default: beside this tool)">,
    Option<"entry", "entry", "std::string", /*default=*/"\"main\"", "Function to tune">,
    Option<"quiet", "quiet", "bool", /*default=*/"false", "No progress lines">,
  ];
}

#endif // KS_AGENTS_PASSES
