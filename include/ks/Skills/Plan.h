//===- Plan.h - A plan: which skill, with which parameters, where -*- C++ -*-===//
//
// The one definition of the plan file (skills/README.md): ks-tune writes it,
// ks-apply-skills (--ks-compile's plan=) reads it.
//
//===----------------------------------------------------------------------===//
#ifndef KS_SKILLS_PLAN_H
#define KS_SKILLS_PLAN_H

#include "ks/Skills/SkillLibrary.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace ks::agents {

/// A skill and its parameters on a dispatch.
struct PlanStep {
  int64_t dispatch;
  std::string skill;
  ParamValues params;
};

struct Plan {
  /// In the file's order, the order they are applied in.
  std::vector<PlanStep> steps;
  /// One-block tails run in the last block of the kernel before them
  /// ("finish_in_last_block", ks-finish-in-last-block).
  bool finishInLastBlock = false;
  /// The dispatches whose kernels run their blocks in reverse
  /// ("reverse_blocks"), read without allocating in the L1
  /// ("l1_no_allocate") and load the buffers no launch writes as invariant
  /// ("invariant_loads").
  std::vector<int64_t> reverseBlocks, l1NoAllocate, invariantLoads;
};

/// The plan in file `path`, or an error naming the file and the entry.
llvm::Expected<Plan> readPlan(llvm::StringRef path);

/// The plan as its file holds it; fields left at their defaults are omitted.
llvm::json::Value planToJson(const Plan &plan);
llvm::json::Object paramsToJson(const ParamValues &params);

} // namespace ks::agents

#endif // KS_SKILLS_PLAN_H
