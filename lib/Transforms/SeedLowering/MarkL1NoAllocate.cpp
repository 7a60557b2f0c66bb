//===- MarkL1NoAllocate.cpp - Kernels whose loads skip the L1 --------------===//
//
// A plan's `"l1_no_allocate": [N]` asks that the kernels computing those
// dispatches read global memory without allocating lines in the L1 (loads
// ks-l1-no-allocate-loads rewrites after the NVVM conversion). Here, on the
// host side, each such gpu.launch gets `ks.l1_no_allocate`; outlining moves
// it onto the kernel.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/PlannedLaunches.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace ks {
#define GEN_PASS_DEF_KSMARKL1NOALLOCATE
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
struct MarkL1NoAllocate : public ks::impl::KSMarkL1NoAllocateBase<MarkL1NoAllocate> {
  void runOnOperation() override {
    auto launches =
        ks::takeRequestedLaunches(getOperation(), ks::kL1NoAllocateAttr, "l1_no_allocate");
    if (failed(launches))
      return signalPassFailure();
    for (auto [dispatch, launch] : *launches)
      launch->setAttr(ks::kL1NoAllocateAttr, UnitAttr::get(&getContext()));
  }
};
} // namespace
