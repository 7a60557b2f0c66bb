//===- RematerializeWidening.cpp - Widen again after a barrier ------------===//
//
// A group norm as Torch-MLIR imports it sums x in f64 (its mean), sums the
// f64 squares of x minus the mean (its variance) after the mean's barriers,
// and applies the f32 scale to x after the variance's: with the row kept in
// registers, each phase widens the same f32 values to f64. LLVM merges the
// widenings into the first, so the f64 copies stay alive across the
// barriers beside the f32 values the apply needs: 126 registers a thread
// for 32 values, against 89 when each phase widens again (spills at 64,
// two blocks of 512 an SM). Here a widening of a value the kernel already
// widened before a barrier becomes inline PTX (cvt.f64.f32), which LLVM
// does not merge.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/DenseMap.h"

namespace ks {
#define GEN_PASS_DEF_KSREMATERIALIZEWIDENING
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
/// Where a kernel's threads wait for each other: a phase ends.
bool isBarrier(Operation *op) {
  return isa<gpu::BarrierOp, NVVM::Barrier0Op, NVVM::BarrierOp, NVVM::ClusterWaitOp>(op);
}

/// The f32 -> f64 widenings of the top level of `body` that widen a value
/// widened before a barrier before them become inline PTX.
void rematerialize(Block &body) {
  llvm::DenseMap<Value, unsigned> widenedInPhase;
  unsigned phase = 0;
  for (Operation &op : llvm::make_early_inc_range(body)) {
    if (isBarrier(&op)) {
      ++phase;
      continue;
    }
    auto ext = dyn_cast<arith::ExtFOp>(op);
    if (!ext || !ext.getIn().getType().isF32() || !ext.getType().isF64())
      continue;
    auto [it, first] = widenedInPhase.try_emplace(ext.getIn(), phase);
    if (first || it->second == phase)
      continue;
    it->second = phase;
    OpBuilder b(ext);
    auto cvt = LLVM::InlineAsmOp::create(
        b, ext.getLoc(), TypeRange{ext.getType()}, ValueRange{ext.getIn()},
        "cvt.f64.f32 $0, $1;", "=d,f", /*has_side_effects=*/false,
        /*is_align_stack=*/false, LLVM::TailCallKind::None, LLVM::AsmDialectAttr(),
        /*operand_attrs=*/ArrayAttr());
    ext.replaceAllUsesWith(cvt.getResult(0));
    ext.erase();
  }
}

struct RematerializeWidening
    : public ks::impl::KSRematerializeWideningBase<RematerializeWidening> {
  void runOnOperation() override {
    getOperation().walk([](gpu::GPUFuncOp kernel) {
      if (kernel.isKernel() && !kernel.getBody().empty())
        rematerialize(kernel.getBody().front());
    });
  }
};
} // namespace
