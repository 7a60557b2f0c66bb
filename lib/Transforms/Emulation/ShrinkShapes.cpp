//===- ShrinkShapes.cpp - The same program at a size the CPU checks fast --===//
//
// The reviewer without a GPU runs a candidate's kernels on the CPU, thread
// by thread: at full size a 4096^3 matmul would take hours. The program is
// shrunk instead: each large dimension becomes a divisor of it (tiles that
// divided it still divide the new one; its power-of-two factor kept where
// one fits, so rows stay as aligned), the same size the same everywhere
// (dimensions that had to agree still agree). Sizes tied by more than
// equality keep their relation: those a pad, a partial slice, a concat's
// axis or a window (a convolution's input rows) hold in attributes or in
// index arithmetic stay as they are; a collapsed dimension becomes the
// product of its shrunk parts. What still cannot follow is an error: the
// caller then checks at another size or says the numerics were not checked.
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
/// Static sizes of `type`'s dimensions (none for an unranked or non-shaped
/// type).
ArrayRef<int64_t> shapeOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type); shaped && shaped.hasRank())
    return shaped.getShape();
  return {};
}

struct ShrinkShapes : public ks::impl::KSShrinkShapesBase<ShrinkShapes> {
  using Base::Base;

  /// Sizes that keep their value: a relation other than equality ties them.
  llvm::DenseSet<int64_t> pinned;
  /// Size -> its new size, where it changes.
  llvm::DenseMap<int64_t, int64_t> newSize;
  /// A slice's axes it takes whole (their sizes follow the whole's).
  llvm::DenseMap<Operation *, SmallVector<bool>> wholeAxes;

