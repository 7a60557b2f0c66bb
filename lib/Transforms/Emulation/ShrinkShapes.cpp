//===- ShrinkShapes.cpp - The same program at a size the CPU checks fast --===//
//
// The reviewer without a GPU runs a candidate's kernels on the CPU, thread
// by thread: at full size a 4096^3 matmul would take hours. The program is
// shrunk instead: each large dimension becomes a divisor of it (tiles that
// divided it still divide the new one; its power-of-two factor kept where
// one fits, so rows stay as aligned), the same size the same everywhere
// (dimensions that had to agree still agree). What cannot follow (sizes
// held in attributes) is an error: the caller then checks at another size
// or says the numerics were not checked.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"
#include "ks/Transforms/Utils/DefinedValues.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Verifier.h"

namespace ks {
#define GEN_PASS_DEF_KSSHRINKSHAPES
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
struct ShrinkShapes : public ks::impl::KSShrinkShapesBase<ShrinkShapes> {
  using Base::Base;

  int64_t shrink(int64_t size) const {
    if (ShapedType::isDynamic(size) || size <= maxDim)
      return size;
    // A divisor that keeps the size's power-of-two factor (up to 16) first:
    // rows stay as aligned as they were (1000 becomes 200, not 250, so
    // 16-byte copies of f32 rows still apply).
    int64_t keep = std::min<int64_t>(size & -size, 16);
    for (int64_t step : {keep, int64_t(1)})
      for (int64_t d = maxDim; d * 2 > maxDim; --d)
        if (size % d == 0 && d % step == 0)
          return d;
    return maxDim;
  }

  Type shrink(Type type) const {
    auto shaped = dyn_cast<RankedTensorType>(type);
    if (auto memref = dyn_cast<MemRefType>(type)) {
      if (!memref.getLayout().isIdentity())
        return type;
      SmallVector<int64_t> shape = llvm::map_to_vector(
          memref.getShape(), [&](int64_t s) { return shrink(s); });
      return MemRefType::get(shape, memref.getElementType(), MemRefLayoutAttrInterface(),
                             memref.getMemorySpace());
    }
    if (!shaped)
      return type;
    SmallVector<int64_t> shape =
        llvm::map_to_vector(shaped.getShape(), [&](int64_t s) { return shrink(s); });
    return RankedTensorType::get(shape, shaped.getElementType(), shaped.getEncoding());
  }

  /// Ops whose only sizes are in their types (or that are fixed up here).
  static bool followsItsTypes(Operation *op) {
    return isa<linalg::LinalgOp, linalg::YieldOp, tensor::EmptyOp, tensor::CollapseShapeOp,
               tensor::ExpandShapeOp, tensor::CastOp, arith::ConstantOp, func::FuncOp,
               func::ReturnOp, func::CallOp>(op) ||
           isa<arith::ArithDialect, math::MathDialect>(op->getDialect());
  }

  void runOnOperation() override {
    if (maxDim < 1) {
      getOperation().emitError("ks-shrink-shapes: max-dim must be at least 1");
      return signalPassFailure();
    }
    WalkResult result = getOperation().walk([&](Operation *op) -> WalkResult {
      bool changes = false;
      ks::forEachDefinedValue(op, [&](Value v) { changes |= shrink(v.getType()) != v.getType(); });
      if (auto func = dyn_cast<func::FuncOp>(op)) {
        auto type = func.getFunctionType();
        auto inputs = llvm::map_to_vector(type.getInputs(), [&](Type t) { return shrink(t); });
        auto results = llvm::map_to_vector(type.getResults(), [&](Type t) { return shrink(t); });
        func.setFunctionType(FunctionType::get(&getContext(), inputs, results));
      }
      if (!changes)
        return WalkResult::advance();
      if (!followsItsTypes(op)) {
        op->emitOpError("cannot be shrunk: its sizes are attributes");
        return WalkResult::interrupt();
      }
      if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
        if (!dense || !dense.isSplat()) {
          op->emitOpError("cannot be shrunk: a constant that is not a splat");
          return WalkResult::interrupt();
        }
        constant.setValueAttr(dense.resizeSplat(cast<ShapedType>(shrink(dense.getType()))));
      }
      ks::forEachDefinedValue(op, [&](Value v) { v.setType(shrink(v.getType())); });
      if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op))
        expand.setStaticOutputShape(expand.getResultType().getShape());
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    if (failed(verify(getOperation())))
      return signalPassFailure();
  }
};
} // namespace
