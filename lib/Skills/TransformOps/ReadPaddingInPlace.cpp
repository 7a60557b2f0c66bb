//===- ReadPaddingInPlace.cpp - transform.ks.read_padding_in_place --------===//
//
// A padded input (Torch-MLIR's tensor.pad: a fill of the whole padded
// buffer, then a copy of the source into its window) costs two passes over
// a buffer larger than the source before the op reads it once. Reading the
// source in place, with the padding decided per element, costs a compare
// or two per padded dimension instead. Max pooling pads with -inf, a
// convolution with zeros.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace {

/// The payload's element of the padded operand read from `padded`'s
/// source: at the operand's indices less the padding, clamped into the
/// source, and the fill value where any index falls outside it.
Value readSource(OpBuilder &b, Location loc, linalg::GenericOp op, AffineMap map,
                 MemRefType paddedType, const ks::PaddedSourceMatch &padded) {
  Type elem = paddedType.getElementType();
  auto sourceType = cast<MemRefType>(padded.source.getType());
  SmallVector<Value> loops;
  for (unsigned d = 0, e = op.getNumLoops(); d < e; ++d)
    loops.push_back(linalg::IndexOp::create(b, loc, d));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value inside;
  SmallVector<Value> indices;
  for (auto [d, expr] : llvm::enumerate(map.getResults())) {
    // Only the loops the index uses (a reader that matches its payload's
    // values to loops, as a scan does, sees the ones it depends on).
    AffineMap atMap = AffineMap::get(map.getNumDims(), 0, expr - padded.low[d]);
    SmallVector<Value> operands = loops;
    affine::canonicalizeMapAndOperands(&atMap, &operands);
    Value at = affine::AffineApplyOp::create(b, loc, atMap, operands);
    int64_t size = sourceType.getDimSize(d);
    if (padded.low[d] == 0 && size == paddedType.getDimSize(d)) {
      indices.push_back(at); // not padded: always inside
      continue;
    }
    Value last = arith::ConstantIndexOp::create(b, loc, size - 1);
    Value low = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, at, zero);
    Value high = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, at, last);
    Value ok = arith::AndIOp::create(b, loc, low, high);
    inside = inside ? arith::AndIOp::create(b, loc, inside, ok).getResult() : ok;
    Value clamped = arith::MinSIOp::create(b, loc, arith::MaxSIOp::create(b, loc, at, zero), last);
    indices.push_back(clamped);
  }
  Value element = memref::LoadOp::create(b, loc, padded.source, indices);
  if (!inside)
    return element;
  Value fill = arith::ConstantOp::create(b, loc, FloatAttr::get(elem, padded.padValue));
  return arith::SelectOp::create(b, loc, inside, element, fill);
}

} // namespace

DiagnosedSilenceableFailure transform::KSReadPaddingInPlaceOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
  if (getEnabled() == 0) {
    results.push_back(target);
    return DiagnosedSilenceableFailure::success();
  }
  auto op = dyn_cast<linalg::LinalgOp>(target);
  if (!op || !op.hasPureBufferSemantics())
    return emitDefiniteFailure() << "expects linalg ops on buffers, got " << target->getName();
  OpOperand *paddedOperand = nullptr;
  std::optional<ks::PaddedSourceMatch> padded;
  for (OpOperand *input : op.getDpsInputOperands())
    if ((padded = ks::findPaddedSource(input->get(), op, /*anyLayout=*/true))) {
      paddedOperand = input;
      break;
    }
  if (!padded)
    return emitDefiniteFailure()
           << "no input of the target is a padded copy (a constant fill, or copies of a splat "
              "constant around a window, and a copy into the window) read by it alone";
  auto paddedType = cast<MemRefType>(paddedOperand->get().getType());
  if (!isa<FloatType>(paddedType.getElementType()))
    return emitDefiniteFailure() << "the padded input is not of floats";
  unsigned paddedIndex = paddedOperand->getOperandNumber();
  // Read before generalizing, which erases a named op.
  Attribute dispatch = op->getAttr("ks.dispatch");

  rewriter.setInsertionPoint(op);
  linalg::GenericOp generic;
  if (auto g = dyn_cast<linalg::GenericOp>(op.getOperation())) {
    generic = g;
  } else {
    FailureOr<linalg::GenericOp> made = linalg::generalizeNamedOp(rewriter, op);
    if (failed(made))
      return emitDefiniteFailure() << "cannot generalize " << target->getName();
    generic = *made;
  }
  // The generic without the padded input; its payload reads the source.
  // Where the input alone gave a loop its size (a scan's reduction loop),
  // it stays as an input the payload does not read.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps, without;
  for (OpOperand &operand : generic->getOpOperands())
    if (operand.getOperandNumber() != paddedIndex)
      without.push_back(generic.getMatchingIndexingMap(&operand));
  bool keepForSize = !inversePermutation(concatAffineMaps(without, op.getContext()));
  for (OpOperand &operand : generic->getOpOperands()) {
    if (operand.getOperandNumber() == paddedIndex && !keepForSize)
      continue;
    if (generic.isDpsInput(&operand))
      inputs.push_back(operand.get());
    maps.push_back(generic.getMatchingIndexingMap(&operand));
  }
  AffineMap paddedMap = generic.getIndexingMapsArray()[paddedIndex];
  auto replacement = linalg::GenericOp::create(
      rewriter, generic.getLoc(), TypeRange{}, inputs, generic.getDpsInits(), maps,
      generic.getIteratorTypesArray(),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        IRMapping mapping;
        Block *body = generic.getBody();
        unsigned next = 0;
        for (BlockArgument arg : body->getArguments()) {
          if (arg.getArgNumber() == paddedIndex) {
            mapping.map(arg, readSource(b, loc, generic, paddedMap, paddedType, *padded));
            next += keepForSize;
          } else {
            mapping.map(arg, args[next++]);
          }
        }
        for (Operation &inner : body->without_terminator())
          b.clone(inner, mapping);
        SmallVector<Value> yielded;
        for (Value v : body->getTerminator()->getOperands())
          yielded.push_back(mapping.lookupOrDefault(v));
        linalg::YieldOp::create(b, loc, yielded);
      });
  if (dispatch)
    replacement->setAttr("ks.dispatch", dispatch);
  rewriter.eraseOp(generic);
  ks::eraseFoldedProducers(rewriter, padded->producers);
  results.push_back(replacement);
  return DiagnosedSilenceableFailure::success();
}
