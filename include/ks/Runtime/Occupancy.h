//===- Occupancy.h - A device's per-SM limits from the driver ---*- C++ -*-===//
//
// A device's per-SM limits read from the driver, for the occupancy
// calculator of ks/Target/Occupancy.h.
//
//===----------------------------------------------------------------------===//
#ifndef KS_RUNTIME_OCCUPANCY_H
#define KS_RUNTIME_OCCUPANCY_H

#include "ks/Runtime/CudaDriver.h"
#include "ks/Target/Occupancy.h"

namespace ks::runtime {

using ks::computeOccupancy;
using ks::Occupancy;
using ks::SmLimits;

/// The limits of device `ordinal`, from the driver (defaults where an
/// attribute can't be read).
SmLimits readSmLimits(const cuda::DriverAPI &api, int ordinal = 0);

} // namespace ks::runtime

#endif // KS_RUNTIME_OCCUPANCY_H
