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

#endif // KS_AGENTS_PASSES
