//===- ColumnSplit.h - A block's threads share strided columns -*- C++ -*-===//
//
// `ks.column_split = S` on an op in a launch of BX x S threads: its BX
// parallel points (neighbouring columns of a reduction along a strided
// loop) are the x threads', and its strided loop is split among the y
// threads, thread (x, y) taking rows y, y + S, ... of column x. A
// reduction's partials meet in shared memory; an op after it without
// reductions (a norm's or softmax's quotients over the same columns) is
// split alike, so that with ks.row_registers each thread finds the
// elements it folded in its registers.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_TRANSFORMS_SEEDLOWERING_COLUMNSPLIT_H
#define KS_LIB_TRANSFORMS_SEEDLOWERING_COLUMNSPLIT_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Support/LogicalResult.h"

namespace ks::rowwalk {

/// Splits `op` (ks.column_split = `split`) among the block's threads: a
/// reduction by its strided loop, an op without reductions by the one loop
/// of more than one point besides its innermost (the columns').
mlir::LogicalResult distributeColumnSplit(mlir::linalg::LinalgOp op, int64_t split);

} // namespace ks::rowwalk

#endif // KS_LIB_TRANSFORMS_SEEDLOWERING_COLUMNSPLIT_H
