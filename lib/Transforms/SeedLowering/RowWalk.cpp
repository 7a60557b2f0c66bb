//===- RowWalk.cpp - A thread's share of a row op -------------------------===//
//
// The pieces ks-distribute-warp-reductions builds a thread's share of a row
// op from (RowWalk.h).
//
//===----------------------------------------------------------------------===//

#include "RowWalk.h"

#include "ks/Transforms/Utils/Alignment.h"
#include "ks/Transforms/Utils/KernelInit.h"
#include "ks/Transforms/Utils/WarpReduce.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace ks::rowwalk {

SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                            ArrayRef<Value> dims) {
  SmallVector<OpFoldResult> operands(dims.begin(), dims.end());
  SmallVector<Value> indices;
  for (AffineExpr e : map.getResults())
    indices.push_back(getValueOrCreateConstantIndexOp(
        b, loc,
        affine::makeComposedFoldedAffineApply(
            b, loc, AffineMap::get(map.getNumDims(), 0, e), operands)));
  return indices;
}

Value index(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

bool atOwnPoints(linalg::LinalgOp op, OpOperand &operand) {
  if (!op->hasAttr(kRowRegistersAttr))
    return false;
  // A column split gives each point to one thread, the same for the same
  // element in each op of the chain (the column's, the element's row
  // modulo S): an operand read or written at one element per point is the
  // thread's own.
  if (op->hasAttr(kColumnSplitAttr))
    return op.getMatchingIndexingMap(&operand).isPermutation();
  auto type = dyn_cast<MemRefType>(operand.get().getType());
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (!type || !type.hasStaticShape() || ShapedType::isDynamicShape(ranges))
    return false;
  MLIRContext *ctx = op->getContext();
  AffineMap map = op.getMatchingIndexingMap(&operand);
  AffineExpr offset = getAffineConstantExpr(0, ctx), point = offset;
  int64_t stride = 1;
  for (int64_t i = type.getRank() - 1; i >= 0; stride *= type.getDimSize(i), --i)
    offset = offset + map.getResult(i) * stride;
  stride = 1;
  for (int64_t d = ranges.size() - 1; d >= 0; stride *= ranges[d], --d)
    point = point + getAffineDimExpr(d, ctx) * (ranges[d] == 1 ? 0 : stride);
  // A unit loop's index is 0.
  SmallVector<AffineExpr> zeroUnit;
  for (auto [d, r] : llvm::enumerate(ranges))
    zeroUnit.push_back(r == 1 ? getAffineConstantExpr(0, ctx) : getAffineDimExpr(d, ctx));
  AffineExpr diff = simplifyAffineExpr((offset - point).replaceDims(zeroUnit),
                                       map.getNumDims(), 0);
  auto constant = dyn_cast<AffineConstantExpr>(diff);
  return constant && constant.getValue() == 0;
}

Value sharedBuffer(OpBuilder &b, Location loc, Operation *op, Type type, int64_t n) {
  auto module = op->getParentOfType<ModuleOp>();
  auto memrefType = MemRefType::get(
      {n}, type, MemRefLayoutAttrInterface{},
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup));
  OpBuilder detached(b.getContext());
  auto global = memref::GlobalOp::create(
      detached, loc, "__ks_block_reduce", detached.getStringAttr("private"),
      memrefType, Attribute(), /*constant=*/false, /*alignment=*/nullptr);
  SymbolTable(module).insert(global); // renamed if the name is taken
  return memref::GetGlobalOp::create(b, loc, memrefType, global.getSymName());
}


std::optional<ArgReduction> matchArgReduction(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 2)
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
  BlockArgument value = op.getRegionOutputArgs()[0];
  BlockArgument position = op.getRegionOutputArgs()[1];
  Operation *combiner = yield.getOperand(0).getDefiningOp();
  auto select = yield.getOperand(1).getDefiningOp<arith::SelectOp>();
  if (!combiner || combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      !llvm::is_contained(combiner->getOperands(), value) ||
      !arith::getNeutralElement(combiner) || !select ||
      select.getFalseValue() != position)
    return std::nullopt;
  auto compare = select.getCondition().getDefiningOp<arith::CmpFOp>();
  if (!compare || compare.getRhs() != value || compare.getLhs() == value)
    return std::nullopt;
  Type v = value.getType(), i = position.getType();
  if (!v.isF32() && !v.isF64())
    return std::nullopt;
  if (!i.isInteger(32) && !i.isInteger(64))
    return std::nullopt;
  return ArgReduction{combiner, compare.getPredicate()};
}

