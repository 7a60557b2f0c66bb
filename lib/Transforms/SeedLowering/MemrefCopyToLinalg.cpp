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
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};
} // namespace
