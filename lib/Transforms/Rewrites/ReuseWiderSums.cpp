//===- ReuseWiderSums.cpp - An f32 sum from the same f64 sum ---------------===//
//
// Torch-MLIR's group norm reads its input three times for statistics: a
// mean in f64 (for the variance), the variance, and the mean again in f32
// (for the shift). The f32 sum is the f64 sum rounded; reading it from
// there removes a pass over the input.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"
#include "ks/Transforms/Utils/ReductionBodies.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSREUSEWIDERSUMS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// A sum from zero of one input into one output of element type `acc`: the
/// body yields addf(in, out), the input first extended to `acc` where it is
/// narrower; the init a fill with 0.0.
bool isSumFromZero(linalg::GenericOp op, Type acc) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0)
    return false;
  auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!fill || !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()) ||
      getElementTypeOrSelf(op.getDpsInits()[0].getType()) != acc)
    return false;
  Block *body = op.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || add->getBlock() != body)
    return false;
  Value in = body->getArgument(0), out = body->getArgument(1);
  Value term = ks::otherOperand(add, out);
  if (!term)
    return false;
  if (term == in)
    return in.getType() == acc && body->getOperations().size() == 2;
  auto ext = term.getDefiningOp<arith::ExtFOp>();
  return ext && ext.getIn() == in && ext.getType() == acc &&
         body->getOperations().size() == 3;
}

struct ReuseWiderSums : public ks::impl::KSReuseWiderSumsBase<ReuseWiderSums> {
  void runOnOperation() override {
    Builder b(&getContext());
    SmallVector<linalg::GenericOp> wide;
    SmallVector<std::pair<linalg::GenericOp, linalg::GenericOp>> pairs;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (isSumFromZero(op, b.getF64Type())) {
        wide.push_back(op);
        return;
      }
      if (!isSumFromZero(op, b.getF32Type()))
        return;
      for (linalg::GenericOp w : wide)
        if (w->getBlock() == op->getBlock() &&
            w.getIndexingMapsArray() == op.getIndexingMapsArray() &&
            w.getIteratorTypesArray() == op.getIteratorTypesArray() &&
            w.getStaticLoopRanges() == op.getStaticLoopRanges() &&
            ks::sameTensor(w.getDpsInputs()[0], op.getDpsInputs()[0])) {
          pairs.emplace_back(w, op);
          return;
        }
    });
    IRRewriter rewriter(&getContext());
    for (auto [w, narrow] : pairs) {
      // The f64 sums rounded, elementwise; the f32 sum's fill goes with it.
      rewriter.setInsertionPoint(narrow);
      Location loc = narrow.getLoc();
      auto type = cast<RankedTensorType>(narrow.getResultTypes()[0]);
      Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(), type.getElementType());
      AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
      auto rounded = linalg::GenericOp::create(
          rewriter, loc, TypeRange{type}, ValueRange{w.getResult(0)},
          ValueRange{empty}, ArrayRef<AffineMap>{identity, identity},
          SmallVector<utils::IteratorType>(type.getRank(), utils::IteratorType::parallel),
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            Value f = arith::TruncFOp::create(nb, nloc, type.getElementType(), args[0]);
            linalg::YieldOp::create(nb, nloc, f);
          });
      rewriter.replaceOp(narrow, rounded.getResults());
      ++numReused;
    }
  }
};

} // namespace