std::pair<Value, Value> combinePairs(OpBuilder &b, Location loc, const ArgReduction &arg,
                                     Value v, Value i, Value ov, Value oi) {
  Value better = arith::CmpFOp::create(b, loc, arg.better, ov, v);
  Value equal = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, ov, v);
  Value earlier = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, oi, i);
  Value take = arith::OrIOp::create(
      b, loc, better, arith::AndIOp::create(b, loc, equal, earlier));
  return {arith::SelectOp::create(b, loc, take, ov, v),
          arith::SelectOp::create(b, loc, take, oi, i)};
}

namespace {
/// Whether the value `op` yields for output `i` depends on no other
/// output's running value.
bool foldsAlone(linalg::LinalgOp op, unsigned i) {
  auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.filter = [&](Operation *inner) { return inner->getBlock() == op.getBlock(); };
  Operation *def = yield.getOperand(i).getDefiningOp();
  if (!def)
    return false;
  (void)getBackwardSlice(def, &slice, options);
  slice.insert(def);
  for (auto [j, arg] : llvm::enumerate(op.getRegionOutputArgs()))
    if (j != i && llvm::any_of(arg.getUsers(), [&](Operation *u) { return slice.contains(u); }))
      return false;
  return true;
}
} // namespace

Operation *combinerAlone(linalg::LinalgOp op, unsigned i) {
  SmallVector<Operation *> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), i, combiners) || combiners.size() != 1 ||
      combiners.front()->getNumOperands() != 2 || combiners.front()->getNumResults() != 1 ||
      !foldsAlone(op, i))
    return nullptr;
  return combiners.front();
}

void forEachParallelPoint(OpBuilder &b, Location loc, ArrayRef<int64_t> ranges,
                          function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t r : ranges.drop_back()) {
    lbs.push_back(index(b, loc, 0));
    ubs.push_back(index(b, loc, r));
    steps.push_back(index(b, loc, 1));
  }
  scf::buildLoopNest(b, loc, lbs, ubs, steps, body);
}

namespace {
/// Whether `a` and `b` may be the same buffer: the same value, or views
/// (subviews, reshapes) of the same one.
bool mayAlias(Value a, Value b) {
  auto root = [](Value v) {
    while (Operation *def = v.getDefiningOp()) {
      if (!isa<memref::SubViewOp, memref::ExpandShapeOp, memref::CollapseShapeOp>(def))
        break;
      v = def->getOperand(0);
    }
    return v;
  };
  return root(a) == root(b);
}
} // namespace

IRMapping hoistInvariants(OpBuilder &b, Location loc, linalg::LinalgOp op,
                          ArrayRef<Value> fixedDims, const llvm::SmallBitVector &varying,
                          IRMapping map) {
  for (OpOperand *in : op.getDpsInputOperands()) {
    Value operand = in->get();
    if (map.contains(op.getMatchingBlockArgument(in)))
      continue; // computed earlier (hoistReadOnlyWork)
    if (isa<MemRefType>(operand.getType())) {
      AffineMap m = op.getMatchingIndexingMap(in);
      bool invariant = llvm::none_of(llvm::seq<unsigned>(0, m.getNumDims()), [&](unsigned d) {
        return varying.test(d) && m.isFunctionOfDim(d);
      });
      bool written = llvm::any_of(op.getDpsInits(),
                                  [&](Value out) { return mayAlias(out, operand); });
      if (!invariant || written)
        continue;
      SmallVector<Value> dims(fixedDims.begin(), fixedDims.end());
      for (unsigned d = 0; d < dims.size(); ++d)
        if (!dims[d])
          dims[d] = index(b, loc, 0); // unused by the map
      operand = memref::LoadOp::create(b, loc, operand, applyMap(b, loc, m, dims));
    }
    map.map(op.getMatchingBlockArgument(in), operand);
  }
  Block *body = op.getBlock();
  for (Operation &inner : body->without_terminator()) {
    if (isa<linalg::IndexOp>(inner) || inner.getNumRegions() != 0 ||
        !isMemoryEffectFree(&inner) ||
        (inner.getNumResults() && map.contains(inner.getResult(0))))
      continue;
    bool ready = llvm::all_of(inner.getOperands(), [&](Value v) {
      return map.contains(v) || v.getParentBlock() != body;
    });
    if (ready)
      b.clone(inner, map);
  }
  return map;
}

