//===- MarkInvariantArgs.cpp - Kernel buffers no launch writes ------------===//
//
// A kernel's loads from a buffer that nothing writes while it runs may be
// issued early and through the read-only path (ld.global.nc), but LLVM and
// ptxas only know that if told: kernel pointers may alias, so each load
// waits behind the stores before it. For the dispatches a plan lists in
// "invariant_loads", this pass finds the kernel's buffer arguments that the
// kernel never writes and that no argument it writes shares a buffer with
// at any launch, and lists them on the kernel (`ks.invariant_args`, with
// each argument's memref rank in `ks.arg_ranks`); ks-invariant-loads marks
// their loads after the NVVM conversion.
//
// Buffers are told apart by their roots, followed through view-like ops: a
// gpu.alloc, a memref.get_global's symbol, or a host function argument.
// Distinct host arguments are distinct buffers: a function's tensor
// arguments are read-only (ks-read-only-inputs) and its results are
// out-parameters of their own (ks-unique-return-buffers), so two arguments
// that share memory are both only read.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/KernelInit.h"
#include "ks/Transforms/Utils/PlannedLaunches.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

namespace ks {
#define GEN_PASS_DEF_KSMARKINVARIANTARGS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
/// The buffer `v` views: the root of its chain of view-like ops, as an
/// opaque key (an allocation, a global's symbol or a host argument); null
/// for anything else (a call's result), which may be any buffer.
const void *rootOf(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  if (auto global = v.getDefiningOp<memref::GetGlobalOp>())
    return global.getNameAttr().getAttr().getAsOpaquePointer();
  auto arg = dyn_cast<BlockArgument>(v);
  bool hostArgument = arg && arg.getOwner()->isEntryBlock() &&
                      isa<func::FuncOp>(arg.getOwner()->getParentOp());
  if (hostArgument || v.getDefiningOp<gpu::AllocOp>() || v.getDefiningOp<memref::AllocOp>())
    return v.getAsOpaquePointer();
  return nullptr;
}

bool inGlobalMemory(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return false;
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(memref.getMemorySpace());
  return !space || space.getValue() == gpu::AddressSpace::Global;
}

/// The arguments of `kernel` no launch of it (`launches`) can see change.
SmallVector<int64_t> invariantArgs(gpu::GPUFuncOp kernel, ArrayRef<gpu::LaunchFuncOp> launches) {
  unsigned n = kernel.getNumArguments();
  SmallVector<bool> written(n);
  for (unsigned i = 0; i < n; ++i)
    written[i] = isa<BaseMemRefType>(kernel.getArgument(i).getType()) &&
                 ks::mayWriteThrough(kernel.getArgument(i));
  SmallVector<int64_t> invariant;
  for (unsigned i = 0; i < n; ++i) {
    if (written[i] || !inGlobalMemory(kernel.getArgument(i).getType()))
      continue;
    bool shared = llvm::any_of(launches, [&](gpu::LaunchFuncOp launch) {
      ValueRange operands = launch.getKernelOperands();
      if (operands.size() != n)
        return true;
      for (unsigned j = 0; j < n; ++j)
        if (j != i && written[j] && (!rootOf(operands[i]) || !rootOf(operands[j]) ||
                                     rootOf(operands[j]) == rootOf(operands[i])))
          return true;
      return false;
    });
    if (!shared)
      invariant.push_back(i);
  }
  return invariant;
}

struct MarkInvariantArgs : public ks::impl::KSMarkInvariantArgsBase<MarkInvariantArgs> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto request = module->getAttrOfType<DenseI64ArrayAttr>(ks::kInvariantLoadsAttr);
    if (!request)
      return;
    module->removeAttr(ks::kInvariantLoadsAttr);
    llvm::SmallSet<int64_t, 8> wanted(request.asArrayRef().begin(), request.asArrayRef().end());
    llvm::SmallSet<int64_t, 8> found;
    SmallVector<gpu::LaunchFuncOp> launches;
    module.walk([&](gpu::LaunchFuncOp launch) { launches.push_back(launch); });
    Builder b(&getContext());
    for (auto kernels : module.getOps<gpu::GPUModuleOp>()) {
      auto dispatch = kernels->getAttrOfType<IntegerAttr>("ks.dispatch");
      if (!dispatch || !wanted.contains(dispatch.getInt()))
        continue;
      found.insert(dispatch.getInt());
      for (auto kernel : kernels.getOps<gpu::GPUFuncOp>()) {
        if (!kernel.isKernel())
          continue;
        SmallVector<gpu::LaunchFuncOp> sites;
        for (gpu::LaunchFuncOp launch : launches)
          if (launch.getKernelModuleName() == kernels.getNameAttr() &&
              launch.getKernelName() == kernel.getNameAttr())
            sites.push_back(launch);
        SmallVector<int64_t> ranks;
        for (Type t : kernel.getArgumentTypes())
          ranks.push_back(isa<MemRefType>(t) ? cast<MemRefType>(t).getRank() : -1);
        kernel->setAttr("ks.invariant_args", b.getDenseI64ArrayAttr(invariantArgs(kernel, sites)));
        kernel->setAttr("ks.arg_ranks", b.getDenseI64ArrayAttr(ranks));
      }
    }
    for (int64_t d : request.asArrayRef())
      if (!found.contains(d)) {
        module.emitError() << "the plan's \"invariant_loads\" names dispatch " << d
                           << ", which no kernel computes";
        return signalPassFailure();
      }
  }
};
} // namespace
