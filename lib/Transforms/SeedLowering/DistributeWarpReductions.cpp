//===- DistributeWarpReductions.cpp - A warp's lanes share a reduction ----===//
//
// A skill that maps the rows of a reduction to warps (`#gpu.warp`) leaves
// each row's linalg op executed by all 32 lanes of its warp, and marks it
// `ks.warp_reduce = E`. Here the lanes split that row: lane l folds the
// elements l*E .. l*E+E-1 of every 32*E along the innermost (reduction)
// loop into a private partial result (a warp reads 32*E contiguous elements
// per step: coalesced), the 32 partial results are combined by a butterfly
// of `gpu.shuffle xor` (shfl.sync.bfly), and lane 0 folds the total into
// the output. The partial results start from the combiner's neutral element.
// A reduction with several outputs, each folded on its own (a norm's sum
// and sum of squares), gets a partial, a butterfly and a slot per output.
//
// `ks.block_reduce = E` is the same for a row that all threads of a block
// execute (rows mapped to `#gpu.block`): thread t folds elements t*E ..
// of every T*E (T threads), each warp combines its lanes by shuffles, the
// warps' totals meet in shared memory (one slot per warp), and warp 0
// combines them: a long row read by hundreds of threads instead of 32.
//
// `ks.column_split = S` splits a reduction along a strided loop instead:
// the block's x threads take its columns, its S rows of threads the
// reduction (every S-th row each), and the partials meet in shared memory;
// an op after it over the same columns is split alike (ColumnSplit.h).
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ColumnSplit.h"
#include "RowWalk.h"
#include "ks/Transforms/Utils/Alignment.h"
#include "ks/Transforms/Utils/KernelInit.h"
#include "ks/Transforms/Utils/WarpReduce.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallBitVector.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSDISTRIBUTEWARPREDUCTIONS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;
using namespace ks::rowwalk;

Value ks::combine(OpBuilder &b, Operation *combiner, Value lhs, Value rhs) {
  // Of the operands' type: an i1 fold is combined as i32 across threads.
  OperationState state(combiner->getLoc(), combiner->getName(), ValueRange{lhs, rhs},
                       TypeRange{lhs.getType()}, combiner->getAttrs());
  return b.create(state)->getResult(0);
}

Value ks::butterfly(OpBuilder &b, Location loc, Operation *combiner, Value value) {
  // After the step with offset o, each lane holds the total of the 2*o
  // lanes that differ from it in the bits below 2*o.
  for (int32_t offset = kWarpSize / 2; offset >= 1; offset /= 2) {
    auto shuffle = gpu::ShuffleOp::create(b, loc, value, offset, kWarpSize,
                                          gpu::ShuffleMode::XOR);
    value = combine(b, combiner, value, shuffle.getShuffleResult());
  }
  return value;
}

namespace {
constexpr llvm::StringLiteral kWarpReduceAttr = "ks.warp_reduce";
constexpr llvm::StringLiteral kBlockReduceAttr = "ks.block_reduce";
constexpr llvm::StringLiteral kWarpElementwiseAttr = "ks.warp_elementwise";
constexpr llvm::StringLiteral kBlockElementwiseAttr = "ks.block_elementwise";
constexpr llvm::StringLiteral kClusterReduceAttr = "ks.cluster_reduce";
constexpr llvm::StringLiteral kClusterReadsDoneAttr = "ks.cluster_reads_done";
using ks::kWarpSize;
constexpr int64_t kMaxWarpsPerBlock = 32;

using ks::butterfly;
using ks::combine;

/// `slot` (a workgroup-memory buffer) as a pointer into this block's
/// shared memory, for nvvm.mapa to map into another block's.
Value sharedPointer(OpBuilder &b, Location loc, Value slot) {
  Value address = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, slot);
  Value bits = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
  auto shared = LLVM::LLVMPointerType::get(
      b.getContext(), static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
  return LLVM::IntToPtrOp::create(b, loc, shared, bits);
}

/// The value at `local` (from sharedPointer) in the shared memory of block
/// `rank` of the cluster (distributed shared memory, sm_90).
Value loadFromClusterBlock(OpBuilder &b, Location loc, Value local, int64_t rank, Type type) {
  auto sharedCluster = LLVM::LLVMPointerType::get(
      b.getContext(), static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster));
  Value block = arith::ConstantIntOp::create(b, loc, rank, 32);
  Value remote = NVVM::MapaOp::create(b, loc, sharedCluster, local, block);
  return LLVM::LoadOp::create(b, loc, type, remote);
}

