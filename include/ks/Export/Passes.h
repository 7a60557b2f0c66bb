//===- Passes.h - Exporting ks kernels to other runtimes --------*- C++ -*-===//
#ifndef KS_EXPORT_PASSES_H
#define KS_EXPORT_PASSES_H

#include "ks/Target/Chips.h"
#include "mlir/Pass/Pass.h"

#include <optional>
#include <string>

namespace ks {

#define GEN_PASS_DECL
#include "ks/Export/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ks/Export/Passes.h.inc"

/// The text an export pass asked to print instead of the module (its
/// `output=-`), taken once: a driver that prints the module after its
/// passes (ks-opt) prints this instead.
std::optional<std::string> takeReplacementOutput();
/// Whether a replacement output is waiting to be taken.
bool hasReplacementOutput();

} // namespace ks

#endif // KS_EXPORT_PASSES_H
