//===- ReductionBodies.h - Reading a reduction's inputs and body -*- C++ -*-===//
//
// Rewrites that merge or reuse reductions (ks-reuse-wider-sums,
// ks-one-pass-variance, ks-one-pass-softmax) ask the same two questions:
// do two reductions read one tensor, and what does a body's fold combine
// with its running output.
//
//===----------------------------------------------------------------------===//
#ifndef KS_TRANSFORMS_UTILS_REDUCTIONBODIES_H
#define KS_TRANSFORMS_UTILS_REDUCTIONBODIES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace ks {

/// Whether `a` and `b` are the same tensor: one value, or the same
/// collapse or expansion of one value (each reduction gets a reshape of its
/// own).
bool sameTensor(mlir::Value a, mlir::Value b);

/// The operand of the two-operand op `binary` that is not `out`, where
/// exactly one of them is `out` (a fold's `addf(t, out)`); else null.
mlir::Value otherOperand(mlir::Operation *binary, mlir::Value out);

} // namespace ks

#endif // KS_TRANSFORMS_UTILS_REDUCTIONBODIES_H
