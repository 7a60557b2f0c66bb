//===- TransformOps.cpp - ks extension of the transform dialect -----------===//

#include "ks/Transforms/TransformOps.h"

#include "ks/Agents/RowChain.h"

#include "Alignment.h"
#include "CollapsibleRuns.h"
#include "KernelInit.h"
#include "SplitLoops.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

using namespace mlir;

namespace {
/// addf(mulf(a, b), c) -> fma(a, b, c), the product used only there.
struct FuseMultiplyAdd : OpRewritePattern<arith::AddFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::AddFOp add,
                                PatternRewriter &rewriter) const override {
    // A named linalg op's body is its definition (a matmul's must be mulf +
    // addf); a generic's is free.
    Operation *parent = add->getParentOp();
    if (isa<linalg::LinalgOp>(parent) && !isa<linalg::GenericOp>(parent))
      return rewriter.notifyMatchFailure(add, "in the body of a named linalg op");
    for (unsigned i = 0; i < 2; ++i) {
      auto mul = add->getOperand(i).getDefiningOp<arith::MulFOp>();
      if (!mul || !mul->hasOneUse())
        continue;
      rewriter.replaceOpWithNewOp<math::FmaOp>(add, mul.getLhs(), mul.getRhs(),
                                               add->getOperand(1 - i));
      rewriter.eraseOp(mul);
      return success();
    }
    return rewriter.notifyMatchFailure(add, "no single-use multiply operand");
  }
};

class KSTransformExtension
    : public transform::TransformDialectExtension<KSTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(KSTransformExtension)
  using Base::Base;
  void init() {
    declareGeneratedDialect<math::MathDialect>();
    declareGeneratedDialect<affine::AffineDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<vector::VectorDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<gpu::GPUDialect>();
    declareGeneratedDialect<nvgpu::NVGPUDialect>();
    declareGeneratedDialect<NVVM::NVVMDialect>();
    declareGeneratedDialect<LLVM::LLVMDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "ks/Transforms/TransformOps.cpp.inc"
        >();
  }
};
} // namespace

void transform::KSApplyFuseMultiplyAddPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  patterns.add<FuseMultiplyAdd>(patterns.getContext());
}

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
// ks.accumulate_atomically
//===----------------------------------------------------------------------===//

namespace {
/// Whether `sum` is only ever added to: every use takes it as the
/// accumulator of an addition (contract, multi-reduction or fma of kind add,
/// addf), reshapes it (shape_cast) or carries it through a loop, whose
/// results are checked in turn.
bool onlyAddedTo(Value sum) {
  for (OpOperand &use : sum.getUses()) {
    Operation *user = use.getOwner();
    Value next;
    if (auto contract = dyn_cast<vector::ContractionOp>(user)) {
      if (contract.getKind() != vector::CombiningKind::ADD || contract.getAcc() != sum)
        return false;
      next = contract.getResult();
    } else if (auto reduction = dyn_cast<vector::MultiDimReductionOp>(user)) {
      if (reduction.getKind() != vector::CombiningKind::ADD || reduction.getAcc() != sum)
        return false;
      next = reduction.getResult();
    } else if (auto fma = dyn_cast<vector::FMAOp>(user)) {
      if (fma.getAcc() != sum || fma.getLhs() == sum || fma.getRhs() == sum)
        return false;
      next = fma.getResult();
    } else if (auto fma = dyn_cast<math::FmaOp>(user)) {
      if (fma.getC() != sum || fma.getA() == sum || fma.getB() == sum)
        return false;
      next = fma.getResult();
    } else if (auto add = dyn_cast<arith::AddFOp>(user)) {
      if (add.getLhs() == add.getRhs())
        return false;
      next = add.getResult();
    } else if (auto cast = dyn_cast<vector::ShapeCastOp>(user)) {
      next = cast.getResult(); // The same elements, another shape.
    } else if (auto loop = dyn_cast<scf::ForOp>(user)) {
      // Carried as an iteration argument (not a bound or the step).
      if (use.getOperandNumber() < loop.getNumControlOperands())
        return false;
      unsigned position = use.getOperandNumber() - loop.getNumControlOperands();
      if (!onlyAddedTo(loop.getRegionIterArgs()[position]))
        return false;
      next = loop.getResult(position);
    } else if (isa<scf::YieldOp>(user)) {
      continue;
    } else {
      return false;
    }
    if (!onlyAddedTo(next))
      return false;
  }
  return true;
}

/// The buffer a view is of.
Value rootBuffer(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

/// Turns a read and a write of the same tile at loop-invariant indices in
/// `loop`'s body (a running sum kept in memory) into an iteration argument:
/// read once before the loop, written once after it. Unlike upstream's
/// hoist_redundant_vector_transfers, a buffer that has views elsewhere (a
/// keepdim output collapsed for another dispatch) is fine, as long as
/// nothing else in the loop touches the buffer or a view of it. Returns the
/// new loop, or the old one unchanged.
scf::ForOp carryTileInRegisters(RewriterBase &rewriter, scf::ForOp loop) {
  Block *body = loop.getBody();
  for (auto read : body->getOps<vector::TransferReadOp>()) {
    if (read.getMask() || !isa<MemRefType>(read.getBase().getType()) ||
        !read.getPermutationMap().isMinorIdentity())
      continue;
    vector::TransferWriteOp write;
    for (Operation *user : read.getBase().getUsers())
      if (auto w = dyn_cast<vector::TransferWriteOp>(user);
          w && w->getBlock() == body && read->isBeforeInBlock(w) &&
          w.getIndices() == read.getIndices() && w.getVectorType() == read.getVectorType() &&
          !w.getMask() && w.getPermutationMap() == read.getPermutationMap())
        write = w;
    if (!write || !llvm::all_of(read.getIndices(), [&](Value v) {
          return loop.isDefinedOutsideOfLoop(v);
        }))
      continue;
    Value root = rootBuffer(read.getBase());
    bool touchedElsewhere = false;
    body->walk([&](Operation *op) {
      if (op == read.getOperation() || op == write.getOperation())
        return;
      for (Value operand : op->getOperands())
        if (isa<MemRefType>(operand.getType()) && rootBuffer(operand) == root)
          touchedElsewhere = true;
    });
    if (touchedElsewhere)
      continue;
    rewriter.setInsertionPoint(loop);
    auto initial = cast<vector::TransferReadOp>(rewriter.clone(*read));
    Value written = write.getVector();
    FailureOr<LoopLikeOpInterface> grown = loop.replaceWithAdditionalYields(
        rewriter, ValueRange{initial.getResult()}, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
          return SmallVector<Value>{written};
        });
    if (failed(grown))
      continue;
    auto next = cast<scf::ForOp>(grown->getOperation());
    rewriter.replaceAllUsesWith(read.getResult(), next.getRegionIterArgs().back());
    rewriter.setInsertionPointAfter(next);
    vector::TransferWriteOp::create(rewriter, write.getLoc(), next.getResults().back(),
                                    write.getBase(), write.getIndices(),
                                    write.getPermutationMapAttr(), write.getInBoundsAttr());
    rewriter.eraseOp(write);
    rewriter.eraseOp(read);
    return carryTileInRegisters(rewriter, next);
  }
  return loop;
}

/// carryTileInRegisters on every loop in `target`, innermost first (a tile
/// carried out of an inner loop is then in its parent's body). Returns
/// `target`, or its replacement when it is a loop that gained an iteration
/// argument.
Operation *carryRunningTiles(RewriterBase &rewriter, Operation *target) {
  SmallVector<scf::ForOp> loops; // Post-order: inner loops first.
  target->walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops) {
    scf::ForOp carried = carryTileInRegisters(rewriter, loop);
    if (loop.getOperation() == target)
      target = carried;
  }
  return target;
}

