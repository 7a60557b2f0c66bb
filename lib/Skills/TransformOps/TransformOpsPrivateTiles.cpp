//===- TransformOpsPrivateTiles.cpp - ks ops on thread-private tiles ------===//
//
// The transform ops that fill a thread's private tile (promoted to
// registers) from its producer, and fold an epilogue into the copy of the
// tile back to its buffer: ks.init_from_producer,
// ks.fold_epilogue_into_copy_back.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

//===----------------------------------------------------------------------===//
// ks.init_from_producer
//===----------------------------------------------------------------------===//

namespace {
/// Whether `subview` keeps the rank and steps by one (offsets compose by
/// adding).
bool isPlainSubview(memref::SubViewOp subview) {
  return subview.getSourceType().getRank() == subview.getType().getRank() &&
         llvm::all_of(subview.getStaticStrides(), [](int64_t s) { return s == 1; });
}

/// The buffer a chain of plain subviews views; null where the chain is
/// anything else.
Value rootOf(Value view) {
  while (auto subview = view.getDefiningOp<memref::SubViewOp>()) {
    if (!isPlainSubview(subview))
      return {};
    view = subview.getSource();
  }
  return view;
}

/// The offsets of `view` in rootOf(view), composed along the chain.
SmallVector<OpFoldResult> offsetsInRoot(Value view, OpBuilder &b, Location loc) {
  auto rank = cast<MemRefType>(view.getType()).getRank();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  AffineExpr d0, d1;
  bindDims(b.getContext(), d0, d1);
  while (auto subview = view.getDefiningOp<memref::SubViewOp>()) {
    for (auto [i, offset] : llvm::enumerate(subview.getMixedOffsets()))
      offsets[i] = affine::makeComposedFoldedAffineApply(b, loc, d0 + d1, {offsets[i], offset});
    view = subview.getSource();
  }
  return offsets;
}

/// Whether `v` is private to a thread: an alloca, or a view of one.
bool isPrivate(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (isa<memref::AllocaOp>(def))
      return true;
    if (auto view = dyn_cast<memref::ViewOp>(def))
      v = view.getSource();
    else if (auto subview = dyn_cast<memref::SubViewOp>(def))
      v = subview.getSource();
    else
      return false;
  }
  return false;
}

/// The fill or broadcast that last wrote all of `root` before `nest` in the
/// same block, if nothing else uses `root` in between.
linalg::LinalgOp initializerOf(Value root, Operation *nest) {
  for (Operation *op = nest->getPrevNode(); op; op = op->getPrevNode()) {
    if (!llvm::is_contained(op->getOperands(), root))
      continue;
    if (!isa<linalg::FillOp, linalg::BroadcastOp>(op))
      return {};
    auto producer = cast<linalg::LinalgOp>(op);
    if (producer.getDpsInits()[0] != root || llvm::is_contained(producer.getDpsInputs(), root))
      return {};
    return producer;
  }
  return {};
}

/// Whether `nest` only writes `view`: through subviews, as the output of
/// copies (the sums written out), nothing reading it.
bool onlyWrittenIn(Value view, Operation *nest) {
  for (OpOperand &use : view.getUses()) {
    Operation *user = use.getOwner();
    if (!nest->isAncestor(user))
      continue;
    if (auto subview = dyn_cast<memref::SubViewOp>(user)) {
      if (!onlyWrittenIn(subview.getResult(), nest))
        return false;
      continue;
    }
    auto copy = dyn_cast<linalg::CopyOp>(user);
    if (!copy || !copy.isDpsInit(&use))
      return false;
  }
  return true;
}
} // namespace

