//===- Planner.cpp - The next skill and parameters for a dispatch ---------===//

#include "ks/Agents/Planner.h"

#include "ks/Skills/Expr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <functional>

using namespace ks::agents;
namespace json = llvm::json;

namespace {
/// Metrics as integers (percentages and microseconds rounded): the policy's
/// thresholds are whole numbers.
llvm::StringMap<int64_t> metricVariables(const json::Object &metrics) {
  llvm::StringMap<int64_t> vars;
  for (const auto &kv : metrics) {
    if (std::optional<double> d = kv.second.getAsNumber())
      vars[kv.first] = std::llround(*d);
    else if (std::optional<bool> b = kv.second.getAsBoolean())
      vars[kv.first] = *b;
  }
  return vars;
}

bool anyOrContains(const std::vector<std::string> &list, llvm::StringRef x) {
  return list.empty() || llvm::is_contained(list, x);
}

std::string describe(const ParamValues &params, const Skill &skill) {
  std::string out;
  for (const auto &p : skill.params)
    out += (out.empty() ? "" : ",") + p.first + "=" + std::to_string(params.lookup(p.first));
  return out;
}

/// Every choice of parameters: `center` (the defaults, or the best so far)
/// first, then the others nearest to it first (the sum over parameters of |log2(value / default)|, a
/// step in a direction the skill prefers counting half), ties in the order
/// the descriptor lists the values. Small steps from a known good point
/// before far jumps, the skill's expert hints before the rest.
std::vector<ParamValues> choices(const Skill &skill, const ParamValues &center,
                                 const llvm::StringMap<std::string> *repair = nullptr) {
  std::vector<ParamValues> out{center};
  ParamValues current;
  std::function<void(size_t)> walk = [&](size_t i) {
    if (i == skill.params.size()) {
      bool isDefault = llvm::all_of(skill.params, [&](const auto &p) {
        return current.lookup(p.first) == center.lookup(p.first);
      });
      if (!isDefault)
        out.push_back(current);
      return;
    }
    for (int64_t v : skill.params[i].second) {
      current[skill.params[i].first] = v;
      walk(i + 1);
    }
  };
  walk(0);
  auto distance = [&](const ParamValues &v) {
    double d = 0;
    for (const auto &p : skill.params) {
      double a = double(v.lookup(p.first)), b = double(center.lookup(p.first));
      double step = (a > 0 && b > 0) ? std::fabs(std::log2(a / b)) : (a == b ? 0 : 1);
      auto hint = skill.prefer.find(p.first);
      if (hint != skill.prefer.end() &&
          ((hint->second == "larger" && a > b) || (hint->second == "smaller" && a < b)))
        step /= 2;
      d += step;
    }
    return d;
  };
  std::stable_sort(out.begin() + 1, out.end(),
                   [&](const ParamValues &a, const ParamValues &b) {
                     return distance(a) < distance(b);
                   });
  if (!repair)
    return out;
  // A repair: first the choices that move only the parameters it names,
  // only the way it says, nearest first; the failed point itself last.
  auto repairs = [&](const ParamValues &v) {
    bool moved = false;
    for (const auto &p : skill.params) {
      int64_t a = v.lookup(p.first), b = center.lookup(p.first);
      if (a == b)
        continue;
      auto way = repair->find(p.first);
      if (way == repair->end() || (way->second == "smaller") != (a < b))
        return false;
      moved = true;
    }
    return moved;
  };
  std::stable_partition(out.begin(), out.end(), repairs);
  return out;
}

/// The attempt on `input.base` with these values of `skill`, if any.
const Attempt *attemptOf(const PlanInput &input, const Skill &skill, const ParamValues &values) {
  for (const Attempt &a : input.trajectory)
    if (a.base == input.base && a.skill == skill.id &&
        describe(a.params, skill) == describe(values, skill))
      return &a;
  return nullptr;
}

/// The diagnosis two attempts of `skill` on `input.base` with different
/// parameters both failed to build with, if any.
std::optional<std::string> sameBuildFailureTwice(const PlanInput &input, llvm::StringRef skill) {
  llvm::StringMap<unsigned> seen;
  for (const Attempt &a : input.trajectory)
    if (a.base == input.base && a.skill == skill && a.outcome == "compile_error" &&
        !a.diagnosis.empty() && ++seen[a.diagnosis] == 2)
      return a.diagnosis;
  return std::nullopt;
}
/// Why `skill` waits for the batch in flight, if it does: two of its
/// candidates are pending on `input.base` and none of it has built there.
std::optional<std::string> unprovenInFlight(const PlanInput &input, llvm::StringRef skill) {
  unsigned pending = 0;
  for (const Attempt &a : input.trajectory) {
    if (a.base != input.base || a.skill != skill)
      continue;
    if (a.outcome != "pending" && a.outcome != "compile_error")
      return std::nullopt;
    pending += a.outcome == "pending";
  }
  if (pending < 2)
    return std::nullopt;
  return std::string("two candidates in flight and none built on this dispatch yet: the next "
                     "batch decides");
}

/// What was tried on this base and how it ended: the reasons not to repeat.
json::Array earlierAttempts(const PlanInput &input) {
  json::Array earlier;
  for (const Attempt &a : input.trajectory) {
    if (a.base != input.base)
      continue;
    json::Object p;
    for (const auto &kv : a.params)
      p[kv.first().str()] = kv.second;
    json::Object e{{"skill", a.skill}, {"params", std::move(p)}, {"outcome", a.outcome}};
    if (!a.diagnosis.empty())
      e["diagnosis"] = a.diagnosis;
    earlier.push_back(std::move(e));
  }
  return earlier;
}

/// The dispatch's tier, bottleneck and structure in `d`, with the metrics
/// they read as evidence.
void classify(const PlanInput &input, const Policy &policy,
              const llvm::StringMap<int64_t> &metrics, std::optional<double> sol,
              const std::string &opClass, Decision &d) {
  // Headroom by speed of light (no counters: the most headroom).
  d.tier = policy.tiers.front().name;
  if (sol) {
    d.evidence["speed_of_light_pct"] = *sol;
    for (const Policy::Tier &t : policy.tiers)
      if (*sol < t.speedOfLightBelow) {
        d.tier = t.name;
        break;
      }
  }
  // The first bottleneck whose signature holds; the metrics it read.
  d.bottleneck = "none";
  const Policy::Signature *signature = nullptr;
  for (const Policy::Signature &s : policy.bottlenecks)
    if (allHold(s.when, metrics)) {
      d.bottleneck = s.name;
      signature = &s;
      break;
    }
  if (signature)
    for (const std::string &c : signature->when)
      if (llvm::Expected<std::vector<std::string>> names = namesIn(c))
        for (const std::string &n : *names)
          if (const json::Value *v = input.metrics.get(n))
            d.evidence[n] = *v;
  d.structure = "unknown";
  for (const Policy::Structure &s : policy.structures)
    if (llvm::is_contained(s.opClasses, opClass)) {
      d.structure = s.name;
      break;
    }
}

/// The skills of case `c` that fit this dispatch (allowed, not forbidden,
/// written for its op class, within the precision, applies_when holds);
/// why each other one was passed over.
std::vector<const Skill *> fittingSkills(const Policy::Case &c, const PlanInput &input,
                                         const SkillLibrary &library,
                                         const std::string &opClass,
                                         const llvm::StringMap<int64_t> &features,
                                         json::Array &passedOver,
                                         std::vector<std::string> &allowed) {
  std::vector<const Skill *> fitting;
  bool forbidAll = llvm::is_contained(c.forbid, "*");
  for (const std::string &id : c.allow) {
    auto passOver = [&](const std::string &why) {
      passedOver.push_back(json::Object{{"skill", id}, {"why", why}});
    };
    if (forbidAll || llvm::is_contained(c.forbid, id)) {
      passOver("forbidden by case " + c.name);
      continue;
    }
    const Skill *skill = library.find(id);
    if (!llvm::is_contained(skill->opClasses, opClass)) {
      passOver("written for " + llvm::join(skill->opClasses, ", ") + ", not " + opClass);
      continue;
    }
    if (std::string outside = outsidePrecision(skill->numerics, input.precision);
        !outside.empty()) {
      passOver(outside);
      continue;
    }
    std::string why;
    if (!allHold(skill->appliesWhen, features, &why)) {
      passOver("applies_when: " + why);
      continue;
    }
    allowed.push_back(id);
    fitting.push_back(skill);
  }
  return fitting;
}

/// The case the plan follows and its skills that fit the dispatch.
struct CaseMatch {
  const Policy::Case *match = nullptr;
  std::vector<const Skill *> fitting;
  /// Cases that matched first but have no skill for this dispatch.
  std::vector<std::string> passedOverCases;
};

/// The first case that matches and has a skill fitting the dispatch; a
/// matching case whose skills are all written for other op classes (a
/// GEMM epilogue case met by a batched GEMM) gives way to the next one.
/// Its passed-over and allowed skills go into `d`.
CaseMatch matchCase(const PlanInput &input, const Policy &policy, const SkillLibrary &library,
                    const std::string &opClass, const llvm::StringMap<int64_t> &features,
                    Decision &d) {
  CaseMatch m;
  for (const Policy::Case &c : policy.cases) {
    if (!anyOrContains(c.tiers, d.tier) || !anyOrContains(c.structures, d.structure) ||
        !anyOrContains(c.bottlenecks, d.bottleneck) || !allHold(c.when, features))
      continue;
    json::Array passedOver;
    std::vector<std::string> allowed;
    std::vector<const Skill *> fits =
        fittingSkills(c, input, library, opClass, features, passedOver, allowed);
    // Only a case none of whose skills is written for this op class gives
    // way; one that stops on purpose (at the roofline) or whose skills do
    // not fit for other reasons is the answer.
    bool forOtherClasses =
        !c.allow.empty() && !llvm::is_contained(c.forbid, "*") &&
        llvm::none_of(c.allow, [&](const std::string &id) {
          const Skill *skill = library.find(id);
          return skill && llvm::is_contained(skill->opClasses, opClass);
        });
    if (fits.empty() && (m.match == nullptr || !forOtherClasses)) {
      if (!m.match) {
        m.match = &c;
        d.passedOver = std::move(passedOver);
        d.allowed = std::move(allowed);
      }
      if (!forOtherClasses)
        break;
      continue;
    }
    if (fits.empty())
      continue;
    if (m.match)
      m.passedOverCases.push_back(m.match->name);
    m.match = &c;
    m.fitting = std::move(fits);
    d.passedOver = std::move(passedOver);
    d.allowed = std::move(allowed);
    break;
  }
  return m;
}

/// Attempts of one skill in a row without a new best, after which the
/// search gives its round to another of the case's skills.
constexpr unsigned kStalledAttempts = 3;
/// How close (time against what it was weighed against) another skill's
/// attempt must have come for its neighbours to be worth a round.
constexpr double kWorthNeighbours = 0.75;

/// `fitting` in the order the search tries them this round: the skill of
/// the dispatch's best so far, then the case's order; except that when the
/// skill in front has had kStalledAttempts attempts since the dispatch's
/// last new best, a skill that came within kWorthNeighbours of its rival
/// (a first choice's alternative at its defaults) and has had fewer
/// attempts since goes first: one skill's neighbours, searched one step at
/// a time, may never reach what another skill's do.
std::vector<const Skill *> searchOrder(const PlanInput &input,
                                       std::vector<const Skill *> fitting) {
  if (fitting.size() < 2)
    return fitting;
  llvm::StringMap<unsigned> sinceBest;
  llvm::StringMap<double> closest;
  std::string bestSkill;
  for (const Attempt &a : input.trajectory) {
    if (a.accepted) {
      sinceBest.clear();
      bestSkill = a.skill;
    } else {
      ++sinceBest[a.skill];
    }
    closest[a.skill] = std::max(closest.lookup(a.skill), a.speedup);
  }
  // The search goes on around the best so far, whichever skill it is.
  auto best = llvm::find_if(fitting, [&](const Skill *s) { return s->id == bestSkill; });
  if (best != fitting.end())
    std::rotate(fitting.begin(), best, best + 1);
  if (sinceBest.lookup(fitting.front()->id) < kStalledAttempts)
    return fitting;
  auto rival = std::find_if(fitting.begin() + 1, fitting.end(), [&](const Skill *s) {
    return closest.lookup(s->id) >= kWorthNeighbours &&
           sinceBest.lookup(s->id) < sinceBest.lookup(fitting.front()->id);
  });
  if (rival != fitting.end())
    std::rotate(fitting.begin(), rival, rival + 1);
  return fitting;
}

/// Picks into `d` the first untried choice of `skill`'s parameters that
/// meets its constraints on this dispatch; false, with why in
/// `d.passedOver`, when there is none.
bool pickParams(const PlanInput &input, const Skill *skill, const Policy::Case &match,
                const llvm::StringMap<int64_t> &features, Decision &d) {
  const std::string &id = skill->id;
  // Two different choices that failed to build with the same diagnosis: the
  // script rejects the dispatch itself (a precondition its match checks),
  // and the rest of the space would only spend the round budget.
  if (std::optional<std::string> same = sameBuildFailureTwice(input, id)) {
    d.passedOver.push_back(json::Object{
        {"skill", id},
        {"why", "failed to build twice with the same diagnosis, whatever the parameters: " +
                    *same}});
    return false;
  }
  // A batch is planned before any of it is built: a skill that has not
  // built on this dispatch yet gets two candidates in it at most, so a
  // script that rejects the dispatch itself spends two rounds, not all.
  if (std::optional<std::string> why = unprovenInFlight(input, id)) {
    d.passedOver.push_back(json::Object{{"skill", id}, {"why", *why}});
    return false;
  }
  unsigned fits = 0, tried = 0;
  auto center = input.centers.find(id);
  const llvm::StringMap<std::string> *repair = nullptr;
  if (input.repair && input.repair->skill == id) {
    auto r = skill->repairs.find(input.repair->kind);
    if (r != skill->repairs.end())
      repair = &r->second;
  }
  // The search starts from the best so far, else from the case's start
  // over the skill's defaults.
  ParamValues first = skill->defaults;
  if (auto start = match.start.find(id); start != match.start.end())
    for (const auto &p : start->second)
      first[p.getKey()] = p.getValue();
  for (const ParamValues &given :
       choices(*skill,
               repair ? input.repair->from
                      : (center != input.centers.end() ? center->second : first),
               repair)) {
    llvm::Expected<ParamValues> values = skill->resolve(given);
    if (!values) {
      llvm::consumeError(values.takeError());
      continue;
    }
    if (!meetsRequirements(*skill, *values, features) ||
        !meetsChoiceRules(*skill, *values, features))
      continue;
    ++fits;
    if (attemptOf(input, *skill, *values)) {
      ++tried;
      continue;
    }
    d.skill = id;
    for (const auto &p : skill->params)
      d.params[p.first] = values->lookup(p.first);
    if (repair) {
      std::string moves;
      for (const auto &p : skill->params)
        if (auto m = repair->find(p.first); m != repair->end())
          moves += (moves.empty() ? "" : ", ") + p.first + " " + m->second;
      d.rule += "; repair after " + input.repair->kind + " with " +
                describe(input.repair->from, *skill) + ": " + moves;
    }
    return true;
  }
  d.passedOver.push_back(json::Object{
      {"skill", id},
      {"why", fits == 0
                  ? "no parameters meet its constraints, requirements and choice rules on this dispatch"
                  : llvm::formatv("all {0} fitting choices were tried on {1}", tried,
                                  input.base)
                        .str()}});
  return false;
}
} // namespace

