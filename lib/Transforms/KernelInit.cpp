//===- KernelInit.cpp - Where a kernel's output gets its initial value ----===//

#include "KernelInit.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace ks {

static bool isFloat(Value v, double value) {
  FloatAttr attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return false;
  return attr.getValueAsDouble() == value; // -0.0 == 0.0
}

bool isFillWith(Operation *op, Value buffer, double value) {
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.getOutputs()[0] == buffer && isFloat(fill.value(), value);
  if (auto map = dyn_cast<linalg::MapOp>(op)) {
    auto yield = cast<linalg::YieldOp>(map.getMapper().front().getTerminator());
    return map.getInputs().empty() && map.getInit() == buffer && yield->getNumOperands() == 1 &&
           isFloat(yield->getOperand(0), value);
  }
  return false;
}

Operation *findFillInit(linalg::LinalgOp op, double value) {
  Value output = op.getDpsInitOperand(0)->get();
  Value root = rootOf(output);
  bool wholeView = output == root || (isa_and_nonnull<memref::CollapseShapeOp,
                                                      memref::ExpandShapeOp>(
                                          output.getDefiningOp()) &&
                                      output.getDefiningOp()->getOperand(0) == root);
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (isFillWith(prev, output, value) || (wholeView && isFillWith(prev, root, value)))
      return prev;
    if (mayTouch(prev, root))
      return nullptr;
  }
  return nullptr;
}

void eraseFolded(RewriterBase &rewriter, ArrayRef<Operation *> ops) {
  auto module = ops.front()->getParentOfType<ModuleOp>();
  SmallVector<int64_t> folded;
  if (auto old = module->getAttrOfType<DenseI64ArrayAttr>("ks.folded_dispatches"))
    folded.append(old.asArrayRef().begin(), old.asArrayRef().end());
  size_t before = folded.size();
  for (Operation *op : ops) {
    if (auto id = op->getAttrOfType<IntegerAttr>("ks.dispatch"))
      folded.push_back(id.getInt());
    rewriter.eraseOp(op);
  }
  if (folded.size() != before)
    module->setAttr("ks.folded_dispatches", rewriter.getDenseI64ArrayAttr(folded));
}

} // namespace ks
