//===- CollapsibleRuns.h - Loops that can be merged into one ---------------===//
//
// ks-collapse-reduction-dims and ks-collapse-elementwise-dims merge runs of
// adjacent loops into one with upstream's dimension collapsing; this says
// which runs.
//
//===----------------------------------------------------------------------===//

#ifndef KS_TRANSFORMS_UTILS_COLLAPSIBLERUNS_H
#define KS_TRANSFORMS_UTILS_COLLAPSIBLERUNS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace ks {
/// Whether every map keeps each group of loops contiguous and in order:
/// upstream's linalg::areDimSequencesPreserved, which asserts (and in a
/// release build reads past its arrays) where a map is no projected
/// permutation, as a convolution's input map (d2 + d5) is.
bool preservesDimSequences(llvm::ArrayRef<mlir::AffineMap> maps,
                           llvm::ArrayRef<mlir::ReassociationIndices> groups);

/// Maximal runs (two loops or more) of adjacent loops of one iterator type
/// that every indexing map of `generic` keeps contiguous and in order, and
/// whose indices the payload does not read.
llvm::SmallVector<mlir::ReassociationIndices> collapsibleRuns(mlir::linalg::GenericOp generic);
} // namespace ks

#endif // KS_TRANSFORMS_UTILS_COLLAPSIBLERUNS_H
