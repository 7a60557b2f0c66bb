//===- SplitLoops.h - A generic op's loops split in two -------------------===//
//
// ks-extracts-to-operands splits a loop that a gather reads as a quotient
// and remainder (group norm's channel loop, as group and channel within
// it), and ks.fuse_row_chain splits a loop that runs over several rows'
// worth of points (the same normalization merged to [1024, 16384] over the
// statistics' 128 rows). Both rebuild the op the same way, on tensors or
// on buffers.
//
//===----------------------------------------------------------------------===//

#ifndef KS_TRANSFORMS_UTILS_SPLITLOOPS_H
#define KS_TRANSFORMS_UTILS_SPLITLOOPS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {

/// The loop of the split op that loop `loop` of the original becomes (its
/// quotient; its remainder is the next one).
unsigned splitLoopPosition(llvm::ArrayRef<int64_t> divisors, unsigned loop);

/// Whether every map of `op` reads a loop to be split (divisors[d] > 0)
/// only as a whole dim, and each such divisor divides its loop's static
/// range and is less than it.
bool canSplitLoops(mlir::linalg::GenericOp op, llvm::ArrayRef<int64_t> divisors);

/// Rebuilds `op` with each loop d of divisors[d] > 0 split in two
/// (range / divisor, divisor): every operand that reads d is expanded there
/// (tensor or memref expand_shape), `linalg.index d` becomes
/// `q * divisor + r`, and tensor results are collapsed back to the op's
/// types. `extraInputs`, read through `extraMaps` (over the split loops),
/// follow the op's inputs; `bindExtras` maps values of the old body to
/// their block arguments (an op of the old body whose results are all
/// mapped is not cloned). The op is replaced and erased; the new one keeps
/// its discardable attributes. Check canSplitLoops first.
mlir::linalg::GenericOp
splitLoops(mlir::RewriterBase &rewriter, mlir::linalg::GenericOp op,
           llvm::ArrayRef<int64_t> divisors, mlir::ValueRange extraInputs = {},
           llvm::ArrayRef<mlir::AffineMap> extraMaps = {},
           llvm::function_ref<void(mlir::IRMapping &, llvm::ArrayRef<mlir::BlockArgument>)>
               bindExtras = nullptr);

} // namespace ks

#endif // KS_TRANSFORMS_UTILS_SPLITLOOPS_H