/// A warp's lanes share an argmax/argmin row: each folds its elements into
/// a (value, position) pair, the pairs meet by a butterfly of shuffles of
/// both, and lane 0 folds the winner into the two outputs.
LogicalResult distributeArgReduction(linalg::LinalgOp op, const ArgReduction &arg,
                                     int64_t perLane) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() != 1 ||
      op.getIteratorTypesArray().back() != utils::IteratorType::reduction ||
      ShapedType::isDynamicShape(ranges) || ranges.back() % perLane != 0)
    return op.emitError() << kWarpReduceAttr
                          << " on an argmax/argmin needs an op on buffers with one "
                             "static reduction loop, the innermost, a multiple of "
                          << perLane;
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value lane = gpu::LaneIdOp::create(b, loc, b.getIndexAttr(kWarpSize));
  Value zero = index(b, loc, 0);
  BlockArgument positionArg = op.getRegionOutputArgs()[1];
  Value initValue = arith::ConstantOp::create(b, loc, *arith::getNeutralElement(arg.valueCombiner));
  Value initPosition = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(positionArg.getType(), 0));

  forEachParallelPoint(b, loc, ranges, [&](OpBuilder &b, Location loc, ValueRange ivs) {
    Value start = arith::MulIOp::create(b, loc, lane, index(b, loc, perLane));
    Value step = index(b, loc, kWarpSize * perLane);
    SmallVector<Value> partial =
        foldPartial(b, loc, op, ivs, start, step, perLane, ranges.back(),
                    ValueRange{initValue, initPosition}, kWarpSize * perLane);
    Value value = partial[0], position = partial[1];
    for (int32_t offset = kWarpSize / 2; offset >= 1; offset /= 2) {
      Value otherValue = gpu::ShuffleOp::create(b, loc, value, offset, kWarpSize,
                                                gpu::ShuffleMode::XOR)
                             .getShuffleResult();
      Value otherPosition = gpu::ShuffleOp::create(b, loc, position, offset, kWarpSize,
                                                   gpu::ShuffleMode::XOR)
                                .getShuffleResult();
      std::tie(value, position) =
          combinePairs(b, loc, arg, value, position, otherValue, otherPosition);
    }
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
    auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifFirst.getThenRegion().front());
    SmallVector<Value> dims(ivs.begin(), ivs.end());
    dims.push_back(zero); // the outputs do not depend on the reduction loop
    OpOperand *valueOut = op.getDpsInitOperand(0), *positionOut = op.getDpsInitOperand(1);
    SmallVector<Value> atValue = applyMap(b, loc, op.getMatchingIndexingMap(valueOut), dims);
    SmallVector<Value> atPosition =
        applyMap(b, loc, op.getMatchingIndexingMap(positionOut), dims);
    Value oldValue = memref::LoadOp::create(b, loc, valueOut->get(), atValue);
    Value oldPosition = memref::LoadOp::create(b, loc, positionOut->get(), atPosition);
    auto [newValue, newPosition] =
        combinePairs(b, loc, arg, oldValue, oldPosition, value, position);
    memref::StoreOp::create(b, loc, newValue, valueOut->get(), atValue);
    memref::StoreOp::create(b, loc, newPosition, positionOut->get(), atPosition);
  });
  op->erase();
  return success();
}

