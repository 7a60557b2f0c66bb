//===- RowChain.h - Ops that one kernel can compute row by row --*- C++ -*-===//
//
// A row-wise reduction (softmax's max, a norm's mean) is usually followed by
// ops over the same rows that read its result: the shifted exponentials, a
// second reduction, the normalization. Each is a dispatch of its own, and
// each reads the rows from memory again. When every buffer the ops share is
// only touched at the rows being computed, one kernel can run all of them
// on one row after another: a row chain.
//
//===----------------------------------------------------------------------===//
#ifndef KS_SKILLS_ROWCHAIN_H
#define KS_SKILLS_ROWCHAIN_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace ks::agents {

/// One op of a chain: its first `rowDims` loops are parallel and enumerate
/// the chain's rows (their ranges multiply to `RowChain::rows`); the rest
/// are all parallel or all reductions.
struct RowChainMember {
  mlir::linalg::LinalgOp op;
  unsigned rowDims = 0;
  /// Where > 1, the last row loop runs over rows times this many points: a
  /// normalization merged to [1024, 16384] after statistics of 128 rows
  /// reads 8 of its loop's steps per row. Its index is then
  /// row * rowLoopPoints + the point's first coordinate, and the loop is to
  /// be split in two (ks::splitLoops) before the op is cut to rows. Only
  /// ops without reductions.
  int64_t rowLoopPoints = 1;
};

struct RowChain {
  int64_t rows = 0;
  /// In program order: the reduction the chain was grown from (after the
  /// fill of its output, where that joins), then the ops after it.
  llvm::SmallVector<RowChainMember> members;
  /// The most points one member computes per row: a chain whose reduction
  /// is short but whose other ops have long rows (the second stage of a
  /// split reduction, then a normalization over 65536 columns) gives each
  /// row's team far more work than the reduction suggests.
  int64_t maxRowPoints = 0;
};

/// The longest row chain that begins at `start` (or at the fill of its
/// output right before it) and runs over consecutive linalg ops, or none:
/// `start` must be a reduction on buffers with static shapes whose parallel
/// loops all come before its reduction loops, and at least one more op must
/// join it (with `fillIsEnough`, the fill before it will do: the partial
/// stage of a split loss, whose fill the chain's kernel then computes). The
/// ops in between may only be views (expand/collapse_shape), allocations,
/// constants and linalg ops on buffers no member touches (the fill of a
/// loss's scalar output), which may run before the chain. An op joins when
/// its leading parallel loops enumerate the same rows and every buffer that
/// some member writes is read and written by all members only at the row
/// being computed.
std::optional<RowChain> findRowChain(mlir::linalg::LinalgOp start, bool fillIsEnough = false);

/// The buffer `value` views through expand/collapse_shapes, which keep the
/// row-major order of a contiguous buffer's elements.
mlir::Value baseBuffer(mlir::Value value);

/// Whether `type` is a memref of static shape and row-major (identity)
/// layout.
bool isContiguous(mlir::Type type);

/// The next (or previous) op of `op`'s block that is not a reshape, an
/// allocation or a constant (what computes nothing on the GPU), or null.
mlir::Operation *neighbour(mlir::Operation *op, bool forward);

} // namespace ks::agents

#endif // KS_SKILLS_ROWCHAIN_H
