//===- FinishInLastBlock.cpp - A one-block kernel run by its producer ------===//
//
// A split reduction ends in a kernel of one block (a loss's last partials
// folded and divided): on an H100 it runs for about a microsecond, yet its
// launch and the gap before it cost as much again. Here such a tail moves
// into the kernel before it: every block of the producer, once its writes
// are fenced, counts itself done on a device-wide counter, and the block
// that counts last (every other block's writes then visible to it) runs the
// tail's body as block 0 of a one-block grid, then sets the counter back to
// zero for the next launch. The threadfence-reduction pattern of the CUDA
// samples, applied to whole kernels.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace ks {
#define GEN_PASS_DEF_KSFINISHINLASTBLOCK
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
/// The launch's three grid or block sizes, if all are constants.
std::optional<std::array<int64_t, 3>> constantSizes(gpu::KernelDim3 dims) {
  std::array<Value, 3> values = {dims.x, dims.y, dims.z};
  std::array<int64_t, 3> sizes;
  for (auto [i, v] : llvm::enumerate(values)) {
    std::optional<int64_t> c = getConstantIntValue(v);
    if (!c)
      return std::nullopt;
    sizes[i] = *c;
  }
  return sizes;
}

/// A launch whose body can be moved or extended: synchronous, one block, no
/// dynamic shared memory or private attributions, not a cluster launch.
/// Workgroup attributions (a block reduction's slots) may be: the tail's
/// become the producer's own.
bool isPlainLaunch(gpu::LaunchOp launch) {
  return !launch.getAsyncToken() && launch.getAsyncDependencies().empty() &&
         !launch.getDynamicSharedMemorySize() && launch.getPrivateAttributions().empty() &&
         !launch.hasClusterSize() && launch.getBody().hasOneBlock();
}

