//===- RowChain.cpp - Ops that one kernel can compute row by row ----------===//

#include "ks/Skills/RowChain.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace ks::agents;

Value ks::agents::baseBuffer(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto expand = dyn_cast<memref::ExpandShapeOp>(def))
      value = expand.getSrc();
    else if (auto collapse = dyn_cast<memref::CollapseShapeOp>(def))
      value = collapse.getSrc();
    else
      break;
  }
  return value;
}

bool ks::agents::isContiguous(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.hasStaticShape() && memref.getLayout().isIdentity();
}

/// Ops that may sit between members: they compute nothing on the GPU and
/// can be moved before the chain.
static bool isSkippable(Operation *op) {
  return isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::AllocOp,
             arith::ConstantOp>(op);
}

Operation *ks::agents::neighbour(Operation *op, bool forward) {
  for (op = forward ? op->getNextNode() : op->getPrevNode(); op && isSkippable(op);
       op = forward ? op->getNextNode() : op->getPrevNode())
    ;
  return op;
}

namespace {

/// The buffers `op`'s body loads from besides its operands (a gather: cross
/// entropy's picked logit at the row's target), or none where the body
/// has other effects.
std::optional<llvm::DenseSet<Value>> gatheredBuffers(linalg::LinalgOp op) {
  llvm::DenseSet<Value> gathered;
  for (Operation &inner : op.getBlock()->without_terminator()) {
    if (auto load = dyn_cast<memref::LoadOp>(inner))
      gathered.insert(baseBuffer(load.getMemRef()));
    else if (!isa<linalg::IndexOp>(inner) && !isMemoryEffectFree(&inner))
      return std::nullopt;
  }
  return gathered;
}

/// Whether `op`'s body touches no memory besides its operands.
bool touchesOnlyOperands(linalg::LinalgOp op) {
  std::optional<llvm::DenseSet<Value>> gathered = gatheredBuffers(op);
  return gathered && gathered->empty();
}

/// Whether loop `loop` of `op` can be split in two (ks::splitLoops): every
/// operand reads it as a whole dim of its map, and is a contiguous buffer
/// that a view can expand there.
bool splittable(linalg::LinalgOp op, unsigned loop) {
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    bool reads = llvm::any_of(map.getResults(),
                              [&](AffineExpr e) { return e.isFunctionOfDim(loop); });
    if (!reads)
      continue;
    if (!isContiguous(operand.get().getType()) ||
        llvm::any_of(map.getResults(), [&](AffineExpr e) {
          return e.isFunctionOfDim(loop) && !isa<AffineDimExpr>(e);
        }))
      return false;
  }
  return true;
}

/// How many leading loops of `op` enumerate `rows` rows (the most, so unit
/// loops after them count as rows), or none; or, for a generic op without
/// reductions whose leading loops run past `rows` within one loop (whose
/// range is a multiple of the rows left, at least two), that loop as the
/// last row loop with its points per row, where it can be split. The loops
/// after them must be all parallel or all reductions, and the body must
/// touch no memory besides the operands. An op without loops (the 0-d
/// division after a loss's final sum) is all of a single row, with no row
/// loops.
std::optional<RowChainMember> rowMemberOf(linalg::LinalgOp op, int64_t rows) {
  if (!op.hasPureBufferSemantics() || !isa<func::FuncOp>(op->getParentOp()))
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if ((ranges.empty() && rows != 1) || ShapedType::isDynamicShape(ranges))
    return std::nullopt;
  if (!gatheredBuffers(op))
    return std::nullopt;
  if (ranges.empty())
    return RowChainMember{op, 0};
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  std::optional<RowChainMember> found;
  int64_t product = 1;
  for (unsigned i = 0; i < ranges.size() && iterators[i] == utils::IteratorType::parallel;
       ++i) {
    if (!found && product * ranges[i] > rows && rows % product == 0 && rows / product > 1 &&
        ranges[i] % (rows / product) == 0 && isa<linalg::GenericOp>(op.getOperation()) &&
        op.getNumReductionLoops() == 0) {
      if (!splittable(op, i))
        return std::nullopt;
      found = RowChainMember{op, i + 1, ranges[i] / (rows / product)};
      break;
    }
    product *= ranges[i];
    if (product == rows)
      found = RowChainMember{op, i + 1};
    if (product > rows)
      break;
  }
  if (!found)
    return std::nullopt;
  // A reduction's threads split one reduction loop (more are collapsed
  // into one by ks-collapse-reduction-dims where they can be).
  ArrayRef<utils::IteratorType> rest = ArrayRef(iterators).drop_front(found->rowDims);
  if (!llvm::all_equal(rest) ||
      (!rest.empty() && rest.front() == utils::IteratorType::reduction && rest.size() != 1))
    return std::nullopt;
  return found;
}

