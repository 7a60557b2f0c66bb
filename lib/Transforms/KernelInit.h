//===- KernelInit.h - Where a kernel's output gets its initial value ------===//
//
// A kernel that replaces a linalg op on buffers may compute its output's
// initial value instead of reading it (a GEMM's sums start from zero, a
// scan from its identity): the fill that gave it is then not needed, and is
// erased with its dispatch recorded in the module's ks.folded_dispatches (a
// plan that names it finds it computed).
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_TRANSFORMS_KERNELINIT_H
#define KS_LIB_TRANSFORMS_KERNELINIT_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace ks {

/// The buffer `v` is a view of (through view-like ops), or `v`.
inline mlir::Value rootOf(mlir::Value v) {
  while (auto view = v.getDefiningOp<mlir::ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// Whether `op` may touch the buffer `root` (or a view of it): it has
/// effects unknown, or effects of kind `Effect` on `root` or on memory it
/// does not name.
template <typename Effect = mlir::MemoryEffects::Effect>
bool mayTouch(mlir::Operation *op, mlir::Value root) {
  auto effects = mlir::dyn_cast<mlir::MemoryEffectOpInterface>(op);
  if (!effects)
    return !mlir::isMemoryEffectFree(op);
  llvm::SmallVector<mlir::MemoryEffects::EffectInstance> instances;
  effects.getEffects<Effect>(instances);
  return llvm::any_of(instances, [&](const mlir::MemoryEffects::EffectInstance &effect) {
    return !effect.getValue() || rootOf(effect.getValue()) == root;
  });
}

/// Whether `op` fills all of `buffer` with the float `value` (linalg.fill,
/// or a linalg.map of no inputs yielding it); a zero of either sign counts
/// as zero.
bool isFillWith(mlir::Operation *op, mlir::Value buffer, double value);

/// The fill with `value` that gives `op`'s output its initial value, where
/// nothing between the two reads or writes the output's buffer (nor has
/// effects unknown). The fill covers the output exactly (the output itself,
/// or the buffer the output reshapes). Null otherwise.
mlir::Operation *findFillInit(mlir::linalg::LinalgOp op, double value);

/// Erases `ops`, which a kernel made unneeded, recording the dispatch
/// numbers they carry in the module's `ks.folded_dispatches`.
void eraseFolded(mlir::RewriterBase &rewriter, llvm::ArrayRef<mlir::Operation *> ops);

} // namespace ks

#endif // KS_LIB_TRANSFORMS_KERNELINIT_H
