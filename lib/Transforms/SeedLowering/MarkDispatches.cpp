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
      IntegerAttr id = b.getI64IntegerAttr(next++);
      op->setAttr("ks.dispatch", id);
      // Lowerings give what they make the op's location: the loops, and the
      // kernel mapped from them, still say which dispatch they compute.
      op->setLoc(FusedLoc::get(&getContext(), {op->getLoc()},
                               b.getDictionaryAttr(b.getNamedAttr("ks.dispatch", id))));
    });
  }
};
} // namespace
