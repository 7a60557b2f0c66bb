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
    Runs the Feature Extractor (ks/Agents/FeatureExtractor.h) on the module
    and prints `{"dispatches": [...]}`: one object per linalg structured op
    inside a `func.func` (named or generic, on tensors or memrefs), with its
    id (its `ks.dispatch` attribute, else its position in walk order), its
    op class, loop ranges and iterators, FLOPs, bytes and arithmetic
    intensity, how each operand is strided along the innermost parallel
    loop, and more. Ops with dynamic shapes are reported with
    `"dynamic": true` and no sizes. Keys are sorted; objects and arrays of
    scalars are printed on one line. The IR is left unchanged.
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "Write the JSON to this file instead of stdout">,
  ];
}

def KSEstimateKernels : Pass<"ks-estimate-kernels", "mlir::ModuleOp"> {
  let summary = "Print the cost model's estimate of every kernel as JSON";
  let description = [{
    The Profiler without a GPU (ks/Agents/CostModel.h): for a module after
    the seed lowering, prints `{"device": ..., "kernels": [...]}` with, per
    launched kernel, the work counted from its IR (FLOPs, bytes moved in
    global and shared memory, the buffers' footprint), the time of each
    roof on the device and the estimated time, bound and metrics. Devices
    come from devices.json in the first skill directory (or `devices=`).
    The IR is left unchanged.
  }];
  let options = [
    Option<"device", "device", "std::string", /*default=*/"\"\"",
           "Device name in the table (default: the first one for `chip`)">,
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target chip, to pick a device when none is named">,
    Option<"devicesFile", "devices", "std::string", /*default=*/"\"\"",
           "The device table (default: devices.json of the skill path)">,
    Option<"skillDirs", "skill-dirs", "std::string", /*default=*/"\"\"",
           "Skill directories, comma-separated (default: the skill path)">,
  ];
}

#endif // KS_AGENTS_PASSES
