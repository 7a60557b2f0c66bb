//===- FoldDiagonalMatmul.cpp - diag(v) @ B as a scaling ------------------===//
//
// torch.diag(v) @ B reaches us as a generic that builds the N x N diagonal
// matrix (select(i == j, v, 0)) and a full matmul on it: N^3 multiply-adds,
// all but N^2 of them by zero. The product is a row scaling of B (a column
// scaling of A for A @ diag(v)); the matmul is replaced by that elementwise
// op, and the diagonal matrix, now unused, disappears.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace ks {
#define GEN_PASS_DEF_KSFOLDDIAGONALMATMUL
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The diagonal of a matrix built as select(index(0) == index(1), v, 0).
struct Diagonal {
  Value vector;    ///< The operand v comes from.
  AffineMap map;   ///< Its indexing map in the builder (one loop used).
};

/// The input operand of `builder` whose body argument `v` is, if it is one.
OpOperand *inputOf(Value v, linalg::GenericOp builder) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || arg.getOwner()->getParentOp() != builder ||
      arg.getArgNumber() >= builder.getNumDpsInputs())
    return nullptr;
  return builder.getDpsInputOperand(arg.getArgNumber());
}

/// `v` with index casts looked through.
Value throughCasts(Value v) {
  while (Operation *op = v.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
      break;
    v = op->getOperand(0);
  }
  return v;
}

/// Whether `tensor` is an iota: a one-loop generic yielding its index
/// (through casts), possibly reshaped to add unit dims.
bool isIota(Value tensor) {
  while (auto expand = tensor.getDefiningOp<tensor::ExpandShapeOp>())
    tensor = expand.getSrc();
  auto iota = tensor.getDefiningOp<linalg::GenericOp>();
  if (!iota || iota.getNumLoops() != 1 || iota.getNumDpsInits() != 1 ||
      !iota.getMatchingIndexingMap(iota.getDpsInitOperand(0)).isIdentity())
    return false;
  auto yield = cast<linalg::YieldOp>(iota.getBody()->getTerminator());
  auto index = throughCasts(yield.getOperand(0)).getDefiningOp<linalg::IndexOp>();
  return index && index.getDim() == 0;
}

/// The loop of `builder` whose index `v` is: linalg.index (through casts),
/// or an element of an iota read along that loop alone (its other dims of
/// size 1), as Torch-MLIR builds torch.diag.
std::optional<unsigned> loopIndex(Value v, linalg::GenericOp builder) {
  v = throughCasts(v);
  if (auto index = v.getDefiningOp<linalg::IndexOp>())
    return index.getDim();
  OpOperand *input = inputOf(v, builder);
  if (!input)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(input->get().getType());
  AffineMap map = builder.getMatchingIndexingMap(input);
  if (!type || !isIota(input->get()))
    return std::nullopt;
  std::optional<unsigned> loop;
  for (auto [pos, e] : llvm::enumerate(map.getResults())) {
    if (auto dim = dyn_cast<AffineDimExpr>(e)) {
      if (loop)
        return std::nullopt;
      loop = dim.getPosition();
    } else if (type.getDimSize(pos) != 1) {
      return std::nullopt;
    }
  }
  return loop;
}

/// Whether `v`, in `builder`'s body, is 0.0: a constant, or a block
/// argument fed by a splat-zero constant tensor.
bool isZero(Value v, linalg::GenericOp builder) {
  if (matchPattern(v, m_AnyZeroFloat()))
    return true;
  OpOperand *input = inputOf(v, builder);
  DenseElementsAttr value;
  return input && matchPattern(input->get(), m_Constant(&value)) &&
         value.isSplat() && isa<FloatType>(value.getElementType()) &&
         value.getSplatValue<APFloat>().isZero();
}

