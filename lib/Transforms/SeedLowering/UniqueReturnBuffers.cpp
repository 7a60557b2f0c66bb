//===- UniqueReturnBuffers.cpp - One buffer per returned result -----------===//
//
// Torch-MLIR returns the same tensor twice when a model does (`return x, x`).
// After bufferization that is one buffer in two results, which
// buffer-results-to-out-params cannot split into two out-parameters (LLVM 22
// crashes on it). A copy per repeat gives each result a buffer of its own.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/DenseSet.h"

namespace ks {
#define GEN_PASS_DEF_KSUNIQUERETURNBUFFERS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
struct UniqueReturnBuffers
    : public ks::impl::KSUniqueReturnBuffersBase<UniqueReturnBuffers> {
  void runOnOperation() override {
    getOperation().walk([&](func::ReturnOp ret) {
      llvm::SmallDenseSet<Value> seen;
      OpBuilder b(ret);
      for (OpOperand &operand : ret->getOpOperands()) {
        auto type = dyn_cast<MemRefType>(operand.get().getType());
        if (!type || seen.insert(operand.get()).second)
          continue;
        if (!type.hasStaticShape() || !type.getLayout().isIdentity()) {
          ret.emitError() << "result #" << operand.getOperandNumber()
                          << " repeats a buffer of type " << type
                          << " that cannot be copied";
          return signalPassFailure();
        }
        Value copy = memref::AllocOp::create(b, ret.getLoc(), type);
        memref::CopyOp::create(b, ret.getLoc(), operand.get(), copy);
        operand.set(copy);
      }
    });
  }
};
} // namespace
