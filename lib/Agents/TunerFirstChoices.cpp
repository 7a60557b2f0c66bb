//===- TunerFirstChoices.cpp - A plan of first choices before the search ---===//
//
// Before any search every dispatch gets the policy's first choice, in one
// plan measured once: a dispatch the budget never reaches does not stay at
// its seed kernel.
//
//===----------------------------------------------------------------------===//

#include "TunerImpl.h"

#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <cmath>
#include <limits>

using namespace ks::agents;
using namespace ks::agents::tuner;

namespace {

/// The dispatch a failed build names ("... on dispatch N: ...", "dispatch
/// N: ..."), if any.
std::optional<int64_t> dispatchNamedIn(llvm::StringRef message) {
  constexpr llvm::StringLiteral key = "dispatch ";
  for (size_t at = message.find(key); at != llvm::StringRef::npos;
       at = message.find(key, at + key.size())) {
    int64_t d;
    if (!message.drop_front(at + key.size()).take_while(llvm::isDigit).getAsInteger(10, d))
      return d;
  }
  return std::nullopt;
}

/// How many plans the alternatives take: plan k holds every dispatch's
/// k-th alternative.
size_t alternativePlanCount(const std::map<int64_t, std::vector<Step>> &alternatives) {
  size_t count = 0;
  for (const auto &[d, alts] : alternatives)
    count = std::max(count, alts.size());
  return count;
}

/// The dispatch whose kernel took in dispatch `a` where `m` runs no kernel
/// of its own for it: the nearest dispatch before it with a step and a
/// kernel (a kernel takes in the ops after it: an epilogue, a row or grid
/// chain), or, with none before it, the nearest after it (a fill taken in
/// by its reader).
std::optional<int64_t> takenInBy(int64_t a, const Measurement &m, const PlanSteps &choices) {
  std::optional<int64_t> before, after;
  for (const auto &[c, step] : choices) {
    if (!m.kernelUs.count(c))
      continue;
    if (c < a)
      before = c;
    else if (!after)
      after = c;
  }
  return before ? before : after;
}

/// Plans of first choices built before the search gives up on them: each
/// failure names one dispatch, whose next choice goes into the next try.
constexpr unsigned kFirstChoiceTries = 16;

} // namespace

