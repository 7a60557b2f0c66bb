//===- Chips.cpp - Supported NVIDIA chips ---------------------------------===//
#include "ks/Target/Chips.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace ks;

// The PTX version is the lowest that both ptxas and LLVM's NVPTX backend
// accept for the chip, so the PTX also loads on the oldest driver that knows
// the chip (PTX ISA release notes, "Target ISA notes").
static const ChipInfo kChips[] = {
    {"sm_80", 70, "A100"},
    {"sm_86", 71, "RTX 30xx, A40"},
    {"sm_89", 78, "L40S, RTX 40xx"},
    {"sm_90", 78, "H100, H200", "sm_90a"},
    {"sm_90a", 80, "H100, H200 with wgmma/TMA", "sm_90a"},
    {"sm_100", 86, "B200"},
    {"sm_100a", 86, "B200 with tcgen05"},
    {"sm_120", 87, "RTX 50xx"},
};

// The PTX ISA versions of LLVM 22's NVPTX backend (its +ptxNN features)
// that can target the oldest chip above.
static const unsigned kPtxVersions[] = {70, 71, 72, 73, 74, 75, 76, 77, 78,
                                        80, 81, 82, 83, 84, 85, 86, 87, 88, 90};

bool ks::isKnownPtxVersion(unsigned version) {
  return llvm::is_contained(kPtxVersions, version);
}

std::string ks::listKnownPtxVersions() {
  return llvm::join(llvm::map_range(kPtxVersions,
                                    [](unsigned v) {
                                      return std::to_string(v / 10) + "." +
                                             std::to_string(v % 10);
                                    }),
                    ", ");
}

llvm::ArrayRef<ChipInfo> ks::getSupportedChips() { return kChips; }

const ChipInfo *ks::lookupChip(llvm::StringRef name) {
  const ChipInfo *it =
      llvm::find_if(kChips, [&](const ChipInfo &c) { return c.name == name; });
  return it == std::end(kChips) ? nullptr : it;
}

const ChipInfo *ks::lookupArchSpecific(const ChipInfo &chip) {
  return chip.archSpecific.empty() ? nullptr : lookupChip(chip.archSpecific);
}

std::string ks::listSupportedChips() {
  return llvm::join(llvm::map_range(kChips,
                                    [](const ChipInfo &c) { return c.name; }),
                    ", ");
}
