//===- LlmDiagnoser.cpp - A language model diagnoses a failed attempt -----===//

#include "ks/Agents/LlmDiagnoser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace ks::agents;
namespace json = llvm::json;

namespace {
const std::string kDiagnoserSystem = systemPrompt(
    "Diagnoser",
    "applies expert transform scripts (skills) to GPU kernels and checks every candidate: ptxas "
    "must accept it, its outputs must match the reference, it must not fault or hang. The user "
    "gives a candidate that failed, the skill and parameters that made it, the skill's repairs and "
    "the dispatch's features. Name the root cause and choose one action from allowed_actions: "
    "\"revert\" (drop this choice), or \"repair:<kind>\" (try the skill again with the parameters "
    "that repair moves).",
    "{\"root_cause\": \"<one sentence>\", \"action\": \"<one of allowed_actions>\"}");
} // namespace

std::vector<std::string> ks::agents::diagnoserActions(const Skill &skill) {
  std::vector<std::string> actions{"revert"};
  std::vector<std::string> kinds;
  for (const auto &r : skill.repairs)
    kinds.push_back(r.first().str());
  llvm::sort(kinds);
  for (const std::string &k : kinds)
    actions.push_back("repair:" + k);
  return actions;
}

LlmDiagnosis ks::agents::diagnoseWithLlm(LlmClient &client, const Skill &skill,
                                         const ParamValues &params,
                                         const json::Object &failure,
                                         const json::Object &features) {
  LlmDiagnosis out;
  std::vector<std::string> actions = diagnoserActions(skill);
  json::Object chosen, repairs;
  for (const auto &p : skill.params)
    chosen[p.first] = params.lookup(p.first);
  for (const auto &r : skill.repairs) {
    json::Object moves;
    for (const auto &m : r.second)
      moves[m.first().str()] = m.second;
    repairs[r.first().str()] = std::move(moves);
  }
  json::Array allowed;
  for (const std::string &a : actions)
    allowed.push_back(a);
  json::Object user{{"failure", json::Object(failure)},
                    {"skill", skill.id},
                    {"skill_summary", skill.summary},
                    {"params", std::move(chosen)},
                    {"repairs", std::move(repairs)},
                    {"dispatch_features", json::Object(features)},
                    {"allowed_actions", std::move(allowed)}};
  LlmAnswer answer = askForObject(client, "diagnoser", kDiagnoserSystem,
                                  json::Value(std::move(user)));
  if (!answer.object) {
    out.rejected = answer.error;
    out.fatal = answer.fatal;
    return out;
  }
  std::optional<llvm::StringRef> cause = answer.object->getString("root_cause");
  std::optional<llvm::StringRef> action = answer.object->getString("action");
  if (!cause || cause->trim().empty()) {
    out.rejected = "\"root_cause\" is missing or empty";
    return out;
  }
  if (!action || !llvm::is_contained(actions, *action)) {
    out.rejected = "action '" + action.value_or("").str() + "' is not one of those allowed (" +
                   llvm::join(actions, ", ") + ")";
    return out;
  }
  out.rootCause = cause->trim().take_front(300).str();
  out.action = action->str();
  return out;
}