/// The loop ranges of `member` with its last row loop split where it runs
/// over several points of a row: rows first, then the points.
SmallVector<int64_t> memberRanges(RowChainMember member) {
  SmallVector<int64_t> ranges = member.op.getStaticLoopRanges();
  if (member.rowLoopPoints > 1) {
    unsigned last = member.rowDims - 1;
    ranges[last] /= member.rowLoopPoints;
    ranges.insert(ranges.begin() + member.rowDims, member.rowLoopPoints);
  }
  return ranges;
}

/// `expr` as coefficients of the dims and a constant (last), if it is a
/// linear combination of them.
bool flatten(AffineExpr expr, int64_t scale, SmallVectorImpl<int64_t> &flat) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    flat[dim.getPosition()] += scale;
    return true;
  }
  if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    flat.back() += scale * constant.getValue();
    return true;
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return false;
  if (binary.getKind() == AffineExprKind::Add)
    return flatten(binary.getLHS(), scale, flat) && flatten(binary.getRHS(), scale, flat);
  if (binary.getKind() == AffineExprKind::Mul) {
    if (auto c = dyn_cast<AffineConstantExpr>(binary.getRHS()))
      return flatten(binary.getLHS(), scale * c.getValue(), flat);
    if (auto c = dyn_cast<AffineConstantExpr>(binary.getLHS()))
      return flatten(binary.getRHS(), scale * c.getValue(), flat);
  }
  return false; // mod, floordiv, ceildiv, a product of dims
}

/// When `member` reads or writes `operand` only at the row it computes:
/// the elements a row touches, in the row-major order of the operand's
/// buffer, are row * S + [0, S) with S the buffer's elements per row.
/// Returns S, or none.
std::optional<int64_t> rowStrideOf(const RowChainMember &member, OpOperand &operand,
                                   int64_t rows) {
  Value value = operand.get();
  Value base = baseBuffer(value);
  if (!isContiguous(value.getType()) || !isContiguous(base.getType()))
    return std::nullopt;
  linalg::LinalgOp op = member.op;
  ArrayRef<int64_t> shape = cast<MemRefType>(value.getType()).getShape();
  AffineMap map = op.getMatchingIndexingMap(&operand);
  AffineExpr offset = getAffineConstantExpr(0, op->getContext());
  int64_t stride = 1;
  for (int64_t i = shape.size() - 1; i >= 0; --i) {
    offset = offset + map.getResult(i) * stride;
    stride *= shape[i];
  }
  unsigned numDims = map.getNumDims();
  SmallVector<int64_t> flat(numDims + 1, 0);
  if (!flatten(offset, 1, flat))
    return std::nullopt;
  // A split row loop: its row steps over its points' coefficient times
  // their count.
  SmallVector<int64_t> ranges = memberRanges(member);
  if (member.rowLoopPoints > 1) {
    unsigned last = member.rowDims - 1;
    flat.insert(flat.begin() + member.rowDims, flat[last]);
    flat[last] *= member.rowLoopPoints;
    ++numDims;
  }
  unsigned k = member.rowDims;
  // The elements per row are the innermost row loop's step; a row loop of
  // range 1 steps nowhere (the map may leave it out). Without a longer row
  // loop the op is the one row: all of the buffer.
  int64_t perRow = cast<MemRefType>(base.getType()).getNumElements();
  for (int64_t j = (int64_t)k - 1; j >= 0; --j)
    if (ranges[j] != 1) {
      perRow = flat[j];
      break;
    }
  if (perRow <= 0)
    return std::nullopt;
  for (int64_t j = (int64_t)k - 1, expected = perRow; j >= 0; expected *= ranges[j], --j)
    if (ranges[j] != 1 && flat[j] != expected)
      return std::nullopt;
  int64_t low = flat.back(), high = flat.back();
  for (unsigned j = k; j < numDims; ++j) {
    int64_t span = flat[j] * (ranges[j] - 1);
    (span < 0 ? low : high) += span;
  }
  if (low < 0 || high >= perRow ||
      cast<MemRefType>(base.getType()).getNumElements() != rows * perRow)
    return std::nullopt;
  return perRow;
}

/// Whether the members can run one row after another: every buffer one of
/// them writes is touched by all of them at the computed row only, with the
/// same elements per row, and none gathers from it (a gather may read any
/// row).
bool rowLocal(ArrayRef<RowChainMember> members, int64_t rows) {
  llvm::DenseMap<Value, SmallVector<std::optional<int64_t>>> strides;
  llvm::DenseSet<Value> written, gathered;
  for (RowChainMember member : members) { // a copy: LinalgOp's queries are not const
    if (std::optional<llvm::DenseSet<Value>> loads = gatheredBuffers(member.op))
      gathered.insert(loads->begin(), loads->end());
    for (OpOperand &operand : member.op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue; // a scalar (a fill's value)
      Value base = baseBuffer(operand.get());
      strides[base].push_back(rowStrideOf(member, operand, rows));
      if (member.op.isDpsInit(&operand))
        written.insert(base);
    }
  }
  for (Value base : written) {
    ArrayRef<std::optional<int64_t>> s = strides[base];
    if (!s.front() || !llvm::all_equal(s) || gathered.contains(base))
      return false;
  }
  return true;
}