namespace ks::agents::tuner {

llvm::Error Tuner::takeFirstChoices(const std::vector<const DispatchFeatures *> &order,
                                    Measurement &seed, PlanSteps &best, Measurement &base) {
  PlanSteps choices;
  std::map<int64_t, PlanInput> inputs;
  std::set<std::string> groups;
  for (const DispatchFeatures *f : order) {
    int64_t d = f->id;
    if (best.count(d) || !groups.insert(groupKey(*f)).second)
      continue;
    PlanInput &input = inputs[d];
    input.features = plannerFeatures(*f);
    input.metrics = seed.metrics[d];
    input.precision = opts.precision;
    Decision decision = plan(input, *policy, *library);
    json::Object note{{"rule", decision.rule}};
    if (!decision.skill) {
      note["outcome"] = "no skill applies";
      firstChoices[d] = std::move(note);
      continue;
    }
    note["skill"] = *decision.skill;
    note["params"] = paramsJson(decision.params);
    firstChoices[d] = std::move(note);
    choices[d] = Step{*decision.skill, decision.params};
  }
  std::map<int64_t, std::vector<Step>> alternatives = nextChoices(choices, inputs);
  // A choice that does not build is replaced by the policy's next one for
  // the dispatch its error names (the planner knows what failed, and why),
  // and the plan tried again: a skill whose kernel cannot take an operand
  // leaves the dispatch to the next skill, not to the seed.
  Measurement m;
  double planSeconds = 0; // what one plan of the whole program takes to measure
  for (unsigned tries = 0; !choices.empty() && tries < kFirstChoiceTries; ++tries) {
    PlanSteps candidate = best;
    for (const auto &[d, step] : choices)
      candidate[d] = step;
    auto planStarted = std::chrono::steady_clock::now();
    m = measure(candidate, "first-choices");
    planSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - planStarted)
                      .count();
    if (m.outcome == "ok")
      break;
    std::optional<int64_t> culprit = dispatchNamedIn(m.message);
    if (!culprit || !choices.count(*culprit)) {
      for (const auto &[d, step] : choices)
        firstChoices[d]["outcome"] = "the plan of first choices failed: " + m.outcome;
      say("first choices: the plan did not run (" + m.outcome + "): searched from the seed");
      return llvm::Error::success();
    }
    firstChoices[*culprit]["outcome"] = "failed: " + m.message.substr(0, 300);
    // An attempt like any other: the search knows it failed, and why.
    const Step &failed = choices[*culprit];
    remember(json::Object{{"dispatch", *culprit}, {"round", 0}, {"base", "seed"},
                          {"skill", failed.skill}, {"params", paramsJson(failed.params)},
                          {"rule", "first choice"}, {"outcome", m.outcome},
                          {"message", m.message}, {"diagnosis", diagnose(m)},
                          {"accepted", false}});
    PlanInput &input = inputs[*culprit];
    input.trajectory = attemptsOn(*culprit);
    choices.erase(*culprit);
    alternatives.erase(*culprit);
    // Past the time budget the culprit keeps its seed kernel; the others'
    // choices are still tried.
    Decision next = budgetSpent() ? Decision{} : plan(input, *policy, *library);
    if (next.skill) {
      json::Object &note = firstChoices[*culprit];
      note["skill"] = *next.skill;
      note["params"] = paramsJson(next.params);
      note["after_failed"] = note.getString("outcome").value_or("").str();
      note["rule"] = next.rule;
      choices[*culprit] = Step{*next.skill, next.params};
    }
  }
  if (choices.empty() || m.outcome != "ok")
    return llvm::Error::success();
  for (auto &[d, alts] : alternatives)
    if (!choices.count(d))
      alts.clear(); // its first choice failed: the search takes it from there
  if (alternativesFitBudget(alternatives, planSeconds))
    m = tryAlternatives(choices, alternatives, best, std::move(m));
  // A dispatch whose kernel is gone was taken in by a choice's kernel (an
  // epilogue, a row chain), whose seed time it adds to.
  std::map<int64_t, double> tookIn;
  for (const auto &[a, us] : seed.kernelUs)
    if (!m.kernelUs.count(a))
      if (std::optional<int64_t> by = takenInBy(a, m, choices))
        tookIn[*by] += us;
  // Kept where its kernel beats the seed kernels it replaces.
  unsigned kept = 0;
  for (const auto &[d, step] : choices) {
    json::Object &note = firstChoices[d];
    double seedUs = seed.kernelUs[d] + tookIn[d];
    double us = m.kernelUs.count(d) ? m.kernelUs[d] : 0;
    note["kernel_us"] = us;
    note["seed_us"] = seedUs;
    if (m.kernelUs.count(d) && us < seedUs) {
      best[d] = step;
      note["outcome"] = "kept";
      ++kept;
    } else {
      note["outcome"] = m.kernelUs.count(d)
                            ? llvm::formatv("not faster than the seed ({0:f1} us against {1:f1})",
                                            us, seedUs).str()
                            : std::string("its kernel is another dispatch's");
    }
    remember(json::Object{{"dispatch", d}, {"round", 0}, {"base", "seed"},
                          {"skill", step.skill}, {"params", paramsJson(step.params)},
                          {"rule", "first choice: " + note.getString("rule").value_or("").str()},
                          {"outcome", "ok"}, {"kernel_us", us}, {"base_kernel_us", seedUs},
                          {"net_us", netUs(m, d)},
                          {"accepted", note.getString("outcome") == "kept"}});
  }
  if (!kept)
    return llvm::Error::success();
  Measurement keptPlan = kept == choices.size() ? std::move(m) : measure(best, "first-choices-kept");
  if (keptPlan.outcome != "ok") {
    // Fewer steps than the plan that ran can still fail (a kernel that
    // had taken a neighbour in now beside its seed kernel, a check at
    // another draw of inputs): the search starts from the seed kernels.
    for (const auto &[d, step] : choices)
      if (best.erase(d))
        firstChoices[d]["outcome"] = "dropped: the plan of kept first choices did not run";
    say("first choices: the plan of the " + std::to_string(kept) + " kept did not run (" +
        keptPlan.outcome + ": " + keptPlan.message + "): the search starts from the seed kernels");
    return writeJsonFile(path("plan.json"), planJson(best));
  }
  base = std::move(keptPlan);
  if (llvm::Error err = writeJsonFile(path("plan.json"), planJson(best)))
    return err;
  say(llvm::formatv("first choices: {0} of {1} kept, {2:f4} ms", kept, choices.size(),
                    base.timeMs));
  return llvm::Error::success();
}

