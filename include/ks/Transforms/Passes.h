//===- Passes.h - KernelSkill passes ----------------------------*- C++ -*-===//
#ifndef KS_TRANSFORMS_PASSES_H
#define KS_TRANSFORMS_PASSES_H

#include "ks/Target/Chips.h"
#include "ks/Target/Ptxas.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/StringMap.h"

namespace mlir {
class ModuleOp;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace ks {

#define GEN_PASS_DECL
#include "ks/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ks/Transforms/Passes.h.inc"

/// Kernel name -> what ptxas reported of it, read from the `ks.ptxas`
/// reports ks-verify-ptx attaches to the gpu.binary ops of `module`:
/// registers a thread and static shared bytes a block (the most over
/// chips), bytes spilled to local memory (summed over chips); the report's
/// other fields unset.
llvm::StringMap<PtxasKernelReport> readPtxasResources(mlir::ModuleOp module);

/// Kernel name -> bytes ptxas spilled to local memory (stores + loads,
/// summed over chips), from readPtxasResources.
llvm::StringMap<int64_t> readPtxasSpillBytes(mlir::ModuleOp module);

/// Kernel module name -> the dispatch it computes, from the `ks.dispatch`
/// labels ks-label-kernels gives the gpu.module ops of `module`.
llvm::StringMap<int64_t> readKernelDispatches(mlir::ModuleOp module);

/// Kernel modules ks-serialize-kernels compiled in this process, and those
/// given the binary of an earlier compilation of the same text.
struct KernelModuleCounts {
  uint64_t compiled = 0;
  uint64_t reused = 0;
};
KernelModuleCounts serializedKernelModules();

} // namespace ks

#endif // KS_TRANSFORMS_PASSES_H
