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

#define GET_OP_CLASSES
#include "ks/Skills/TransformOps/TransformOps.h.inc"

namespace ks {
/// Adds the ks transform ops to the transform dialect of contexts made from
/// `registry` (skill scripts may use them).
void registerTransformExtension(mlir::DialectRegistry &registry);
} // namespace ks

#endif // KS_SKILLS_TRANSFORMOPS_TRANSFORMOPS_H
