//===- ForwardRowValues.cpp - Keep a thread's row in registers ------------===//
//
// A row chain split for ks.row_registers (ks.fuse_row_chain with
// keep_rows_in_registers, then ks-distribute-warp-reductions) is straight-
// line code in which every op of the row loads and stores the same elements
// per thread, marked ks.row_owned: no other thread touches them in the
// kernel. Softmax then reads x for its maximum and again for exp(x - max),
// stores the exponentials, reads them back for their sum and again to
// divide them. Here a marked load takes the value the thread last stored or
// loaded at the same element, and a marked store that the thread itself
// overwrites before anything reads the buffer is dropped: the row is read
// from memory once and written once.
//
// Loads from a buffer that nothing in the kernel writes are forwarded the
// same way. The kernel's buffers are the host function's arguments (inputs
// and outputs the caller passes apart) and its own allocations, so buffers
// of different roots do not overlap. Two views of one buffer name an
// element by its offset in the buffer: a group norm's statistics read x as
// [groups, points], its apply as [images, channels, points].
//
// A row's statistics (a sum, a mean, a channel's scale) are stored by
// thread 0 and loaded back by every thread after a barrier: a round trip to
// the L2 each, one after another on the kernel's critical path. Thread 0
// also stores them to workgroup memory, where the loads read them; a later
// phase takes the value an earlier one loaded, so that what both compute
// from it (a KL divergence's exp(t - max) for its sum and its quotient) is
// one computation to CSE.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallBitVector.h"

namespace ks {
#define GEN_PASS_DEF_KSFORWARDROWVALUES
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kRowOwnedAttr = "ks.row_owned";

/// An index as (base, constant offset): `x + c` is (x, c), a constant c is
/// (null, c), anything else (itself, 0).
std::pair<Value, int64_t> splitOffset(Value index) {
  APInt c;
  if (matchPattern(index, m_ConstantInt(&c)))
    return {Value(), c.getSExtValue()};
  if (auto add = index.getDefiningOp<arith::AddIOp>()) {
    if (matchPattern(add.getRhs(), m_ConstantInt(&c)))
      return {add.getLhs(), c.getSExtValue()};
    if (matchPattern(add.getLhs(), m_ConstantInt(&c)))
      return {add.getRhs(), c.getSExtValue()};
  }
  return {index, 0};
}

/// Offsets within a root buffer as affine expressions of the index values
/// they are computed from: affine.apply, constants and integer adds and
/// products by constants are seen through, any other value is a symbol.
/// Two views of one buffer (a group norm's statistics read x as [groups,
/// points], its apply as [images, channels, points]) then name an element
/// by equal offsets, which flattening proves equal however the views split
/// them (a block's part b mod 8 against b - (b floordiv 8) * 8).
class OffsetExprs {
public:
  explicit OffsetExprs(MLIRContext *ctx) : ctx(ctx) {}

  /// The offset of the element `indices` name in `view` from the start of
  /// its root (ks::rootOf), or null where a view on the way is not a plain
  /// subview, expand_shape or collapse_shape of static shapes and the root
  /// is not of identity layout.
  AffineExpr offsetInRoot(Value view, ValueRange indices) {
    std::optional<Layout> layout = layoutOf(view);
    if (!layout || layout->strides.size() != indices.size())
      return {};
    AffineExpr offset = layout->start;
    for (auto [index, stride] : llvm::zip(indices, layout->strides))
      offset = offset + exprOf(index) * stride;
    return simplifyAffineExpr(nestedDivsMerged(offset), 0, symbols.size());
  }

  /// Whether flattening proves the offsets equal.
  bool equal(AffineExpr a, AffineExpr b) { return constantDifference(a, b) == 0; }
  /// Whether flattening proves the offsets a constant other than 0 apart.
  bool apart(AffineExpr a, AffineExpr b) {
    std::optional<int64_t> diff = constantDifference(a, b);
    return diff && *diff != 0;
  }

private:
  std::optional<int64_t> constantDifference(AffineExpr a, AffineExpr b) {
    if (auto diff = dyn_cast<AffineConstantExpr>(simplifyAffineExpr(a - b, 0, symbols.size())))
      return diff.getValue();
    return std::nullopt;
  }

