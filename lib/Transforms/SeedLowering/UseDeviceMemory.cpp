//===- UseDeviceMemory.cpp - Host buffers live on the device --------------===//
//
// After the seed mapping, host functions only allocate buffers, make views of
// them and launch kernels. Every buffer is therefore device memory: it is
// allocated with gpu.alloc and freed after the last op that uses it (directly
// or through a view). Host functions are straight-line code at this point, so
// "last" is block order.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace ks {
#define GEN_PASS_DEF_KSUSEDEVICEMEMORY
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The op of `block` after which `buffer` is dead, or null if it escapes
/// through the terminator.
Operation *findLastUse(Value buffer, Block &block, Operation *def) {
  Operation *last = def;
  SmallVector<Value> worklist = {buffer};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      Operation *top = block.findAncestorOpInBlock(*user);
      if (!top)
        continue;
      if (top->hasTrait<OpTrait::IsTerminator>())
        return nullptr;
      if (last->isBeforeInBlock(top))
        last = top;
      if (auto view = dyn_cast<ViewLikeOpInterface>(user))
        if (view.getViewSource() == value)
          llvm::append_range(worklist, user->getResults());
    }
  }
  return last;
}

struct UseDeviceMemory
    : public ks::impl::KSUseDeviceMemoryBase<UseDeviceMemory> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal() || func->getParentOfType<gpu::GPUModuleOp>())
      return;
    Block &block = func.getBody().front();

    // Buffers freed explicitly: free them on the device.
    for (auto dealloc : llvm::make_early_inc_range(
             func.getBody().getOps<memref::DeallocOp>())) {
      OpBuilder b(dealloc);
      gpu::DeallocOp::create(b, dealloc.getLoc(), /*asyncToken=*/Type(),
                             ValueRange(), dealloc.getMemref());
      dealloc.erase();
    }

    for (auto alloc :
         llvm::make_early_inc_range(func.getBody().getOps<memref::AllocOp>())) {
      OpBuilder b(alloc);
      auto device = gpu::AllocOp::create(
          b, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
          ValueRange(), alloc.getDynamicSizes(), alloc.getSymbolOperands(),
          /*hostShared=*/false);
      alloc.replaceAllUsesWith(device.getMemref());
      alloc.erase();

      bool freed = llvm::any_of(device.getMemref().getUsers(), [](Operation *u) {
        return isa<gpu::DeallocOp>(u);
      });
      if (freed)
        continue;
      Operation *last = findLastUse(device.getMemref(), block, device);
      if (!last)
        continue; // Returned to the caller, who owns it.
      b.setInsertionPointAfter(last);
      gpu::DeallocOp::create(b, alloc.getLoc(), /*asyncToken=*/Type(),
                             ValueRange(), device.getMemref());
    }
  }
};

} // namespace