IRMapping hoistReadOnlyWork(linalg::LinalgOp op) {
  IRMapping map;
  auto launch = op->getParentOfType<gpu::LaunchOp>();
  Block &body = launch.getBody().front();
  if (op->getBlock() != &body)
    return map;
  // A cluster's reductions (its barriers, mapa) write nothing either.
  std::optional<llvm::DenseSet<Value>> written =
      ks::writtenRoots(launch.getBody(), ks::writesNothing);
  if (!written)
    return map;
  // The start: before the first op of the body with memory effects.
  Operation *start = &body.front();
  while (start != op && isMemoryEffectFree(start))
    start = start->getNextNode();
  OpBuilder b(start);
  Location loc = op.getLoc();
  // `v` at the start, cloning the pure ops of the body it needs (the
  // row's subview and its offsets), or null.
  std::function<Value(Value)> early = [&](Value v) -> Value {
    if (Value mapped = map.lookupOrNull(v))
      return mapped;
    Operation *def = v.getDefiningOp();
    if (!def || !launch.getBody().isAncestor(def->getParentRegion()) ||
        (def->getBlock() == &body && def->isBeforeInBlock(start)))
      return v;
    if (def->getBlock() != &body || def->getNumRegions() || !isMemoryEffectFree(def))
      return nullptr;
    for (Value operand : def->getOperands())
      if (!early(operand))
        return nullptr;
    b.clone(*def, map);
    return map.lookup(v);
  };
  auto readOnly = [&](Value buffer) { return !written->contains(ks::rootOf(buffer)); };
  for (OpOperand *in : op.getDpsInputOperands()) {
    Value operand = in->get();
    if (!isa<MemRefType>(operand.getType()) || !readOnly(operand))
      continue;
    Value view = early(operand);
    if (!view)
      continue;
    AffineMap m = op.getMatchingIndexingMap(in);
    SmallVector<Value> zeros(m.getNumDims(), index(b, loc, 0));
    map.map(op.getMatchingBlockArgument(in),
            memref::LoadOp::create(b, loc, view, applyMap(b, loc, m, zeros)).getResult());
  }
  for (Operation &inner : op.getBlock()->without_terminator()) {
    if (auto idx = dyn_cast<linalg::IndexOp>(inner)) {
      map.map(idx.getResult(), index(b, loc, 0)); // the one point
      continue;
    }
    auto load = dyn_cast<memref::LoadOp>(inner);
    bool movable = inner.getNumRegions() == 0 && inner.getNumResults() == 1 &&
                   (isMemoryEffectFree(&inner) || (load && readOnly(load.getMemRef())));
    if (!movable || !llvm::all_of(inner.getOperands(), [&](Value v) {
          return v.getParentBlock() == op.getBlock() ? map.contains(v) : (bool)early(v);
        }))
      continue;
    b.clone(inner, map);
  }
  return map;
}

