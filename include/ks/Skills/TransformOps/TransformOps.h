//===- TransformOps.h - ks extension of the transform dialect ---*- C++ -*-===//

#ifndef KS_SKILLS_TRANSFORMOPS_TRANSFORMOPS_H
#define KS_SKILLS_TRANSFORMOPS_TRANSFORMOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace ks {
/// The effects of a transform op that rewrites its targets' payload in
/// place: its operands are only read (the handles stay valid), its results
/// are produced, the payload is modified.
template <typename OpTy>
class InPlaceTransformOpTrait : public mlir::OpTrait::TraitBase<OpTy, InPlaceTransformOpTrait> {
public:
  void getEffects(llvm::SmallVectorImpl<mlir::MemoryEffects::EffectInstance> &effects) {
    mlir::transform::onlyReadsHandle(this->getOperation()->getOpOperands(), effects);
    mlir::transform::producesHandle(this->getOperation()->getOpResults(), effects);
    mlir::transform::modifiesPayload(effects);
  }

  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    if (!op->getName().getInterface<mlir::MemoryEffectOpInterface>())
      return op->emitError("InPlaceTransformOpTrait needs MemoryEffectOpInterface");
    return mlir::success();
  }
};
} // namespace ks

#define GET_OP_CLASSES
#include "ks/Skills/TransformOps/TransformOps.h.inc"

namespace ks {
/// Adds the ks transform ops to the transform dialect of contexts made from
/// `registry` (skill scripts may use them).
void registerTransformExtension(mlir::DialectRegistry &registry);
} // namespace ks

#endif // KS_SKILLS_TRANSFORMOPS_TRANSFORMOPS_H
