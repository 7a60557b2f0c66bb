//===- TransformOpsMemory.cpp - ks ops on buffers and loads ---------------===//
//
// The transform ops on buffers and the accesses to them: their layout
// (ks.pad_innermost, ks.workgroup_allocs_to_globals), vector alignment
// (ks.align_vector_accesses), cp.async pipelining
// (ks.set_pipelined_async_waits) and loads hoisted out of loops and bodies
// (ks.hoist_invariant_loads, ks.hoist_body_loads).
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ks/Transforms/Utils/Alignment.h"
#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

using namespace mlir;

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

DiagnosedSilenceableFailure transform::KSAlignVectorAccessesOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
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
  return DiagnosedSilenceableFailure::success();
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

//===----------------------------------------------------------------------===//
// ks.set_pipelined_async_waits
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure transform::KSSetPipelinedAsyncWaitsOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
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
  return DiagnosedSilenceableFailure::success();
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

DiagnosedSilenceableFailure transform::KSHoistInvariantLoadsOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
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
  return DiagnosedSilenceableFailure::success();
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

DiagnosedSilenceableFailure transform::KSHoistBodyLoadsOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
  SmallVector<linalg::GenericOp> generics;
  target->walk([&](linalg::GenericOp generic) { generics.push_back(generic); });
  for (linalg::GenericOp generic : generics)
    hoistBodyLoads(rewriter, generic);
  return DiagnosedSilenceableFailure::success();
}
