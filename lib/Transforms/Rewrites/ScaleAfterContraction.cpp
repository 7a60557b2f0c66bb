//===- ScaleAfterContraction.cpp - (s A)(t B) as s t (A B) ----------------===//
//
// PyTorch's scaled_dot_product_attention scales q and k by d ** -0.25 each
// before q @ k^T, as Torch-MLIR writes it: two elementwise kernels over the
// inputs (and k's transpose materialized between them, since the scaled
// copy, not the transpose, feeds the product). The product is linear in
// each operand, so with a zero init the scales can be applied to the
// product instead; its consumers (the softmax's max and exponentials)
// multiply what they read by s * t, which costs nothing in a kernel that
// reads the product anyway, and the transpose then folds into the product
// (ks-fold-transpose-into-matmul).
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSSCALEAFTERCONTRACTION
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The value of a floating-point constant, through a truncf or extf of one.
std::optional<double> constantValue(Value value) {
  if (auto cast = value.getDefiningOp<arith::TruncFOp>())
    value = cast.getIn();
  else if (auto cast = value.getDefiningOp<arith::ExtFOp>())
    value = cast.getIn();
  FloatAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return attr.getValueAsDouble();
}

/// An elementwise op with one input, an identity map for it and its init,
/// whose body only multiplies the input by a constant: (its input, the
/// constant).
std::optional<std::pair<Value, double>> matchScale(Value value) {
  auto op = value.getDefiningOp<linalg::GenericOp>();
  if (!op || !op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 0 ||
      !llvm::all_of(op.getIndexingMapsArray(), [](AffineMap m) { return m.isIdentity(); }))
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(op.getBody()->getTerminator());
  auto mul = yield.getOperand(0).getDefiningOp<arith::MulFOp>();
  BlockArgument in = op.getBody()->getArgument(0);
  if (!mul || mul->getBlock() != op.getBody())
    return std::nullopt;
  Value other = mul.getLhs() == in ? mul.getRhs() : mul.getRhs() == in ? mul.getLhs() : Value();
  std::optional<double> scale = other ? constantValue(other) : std::nullopt;
  if (!scale)
    return std::nullopt;
  return std::make_pair(op.getDpsInputOperand(0)->get(), *scale);
}

/// The scale feeding a contraction's operand, through a chain of single-use
/// reshapes: the operand rebuilt on the scale's input, and the scale.
std::optional<std::pair<Value, double>> unscaledOperand(RewriterBase &rewriter, Value operand) {
  SmallVector<Operation *> reshapes;
  Value value = operand;
  while (isa_and_nonnull<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(value.getDefiningOp()) &&
         value.hasOneUse()) {
    reshapes.push_back(value.getDefiningOp());
    value = value.getDefiningOp()->getOperand(0);
  }
  if (!value.hasOneUse())
    return std::nullopt;
  std::optional<std::pair<Value, double>> scale = matchScale(value);
  if (!scale)
    return std::nullopt;
  Value rebuilt = scale->first;
  for (Operation *reshape : llvm::reverse(reshapes)) {
    rewriter.setInsertionPoint(reshape);
    IRMapping map;
    map.map(reshape->getOperand(0), rebuilt);
    rebuilt = rewriter.clone(*reshape, map)->getResult(0);
  }
  return std::make_pair(rebuilt, scale->second);
}

/// Whether `value` is a fill of zero.
bool isZeroFill(Value value) {
  auto fill = value.getDefiningOp<linalg::FillOp>();
  return fill && matchPattern(fill.getInputs()[0], m_AnyZeroFloat());
}

/// Every op reading `value`, through reshapes, is a linalg.generic that
/// reads it as an input: the generics and their operands.
bool collectReaders(Value value, SmallVectorImpl<OpOperand *> &readers) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(user)) {
      if (!collectReaders(user->getResult(0), readers))
        return false;
      continue;
    }
    auto generic = dyn_cast<linalg::GenericOp>(user);
    if (!generic || !generic.isDpsInput(&use) ||
        !isa<FloatType>(generic.getMatchingBlockArgument(&use).getType()))
      return false;
    readers.push_back(&use);
  }
  return !readers.empty();
}

void scaleAfter(linalg::LinalgOp op, RewriterBase &rewriter) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !linalg::isaContractionOpInterface(op) || !isZeroFill(op.getDpsInits()[0]) ||
      op->getNumResults() != 1)
    return;
  SmallVector<OpOperand *> readers;
  if (!collectReaders(op->getResult(0), readers))
    return;
  double scale = 1.0;
  SmallVector<std::pair<OpOperand *, Value>> replaced;
  for (OpOperand *input : op.getDpsInputOperands())
    if (std::optional<std::pair<Value, double>> unscaled =
            unscaledOperand(rewriter, input->get())) {
      replaced.push_back({input, unscaled->first});
      scale *= unscaled->second;
    }
  if (replaced.empty())
    return;
  for (auto [input, value] : replaced)
    rewriter.modifyOpInPlace(op, [&, input = input, value = value] { input->set(value); });
  // Each reader multiplies what it reads by the product of the scales.
  for (OpOperand *use : readers) {
    auto generic = cast<linalg::GenericOp>(use->getOwner());
    BlockArgument arg = generic.getMatchingBlockArgument(use);
    rewriter.setInsertionPointToStart(generic.getBody());
    auto type = cast<FloatType>(arg.getType());
    Value factor = arith::ConstantOp::create(rewriter, op.getLoc(),
                                             rewriter.getFloatAttr(type, scale));
    Value scaled = arith::MulFOp::create(rewriter, op.getLoc(), arg, factor);
    rewriter.replaceAllUsesExcept(arg, scaled, scaled.getDefiningOp());
  }
}

struct ScaleAfterContraction
    : public ks::impl::KSScaleAfterContractionBase<ScaleAfterContraction> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> contractions;
    getOperation().walk([&](linalg::LinalgOp op) { contractions.push_back(op); });
    for (linalg::LinalgOp op : contractions)
      scaleAfter(op, rewriter);
  }
};
} // namespace