/// The tile a loop carries in iteration argument `i`: read before the loop
/// and written back after it, at the same indices of the same buffer.
struct CarriedTile {
  vector::TransferReadOp read;
  vector::TransferWriteOp write;
  unsigned position;
};

std::optional<CarriedTile> carriedTile(scf::ForOp loop, unsigned i) {
  auto read = loop.getInitArgs()[i].getDefiningOp<vector::TransferReadOp>();
  Value result = loop.getResult(i);
  if (!read || !result.hasOneUse())
    return std::nullopt;
  auto write = dyn_cast<vector::TransferWriteOp>(*result.getUsers().begin());
  if (!write || write.getVector() != result || write.getBase() != read.getBase() ||
      write.getIndices() != read.getIndices() || write.getMask() || read.getMask() ||
      !isa<MemRefType>(write.getBase().getType()) ||
      !write.getPermutationMap().isMinorIdentity())
    return std::nullopt;
  return CarriedTile{read, write, i};
}
} // namespace

DiagnosedSilenceableFailure transform::KSAccumulateAtomicallyOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  SmallVector<std::pair<scf::ForOp, CarriedTile>> tiles;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    // Running sums still read and written in memory at every step become
    // carried tiles first.
    target = carryRunningTiles(rewriter, target);
    WalkResult walk = target->walk([&](scf::ForOp loop) {
      for (unsigned i = 0, e = loop.getNumRegionIterArgs(); i < e; ++i) {
        std::optional<CarriedTile> tile = carriedTile(loop, i);
        if (!tile)
          continue;
        if (!isa<FloatType>(tile->write.getVectorType().getElementType()) ||
            !onlyAddedTo(loop.getRegionIterArgs()[i])) {
          loop.emitError("ks.accumulate_atomically: the tile carried in iteration argument ")
              << i << " is not only added to";
          return WalkResult::interrupt();
        }
        tiles.push_back({loop, *tile});
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return emitDefiniteFailure("a carried tile is used other than by additions");
  }
  if (tiles.empty())
    return emitDefiniteFailure("found no loop that carries a tile of memory across its iterations");

  for (auto &[loop, tile] : tiles) {
    VectorType type = tile.write.getVectorType();
    Location loc = tile.write.getLoc();
    // The sums start from zero.
    rewriter.setInsertionPoint(loop);
    Value zero = arith::ConstantOp::create(rewriter, loc, type,
                                           rewriter.getZeroAttr(type));
    rewriter.modifyOpInPlace(loop, [&] { loop.getInitArgsMutable()[tile.position].set(zero); });
    // ... and each is added to its element of the buffer.
    rewriter.setInsertionPoint(tile.write);
    Value buffer = tile.write.getBase();
    SmallVector<Value> base(tile.write.getIndices());
    int64_t firstVectorDim = base.size() - type.getRank();
    SmallVector<int64_t> strides = computeStrides(type.getShape());
    for (int64_t linear = 0, e = type.getNumElements(); linear < e; ++linear) {
      SmallVector<int64_t> position = delinearize(linear, strides);
      Value element = vector::ExtractOp::create(rewriter, loc, tile.write.getVector(), position);
      SmallVector<Value> indices(base);
      for (auto [d, offset] : llvm::enumerate(position))
        if (offset)
          indices[firstVectorDim + d] = arith::AddIOp::create(
              rewriter, loc, base[firstVectorDim + d],
              arith::ConstantIndexOp::create(rewriter, loc, offset));
      memref::AtomicRMWOp::create(rewriter, loc, arith::AtomicRMWKind::addf, element, buffer,
                                  indices);
    }
    rewriter.eraseOp(tile.write);
    if (tile.read->use_empty())
      rewriter.eraseOp(tile.read);
  }
  return DiagnosedSilenceableFailure::success();
}

void transform::KSAccumulateAtomicallyOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// ks.pad_innermost
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure transform::KSPadInnermostOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  int64_t padding = getPadding();
  if (padding < 1)
    return emitDefiniteFailure("padding must be at least 1");
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto view = dyn_cast<memref::ViewOp>(target);
    if (!view)
      return emitDefiniteFailure() << "expected memref.view ops, got " << target->getName();
    MemRefType type = view.getType();
    auto alloca = view.getSource().getDefiningOp<memref::AllocaOp>();
    auto offset = getConstantIntValue(view.getByteShift());
    if (!alloca || !offset || *offset != 0 || !alloca.getType().hasStaticShape() ||
        type.getRank() < 2 || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
        !type.getElementType().isIntOrFloat() || !view.getSizes().empty())
      return emitDefiniteFailure()
             << "expected a static view of 2 dims or more, at offset 0, of a static alloca: "
             << *view.getOperation();
    // Users: linalg ops, or casts (promotion's, to dynamic sizes) used only
    // by linalg ops, which take the padded tile directly.
    SmallVector<memref::CastOp> casts;
    for (Operation *user : view->getUsers()) {
      auto cast = dyn_cast<memref::CastOp>(user);
      if (cast && llvm::all_of(cast->getUsers(), llvm::IsaPred<linalg::LinalgOp>)) {
        casts.push_back(cast);
        continue;
      }
      if (!isa<linalg::LinalgOp>(user))
        return emitDefiniteFailure() << "the view is used by " << user->getName()
                                     << ", not only by linalg ops";
    }
    // The outer dims (a batched tile's unit batch dim) only count rows.
    int64_t rank = type.getRank();
    int64_t cols = type.getDimSize(rank - 1);
    int64_t rows = type.getNumElements() / cols;
    int64_t bytes = rows * (cols + padding) * type.getElementTypeBitWidth() / 8;
    Location loc = view.getLoc();
    rewriter.setInsertionPoint(alloca);
    auto bigger = memref::AllocaOp::create(
        rewriter, loc, MemRefType::get({bytes}, alloca.getType().getElementType(), AffineMap(),
                                       alloca.getType().getMemorySpace()));
    bigger->setAttrs(alloca->getAttrs());
    rewriter.setInsertionPoint(view);
    SmallVector<int64_t> paddedShape(type.getShape());
    paddedShape.back() += padding;
    auto paddedType = MemRefType::get(paddedShape, type.getElementType(), AffineMap(),
                                      type.getMemorySpace());
    auto padded = memref::ViewOp::create(rewriter, loc, paddedType, bigger, view.getByteShift(),
                                         ValueRange{});
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes = getAsIndexOpFoldResult(rewriter.getContext(), type.getShape());
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    Value tile = memref::SubViewOp::create(rewriter, loc, padded, offsets, sizes, strides);
    for (memref::CastOp cast : casts) {
      rewriter.replaceAllUsesWith(cast.getResult(), tile);
      rewriter.eraseOp(cast);
    }
    rewriter.replaceAllUsesWith(view.getResult(), tile);
    rewriter.eraseOp(view);
    if (alloca->use_empty())
      rewriter.eraseOp(alloca);
  }
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// ks.align_vector_accesses
//===----------------------------------------------------------------------===//


