//===- GridArrivals.h - A name kernels and the runtime share ----*- C++ -*-===//
//
// The runtime ABI: what a kernel the compiler builds and the runtime that
// launches it must agree on, with no code of either. Included by both
// sides; includes nothing of ks.
//
//===----------------------------------------------------------------------===//
#ifndef KS_RUNTIMEABI_GRIDARRIVALS_H
#define KS_RUNTIMEABI_GRIDARRIVALS_H

namespace ks::runtime {

/// The module global whose presence marks a kernel that synchronizes its
/// whole grid (transform.ks.grid_reduce_then_map's arrival counter): it is
/// launched only where all its blocks fit the GPU at once.
inline constexpr const char kGridArrivalsGlobal[] = "ks_grid_arrivals";

} // namespace ks::runtime

#endif // KS_RUNTIMEABI_GRIDARRIVALS_H