/// An op without reductions that a warp's lanes (or a block's threads)
/// execute together (a row of an op after a row reduction), split as the
/// reductions are: in the row-major order of its loops, thread t computes
/// the points t*E .. t*E+E-1 of every T*E, so after a reduction over the
/// same row it reads back only what it wrote. A single point is thread 0's.
LogicalResult distributeElementwise(linalg::LinalgOp op, StringRef attrName,
                                    int64_t perThread) {
  bool wholeBlock = attrName == kBlockElementwiseAttr;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t points = 1;
  for (int64_t r : ranges)
    points *= r;
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() != 0 ||
      ShapedType::isDynamicShape(ranges) || points % perThread != 0)
    return op.emitError() << attrName
                          << " needs an op on buffers without reductions, with static "
                             "loops, whose points are a multiple of "
                          << perThread;
  OpBuilder b(op);
  Location loc = op.getLoc();
  // Not a structured binding: the walk's lambdas capture them (C++17).
  Value self, threads;
  std::tie(self, threads) = rowSplitters(
      b, loc, wholeBlock, gpu::LaneIdOp::create(b, loc, b.getIndexAttr(kWarpSize)));
  Value start = arith::MulIOp::create(b, loc, self, index(b, loc, perThread));
  Value step = arith::MulIOp::create(b, loc, threads, index(b, loc, perThread));
  llvm::SmallBitVector varying(ranges.size());
  for (auto [d, r] : llvm::enumerate(ranges))
    if (r != 1)
      varying.set(d);
  IRMapping invariants = hoistInvariants(b, loc, op, SmallVector<Value>(ranges.size()), varying,
                                         points == 1 ? hoistReadOnlyWork(op) : IRMapping());
  std::optional<int64_t> known = knownThreads(op, wholeBlock);
  walkOwnPoints(
      b, loc, start, step, known ? std::optional<int64_t>(*known * perThread) : std::nullopt,
      perThread, points, ValueRange{},
      [&](OpBuilder &b, Location loc, Value k, ValueRange) -> SmallVector<Value> {
        for (int64_t e = 0; e < perThread; ++e) {
          Value linear = e ? arith::AddIOp::create(b, loc, k, index(b, loc, e)).getResult() : k;
          storeBodyAt(b, loc, op, delinearizeRowMajor(b, loc, linear, ranges), invariants);
        }
        return {};
      },
      op->hasAttr(kRowRegistersAttr));
  op->erase();
  return success();
}

/// A thread of a ks.row_registers op keeps its elements of the row: they
/// must be few, its walk being unrolled whole.
LogicalResult checkRowRegisters(linalg::LinalgOp op, StringRef attrName, int64_t perLane) {
  bool wholeBlock = attrName == kBlockReduceAttr || attrName == kBlockElementwiseAttr;
  std::optional<int64_t> threads = knownThreads(op, wholeBlock);
  if (!threads)
    return op.emitError() << kRowRegistersAttr
                          << " needs a constant one-dimensional block size";
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t points = 1;
  if (attrName == kWarpElementwiseAttr || attrName == kBlockElementwiseAttr)
    for (int64_t r : ranges)
      points *= r;
  else if (!ranges.empty())
    points = ranges.back();
  int64_t step = *threads * perLane;
  int64_t kept = (points + step - 1) / step * perLane;
  if (!ShapedType::isDynamicShape(ranges) && kept > kMaxRowRegisters)
    return op.emitError() << kRowRegistersAttr << ": a thread would keep " << kept
                          << " elements of a row, more than " << kMaxRowRegisters;
  return success();
}

/// The fold of one output of a row reduction (ks.warp_reduce,
/// ks.block_reduce) that its threads' partial results are combined with.
struct RowFold {
  Operation *combiner;
  TypedAttr neutral;
  /// The output's element type.
  Type type;
  /// A boolean and/or/xor (Torch-MLIR's "is the whole row masked" in a
  /// softmax) crosses threads as i32: shuffles move 32 bits.
  bool widenBool;
};
/// One fold per output (a norm's sum and sum of squares: two).
using RowReduction = SmallVector<RowFold, 2>;

/// The reduction `op` is, if its threads can share it: on buffers, one
/// static reduction loop, the innermost, of a multiple of `perLane`, each
/// output folded on its own by one 32- or 64-bit binary op with a neutral
/// element.
FailureOr<RowReduction> matchRowReduction(linalg::LinalgOp op, StringRef attrName,
                                          int64_t perLane) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() != 1 ||
      iterators.back() != utils::IteratorType::reduction)
    return op.emitError() << attrName
                          << " needs an op on buffers with one reduction loop, the innermost";
  RowReduction folds;
  for (unsigned i = 0; i < op.getNumDpsInits(); ++i) {
    Operation *combiner = combinerAlone(op, i);
    if (!combiner)
      return op.emitError() << attrName
                            << " needs a body that folds each output on its own with one "
                               "binary op";
    std::optional<TypedAttr> neutral = arith::getNeutralElement(combiner);
    Type type = op.getRegionOutputArgs()[i].getType();
    bool widenBool =
        type.isInteger(1) && isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(combiner);
    if (!neutral || !type.isIntOrFloat() ||
        (type.getIntOrFloatBitWidth() != 32 && type.getIntOrFloatBitWidth() != 64 && !widenBool))
      return op.emitError() << attrName
                            << " needs a 32- or 64-bit combiner with a neutral element, got '"
                            << combiner->getName() << "' on " << type;
    folds.push_back(RowFold{combiner, *neutral, type, widenBool});
  }
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamicShape(ranges) || ranges.back() % perLane != 0)
    return op.emitError() << attrName << ": the reduction must have a "
                          << "static size, a multiple of " << perLane;
  return folds;
}