llvm::Expected<ParamValues> ks::agents::checkChoice(const PlanInput &input, const Skill &skill,
                                                    const ParamValues &given) {
  if (std::string outside = outsidePrecision(skill.numerics, input.precision); !outside.empty())
    return llvm::createStringError("skill " + skill.id + ": " + outside);
  llvm::Expected<ParamValues> values = skill.resolve(given);
  if (!values)
    return values.takeError();
  std::string why;
  if (!meetsRequirements(skill, *values, featureVariables(input.features), &why))
    return llvm::createStringError("skill " + skill.id + " on this dispatch: " + why);
  if (const Attempt *a = attemptOf(input, skill, *values))
    return llvm::createStringError("skill " + skill.id + " with " + describe(*values, skill) +
                                   " was already tried on " + input.base + " (" +
                                   (a->outcome.empty() ? "no outcome" : a->outcome) + ")");
  return values;
}

json::Object Decision::toJson() const {
  json::Object o{{"tier", tier},
                 {"earlier", json::Array(earlier)},
                 {"bottleneck", bottleneck},
                 {"structure", structure},
                 {"case", caseName},
                 {"rule", rule},
                 {"evidence", json::Object(evidence)},
                 {"passed_over", json::Array(passedOver)}};
  json::Array allowedJson;
  for (const std::string &id : allowed)
    allowedJson.push_back(id);
  o["allowed"] = std::move(allowedJson);
  if (skill) {
    json::Object p;
    for (const auto &kv : params)
      p[kv.first().str()] = kv.second;
    o["skill"] = *skill;
    o["params"] = std::move(p);
  } else {
    o["skill"] = nullptr;
  }
  return o;
}

