//===- ChipsTest.cpp - The chip table -------------------------------------===//

#include "ks/Target/Chips.h"

#include "gtest/gtest.h"

using namespace ks;

TEST(Chips, TheIssueChipsAreSupportedWithAPtxVersionTheyAccept) {
  // PTX ISA "Target ISA notes": the first version naming each target.
  struct Expect {
    const char *chip;
    unsigned ptx;
  } expected[] = {{"sm_80", 70}, {"sm_86", 71}, {"sm_89", 78},
                  {"sm_90", 78}, {"sm_90a", 80}};
  for (const Expect &e : expected) {
    const ChipInfo *info = lookupChip(e.chip);
    ASSERT_NE(info, nullptr) << e.chip;
    EXPECT_EQ(info->minPtxVersion, e.ptx) << e.chip;
  }
}

TEST(Chips, UnknownChipsAreRejected) {
  EXPECT_EQ(lookupChip("sm_70"), nullptr);
  EXPECT_EQ(lookupChip("SM_90"), nullptr);
  EXPECT_EQ(lookupChip(""), nullptr);
}

TEST(Chips, ListIsOrderedOldestFirst) {
  EXPECT_EQ(listSupportedChips(),
            "sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_100a, sm_120");
}

TEST(Chips, WgmmaAndTmaTargetSm90aFromSm90AndItself) {
  for (const char *chip : {"sm_90", "sm_90a"}) {
    const ChipInfo *arch = lookupArchSpecific(*lookupChip(chip));
    ASSERT_NE(arch, nullptr) << chip;
    EXPECT_EQ(arch->name, "sm_90a") << chip;
  }
  for (const char *chip : {"sm_80", "sm_89", "sm_100", "sm_100a", "sm_120"})
    EXPECT_EQ(lookupArchSpecific(*lookupChip(chip)), nullptr) << chip;
  EXPECT_EQ(lookupChip(kDefaultChip)->name, kDefaultChip);
}