DiagnosedSilenceableFailure transform::KSInitFromProducerOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  struct Replaced {
    Operation *producer, *nest;
    Value root;
  };
  SmallVector<Replaced> replaced;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto copy = dyn_cast<linalg::CopyOp>(target);
    if (!copy || !copy.hasPureBufferSemantics() || !isPrivate(copy.getOutputs()[0]))
      continue;
    auto func = copy->getParentOfType<func::FuncOp>();
    Value tile = copy.getInputs()[0];
    Value root = rootOf(tile);
    if (!func || !root)
      continue;
    Operation *nest = func.getBody().front().findAncestorOpInBlock(*copy);
    linalg::LinalgOp producer = initializerOf(root, nest);
    if (!producer)
      continue;
    // The producer's work on this tile, into the private buffer (fresh ops:
    // no dispatch of their own).
    rewriter.setInsertionPoint(copy);
    Location loc = copy.getLoc();
    Value privateBuffer = copy.getOutputs()[0];
    if (auto fill = dyn_cast<linalg::FillOp>(producer.getOperation())) {
      linalg::FillOp::create(rewriter, loc, fill.getInputs()[0], privateBuffer);
    } else {
      // The broadcast's input, cut to the tile's extent in the dimensions
      // it keeps. (Right after promotion the private buffer's shape may
      // still be dynamic: its sizes are taken as they are.)
      auto broadcast = cast<linalg::BroadcastOp>(producer.getOperation());
      SmallVector<OpFoldResult> tileOffsets = offsetsInRoot(tile, rewriter, loc);
      SmallVector<OpFoldResult> tileSizes = memref::getMixedSizes(rewriter, loc, privateBuffer);
      SmallVector<OpFoldResult> offsets, sizes, strides;
      for (int64_t d = 0, e = tileSizes.size(); d < e; ++d) {
        if (llvm::is_contained(broadcast.getDimensions(), d))
          continue;
        offsets.push_back(tileOffsets[d]);
        sizes.push_back(tileSizes[d]);
        strides.push_back(rewriter.getIndexAttr(1));
      }
      Value slice = memref::SubViewOp::create(rewriter, loc, broadcast.getInput(), offsets,
                                              sizes, strides);
      linalg::BroadcastOp::create(rewriter, loc, slice, privateBuffer, broadcast.getDimensions());
    }
    rewriter.eraseOp(copy);
    if (!llvm::any_of(replaced, [&](const Replaced &r) { return r.producer == producer; }))
      replaced.push_back({producer, nest, root});
  }
  // The producer goes once nothing in the nest reads its output any more
  // (otherwise it stays: the replaced copies computed what it writes).
  for (const Replaced &r : replaced)
    if (onlyWrittenIn(r.root, r.nest))
      rewriter.eraseOp(r.producer);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// ks.fold_epilogue_into_copy_back
//===----------------------------------------------------------------------===//

namespace {
/// The elementwise op that rewrites all of a buffer B in place after a
/// nest, and which of B's dimensions each of its loops walks (B's own, or
/// the groups a collapse of B merges; none where its operands view B
/// otherwise, and then it may not read its place).
struct InPlaceEpilogue {
  linalg::GenericOp op;
  std::optional<SmallVector<ReassociationIndices>> dimsOfB;
};

/// The loops of an operand that views B as `operand`, as B's dimensions.
std::optional<SmallVector<ReassociationIndices>> dimsOfBuffer(Value operand, MemRefType type) {
  if (cast<MemRefType>(operand.getType()).getShape() == type.getShape()) {
    SmallVector<ReassociationIndices> same;
    for (int64_t d = 0; d < type.getRank(); ++d)
      same.push_back({d});
    return same;
  }
  if (auto collapse = operand.getDefiningOp<memref::CollapseShapeOp>();
      collapse && collapse.getSrc().getType() == type)
    return collapse.getReassociationIndices();
  return std::nullopt;
}

/// The elementwise op that rewrites all of `buffer` in place right after
/// `nest` (past views and constants), as KSFoldEpilogueIntoCopyBackOp
/// describes; a null op if there is none.
InPlaceEpilogue inPlaceEpilogueAfter(Operation *nest, Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    return {};
  Operation *op = nest->getNextNode();
  while (op && (isa<memref::CollapseShapeOp, memref::ExpandShapeOp>(op) ||
                op->hasTrait<OpTrait::ConstantLike>()))
    op = op->getNextNode();
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureBufferSemantics() || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !llvm::all_of(generic.getIndexingMapsArray(), [](AffineMap m) { return m.isIdentity(); }))
    return {};
  Value input = generic.getDpsInputs()[0], init = generic.getDpsInits()[0];
  for (Value operand : {input, init}) {
    auto operandType = dyn_cast<MemRefType>(operand.getType());
    if (ks::reshapeChain(operand).back() != buffer || !operandType ||
        !operandType.hasStaticShape() || operandType.getNumElements() != type.getNumElements())
      return {};
  }
  InPlaceEpilogue epilogue{generic, std::nullopt};
  if (input.getType() == init.getType())
    epilogue.dimsOfB = dimsOfBuffer(input, type);
  // The payload computes from its element, values defined outside and,
  // where its loops are B's dimensions or groups of them, its place in B
  // (read in the body itself: the fold rewrites the body's linalg.index
  // ops, not those of nested regions).
  Block *body = generic.getBody();
  WalkResult reads = body->walk([&](Operation *inner) {
    bool readsPlace = isa<linalg::IndexOp>(inner);
    if ((readsPlace && (!epilogue.dimsOfB || inner->getBlock() != body)) ||
        !isMemoryEffectFree(inner))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (reads.wasInterrupted())
    return {};
  return epilogue;
}

/// The epilogue's loop `dim` at the element of a tile at `offsets` in B,
/// whose loops walk the tile: the place in B of a dimension or of a group
/// of them, row-major.
Value placeInBuffer(OpBuilder &b, Location loc, ArrayRef<int64_t> dimsOfLoop,
                    ArrayRef<Value> offsets, ArrayRef<int64_t> shape) {
  Value place;
  for (int64_t d : dimsOfLoop) {
    Value local = linalg::IndexOp::create(b, loc, d);
    Value at = arith::AddIOp::create(b, loc, local, offsets[d]);
    if (place) {
      Value size = arith::ConstantIndexOp::create(b, loc, shape[d]);
      at = arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, place, size), at);
    }
    place = at;
  }
  return place;
}
} // namespace