  /// `e` with (x floordiv a) floordiv b as x floordiv (a * b), and x mod m
  /// as x - (x floordiv m) * m: flattening takes each distinct quotient for
  /// an unknown of its own, and the views of one buffer split a block's
  /// index in steps (8, then 16) or at once.
  static AffineExpr nestedDivsMerged(AffineExpr e) {
    auto binary = dyn_cast<AffineBinaryOpExpr>(e);
    if (!binary)
      return e;
    AffineExpr lhs = nestedDivsMerged(binary.getLHS());
    AffineExpr rhs = nestedDivsMerged(binary.getRHS());
    auto divisor = dyn_cast<AffineConstantExpr>(rhs);
    if (e.getKind() == AffineExprKind::FloorDiv && divisor && divisor.getValue() > 0)
      if (auto inner = dyn_cast<AffineBinaryOpExpr>(lhs);
          inner && inner.getKind() == AffineExprKind::FloorDiv)
        if (auto first = dyn_cast<AffineConstantExpr>(inner.getRHS()); first && first.getValue() > 0)
          return inner.getLHS().floorDiv(first.getValue() * divisor.getValue());
    // x mod m as x - (x floordiv m) * m, its quotient merged too.
    if (e.getKind() == AffineExprKind::Mod && divisor && divisor.getValue() > 0)
      return lhs - nestedDivsMerged(lhs.floorDiv(rhs)) * rhs;
    return getAffineBinaryOpExpr(e.getKind(), lhs, rhs);
  }

  /// A view's first element in its root and its strides, in elements.
  struct Layout {
    AffineExpr start;
    SmallVector<int64_t> strides;
  };

  std::optional<Layout> layoutOf(Value view) {
    auto type = dyn_cast<MemRefType>(view.getType());
    if (!type || !type.hasStaticShape())
      return std::nullopt;
    Operation *def = view.getDefiningOp();
    if (auto subview = dyn_cast_or_null<memref::SubViewOp>(def)) {
      std::optional<Layout> source = layoutOf(subview.getSource());
      if (!source)
        return std::nullopt;
      Layout layout{source->start, {}};
      llvm::SmallBitVector dropped = subview.getDroppedDims();
      for (auto [d, offset, step] :
           llvm::enumerate(subview.getMixedOffsets(), subview.getStaticStrides())) {
        if (ShapedType::isDynamic(step))
          return std::nullopt;
        layout.start = layout.start + exprOf(offset) * source->strides[d];
        if (!dropped.test(d))
          layout.strides.push_back(source->strides[d] * step);
      }
      return layout;
    }
    if (auto expand = dyn_cast_or_null<memref::ExpandShapeOp>(def)) {
      std::optional<Layout> source = layoutOf(expand.getSrc());
      if (!source)
        return std::nullopt;
      // Each source dim becomes its group, row-major at its stride.
      Layout layout{source->start, SmallVector<int64_t>(type.getRank())};
      for (auto [d, group] : llvm::enumerate(expand.getReassociationIndices())) {
        int64_t stride = source->strides[d];
        for (int64_t r : llvm::reverse(group)) {
          layout.strides[r] = stride;
          stride *= type.getDimSize(r);
        }
      }
      return layout;
    }
    if (auto collapse = dyn_cast_or_null<memref::CollapseShapeOp>(def)) {
      std::optional<Layout> source = layoutOf(collapse.getSrc());
      if (!source)
        return std::nullopt;
      // A group collapses only where its dims are row-major among
      // themselves; then it steps as its innermost dim.
      ArrayRef<int64_t> shape = collapse.getSrcType().getShape();
      Layout layout{source->start, {}};
      for (ReassociationIndices group : collapse.getReassociationIndices()) {
        for (auto [outer, inner] : llvm::zip(ArrayRef(group).drop_back(), ArrayRef(group).drop_front()))
          if (source->strides[outer] != source->strides[inner] * shape[inner])
            return std::nullopt;
        layout.strides.push_back(source->strides[group.back()]);
      }
      return layout;
    }
    if (def && isa<ViewLikeOpInterface>(def))
      return std::nullopt; // a view whose layout is not followed here
    if (!type.getLayout().isIdentity())
      return std::nullopt;
    Layout layout{getAffineConstantExpr(0, ctx), SmallVector<int64_t>(type.getRank())};
    int64_t stride = 1;
    for (int64_t d = type.getRank() - 1; d >= 0; --d) {
      layout.strides[d] = stride;
      stride *= type.getDimSize(d);
    }
    return layout;
  }

  AffineExpr exprOf(OpFoldResult ofr) {
    if (auto attr = dyn_cast<Attribute>(ofr))
      return getAffineConstantExpr(cast<IntegerAttr>(attr).getInt(), ctx);
    return exprOf(cast<Value>(ofr));
  }