/// A block's warp totals combined (ks.block_reduce): lane 0 of each warp
/// leaves its warp's totals in their slots of `shared` (one buffer per
/// output); after the barrier each warp combines the slots (the neutral
/// element past the last warp). Warp 0's lane 0 then holds the block's.
SmallVector<Value> combineWarps(OpBuilder &b, Location loc, const RowReduction &folds,
                                ArrayRef<Value> totals, ArrayRef<Value> shared,
                                ArrayRef<Value> inits, Value self, Value threads, Value first,
                                Value lane) {
  Value warp = arith::DivUIOp::create(b, loc, self, index(b, loc, kWarpSize));
  auto ifLeader = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifLeader.getThenRegion().front());
    for (auto [total, buffer] : llvm::zip(totals, shared))
      memref::StoreOp::create(b, loc, total, buffer, ValueRange{warp});
  }
  gpu::BarrierOp::create(b, loc);
  Value warps = arith::DivUIOp::create(b, loc, threads, index(b, loc, kWarpSize));
  Value filled = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane, warps);
  SmallVector<Value> combined;
  for (auto [fold, buffer, init] : llvm::zip(folds, shared, inits)) {
    auto slot = scf::IfOp::create(
        b, loc, filled,
        [&](OpBuilder &b, Location loc) {
          scf::YieldOp::create(
              b, loc, memref::LoadOp::create(b, loc, buffer, ValueRange{lane}).getResult());
        },
        [&, init = init, widen = fold.widenBool](OpBuilder &b, Location loc) {
          scf::YieldOp::create(
              b, loc,
              widen ? arith::ExtUIOp::create(b, loc, b.getI32Type(), init).getResult() : init);
        });
    combined.push_back(butterfly(b, loc, fold.combiner, slot.getResult(0)));
  }
  return combined;
}

