//===- TransformOps.cpp - ks extension of the transform dialect -----------===//

#include "ks/Transforms/TransformOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

namespace {
/// addf(mulf(a, b), c) -> fma(a, b, c), the product used only there.
struct FuseMultiplyAdd : OpRewritePattern<arith::AddFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::AddFOp add,
                                PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < 2; ++i) {
      auto mul = add->getOperand(i).getDefiningOp<arith::MulFOp>();
      if (!mul || !mul->hasOneUse())
        continue;
      rewriter.replaceOpWithNewOp<math::FmaOp>(add, mul.getLhs(), mul.getRhs(),
                                               add->getOperand(1 - i));
      rewriter.eraseOp(mul);
      return success();
    }
    return rewriter.notifyMatchFailure(add, "no single-use multiply operand");
  }
};

class KSTransformExtension
    : public transform::TransformDialectExtension<KSTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(KSTransformExtension)
  using Base::Base;
  void init() {
    declareGeneratedDialect<math::MathDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "ks/Transforms/TransformOps.cpp.inc"
        >();
  }
};
} // namespace

void transform::KSApplyFuseMultiplyAddPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  patterns.add<FuseMultiplyAdd>(patterns.getContext());
}

#define GET_OP_CLASSES
#include "ks/Transforms/TransformOps.cpp.inc"

void ks::registerTransformExtension(DialectRegistry &registry) {
  registry.addExtensions<KSTransformExtension>();
}