  AffineExpr exprOf(Value v) {
    if (AffineExpr known = exprs.lookup(v))
      return known;
    AffineExpr e;
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c))) {
      e = getAffineConstantExpr(c.getSExtValue(), ctx);
    } else if (auto apply = v.getDefiningOp<affine::AffineApplyOp>()) {
      AffineMap map = apply.getAffineMap();
      SmallVector<AffineExpr> operands;
      for (Value operand : apply.getMapOperands())
        operands.push_back(exprOf(operand));
      e = map.getResult(0).replaceDimsAndSymbols(
          ArrayRef(operands).take_front(map.getNumDims()),
          ArrayRef(operands).drop_front(map.getNumDims()));
    } else if (auto add = v.getDefiningOp<arith::AddIOp>()) {
      e = exprOf(add.getLhs()) + exprOf(add.getRhs());
    } else if (auto sub = v.getDefiningOp<arith::SubIOp>()) {
      e = exprOf(sub.getLhs()) - exprOf(sub.getRhs());
    } else if (auto mul = v.getDefiningOp<arith::MulIOp>();
               mul && (matchPattern(mul.getLhs(), m_ConstantInt(&c)) ||
                       matchPattern(mul.getRhs(), m_ConstantInt(&c)))) {
      e = exprOf(mul.getLhs()) * exprOf(mul.getRhs());
    } else {
      e = getAffineSymbolExpr(symbols.size(), ctx);
      symbols.push_back(v);
    }
    exprs[v] = e;
    return e;
  }

  MLIRContext *ctx;
  SmallVector<Value> symbols;
  llvm::DenseMap<Value, AffineExpr> exprs;
};

/// One element of a buffer, as a load or store names it, and where known
/// its offset in its root buffer.
struct Element {
  Value memref;
  SmallVector<Value> indices;
  Value root;
  AffineExpr offset;

  bool sameAs(const Element &other, OffsetExprs &offsets) const {
    if (memref == other.memref && indices == other.indices)
      return true;
    return root == other.root && offset && other.offset &&
           (offset == other.offset || offsets.equal(offset, other.offset));
  }
  /// Provably another element: the same view, and in some dimension the
  /// same base index plus different constants; or offsets in the same root
  /// a constant apart.
  bool disjointFrom(const Element &other, OffsetExprs &offsets) const {
    if (root == other.root && offset && other.offset && offsets.apart(offset, other.offset))
      return true;
    if (memref != other.memref || indices.size() != other.indices.size())
      return false;
    for (auto [a, b] : llvm::zip(indices, other.indices)) {
      auto [baseA, offsetA] = splitOffset(a);
      auto [baseB, offsetB] = splitOffset(b);
      if (baseA == baseB && offsetA != offsetB)
        return true;
    }
    return false;
  }
};

Element elementOf(Value memref, ValueRange indices, OffsetExprs &offsets) {
  return {memref, SmallVector<Value>(indices), ks::rootOf(memref),
          offsets.offsetInRoot(memref, indices)};
}
Element elementOf(memref::LoadOp load, OffsetExprs &offsets) {
  return elementOf(load.getMemRef(), load.getIndices(), offsets);
}
Element elementOf(memref::StoreOp store, OffsetExprs &offsets) {
  return elementOf(store.getMemRef(), store.getIndices(), offsets);
}

/// What a thread knows it holds: the value at each element it loaded or
/// stored since the last write that may have changed it.
struct Known {
  SmallVector<std::pair<Element, Value>> values;

  Value lookup(const Element &e, OffsetExprs &offsets) const {
    for (auto &[element, value] : values)
      if (element.sameAs(e, offsets))
        return value;
    return {};
  }
  void forgetRoot(Value root) {
    llvm::erase_if(values, [&](auto &entry) { return entry.first.root == root; });
  }
  /// A store of this thread at `e`: what may be the same element is gone.
  void forgetOverlapping(const Element &e, OffsetExprs &offsets) {
    llvm::erase_if(values, [&](auto &entry) {
      return entry.first.root == e.root && !entry.first.disjointFrom(e, offsets);
    });
  }
};

class Forwarder {
public:
  Forwarder(llvm::DenseSet<Value> written, OffsetExprs &offsets)
      : written(std::move(written)), offsets(offsets) {}