/// An op between the producer and the tail that can run before the
/// producer: side-effect free or an allocation.
bool canRunEarlier(Operation *op) {
  if (op->getNumRegions() != 0)
    return false;
  if (isMemoryEffectFree(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::all_of(list, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate>(e.getEffect());
  });
}

bool isDealloc(Operation *op) { return isa<gpu::DeallocOp, memref::DeallocOp>(op); }

struct FinishInLastBlock : public ks::impl::KSFinishInLastBlockBase<FinishInLastBlock> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!module->hasAttr(kRequest))
      return;
    SmallVector<gpu::LaunchOp> launches;
    module.walk([&](gpu::LaunchOp launch) { launches.push_back(launch); });
    for (gpu::LaunchOp tail : launches)
      if (gpu::LaunchOp producer = producerFor(tail))
        merge(module, producer, tail);
    module->removeAttr(kRequest);
  }

  static constexpr llvm::StringLiteral kRequest = "ks.finish_in_last_block";

  /// The launch `tail` can move into, or null: the launch before it in the
  /// same block, with the same constant block size, `tail` a grid of one
  /// block, and only allocations, pure ops and deallocations between them.
  gpu::LaunchOp producerFor(gpu::LaunchOp tail) {
    if (!isPlainLaunch(tail))
      return nullptr;
    std::optional<std::array<int64_t, 3>> grid = constantSizes(tail.getGridSizeOperandValues());
    std::optional<std::array<int64_t, 3>> block = constantSizes(tail.getBlockSizeOperandValues());
    if (!grid || !block || *grid != std::array<int64_t, 3>{1, 1, 1})
      return nullptr;
    for (Operation *op = tail->getPrevNode(); op; op = op->getPrevNode()) {
      auto producer = dyn_cast<gpu::LaunchOp>(op);
      if (!producer) {
        if (!canRunEarlier(op) && !isDealloc(op))
          return nullptr;
        continue;
      }
      if (!isPlainLaunch(producer) ||
          constantSizes(producer.getBlockSizeOperandValues()) != block)
        return nullptr;
      return producer;
    }
    return nullptr;
  }

  /// Moves what lies between `producer` and `tail` out of the way (earlier
  /// ops before the producer, deallocations after the tail), then appends
  /// the tail's body, run by the last block, to the producer's.
  void merge(ModuleOp module, gpu::LaunchOp producer, gpu::LaunchOp tail) {
    SmallVector<Operation *> between;
    for (Operation *op = producer->getNextNode(); op != tail; op = op->getNextNode())
      between.push_back(op);
    for (Operation *op : between) {
      if (isDealloc(op))
        op->moveAfter(tail);
      else
        op->moveBefore(producer);
    }

    MLIRContext *context = module.getContext();
    Location loc = tail.getLoc();
    OpBuilder moduleBuilder = OpBuilder::atBlockEnd(module.getBody());
    SymbolTable symbols(module);
    // The count of blocks done, zero between launches; the last block's
    // verdict, for the rest of its threads.
    auto i32 = IntegerType::get(context, 32);
    auto countType = MemRefType::get({1}, i32);
    auto count = memref::GlobalOp::create(
        moduleBuilder, loc, "ks_blocks_done", moduleBuilder.getStringAttr("private"), countType,
        DenseElementsAttr::get(RankedTensorType::get({1}, i32), APInt(32, 0)),
        /*constant=*/false, /*alignment=*/nullptr);
    symbols.insert(count);
    auto flagType = MemRefType::get({1}, i32, AffineMap(),
                                    gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup));
    auto flag = memref::GlobalOp::create(moduleBuilder, loc, "ks_last_block",
                                         moduleBuilder.getStringAttr("private"), flagType,
                                         Attribute(), /*constant=*/false, nullptr);
    symbols.insert(flag);

    Block &body = producer.getBody().front();
    OpBuilder b = OpBuilder::atBlockTerminator(&body);
    Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
    Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
    Value one = arith::ConstantIntOp::create(b, loc, i32, 1);
    auto deviceFence = [&](LLVM::AtomicOrdering ordering) {
      LLVM::FenceOp::create(b, loc, ordering, "device");
    };
    // Each thread's writes reach device scope before its block counts as
    // done.
    deviceFence(LLVM::AtomicOrdering::release);
    gpu::BarrierOp::create(b, loc);
    gpu::KernelDim3 tid = producer.getThreadIds();
    Value first = b.createOrFold<arith::AndIOp>(
        loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid.x, c0),
        b.createOrFold<arith::AndIOp>(
            loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid.y, c0),
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid.z, c0)));
    Value countRef = memref::GetGlobalOp::create(b, loc, countType, count.getSymName());
    Value flagRef = memref::GetGlobalOp::create(b, loc, flagType, flag.getSymName());
    auto countDone = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(countDone.thenBlock());
      Value before = memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, one,
                                                 countRef, ValueRange{c0});
      gpu::KernelDim3 grid = producer.getGridSize();
      Value blocks = arith::MulIOp::create(
          b, loc, arith::MulIOp::create(b, loc, grid.x, grid.y), grid.z);
      Value lastIndex = arith::IndexCastOp::create(
          b, loc, i32, arith::SubIOp::create(b, loc, blocks, arith::ConstantIndexOp::create(b, loc, 1)));
      Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, before, lastIndex);
      memref::StoreOp::create(b, loc, arith::ExtUIOp::create(b, loc, i32, isLast), flagRef,
                              ValueRange{c0});
      // Every other block has counted itself: the count is free again.
      auto reset = scf::IfOp::create(b, loc, isLast, false);
      b.setInsertionPointToStart(reset.thenBlock());
      memref::StoreOp::create(b, loc, zero, countRef, ValueRange{c0});
    }
    gpu::BarrierOp::create(b, loc);
    Value verdict = memref::LoadOp::create(b, loc, flagRef, ValueRange{c0});
    Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, verdict, zero);
    auto finish = scf::IfOp::create(b, loc, last, false);
    b.setInsertionPointToStart(finish.thenBlock());
    deviceFence(LLVM::AtomicOrdering::acquire);

    // The tail's body as block 0 of a grid of one, in the producer's
    // threads (the same block size).
    IRMapping map;
    gpu::KernelDim3 tailBlock = tail.getBlockIds(), tailGrid = tail.getGridSize();
    Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
    for (Value v : {tailBlock.x, tailBlock.y, tailBlock.z})
      map.map(v, c0);
    for (Value v : {tailGrid.x, tailGrid.y, tailGrid.z})
      map.map(v, c1);
    gpu::KernelDim3 tailThreads = tail.getThreadIds(), threads = producer.getThreadIds();
    map.map(tailThreads.x, threads.x);
    map.map(tailThreads.y, threads.y);
    map.map(tailThreads.z, threads.z);
    gpu::KernelDim3 tailSizes = tail.getBlockSize(), sizes = producer.getBlockSize();
    map.map(tailSizes.x, sizes.x);
    map.map(tailSizes.y, sizes.y);
    map.map(tailSizes.z, sizes.z);
    // The tail's workgroup buffers, apart from the producer's: the last
    // block may still read its own slots when it starts the tail.
    for (BlockArgument buffer : tail.getWorkgroupAttributions())
      map.map(buffer, producer.addWorkgroupAttribution(buffer.getType(), buffer.getLoc()));
    for (Operation &op : tail.getBody().front().without_terminator()) {
      Operation *copy = b.clone(op, map);
      // Ids read through ops rather than the launch's arguments.
      copy->walk([&](Operation *inner) {
        OpBuilder at(inner);
        if (isa<gpu::BlockIdOp>(inner))
          inner->replaceAllUsesWith(ValueRange{arith::ConstantIndexOp::create(at, loc, 0)});
        else if (isa<gpu::GridDimOp>(inner))
          inner->replaceAllUsesWith(ValueRange{arith::ConstantIndexOp::create(at, loc, 1)});
      });
    }

    // The tail's kernel is gone: its entry in the host function's map of
    // kernels to dispatches goes too; the producer says what it finishes.
    auto func = producer->getParentOfType<func::FuncOp>();
    if (func && tail.getFunction())
      if (auto map = func->getAttrOfType<DictionaryAttr>("ks.kernel_dispatches")) {
        NamedAttrList entries(map);
        entries.erase(*tail.getFunction());
        func->setAttr("ks.kernel_dispatches", entries.getDictionary(context));
      }
    if (auto dispatch = tail->getAttrOfType<IntegerAttr>("ks.dispatch")) {
      SmallVector<int64_t> finished;
      if (auto old = producer->getAttrOfType<DenseI64ArrayAttr>("ks.finishes"))
        llvm::append_range(finished, old.asArrayRef());
      finished.push_back(dispatch.getInt());
      producer->setAttr("ks.finishes", DenseI64ArrayAttr::get(context, finished));
    }
    tail.erase();
  }
};
} // namespace
