//===- ResultsInPlace.cpp - Results computed in their out-parameters ------===//
//
// buffer-results-to-out-params hoists a returned allocation into the
// caller's buffer, but a returned reshape of an allocation (or a chain of
// them: instance norm's [1, 1024, 128, 128] collapsed to [1024, 128, 128]
// and expanded to [16, 64, 128, 128]) becomes a copy into it. The
// allocation can be the out-parameter seen through the inverse reshapes
// instead: the same bytes, no copy kernel.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace ks {
#define GEN_PASS_DEF_KSRESULTSINPLACE
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// The view of `target` (shaped as `reshape`'s result) that has the shape of
/// `reshape`'s source: the inverse reshape; null where there is none.
Value inverseReshape(OpBuilder &b, Operation *reshape, Value target) {
  if (auto collapse = dyn_cast<memref::CollapseShapeOp>(reshape)) {
    auto sourceType = collapse.getSrcType();
    if (!sourceType.hasStaticShape() || !sourceType.getLayout().isIdentity())
      return {};
    return memref::ExpandShapeOp::create(b, reshape->getLoc(), sourceType.getShape(), target,
                                         collapse.getReassociationIndices());
  }
  if (auto expand = dyn_cast<memref::ExpandShapeOp>(reshape)) {
    if (!expand.getSrcType().getLayout().isIdentity())
      return {};
    return memref::CollapseShapeOp::create(b, reshape->getLoc(), target,
                                           expand.getReassociationIndices());
  }
  return {};
}

struct ResultsInPlace : ks::impl::KSResultsInPlaceBase<ResultsInPlace> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<memref::CopyOp> copies;
    func.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    for (memref::CopyOp copy : copies) {
      auto target = dyn_cast<BlockArgument>(copy.getTarget());
      if (!target || target.getOwner() != &func.getBody().front() || !target.hasOneUse())
        continue;
      auto targetType = cast<MemRefType>(target.getType());
      if (!targetType.getLayout().isIdentity() ||
          targetType != cast<MemRefType>(copy.getSource().getType()))
        continue;
      // The reshapes from the allocation to the copied value, the last
      // first; each used only by the next.
      SmallVector<Operation *> reshapes;
      Value value = copy.getSource();
      while (Operation *def = value.getDefiningOp()) {
        if (!isa<memref::CollapseShapeOp, memref::ExpandShapeOp>(def) || !def->hasOneUse() ||
            def->getBlock() != copy->getBlock())
          break;
        reshapes.push_back(def);
        value = def->getOperand(0);
      }
      auto alloc = value.getDefiningOp<memref::AllocOp>();
      if (reshapes.empty() || !alloc || alloc->getBlock() != copy->getBlock())
        continue;
      // Every other use of the allocation comes before the copy (or frees
      // it): nothing reads it after its contents went to the caller.
      Operation *first = reshapes.back();
      bool before = llvm::all_of(alloc->getUsers(), [&](Operation *user) {
        return user == first || isa<memref::DeallocOp>(user) ||
               (user->getBlock() == copy->getBlock() && user->isBeforeInBlock(copy));
      });
      if (!before)
        continue;
      // The out-parameter seen through the inverse reshapes, the last
      // reshape's inverse first.
      OpBuilder b(alloc);
      Value view = target;
      SmallVector<Operation *> inverses;
      for (Operation *reshape : reshapes) {
        view = inverseReshape(b, reshape, view);
        if (!view)
          break;
        inverses.push_back(view.getDefiningOp());
      }
      if (!view || view.getType() != alloc.getType()) {
        for (Operation *inverse : llvm::reverse(inverses))
          inverse->erase();
        continue;
      }
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->erase();
      copy->erase();
      for (Operation *reshape : reshapes)
        reshape->erase();
      alloc.replaceAllUsesWith(view);
      alloc->erase();
    }
  }
};

} // namespace
