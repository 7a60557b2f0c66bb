//===- LoopIndex.h - Which loop's index a payload value is ------*- C++ -*-===//
//
// A linalg payload that reads its loop indices (a scan's triangular mask,
// a gather's position) compares or computes with linalg.index, often
// through an index_cast to the element type's integer. The scan transform,
// the quadratic-scan check and the Feature Extractor ask which loop such a
// value is, and whether an op is such a scan.
//
//===----------------------------------------------------------------------===//
#ifndef KS_TRANSFORMS_UTILS_LOOPINDEX_H
#define KS_TRANSFORMS_UTILS_LOOPINDEX_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace ks {

/// The loop whose index `v` is (a linalg.index, or an index_cast of one),
/// or nothing. An affine.apply that picks one of its operands counts as
/// that operand: linalg's loop interchange (ks-parallel-dims-first) writes
/// each old loop index so.
inline std::optional<unsigned> indexedLoop(mlir::Value v) {
  if (auto cast = v.getDefiningOp<mlir::arith::IndexCastOp>())
    v = cast.getIn();
  if (auto apply = v.getDefiningOp<mlir::affine::AffineApplyOp>()) {
    mlir::AffineMap map = apply.getAffineMap();
    auto dim = llvm::dyn_cast<mlir::AffineDimExpr>(map.getResult(0));
    if (!dim)
      return std::nullopt;
    v = apply.getMapOperands()[dim.getPosition()];
  }
  if (auto index = v.getDefiningOp<mlir::linalg::IndexOp>())
    return index.getDim();
  return std::nullopt;
}

/// Whether `op` is a scan written as a reduction over a triangular mask:
/// its payload selects by comparing the reduction loop's index with a
/// parallel loop's (y[k] = fold over j <= k of x[j]; the PyTorch frontend's
/// cumsum and cumprod). Lowered as it stands, each output folds its whole
/// prefix: n^2 / 2 operations a row.
inline bool isTriangularScan(mlir::linalg::LinalgOp op) {
  if (op.getNumReductionLoops() != 1 || !op.getBlock())
    return false;
  auto iterators = op.getIteratorTypesArray();
  for (mlir::Operation &inner : op.getBlock()->without_terminator()) {
    auto select = llvm::dyn_cast<mlir::arith::SelectOp>(inner);
    auto cmp = select ? select.getCondition().getDefiningOp<mlir::arith::CmpIOp>() : nullptr;
    if (!cmp)
      continue;
    std::optional<unsigned> a = indexedLoop(cmp.getLhs());
    std::optional<unsigned> b = indexedLoop(cmp.getRhs());
    using mlir::utils::IteratorType;
    if (a && b && (iterators[*a] == IteratorType::parallel) !=
                      (iterators[*b] == IteratorType::parallel))
      return true;
  }
  return false;
}

} // namespace ks

#endif // KS_TRANSFORMS_UTILS_LOOPINDEX_H
