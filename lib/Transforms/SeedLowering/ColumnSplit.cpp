//===- ColumnSplit.cpp - A block's threads share strided columns ----------===//
//
// The ks.column_split part of ks-distribute-warp-reductions (ColumnSplit.h).
//
//===----------------------------------------------------------------------===//

#include "ColumnSplit.h"

#include "RowWalk.h"
#include "ks/Transforms/Utils/ReductionBodies.h"
#include "ks/Transforms/Utils/WarpReduce.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;

namespace ks::rowwalk {
namespace {

/// How a column's partials combine: each output by its own binary op (a
/// sum, a max; a norm's sum and sum of squares), an argmax/argmin's
/// (value, position) pairs, or an online softmax's (max, sum) pairs.
struct ColumnFold {
  enum class Kind { EachAlone, Arg, OnlineSoftmax } kind;
  SmallVector<Operation *> combiners; // EachAlone: one per output
  std::optional<ArgReduction> arg;
};

FailureOr<ColumnFold> matchColumnFold(linalg::LinalgOp op) {
  if (std::optional<ArgReduction> arg = matchArgReduction(op))
    return ColumnFold{ColumnFold::Kind::Arg, {}, arg};
  if (ks::isOnlineSoftmaxStep(op))
    return ColumnFold{ColumnFold::Kind::OnlineSoftmax, {}, std::nullopt};
  ColumnFold fold{ColumnFold::Kind::EachAlone, {}, std::nullopt};
  for (unsigned i = 0; i < op.getNumDpsInits(); ++i) {
    Operation *combiner = combinerAlone(op, i);
    if (!combiner)
      return op.emitError() << kColumnSplitAttr
                            << " needs a body that folds each output on its own with one binary "
                               "op, an argmax/argmin or an online softmax";
    if (!arith::getNeutralElement(combiner))
      return op.emitError() << kColumnSplitAttr << " needs a combiner with a neutral element, got '"
                            << combiner->getName() << "'";
    fold.combiners.push_back(combiner);
  }
  return fold;
}

/// The partials a thread starts from: each fold's neutral element, a
/// position 0, or (-inf, 0).
SmallVector<Value> initialPartials(OpBuilder &b, Location loc, linalg::LinalgOp op,
                                   const ColumnFold &fold) {
  switch (fold.kind) {
  case ColumnFold::Kind::Arg:
    return {arith::ConstantOp::create(b, loc, *arith::getNeutralElement(fold.arg->valueCombiner)),
            arith::ConstantOp::create(
                b, loc, b.getIntegerAttr(op.getRegionOutputArgs()[1].getType(), 0))};
  case ColumnFold::Kind::OnlineSoftmax: {
    auto type = cast<FloatType>(op.getRegionOutputArgs()[0].getType());
    return {ks::minusInfinity(b, loc, type),
            arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0))};
  }
  case ColumnFold::Kind::EachAlone:
    break;
  }
  SmallVector<Value> inits;
  for (Operation *combiner : fold.combiners)
    inits.push_back(arith::ConstantOp::create(b, loc, *arith::getNeutralElement(combiner)));
  return inits;
}

/// An argmax's partials `first` then `second` combined (ties keep
/// `first`'s position).
SmallVector<Value> combineArgPartials(OpBuilder &b, Location loc, const ArgReduction &arg,
                                      ArrayRef<Value> first, ArrayRef<Value> second) {
  auto [v, i] = combinePairs(b, loc, arg, first[0], first[1], second[0], second[1]);
  return {v, i};
}

/// Terms a thread adds from which an f32 sum's walk runs in f64 (the
/// length ks-compensate-long-sums compensates from): 16 partials of 2560
/// rows each, compensated in f32, still lost a rounding each at the
/// partial's magnitude (5e-5 over 40960 rows of N(0, 1)).
constexpr int64_t kWideWalkTerms = 1024;