Decision ks::agents::plan(const PlanInput &input, const Policy &policy,
                          const SkillLibrary &library) {
  Decision d;
  d.earlier = earlierAttempts(input);
  llvm::StringMap<int64_t> metrics = metricVariables(input.metrics);
  llvm::StringMap<int64_t> features = featureVariables(input.features);
  std::optional<double> sol = input.metrics.getNumber("speed_of_light_pct");
  std::string opClass = input.features.getString("op_class").value_or("").str();
  classify(input, policy, metrics, sol, opClass, d);

  CaseMatch m = matchCase(input, policy, library, opClass, features, d);
  std::string situation = llvm::formatv(
      "tier {0}{1}, structure {2} (op_class {3}), bottleneck {4}", d.tier,
      sol ? llvm::formatv(" (speed of light {0:f1}%)", *sol).str() : " (no counters)",
      d.structure, opClass.empty() ? "?" : opClass, d.bottleneck);
  if (!m.match) {
    d.rule = "no case of the policy matches: " + situation;
    return d;
  }
  d.caseName = m.match->name;
  d.rule = "case " + m.match->name + ": " + situation +
           (m.match->why.empty() ? "" : "; " + m.match->why);
  if (!m.passedOverCases.empty())
    d.rule += " (case " + llvm::join(m.passedOverCases, ", ") +
              " matched first but has no skill for this dispatch)";

  for (const Skill *skill : searchOrder(input, m.fitting))
    if (pickParams(input, skill, *m.match, features, d))
      return d;
  d.rule += "; nothing left to try";
  return d;
}