IRMapping bodyAt(OpBuilder &b, Location loc, linalg::LinalgOp op, ArrayRef<Value> dims,
                 IRMapping map) {
  for (OpOperand &operand : op->getOpOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(&operand);
    if (!op.payloadUsesValueFromOperand(&operand) || map.contains(arg))
      continue;
    Value value = operand.get();
    if (isa<MemRefType>(value.getType())) {
      auto load = memref::LoadOp::create(
          b, loc, value, applyMap(b, loc, op.getMatchingIndexingMap(&operand), dims));
      if (atOwnPoints(op, operand))
        load->setAttr(kRowOwnedAttr, b.getUnitAttr());
      value = load;
    }
    map.map(arg, value);
  }
  for (Operation &inner : op.getBlock()->without_terminator()) {
    if (auto idx = dyn_cast<linalg::IndexOp>(inner))
      map.map(idx.getResult(), dims[idx.getDim()]);
    else if (inner.getNumResults() == 0 || !map.contains(inner.getResult(0)))
      b.clone(inner, map);
  }
  return map;
}

void storeBodyAt(OpBuilder &b, Location loc, linalg::LinalgOp op, ArrayRef<Value> dims,
                 const IRMapping &invariants) {
  auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
  IRMapping map = bodyAt(b, loc, op, dims, invariants);
  for (auto [out, yielded] : llvm::zip(op.getDpsInitsMutable(), yield.getOperands())) {
    auto store = memref::StoreOp::create(b, loc, map.lookupOrDefault(yielded), out.get(),
                                         applyMap(b, loc, op.getMatchingIndexingMap(&out), dims));
    if (atOwnPoints(op, out))
      store->setAttr(kRowOwnedAttr, b.getUnitAttr());
  }
}

namespace {
/// The inputs of `op` a thread reads `perThread` neighbouring elements of
/// in one access, at loop indices `dims` (the group's first point, the
/// innermost loop the one the group walks): read along that loop with unit
/// stride and provably aligned to the group (ld.global.v4 for 4 f32, where
/// scalar loads issue four instructions and replay through L1), not
/// written by the op. Each is loaded as a vector there; the group's bodies
/// take its elements. Not for rows kept in registers, whose scalar
/// accesses ks-forward-row-values matches.
SmallVector<std::pair<BlockArgument, Value>>
loadGroupVectors(OpBuilder &b, Location loc, linalg::LinalgOp op, ArrayRef<Value> dims,
                 int64_t perThread) {
  SmallVector<std::pair<BlockArgument, Value>> vectors;
  if (perThread < 2 || op->hasAttr(kRowRegistersAttr))
    return vectors;
  unsigned inner = op.getNumLoops() - 1;
  for (OpOperand *in : op.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(in->get().getType());
    if (!type || !op.payloadUsesValueFromOperand(in) || !type.getElementType().isIntOrFloat() ||
        llvm::any_of(op.getDpsInits(), [&](Value out) { return mayAlias(out, in->get()); }))
      continue;
    // Whole bytes only: an i1 buffer holds a byte per element, a vector of
    // i1 is bits.
    int64_t elementBits = type.getElementTypeBitWidth(), bits = elementBits * perThread;
    if (elementBits % 8 != 0 || bits > 128 || !llvm::isPowerOf2_64(bits))
      continue;
    AffineMap map = op.getMatchingIndexingMap(in);
    if (map.getNumResults() == 0 ||
        map.getResults().back() != getAffineDimExpr(inner, op.getContext()) ||
        llvm::any_of(map.getResults().drop_back(),
                     [&](AffineExpr e) { return e.isFunctionOfDim(inner); }))
      continue;
    SmallVector<Value> indices = applyMap(b, loc, map, dims);
    auto vectorType = VectorType::get({perThread}, type.getElementType());
    if (ks::provedAlignment(in->get(), indices, vectorType) * 8 < bits)
      continue;
    auto load = vector::LoadOp::create(b, loc, vectorType, in->get(), indices);
    load->setAttr("alignment", b.getI64IntegerAttr(bits / 8));
    vectors.emplace_back(op.getMatchingBlockArgument(in), load);
  }
  return vectors;
}
} // namespace

std::pair<Value, Value> rowSplitters(OpBuilder &b, Location loc, bool wholeBlock, Value lane) {
  if (!wholeBlock)
    return {lane, index(b, loc, kWarpSize)};
  return {gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
          gpu::BlockDimOp::create(b, loc, gpu::Dimension::x)};
}

