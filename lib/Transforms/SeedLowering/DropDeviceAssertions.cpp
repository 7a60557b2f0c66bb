//===- DropDeviceAssertions.cpp - Remove cf.assert from kernel bodies -----===//
//
// Torch-MLIR guards some lowerings with `cf.assert` inside linalg bodies
// (a batch norm's variance must not be zero-sized, a class index must be in
// range). A GPU kernel has no channel to report a failed assertion, so, like
// device code in IREE, these are removed before the seed lowering; the
// numerics checks against the reference are what catch bad values.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"

namespace ks {
#define GEN_PASS_DEF_KSDROPDEVICEASSERTIONS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

struct DropDeviceAssertions
    : public ks::impl::KSDropDeviceAssertionsBase<DropDeviceAssertions> {
  void runOnOperation() override {
    SmallVector<cf::AssertOp> asserts;
    getOperation().walk([&](cf::AssertOp op) {
      // Only in bodies that become kernels; anywhere else the input
      // contract reports the op.
      if (op->getParentOfType<linalg::LinalgOp>() ||
          op->getParentOfType<tensor::PadOp>())
        asserts.push_back(op);
    });
    for (cf::AssertOp op : asserts)
      op.erase();
    numDropped += asserts.size();
  }
};

} // namespace
