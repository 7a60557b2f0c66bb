//===- MarkDispatches.cpp - Number the dispatches -------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace ks {
#define GEN_PASS_DEF_KSMARKDISPATCHES
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
struct MarkDispatches : public ks::impl::KSMarkDispatchesBase<MarkDispatches> {
  void runOnOperation() override {
    Builder b(&getContext());
    int64_t next = 0;
    getOperation()->walk([&](linalg::LinalgOp op) {
      op->setAttr("ks.dispatch", b.getI64IntegerAttr(next++));
    });
  }
};
} // namespace
