//===- Planner.h - The next skill and parameters for a dispatch -*- C++ -*-===//
//
// The Planner agent: policy + features + profile + trajectory -> the next
// (skill, params) for one dispatch and the rule that justified it, with the
// evidence. Deterministic: the same inputs give the same decision. It
// never proposes an attempt already in the trajectory on the same base, and
// says why each allowed skill was passed over.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_PLANNER_H
#define KS_AGENTS_PLANNER_H

#include "ks/Agents/Policy.h"
#include "ks/Skills/SkillLibrary.h"

#include "llvm/Support/JSON.h"

#include <optional>

namespace ks::agents {

/// One attempt remembered (short-term memory).
struct Attempt {
  std::string base; ///< What it was applied to ("seed" or an earlier plan).
  std::string skill;
  ParamValues params;
  std::string outcome; ///< "ok", "mismatch", "compile_error", "fault", ...
  std::string diagnosis; ///< Why it failed or was not kept (may be empty).
  bool accepted = false; ///< It became the dispatch's best so far.
  /// Its time against what it was weighed against (> 1: faster); 0 when
  /// it has none (it did not run).
  double speedup = 0;
};

struct PlanInput {
  /// The dispatch's features (FeatureExtractor's JSON object).
  llvm::json::Object features;
  /// The kernel's named metrics (deriveMetrics), plus "registers",
  /// "occupancy_limited_by_registers" and "kernels_per_run".
  llvm::json::Object metrics;
  std::string base = "seed";
  /// The precision policy (SkillLibrary.h's numerics): skills whose
  /// numerics it does not admit are passed over.
  std::string precision = "exact";
  std::vector<Attempt> trajectory;
  /// Where to search from, per skill (the accepted parameters so far);
  /// a skill not here is searched from its defaults.
  llvm::StringMap<ParamValues> centers;
  /// The Diagnoser's verdict on the last attempt, when it can be repaired:
  /// the skill's `repairs` entry for `kind` says which parameters to move
  /// from `from`, and which way; those choices come first.
  struct Repair {
    std::string skill, kind;
    ParamValues from;
  };
  std::optional<Repair> repair;
};

struct Decision {
  std::string tier, bottleneck, structure, caseName, rule;
  std::optional<std::string> skill; ///< None: nothing left to try.
  /// The skills the matched case allows that fit this dispatch (not
  /// forbidden, written for its op class, applies_when holds): what an LLM
  /// planner may choose from.
  std::vector<std::string> allowed;
  ParamValues params;
  llvm::json::Object evidence; ///< The metric values the rule read.
  llvm::json::Array passedOver; ///< {"skill", "why"} for skipped options.
  llvm::json::Array earlier;    ///< Attempts on this base and their outcomes.
  llvm::json::Object toJson() const;
};

Decision plan(const PlanInput &input, const Policy &policy, const SkillLibrary &library);

/// `given` completed and checked for `skill` on this dispatch: inside the
/// skill's space and constraints, meeting its requirements on the features,
/// and not attempted on `input.base` yet. The error says which.
llvm::Expected<ParamValues> checkChoice(const PlanInput &input, const Skill &skill,
                                        const ParamValues &given);

} // namespace ks::agents

#endif // KS_AGENTS_PLANNER_H
