//===- RefuseQuadraticScans.cpp - No long scan on the seed kernel ---------===//
//
// The seed lowering of a scan written as a reduction over a triangular mask
// folds every output's whole prefix. For short scans that is fine; for rows
// of tens of thousands it runs for minutes, so a compile that would leave
// such a scan to the seed stops with the dispatch named instead.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/LoopIndex.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/FormatVariadic.h"

namespace ks {
#define GEN_PASS_DEF_KSREFUSEQUADRATICSCANS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The scanned length: the extent of the op's one reduction loop, or
/// nothing when it is dynamic.
std::optional<int64_t> scanLength(linalg::LinalgOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  auto iterators = op.getIteratorTypesArray();
  for (auto [range, iterator] : llvm::zip(ranges, iterators))
    if (iterator == utils::IteratorType::reduction && !ShapedType::isDynamic(range))
      return range;
  return std::nullopt;
}

struct RefuseQuadraticScans
    : public ks::impl::KSRefuseQuadraticScansBase<RefuseQuadraticScans> {
  using KSRefuseQuadraticScansBase::KSRefuseQuadraticScansBase;

  void runOnOperation() override {
    if (maxLength <= 0)
      return;
    getOperation().walk([&](linalg::LinalgOp op) {
      // Ops inside a skill's kernel are already some thread's work.
      if (op->getParentOfType<gpu::LaunchOp>() || !ks::isTriangularScan(op))
        return;
      std::optional<int64_t> length = scanLength(op);
      if (!length || *length <= maxLength)
        return;
      InFlightDiagnostic diag = op.emitError();
      if (auto id = op->getAttrOfType<IntegerAttr>("ks.dispatch"))
        diag << "dispatch " << id.getInt() << ": ";
      diag << llvm::formatv(
          "a scan of length {0} (a reduction over a triangular mask) has no scan "
          "kernel in this plan; its seed kernel would fold every prefix, {1:e1} "
          "operations a row. Refused above max-quadratic-scan={2}: give the "
          "dispatch a scan skill (ks-tune finds one) or lift the limit with "
          "max-quadratic-scan=0",
          *length, double(*length) * double(*length) / 2, int64_t(maxLength));
      signalPassFailure();
    });
  }
};

} // namespace
