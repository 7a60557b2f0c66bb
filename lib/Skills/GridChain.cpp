//===- GridChain.cpp - A whole buffer's sum and the op that uses it -------===//

#include "ks/Skills/GridChain.h"
#include "ks/Skills/RowChain.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace ks::agents {
namespace {
/// The buffer `v` is a view of, or `v`.
Value viewRoot(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// The static row-major f32 function argument or allocation (256-byte
/// aligned on the device) that `v` is, or is a chain of collapse/expand
/// shapes of (same elements, same order); null otherwise.
Value rowMajorRoot(Value v) {
  v = baseBuffer(v);
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!isContiguous(type) || !type.getElementType().isF32() || type.getMemorySpace())
    return nullptr;
  if (!isa<BlockArgument>(v) && !v.getDefiningOp<memref::AllocOp>())
    return nullptr;
  return v;
}

int64_t elementsOf(Value v) { return cast<MemRefType>(v.getType()).getNumElements(); }

/// The fill with zero of all of `buffer`'s root right before `user` (past
/// reshapes, allocations and constants only), or null.
linalg::FillOp zeroFillOf(Value buffer, Operation *user) {
  auto fill = dyn_cast_or_null<linalg::FillOp>(neighbour(user, /*forward=*/false));
  if (!fill)
    return nullptr;
  Value root = viewRoot(buffer), out = fill.getDpsInitOperand(0)->get();
  if (viewRoot(out) != root || elementsOf(out) != elementsOf(root) ||
      !matchPattern(fill.getDpsInputOperand(0)->get(), m_AnyZeroFloat()))
    return nullptr;
  return fill;
}

/// Whether `op` yields addf of its body's two arguments and nothing else.
bool isPlainSum(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  auto add = dyn_cast<arith::AddFOp>(&body.front());
  return body.getNumArguments() == 2 && body.getOperations().size() == 2 && add &&
         llvm::is_contained(add->getOperands(), body.getArgument(0)) &&
         llvm::is_contained(add->getOperands(), body.getArgument(1)) &&
         body.getTerminator()->getOperand(0) == add.getResult();
}

std::string match(linalg::LinalgOp target, GridChain &chain) {
  auto partial = dyn_cast<linalg::GenericOp>(target.getOperation());
  if (!partial || !partial.hasPureBufferSemantics())
    return "the target is not a linalg.generic on buffers";
  chain.partial = partial;
  // P[r] += f(X[r, c]) over a row-major view of all of X, each element once.
  if (partial.getNumLoops() != 2 || partial.getNumDpsInputs() != 1 ||
      partial.getNumDpsInits() != 1 || partial.getNumReductionLoops() != 1 ||
      partial.getIteratorTypesArray()[0] != utils::IteratorType::parallel)
    return "the target is not a partial sum of rows (one input, [parallel, reduction] loops)";
  OpOperand *in = partial.getDpsInputOperand(0), *out = partial.getDpsInitOperand(0);
  // Rows of consecutive elements or interleaved ones: each element once.
  if (!partial.getMatchingIndexingMap(in).isPermutation())
    return "the partial sum does not read each element of its input once";
  chain.x = rowMajorRoot(in->get());
  if (!chain.x)
    return "the summed buffer is not a reshape of a static row-major f32 argument or "
           "allocation";
  chain.elements = elementsOf(chain.x);
  if (elementsOf(in->get()) != chain.elements)
    return "the partial sum reads part of its buffer";
  Block &body = partial.getRegion().front();
  BlockArgument acc = body.getArgument(1);
  auto add = dyn_cast_or_null<arith::AddFOp>(body.getTerminator()->getOperand(0).getDefiningOp());
  if (!add || !acc.hasOneUse() || !llvm::is_contained(add->getOperands(), acc) ||
      add.getLhs() == add.getRhs())
    return "the partial stage is not a sum (an addf of the running sum and a term)";
  chain.partialSum = add;
  Value partials = out->get();
  if (!partials.getDefiningOp<memref::AllocOp>())
    return "the partial sums are not a buffer of their own";
  chain.partialFill = zeroFillOf(partials, partial);
  if (!chain.partialFill)
    return "the partial sums do not start from a zero fill";

  // Then: the total's fill, the final stage, the map; views, allocations
  // and constants between them.
  for (Operation *op = partial->getNextNode();
       op && !chain.map && !op->hasTrait<OpTrait::IsTerminator>(); op = op->getNextNode()) {
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!chain.final && generic && llvm::is_contained(generic.getDpsInputs(), partials)) {
      chain.final = generic;
      continue;
    }
    if (chain.final && generic && llvm::any_of(generic.getDpsInputs(), [&](Value v) {
          return viewRoot(v) == viewRoot(chain.final.getDpsInitOperand(0)->get());
        })) {
      chain.map = generic;
      continue;
    }
    if (!isa<linalg::FillOp, ViewLikeOpInterface, memref::AllocOp, arith::ConstantOp>(op))
      return "an op other than the stages, their fills and views lies between the sum and "
             "the op that uses it";
  }
  if (!chain.final)
    return "no final stage reads the partial sums";
  if (chain.final.getNumDpsInputs() != 1 || chain.final.getNumDpsInits() != 1 ||
      chain.final.getNumReductionLoops() != 1 || !isPlainSum(chain.final))
    return "the final stage is not a plain sum of the partial sums";
  chain.total = chain.final.getDpsInitOperand(0)->get();
  if (elementsOf(chain.total) != 1)
    return "the final stage sums to more than one value";
  chain.finalFill = zeroFillOf(chain.total, chain.final);
  if (!chain.finalFill)
    return "the total does not start from a zero fill";
  for (Operation *user : partials.getUsers())
    if (user != partial && user != chain.final && user != chain.partialFill &&
        !isa<memref::DeallocOp>(user))
      return "the partial sums are read elsewhere";
  if (!chain.map)
    return "no elementwise op reads the total";