SmallVector<Value> delinearizeRowMajor(OpBuilder &b, Location loc, Value linear,
                                       ArrayRef<int64_t> ranges) {
  SmallVector<Value> dims(ranges.size());
  for (int64_t d = ranges.size() - 1; d >= 0; --d) {
    if (ranges[d] == 1) {
      dims[d] = index(b, loc, 0);
      continue;
    }
    if (llvm::all_of(ranges.take_front(d), [](int64_t r) { return r == 1; })) {
      dims[d] = linear;
      continue;
    }
    Value range = index(b, loc, ranges[d]);
    dims[d] = arith::RemUIOp::create(b, loc, linear, range);
    linear = arith::DivUIOp::create(b, loc, linear, range);
  }
  return dims;
}

std::optional<std::pair<int64_t, int64_t>> knownBlockXY(Operation *op) {
  auto launch = op->getParentOfType<gpu::LaunchOp>();
  APInt x, y, z;
  if (!launch || !matchPattern(launch.getBlockSizeX(), m_ConstantInt(&x)) ||
      !matchPattern(launch.getBlockSizeY(), m_ConstantInt(&y)) ||
      !matchPattern(launch.getBlockSizeZ(), m_ConstantInt(&z)) || !z.isOne())
    return std::nullopt;
  return std::make_pair(x.getSExtValue(), y.getSExtValue());
}

std::optional<int64_t> knownThreads(Operation *op, bool wholeBlock) {
  if (!wholeBlock)
    return kWarpSize;
  std::optional<std::pair<int64_t, int64_t>> block = knownBlockXY(op);
  if (!block || block->second != 1)
    return std::nullopt;
  return block->first;
}

namespace {
/// `body` at the point `k` of a thread's walk where only some threads' `k`
/// is inside the row's `length` points: run only below `length`, the
/// running values `acc` passed through elsewhere. Returns the values after.
SmallVector<Value> bodyInRow(OpBuilder &b, Location loc, Value k, int64_t length, ValueRange acc,
                             function_ref<SmallVector<Value>(OpBuilder &, Location, Value,
                                                             ValueRange)>
                                 body) {
  Value inRow =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, k, index(b, loc, length));
  auto guard = scf::IfOp::create(b, loc, acc.getTypes(), inRow, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&guard.getThenRegion().front());
  SmallVector<Value> next = body(b, loc, k, acc);
  // Without results the branches come with their yields.
  if (guard.getThenRegion().front().empty() ||
      !guard.getThenRegion().front().back().hasTrait<OpTrait::IsTerminator>())
    scf::YieldOp::create(b, loc, next);
  b.setInsertionPointToStart(&guard.getElseRegion().front());
  if (guard.getElseRegion().front().empty())
    scf::YieldOp::create(b, loc, acc);
  return guard.getResults();
}
} // namespace

SmallVector<Value> walkOwnPoints(OpBuilder &b, Location loc, Value start, Value step,
                         std::optional<int64_t> stepConst, int64_t perThread, int64_t length,
                         ValueRange inits,
                         function_ref<SmallVector<Value>(OpBuilder &, Location, Value, ValueRange)>
                             body,
                         bool whole) {
  if (whole && stepConst && *stepConst > 0 && length % perThread == 0) {
    SmallVector<Value> acc(inits.begin(), inits.end());
    for (int64_t i = 0; i * *stepConst < length; ++i) {
      Value k = i == 0 ? start
                       : arith::AddIOp::create(b, loc, start, index(b, loc, i * *stepConst))
                             .getResult();
      if ((i + 1) * *stepConst <= length) {
        acc = body(b, loc, k, acc);
        continue;
      }
      acc = bodyInRow(b, loc, k, length, acc, body);
    }
    return acc;
  }
  if (!stepConst || *stepConst <= 0 || length % perThread != 0)
    return scf::ForOp::create(b, loc, start, index(b, loc, length), step, inits,
                              [&](OpBuilder &b, Location loc, Value k, ValueRange acc) {
                                scf::YieldOp::create(b, loc, body(b, loc, k, acc));
                              })
        ->getResults();
  // Where the step does not divide the row (1000 classes, 128 a step) the
  // last trip is some threads' only: a trip's elements start at a multiple
  // of E below the row's length, a multiple of E too, so one test covers
  // them all.
  bool ragged = length % *stepConst != 0;
  int64_t trips = (length + *stepConst - 1) / *stepConst;
  auto loop = scf::ForOp::create(
      b, loc, index(b, loc, 0), index(b, loc, trips), index(b, loc, 1), inits,
      [&](OpBuilder &b, Location loc, Value i, ValueRange acc) {
        Value k = arith::AddIOp::create(
            b, loc, start, arith::MulIOp::create(b, loc, i, index(b, loc, *stepConst)));
        if (!ragged) {
          scf::YieldOp::create(b, loc, body(b, loc, k, acc));
          return;
        }
        scf::YieldOp::create(b, loc, bodyInRow(b, loc, k, length, acc, body));
      });
  int64_t unroll = std::min<int64_t>(trips, std::max<int64_t>(1, 16 / perThread));
  while (trips % unroll != 0)
    --unroll;
  if (unroll <= 1)
    return loop->getResults();
  // Unrolled whole, the loop is gone: its results are read back from a
  // placeholder use.
  auto uses = UnrealizedConversionCastOp::create(b, loc, loop->getResultTypes(),
                                                 loop->getResults());
  (void)loopUnrollByFactor(loop, unroll);
  SmallVector<Value> results(uses->getOperands());
  uses->erase();
  return results;
}

