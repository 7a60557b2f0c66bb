//===- LlmDiagnoser.h - A language model diagnoses a failed attempt -*- C++ -*-===//
//
// The LLM Diagnoser/Repairer: given an attempt that failed (ptxas's message,
// the mismatch statistics, a fault or timeout, spills), the skill and its
// parameters, it proposes a root cause and one action from those allowed:
// "revert", or "repair:<kind>" for each repair the skill's descriptor
// defines (the Planner then moves the parameters that repair names, the way
// it says). Anything else is rejected with the reason and the deterministic
// diagnosis stands.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_LLMDIAGNOSER_H
#define KS_AGENTS_LLMDIAGNOSER_H

#include "ks/Agents/LlmClient.h"
#include "ks/Skills/SkillLibrary.h"

#include <vector>

namespace ks::agents {

struct LlmDiagnosis {
  std::string rootCause;
  std::string action;   ///< "revert" or "repair:<kind>"; empty when rejected.
  std::string rejected; ///< Why the answer was not used.
  bool fatal = false;   ///< A replay that no longer matches: stop the run.
};

/// "revert" and "repair:<kind>" for every repair `skill` defines.
std::vector<std::string> diagnoserActions(const Skill &skill);

/// Asks `client` (role "diagnoser") about `failure`: {"outcome", "message",
/// "numerics", "spill_bytes", ...} as the Reviewer recorded it.
LlmDiagnosis diagnoseWithLlm(LlmClient &client, const Skill &skill, const ParamValues &params,
                             const llvm::json::Object &failure,
                             const llvm::json::Object &features);

} // namespace ks::agents

#endif // KS_AGENTS_LLMDIAGNOSER_H
