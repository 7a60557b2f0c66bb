//===- LoopIndex.h - Which loop's index a payload value is ------*- C++ -*-===//
//
// A linalg payload that reads its loop indices (a scan's triangular mask,
// a gather's position) compares or computes with linalg.index, often
// through an index_cast to the element type's integer. The scan transform
// and the Feature Extractor both ask which loop such a value is.
//
//===----------------------------------------------------------------------===//
#ifndef KS_TRANSFORMS_LOOPINDEX_H
#define KS_TRANSFORMS_LOOPINDEX_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace ks {

/// The loop whose index `v` is (a linalg.index, or an index_cast of one),
/// or nothing.
inline std::optional<unsigned> indexedLoop(mlir::Value v) {
  if (auto cast = v.getDefiningOp<mlir::arith::IndexCastOp>())
    v = cast.getIn();
  if (auto index = v.getDefiningOp<mlir::linalg::IndexOp>())
    return index.getDim();
  return std::nullopt;
}

} // namespace ks

#endif // KS_TRANSFORMS_LOOPINDEX_H
