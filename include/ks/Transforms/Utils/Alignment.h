//===- Alignment.h - What a vector access provably is aligned to -*- C++ -*-===//
#ifndef KS_TRANSFORMS_UTILS_ALIGNMENT_H
#define KS_TRANSFORMS_UTILS_ALIGNMENT_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "mlir/IR/ValueRange.h"

namespace ks {

/// The largest power of two (up to 64) `index` is known to be a multiple
/// of: constants, loop indices, sums and products of them, affine.apply,
/// the innermost digit of a delinearized index.
int64_t knownDivisor(mlir::Value index, unsigned depth = 0);

/// The alignment in bytes a 1-d vector access of `vector` elements at
/// `indices` of `memref` provably has (up to 16), or 0: the buffer is a
/// function argument or an allocation (256-byte aligned on the device), or
/// a reshape or subview of one starting a multiple of the vector's length
/// in, its rows a multiple of it long, and the innermost index a multiple
/// of it.
int64_t provedAlignment(mlir::Value memref, mlir::ValueRange indices,
                        mlir::VectorType vector);

} // namespace ks

#endif // KS_TRANSFORMS_UTILS_ALIGNMENT_H
