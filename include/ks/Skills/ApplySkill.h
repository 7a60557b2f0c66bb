//===- ApplySkill.h - Apply a skill to one dispatch -------------*- C++ -*-===//
//
// The Optimizer agent (docs/architecture.md): runs a skill's transform
// script, with its parameters filled in, through the transform interpreter
// on one dispatch (the linalg op marked `ks.dispatch = N` by
// ks-mark-dispatches, on buffers, before the seed mapping). A skill must
// leave its dispatch inside a gpu.launch; the seed mapping then leaves it
// alone and lowers the rest. ks-apply-skills applies a plan's steps with it.
//
//===----------------------------------------------------------------------===//
#ifndef KS_SKILLS_APPLYSKILL_H
#define KS_SKILLS_APPLYSKILL_H

#include "ks/Skills/SkillLibrary.h"

#include "llvm/Support/Error.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace ks::agents {

/// Applies `skill` with `params` (resolved: see Skill::resolve) to dispatch
/// `dispatch` of `module`. On failure the error says which skill, dispatch
/// and step failed, with the interpreter's message; the module may then be
/// partly transformed and must be discarded.
llvm::Error applySkill(mlir::ModuleOp module, int64_t dispatch,
                       const Skill &skill, const ParamValues &params);

} // namespace ks::agents

#endif // KS_SKILLS_APPLYSKILL_H
