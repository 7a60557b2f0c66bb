//===- DefinedValues.h - The values an op defines ---------------*- C++ -*-===//
//
// Passes that retype IR in place (ks-shrink-shapes, ks-emulate-gpu-on-cpu)
// visit every value an op defines: its results and the arguments of the
// blocks of its regions.
//
//===----------------------------------------------------------------------===//
#ifndef KS_TRANSFORMS_UTILS_DEFINEDVALUES_H
#define KS_TRANSFORMS_UTILS_DEFINEDVALUES_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace ks {

/// Calls `f` on each result of `op` and each argument of a block in its
/// regions (not those of ops nested deeper).
inline void forEachDefinedValue(mlir::Operation *op,
                                llvm::function_ref<void(mlir::Value)> f) {
  for (mlir::Value r : op->getResults())
    f(r);
  for (mlir::Region &region : op->getRegions())
    for (mlir::Block &block : region)
      for (mlir::BlockArgument arg : block.getArguments())
        f(arg);
}

} // namespace ks

#endif // KS_TRANSFORMS_UTILS_DEFINEDVALUES_H
