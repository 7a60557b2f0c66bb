//===- WarpReduce.h - Combining a value across a warp's lanes -*- C++ -*-===//
//
// The shuffle butterfly ks-distribute-warp-reductions builds for a
// reduction's lanes, for kernels other passes write out whole (the grid
// kernel of transform.ks.grid_reduce_then_map).
//
//===----------------------------------------------------------------------===//

#ifndef KS_TRANSFORMS_UTILS_WARPREDUCE_H
#define KS_TRANSFORMS_UTILS_WARPREDUCE_H

#include "mlir/IR/Builders.h"

namespace ks {

inline constexpr int32_t kWarpSize = 32;

/// `combiner` (a binary op: arith.addf, arith.maximumf, ...) applied to
/// (lhs, rhs): a copy of it with these operands, of their type.
mlir::Value combine(mlir::OpBuilder &b, mlir::Operation *combiner, mlir::Value lhs,
                    mlir::Value rhs);

/// `value` combined with `combiner` across the 32 lanes of the warp by xor
/// shuffles (every lane gets the total).
mlir::Value butterfly(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *combiner,
                      mlir::Value value);

} // namespace ks

#endif // KS_TRANSFORMS_UTILS_WARPREDUCE_H
