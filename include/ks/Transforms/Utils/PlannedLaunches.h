//===- PlannedLaunches.h - The launches a plan's launch-level field names -===//
//
// A plan's launch-level fields ("reverse_blocks", "l1_no_allocate") list
// dispatches; the host passes that honour them find the gpu.launch that
// computes each one here.
//
//===----------------------------------------------------------------------===//

#ifndef KS_TRANSFORMS_UTILS_PLANNEDLAUNCHES_H
#define KS_TRANSFORMS_UTILS_PLANNEDLAUNCHES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <utility>

namespace ks {

/// A plan's "reverse_blocks" request on the module (ks-reverse-block-order).
inline constexpr llvm::StringLiteral kReverseBlocksAttr = "ks.reverse_blocks";
/// A plan's "l1_no_allocate" request on the module, and the mark its
/// launches and then their kernels carry (ks-mark-l1-no-allocate,
/// ks-outline-kernels, ks-l1-no-allocate-loads).
inline constexpr llvm::StringLiteral kL1NoAllocateAttr = "ks.l1_no_allocate";
/// A plan's "invariant_loads" request on the module (ks-mark-invariant-args).
inline constexpr llvm::StringLiteral kInvariantLoadsAttr = "ks.invariant_loads";

/// The dispatch `launch` computes: its own `ks.dispatch`, or its kernel's
/// entry in the host function's `ks.kernel_dispatches` (seed kernels).
std::optional<int64_t> dispatchOf(mlir::gpu::LaunchOp launch);

/// The launches of `module` that compute the dispatches in the module's
/// `request` attribute (an array of dispatch ids, removed here), with the
/// dispatch each computes; empty when the module has no request. A listed
/// dispatch that no launch computes is an error named after `field` (the
/// plan's name for the request).
mlir::FailureOr<llvm::SmallVector<std::pair<int64_t, mlir::gpu::LaunchOp>>>
takeRequestedLaunches(mlir::ModuleOp module, llvm::StringRef request, llvm::StringRef field);

} // namespace ks

#endif // KS_TRANSFORMS_UTILS_PLANNEDLAUNCHES_H