/// The row reduction `op` (`folds`, one per output) shared by a warp's
/// lanes or a block's threads (the file's comment): each folds its
/// elements into partials, the partials meet by shuffles (and, for a
/// block, in shared memory; for a cluster, in its blocks' shared memory),
/// and one thread folds the totals into the outputs.
LogicalResult distributeReduction(linalg::LinalgOp op, StringRef attrName, int64_t perLane,
                                  const RowReduction &folds) {
  bool wholeBlock = attrName == kBlockReduceAttr;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();

  OpBuilder b(op);
  Location loc = op.getLoc();
  Value lane = gpu::LaneIdOp::create(b, loc, b.getIndexAttr(kWarpSize));
  Value zero = index(b, loc, 0);
  // Who splits the row: the warp's lanes, or the block's threads.
  Value self, threads;
  std::tie(self, threads) = rowSplitters(b, loc, wholeBlock, lane);
  SmallVector<Value> shared, inits;
  for (const RowFold &fold : folds) {
    if (wholeBlock)
      shared.push_back(sharedBuffer(b, loc, op, fold.widenBool ? b.getI32Type() : fold.type,
                                    kMaxWarpsPerBlock));
    inits.push_back(arith::ConstantOp::create(b, loc, fold.neutral));
  }
  int64_t cluster = 1;
  if (auto attr = op->getAttrOfType<IntegerAttr>(kClusterReduceAttr)) {
    cluster = attr.getInt();
    int64_t points = 1;
    for (int64_t r : ArrayRef(ranges).drop_back())
      points *= r;
    if (!wholeBlock || cluster < 1 || points != 1)
      return op.emitError() << kClusterReduceAttr
                            << " needs a positive cluster size and a ks.block_reduce of one row";
  }

  // Every parallel point the op covers (one row, after tiling to warps).
  forEachParallelPoint(b, loc, ranges, [&](OpBuilder &b, Location loc, ValueRange ivs) {
    Value start = arith::MulIOp::create(b, loc, self, index(b, loc, perLane));
    Value step = arith::MulIOp::create(b, loc, threads, index(b, loc, perLane));
    // The op's body on the thread's elements, folding into its partials.
    std::optional<int64_t> known = knownThreads(op, wholeBlock);
    SmallVector<Value> partial =
        foldPartial(b, loc, op, ivs, start, step, perLane, ranges.back(), inits,
                    known ? std::optional<int64_t>(*known * perLane) : std::nullopt);
    SmallVector<Value> totals;
    for (auto [fold, mine] : llvm::zip(folds, partial))
      totals.push_back(butterfly(
          b, loc, fold.combiner,
          fold.widenBool ? arith::ExtUIOp::create(b, loc, b.getI32Type(), mine) : mine));
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
    if (wholeBlock) {
      totals = combineWarps(b, loc, folds, totals, shared, inits, self, threads, first, lane);
      Value warp = arith::DivUIOp::create(b, loc, self, index(b, loc, kWarpSize));
      Value warpZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp, zero);
      first = arith::AndIOp::create(b, loc, first, warpZero);
    }
    SmallVector<Value> dims(ivs.begin(), ivs.end());
    dims.push_back(zero); // the outputs do not depend on the reduction loop
    SmallVector<Value> old, slots;
    if (cluster > 1) {
      // Thread 0 leaves the block's totals in slots of its own and reads
      // the outputs before the cluster barrier: after it, any block may
      // have folded the row's totals into them. Then every block combines
      // the C totals in rank order, so all fold the same values.
      SmallVector<Type> outTypes;
      for (auto [fold, total] : llvm::zip(folds, totals)) {
        slots.push_back(sharedBuffer(b, loc, op, total.getType(), 1));
        outTypes.push_back(fold.type);
      }
      auto publish = scf::IfOp::create(
          b, loc, first,
          [&](OpBuilder &b, Location loc) {
            SmallVector<Value> read;
            for (auto [i, total] : llvm::enumerate(totals)) {
              memref::StoreOp::create(b, loc, total, slots[i], ValueRange{zero});
              OpOperand *out = op.getDpsInitOperand(i);
              SmallVector<Value> at = applyMap(b, loc, op.getMatchingIndexingMap(out), dims);
              read.push_back(memref::LoadOp::create(b, loc, out->get(), at));
            }
            scf::YieldOp::create(b, loc, read);
          },
          [&](OpBuilder &b, Location loc) { scf::YieldOp::create(b, loc, inits); });
      old = llvm::to_vector_of<Value>(publish.getResults());
      NVVM::ClusterArriveOp::create(b, loc, /*aligned=*/b.getUnitAttr());
      NVVM::ClusterWaitOp::create(b, loc, /*aligned=*/b.getUnitAttr());
    }
    auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifFirst.getThenRegion().front());
    for (auto [i, fold] : llvm::enumerate(folds)) {
      Value total = totals[i];
      if (cluster > 1) {
        Value local = sharedPointer(b, loc, slots[i]);
        total = loadFromClusterBlock(b, loc, local, 0, total.getType());
        for (int64_t rank = 1; rank < cluster; ++rank)
          total = combine(b, fold.combiner, total,
                          loadFromClusterBlock(b, loc, local, rank, total.getType()));
      }
      OpOperand *out = op.getDpsInitOperand(i);
      SmallVector<Value> at = applyMap(b, loc, op.getMatchingIndexingMap(out), dims);
      Value previous = cluster > 1 ? old[i] : memref::LoadOp::create(b, loc, out->get(), at);
      if (fold.widenBool)
        total = arith::TruncIOp::create(b, loc, fold.type, total);
      memref::StoreOp::create(b, loc, combine(b, fold.combiner, total, previous), out->get(), at);
    }
    // The slots are reused by the block's next row.
    if (wholeBlock) {
      b.setInsertionPointAfter(ifFirst);
      auto barrier = gpu::BarrierOp::create(b, loc);
      // Past it, this block reads no other block's shared memory for
      // this reduction.
      if (cluster > 1)
        barrier->setAttr(kClusterReadsDoneAttr, b.getUnitAttr());
    }
  });
  op->erase();
  return success();
}

/// Distributes the row op `op` marked `attrName` among its threads.
LogicalResult distribute(linalg::LinalgOp op, StringRef attrName) {
  auto elems = op->getAttrOfType<IntegerAttr>(attrName);
  if (!elems || elems.getInt() < 1)
    return op.emitError() << attrName
                          << " must be a positive integer (elements per thread per step)";
  int64_t perLane = elems.getInt();
  if (!op->getParentOfType<gpu::LaunchOp>())
    return op.emitError() << attrName << ": the op is not inside a gpu.launch";
  if (attrName == kColumnSplitAttr)
    return distributeColumnSplit(op, perLane);
  if (op->hasAttr(kRowRegistersAttr) && failed(checkRowRegisters(op, attrName, perLane)))
    return failure();
  if (attrName == kWarpElementwiseAttr || attrName == kBlockElementwiseAttr)
    return distributeElementwise(op, attrName, perLane);
  bool wholeBlock = attrName == kBlockReduceAttr;
  if (std::optional<ArgReduction> arg = matchArgReduction(op); arg && !wholeBlock)
    return distributeArgReduction(op, *arg, perLane);
  FailureOr<RowReduction> reduction = matchRowReduction(op, attrName, perLane);
  if (failed(reduction))
    return failure();
  return distributeReduction(op, attrName, perLane, *reduction);
}

