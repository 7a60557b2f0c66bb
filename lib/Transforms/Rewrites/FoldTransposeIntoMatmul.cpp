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
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSFOLDTRANSPOSEINTOMATMUL
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Whether `op`'s operands share one float element type: the products a
/// transpose is folded into. A 16-bit GEMM with f32 sums keeps its
/// transposed operand (its wgmma skill reads B as [K, N]).
bool oneFloatElementType(linalg::LinalgOp op) {
  Type element = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  return isa<FloatType>(element) && llvm::all_of(op.getDpsInputs(), [&](Value v) {
           return getElementTypeOrSelf(v) == element;
         });
}

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
    if (!oneFloatElementType(matmul))
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

/// How a contraction's operand that is a transpose under a collapse_shape
/// is read without the transpose: `map` reads the collapse of the
/// transpose's input or, where `expand` is set, the expand's source itself.
struct TransposeFold {
  linalg::TransposeOp transpose;
  AffineMap map;
  tensor::ExpandShapeOp expand;
};

/// The transpose under a collapse_shape feeding input `i` of `op`, when the
/// collapse merges only dims the transpose keeps in place (attention's k^T:
/// [8, 16, 64, 512] collapsed to [128, 64, 512]): the input's map with the
/// moved dims' results exchanged reads the collapse of the transpose's input.
std::optional<TransposeFold> collapsedTranspose(linalg::LinalgOp op, unsigned i) {
  Value input = op.getDpsInputOperand(i)->get();
  auto collapse = input.getDefiningOp<tensor::CollapseShapeOp>();
  auto transpose = collapse ? collapse.getSrc().getDefiningOp<linalg::TransposeOp>() : nullptr;
  if (!transpose || !collapse->hasOneUse() || !transpose->getResult(0).hasOneUse())
    return std::nullopt;
  ArrayRef<int64_t> perm = transpose.getPermutation();
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  SmallVector<int64_t> groupOf(perm.size());
  for (auto [g, group] : llvm::enumerate(groups))
    for (int64_t d : group)
      groupOf[d] = g;
  AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(i));
  SmallVector<AffineExpr> results(map.getResults()), permuted(results);
  for (auto [t, from] : llvm::enumerate(perm)) {
    if (from == static_cast<int64_t>(t))
      continue;
    // A moved dim must be a group of its own, and land on one.
    if (groups[groupOf[t]].size() != 1 || groups[groupOf[from]].size() != 1)
      return std::nullopt;
    permuted[groupOf[from]] = results[groupOf[t]];
  }
  return TransposeFold{transpose, AffineMap::get(map.getNumDims(), 0, permuted, op.getContext()),
                       nullptr};
}

/// The transpose feeding input `i` of `op` directly (a linear layer's W^T
/// once elementwise fusion has turned its matmul into a generic): the
/// input's map, its results permuted back, reads the transpose's input.
std::optional<TransposeFold> directTranspose(linalg::LinalgOp op, unsigned i) {
  auto transpose = op.getDpsInputOperand(i)->get().getDefiningOp<linalg::TransposeOp>();
  if (!transpose || !transpose->getResult(0).hasOneUse() || !oneFloatElementType(op))
    return std::nullopt;
  AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(i));
  SmallVector<AffineExpr> permuted(map.getNumResults());
  for (auto [t, from] : llvm::enumerate(transpose.getPermutation()))
    permuted[from] = map.getResult(t);
  return TransposeFold{transpose, AffineMap::get(map.getNumDims(), 0, permuted, op.getContext()),
                       nullptr};
}