/// The combiners of `fold`'s f32 sums (null for other outputs), whose
/// partials are added in f64 and rounded once: each partial sums a long
/// stretch of the column, and adding them in f32 would lose a rounding at
/// the total's magnitude per partial.
SmallVector<Operation *> wideSumCombiners(const ColumnFold &fold) {
  SmallVector<Operation *> wide;
  if (fold.kind != ColumnFold::Kind::EachAlone)
    return wide;
  for (Operation *combiner : fold.combiners)
    wide.push_back(isa<arith::AddFOp>(combiner) &&
                           combiner->getResult(0).getType().isF32()
                       ? combiner
                       : nullptr);
  return wide;
}

/// Each output's partials (`parts`, the output's value first) folded in
/// order, then the output's value; a wide sum's in f64, rounded once.
SmallVector<Value> foldEachAlone(OpBuilder &b, Location loc, const ColumnFold &fold,
                                 ArrayRef<Operation *> wide,
                                 ArrayRef<SmallVector<Value>> parts) {
  SmallVector<Value> result;
  for (auto [i, combiner] : llvm::enumerate(fold.combiners)) {
    if (!wide[i]) {
      Value total = parts[1][i];
      for (ArrayRef<Value> p : parts.drop_front(2))
        total = ks::combine(b, combiner, total, p[i]);
      result.push_back(ks::combine(b, combiner, total, parts[0][i]));
      continue;
    }
    auto widened = [&](Value v) -> Value {
      return v.getType().isF64() ? v : arith::ExtFOp::create(b, loc, b.getF64Type(), v);
    };
    Value total = widened(parts[1][i]);
    for (ArrayRef<Value> p : parts.drop_front(2))
      total = arith::AddFOp::create(b, loc, total, widened(p[i]));
    total = arith::AddFOp::create(b, loc, total, widened(parts[0][i]));
    result.push_back(arith::TruncFOp::create(b, loc, b.getF32Type(), total));
  }
  return result;
}

/// Whether a later op of `op`'s block is split alike: it may read what
/// `op` stores, so all threads wait for the stores.
bool chainedToLaterSplit(Operation *op) {
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode())
    if (isa<linalg::LinalgOp>(next) && next->hasAttr(kColumnSplitAttr))
      return true;
  return false;
}

/// An online softmax's partial over a thread's own elements, kept in
/// registers: their maximum, then the sum of exp(x - max), the exponentials
/// independent of each other where the step's fold chains each on the
/// last (what the fold gives, infinities included). Null where the walk is
/// not unrolled whole.
SmallVector<Value> softmaxPartialInTwoSteps(OpBuilder &b, Location loc, linalg::LinalgOp op,
                                            ValueRange ivs, Value part, int64_t split,
                                            int64_t length) {
  if (!op->hasAttr(kRowRegistersAttr) || length % split != 0)
    return {};
  OpOperand *input = op.getDpsInputOperand(0);
  bool owned = atOwnPoints(op, *input);
  SmallVector<Value> elements;
  walkOwnPoints(
      b, loc, part, index(b, loc, split), split, 1, length, ValueRange{},
      [&](OpBuilder &b, Location loc, Value k, ValueRange) -> SmallVector<Value> {
        SmallVector<Value> dims(ivs);
        dims.push_back(k);
        auto load = memref::LoadOp::create(
            b, loc, input->get(), applyMap(b, loc, op.getMatchingIndexingMap(input), dims));
        if (owned)
          load->setAttr(kRowOwnedAttr, b.getUnitAttr());
        elements.push_back(load);
        return {};
      },
      /*whole=*/true);
  Value one = arith::ConstantOp::create(b, loc, b.getFloatAttr(elements.front().getType(), 1.0));
  SmallVector<Value> ones(elements.size(), one);
  // Each element is a pair (x, 1): the maximum of the x, the sum of the
  // ones rescaled to it. A +inf is the maximum and rescales its own 1 by
  // exp(inf - inf), NaN, as the fold's (x - x) + 1; a -inf adds 0.
  auto [m, sum] = ks::combineOnlineSoftmax(b, loc, elements, ones);
  return {m, sum};
}

