//===- SplitRemainder.cpp - transform.ks.split_remainder -------------------===//
//
// A skill that tiles a loop by a fixed size needs the size to divide the
// loop's range; an odd range (a pooling's 8191 output columns) would leave
// the whole op to the seed. Splitting the range at the last whole tile
// lets the skill take the main part and the seed lowering the few
// iterations left.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;

DiagnosedSilenceableFailure transform::KSSplitRemainderOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  int64_t multiple = getMultiple(), dimension = getDimension();
  if (multiple < 1)
    return emitDefiniteFailure() << "multiple must be positive, got " << multiple;
  SmallVector<Operation *> mains, rests;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto op = dyn_cast<linalg::LinalgOp>(target);
    if (!op)
      return emitDefiniteFailure() << "expects linalg ops, got " << target->getName();
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (dimension < 0 || dimension >= int64_t(ranges.size()))
      return emitDefiniteFailure() << "dimension " << dimension << " is not a loop of the target ("
                                   << ranges.size() << " loops)";
    int64_t range = ranges[dimension];
    if (ShapedType::isDynamic(range) || range < multiple)
      return emitDefiniteFailure() << "loop " << dimension << " has a range of "
                                   << (ShapedType::isDynamic(range) ? std::string("?")
                                                                    : std::to_string(range))
                                   << ", not a static one of at least " << multiple;
    int64_t whole = range / multiple * multiple;
    if (whole == range) {
      mains.push_back(target);
      continue;
    }
    rewriter.setInsertionPoint(target);
    auto [main, rest] = linalg::splitOp(rewriter, cast<TilingInterface>(target),
                                        unsigned(dimension), rewriter.getIndexAttr(whole));
    if (!main || !rest)
      return emitDefiniteFailure() << "cannot split loop " << dimension << " at " << whole;
    rest->setAttr("ks.remainder", rewriter.getUnitAttr());
    mains.push_back(main.getOperation());
    rests.push_back(rest.getOperation());
  }
  results.set(cast<OpResult>(getMain()), mains);
  results.set(cast<OpResult>(getRest()), rests);
  return DiagnosedSilenceableFailure::success();
}
