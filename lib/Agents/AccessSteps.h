//===- AccessSteps.h - How far an index moves per thread or trip ---------===//
//
// The cost model's index analysis: how many elements apart neighbouring
// threads (or a loop's trips) access a buffer, from the index arithmetic
// and the layout, as a warp of 32 sees it.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_AGENTS_ACCESSSTEPS_H
#define KS_LIB_AGENTS_ACCESSSTEPS_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Value.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <optional>

namespace ks::agents {

/// How far `v` moves when the variable `isVar` names steps by one, where
/// the index arithmetic says (nothing otherwise). Divisions and remainders
/// by constants are taken as a warp of 32 steps sees them: a quotient by a
/// multiple of 32 steps does not move, a remainder does not wrap; by 8
/// steps or more (a row of 24 channels), as most of the warp sees them.
class Steps {
public:
  explicit Steps(std::function<bool(mlir::Value)> isVar) : isVar(std::move(isVar)) {}

  /// The step of `v`, memoized; std::nullopt where the arithmetic is not
  /// followed.
  std::optional<int64_t> of(mlir::Value v, unsigned depth = 0);

private:
  std::function<bool(mlir::Value)> isVar;
  llvm::DenseMap<mlir::Value, std::optional<int64_t>> known;

  std::optional<int64_t> compute(mlir::Value v, unsigned depth);
  static std::optional<int64_t> quotient(int64_t s, int64_t d);
  static std::optional<int64_t> remainder(int64_t s, int64_t d);
  std::optional<int64_t> ofExpr(mlir::AffineExpr e, llvm::ArrayRef<std::optional<int64_t>> operands,
                                unsigned numDims);
};

/// How many elements apart neighbouring threads (thread id x) access
/// `memref` at `indices`, where the index arithmetic and the layout say.
std::optional<int64_t> threadStride(mlir::Value memref, mlir::ValueRange indices,
                                    Steps &steps);

} // namespace ks::agents

#endif // KS_LIB_AGENTS_ACCESSSTEPS_H
