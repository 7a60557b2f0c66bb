//===- LlmSkillAuthor.h - A language model writes a new skill ---*- C++ -*-===//
//
// The LLM skill author: when the policy has nothing left to try on a
// dispatch, it may propose a new transform script. The script is vetted
// before anything runs it: it must parse as transform-dialect IR defining
// `transform.named_sequence @apply`, hold transform ops only, define every
// sequence it includes, take no parameters, and use none of the ops that
// reach outside the interpreter (transform.apply_registered_pass runs any
// pass, including ones that write files). It then runs only inside the
// transform interpreter, like any skill, and is reviewed and measured like
// any candidate. A winner is saved as a draft skill for a person to review;
// drafts live under `learned/`, which no skill root loads and no policy
// case names.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_LLMSKILLAUTHOR_H
#define KS_AGENTS_LLMSKILLAUTHOR_H

#include "ks/Agents/LlmClient.h"
#include "ks/Agents/Planner.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace ks::agents {

struct DraftSkill {
  std::string id;      ///< "learned_<name>".
  std::string summary; ///< The LLM's one-line description.
  std::string script;  ///< transform.named_sequence @apply(...) { ... }
  std::string opClass;    ///< The dispatch's, the only class it is for.
  std::string bottleneck; ///< The policy's name for what it addresses.
  /// Its numerics (SkillLibrary.h), from the script: "tf32x3" or "tf32"
  /// where it builds tensor-core kernels of that precision, else "exact".
  std::string numerics = "exact";
};

struct LlmAuthored {
  std::optional<DraftSkill> draft;
  std::string rejected;
  bool fatal = false;
};

/// Why `script` may not run, or its numerics: a script whose numerics the
/// precision policy `precision` does not admit may not run either.
/// `context` must have the transform dialect and its extensions loaded or
/// registered.
llvm::Expected<std::string> vetDraftScript(llvm::StringRef script, mlir::MLIRContext &context,
                                           llvm::StringRef precision);

/// Asks `client` (role "author") for a script for the dispatch the
/// policy's last decision (`policyDecision`, with no skill) describes.
LlmAuthored authorWithLlm(LlmClient &client, const PlanInput &input,
                          const Decision &policyDecision, const SkillLibrary &library,
                          mlir::MLIRContext &context);

/// Writes `draft` as a skill directory `dir`/`draft.id` (skill.json and
/// the script; `evidence`, if not empty, as evidence.json), whole or not at
/// all; returns the directory.
llvm::Expected<std::string> writeDraftSkill(const DraftSkill &draft, llvm::StringRef dir,
                                            const llvm::json::Object &evidence);

} // namespace ks::agents

#endif // KS_AGENTS_LLMSKILLAUTHOR_H
