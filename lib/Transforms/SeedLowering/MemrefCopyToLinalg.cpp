//===- MemrefCopyToLinalg.cpp - Copies become kernels ---------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace ks {
#define GEN_PASS_DEF_KSMEMREFCOPYTOLINALG
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Whether `a` and `b` are the same bytes seen the same way: one value, or
/// two static subviews of one buffer at the same offsets, sizes and strides
/// (bufferization's copy of an operand computed in place into its own
/// slice of a concatenation).
bool sameView(Value a, Value b) {
  if (a == b)
    return true;
  auto viewA = a.getDefiningOp<memref::SubViewOp>();
  auto viewB = b.getDefiningOp<memref::SubViewOp>();
  return viewA && viewB && viewA.getSource() == viewB.getSource() &&
         viewA.getType() == viewB.getType() &&
         viewA.isSameAs(viewB, [](OpFoldResult x, OpFoldResult y) {
           return isa<Attribute>(x) && x == y;
         });
}

struct MemrefCopyToLinalg
    : public ks::impl::KSMemrefCopyToLinalgBase<MemrefCopyToLinalg> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp copy) {
      // Copies already inside device code stay as they are.
      if (!copy->getParentOfType<gpu::GPUModuleOp>() &&
          !copy->getParentOfType<gpu::LaunchOp>())
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      if (sameView(copy.getSource(), copy.getTarget())) {
        copy.erase();
        continue;
      }
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};
} // namespace
