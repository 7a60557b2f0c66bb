//===- FoldTransposeIntoMatmul.cpp - read a matmul operand transposed -----===//
//
// nn.Linear reaches us as y = x @ transpose(W): the transpose is a dispatch
// of its own, moving the whole weight twice on every call, for a GEMM that
// could read W in place. The matmul becomes a generic contraction whose
// map reads the transpose's input with its indices swapped; the transpose
// is then dead.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSFOLDTRANSPOSEINTOMATMUL
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

struct TransposedOperandInPlace : OpRewritePattern<linalg::MatmulOp> {
  TransposedOperandInPlace(MLIRContext *context, llvm::Statistic &count)
      : OpRewritePattern(context), count(count) {}

  LogicalResult matchAndRewrite(linalg::MatmulOp matmul,
                                PatternRewriter &rewriter) const override {
    if (!matmul.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(matmul, "not on tensors");
    MLIRContext *ctx = matmul.getContext();
    SmallVector<AffineMap> maps = linalg::MatmulOp::getDefaultIndexingMaps(ctx);
    if (matmul.getIndexingMapsArray() != maps)
      return rewriter.notifyMatchFailure(matmul, "not the default maps");
    Type element = getElementTypeOrSelf(matmul.getOutputs()[0].getType());
    if (!isa<FloatType>(element) ||
        llvm::any_of(matmul.getInputs(), [&](Value v) { return getElementTypeOrSelf(v) != element; }))
      return rewriter.notifyMatchFailure(matmul, "not one float element type");

    SmallVector<Value> inputs = matmul.getInputs();
    bool folded = false;
    for (int i = 0; i < 2; ++i) {
      auto transpose = inputs[i].getDefiningOp<linalg::TransposeOp>();
      if (!transpose || !transpose->getResult(0).hasOneUse() ||
          transpose.getPermutation() != ArrayRef<int64_t>{1, 0})
        continue;
      inputs[i] = transpose.getInput();
      AffineMap map = maps[i];
      maps[i] = AffineMap::get(3, 0, {map.getResult(1), map.getResult(0)}, ctx);
      folded = true;
    }
    if (!folded)
      return rewriter.notifyMatchFailure(matmul, "no operand is a transpose used only here");

    SmallVector<utils::IteratorType> iterators = {utils::IteratorType::parallel,
                                                  utils::IteratorType::parallel,
                                                  utils::IteratorType::reduction};
    auto generic = linalg::GenericOp::create(
        rewriter, matmul.getLoc(), matmul.getResultTypes(), inputs, matmul.getOutputs(), maps,
        iterators, [](OpBuilder &b, Location loc, ValueRange args) {
          Value product = arith::MulFOp::create(b, loc, args[0], args[1]);
          Value sum = arith::AddFOp::create(b, loc, args[2], product);
          linalg::YieldOp::create(b, loc, sum);
        });
    rewriter.replaceOp(matmul, generic.getResults());
    ++count;
    return success();
  }

  llvm::Statistic &count;
};

struct FoldTransposeIntoMatmul
    : ks::impl::KSFoldTransposeIntoMatmulBase<FoldTransposeIntoMatmul> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<TransposedOperandInPlace>(&getContext(), numFolded);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