/// A kernel split among a cluster's blocks ends with a cluster barrier so
/// that no block leaves while another may still read its shared memory.
/// Each block arrives there as soon as it has read the others' totals for
/// the last time (after its last cluster reduction) and waits only at the
/// end: the barrier then costs little, the blocks having long arrived.
void arriveAfterLastClusterReads(gpu::LaunchOp launch) {
  Block &body = launch.getBody().front();
  Operation *end = body.getTerminator();
  auto wait = dyn_cast_or_null<NVVM::ClusterWaitOp>(end->getPrevNode());
  auto arrive = wait ? dyn_cast_or_null<NVVM::ClusterArriveOp>(wait->getPrevNode()) : nullptr;
  // The barrier may still sit in the one-trip loop over the row's points.
  Operation *lastReads = nullptr;
  body.walk([&](gpu::BarrierOp barrier) {
    if (!barrier->removeAttr(kClusterReadsDoneAttr))
      return;
    Operation *top = body.findAncestorOpInBlock(*barrier);
    if (!lastReads || lastReads->isBeforeInBlock(top))
      lastReads = top;
  });
  if (!arrive || !lastReads)
    return;
  // Only block-level barriers and ops of this thread lie between: no
  // cluster barrier may be crossed.
  for (Operation *op = lastReads->getNextNode(); op != arrive; op = op->getNextNode())
    if (op->walk([](Operation *inner) {
            return isa<NVVM::ClusterArriveOp, NVVM::ClusterWaitOp, NVVM::MapaOp>(inner)
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          }).wasInterrupted())
      return;
  arrive->moveAfter(lastReads);
}

/// In a kernel split among a cluster's blocks, a block's part of each
/// reduction's exchange is thread 0's (it writes the block's total to its
/// slot and reads the other blocks'), so only warp 0's arrivals at the
/// cluster barriers need to release what it did; the other warps arrive
/// relaxed, without first waiting for their memory operations to be
/// performed (an ERRBAR a warp: a fifth of group norm's stall samples sat
/// on the three arrives of its kernel, ncu on the H100).
void relaxArrivesBeyondWarpZero(gpu::LaunchOp launch) {
  if (!ks::hasFlatBlocks(launch))
    return;
  SmallVector<NVVM::ClusterArriveOp> arrives;
  launch.getBody().walk([&](NVVM::ClusterArriveOp arrive) { arrives.push_back(arrive); });
  for (NVVM::ClusterArriveOp arrive : arrives) {
    OpBuilder b(arrive);
    Location loc = arrive.getLoc();
    Value thread = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value warpZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, thread,
                                           arith::ConstantIndexOp::create(b, loc, 32));
    scf::IfOp::create(
        b, loc, warpZero,
        [&](OpBuilder &b, Location loc) {
          NVVM::ClusterArriveOp::create(b, loc, /*aligned=*/b.getUnitAttr());
          scf::YieldOp::create(b, loc);
        },
        [&](OpBuilder &b, Location loc) {
          NVVM::ClusterArriveRelaxedOp::create(b, loc, /*aligned=*/b.getUnitAttr());
          scf::YieldOp::create(b, loc);
        });
    arrive.erase();
  }
}

struct DistributeWarpReductions
    : public ks::impl::KSDistributeWarpReductionsBase<DistributeWarpReductions> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, StringRef>> marked;
    getOperation().walk([&](linalg::LinalgOp op) {
      for (StringRef attr : {kWarpReduceAttr, kBlockReduceAttr, kWarpElementwiseAttr,
                             kBlockElementwiseAttr, kColumnSplitAttr})
        if (op->hasAttr(attr))
          marked.push_back({op, attr});
    });
    if (marked.empty())
      return;
    for (auto [op, attr] : marked)
      if (failed(distribute(op, attr)))
        return signalPassFailure();
    getOperation().walk([](gpu::LaunchOp launch) {
      arriveAfterLastClusterReads(launch);
      relaxArrivesBeyondWarpZero(launch);
    });
    // Shuffles move 32 bits: a 64-bit one (f64 statistics, Torch-MLIR's
    // variances) becomes two.
    RewritePatternSet patterns(&getContext());
    populateGpuShufflePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
