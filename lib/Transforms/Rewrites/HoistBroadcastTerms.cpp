//===- HoistBroadcastTerms.cpp - Per-row terms once per row ---------------===//
//
// An elementwise op that reads some inputs broadcast (a row's mean and
// variance, a channel's weight) computes what depends on them alone at
// every point: Torch-MLIR's instance norm divides the f64 variance, adds
// eps and takes the square root for each of the plane's 200704 elements.
// Where those terms include f64 arithmetic, they are computed here once
// per point of the broadcast inputs, in an elementwise op of their own, and
// the op reads the results broadcast instead: it is left with the
// per-element work, and often with f32 operands only, which the vectorizing
// skills take.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace ks {
#define GEN_PASS_DEF_KSHOISTBROADCASTTERMS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The inputs of `op` read through `map` (one shape), and the body ops
/// computed from them and constants only, in body order.
struct BroadcastTerms {
  AffineMap map;
  SmallVector<OpOperand *> inputs;
  SmallVector<Operation *> ops;
  /// The ops' results the rest of the body uses (or yields).
  SmallVector<Value> frontier;
};

/// Whether `op` is worth computing once per broadcast point rather than at
/// every point: f64 arithmetic (a division is tens of instructions at half
/// the f32 rate). f32 divisions and square roots hide under a streaming
/// op's memory time; hoisted, they would cost a launch.
bool isCostly(Operation *op) {
  return llvm::any_of(op->getResultTypes(), [](Type t) { return t.isF64(); }) &&
         !isa<arith::ExtFOp, arith::TruncFOp, arith::ConstantOp>(op);
}

/// The terms of `op` over the inputs read through `map`, if any is costly.
std::optional<BroadcastTerms> termsOver(linalg::GenericOp op, AffineMap map) {
  BroadcastTerms terms{map, {}, {}, {}};
  llvm::DenseSet<Value> known;
  for (OpOperand *in : op.getDpsInputOperands())
    if (op.getMatchingIndexingMap(in) == map) {
      auto shape = cast<ShapedType>(in->get().getType()).getShape();
      if (!terms.inputs.empty() &&
          shape != cast<ShapedType>(terms.inputs.front()->get().getType()).getShape())
        return std::nullopt;
      terms.inputs.push_back(in);
      known.insert(op.getMatchingBlockArgument(in));
    }
  Block *body = op.getBlock();
  auto isKnown = [&](Value v) {
    if (known.contains(v))
      return true;
    return matchPattern(v, m_Constant());
  };
  for (Operation &inner : body->without_terminator()) {
    if (!isPure(&inner) || inner.getNumRegions() != 0 || inner.getNumResults() != 1 ||
        inner.hasTrait<OpTrait::ConstantLike>() || isa<linalg::IndexOp>(inner) ||
        !llvm::all_of(inner.getOperands(), isKnown))
      continue;
    terms.ops.push_back(&inner);
    known.insert(inner.getResult(0));
  }
  if (llvm::none_of(terms.ops, isCostly))
    return std::nullopt;
  llvm::DenseSet<Operation *> hoisted(terms.ops.begin(), terms.ops.end());
  // The terms op reads the inputs the terms use.
  llvm::erase_if(terms.inputs, [&](OpOperand *in) {
    return llvm::none_of(op.getMatchingBlockArgument(in).getUsers(),
                         [&](Operation *u) { return hoisted.contains(u); });
  });
  // Terms of constants alone are left to the canonicalizer.
  if (terms.inputs.empty())
    return std::nullopt;
  for (Operation *inner : terms.ops)
    if (llvm::any_of(inner->getUsers(), [&](Operation *u) { return !hoisted.contains(u); }))
      terms.frontier.push_back(inner->getResult(0));
  return terms;
}

