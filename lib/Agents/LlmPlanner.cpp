//===- LlmPlanner.cpp - A language model picks the next skill -------------===//

#include "ks/Agents/LlmPlanner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace ks::agents;
namespace json = llvm::json;

namespace {
const std::string kPlannerSystem = systemPrompt(
    "Planner",
    "makes one GPU kernel (a dispatch) faster at a time by applying skills: expert transform "
    "scripts with integer parameters. Choose the next skill to try on the dispatch the user "
    "describes. Weigh its features, its profile and bottleneck, the skills the policy allows here "
    "(their parameter spaces, constraints, expected effects and pitfalls) and what was already "
    "tried and how it ended; never repeat an attempt.",
    "{\"skill\": \"<an id from allowed_skills>\", \"params\": {\"<name>\": <a value from the "
    "skill's list>}, \"evidence\": [\"<names of the profile metrics or dispatch features the "
    "choice relies on>\"], \"why\": \"<one sentence>\", \"different\": \"<only when the skill was "
    "tried before: why that attempt failed or was not kept, and what is different "
    "now>\"}\nParameters left out take the skill's defaults.");

json::Object describeSkill(const Skill &s) {
  json::Object params, defaults;
  for (const auto &[name, values] : s.params) {
    json::Array a;
    for (int64_t v : values)
      a.push_back(v);
    params[name] = std::move(a);
    defaults[name] = s.defaults.lookup(name);
  }
  auto strings = [](const std::vector<std::string> &list) {
    json::Array a;
    for (const std::string &x : list)
      a.push_back(x);
    return a;
  };
  json::Object derived;
  for (const auto &[name, expr] : s.derived)
    derived[name] = expr;
  return json::Object{{"id", s.id},
                      {"category", s.category},
                      {"summary", s.summary},
                      {"addresses", strings(s.addresses)},
                      {"params", std::move(params)},
                      {"defaults", std::move(defaults)},
                      {"derived", std::move(derived)},
                      {"constraints", strings(s.constraints)},
                      {"requires", strings(s.requires)},
                      {"expected", json::Object(s.expected)},
                      {"pitfalls", strings(s.pitfalls)}};
}
} // namespace

json::Object ks::agents::plannerQuestion(const PlanInput &input,
                                         const Decision &policyDecision,
                                         const SkillLibrary &library) {
  json::Array allowed;
  for (const std::string &id : policyDecision.allowed)
    if (const Skill *s = library.find(id))
      allowed.push_back(describeSkill(*s));
  json::Object user{
      {"dispatch_features", json::Object(input.features)},
      {"profile", json::Object(input.metrics)},
      {"situation", json::Object{{"tier", policyDecision.tier},
                                 {"bottleneck", policyDecision.bottleneck},
                                 {"structure", policyDecision.structure},
                                 {"policy_case", policyDecision.caseName}}},
      {"allowed_skills", std::move(allowed)},
      {"tried", json::Array(policyDecision.earlier)}};
  return user;
}

llvm::Expected<Decision> ks::agents::checkPlannerAnswer(const json::Object &answer,
                                                        const PlanInput &input,
                                                        const Decision &policyDecision,
                                                        const SkillLibrary &library) {
  std::optional<llvm::StringRef> id = answer.getString("skill");
  if (!id)
    return llvm::createStringError("\"skill\" is missing or not a string");
  if (!llvm::is_contained(policyDecision.allowed, *id))
    return llvm::createStringError(
        "skill '" + id->str() + "' is not one the policy allows here (" +
        (policyDecision.allowed.empty() ? std::string("none")
                                        : llvm::join(policyDecision.allowed, ", ")) +
        ")");
  const Skill *skill = library.find(*id);
  ParamValues given;
  if (const json::Value *p = answer.get("params")) {
    const json::Object *params = p->getAsObject();
    if (!params)
      return llvm::createStringError("\"params\" is not an object");
    for (const auto &kv : *params) {
      std::optional<int64_t> v = kv.second.getAsInteger();
      if (!v)
        return llvm::createStringError("parameter '" + kv.first.str() +
                                       "' is not an integer");
      given[kv.first.str()] = *v;
    }
  }
  llvm::Expected<ParamValues> values = checkChoice(input, *skill, given);
  if (!values)
    return values.takeError();

  // Short-term memory: a skill tried before is chosen again only with what
  // is different this time.
  for (const json::Value &e : policyDecision.earlier)
    if (const json::Object *o = e.getAsObject(); o && o->getString("skill") == *id) {
      if (answer.getString("different").value_or("").trim().empty())
        return llvm::createStringError(
            "skill " + id->str() + " was tried before (" +
            o->getString("outcome").value_or("?").str() +
            "): the answer must say what is different (\"different\")");
      break;
    }
  const json::Array *evidence = answer.getArray("evidence");
  if (!evidence || evidence->empty())
    return llvm::createStringError(
        "\"evidence\" must list the profile metrics or dispatch features the choice relies on");
  Decision d = policyDecision;
  d.skill = id->str();
  d.params.clear();
  for (const auto &p : skill->params)
    d.params[p.first] = values->lookup(p.first);
  d.evidence = json::Object();
  for (const json::Value &e : *evidence) {
    std::optional<llvm::StringRef> name = e.getAsString();
    if (!name)
      return llvm::createStringError("\"evidence\" holds something other than a name");
    const json::Value *v = input.metrics.get(*name);
    if (!v)
      v = input.features.get(*name);
    if (!v)
      return llvm::createStringError("evidence '" + name->str() +
                                     "' is neither a profile metric nor a dispatch feature");
    d.evidence[name->str()] = *v;
  }
  std::string why = answer.getString("why").value_or("").str();
  if (why.size() > 300)
    why = why.substr(0, 300) + "...";
  d.rule = "llm, in case " + policyDecision.caseName + (why.empty() ? "" : ": " + why);
  std::string different = answer.getString("different").value_or("").trim().str();
  if (!different.empty())
    d.rule += "; different from before: " + different.substr(0, 300);
  return d;
}

LlmPlan ks::agents::planWithLlm(LlmClient &client, const PlanInput &input,
                                const Decision &policyDecision, const SkillLibrary &library) {
  LlmPlan out;
  LlmAnswer answer = askForObject(client, "planner", kPlannerSystem,
                                  json::Value(plannerQuestion(input, policyDecision, library)));
  if (!answer.object) {
    out.rejected = answer.error;
    out.fatal = answer.fatal;
    return out;
  }
  llvm::Expected<Decision> d = checkPlannerAnswer(*answer.object, input, policyDecision, library);
  if (!d) {
    out.rejected = llvm::toString(d.takeError());
    return out;
  }
  out.decision = std::move(*d);
  return out;
}
