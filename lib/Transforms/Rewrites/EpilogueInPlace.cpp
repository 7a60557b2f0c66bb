//===- EpilogueInPlace.cpp - Elementwise ops over a contraction's result --===//
//
// Torch-MLIR gives every elementwise op a tensor.empty to write, and CSE
// makes those of one shape one op. Bufferization may then put a layer's
// bias add and ReLU in the buffer that the layer's GEMM reads its input
// from (the previous layer's output is dead by then): correct op by op,
// but a GEMM skill that computes the bias add in its epilogue would write
// the buffer its other blocks still read, so the epilogue is refused and
// the elementwise op runs as a kernel of its own. Written over the GEMM's
// (or convolution's) result instead, where nothing else reads it, the op
// needs no buffer of its own and the epilogue writes the buffer the GEMM
// writes.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSEPILOGUEINPLACE
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Whether `value` is the result of a linalg op that sums products over a
/// reduction loop into one output (a GEMM, a convolution; not a pooling,
/// nor a norm's sum and sum of squares) and `reader` its only reader.
static bool isContractionResultReadOnlyBy(Value value, Operation *reader) {
  auto producer = value.getDefiningOp<linalg::LinalgOp>();
  if (!producer || producer.getNumReductionLoops() == 0 || producer.getNumDpsInits() != 1 ||
      !value.hasOneUse() ||
      *value.getUsers().begin() != reader)
    return false;
  return llvm::any_of(producer.getBlock()->getOperations(), [](Operation &op) {
    return isa<arith::MulFOp, arith::MulIOp>(op);
  });
}

/// The input of the elementwise `op` it can write over instead of its
/// tensor.empty init: a contraction's result of the init's type, read
/// through the identity, by `op` alone. Null where there is none.
static OpOperand *inputToWriteOver(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumParallelLoops() != op.getNumLoops() ||
      !op.hasPureTensorSemantics())
    return nullptr;
  OpOperand *init = op.getDpsInitOperand(0);
  if (!init->get().getDefiningOp<tensor::EmptyOp>() || op.payloadUsesValueFromOperand(init) ||
      !op.getMatchingIndexingMap(init).isIdentity())
    return nullptr;
  for (OpOperand *input : op.getDpsInputOperands())
    if (input->get().getType() == init->get().getType() &&
        op.getMatchingIndexingMap(input).isIdentity() &&
        isContractionResultReadOnlyBy(input->get(), op))
      return input;
  return nullptr;
}

struct EpilogueInPlace : public ks::impl::KSEpilogueInPlaceBase<EpilogueInPlace> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](linalg::GenericOp op) {
      if (OpOperand *input = inputToWriteOver(op))
        rewriter.modifyOpInPlace(op, [&] { op.getDpsInitOperand(0)->set(input->get()); });
    });
  }
};

} // namespace
