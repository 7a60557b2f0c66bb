//===- UnrollFully.cpp - transform.ks.unroll_fully -------------------------===//
//
// A thread that computes a tile of outputs of a windowed op (a depthwise
// convolution) reads most of each window's inputs for several outputs.
// Unrolled whole, the loads of one element are one expression, which LLVM
// loads once; a loop over the window rows left rolled reloads every row.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"

using namespace mlir;

DiagnosedSilenceableFailure transform::KSUnrollFullyOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
  if (getEnabled() == 0)
    return DiagnosedSilenceableFailure::success();
  auto op = dyn_cast<linalg::LinalgOp>(target);
  if (!op || !op.hasPureBufferSemantics())
    return emitDefiniteFailure() << "expects linalg ops on buffers, got " << target->getName();
  int64_t copies = 1;
  for (int64_t count : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(count))
      return emitDefiniteFailure() << "a loop of the target has a dynamic count";
    copies *= count;
  }
  if (copies > int64_t(getMaxCopies()))
    return emitDefiniteFailure() << "unrolled, the target's body would be copied " << copies
                                 << " times, past max_copies = " << getMaxCopies();
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::LinalgLoops> loops = linalg::linalgOpToLoops(rewriter, op);
  if (failed(loops))
    return emitDefiniteFailure() << "the target did not lower to loops";
  rewriter.eraseOp(op);
  for (Operation *loop : llvm::reverse(*loops))
    if (auto forOp = dyn_cast<scf::ForOp>(loop); forOp && failed(loopUnrollFull(forOp)))
      return emitDefiniteFailure() << "a loop of the target did not unroll";
  return DiagnosedSilenceableFailure::success();
}