  /// Forwards within `block` from what `known` holds on entry.
  void run(Block &block, Known known) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        if (!load->hasAttr(kRowOwnedAttr) && written.contains(ks::rootOf(load.getMemRef())))
          continue;
        Element e = elementOf(load, offsets);
        if (Value value = known.lookup(e, offsets)) {
          load.getResult().replaceAllUsesWith(value);
          load.erase();
        } else {
          known.values.push_back({std::move(e), load.getResult()});
        }
        continue;
      }
      if (auto store = dyn_cast<memref::StoreOp>(op)) {
        forgetWrittenBy(store, known);
        if (store->hasAttr(kRowOwnedAttr))
          known.values.push_back({elementOf(store, offsets), store.getValueToStore()});
        continue;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        // A branch may use what was known before it; what it learns is
        // lost after it, what it writes is forgotten.
        for (Region &branch : ifOp->getRegions())
          if (!branch.empty())
            run(branch.front(), known);
      }
      op.walk([&](memref::StoreOp store) { forgetWrittenBy(store, known); });
    }
  }

private:
  void forgetWrittenBy(memref::StoreOp store, Known &known) {
    if (store->hasAttr(kRowOwnedAttr))
      known.forgetOverlapping(elementOf(store, offsets), offsets);
    else
      known.forgetRoot(ks::rootOf(store.getMemRef()));
  }

  llvm::DenseSet<Value> written;
  OffsetExprs &offsets;
};