DiagnosedSilenceableFailure transform::KSAlignVectorAccessesOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  for (Operation *target : state.getPayloadOps(getTarget())) {
    target->walk([&](Operation *op) {
      int64_t align = 0;
      if (auto load = dyn_cast<vector::LoadOp>(op))
        align = ks::provedAlignment(load.getBase(), load.getIndices(), load.getVectorType());
      else if (auto store = dyn_cast<vector::StoreOp>(op))
        align = ks::provedAlignment(store.getBase(), store.getIndices(), store.getVectorType());
      if (align > 1)
        rewriter.modifyOpInPlace(op, [&] {
          op->setAttr("alignment", rewriter.getI64IntegerAttr(align));
        });
    });
  }
  return DiagnosedSilenceableFailure::success();
}

void transform::KSAlignVectorAccessesOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// ks.workgroup_allocs_to_globals
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure transform::KSWorkgroupAllocsToGlobalsOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  SmallVector<memref::AllocOp> allocs;
  for (Operation *target : state.getPayloadOps(getTarget()))
    target->walk([&](memref::AllocOp alloc) {
      MemRefType type = alloc.getType();
      auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
      if (space && space.getValue() == gpu::AddressSpace::Workgroup && type.hasStaticShape() &&
          type.getLayout().isIdentity())
        allocs.push_back(alloc);
    });
  SmallVector<Operation *> getGlobals;
  for (memref::AllocOp alloc : allocs) {
    Operation *table = SymbolTable::getNearestSymbolTable(alloc->getParentOp());
    while (table && !isa<ModuleOp>(table))
      table = SymbolTable::getNearestSymbolTable(table->getParentOp());
    if (!table)
      return emitDefiniteFailure() << "no module holds " << *alloc.getOperation();
    MemRefType type = alloc.getType();
    rewriter.setInsertionPointToEnd(&table->getRegion(0).front());
    auto global = memref::GlobalOp::create(
        rewriter, alloc.getLoc(), "workgroup_tile", rewriter.getStringAttr("private"), type,
        /*initial_value=*/Attribute(), /*constant=*/false,
        rewriter.getI64IntegerAttr(getAlignment()));
    SymbolTable(table).insert(global); // Renamed if the name is taken.
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        rewriter.eraseOp(user);
    rewriter.setInsertionPoint(alloc);
    auto get = rewriter.replaceOpWithNewOp<memref::GetGlobalOp>(alloc, type, global.getSymName());
    getGlobals.push_back(get);
  }
  results.set(cast<OpResult>(getGetGlobals()), getGlobals);
  return DiagnosedSilenceableFailure::success();
}

