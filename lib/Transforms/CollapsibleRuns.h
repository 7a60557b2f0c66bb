//===- CollapsibleRuns.h - Loops that can be merged into one ---------------===//
//
// ks-collapse-reduction-dims and ks-collapse-elementwise-dims merge runs of
// adjacent loops into one with upstream's dimension collapsing; this says
// which runs.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_TRANSFORMS_COLLAPSIBLERUNS_H
#define KS_LIB_TRANSFORMS_COLLAPSIBLERUNS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace ks {
/// Maximal runs (two loops or more) of adjacent loops of one iterator type
/// that every indexing map of `generic` keeps contiguous and in order, and
/// whose indices the payload does not read.
llvm::SmallVector<mlir::ReassociationIndices> collapsibleRuns(mlir::linalg::GenericOp generic);
} // namespace ks

#endif // KS_LIB_TRANSFORMS_COLLAPSIBLERUNS_H
