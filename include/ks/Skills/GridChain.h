//===- GridChain.h - A whole buffer's sum and the op that uses it -*- C++ -*-===//
//
// A norm of a whole tensor (Frobenius: x / sqrt(sum(x * x))) reaches the
// dispatches as the two stages ks-split-large-reductions makes of the sum
// (rows of partial sums, then their total) and an elementwise op over the
// tensor that reads the total. Split, the tensor is read from memory twice;
// one kernel whose blocks meet at a grid barrier can read it about once: a
// grid chain.
//
//===----------------------------------------------------------------------===//
#ifndef KS_SKILLS_GRIDCHAIN_H
#define KS_SKILLS_GRIDCHAIN_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>
#include <string>

namespace ks::agents {

struct GridChain {
  /// P[r] += f(X[r, c]) (or X[c, r]: each element once), zero-filled by
  /// `partialFill`; `partialSum` is its
  /// body's add of the running sum and the term.
  mlir::linalg::GenericOp partial;
  mlir::linalg::FillOp partialFill;
  mlir::arith::AddFOp partialSum;
  /// t[0] += P[r], zero-filled by `finalFill`.
  mlir::linalg::GenericOp final;
  mlir::linalg::FillOp finalFill;
  /// Y = g(X, t), elementwise over X in its element order; its inputs
  /// `mapXInput` (X) and `mapTotalInput` (t).
  mlir::linalg::GenericOp map;
  unsigned mapXInput = 0, mapTotalInput = 0;
  /// X and Y (static row-major f32 arguments or allocations), and t.
  mlir::Value x, y, total;
  int64_t elements = 0;
};

/// The grid chain whose partial stage is `partial`, or none (with the
/// condition that does not hold in `unmet`). Each stage's fill comes right
/// before it (past reshapes, allocations and constants). Between the
/// partial stage and the map there may only be the two fills, the final
/// stage and views, allocations and constants; nothing else may use the
/// partial sums.
std::optional<GridChain> findGridChain(mlir::linalg::LinalgOp partial,
                                       std::string *unmet = nullptr);

} // namespace ks::agents

#endif // KS_SKILLS_GRIDCHAIN_H