/// Whether `op`, or an op nested in it, may read the buffer `root`; a
/// barrier reads nothing.
bool mayRead(Operation *op, Value root) {
  WalkResult found = op->walk([&](Operation *inner) {
    if (isa<gpu::BarrierOp>(inner) || inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance(); // its nested ops are visited
    return ks::mayTouch<MemoryEffects::Read>(inner, root) ? WalkResult::interrupt()
                                                          : WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// Drops the owned stores of `block` that a later owned store of the same
/// thread at the same element overwrites before anything may read the
/// buffer (other threads read it only through unowned loads, which count).
void dropOverwrittenStores(Block &block, OffsetExprs &offsets) {
  SmallVector<memref::StoreOp> dead;
  for (auto store : block.getOps<memref::StoreOp>()) {
    if (!store->hasAttr(kRowOwnedAttr))
      continue;
    Element e = elementOf(store, offsets);
    Value root = e.root;
    for (Operation *next = store->getNextNode(); next; next = next->getNextNode()) {
      auto later = dyn_cast<memref::StoreOp>(next);
      if (later && later->hasAttr(kRowOwnedAttr) && elementOf(later, offsets).sameAs(e, offsets)) {
        dead.push_back(store);
        break;
      }
      if (mayRead(next, root))
        break;
      // An unowned store may be another thread's at this element: what it
      // leaves is not ours to drop.
      bool unownedStore = false;
      next->walk([&](memref::StoreOp s) {
        unownedStore |= !s->hasAttr(kRowOwnedAttr) && ks::rootOf(s.getMemRef()) == root;
      });
      if (unownedStore)
        break;
    }
  }
  for (memref::StoreOp store : dead)
    store.erase();
}

/// What a condition says of thread_id x: below `bound`, and a lane 0.
struct ThreadFacts {
  uint64_t bound = UINT64_MAX;
  bool laneZero = false;
};

void gatherThreadFacts(Value cond, gpu::LaunchOp launch, ThreadFacts &facts) {
  if (auto both = cond.getDefiningOp<arith::AndIOp>()) {
    gatherThreadFacts(both.getLhs(), launch, facts);
    gatherThreadFacts(both.getRhs(), launch, facts);
    return;
  }
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  APInt c, d;
  if (!cmp || !matchPattern(cmp.getRhs(), m_ConstantInt(&c)))
    return;
  auto isThreadX = [&](Value v) {
    auto id = v.getDefiningOp<gpu::ThreadIdOp>();
    return (id && id.getDimension() == gpu::Dimension::x) || v == launch.getThreadIds().x;
  };
  Value lhs = cmp.getLhs();
  arith::CmpIPredicate pred = cmp.getPredicate();
  if (isThreadX(lhs) && pred == arith::CmpIPredicate::ult)
    facts.bound = std::min(facts.bound, c.getZExtValue());
  else if (isThreadX(lhs) && pred == arith::CmpIPredicate::eq && c == 0)
    facts.bound = 1;
  else if (pred == arith::CmpIPredicate::eq && c == 0 && lhs.getDefiningOp<gpu::LaneIdOp>())
    facts.laneZero = true;
  else if (auto div = lhs.getDefiningOp<arith::DivUIOp>();
           div && pred == arith::CmpIPredicate::eq && c == 0 && isThreadX(div.getLhs()) &&
           matchPattern(div.getRhs(), m_ConstantInt(&d)))
    facts.bound = std::min(facts.bound, d.getZExtValue()); // t / d == 0: t < d
}

/// Whether `cond` holds for thread 0 of a block alone, in a launch of
/// blocks X x 1 x 1: thread_id x < 1 or == 0, or a lane 0 among the first
/// 32 threads (lane_id == 0 and thread_id x / 32 == 0, a reduction's end).
bool isThreadZeroOnly(Value cond, gpu::LaunchOp launch) {
  if (!ks::hasFlatBlocks(launch))
    return false;
  ThreadFacts facts;
  gatherThreadFacts(cond, launch, facts);
  return facts.bound == 1 || (facts.laneZero && facts.bound <= 32);
}

/// A value thread 0 stored for its block; once a load reads it, it is
/// stored to a workgroup-memory slot too, where the block's threads read it
/// once a barrier has passed.
struct SharedValue {
  Element element;
  memref::StoreOp store;
  Value slot;
  bool visible = false; // a barrier since the store
  /// The slot's value as a load at the top of the launch body read it: the
  /// slot is written once, so the loads after it take that value, and the
  /// same arithmetic on the same row values in two phases (a softmax's
  /// exp(x - max) for its sum and its quotient) is then computed once.
  Value loaded;
};

/// The statistics of a row chain (a sum, a mean, a channel's scale) are
/// stored by thread 0 of the block to a buffer in global memory; after a
/// barrier every thread loads them back, a round trip to the L2 on the
/// kernel's critical path, one per statistic. Here thread 0 also stores the
/// value to a slot of workgroup memory (an attribution of the launch), and
/// the loads of the same element after the barrier read the slot, until a
/// store may change the element. Other blocks that store the element (the
/// blocks of a cluster, each computing the row's statistics alike) store
/// the same value.
void shareThreadZeroStores(gpu::LaunchOp launch, OffsetExprs &offsets) {
  Block &body = launch.getBody().front();
  SmallVector<SharedValue> shared;
  auto forget = [&](memref::StoreOp store) {
    Element e = elementOf(store, offsets);
    llvm::erase_if(shared, [&](SharedValue &s) {
      return s.element.root == e.root && !s.element.disjointFrom(e, offsets);
    });
  };
  auto isGlobal = [](Value memref) {
    auto space =
        dyn_cast_or_null<gpu::AddressSpaceAttr>(cast<MemRefType>(memref.getType()).getMemorySpace());
    return !space || space.getValue() == gpu::AddressSpace::Global;
  };
  // A load of a shared element reads its slot instead, or the value a
  // load at the top of the body read from it before.
  auto readSlot = [&](memref::LoadOp load, bool ownStores, bool topLevel) {
    Element e = elementOf(load, offsets);
    for (SharedValue &s : shared) {
      if (!(s.visible || ownStores) || !s.element.sameAs(e, offsets))
        continue;
      if (s.loaded) {
        load.getResult().replaceAllUsesWith(s.loaded);
        load.erase();
        return;
      }
      if (!s.slot) {
        auto slotType = MemRefType::get(
            {1}, s.store.getValueToStore().getType(), MemRefLayoutAttrInterface{},
            gpu::AddressSpaceAttr::get(launch.getContext(), gpu::AddressSpace::Workgroup));
        s.slot = launch.addWorkgroupAttribution(slotType, s.store.getLoc());
        OpBuilder b(s.store);
        b.setInsertionPointAfter(s.store);
        Value c0 = arith::ConstantIndexOp::create(b, s.store.getLoc(), 0);
        memref::StoreOp::create(b, s.store.getLoc(), s.store.getValueToStore(), s.slot, c0);
      }
      OpBuilder b(load);
      Value c0 = arith::ConstantIndexOp::create(b, load.getLoc(), 0);
      Value value = memref::LoadOp::create(b, load.getLoc(), s.slot, c0).getResult();
      load.getResult().replaceAllUsesWith(value);
      load.erase();
      if (topLevel)
        s.loaded = value;
      return;
    }
  };
  for (Operation &op : llvm::make_early_inc_range(body)) {
    if (isa<gpu::BarrierOp>(op)) {
      for (SharedValue &s : shared)
        s.visible = true;
      continue;
    }
    auto ifOp = dyn_cast<scf::IfOp>(op);
    if (ifOp && isThreadZeroOnly(ifOp.getCondition(), launch)) {
      // Thread 0 sees what it stored itself, barrier or not.
      for (Operation &inner : llvm::make_early_inc_range(ifOp.thenBlock()->getOperations())) {
        if (auto load = dyn_cast<memref::LoadOp>(inner)) {
          readSlot(load, /*ownStores=*/true, /*topLevel=*/false);
          continue;
        }
        inner.walk([&](memref::StoreOp store) { forget(store); });
        auto store = dyn_cast<memref::StoreOp>(inner);
        if (store && isGlobal(store.getMemRef()))
          shared.push_back({elementOf(store, offsets), store});
      }
      if (ifOp.elseBlock())
        ifOp.elseBlock()->walk([&](memref::StoreOp store) { forget(store); });
      continue;
    }
    // A load here reads the slot (and is erased there: nothing below may
    // touch `op`); it writes nothing.
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      readSlot(load, /*ownStores=*/false, /*topLevel=*/true);
      continue;
    }
    // Loads in branches read the slot; in a loop a later store of the body
    // may come first.
    bool loops = false;
    op.walk([&](LoopLikeOpInterface) { loops = true; });
    if (!loops)
      op.walk([&](memref::LoadOp load) {
        readSlot(load, /*ownStores=*/false, /*topLevel=*/false);
      });
    op.walk([&](Operation *inner) {
      if (auto store = dyn_cast<memref::StoreOp>(inner))
        return forget(store);
      if (!ks::hasOnlyNestedEffects(inner) && !ks::writesNothing(inner))
        llvm::erase_if(shared, [&](SharedValue &s) {
          return ks::mayTouch<MemoryEffects::Write>(inner, s.element.root);
        });
    });
  }
}

/// Whether every use of `root`, through views, is inside `launch` or frees
/// it.
bool usedOnlyIn(Value root, gpu::LaunchOp launch) {
  SmallVector<Value> views = {root};
  while (!views.empty()) {
    Value view = views.pop_back_val();
    for (Operation *user : view.getUsers()) {
      if (launch->isProperAncestor(user) || isa<gpu::DeallocOp, memref::DeallocOp>(user))
        continue;
      auto viewLike = dyn_cast<ViewLikeOpInterface>(user);
      if (!viewLike || viewLike.getViewSource() != view)
        return false;
      views.push_back(user->getResult(0));
    }
  }
  return true;
}

/// The stores to a buffer the host function allocates for this kernel
/// alone and the kernel no longer reads (a row's statistics, which now
/// reach the block through workgroup memory) are dropped: a cluster barrier
/// after them (its arrive releases the block's writes) would wait for them
/// to reach memory.
void dropStoresNothingReads(gpu::LaunchOp launch, const llvm::DenseSet<Value> &written) {
  for (Value root : written) {
    if (!root.getDefiningOp<gpu::AllocOp>() && !root.getDefiningOp<memref::AllocOp>())
      continue;
    if (!usedOnlyIn(root, launch))
      continue;
    bool read = false;
    launch.getBody().walk([&](Operation *op) {
      read |= !ks::hasOnlyNestedEffects(op) && !ks::writesNothing(op) &&
              ks::mayTouch<MemoryEffects::Read>(op, root);
    });
    if (read)
      continue;
    SmallVector<memref::StoreOp> stores;
    launch.getBody().walk([&](memref::StoreOp store) {
      if (ks::rootOf(store.getMemRef()) == root)
        stores.push_back(store);
    });
    for (memref::StoreOp store : stores)
      store.erase();
  }
}

struct ForwardRowValues : public ks::impl::KSForwardRowValuesBase<ForwardRowValues> {
  void runOnOperation() override {
    getOperation().walk([&](gpu::LaunchOp launch) {
      bool owned = false;
      launch.getBody().walk([&](Operation *op) {
        owned |= isa<memref::LoadOp, memref::StoreOp>(op) && op->hasAttr(kRowOwnedAttr);
      });
      if (!owned)
        return;
      std::optional<llvm::DenseSet<Value>> written =
          ks::writtenRoots(launch.getBody(), ks::writesNothing);
      if (!written)
        return; // some op writes memory it does not name
      OffsetExprs offsets(launch.getContext());
      Forwarder forwarder(*written, offsets);
      forwarder.run(launch.getBody().front(), Known());
      dropOverwrittenStores(launch.getBody().front(), offsets);
      shareThreadZeroStores(launch, offsets);
      dropStoresNothingReads(launch, *written);
    });
  }
};
} // namespace