void transform::KSWorkgroupAllocsToGlobalsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// ks.set_pipelined_async_waits
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure transform::KSSetPipelinedAsyncWaitsOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  for (Operation *target : state.getPayloadOps(getTarget())) {
    WalkResult walk = target->walk([&](scf::ForOp loop) {
      SmallVector<nvgpu::DeviceAsyncWaitOp> waits;
      int64_t groups = 0;
      for (Operation &op : loop.getBody()->without_terminator()) {
        if (auto wait = dyn_cast<nvgpu::DeviceAsyncWaitOp>(op);
            wait && isa<BlockArgument>(wait.getAsyncDependencies()) &&
            cast<BlockArgument>(wait.getAsyncDependencies()).getOwner() == loop.getBody())
          waits.push_back(wait);
        if (isa<nvgpu::DeviceAsyncCreateGroupOp>(op))
          ++groups;
      }
      if (waits.empty())
        return WalkResult::advance();
      int64_t tokens = llvm::count_if(loop.getRegionIterArgs(), [](BlockArgument arg) {
        return isa<nvgpu::DeviceAsyncTokenType>(arg.getType());
      });
      int64_t inFlight = tokens - groups;
      if (groups < 1 || inFlight < 1) {
        loop.emitError("ks.set_pipelined_async_waits: ")
            << tokens << " carried tokens and " << groups
            << " groups a trip leave no later step in flight";
        return WalkResult::interrupt();
      }
      for (nvgpu::DeviceAsyncWaitOp wait : waits)
        rewriter.modifyOpInPlace(wait, [&] {
          wait.setNumGroupsAttr(rewriter.getI32IntegerAttr(inFlight));
        });
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return emitDefiniteFailure("a pipelined loop's waits cannot be set");
  }
  return DiagnosedSilenceableFailure::success();
}

void transform::KSSetPipelinedAsyncWaitsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// ks.carry_running_tiles
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure transform::KSCarryRunningTilesOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  for (Operation *target : state.getPayloadOps(getTarget()))
    carryRunningTiles(rewriter, target);
  return DiagnosedSilenceableFailure::success();
}

void transform::KSCarryRunningTilesOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// ks.hoist_invariant_loads
//===----------------------------------------------------------------------===//

namespace {
/// Moves the loads of `loop` at loop-invariant places in buffers the loop
/// does not write before it, then the pure ops that only they and values
/// from outside feed.
void hoistInvariantLoads(scf::ForOp loop) {
  std::optional<APInt> trips =
      cast<LoopLikeOpInterface>(loop.getOperation()).getStaticTripCount();
  if (!trips || trips->isZero())
    return; // a load before a loop that may not run could fault
  std::optional<llvm::DenseSet<Value>> written = ks::writtenRoots(loop.getBodyRegion());
  if (!written)
    return; // some op writes memory it does not name
  for (bool moved = true; moved;) {
    moved = false;
    for (auto load : llvm::make_early_inc_range(loop.getBody()->getOps<memref::LoadOp>())) {
      if (written->contains(ks::rootOf(load.getMemRef())) ||
          !llvm::all_of(load->getOperands(),
                        [&](Value v) { return loop.isDefinedOutsideOfLoop(v); }))
        continue;
      load->moveBefore(loop);
      moved = true;
    }
    moved |= moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation())) != 0;
  }
}
} // namespace

DiagnosedSilenceableFailure transform::KSHoistInvariantLoadsOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  for (Operation *target : state.getPayloadOps(getTarget())) {
    SmallVector<scf::ForOp> loops; // Post-order: inner loops first.
    target->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      // A loop of one trip (what tiling by the whole extent leaves) goes
      // first: its index, fixed, no longer makes the indices vary.
      if (loop != target &&
          succeeded(cast<LoopLikeOpInterface>(loop.getOperation())
                        .promoteIfSingleIteration(rewriter)))
        continue;
      hoistInvariantLoads(loop);
    }
  }
  return DiagnosedSilenceableFailure::success();
}

void transform::KSHoistInvariantLoadsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// ks.hoist_body_loads
//===----------------------------------------------------------------------===//

namespace {
/// Whether `v`, used in `generic`'s body, has the same value at every point
/// of the op: defined outside it, a linalg.index of a loop of one trip, or
/// a side-effect-free op of such values. The body ops it needs are added to
/// `slice`, each after its operands.
bool sameAtEveryPoint(Value v, linalg::GenericOp generic, ArrayRef<int64_t> ranges,
                      llvm::SetVector<Operation *> &slice) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return !generic->isAncestor(v.getParentBlock()->getParentOp());
  if (!generic->isProperAncestor(def) || slice.contains(def))
    return true;
  if (auto index = dyn_cast<linalg::IndexOp>(def)) {
    if (ranges[index.getDim()] != 1)
      return false;
    slice.insert(def);
    return true;
  }
  if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
    return false;
  for (Value operand : def->getOperands())
    if (!sameAtEveryPoint(operand, generic, ranges, slice))
      return false;
  slice.insert(def);
  return true;
}

/// Moves the loads of `generic`'s body that read the same element at every
/// point, from buffers the op does not write, before the op.
void hoistBodyLoads(RewriterBase &rewriter, linalg::GenericOp generic) {
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  DenseSet<Value> written;
  for (Value init : generic.getDpsInits())
    written.insert(ks::rootOf(init));
  SmallVector<memref::LoadOp> loads(generic.getBody()->getOps<memref::LoadOp>());
  for (memref::LoadOp load : loads) {
    if (written.contains(ks::rootOf(load.getMemRef())) ||
        generic->isProperAncestor(load.getMemRef().getParentBlock()->getParentOp()))
      continue;
    llvm::SetVector<Operation *> slice;
    if (!llvm::all_of(load.getIndices(), [&](Value index) {
          return sameAtEveryPoint(index, generic, ranges, slice);
        }))
      continue;
    rewriter.setInsertionPoint(generic);
    IRMapping map;
    for (Operation *op : slice) {
      if (isa<linalg::IndexOp>(op)) // a loop of one trip: at 0
        map.map(op->getResult(0), arith::ConstantIndexOp::create(rewriter, op->getLoc(), 0));
      else
        rewriter.clone(*op, map);
    }
    Operation *hoisted = rewriter.clone(*load, map);
    rewriter.replaceOp(load, hoisted->getResults());
    // What only the load needed goes with it.
    for (Operation *op : llvm::reverse(slice))
      if (op->use_empty())
        rewriter.eraseOp(op);
  }
}
} // namespace

DiagnosedSilenceableFailure transform::KSHoistBodyLoadsOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  for (Operation *target : state.getPayloadOps(getTarget())) {
    SmallVector<linalg::GenericOp> generics;
    target->walk([&](linalg::GenericOp generic) { generics.push_back(generic); });
    for (linalg::GenericOp generic : generics)
      hoistBodyLoads(rewriter, generic);
  }
  return DiagnosedSilenceableFailure::success();
}

void transform::KSHoistBodyLoadsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// ks.fuse_row_chain
//===----------------------------------------------------------------------===//

namespace {
/// The loop of `member` that a cluster's blocks split: its first loop
/// within the row that is not of size 1; none for an op of one point per
/// row.
std::optional<unsigned> clusterSplitLoop(ks::agents::RowChainMember member) {
  SmallVector<int64_t> ranges = member.op.getStaticLoopRanges();
  for (unsigned d = member.rowDims; d < ranges.size(); ++d)
    if (ranges[d] != 1)
      return d;
  return std::nullopt;
}

/// A member of `chain` that writes a row statistic (the output of a
/// reduction or of an op of one point per row) that an earlier member
/// other than a fill wrote or any earlier member read, or that reads the
/// statistic it writes (a reduction's fold aside); null if there is none.
/// The blocks of a cluster each compute a row's statistics and write them
/// to the same place, not in step: only a value that never changes once
/// computed, and is not read before, can be shared so. (A reduction's
/// fold reads its output's fill before the cluster barrier, and every
/// block writes the same fill.)
Operation *statisticWrittenTwice(ks::agents::RowChain chain) {
  DenseSet<Value> written, read;
  for (ks::agents::RowChainMember member : chain.members) {
    bool reduces = member.op.getNumReductionLoops() != 0;
    bool fill = isa<linalg::FillOp>(member.op.getOperation());
    // An op over the row (no reduction) writes only its own part of it.
    if (reduces || !clusterSplitLoop(member))
      for (OpOperand &init : member.op.getDpsInitsMutable()) {
        Value root = ks::rootOf(init.get());
        if (written.contains(root) || (!fill && read.contains(root)) ||
            (!fill && !reduces && member.op.payloadUsesValueFromOperand(&init)))
          return member.op;
        if (!fill)
          written.insert(root);
      }
    for (Value input : member.op.getDpsInputs())
      if (isa<MemRefType>(input.getType()))
        read.insert(ks::rootOf(input));
  }
  return nullptr;
}

/// Rewrites each division in `member`'s body by a row statistic (an input
/// read at the row alone, invariant along the row's own loops) as a
/// multiplication by its reciprocal.
void divideByReciprocals(ks::agents::RowChainMember member) {
  auto generic = dyn_cast<linalg::GenericOp>(member.op.getOperation());
  if (!generic)
    return;
  auto isRowStatistic = [&](Value v) {
    std::optional<AffineMap> map = ks::bodyInputMap(v);
    return map && llvm::none_of(llvm::seq<unsigned>(member.rowDims, map->getNumDims()),
                                [&](unsigned d) { return map->isFunctionOfDim(d); });
  };
  SmallVector<arith::DivFOp> divisions;
  generic.getBody()->walk([&](arith::DivFOp div) {
    if (isRowStatistic(div.getRhs()))
      divisions.push_back(div);
  });
  for (arith::DivFOp div : divisions) {
    OpBuilder b(div);
    Location loc = div.getLoc();
    Value one = arith::ConstantOp::create(b, loc, b.getFloatAttr(div.getType(), 1.0));
    Value reciprocal = arith::DivFOp::create(b, loc, one, div.getRhs(), div.getFastmathAttr());
    Value product =
        arith::MulFOp::create(b, loc, div.getLhs(), reciprocal, div.getFastmathAttr());
    div.replaceAllUsesWith(product);
    div.erase();
  }
}
} // namespace

