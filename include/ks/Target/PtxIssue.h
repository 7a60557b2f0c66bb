//===- PtxIssue.h - The issue slots a kernel's threads take -----*- C++ -*-===//
//
// What the cost model cannot see in a kernel's IR: how many instructions a
// thread issues once LLVM has folded the index arithmetic that unrolled
// iterations share. Read from the PTX, weighted by about what sm_90 issues
// for each instruction (64-bit integer arithmetic is two, a correctly
// rounded division a short routine, moves and operand modifiers nothing).
//
//===----------------------------------------------------------------------===//
#ifndef KS_TARGET_PTXISSUE_H
#define KS_TARGET_PTXISSUE_H

#include "llvm/ADT/StringRef.h"

namespace ks {

struct PtxIssueCount {
  /// Weighted instructions of the entry's body, each counted once.
  double slots = 0;
  /// Whether the body branches back (a loop): `slots` then counts one trip
  /// of each loop, not what a thread issues.
  bool loops = false;
  /// Whether `kernel` was found in the PTX.
  bool found = false;
};

/// Counts the body of `.entry kernel` in `ptx`.
PtxIssueCount countIssueSlots(llvm::StringRef ptx, llvm::StringRef kernel);

} // namespace ks

#endif // KS_TARGET_PTXISSUE_H
