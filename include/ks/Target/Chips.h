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
};

/// Every chip ks compiles for, oldest first.
llvm::ArrayRef<ChipInfo> getSupportedChips();

/// The entry for `name`, or null.
const ChipInfo *lookupChip(llvm::StringRef name);

/// "sm_80, sm_86, ..." for diagnostics.
std::string listSupportedChips();

} // namespace ks

#endif // KS_TARGET_CHIPS_H
