//===- SumBeforeMatmul.cpp - sum(A B, dim) as A (sum B) -------------------===//
//
// torch.sum(x @ W.T + b, dim=1) computes a whole M x N product to keep N
// times fewer numbers. The sum is linear in the product: summing B's
// columns first (K numbers) leaves a matrix-vector product. The matmul and
// the reduction that reads it are replaced by three small ops: the sum of
// the operand, the reduction of the remaining terms alone (the bias), and
// the matrix-vector product accumulating onto it.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSSUMBEFOREMATMUL
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// A matmul C[m, n] = 0 + sum_k A * B on tensors, its loops by role.
struct Matmul {
  linalg::LinalgOp op;
  unsigned m, n, k;
};

std::optional<Matmul> matchMatmul(Value product) {
  auto op = product.getDefiningOp<linalg::LinalgOp>();
  if (!op || !isa<linalg::MatmulOp, linalg::GenericOp>(op.getOperation()) ||
      !op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != 3 || !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims = linalg::inferContractionDims(op);
  if (failed(dims) || !dims->batch.empty() || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1)
    return std::nullopt;
  // The product's elements are the matmul's sums alone: its init is zeros.
  auto fill = op.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>();
  if (!fill || !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()))
    return std::nullopt;
  Matmul mm{op, dims->m[0], dims->n[0], dims->k[0]};
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (out.getNumResults() != 2 || !out.isProjectedPermutation())
    return std::nullopt;
  return mm;
}

/// The reduction r[p] = init + sum_r (product[.] + t) reading the product
/// through its two loops; `productArg` the product's body argument, `rest`
/// t (null where the product is summed alone), `sum` the addition of the
/// product to t.
struct SumOfProduct {
  linalg::GenericOp op;
  OpOperand *product;
  Value rest;
  Operation *sum;
};

std::optional<SumOfProduct> matchSum(linalg::GenericOp op, OpOperand *product) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() != 2 || op.getNumReductionLoops() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumResults() != 1 ||
      op.getIteratorTypesArray()[1] != utils::IteratorType::reduction ||
      !op.getMatchingIndexingMap(product).isPermutation() ||
      op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isFunctionOfDim(1))
    return std::nullopt;
  Block *body = op.getBody();
  BlockArgument productArg = op.getMatchingBlockArgument(product);
  BlockArgument acc = op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  if (!productArg.hasOneUse() || !acc.hasOneUse())
    return std::nullopt;
  // yield(acc + e), e = product or product + t.
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto total = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!total || total->getBlock() != body)
    return std::nullopt;
  Value e = total.getLhs() == acc ? total.getRhs() : total.getRhs() == acc ? total.getLhs()
                                                                           : Value();
  if (!e)
    return std::nullopt;
  if (e == productArg)
    return SumOfProduct{op, product, Value(), nullptr};
  auto add = e.getDefiningOp<arith::AddFOp>();
  if (!add || !add->hasOneUse())
    return std::nullopt;
  Value rest = add.getLhs() == productArg ? add.getRhs()
               : add.getRhs() == productArg ? add.getLhs()
                                            : Value();
  if (!rest)
    return std::nullopt;
  return SumOfProduct{op, product, rest, add};
}

/// `map` over the matmul's loops as a map over two new loops: `first` the
/// new loop 0, `second` loop 1 (the third loop must not be read).
AffineMap overTwoLoops(AffineMap map, unsigned first, unsigned second) {
  MLIRContext *ctx = map.getContext();
  SmallVector<AffineExpr> dims(3, getAffineConstantExpr(0, ctx));
  dims[first] = getAffineDimExpr(0, ctx);
  dims[second] = getAffineDimExpr(1, ctx);
  return map.replaceDimsAndSymbols(dims, {}, 2, 0);
}

Value zeros(RewriterBase &rewriter, Location loc, ArrayRef<int64_t> shape, Type elem) {
  Value empty = tensor::EmptyOp::create(rewriter, loc, shape, elem);
  Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(elem));
  return linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
}

