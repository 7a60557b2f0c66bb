//===- Epilogue.cpp - An elementwise op applied as a kernel stores its output ===//

#include "Epilogue.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

/// The ops between `op` and `epilogue` (same block, `op` first), where
/// each can move before `op`: a static allocation or a view (how
/// bufferization makes the epilogue's output buffer), its operands defined
/// before `op` or by such an op. Empty where one cannot.
static SmallVector<Operation *> hoistable(linalg::LinalgOp op, linalg::LinalgOp epilogue) {
  SmallVector<Operation *> between;
  llvm::SmallPtrSet<Operation *, 4> moved;
  for (Operation *o = op->getNextNode(); o && o != epilogue.getOperation(); o = o->getNextNode()) {
    auto alloc = dyn_cast<memref::AllocOp>(o);
    bool movable = (alloc && alloc->getNumOperands() == 0) ||
                   (isa<ViewLikeOpInterface>(o) && isMemoryEffectFree(o) && o->getNumRegions() == 0);
    if (!movable)
      return {};
    for (Value v : o->getOperands()) {
      Operation *def = v.getDefiningOp();
      if (def && def->getBlock() == op->getBlock() && !moved.contains(def) &&
          !def->isBeforeInBlock(op))
        return {};
    }
    moved.insert(o);
    between.push_back(o);
  }
  return between;
}

std::string ks::unmetEpilogueCondition(linalg::LinalgOp op, int64_t mLoop, int64_t nLoop,
                                       linalg::LinalgOp epilogue) {
  if (!epilogue.hasPureBufferSemantics() || epilogue.getNumLoops() != 2 ||
      epilogue.getNumParallelLoops() != 2)
    return "the epilogue is not a 2-d elementwise op on buffers";
  bool readsIndex = false;
  epilogue->getRegion(0).walk([&](linalg::IndexOp) { readsIndex = true; });
  if (readsIndex)
    return "the epilogue reads its loop indices";
  Value output = op.getDpsInitOperand(0)->get();
  bool readsOutput = false;
  for (OpOperand &operand : epilogue->getOpOperands()) {
    AffineMap map = epilogue.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return "an epilogue operand is not read through a permutation of its loops";
    if (operand.get() == output) {
      if (!map.isIdentity())
        return "the epilogue reads the contraction's output other than where it writes";
      readsOutput |= !epilogue.isDpsInit(&operand);
    }
    if (epilogue.isDpsInit(&operand) &&
        (operand.get() == op.getDpsInputOperand(0)->get() ||
         operand.get() == op.getDpsInputOperand(1)->get()))
      return "the epilogue writes an operand of the contraction";
    if (epilogue.isDpsInit(&operand) && !map.isIdentity())
      return "the epilogue writes other than where the contraction does";
  }
  if (!readsOutput)
    return "the epilogue does not read the contraction's output";
  if (epilogue.getStaticLoopRanges() !=
      ArrayRef<int64_t>{op.getStaticLoopRanges()[mLoop], op.getStaticLoopRanges()[nLoop]})
    return "the epilogue's loops are not the contraction's output";
  if (op.getMatchingIndexingMap(op.getDpsInitOperand(0)).getResults() !=
      ArrayRef<AffineExpr>{getAffineDimExpr(mLoop, op.getContext()),
                           getAffineDimExpr(nLoop, op.getContext())})
    return "the contraction's output is not [M, N]";
  if (epilogue->getBlock() != op->getBlock() || !op->isBeforeInBlock(epilogue) ||
      (epilogue->getPrevNode() != op.getOperation() && hoistable(op, epilogue).empty()))
    return "it does not come right after the contraction";
  return "";
}

void ks::hoistOpsBetween(linalg::LinalgOp op, linalg::LinalgOp epilogue) {
  for (Operation *o : hoistable(op, epilogue))
    o->moveBefore(op);
}

std::string ks::epilogueOfHandle(transform::TransformState &state, Value epilogueHandle,
                                 Value targetHandle, linalg::LinalgOp &epilogue) {
  epilogue = nullptr;
  if (!epilogueHandle)
    return "";
  auto payload = llvm::to_vector(state.getPayloadOps(epilogueHandle));
  if (payload.empty())
    return "cannot apply the epilogue: there is none (no linalg op comes right after the "
           "contraction)";
  if (payload.size() != 1 || !isa<linalg::LinalgOp>(payload.front()))
    return "expects one linalg op as the epilogue";
  if (llvm::range_size(state.getPayloadOps(targetHandle)) != 1)
    return "an epilogue belongs to one target";
  epilogue = cast<linalg::LinalgOp>(payload.front());
  return "";
}

void ks::applyEpilogue(OpBuilder &b, Location loc, linalg::LinalgOp op,
                       linalg::LinalgOp epilogue, ArrayRef<Value> at, Value result) {
  Value output = op.getDpsInitOperand(0)->get();
  auto valuesAt = [&](OpOperand &operand) {
    SmallVector<Value> indices;
    for (AffineExpr e : epilogue.getMatchingIndexingMap(&operand).getResults())
      indices.push_back(
          isa<AffineDimExpr>(e)
              ? at[cast<AffineDimExpr>(e).getPosition()]
              : arith::ConstantIndexOp::create(b, loc, cast<AffineConstantExpr>(e).getValue())
                    .getResult());
    return indices;
  };
  Block &body = epilogue->getRegion(0).front();
  IRMapping map;
  for (OpOperand &operand : epilogue->getOpOperands()) {
    BlockArgument arg = epilogue.getMatchingBlockArgument(&operand);
    if (arg.use_empty())
      continue;
    if (operand.get() == output && !epilogue.isDpsInit(&operand))
      map.map(arg, result);
    else
      map.map(arg, memref::LoadOp::create(b, loc, operand.get(), valuesAt(operand)));
  }
  for (Operation &inner : body.without_terminator())
    b.clone(inner, map);
  for (auto [yielded, init] :
       llvm::zip(body.getTerminator()->getOperands(), epilogue.getDpsInitsMutable()))
    memref::StoreOp::create(b, loc, map.lookupOrDefault(yielded), init.get(), valuesAt(init));
}