DiagnosedSilenceableFailure transform::KSFoldEpilogueIntoCopyBackOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  if (getEnabled() == 0)
    return DiagnosedSilenceableFailure::success();
  // The copies out of private buffers, grouped by the buffer they write.
  llvm::MapVector<Value, SmallVector<linalg::CopyOp>> copiesOf;
  for (Operation *target : state.getPayloadOps(getTarget()))
    if (auto copy = dyn_cast<linalg::CopyOp>(target);
        copy && copy.hasPureBufferSemantics() && isPrivate(copy.getInputs()[0]))
      if (Value root = rootOf(copy.getOutputs()[0]))
        copiesOf[root].push_back(copy);
  SmallVector<Operation *> folded;
  for (auto &[buffer, copies] : copiesOf) {
    auto func = copies.front()->getParentOfType<func::FuncOp>();
    if (!func)
      continue;
    Operation *nest = func.getBody().front().findAncestorOpInBlock(*copies.front());
    InPlaceEpilogue found = nest ? inPlaceEpilogueAfter(nest, buffer) : InPlaceEpilogue{};
    linalg::GenericOp epilogue = found.op;
    if (!epilogue)
      continue;
    ArrayRef<int64_t> shape = cast<MemRefType>(buffer.getType()).getShape();
    // The nest writes the buffer through these copies only.
    std::optional<DenseSet<Value>> written = ks::writtenRoots(
        nest->getRegion(0), [&](Operation *op) { return llvm::is_contained(copies, op); });
    if (!written || written->contains(buffer))
      continue;
    Block *payload = epilogue.getBody();
    bool readsPlace = !payload->getOps<linalg::IndexOp>().empty();
    for (linalg::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      auto tileType = cast<MemRefType>(copy.getInputs()[0].getType());
      unsigned rank = tileType.getRank();
      // The tile's place in B, for a payload that reads its element's.
      SmallVector<Value> offsets;
      if (readsPlace)
        for (OpFoldResult offset : offsetsInRoot(copy.getOutputs()[0], rewriter, copy.getLoc()))
          offsets.push_back(getValueOrCreateConstantIndexOp(rewriter, copy.getLoc(), offset));
      SmallVector<AffineMap> maps(2, rewriter.getMultiDimIdentityMap(rank));
      SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
      auto applied = linalg::GenericOp::create(
          rewriter, copy.getLoc(), copy.getInputs(), copy.getOutputs(), maps, iterators,
          [&](OpBuilder &b, Location loc, ValueRange args) {
            // In place, the element the payload reads and the one it
            // overwrites are the same: the sum in registers.
            IRMapping map;
            map.map(payload->getArgument(0), args[0]);
            map.map(payload->getArgument(1), args[0]);
            for (Operation &inner : payload->without_terminator()) {
              if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
                map.map(index.getResult(),
                        placeInBuffer(b, loc, (*found.dimsOfB)[index.getDim()], offsets, shape));
                continue;
              }
              b.clone(inner, map);
            }
            auto yield = cast<linalg::YieldOp>(payload->getTerminator());
            linalg::YieldOp::create(b, loc, map.lookupOrDefault(yield.getValues()[0]));
          });
      rewriter.replaceOp(copy, applied->getResults());
    }
    folded.push_back(epilogue);
  }
  ks::eraseFolded(rewriter, folded);
  return DiagnosedSilenceableFailure::success();
}
