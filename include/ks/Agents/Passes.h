//===- Passes.h - KernelSkill optimizer (agent) passes ----------*- C++ -*-===//
#ifndef KS_AGENTS_PASSES_H
#define KS_AGENTS_PASSES_H

#include "ks/Target/Chips.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace ks::agents {

#define GEN_PASS_DECL
#include "ks/Agents/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ks/Agents/Passes.h.inc"

} // namespace ks::agents

#endif // KS_AGENTS_PASSES_H
