//===- Passes.h - KernelSkill passes ----------------------------*- C++ -*-===//
#ifndef KS_TRANSFORMS_PASSES_H
#define KS_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace ks {

#define GEN_PASS_DECL
#include "ks/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ks/Transforms/Passes.h.inc"

} // namespace ks

#endif // KS_TRANSFORMS_PASSES_H