struct SumBeforeMatmul : public ks::impl::KSSumBeforeMatmulBase<SumBeforeMatmul> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::GenericOp> candidates;
    getOperation()->walk([&](linalg::GenericOp op) { candidates.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : candidates) {
      for (OpOperand *input : op.getDpsInputOperands()) {
        std::optional<Matmul> mm = matchMatmul(input->get());
        if (!mm || !input->get().hasOneUse())
          continue;
        std::optional<SumOfProduct> sum = matchSum(op, input);
        if (!sum)
          continue;
        rewrite(rewriter, *mm, *sum);
        ++numRewritten;
        break;
      }
    }
  }

  void rewrite(RewriterBase &rewriter, Matmul mm, SumOfProduct sum) {
    linalg::GenericOp red = sum.op;
    Location loc = red.getLoc();
    MLIRContext *ctx = red.getContext();
    rewriter.setInsertionPoint(red);
    // Which matmul loop the reduction sums over (reduced) and keeps (kept):
    // the product's dims, read by the reduction's loops 0 (kept) and 1.
    AffineMap productOut = mm.op.getMatchingIndexingMap(mm.op.getDpsInitOperand(0));
    AffineMap productIn = red.getMatchingIndexingMap(sum.product);
    auto loopAt = [&](unsigned redLoop) {
      unsigned pos = *productIn.getResultPosition(getAffineDimExpr(redLoop, ctx));
      return cast<AffineDimExpr>(productOut.getResult(pos)).getPosition();
    };
    unsigned kept = loopAt(0), reduced = loopAt(1);
    // The operand that has the reduced loop is summed over it; the other
    // multiplies that sum.
    OpOperand *a = mm.op.getDpsInputOperand(0), *b = mm.op.getDpsInputOperand(1);
    bool reduceB = mm.op.getMatchingIndexingMap(b).isFunctionOfDim(reduced);
    OpOperand *summed = reduceB ? b : a, *other = reduceB ? a : b;
    auto summedType = cast<RankedTensorType>(summed->get().getType());
    Type elem = summedType.getElementType();
    int64_t kSize = mm.op.getStaticLoopRanges()[mm.k];

    // w[k] = sum_r X(r, k): loops (k, r).
    auto vecMap = AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx);
    auto sumOperand = linalg::GenericOp::create(
        rewriter, loc, TypeRange{RankedTensorType::get({kSize}, elem)}, ValueRange{summed->get()},
        ValueRange{zeros(rewriter, loc, {kSize}, elem)},
        {overTwoLoops(mm.op.getMatchingIndexingMap(summed), mm.k, reduced), vecMap},
        {utils::IteratorType::parallel, utils::IteratorType::reduction},
        [&](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, Value(arith::AddFOp::create(b, l, args[1], args[0])));
        });

    // The remaining terms summed alone onto the reduction's init.
    Value init = red.getDpsInitOperand(0)->get();
    AffineMap outMap = red.getMatchingIndexingMap(red.getDpsInitOperand(0));
    if (sum.rest) {
      SmallVector<Value> inputs;
      SmallVector<AffineMap> maps;
      for (OpOperand *input : red.getDpsInputOperands()) {
        if (input == sum.product)
          continue;
        inputs.push_back(input->get());
        maps.push_back(red.getMatchingIndexingMap(input));
      }
      maps.push_back(outMap);
      auto rest = linalg::GenericOp::create(
          rewriter, loc, red.getResultTypes(), inputs, ValueRange{init}, maps,
          red.getIteratorTypesArray(), [&](OpBuilder &b, Location l, ValueRange args) {
            IRMapping map;
            unsigned next = 0;
            for (BlockArgument arg : red.getBody()->getArguments())
              if (arg != red.getMatchingBlockArgument(sum.product))
                map.map(arg, args[next++]);
            for (Operation &inner : red.getBody()->without_terminator()) {
              if (&inner == sum.sum) {
                map.map(inner.getResult(0), map.lookup(sum.rest));
                continue;
              }
              b.clone(inner, map);
            }
            linalg::YieldOp::create(
                b, l, map.lookup(red.getBody()->getTerminator()->getOperand(0)));
          });
      init = rest.getResult(0);
    }

    // r[p] = init[p] + sum_k Y(p, k) * w[k]: loops (p, k).
    auto kVec = AffineMap::get(2, 0, {getAffineDimExpr(1, ctx)}, ctx);
    AffineMap otherMap = overTwoLoops(mm.op.getMatchingIndexingMap(other), kept, mm.k);
    bool otherFirst = other == a; // the matmul's order of the factors
    SmallVector<Value> inputs = otherFirst
        ? SmallVector<Value>{other->get(), sumOperand.getResult(0)}
        : SmallVector<Value>{sumOperand.getResult(0), other->get()};
    SmallVector<AffineMap> maps = otherFirst ? SmallVector<AffineMap>{otherMap, kVec, outMap}
                                             : SmallVector<AffineMap>{kVec, otherMap, outMap};
    auto product = linalg::GenericOp::create(
        rewriter, loc, red.getResultTypes(), inputs, ValueRange{init}, maps,
        {utils::IteratorType::parallel, utils::IteratorType::reduction},
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value p = arith::MulFOp::create(b, l, args[0], args[1]);
          linalg::YieldOp::create(b, l, Value(arith::AddFOp::create(b, l, args[2], p)));
        });
    rewriter.replaceOp(red, product.getResults());
    rewriter.eraseOp(mm.op);
  }
};

} // namespace