SmallVector<Value> foldPartial(OpBuilder &b, Location loc, linalg::LinalgOp op, ValueRange ivs,
                       Value start, Value step, int64_t perLane, int64_t length,
                       ValueRange inits, std::optional<int64_t> stepConst,
                       ArrayRef<Operation *> wideSums) {
  auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
  auto wideAt = [&](size_t i) -> Operation * { return i < wideSums.size() ? wideSums[i] : nullptr; };
  SmallVector<Value> fixed(ivs.begin(), ivs.end());
  fixed.push_back(Value());
  llvm::SmallBitVector varying(fixed.size());
  varying.set(fixed.size() - 1);
  IRMapping invariants = hoistInvariants(b, loc, op, fixed, varying);
  SmallVector<Value> partial = walkOwnPoints(
      b, loc, start, step, stepConst, perLane, length, inits,
      [&](OpBuilder &b, Location loc, Value k, ValueRange acc) {
        SmallVector<Value> running(acc.begin(), acc.end());
        SmallVector<Value> first(ivs.begin(), ivs.end());
        first.push_back(k);
        auto vectors = loadGroupVectors(b, loc, op, first, perLane);
        for (int64_t e = 0; e < perLane; ++e) {
          SmallVector<Value> dims(ivs.begin(), ivs.end());
          dims.push_back(
              e ? arith::AddIOp::create(b, loc, k, index(b, loc, e)).getResult() : k);
          IRMapping seeded = invariants;
          for (auto [arg, vector] : vectors)
            seeded.map(arg, vector::ExtractOp::create(b, loc, vector, ArrayRef<int64_t>{e}));
          // A widened sum's f32 combiner is cloned with a zero for its
          // running value; its other operand is the element.
          for (auto [i, arg] : llvm::enumerate(op.getRegionOutputArgs()))
            seeded.map(arg, wideAt(i) ? arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0))
                                            .getResult()
                                      : running[i]);
          IRMapping map = bodyAt(b, loc, op, dims, std::move(seeded));
          for (auto [i, yielded] : llvm::enumerate(yield.getOperands())) {
            Operation *combiner = wideAt(i);
            if (!combiner) {
              running[i] = map.lookupOrDefault(yielded);
              continue;
            }
            Value acc = op.getRegionOutputArgs()[i];
            Value element = combiner->getOperand(combiner->getOperand(0) == acc ? 1 : 0);
            Value wide = arith::ExtFOp::create(b, loc, b.getF64Type(), map.lookupOrDefault(element));
            running[i] = arith::AddFOp::create(b, loc, running[i], wide);
          }
        }
        return running;
      },
      op->hasAttr(kRowRegistersAttr));
  return partial;
}

} // namespace ks::rowwalk
