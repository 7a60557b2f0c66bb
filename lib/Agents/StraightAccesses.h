//===- StraightAccesses.h - The places a block of straight code reaches ---===//
//
// The cost model's view of a block once its loops are unrolled (a thread's
// tile and window written out, transform.ks.unroll_fully): LLVM loads a
// place two loads of the block read once.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_AGENTS_STRAIGHTACCESSES_H
#define KS_LIB_AGENTS_STRAIGHTACCESSES_H

#include "mlir/IR/Block.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace ks::agents {

/// The scalar loads of one block, keyed by the places they read: each
/// index split into a linear part and a constant added to it, clamps by
/// constants (a padded border's) looked through.
class StraightAccesses {
public:
  /// `isGlobal`: whether a memref is global memory, whose stores (like a
  /// barrier or an op with regions) end the places a later load may reuse.
  StraightAccesses(mlir::Block &block, llvm::function_ref<bool(mlir::Value)> isGlobal);

  /// Whether `op`, a load, reads a place an earlier load of the block read
  /// with nothing between that may write it: LLVM loads it once.
  bool repeatsEarlierLoad(mlir::Operation *op) const { return repeats.contains(op); }

private:
  llvm::DenseSet<mlir::Operation *> repeats;
};

} // namespace ks::agents

#endif // KS_LIB_AGENTS_STRAIGHTACCESSES_H