DiagnosedSilenceableFailure transform::KSFuseRowChainOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  auto payload = llvm::to_vector(state.getPayloadOps(getTarget()));
  if (payload.size() != 1)
    return emitSilenceableError() << "expects one target op, got " << payload.size();
  auto start = dyn_cast<linalg::LinalgOp>(payload.front());
  std::optional<ks::agents::RowChain> chain =
      start ? ks::agents::findRowChain(start, /*fillIsEnough=*/true) : std::nullopt;
  if (!chain)
    return emitSilenceableError()
           << "no row chain starts at the target (a reduction over rows after its fill or "
              "followed by ops over the same rows that share buffers only at their row)";
  // A member whose last row loop runs over several points of each row (a
  // normalization merged to [1024, 16384] after statistics of 128 rows) is
  // split there: its rows, then its points. The op computes the same.
  for (ks::agents::RowChainMember &member : chain->members) {
    if (member.rowLoopPoints == 1)
      continue;
    auto generic = dyn_cast<linalg::GenericOp>(member.op.getOperation());
    SmallVector<int64_t> divisors(member.op.getNumLoops(), 0);
    divisors[member.rowDims - 1] = member.rowLoopPoints;
    if (!generic || !ks::canSplitLoops(generic, divisors))
      return emitSilenceableError() << "a member of the row chain runs over several points of "
                                       "each row in one loop that cannot be split";
    member = {ks::splitLoops(rewriter, generic, divisors), member.rowDims};
  }
  int64_t warpRows = getWarpRows(), perThread = getElementsPerThread();
  if (warpRows < 0 || perThread < 1)
    return emitSilenceableError() << "warp_rows must be >= 0 and elements_per_thread >= 1";
  if (warpRows > 0 && chain->rows % warpRows != 0)
    return emitSilenceableError() << "the chain's " << chain->rows
                                  << " rows are not a multiple of warp_rows = " << warpRows;
  int64_t keep = getKeepRowsInRegisters();
  if (keep != 0 && keep != 1)
    return emitSilenceableError() << "keep_rows_in_registers must be 0 or 1";
  int64_t reciprocals = getReciprocalDivisors();
  if (reciprocals != 0 && reciprocals != 1)
    return emitSilenceableError() << "reciprocal_divisors must be 0 or 1";
  int64_t cluster = getClusterBlocks();
  if (cluster != 1 && cluster != 2 && cluster != 4 && cluster != 8)
    return emitSilenceableError() << "cluster_blocks must be 1, 2, 4 or 8 (a portable cluster)";
  if (cluster > 1 && warpRows > 0)
    return emitSilenceableError() << "cluster_blocks > 1 splits a row among blocks: warp_rows "
                                     "must be 0";
  // The blocks of a cluster write a row's statistics alike: each must get
  // one value (after its fill).
  if (cluster > 1)
    if (Operation *twice = statisticWrittenTwice(*chain))
      return emitSilenceableError()
             << "cluster_blocks > 1 needs each of a row's statistics written once after its "
                "fill; '"
             << twice->getName() << "' writes one again";
  // A thread keeps what it loaded or stored only where every op splits the
  // row alike: then the elements it owns are the same in all of them. An
  // op of one point per row (the fill of a reduction's output) is thread
  // 0's, which owns the row's first element in any split.
  if (keep)
    for (ks::agents::RowChainMember member : chain->members) {
      int64_t inner = 1;
      for (int64_t r : ArrayRef(member.op.getStaticLoopRanges()).drop_front(member.rowDims))
        inner *= r;
      if (inner != 1 && inner % perThread != 0)
        return emitSilenceableError()
               << "keep_rows_in_registers needs every op's row to be a multiple of "
                  "elements_per_thread = "
               << perThread << ", one has " << inner << " points";
    }

  // Kept in registers, a thread's elements are matched by the views and
  // indices its loads and stores name: each member's row loops, and an
  // elementwise member's loops within the row, become one loop where its
  // operands allow, so every member reads and writes a buffer through the
  // same [rows, points] view (CSE makes the views one) at the same point.
  if (keep)
    for (ks::agents::RowChainMember &member : chain->members) {
      auto generic = dyn_cast<linalg::GenericOp>(member.op.getOperation());
      unsigned loops = member.op.getNumLoops();
      if (!generic || loops < 2)
        continue;
      SmallVector<ReassociationIndices> groups(2);
      for (unsigned d = 0; d < loops; ++d)
        groups[d < member.rowDims ? 0 : 1].push_back(d);
      if (groups[0].size() < 2 && groups[1].size() < 2)
        continue;
      if (groups[1].empty()) // one point per row: its row loops only
        groups.pop_back();
      rewriter.setInsertionPoint(generic);
      DictionaryAttr marks = generic->getDiscardableAttrDictionary();
      bool isStart = member.op == start;
      // An operand's unit dims read at 0 (a row's statistic broadcast
      // along it) first leave its view: collapsing the loops needs every
      // map to be a projection. The op's loops stay as they are.
      linalg::ControlDropUnitDims operandsOnly;
      SmallVector<int64_t> ranges = member.op.getStaticLoopRanges();
      operandsOnly.controlFn = [ranges](Operation *) {
        SmallVector<unsigned> nonUnit;
        for (auto [d, r] : llvm::enumerate(ranges))
          if (r != 1)
            nonUnit.push_back(d);
        return nonUnit;
      };
      FailureOr<linalg::DropUnitDimsResult> dropped =
          linalg::dropUnitDims(rewriter, generic, operandsOnly);
      if (succeeded(dropped)) {
        auto reduced = dyn_cast<linalg::GenericOp>(dropped->resultOp.getOperation());
        if (!reduced || reduced.getNumLoops() != loops)
          return emitDefiniteFailure() << "dropping an operand's unit dims changed the loops";
        rewriter.replaceOp(generic, dropped->replacements);
        generic = reduced;
        member.op = reduced;
      }
      SmallVector<AffineMap> maps = member.op.getIndexingMapsArray();
      FailureOr<linalg::CollapseResult> collapsed = failure();
      if (ks::preservesDimSequences(maps, groups))
        collapsed = linalg::collapseOpIterationDims(member.op, groups, rewriter);
      if (succeeded(collapsed)) {
        rewriter.replaceOp(generic, collapsed->results);
        member = {collapsed->collapsedOp, 1};
      }
      member.op->setDiscardableAttrs(marks);
      if (isStart)
        start = member.op;
    }

  // Split among a cluster's blocks, each op's row (as collapsed above) is
  // cut at its first loop within the row that is not of size 1.
  if (cluster > 1)
    for (ks::agents::RowChainMember member : chain->members) {
      std::optional<unsigned> split = clusterSplitLoop(member);
      SmallVector<int64_t> ranges = member.op.getStaticLoopRanges();
      if (split && ranges[*split] % cluster != 0)
        return emitSilenceableError()
               << "cluster_blocks = " << cluster << " does not divide a row loop of "
               << ranges[*split] << " points";
    }

  // Checked: the chain is fused from here on.
  if (reciprocals)
    for (ks::agents::RowChainMember member : chain->members)
      divideByReciprocals(member);

  // What lies between the members (views, allocations, constants) goes
  // before the first: the members are about to become one op.
  Operation *first = chain->members.front().op, *last = chain->members.back().op;
  for (Operation *op = first->getNextNode(); op != last;) {
    Operation *next = op->getNextNode();
    if (!isa<linalg::LinalgOp>(op))
      rewriter.moveOpBefore(op, first);
    op = next;
  }
  Location loc = start.getLoc();
  MLIRContext *ctx = getContext();
  rewriter.setInsertionPointAfter(last);
  auto blockX = gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX);
  int64_t blocks = warpRows > 0 ? chain->rows / warpRows : chain->rows * cluster;
  auto outer = scf::ForallOp::create(rewriter, loc,
                                     ArrayRef<OpFoldResult>{rewriter.getIndexAttr(blocks)},
                                     ValueRange{}, rewriter.getArrayAttr({blockX}));
  Value row = outer.getInductionVar(0);
  rewriter.setInsertionPoint(outer.getTerminator());
  // A cluster's blocks are consecutive along x: block b takes part b mod C
  // of row b / C.
  OpFoldResult part = rewriter.getIndexAttr(0);
  if (cluster > 1) {
    AffineExpr b = getAffineDimExpr(0, ctx);
    part = affine::makeComposedFoldedAffineApply(rewriter, loc, b % cluster,
                                                 ArrayRef<OpFoldResult>{row});
    row = affine::AffineApplyOp::create(rewriter, loc, b.floorDiv(cluster), ValueRange{row});
  }
  if (warpRows > 0) {
    auto warpX = gpu::GPUWarpMappingAttr::get(ctx, gpu::MappingId::DimX);
    auto inner = scf::ForallOp::create(rewriter, loc,
                                       ArrayRef<OpFoldResult>{rewriter.getIndexAttr(warpRows)},
                                       ValueRange{}, rewriter.getArrayAttr({warpX}));
    rewriter.setInsertionPoint(inner.getTerminator());
    AffineExpr b, w;
    bindDims(ctx, b, w);
    row = affine::AffineApplyOp::create(rewriter, loc, b * warpRows + w,
                                        ValueRange{row, inner.getInductionVar(0)});
  }
  StringRef reduceAttr = warpRows > 0 ? "ks.warp_reduce" : "ks.block_reduce";
  StringRef elementwiseAttr = warpRows > 0 ? "ks.warp_elementwise" : "ks.block_elementwise";
  for (auto [i, member] : llvm::enumerate(chain->members)) {
    linalg::LinalgOp op = member.op;
    // The row's position along each of the op's row loops, the rest whole.
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<OpFoldResult> offsets(ranges.size(), rewriter.getIndexAttr(0)), sizes;
    int64_t inner = 1;
    for (unsigned d = 0; d < ranges.size(); ++d) {
      sizes.push_back(rewriter.getIndexAttr(d < member.rowDims ? 1 : ranges[d]));
      if (d >= member.rowDims)
        inner *= ranges[d];
    }
    for (int64_t d = (int64_t)member.rowDims - 1, below = 1; d >= 0; below *= ranges[d], --d) {
      if (ranges[d] == 1)
        continue;
      AffineExpr r = getAffineDimExpr(0, ctx);
      offsets[d] = affine::makeComposedFoldedAffineApply(
          rewriter, loc, AffineMap::get(1, 0, (r.floorDiv(below)) % ranges[d]),
          ArrayRef<OpFoldResult>{row});
    }
    std::optional<unsigned> split = cluster > 1 ? clusterSplitLoop(member) : std::nullopt;
    if (split) {
      int64_t length = ranges[*split] / cluster;
      AffineExpr p = getAffineDimExpr(0, ctx);
      offsets[*split] = affine::makeComposedFoldedAffineApply(rewriter, loc, p * length,
                                                              ArrayRef<OpFoldResult>{part});
      sizes[*split] = rewriter.getIndexAttr(length);
      inner /= cluster;
    }
    FailureOr<TilingResult> tiled = cast<TilingInterface>(op.getOperation())
                                        .getTiledImplementation(rewriter, offsets, sizes);
    if (failed(tiled) || tiled->tiledOps.size() != 1)
      return emitDefiniteFailure() << "cannot cut a member of the row chain to one row";
    Operation *rowOp = tiled->tiledOps.front();
    rowOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    bool reduces = op.getNumReductionLoops() != 0;
    int64_t elements = inner % perThread == 0 ? perThread : 1;
    rowOp->setAttr(reduces ? reduceAttr : elementwiseAttr, rewriter.getI64IntegerAttr(elements));
    if (keep)
      rowOp->setAttr("ks.row_registers", rewriter.getUnitAttr());
    if (reduces && cluster > 1)
      rowOp->setAttr("ks.cluster_reduce", rewriter.getI64IntegerAttr(cluster));
    if (i + 1 < chain->members.size())
      gpu::BarrierOp::create(rewriter, loc);
    rewriter.eraseOp(op);
  }
  // No block may leave while another can still read its shared memory.
  if (cluster > 1) {
    NVVM::ClusterArriveOp::create(rewriter, loc, /*aligned=*/rewriter.getUnitAttr());
    NVVM::ClusterWaitOp::create(rewriter, loc, /*aligned=*/rewriter.getUnitAttr());
  }
  results.set(cast<OpResult>(getLoop()), {outer.getOperation()});
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// ks.fold_epilogue_into_copy_back
//===----------------------------------------------------------------------===//