std::map<int64_t, std::vector<Step>>
Tuner::nextChoices(const PlanSteps &choices, const std::map<int64_t, PlanInput> &inputs) {
  std::map<int64_t, std::vector<Step>> alternatives;
  if (opts.firstChoiceAlternatives == 0)
    return alternatives;
  for (const auto &[d, step] : choices) {
    PlanInput input = inputs.at(d);
    input.trajectory.push_back(Attempt{"seed", step.skill, step.params, "pending"});
    for (unsigned k = 0; k < opts.firstChoiceAlternatives; ++k) {
      Decision next = plan(input, *policy, *library);
      if (!next.skill)
        break;
      alternatives[d].push_back(Step{*next.skill, next.params});
      input.trajectory.push_back(Attempt{"seed", *next.skill, next.params, "pending"});
    }
  }
  return alternatives;
}

/// The kernel time of dispatch `d` in `m`, with the kernels of `extra` that
/// `m` runs (dispatches one plan computes in d's kernel and the other does
/// not): two plans are compared on the same work.
static double coveredUs(const Measurement &m, int64_t d, const std::vector<int64_t> &extra) {
  double us = m.kernelUs.at(d);
  for (int64_t a : extra)
    if (m.kernelUs.count(a))
      us += m.kernelUs.at(a);
  return us;
}

/// The dispatches whose kernel one of `x`, `y` runs and the other does not
/// and that `d`'s kernel took in where it is missing.
static std::vector<int64_t> takenInByOne(const Measurement &x, const Measurement &y, int64_t d,
                                         const PlanSteps &choices) {
  std::set<int64_t> all;
  for (const Measurement *m : {&x, &y})
    for (const auto &[a, us] : m->kernelUs)
      all.insert(a);
  std::vector<int64_t> out;
  for (int64_t a : all) {
    if (a == d || x.kernelUs.count(a) == y.kernelUs.count(a))
      continue;
    const Measurement &lacking = x.kernelUs.count(a) ? y : x;
    if (takenInBy(a, lacking, choices) == d)
      out.push_back(a);
  }
  return out;
}

bool Tuner::alternativesFitBudget(const std::map<int64_t, std::vector<Step>> &alternatives,
                                  double planSeconds) {
  size_t count = alternativePlanCount(alternatives);
  if (count == 0 || opts.budgetSeconds <= 0)
    return count > 0;
  // Their plans (jobs at a time) and the plan of the picked ones.
  double needed = planSeconds * (std::ceil(double(count) / std::max(1u, jobs)) + 1);
  if (elapsedSeconds() + needed <= opts.budgetSeconds)
    return true;
  say(llvm::formatv("first choices: no alternatives tried: {0} plan(s) of {1:f0} s each would "
                    "pass the {2} s budget",
                    count + 1, planSeconds, opts.budgetSeconds));
  return false;
}

