//===- Epilogue.h - An elementwise op applied as a kernel stores its output -===//
//
// A GEMM kernel can apply the elementwise op that follows it (a bias, an
// activation) to each output as it stores it: that op then needs no kernel
// and no second pass over the output. These say when that is sound and
// clone the op's body at one output.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_SKILLS_TRANSFORMOPS_EPILOGUE_H
#define KS_LIB_SKILLS_TRANSFORMOPS_EPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/Builders.h"

#include <string>

namespace ks {

/// Why `epilogue` cannot be applied in the kernel of the 2-d contraction
/// `op` (output [M, N], M and N its loops `mLoop` and `nLoop`), or the empty
/// string: the epilogue must be a 2-d elementwise op on buffers over the
/// output's loops, reading the output where it writes and writing neither
/// of the contraction's inputs, and come right after the contraction (the
/// kernel takes its place: its other operands must be ready, and nothing
/// between may read the contraction's output) or after ops that can move
/// before it (static allocations and views: the epilogue's output buffer).
std::string unmetEpilogueCondition(mlir::linalg::LinalgOp op, int64_t mLoop, int64_t nLoop,
                                   mlir::linalg::LinalgOp epilogue);

/// Moves the ops between `op` and `epilogue` that unmetEpilogueCondition
/// lets through before `op`, so that the kernel in `op`'s place sees them.
void hoistOpsBetween(mlir::linalg::LinalgOp op, mlir::linalg::LinalgOp epilogue);

/// The epilogue a GEMM transform op's optional `epilogue` handle holds
/// (null without the handle) for its `target` handle, or why there is none
/// fit to be one (the handle empty or holding another op than one linalg
/// op, or several targets): the empty string when it is fine.
std::string epilogueOfHandle(mlir::transform::TransformState &state,
                             mlir::Value epilogueHandle, mlir::Value targetHandle,
                             mlir::linalg::LinalgOp &epilogue);

/// `epilogue` at the output `at` (its loops are the output's indices) of
/// the contraction `op`, whose value there is `result`: its other operands
/// loaded, its body cloned, what it yields stored, at `b`'s insertion point.
void applyEpilogue(mlir::OpBuilder &b, mlir::Location loc, mlir::linalg::LinalgOp op,
                   mlir::linalg::LinalgOp epilogue, mlir::ArrayRef<mlir::Value> at,
                   mlir::Value result);

} // namespace ks

#endif // KS_LIB_SKILLS_TRANSFORMOPS_EPILOGUE_H
