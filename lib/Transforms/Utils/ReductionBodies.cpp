//===- ReductionBodies.cpp - Reading a reduction's inputs and body --------===//

#include "ks/Transforms/Utils/ReductionBodies.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

bool ks::sameTensor(Value a, Value b) {
  if (a == b)
    return true;
  auto ca = a.getDefiningOp<tensor::CollapseShapeOp>();
  auto cb = b.getDefiningOp<tensor::CollapseShapeOp>();
  if (ca && cb)
    return ca.getType() == cb.getType() &&
           ca.getReassociationIndices() == cb.getReassociationIndices() &&
           sameTensor(ca.getSrc(), cb.getSrc());
  auto ea = a.getDefiningOp<tensor::ExpandShapeOp>();
  auto eb = b.getDefiningOp<tensor::ExpandShapeOp>();
  return ea && eb && ea.getType() == eb.getType() &&
         ea.getReassociationIndices() == eb.getReassociationIndices() &&
         sameTensor(ea.getSrc(), eb.getSrc());
}

Value ks::otherOperand(Operation *binary, Value out) {
  if (binary->getNumOperands() != 2)
    return nullptr;
  Value lhs = binary->getOperand(0), rhs = binary->getOperand(1);
  if (lhs == out && rhs != out)
    return rhs;
  if (rhs == out && lhs != out)
    return lhs;
  return nullptr;
}