Measurement Tuner::tryAlternatives(PlanSteps &choices,
                                   const std::map<int64_t, std::vector<Step>> &alternatives,
                                   const PlanSteps &best, Measurement first) {
  size_t count = alternativePlanCount(alternatives);
  if (count == 0)
    return first;
  // Plan k gives every dispatch its k-th alternative (or its first choice):
  // count plans measured, however many dispatches the program has.
  std::vector<PlanSteps> plans(count, best);
  for (size_t k = 0; k < count; ++k)
    for (const auto &[d, step] : choices) {
      auto alts = alternatives.find(d);
      plans[k][d] = alts != alternatives.end() && k < alts->second.size() ? alts->second[k] : step;
    }
  std::vector<Measurement> results(count);
  std::vector<std::thread> workers;
  for (size_t k = 0; k < count; ++k) {
    auto work = [&, k] {
      results[k] = measure(plans[k], llvm::formatv("first-choices-alt{0}", k + 1).str());
    };
    if (jobs > 1)
      workers.emplace_back(work);
    else
      work();
  }
  for (std::thread &w : workers)
    w.join();

  PlanSteps picked = choices;
  unsigned moved = 0;
  // The policy's order is expert knowledge: an estimate takes another
  // skill's kernel over it only by the margin the search needs to move
  // (the model ranks one kernel's parameters better than two kernels).
  // Measured times decide as they are.
  // The model does not price local memory: on estimates a kernel that
  // spills more never displaces the winner, and one that spills less
  // displaces it unless estimated slower by the margin (as in the search).
  auto displaceMargin = [&](llvm::StringRef skill, llvm::StringRef against, int64_t spills,
                            int64_t againstSpills) {
    if (!onGpu && spills != againstSpills)
      return spills < againstSpills ? 1.0 / opts.win : std::numeric_limits<double>::infinity();
    return onGpu || skill == against ? 1.0 : opts.win;
  };
  for (const auto &[d, alts] : alternatives) {
    if (!first.kernelUs.count(d))
      continue;
    const Measurement *winner = &first;
    std::string winnerRule = "first choice";
    bool spillsLess = false;
    for (size_t k = 0; k < alts.size(); ++k) {
      const Measurement &r = results[k];
      bool ran = r.outcome == "ok" && r.kernelUs.count(d);
      bool faster = false;
      double us = 0, againstUs = 0;
      int64_t spills = costlySpillBytes(r, d), winnerSpills = costlySpillBytes(*winner, d);
      if (ran) {
        std::vector<int64_t> extra = takenInByOne(*winner, r, d, choices);
        us = coveredUs(r, d, extra);
        againstUs = coveredUs(*winner, d, extra);
        faster = us * displaceMargin(alts[k].skill, picked[d].skill, spills, winnerSpills) <
                 againstUs;
      }
      // Attempted like any candidate: the search does not try it again.
      // Accepted or not is said of the choice that goes on (below).
      // Its base is the choice it must beat (base_kernel_us), not the seed.
      std::string rule = llvm::formatv("first choice, alternative {0}", k + 1).str();
      json::Object attempt{{"dispatch", d},  {"round", 0},
                           {"base", winnerRule}, {"skill", alts[k].skill},
                           {"params", paramsJson(alts[k].params)},
                           {"rule", rule},
                           {"outcome", r.outcome}, {"accepted", false},
                           {"faster_than_first", faster}};
      if (ran) {
        attempt["kernel_us"] = us;
        attempt["base_kernel_us"] = againstUs;
        attempt["net_us"] = netUs(r, d);
      } else if (r.outcome != "ok") {
        attempt["message"] = r.message;
        attempt["diagnosis"] = diagnose(r);
      }
      remember(std::move(attempt));
      if (faster) {
        spillsLess = spills < winnerSpills;
        winner = &r;
        winnerRule = rule;
        picked[d] = alts[k];
      }
    }
    if (winner != &first) {
      ++moved;
      remember(json::Object{{"dispatch", d},  {"round", 0},
                            {"base", "seed"}, {"skill", choices[d].skill},
                            {"params", paramsJson(choices[d].params)},
                            {"rule", "first choice"}, {"outcome", "ok"},
                            {"kernel_us", first.kernelUs.at(d)}, {"accepted", false},
                            {"net_us", netUs(first, d)},
                            {"diagnosis", spillsLess
                                              ? "an alternative of it spills less to local "
                                                "memory (which the model does not price)"
                                              : "an alternative of it was faster"}});
      json::Object &note = firstChoices[d];
      note["alternative_of"] = json::Object{{"skill", choices[d].skill},
                                            {"params", paramsJson(choices[d].params)}};
      note["skill"] = picked[d].skill;
      note["params"] = paramsJson(picked[d].params);
    }
  }
  say(llvm::formatv("first choices: {0} alternative plan(s) tried, {1} dispatch(es) took an "
                    "alternative",
                    count, moved));
  if (!moved)
    return first;
  PlanSteps combined = best;
  for (const auto &[d, step] : picked)
    combined[d] = step;
  Measurement m = measure(combined, "first-choices-picked");
  if (m.outcome != "ok") {
    say("first choices: the plan of picked alternatives did not run (" + m.outcome +
        "): the first choices stand");
    for (const auto &[d, step] : choices)
      if (firstChoices[d].get("alternative_of")) {
        firstChoices[d].erase("alternative_of");
        firstChoices[d]["skill"] = step.skill;
        firstChoices[d]["params"] = paramsJson(step.params);
      }
    return first;
  }
  choices = std::move(picked);
  return m;
}

} // namespace ks::agents::tuner
