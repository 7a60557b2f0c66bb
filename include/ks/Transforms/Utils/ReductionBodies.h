//===- ReductionBodies.h - Reading a reduction's inputs and body -*- C++ -*-===//
//
// Rewrites that merge or reuse reductions (ks-reuse-wider-sums,
// ks-one-pass-variance, ks-one-pass-softmax) ask the same two questions:
// do two reductions read one tensor, and what does a body's fold combine
// with its running output. The online softmax's step is built by
// ks-one-pass-softmax and recognized where threads fold it in parts
// (ks-distribute-warp-reductions), which combine two partial (max, sum)
// pairs.
//
//===----------------------------------------------------------------------===//
#ifndef KS_TRANSFORMS_UTILS_REDUCTIONBODIES_H
#define KS_TRANSFORMS_UTILS_REDUCTIONBODIES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <utility>

namespace ks {

/// Whether `a` and `b` are the same tensor: one value, or the same
/// collapse or expansion of one value (each reduction gets a reshape of its
/// own).
bool sameTensor(mlir::Value a, mlir::Value b);

/// The operand of the two-operand op `binary` that is not `out`, where
/// exactly one of them is `out` (a fold's `addf(t, out)`); else null.
mlir::Value otherOperand(mlir::Operation *binary, mlir::Value out);

/// The constant -inf of the float type `type`: an empty maximum.
mlir::Value minusInfinity(mlir::OpBuilder &b, mlir::Location loc, mlir::FloatType type);

/// Yields the online softmax's step (x, m, s) -> (m', s') from a body's
/// block arguments `args`: m' = max(m, x) and s' = s * exp(m - x) + 1
/// where x > m, else s + exp(x - m), one exponential an element,
/// exp(min(m, x) - m') and 0 while m' is -inf; the 1 is (x - x) + 1, NaN
/// for x = +inf as in the two passes. `one` and `minusInf` are constants
/// of x's type.
void buildOnlineSoftmaxStep(mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange args,
                            mlir::Value one, mlir::Value minusInf);

/// Whether `op` is a reduction of one input into two outputs whose body is
/// buildOnlineSoftmaxStep's.
bool isOnlineSoftmaxStep(mlir::linalg::LinalgOp op);

/// Partial (max, sum) pairs of an online softmax combined: the largest
/// maximum, and the sums each rescaled to it and added in order (the
/// exponentials independent of each other, not a chain). A pair that saw
/// nothing is (-inf, 0); a NaN sum (a +inf seen) stays NaN.
std::pair<mlir::Value, mlir::Value> combineOnlineSoftmax(mlir::OpBuilder &b, mlir::Location loc,
                                                         llvm::ArrayRef<mlir::Value> maxima,
                                                         llvm::ArrayRef<mlir::Value> sums);

} // namespace ks

#endif // KS_TRANSFORMS_UTILS_REDUCTIONBODIES_H
