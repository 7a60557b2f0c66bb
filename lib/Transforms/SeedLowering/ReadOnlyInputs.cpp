//===- ReadOnlyInputs.cpp - Never write into the caller's inputs ----------===//
//
// Tensors are values: a model's inputs are the same after a call. One-shot
// bufferization across function boundaries assumes arguments are writable
// unless told otherwise, and would update an input in place when an op uses
// it as its `outs`. Public functions are called from outside with buffers the
// caller keeps, so their tensor arguments are marked read-only.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace ks {
#define GEN_PASS_DEF_KSREADONLYINPUTS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
struct ReadOnlyInputs : public ks::impl::KSReadOnlyInputsBase<ReadOnlyInputs> {
  void runOnOperation() override {
    Builder b(&getContext());
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal())
        continue;
      for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
        if (isa<TensorType>(type))
          func.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                          b.getBoolAttr(false));
    }
  }
};
} // namespace
