//===- Chips.h - Supported NVIDIA chips -------------------------*- C++ -*-===//
#ifndef KS_TARGET_CHIPS_H
#define KS_TARGET_CHIPS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace ks {

struct ChipInfo {
  llvm::StringRef name;       ///< As ptxas and LLVM spell it, e.g. "sm_90a".
  unsigned minPtxVersion;     ///< Lowest PTX ISA (x10) that targets it.
  llvm::StringRef description;
  /// The chip a kernel module with wgmma or TMA targets: the arch-specific
  /// ISA that has them ("sm_90a" for sm_90 and sm_90a); empty if none.
  llvm::StringRef archSpecific = "";
};

/// The chip ks compiles for when none is given (the H100 and H200).
inline constexpr llvm::StringLiteral kDefaultChip = "sm_90";

/// Every chip ks compiles for, oldest first.
llvm::ArrayRef<ChipInfo> getSupportedChips();

/// The entry for `name`, or null.
const ChipInfo *lookupChip(llvm::StringRef name);

/// The entry a kernel module with wgmma or TMA targets when compiling for
/// `chip`, or null if `chip` has no such variant.
const ChipInfo *lookupArchSpecific(const ChipInfo &chip);

/// Whether LLVM's NVPTX backend (LLVM 22) can emit PTX ISA `version` (x10):
/// it takes an unknown version's feature with a warning and emits its
/// default instead.
bool isKnownPtxVersion(unsigned version);

/// "7.0, 7.1, ..., 9.0" for diagnostics.
std::string listKnownPtxVersions();

/// "sm_80, sm_86, ..." for diagnostics.
std::string listSupportedChips();

} // namespace ks

#endif // KS_TARGET_CHIPS_H