std::optional<Diagonal> diagonalOf(Value matrix) {
  auto builder = matrix.getDefiningOp<linalg::GenericOp>();
  if (!builder || builder.getNumLoops() != 2 || builder.getNumParallelLoops() != 2 ||
      builder.getNumDpsInits() != 1 ||
      !builder.getMatchingIndexingMap(builder.getDpsInitOperand(0)).isIdentity())
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(builder.getBody()->getTerminator());
  auto select = yield.getOperand(0).getDefiningOp<arith::SelectOp>();
  if (!select || !isZero(select.getFalseValue(), builder))
    return std::nullopt;
  auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::eq)
    return std::nullopt;
  std::optional<unsigned> a = loopIndex(cmp.getLhs(), builder),
                          b = loopIndex(cmp.getRhs(), builder);
  if (!a || !b || *a == *b)
    return std::nullopt;
  // v: an input read through one loop only (the other is equal to it on
  // the diagonal, where alone it is selected).
  OpOperand *input = inputOf(select.getTrueValue(), builder);
  if (!input)
    return std::nullopt;
  AffineMap map = builder.getMatchingIndexingMap(input);
  unsigned loopsUsed = 0;
  for (AffineExpr e : map.getResults()) {
    if (isa<AffineDimExpr>(e))
      ++loopsUsed;
    else if (!isa<AffineConstantExpr>(e))
      return std::nullopt;
  }
  if (loopsUsed != 1)
    return std::nullopt;
  return Diagonal{input->get(), map};
}

/// `map` (over the builder's two loops, one of them used) over the new
/// op's loops (i, j), reading along `loop`.
AffineMap alongLoop(AffineMap map, unsigned loop, MLIRContext *ctx) {
  SmallVector<AffineExpr> results;
  for (AffineExpr e : map.getResults())
    results.push_back(isa<AffineDimExpr>(e) ? getAffineDimExpr(loop, ctx) : e);
  return AffineMap::get(2, 0, results, ctx);
}

bool hasDefaultMaps(linalg::MatmulOp op) {
  return op.getIndexingMapsArray() == linalg::MatmulOp::getDefaultIndexingMaps(op.getContext());
}

struct FoldDiagonalMatmul
    : public ks::impl::KSFoldDiagonalMatmulBase<FoldDiagonalMatmul> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::MatmulOp> matmuls;
    getOperation()->walk([&](linalg::MatmulOp op) { matmuls.push_back(op); });
    for (linalg::MatmulOp op : matmuls) {
      if (!op.hasPureTensorSemantics() || !hasDefaultMaps(op))
        continue;
      auto type = cast<RankedTensorType>(op.getResultTypes()[0]);
      if (!isa<FloatType>(type.getElementType()))
        continue;
      Value lhs = op.getDpsInputOperand(0)->get(), rhs = op.getDpsInputOperand(1)->get();
      // diag(v) @ B: v along the rows (i); A @ diag(v): along the columns (j).
      std::optional<Diagonal> diag = diagonalOf(lhs);
      bool left = diag.has_value();
      if (!left)
        diag = diagonalOf(rhs);
      if (!diag)
        continue;
      MLIRContext *ctx = op.getContext();
      Location loc = op.getLoc();
      AffineMap identity = AffineMap::getMultiDimIdentityMap(2, ctx);
      AffineMap vectorMap = alongLoop(diag->map, left ? 0 : 1, ctx);
      Value dense = left ? rhs : lhs;
      // The operands in the matmul's order (its body multiplies lhs * rhs).
      SmallVector<Value> inputs = left ? SmallVector<Value>{diag->vector, dense}
                                       : SmallVector<Value>{dense, diag->vector};
      SmallVector<AffineMap> maps = left
          ? SmallVector<AffineMap>{vectorMap, identity, identity}
          : SmallVector<AffineMap>{identity, vectorMap, identity};
      rewriter.setInsertionPoint(op);
      auto scaled = linalg::GenericOp::create(
          rewriter, loc, TypeRange{type}, inputs,
          ValueRange{op.getDpsInitOperand(0)->get()}, maps,
          SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel),
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value product = arith::MulFOp::create(b, l, args[0], args[1]);
            Value sum = arith::AddFOp::create(b, l, args[2], product);
            linalg::YieldOp::create(b, l, sum);
          });
      rewriter.replaceOp(op, scaled.getResults());
      ++numFolded;
    }
  }
};

} // namespace
