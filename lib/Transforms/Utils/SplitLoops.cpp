//===- SplitLoops.cpp - A generic op's loops split in two -----------------===//

#include "ks/Transforms/Utils/SplitLoops.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

unsigned ks::splitLoopPosition(ArrayRef<int64_t> divisors, unsigned loop) {
  unsigned position = 0;
  for (unsigned d = 0; d < loop; ++d)
    position += divisors[d] > 0 ? 2 : 1;
  return position;
}

bool ks::canSplitLoops(linalg::GenericOp op, ArrayRef<int64_t> divisors) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [range, divisor] : llvm::zip(ranges, divisors))
    if (divisor > 0 && (ShapedType::isDynamic(range) || divisor >= range || range % divisor))
      return false;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    auto shaped = dyn_cast<ShapedType>(operand.get().getType());
    for (AffineExpr result : map.getResults())
      for (unsigned d = 0; d < divisors.size(); ++d) {
        if (divisors[d] == 0 || !result.isFunctionOfDim(d))
          continue;
        if (!isa<AffineDimExpr>(result) || !shaped || !shaped.hasStaticShape())
          return false;
        // A memref is expanded by a view: only a contiguous one.
        if (auto memref = dyn_cast<MemRefType>(shaped); memref && !memref.getLayout().isIdentity())
          return false;
      }
  }
  return true;
}

linalg::GenericOp
ks::splitLoops(RewriterBase &rewriter, linalg::GenericOp op, ArrayRef<int64_t> divisors,
               ValueRange extraInputs, ArrayRef<AffineMap> extraMaps,
               function_ref<void(IRMapping &, ArrayRef<BlockArgument>)> bindExtras) {
  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<int64_t> newRanges;
  for (auto [range, divisor] : llvm::zip(ranges, divisors)) {
    if (divisor > 0) {
      newRanges.push_back(range / divisor);
      newRanges.push_back(divisor);
    } else {
      newRanges.push_back(range);
    }
  }
  unsigned numLoops = newRanges.size();
  SmallVector<AffineExpr> renamed;
  for (unsigned d = 0; d < ranges.size(); ++d)
    renamed.push_back(getAffineDimExpr(splitLoopPosition(divisors, d), ctx));

  // An operand, expanded where it reads a split loop, and its new map.
  rewriter.setInsertionPoint(op);
  SmallVector<SmallVector<ReassociationIndices>> outputGroups;
  auto expandOperand = [&](Value value, AffineMap map, AffineMap &newMap,
                           SmallVector<ReassociationIndices> &groups) -> Value {
    auto type = dyn_cast<ShapedType>(value.getType());
    SmallVector<AffineExpr> results;
    SmallVector<int64_t> shape;
    for (auto [i, result] : llvm::enumerate(map.getResults())) {
      ReassociationIndices group;
      auto dim = dyn_cast<AffineDimExpr>(result);
      if (dim && divisors[dim.getPosition()] > 0) {
        unsigned first = splitLoopPosition(divisors, dim.getPosition());
        for (unsigned part = 0; part < 2; ++part) {
          group.push_back(shape.size());
          shape.push_back(newRanges[first + part]);
          results.push_back(getAffineDimExpr(first + part, ctx));
        }
      } else {
        group.push_back(shape.size());
        shape.push_back(type.getDimSize(i));
        results.push_back(result.replaceDims(renamed));
      }
      groups.push_back(group);
    }
    newMap = AffineMap::get(numLoops, 0, results, ctx);
    if (!type || shape.size() == static_cast<size_t>(type.getRank()))
      return value;
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get(shape, tensor.getElementType()), value, groups);
    return memref::ExpandShapeOp::create(
        rewriter, loc, MemRefType::get(shape, type.getElementType()), value, groups);
  };

  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map;
    SmallVector<ReassociationIndices> groups;
    inputs.push_back(expandOperand(input->get(), op.getMatchingIndexingMap(input), map, groups));
    maps.push_back(map);
  }
  llvm::append_range(inputs, extraInputs);
  llvm::append_range(maps, extraMaps);
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map;
    SmallVector<ReassociationIndices> groups;
    outputs.push_back(expandOperand(init.get(), op.getMatchingIndexingMap(&init), map, groups));
    outputGroups.push_back(std::move(groups));
    maps.push_back(map);
  }
  SmallVector<Type> resultTypes;
  for (Value output : outputs)
    if (isa<RankedTensorType>(output.getType()))
      resultTypes.push_back(output.getType());
  SmallVector<utils::IteratorType> iterators;
  for (auto [iterator, divisor] : llvm::zip(op.getIteratorTypesArray(), divisors)) {
    iterators.push_back(iterator);
    if (divisor > 0)
      iterators.push_back(iterator);
  }
  auto replacement =
      linalg::GenericOp::create(rewriter, loc, resultTypes, inputs, outputs, maps, iterators);
  replacement->setDiscardableAttrs(op->getDiscardableAttrDictionary());

  // The old body, its loop indices rebuilt from the new loops.
  Block *body = op.getBody();
  Block *newBody = rewriter.createBlock(&replacement.getRegion());
  IRMapping mapping;
  unsigned numInputs = op.getNumDpsInputs();
  for (BlockArgument arg : body->getArguments().take_front(numInputs))
    mapping.map(arg, newBody->addArgument(arg.getType(), arg.getLoc()));
  SmallVector<BlockArgument> extraArgs;
  for (Value extra : extraInputs)
    extraArgs.push_back(newBody->addArgument(getElementTypeOrSelf(extra.getType()), loc));
  for (BlockArgument arg : body->getArguments().drop_front(numInputs))
    mapping.map(arg, newBody->addArgument(arg.getType(), arg.getLoc()));
  if (bindExtras)
    bindExtras(mapping, extraArgs);
  rewriter.setInsertionPointToStart(newBody);
  for (Operation &inner : *body) {
    if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
      unsigned loop = index.getDim(), first = splitLoopPosition(divisors, loop);
      Value whole = linalg::IndexOp::create(rewriter, loc, first);
      if (divisors[loop] > 0) {
        AffineExpr q, r;
        bindDims(ctx, q, r);
        Value remainder = linalg::IndexOp::create(rewriter, loc, first + 1);
        whole = affine::AffineApplyOp::create(rewriter, loc, q * divisors[loop] + r,
                                              ValueRange{whole, remainder});
      }
      mapping.map(index.getResult(), whole);
      continue;
    }
    if (inner.getNumResults() > 0 &&
        llvm::all_of(inner.getResults(), [&](Value v) { return mapping.contains(v); }))
      continue;
    rewriter.clone(inner, mapping);
  }
  // What only fed the indices that are now maps.
  for (Operation &inner : llvm::make_early_inc_range(llvm::reverse(*newBody)))
    if (isOpTriviallyDead(&inner))
      rewriter.eraseOp(&inner);

  // Tensor results in the op's own shapes.
  rewriter.setInsertionPointAfter(replacement);
  SmallVector<Value> results;
  for (auto [old, value, groups] :
       llvm::zip(op.getResults(), replacement.getResults(), outputGroups)) {
    if (value.getType() == old.getType())
      results.push_back(value);
    else
      results.push_back(tensor::CollapseShapeOp::create(
          rewriter, loc, cast<RankedTensorType>(old.getType()), value, groups));
  }
  rewriter.replaceOp(op, results);
  return replacement;
}