namespace {
/// The elementwise op that rewrites all of `buffer` in place right after
/// `nest` (past views and constants), as KSFoldEpilogueIntoCopyBackOp
/// describes; null if there is none.
linalg::GenericOp inPlaceEpilogueAfter(Operation *nest, Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    return nullptr;
  Operation *op = nest->getNextNode();
  while (op && (isa<memref::CollapseShapeOp, memref::ExpandShapeOp>(op) ||
                op->hasTrait<OpTrait::ConstantLike>()))
    op = op->getNextNode();
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureBufferSemantics() || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !llvm::all_of(generic.getIndexingMapsArray(), [](AffineMap m) { return m.isIdentity(); }))
    return nullptr;
  for (Value operand : {generic.getDpsInputs()[0], generic.getDpsInits()[0]}) {
    auto operandType = dyn_cast<MemRefType>(operand.getType());
    if (ks::reshapeChain(operand).back() != buffer || !operandType ||
        !operandType.hasStaticShape() || operandType.getNumElements() != type.getNumElements())
      return nullptr;
  }
  // The payload computes from its element and values defined outside.
  Block *body = generic.getBody();
  WalkResult reads = body->walk([&](Operation *inner) {
    if (isa<linalg::IndexOp>(inner) || !isMemoryEffectFree(inner))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (reads.wasInterrupted())
    return nullptr;
  return generic;
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
    linalg::GenericOp epilogue = nest ? inPlaceEpilogueAfter(nest, buffer) : nullptr;
    if (!epilogue)
      continue;
    // The nest writes the buffer through these copies only.
    std::optional<DenseSet<Value>> written = ks::writtenRoots(
        nest->getRegion(0), [&](Operation *op) { return llvm::is_contained(copies, op); });
    if (!written || written->contains(buffer))
      continue;
    Block *payload = epilogue.getBody();
    for (linalg::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      auto tileType = cast<MemRefType>(copy.getInputs()[0].getType());
      unsigned rank = tileType.getRank();
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
            for (Operation &inner : payload->without_terminator())
              b.clone(inner, map);
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

#define GET_OP_CLASSES
#include "ks/Transforms/TransformOps.cpp.inc"

void ks::registerTransformExtension(DialectRegistry &registry) {
  registry.addExtensions<KSTransformExtension>();
}