/// The terms computed over the broadcast inputs' shape (identity maps),
/// one result per frontier value.
linalg::GenericOp computeTerms(IRRewriter &rewriter, linalg::GenericOp op,
                               const BroadcastTerms &terms) {
  Location loc = op.getLoc();
  auto shape = cast<ShapedType>(terms.inputs.front()->get().getType()).getShape();
  SmallVector<Value> inputs, inits;
  SmallVector<Type> types;
  for (OpOperand *in : terms.inputs)
    inputs.push_back(in->get());
  for (Value v : terms.frontier) {
    types.push_back(RankedTensorType::get(shape, v.getType()));
    inits.push_back(tensor::EmptyOp::create(rewriter, loc, shape, v.getType()));
  }
  AffineMap identity = rewriter.getMultiDimIdentityMap(shape.size());
  SmallVector<AffineMap> maps(inputs.size() + inits.size(), identity);
  return linalg::GenericOp::create(
      rewriter, loc, types, inputs, inits, maps,
      SmallVector<utils::IteratorType>(shape.size(), utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        IRMapping map;
        for (auto [in, arg] : llvm::zip(terms.inputs, args))
          map.map(op.getMatchingBlockArgument(in), arg);
        for (Operation *inner : terms.ops) {
          // Constants of the op's body that a term uses, cloned first.
          for (Value operand : inner->getOperands())
            if (Operation *def = operand.getDefiningOp();
                def && def->getBlock() == op.getBlock() && !map.contains(operand))
              b.clone(*def, map);
          b.clone(*inner, map);
        }
        SmallVector<Value> results;
        for (Value v : terms.frontier)
          results.push_back(map.lookup(v));
        linalg::YieldOp::create(b, l, results);
      });
}

/// `op` reading the computed terms through the broadcast map, without the
/// ops that computed them; its inputs other ops of its body read stay (a
/// batch norm's mean).
void readTerms(IRRewriter &rewriter, linalg::GenericOp op, const BroadcastTerms &terms,
               linalg::GenericOp computed) {
  llvm::DenseSet<Operation *> hoisted(terms.ops.begin(), terms.ops.end());
  // An input only the terms read is read no more.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<BlockArgument> kept;
  for (OpOperand *in : op.getDpsInputOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(in);
    if (!arg.use_empty() &&
        llvm::all_of(arg.getUsers(), [&](Operation *u) { return hoisted.contains(u); }))
      continue;
    inputs.push_back(in->get());
    maps.push_back(op.getMatchingIndexingMap(in));
    kept.push_back(arg);
  }
  for (Value result : computed.getResults()) {
    inputs.push_back(result);
    maps.push_back(terms.map);
  }
  for (OpOperand &out : op.getDpsInitsMutable())
    maps.push_back(op.getMatchingIndexingMap(&out));
  unsigned numInputs = kept.size();
  rewriter.setInsertionPoint(op);
  auto rewritten = linalg::GenericOp::create(
      rewriter, op.getLoc(), op.getResultTypes(), inputs, op.getDpsInits(), maps,
      op.getIteratorTypesArray(), [&](OpBuilder &b, Location l, ValueRange args) {
        IRMapping map;
        for (auto [arg, value] : llvm::zip(kept, args.take_front(numInputs)))
          map.map(arg, value);
        for (auto [v, arg] :
             llvm::zip(terms.frontier, args.slice(numInputs, terms.frontier.size())))
          map.map(v, arg);
        for (auto [arg, value] :
             llvm::zip(op.getRegionOutputArgs(), args.take_back(op.getNumDpsInits())))
          map.map(arg, value);
        for (Operation &inner : op.getBlock()->getOperations())
          if (!hoisted.contains(&inner))
            b.clone(inner, map);
      });
  rewriter.replaceOp(op, rewritten.getResults());
}

/// Whether `op` is an elementwise op on tensors whose outputs are read
/// through the identity.
bool isElementwiseOnTensors(linalg::GenericOp op) {
  return op.hasPureTensorSemantics() && op.getNumLoops() > 0 &&
         op.getNumParallelLoops() == op.getNumLoops() &&
         llvm::all_of(op.getDpsInitsMutable(), [&](OpOperand &out) {
           return op.getMatchingIndexingMap(&out).isIdentity();
         });
}

struct HoistBroadcastTerms : public ks::impl::KSHoistBroadcastTermsBase<HoistBroadcastTerms> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> candidates;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (isElementwiseOnTensors(op))
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : candidates) {
      // Each broadcast map in turn (the op is rewritten after each).
      SmallVector<AffineMap> maps;
      for (OpOperand *in : op.getDpsInputOperands()) {
        AffineMap map = op.getMatchingIndexingMap(in);
        if (map.getNumResults() > 0 && !map.isPermutation() && !llvm::is_contained(maps, map))
          maps.push_back(map);
      }
      for (AffineMap map : maps) {
        std::optional<BroadcastTerms> terms = termsOver(op, map);
        if (!terms || terms->frontier.empty())
          continue;
        rewriter.setInsertionPoint(op);
        linalg::GenericOp computed = computeTerms(rewriter, op, *terms);
        linalg::GenericOp before = op;
        readTerms(rewriter, before, *terms, computed);
        ++numHoisted;
        break; // the op is replaced; its other maps are left as they are
      }
    }
  }
};

} // namespace