/// A reduction split among the block (ColumnSplit.h): thread (x, y) folds
/// rows y, y + S, ... of column x into partials (the unrolled walk of the
/// warp reductions; whole with ks.row_registers), the partials meet in
/// shared memory, and thread (x, 0) folds the S partials of its column, in
/// order, into the outputs (an f32 sum's in f64). S times the threads of one thread per column,
/// each with an S-th of the walk: a reduction to 16384 outputs (max over
/// the middle dim of 16 x 4096 x 1024) had 512 warps on 132 SMs.
LogicalResult distributeReduction(linalg::LinalgOp op, int64_t split,
                                  ArrayRef<int64_t> ranges, int64_t points) {
  if (op.getIteratorTypesArray().back() != utils::IteratorType::reduction ||
      op.getNumReductionLoops() != 1)
    return op.emitError() << kColumnSplitAttr
                          << " needs an op on buffers with one static reduction loop, the "
                             "innermost";
  FailureOr<ColumnFold> fold = matchColumnFold(op);
  if (failed(fold))
    return failure();

  OpBuilder b(op);
  Location loc = op.getLoc();
  Value column = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value part = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  // The thread's column among the parallel points, row-major.
  SmallVector<Value> ivs = delinearizeRowMajor(b, loc, column, ranges.drop_back());
  SmallVector<Value> partial;
  if (fold->kind == ColumnFold::Kind::OnlineSoftmax)
    partial = softmaxPartialInTwoSteps(b, loc, op, ivs, part, split, ranges.back());
  SmallVector<Operation *> wide = wideSumCombiners(*fold);
  if (partial.empty()) {
    // A long walk's sums run in f64 from the start; a short one's are
    // widened only to be combined.
    bool wideWalk = llvm::divideCeil(ranges.back(), split) >= kWideWalkTerms;
    SmallVector<Value> inits = initialPartials(b, loc, op, *fold);
    for (auto [i, combiner] : llvm::enumerate(wide))
      if (combiner && wideWalk)
        inits[i] = arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0));
    partial = foldPartial(b, loc, op, ivs, part, index(b, loc, split), 1, ranges.back(), inits,
                          split, wideWalk ? ArrayRef<Operation *>(wide) : ArrayRef<Operation *>());
  }
  // Partial y of column x in slot y * BX + x of each output's buffer.
  Value slot = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, part, index(b, loc, points)), column);
  SmallVector<Value> slots;
  for (Value value : partial) {
    slots.push_back(sharedBuffer(b, loc, op, value.getType(), split * points));
    memref::StoreOp::create(b, loc, value, slots.back(), ValueRange{slot});
  }
  gpu::BarrierOp::create(b, loc);
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, part, index(b, loc, 0));
  auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifFirst.getThenRegion().front());
    SmallVector<Value> dims(ivs);
    dims.push_back(index(b, loc, 0)); // the outputs do not depend on the reduction loop
    SmallVector<SmallVector<Value>> at;
    SmallVector<Value> old;
    for (OpOperand &out : op.getDpsInitsMutable()) {
      at.push_back(applyMap(b, loc, op.getMatchingIndexingMap(&out), dims));
      old.push_back(memref::LoadOp::create(b, loc, out.get(), at.back()));
    }
    // The output's value, then the S partials in order.
    SmallVector<SmallVector<Value>> parts{old};
    for (int64_t y = 0; y < split; ++y) {
      Value slotAt = arith::AddIOp::create(b, loc, column, index(b, loc, y * points));
      SmallVector<Value> other;
      for (Value buffer : slots)
        other.push_back(memref::LoadOp::create(b, loc, buffer, ValueRange{slotAt}));
      parts.push_back(other);
    }
    SmallVector<Value> result;
    if (fold->kind == ColumnFold::Kind::OnlineSoftmax) {
      // All at once: the maxima's maximum, then each sum rescaled to it.
      SmallVector<Value> maxima, sums;
      for (ArrayRef<Value> p : parts) {
        maxima.push_back(p[0]);
        sums.push_back(p[1]);
      }
      auto [m, sum] = ks::combineOnlineSoftmax(b, loc, maxima, sums);
      result = {m, sum};
    } else if (fold->kind == ColumnFold::Kind::EachAlone) {
      // The partials in order, then the output's value (as the seed's fold
      // meets it: after its elements).
      result = foldEachAlone(b, loc, *fold, wide, parts);
    } else {
      // An argmax's partials in order, the output's earlier position first.
      SmallVector<Value> total = parts[1];
      for (ArrayRef<Value> p : ArrayRef(parts).drop_front(2))
        total = combineArgPartials(b, loc, *fold->arg, total, p);
      result = combineArgPartials(b, loc, *fold->arg, old, total);
    }
    for (auto [value, out, indices] : llvm::zip(result, op.getDpsInits(), at))
      memref::StoreOp::create(b, loc, value, out, indices);
  }
  if (chainedToLaterSplit(op))
    gpu::BarrierOp::create(b, loc);
  op->erase();
  return success();
}