/// The same where the transpose's input is an expand_shape whose groups the
/// transpose moves whole onto the collapse's groups: a 2-d transpose in
/// disguise (LeNet's fc1 weight, [120, 400] expanded to [120, 16, 5, 5],
/// permuted to [16, 5, 5, 120] and collapsed to [400, 120]). The input's
/// map, its results permuted group by group, reads the expand's source.
std::optional<TransposeFold> blockTransposed(linalg::LinalgOp op, unsigned i) {
  Value input = op.getDpsInputOperand(i)->get();
  auto collapse = input.getDefiningOp<tensor::CollapseShapeOp>();
  auto transpose = collapse ? collapse.getSrc().getDefiningOp<linalg::TransposeOp>() : nullptr;
  auto expand = transpose ? transpose.getInput().getDefiningOp<tensor::ExpandShapeOp>() : nullptr;
  if (!expand || !collapse->hasOneUse() || !transpose->getResult(0).hasOneUse() ||
      !expand->hasOneUse())
    return std::nullopt;
  ArrayRef<int64_t> perm = transpose.getPermutation();
  SmallVector<ReassociationIndices> expanded = expand.getReassociationIndices();
  SmallVector<ReassociationIndices> collapsed = collapse.getReassociationIndices();
  if (expanded.size() != collapsed.size())
    return std::nullopt;
  AffineMap map = op.getMatchingIndexingMap(op.getDpsInputOperand(i));
  SmallVector<AffineExpr> results(expanded.size());
  for (auto [g, group] : llvm::enumerate(collapsed)) {
    // The transpose's input dims that land on group g, in order...
    ReassociationIndices from = llvm::map_to_vector(group, [&](int64_t t) { return perm[t]; });
    // ... must be one of the expand's groups: the source's dim h.
    auto h = llvm::find(expanded, from);
    if (h == expanded.end())
      return std::nullopt;
    results[h - expanded.begin()] = map.getResult(g);
  }
  return TransposeFold{transpose, AffineMap::get(map.getNumDims(), 0, results, op.getContext()),
                       expand};
}

/// A contraction (a batched matmul, named or generic, or a generic matmul)
/// whose operand is a transpose, alone or collapsed (directTranspose,
/// collapsedTranspose, blockTransposed), reads the transpose's input
/// instead.
struct TransposedOperandOfContraction
    : OpInterfaceRewritePattern<linalg::LinalgOp> {
  TransposedOperandOfContraction(MLIRContext *context, llvm::Statistic &count)
      : OpInterfaceRewritePattern(context), count(count) {}

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<linalg::GenericOp, linalg::BatchMatmulOp>(op.getOperation()) ||
        !op.hasPureTensorSemantics() || !linalg::isaContractionOpInterface(op))
      return rewriter.notifyMatchFailure(op, "not a contraction on tensors");
    SmallVector<std::optional<TransposeFold>> folds;
    for (unsigned i = 0; i < op.getNumDpsInputs(); ++i) {
      std::optional<TransposeFold> fold = directTranspose(op, i);
      if (!fold)
        fold = collapsedTranspose(op, i);
      folds.push_back(fold ? fold : blockTransposed(op, i));
    }
    if (llvm::none_of(folds, [](const auto &f) { return f.has_value(); }))
      return rewriter.notifyMatchFailure(op, "no operand is a transpose used only here");
    SmallVector<Value> inputs = op.getDpsInputs();
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    for (auto [i, fold] : llvm::enumerate(folds)) {
      if (!fold)
        continue;
      maps[i] = fold->map;
      if (fold->expand) {
        inputs[i] = fold->expand.getSrc();
        continue;
      }
      if (inputs[i] == fold->transpose->getResult(0)) {
        inputs[i] = fold->transpose.getInput();
        continue;
      }
      auto collapse = inputs[i].getDefiningOp<tensor::CollapseShapeOp>();
      rewriter.setInsertionPoint(collapse);
      inputs[i] = tensor::CollapseShapeOp::create(rewriter, collapse.getLoc(),
                                                  fold->transpose.getInput(),
                                                  collapse.getReassociationIndices());
    }
    rewriter.setInsertionPoint(op);
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), op->getResultTypes(), inputs, op.getDpsInits(), maps,
        op.getIteratorTypesArray());
    IRMapping body;
    op->getRegion(0).cloneInto(&generic.getRegion(), body);
    rewriter.replaceOp(op, generic->getResults());
    ++count;
    return success();
  }

  llvm::Statistic &count;
};

struct FoldTransposeIntoMatmul
    : ks::impl::KSFoldTransposeIntoMatmulBase<FoldTransposeIntoMatmul> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<TransposedOperandInPlace, TransposedOperandOfContraction>(&getContext(),
                                                                           numFolded);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
