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
// of different roots do not overlap.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

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

/// One element of a buffer, as a load or store names it.
struct Element {
  Value memref;
  SmallVector<Value> indices;

  bool operator==(const Element &other) const {
    return memref == other.memref && indices == other.indices;
  }
  /// Provably another element: the same view, and in some dimension the
  /// same base index plus different constants.
  bool disjointFrom(const Element &other) const {
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

Element elementOf(memref::LoadOp load) {
  return {load.getMemRef(), SmallVector<Value>(load.getIndices())};
}
Element elementOf(memref::StoreOp store) {
  return {store.getMemRef(), SmallVector<Value>(store.getIndices())};
}

/// What a thread knows it holds: the value at each element it loaded or
/// stored since the last write that may have changed it.
struct Known {
  SmallVector<std::pair<Element, Value>> values;

  Value lookup(const Element &e) const {
    for (auto &[element, value] : values)
      if (element == e)
        return value;
    return {};
  }
  void forgetRoot(Value root) {
    llvm::erase_if(values, [&](auto &entry) { return ks::rootOf(entry.first.memref) == root; });
  }
  /// A store of this thread at `e`: what may be the same element is gone.
  void forgetOverlapping(const Element &e) {
    Value root = ks::rootOf(e.memref);
    llvm::erase_if(values, [&](auto &entry) {
      return ks::rootOf(entry.first.memref) == root && !entry.first.disjointFrom(e);
    });
  }
};

class Forwarder {
public:
  explicit Forwarder(llvm::DenseSet<Value> written) : written(std::move(written)) {}

  /// Forwards within `block` from what `known` holds on entry.
  void run(Block &block, Known known) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        if (!load->hasAttr(kRowOwnedAttr) && written.contains(ks::rootOf(load.getMemRef())))
          continue;
        Element e = elementOf(load);
        if (Value value = known.lookup(e)) {
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
          known.values.push_back({elementOf(store), store.getValueToStore()});
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
      known.forgetOverlapping(elementOf(store));
    else
      known.forgetRoot(ks::rootOf(store.getMemRef()));
  }

  llvm::DenseSet<Value> written;
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
void dropOverwrittenStores(Block &block) {
  SmallVector<memref::StoreOp> dead;
  for (auto store : block.getOps<memref::StoreOp>()) {
    if (!store->hasAttr(kRowOwnedAttr))
      continue;
    Element e = elementOf(store);
    Value root = ks::rootOf(store.getMemRef());
    for (Operation *next = store->getNextNode(); next; next = next->getNextNode()) {
      auto later = dyn_cast<memref::StoreOp>(next);
      if (later && later->hasAttr(kRowOwnedAttr) && elementOf(later) == e) {
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

struct ForwardRowValues : public ks::impl::KSForwardRowValuesBase<ForwardRowValues> {
  void runOnOperation() override {
    getOperation().walk([&](gpu::LaunchOp launch) {
      bool owned = false;
      launch.getBody().walk([&](Operation *op) {
        owned |= isa<memref::LoadOp, memref::StoreOp>(op) && op->hasAttr(kRowOwnedAttr);
      });
      if (!owned)
        return;
      // Barriers, a block's or a cluster's, and the mapping of a shared
      // address to another block's (mapa) write nothing.
      std::optional<llvm::DenseSet<Value>> written =
          ks::writtenRoots(launch.getBody(), [](Operation *op) {
            return isa<gpu::BarrierOp, NVVM::ClusterArriveOp, NVVM::ClusterWaitOp,
                       NVVM::MapaOp>(op);
          });
      if (!written)
        return; // some op writes memory it does not name
      Forwarder forwarder(std::move(*written));
      forwarder.run(launch.getBody().front(), Known());
      dropOverwrittenStores(launch.getBody().front());
    });
  }
};
} // namespace