  int64_t divisorNotAbove(int64_t size) const {
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

  int64_t shrink(int64_t size) const {
    if (ShapedType::isDynamic(size))
      return size;
    auto it = newSize.find(size);
    return it == newSize.end() ? size : it->second;
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

  void pin(Type type, unsigned dim) {
    ArrayRef<int64_t> shape = shapeOf(type);
    if (dim < shape.size())
      pin(shape[dim]);
  }
  void pin(int64_t size) {
    if (!ShapedType::isDynamic(size))
      pinned.insert(size);
  }

  /// Pins the sizes a slice holds in attributes: on each axis it does not
  /// take whole, the whole's size and the slice's.
  void pinSlice(OffsetSizeAndStrideOpInterface slice, Type whole, Type part) {
    ArrayRef<int64_t> wholeShape = shapeOf(whole), partShape = shapeOf(part);
    if (wholeShape.size() != partShape.size()) { // rank-reducing: keep it all
      llvm::for_each(wholeShape, [&](int64_t s) { pin(s); });
      llvm::for_each(partShape, [&](int64_t s) { pin(s); });
      return;
    }
    SmallVector<bool> &takenWhole = wholeAxes[slice];
    for (unsigned i = 0; i < wholeShape.size(); ++i) {
      takenWhole.push_back(isTakenWhole(slice, i, wholeShape[i]));
      if (!takenWhole.back()) {
        pin(wholeShape[i]);
        pin(partShape[i]);
      }
    }
  }

  static bool isTakenWhole(OffsetSizeAndStrideOpInterface slice, unsigned i, int64_t whole) {
    return !slice.isDynamicOffset(i) && slice.getStaticOffset(i) == 0 &&
           !slice.isDynamicSize(i) && slice.getStaticSize(i) == whole &&
           !slice.isDynamicStride(i) && slice.getStaticStride(i) == 1;
  }

  /// Pins the sizes ops tie by more than equality (see the file comment).
  void pinRelatedSizes(Operation *op) {
    if (auto pad = dyn_cast<tensor::PadOp>(op)) {
      ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
      for (unsigned i = 0; i < low.size(); ++i)
        if (low[i] != 0 || high[i] != 0) {
          pin(pad.getSourceType(), i);
          pin(pad.getResultType(), i);
        }
    } else if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op)) {
      pinSlice(slice, slice.getSourceType(), slice.getResultType());
    } else if (auto slice = dyn_cast<tensor::InsertSliceOp>(op)) {
      pinSlice(slice, slice.getDestType(), slice.getSourceType());
    } else if (auto concat = dyn_cast<tensor::ConcatOp>(op)) {
      for (Value v : op->getOperands())
        pin(v.getType(), concat.getDim());
      pin(concat.getResultType(), concat.getDim());
    } else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      pinWindows(linalgOp);
    } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      // Only a splat follows a new shape (weights, dense_resource, stay).
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!(dense && dense.isSplat()))
        llvm::for_each(shapeOf(constant.getType()), [&](int64_t s) { pin(s); });
    }
  }

  /// A window's index (an output row plus a filter row) ties the input's
  /// size to both loops' ranges: all three keep their sizes.
  void pinWindows(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    // A window of one (a pointwise convolution's) indexes nothing but its
    // output's rows: those follow.
    SmallVector<AffineExpr> oneAsZero;
    for (auto [d, range] : llvm::enumerate(ranges))
      oneAsZero.push_back(range == 1 ? getAffineConstantExpr(0, op.getContext())
                                     : getAffineDimExpr(d, op.getContext()));
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      for (auto [i, expr] : llvm::enumerate(map.getResults())) {
        AffineExpr plain = expr.replaceDims(oneAsZero);
        if (isa<AffineDimExpr>(plain) || isa<AffineConstantExpr>(plain))
          continue;
        pin(operand.get().getType(), i);
        expr.walk([&](AffineExpr e) {
          if (auto dim = dyn_cast<AffineDimExpr>(e); dim && dim.getPosition() < ranges.size())
            pin(ranges[dim.getPosition()]);
        });
      }
    }
  }

  /// Collapsed sizes become the product of their parts' new sizes; a
  /// pinned size that would need another is left to the verifier.
  void deriveCollapsedSizes(ModuleOp module) {
    for (int round = 0; round < 8; ++round) {
      bool changed = false;
      module.walk([&](Operation *op) {
        auto [collapsed, expanded, groups] = reshapeOf(op);
        if (!groups)
          return;
        for (auto [i, group] : llvm::enumerate(*groups)) {
          int64_t whole = collapsed[i], product = 1;
          for (int64_t d : group)
            product = ShapedType::isDynamic(expanded[d]) || ShapedType::isDynamic(product)
                          ? ShapedType::kDynamic
                          : product * shrink(expanded[d]);
          if (ShapedType::isDynamic(whole) || ShapedType::isDynamic(product) ||
              shrink(whole) == product || pinned.contains(whole))
            continue;
          newSize[whole] = product;
          changed = true;
        }
      });
      if (!changed)
        return;
    }
  }

  /// (collapsed shape, expanded shape, reassociation) of a reshape op.
  static std::tuple<ArrayRef<int64_t>, ArrayRef<int64_t>,
                    std::optional<SmallVector<ReassociationIndices>>>
  reshapeOf(Operation *op) {
    if (auto c = dyn_cast<tensor::CollapseShapeOp>(op))
      return {c.getResultType().getShape(), c.getSrcType().getShape(),
              c.getReassociationIndices()};
    if (auto e = dyn_cast<tensor::ExpandShapeOp>(op))
      return {e.getSrcType().getShape(), e.getResultType().getShape(),
              e.getReassociationIndices()};
    return {{}, {}, std::nullopt};
  }

  /// Ops whose only sizes are in their types (or that are fixed up here).
  static bool followsItsTypes(Operation *op) {
    return isa<linalg::LinalgOp, linalg::YieldOp, tensor::EmptyOp, tensor::CollapseShapeOp,
               tensor::ExpandShapeOp, tensor::CastOp, tensor::PadOp, tensor::YieldOp,
               tensor::ExtractSliceOp, tensor::InsertSliceOp, tensor::ConcatOp,
               arith::ConstantOp, func::FuncOp, func::ReturnOp, func::CallOp>(op) ||
           isa<arith::ArithDialect, math::MathDialect>(op->getDialect());
  }

  /// The new sizes of a slice's axes taken whole.
  void resizeSlice(OffsetSizeAndStrideOpInterface slice) {
    SmallVector<int64_t> sizes(slice.getStaticSizes());
    auto whole = wholeAxes.find(slice);
    if (whole == wholeAxes.end() || whole->second.size() != sizes.size())
      return;
    for (unsigned i = 0; i < sizes.size(); ++i)
      if (whole->second[i])
        sizes[i] = shrink(sizes[i]);
    slice->setAttr("static_sizes", DenseI64ArrayAttr::get(slice->getContext(), sizes));
  }

  LogicalResult retype(Operation *op) {
    bool changes = false;
    ks::forEachDefinedValue(op, [&](Value v) { changes |= shrink(v.getType()) != v.getType(); });
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      auto type = func.getFunctionType();
      auto inputs = llvm::map_to_vector(type.getInputs(), [&](Type t) { return shrink(t); });
      auto results = llvm::map_to_vector(type.getResults(), [&](Type t) { return shrink(t); });
      func.setFunctionType(FunctionType::get(&getContext(), inputs, results));
    }
    if (!changes)
      return success();
    if (!followsItsTypes(op))
      return op->emitOpError("cannot be shrunk: its sizes are attributes");
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense || !dense.isSplat())
        return op->emitOpError("cannot be shrunk: a constant that is not a splat");
      constant.setValueAttr(dense.resizeSplat(cast<ShapedType>(shrink(dense.getType()))));
    }
    if (auto slice = dyn_cast<OffsetSizeAndStrideOpInterface>(op))
      resizeSlice(slice);
    ks::forEachDefinedValue(op, [&](Value v) { v.setType(shrink(v.getType())); });
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op))
      expand.setStaticOutputShape(expand.getResultType().getShape());
    return success();
  }

  void runOnOperation() override {
    if (maxDim < 1) {
      getOperation().emitError("ks-shrink-shapes: max-dim must be at least 1");
      return signalPassFailure();
    }
    // Every size first, then the new sizes, then the program retyped.
    llvm::DenseSet<int64_t> sizes;
    getOperation().walk([&](Operation *op) {
      pinRelatedSizes(op);
      ks::forEachDefinedValue(op, [&](Value v) {
        for (int64_t s : shapeOf(v.getType()))
          sizes.insert(s);
      });
      if (auto func = dyn_cast<func::FuncOp>(op))
        for (Type t : func.getFunctionType().getInputs())
          for (int64_t s : shapeOf(t))
            sizes.insert(s);
    });
    for (int64_t s : sizes)
      if (!ShapedType::isDynamic(s) && s > maxDim && !pinned.contains(s))
        newSize[s] = divisorNotAbove(s);
    deriveCollapsedSizes(getOperation());
    WalkResult result = getOperation().walk([&](Operation *op) -> WalkResult {
      return failed(retype(op)) ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    if (failed(verify(getOperation())))
      return signalPassFailure();
  }
};
} // namespace