  // Y = g(X, t) in X's element order.
  linalg::GenericOp map = chain.map;
  if (map.getNumParallelLoops() != map.getNumLoops() || map.getNumDpsInputs() != 2 ||
      map.getNumDpsInits() != 1)
    return "the op reading the total is not elementwise over two inputs and one output";
  bool readsX = false, readsTotal = false;
  for (OpOperand *input : map.getDpsInputOperands()) {
    AffineMap m = map.getMatchingIndexingMap(input);
    if (viewRoot(input->get()) == viewRoot(chain.total)) {
      if (!llvm::all_of(m.getResults(), [](AffineExpr e) {
            auto c = dyn_cast<AffineConstantExpr>(e);
            return c && c.getValue() == 0;
          }))
        return "the map reads the total at an index";
      chain.mapTotalInput = input->getOperandNumber();
      readsTotal = true;
    } else if (rowMajorRoot(input->get()) == chain.x && m.isIdentity() &&
               elementsOf(input->get()) == chain.elements) {
      chain.mapXInput = input->getOperandNumber();
      readsX = true;
    }
  }
  if (!readsX || !readsTotal)
    return "the map does not read the summed buffer in its element order and the total";
  OpOperand *init = map.getDpsInitOperand(0);
  chain.y = rowMajorRoot(init->get());
  if (!chain.y || !map.getMatchingIndexingMap(init).isIdentity() ||
      elementsOf(init->get()) != chain.elements || map.payloadUsesValueFromOperand(init))
    return "the map does not write a static row-major buffer of the summed buffer's size in "
           "its element order";
  return "";
}
} // namespace

std::optional<GridChain> findGridChain(linalg::LinalgOp partial, std::string *unmet) {
  GridChain chain;
  std::string why = match(partial, chain);
  if (unmet)
    *unmet = why;
  if (!why.empty())
    return std::nullopt;
  return chain;
}

} // namespace ks::agents