/// An op without reductions split among the block (ColumnSplit.h): thread
/// (x, y) computes the points of column x at rows y, y + S, ... of the
/// op's one loop of more than one point besides the innermost, as the
/// reduction before it folded them; what does not change along that loop
/// (a column's statistics, their logarithm) once.
LogicalResult distributeElementwise(linalg::LinalgOp op, int64_t split,
                                    ArrayRef<int64_t> ranges) {
  std::optional<unsigned> rowLoop;
  for (unsigned d = 0; d + 1 < ranges.size(); ++d) {
    if (ranges[d] == 1)
      continue;
    if (rowLoop)
      return op.emitError() << kColumnSplitAttr
                            << " on an op without reductions needs one loop of more than one "
                               "point besides its innermost";
    rowLoop = d;
  }
  if (!rowLoop)
    return op.emitError() << kColumnSplitAttr
                          << " on an op without reductions needs a loop of rows besides its "
                             "innermost";
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value column = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value part = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  SmallVector<Value> fixed;
  for (unsigned d = 0; d < ranges.size(); ++d)
    fixed.push_back(d == *rowLoop ? Value() : d + 1 == ranges.size() ? column : index(b, loc, 0));
  llvm::SmallBitVector varying(ranges.size());
  varying.set(*rowLoop);
  IRMapping invariants = hoistInvariants(b, loc, op, fixed, varying);
  walkOwnPoints(
      b, loc, part, index(b, loc, split), split, 1, ranges[*rowLoop], ValueRange{},
      [&](OpBuilder &b, Location loc, Value k, ValueRange) -> SmallVector<Value> {
        SmallVector<Value> dims(fixed);
        dims[*rowLoop] = k;
        storeBodyAt(b, loc, op, dims, invariants);
        return {};
      },
      op->hasAttr(kRowRegistersAttr));
  op->erase();
  return success();
}

} // namespace

LogicalResult distributeColumnSplit(linalg::LinalgOp op, int64_t split) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  std::optional<std::pair<int64_t, int64_t>> block = knownBlockXY(op);
  bool reduces = op.getNumReductionLoops() != 0;
  int64_t columns = 1;
  for (int64_t r : reduces ? ArrayRef(ranges).drop_back() : ArrayRef(ranges).take_back())
    columns *= r;
  if (!block || block->second != split || block->first != columns)
    return op.emitError() << kColumnSplitAttr << " = " << split
                          << " needs a block of (parallel points) x " << split
                          << " threads, with constant sizes";
  if (!op.hasPureBufferSemantics() || ShapedType::isDynamicShape(ranges))
    return op.emitError() << kColumnSplitAttr
                          << (reduces ? " needs an op on buffers with one static reduction "
                                        "loop, the innermost"
                                      : " needs an op on buffers with static loops");
  // Kept in registers, a thread's elements are its walk unrolled whole.
  if (op->hasAttr(kRowRegistersAttr)) {
    int64_t rows = reduces ? ranges.back() : 1;
    for (int64_t r : reduces ? ArrayRef<int64_t>() : ArrayRef(ranges).drop_back())
      rows *= r;
    if ((rows + split - 1) / split > kMaxRowRegisters)
      return op.emitError() << kRowRegistersAttr << ": a thread would keep "
                            << (rows + split - 1) / split << " elements of a column, more than "
                            << kMaxRowRegisters;
  }
  if (reduces)
    return distributeReduction(op, split, ranges, columns);
  return distributeElementwise(op, split, ranges);
}

} // namespace ks::rowwalk
