//===- LlmPlanner.h - A language model picks the next skill -----*- C++ -*-===//
//
// The LLM Planner: the same question the deterministic Planner answers, put
// to a language model with the evidence the method prescribes (features,
// profile and bottleneck, the skills the policy allows in this case with
// their descriptors, and the trajectory). Its answer must be one JSON object
// naming an allowed skill, parameters inside the skill's space that fit the
// dispatch and were not tried, and the metrics or features it relies on.
// Anything else is rejected with the reason, and the policy's decision
// stands for that round.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_LLMPLANNER_H
#define KS_AGENTS_LLMPLANNER_H

#include "ks/Agents/LlmClient.h"
#include "ks/Agents/Planner.h"

namespace ks::agents {

struct LlmPlan {
  /// The LLM's decision, validated; none when it was rejected or failed.
  std::optional<Decision> decision;
  std::string rejected; ///< Why not (the exchange failed or the answer is invalid).
  bool fatal = false;   ///< A replay that no longer matches: stop the run.
};

/// The question (the user message) for `policyDecision`'s situation.
llvm::json::Object plannerQuestion(const PlanInput &input, const Decision &policyDecision,
                                   const SkillLibrary &library);

/// Checks an answer; the error is the rejection reason.
llvm::Expected<Decision> checkPlannerAnswer(const llvm::json::Object &answer,
                                            const PlanInput &input,
                                            const Decision &policyDecision,
                                            const SkillLibrary &library);

/// Asks `client` (role "planner") when the policy allows a choice
/// (`policyDecision.skill` is set).
LlmPlan planWithLlm(LlmClient &client, const PlanInput &input, const Decision &policyDecision,
                    const SkillLibrary &library);

} // namespace ks::agents

#endif // KS_AGENTS_LLMPLANNER_H
