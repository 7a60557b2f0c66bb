//===- FoldIndexTables.cpp - Index tables become index arithmetic ---------===//
//
// Torch-MLIR writes a gather (`aten.index`, as in group norm's per-channel
// weight and bias) as a linalg.generic that reads integer index tensors,
// constants such as [n for n, c] or [c floordiv 8 for n, c], and loads at
// the indices they hold. Each point of the op then loads a 64-bit index per
// table: group norm's normalization read eight tables, 64 bytes per 4-byte
// element. A table whose value at its row-major position L is
// ((L floordiv a) mod b) * s + c is that expression of the op's loop
// indices: computed in registers, the table is no longer read.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSFOLDINDEXTABLES
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// value(L) = ((L floordiv step) mod period) * scale + offset.
struct TableForm {
  int64_t step = 1, period = 1, scale = 0, offset = 0;
};

/// The values of an integer constant in row-major order, if it has them.
std::optional<SmallVector<int64_t>> tableValues(Attribute attr) {
  if (auto dense = dyn_cast<DenseIntElementsAttr>(attr)) {
    SmallVector<int64_t> values;
    for (const APInt &v : dense.getValues<APInt>())
      values.push_back(v.getSExtValue());
    return values;
  }
  if (auto resource = dyn_cast<DenseI64ResourceElementsAttr>(attr))
    if (std::optional<ArrayRef<int64_t>> data = resource.tryGetAsArrayRef())
      return SmallVector<int64_t>(*data);
  if (auto resource = dyn_cast<DenseI32ResourceElementsAttr>(attr))
    if (std::optional<ArrayRef<int32_t>> data = resource.tryGetAsArrayRef())
      return SmallVector<int64_t>(data->begin(), data->end());
  return std::nullopt;
}

/// The form of `values`, the smallest step and then period that fit.
std::optional<TableForm> fitTable(ArrayRef<int64_t> values) {
  int64_t n = values.size();
  if (n == 0)
    return std::nullopt;
  if (llvm::all_equal(values))
    return TableForm{1, 1, 0, values.front()};
  for (int64_t step = 1; step < n; ++step) {
    if (n % step != 0)
      continue;
    for (int64_t period = 2; period <= n / step; ++period) {
      if ((n / step) % period != 0)
        continue;
      TableForm form{step, period, values[step] - values[0], values[0]};
      bool fits = true;
      for (int64_t l = 0; l < n && fits; ++l)
        fits = values[l] == ((l / step) % period) * form.scale + form.offset;
      if (fits)
        return form;
    }
  }
  return std::nullopt;
}

/// Replaces the op's reads of constant index tables by their expressions;
/// returns whether any was.
bool foldTables(linalg::GenericOp op, RewriterBase &rewriter) {
  bool changed = false;
  Block *body = op.getBody();
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    BlockArgument arg = op.getMatchingBlockArgument(input);
    if (!type || !type.hasStaticShape() || !isa<IntegerType>(type.getElementType()) ||
        arg.use_empty())
      continue;
    Attribute value;
    if (!matchPattern(input->get(), m_Constant(&value)))
      continue;
    std::optional<SmallVector<int64_t>> values = tableValues(value);
    if (!values || static_cast<int64_t>(values->size()) != type.getNumElements())
      continue;
    std::optional<TableForm> form = fitTable(*values);
    if (!form)
      continue;
    // L, the table's row-major position at the op's point, then the form.
    AffineMap map = op.getMatchingIndexingMap(input);
    SmallVector<int64_t> strides = computeSuffixProduct(type.getShape());
    AffineExpr position = getAffineConstantExpr(0, op.getContext());
    for (auto [result, stride] : llvm::zip(map.getResults(), strides))
      position = position + result * stride;
    AffineExpr expr = (position.floorDiv(form->step) % form->period) * form->scale +
                      form->offset;
    rewriter.setInsertionPointToStart(body);
    SmallVector<Value> dims;
    for (unsigned d = 0; d < map.getNumDims(); ++d)
      dims.push_back(linalg::IndexOp::create(rewriter, op.getLoc(), d));
    Value index = affine::AffineApplyOp::create(
        rewriter, op.getLoc(), AffineMap::get(map.getNumDims(), 0, expr), dims);
    Value cast = arith::IndexCastOp::create(rewriter, op.getLoc(), arg.getType(), index);
    rewriter.replaceAllUsesWith(arg, cast);
    changed = true;
  }
  return changed;
}

struct FoldIndexTables : public ks::impl::KSFoldIndexTablesBase<FoldIndexTables> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    bool changed = false;
    getOperation().walk([&](linalg::GenericOp op) {
      if (op.hasPureTensorSemantics())
        changed |= foldTables(op, rewriter);
    });
    if (!changed)
      return;
    // The tables the ops no longer read leave their operands.
    RewritePatternSet patterns(&getContext());
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