/// Whether `op` touches none of the buffers the chain's members do: it may
/// then run before all of them, and the chain can grow past it (the fill
/// of a loss's scalar output between its row statistics and its row sums).
bool independentOf(Operation *op, ArrayRef<RowChainMember> members) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureBufferSemantics() || op->getNumRegions() != 1)
    return false;
  if (!touchesOnlyOperands(linalgOp))
    return false;
  llvm::DenseSet<Value> used;
  for (RowChainMember member : members) {
    for (Value operand : member.op->getOperands())
      if (isa<MemRefType>(operand.getType()))
        used.insert(baseBuffer(operand));
    if (std::optional<llvm::DenseSet<Value>> loads = gatheredBuffers(member.op))
      used.insert(loads->begin(), loads->end());
  }
  return llvm::none_of(op->getOperands(), [&](Value operand) {
    return isa<MemRefType>(operand.getType()) && used.contains(baseBuffer(operand));
  });
}

/// Whether `op` reads a buffer that one of `members` writes.
bool readsWrittenBy(linalg::LinalgOp op, ArrayRef<RowChainMember> members) {
  llvm::DenseSet<Value> written;
  for (RowChainMember member : members)
    for (Value init : member.op.getDpsInits())
      if (isa<MemRefType>(init.getType()))
        written.insert(baseBuffer(init));
  return llvm::any_of(op.getDpsInputs(), [&](Value input) {
    return isa<MemRefType>(input.getType()) && written.contains(baseBuffer(input));
  });
}

} // namespace

std::optional<RowChain> ks::agents::findRowChain(linalg::LinalgOp start, bool fillIsEnough) {
  if (start.getNumReductionLoops() == 0 || start.getNumDpsInits() == 0)
    return std::nullopt;
  SmallVector<int64_t> ranges = start.getStaticLoopRanges();
  unsigned parallel = start.getNumParallelLoops();
  if (parallel == 0 || ShapedType::isDynamicShape(ranges))
    return std::nullopt;
  int64_t rows = 1;
  for (int64_t r : ArrayRef(ranges).take_front(parallel))
    rows *= r;
  std::optional<RowChainMember> startMember = rowMemberOf(start, rows);
  if (!startMember || startMember->rowDims != parallel)
    return std::nullopt;

  RowChain chain;
  chain.rows = rows;
  chain.members.push_back(*startMember);
  // A row reduction reads its inputs at its row only: a matmul or a
  // matrix-vector product, which reads some input whole for every row, is
  // not one.
  for (OpOperand *input : start.getDpsInputOperands())
    if (isa<MemRefType>(input->get().getType()) &&
        !rowStrideOf(chain.members.front(), *input, rows))
      return std::nullopt;
  if (!rowLocal(chain.members, rows))
    return std::nullopt;
  // The fills that initialize the reduction's outputs, right before it.
  Operation *before = neighbour(start, /*forward=*/false);
  for (unsigned i = 0; i < start.getNumDpsInits(); ++i) {
    auto fill = dyn_cast_or_null<linalg::FillOp>(before);
    if (!fill || llvm::none_of(start.getDpsInits(), [&](Value init) {
          return baseBuffer(fill.getOutputs()[0]) == baseBuffer(init);
        }))
      break;
    std::optional<RowChainMember> member = rowMemberOf(fill, rows);
    if (!member)
      break;
    chain.members.insert(chain.members.begin(), *member);
    if (!rowLocal(chain.members, rows)) {
      chain.members.erase(chain.members.begin());
      break;
    }
    before = neighbour(fill, /*forward=*/false);
  }
  for (Operation *next = neighbour(start, /*forward=*/true); next;
       next = neighbour(next, /*forward=*/true)) {
    auto op = dyn_cast<linalg::LinalgOp>(next);
    std::optional<RowChainMember> member = op ? rowMemberOf(op, rows) : std::nullopt;
    // An op that runs over several points of a row per step of a loop
    // joins only to read what the chain computed (a normalization's scale
    // and shift): other ops of such shapes are not the chain's.
    if (member && member->rowLoopPoints > 1 && !readsWrittenBy(op, chain.members))
      member = std::nullopt;
    if (!member) {
      if (independentOf(next, chain.members))
        continue;
      break;
    }
    chain.members.push_back(*member);
    if (!rowLocal(chain.members, rows)) {
      chain.members.pop_back();
      break;
    }
  }
  if (chain.members.back().op == start && // no op after it joined
      !(fillIsEnough && chain.members.front().op != start))
    return std::nullopt;
  for (RowChainMember member : chain.members) {
    int64_t points = 1;
    for (int64_t r : ArrayRef(memberRanges(member)).drop_front(member.rowDims))
      points *= r;
    chain.maxRowPoints = std::max(chain.maxRowPoints, points);
  }
  return chain;
}
