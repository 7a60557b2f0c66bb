//===- TransformOpsRunningSums.cpp - ks ops on running sums ---------------===//
//
// The transform ops on a running sum kept in memory: carried through its
// loop in registers (ks.carry_running_tiles), then added to its buffer
// atomically (ks.accumulate_atomically).
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

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

//===----------------------------------------------------------------------===//
// ks.carry_running_tiles
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure transform::KSCarryRunningTilesOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
  carryRunningTiles(rewriter, target);
  return DiagnosedSilenceableFailure::success();
}
