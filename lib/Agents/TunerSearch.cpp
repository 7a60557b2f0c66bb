//===- TunerSearch.cpp - The search over each dispatch's candidates -------===//
//
// The tuner's search: the dispatches in the order they are decided (slowest
// group first, absorbers before what they absorb), then each leader's
// rounds: a batch of candidates planned on the same evidence, built and
// measured at once, each attempt judged against the base (accepted, or
// diagnosed and perhaps repaired in the next batch).
//
//===----------------------------------------------------------------------===//

#include "TunerImpl.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace ks::agents;
using namespace ks::agents::tuner;

namespace ks::agents::tuner {

/// `order` with each dispatch that may take the ops after it into its own
/// kernel (an elementwise epilogue, a strided reduction's rereading
/// epilogue, a row chain) moved before the first of those ops, the order
/// otherwise kept. Tuned the other way round, the later op's skill (RMS
/// norm's normalization vectorized) leaves the earlier one's fusing skill
/// nothing to fuse, and every candidate of it fails to build.
std::vector<const DispatchFeatures *>
absorbersFirst(const std::vector<DispatchFeatures> &features,
               std::vector<const DispatchFeatures *> order) {
  // The dispatch (program order) that may absorb each one, if any.
  llvm::DenseMap<int64_t, const DispatchFeatures *> absorber;
  for (size_t i = 0; i < features.size(); ++i) {
    const DispatchFeatures &f = features[i];
    size_t span = f.rowChainOps > 0 ? f.rowChainOps
                  : (f.elementwiseEpilogue || f.rereadingEpilogue) ? 1
                                                                     : 0;
    for (size_t j = i + 1; j <= i + span && j < features.size(); ++j)
      absorber.try_emplace(features[j].id, &f);
  }
  llvm::DenseSet<const DispatchFeatures *> queued(order.begin(), order.end()), placed;
  std::vector<const DispatchFeatures *> result;
  for (const DispatchFeatures *f : order) {
    if (placed.contains(f))
      continue;
    auto it = absorber.find(f->id);
    if (it != absorber.end() && queued.contains(it->second) && !placed.contains(it->second)) {
      result.push_back(it->second);
      placed.insert(it->second);
    }
    result.push_back(f);
    placed.insert(f);
  }
  return result;
}


std::vector<Attempt> Tuner::attemptsOn(int64_t d) const {
  std::vector<Attempt> attempts;
  for (const json::Object &t : trajectory) {
    if (t.getInteger("dispatch") != d)
      continue;
    Attempt a;
    a.base = "seed";
    a.skill = t.getString("skill").value_or("").str();
    a.outcome = t.getString("outcome").value_or("").str();
    a.diagnosis = t.getString("diagnosis").value_or("").str();
    a.params = paramsOf(t);
    a.accepted = t.getBoolean("accepted").value_or(false);
    // Alternatives' rows have no speedup of their own: against their base.
    std::optional<double> us = t.getNumber("kernel_us"), baseUs = t.getNumber("base_kernel_us");
    double fromTimes = us && baseUs && *us > 0 ? *baseUs / *us : 0;
    a.speedup = t.getNumber("speedup_vs_base").value_or(fromTimes);
    attempts.push_back(std::move(a));
  }
  return attempts;
}

void Tuner::remember(json::Object attempt) {
  attempt["program"] = programHash;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << json::Value(json::Object(attempt));
  *trajectoryFile << text << "\n";
  trajectoryFile->flush();
  trajectory.push_back(std::move(attempt));
}

/// A failure a skill's `repairs` can answer: shared memory over the
/// block's limit (ptxas refuses the kernel), or spills to local memory.
std::string repairableFailure(const Measurement &m, int64_t dispatch) {
  llvm::StringRef message(m.message);
  if (m.outcome != "ok" &&
      (message.contains("too much shared data") || message.contains("shared memory") ||
       message.contains("shared data")))
    return "shared_memory_overflow";
  if (m.outcome == "ok" && costlySpillBytes(m, dispatch) > 0)
    return "register_spills";
  return "";
}

/// Why an attempt failed, and what follows for the next one.
std::string diagnose(const Measurement &m) {
  if (m.outcome == "mismatch")
    return "the candidate's numbers differ from the reference's (" + m.message +
           "): reverted; this skill and these parameters are not tried again here";
  if (m.outcome == "fault" || m.outcome == "timeout" || m.outcome == "crash") {
    const char *what = m.outcome == "fault"     ? "faulted"
                       : m.outcome == "timeout" ? "timed out"
                                                : "crashed";
    return std::string("the candidate ") + what + " (" + m.message + "): reverted";
  }
  if (llvm::StringRef(m.message).contains("ptxas"))
    return "ptxas rejected the kernel (" + m.message + "): reverted";
  return "the candidate did not build or run (" + m.message + "): reverted";
}

/// Writes the draft under path("drafts") and reloads the library with it,
/// so that candidates (and ks-run) can apply it like any skill.
llvm::Error Tuner::addDraft(const DraftSkill &draft) {
  llvm::Expected<std::string> dir = writeDraftSkill(draft, path("drafts"), json::Object{});
  if (!dir)
    return dir.takeError();
  if (!llvm::is_contained(skillRoots, path("drafts")))
    skillRoots.push_back(path("drafts"));
  llvm::Expected<SkillLibrary> lib = SkillLibrary::load(skillRoots);
  if (!lib)
    return lib.takeError();
  library = std::move(*lib);
  drafts[draft.id] = draft;
  return llvm::Error::success();
}

/// Dispatches of one group (groupKey: signature and features) are decided
/// once: `order` regrouped so that each group's dispatches follow its
/// first, the groups by their share of the seed's time, largest first.
std::vector<const DispatchFeatures *>
Tuner::groupIdentical(std::vector<const DispatchFeatures *> order, Measurement &seed) {
  std::map<std::string, double> groupUs;
  std::map<int64_t, std::string> key;
  for (const DispatchFeatures *f : order) {
    key[f->id] = groupKey(*f);
    groupUs[key[f->id]] += seed.kernelUs[f->id];
  }
  std::stable_sort(order.begin(), order.end(), [&](auto *a, auto *b) {
    const std::string &sa = key[a->id], &sb = key[b->id];
    if (sa != sb && groupUs[sa] != groupUs[sb])
      return groupUs[sa] > groupUs[sb];
    return sa != sb ? sa < sb : seed.kernelUs[a->id] > seed.kernelUs[b->id];
  });
  return order;
}

/// Keeps in `order` the dispatches of its first `groups` groups (each
/// decided by one search); the rest, returned, keep their seed kernels.
std::vector<const DispatchFeatures *>
Tuner::keepGroups(std::vector<const DispatchFeatures *> &order, unsigned groups) {
  std::set<std::string> kept;
  std::vector<const DispatchFeatures *> tuned, untuned;
  for (const DispatchFeatures *f : order) {
    std::string key = groupKey(*f);
    if (kept.count(key) || kept.size() < groups) {
      kept.insert(key);
      tuned.push_back(f);
    } else {
      untuned.push_back(f);
    }
  }
  order = std::move(tuned);
  return untuned;
}

/// Gives `f` the step its signature's first dispatch was decided with
/// (none: the seed kernel too), and its report entry; whether it took a
/// step (the plan is then measured again once at the end).
bool Tuner::followLeader(const DispatchFeatures &f, int64_t leader, Measurement &seed,
                         PlanSteps &best, json::Array &entries) {
  int64_t d = f.id;
  json::Object featureJson = *toJSON(f).getAsObject();
  json::Object entry{{"dispatch", d},
                     {"op_class", stringifyOpClass(f.opClass)},
                     {"loop_ranges", featureJson.get("loop_ranges") ? *featureJson.get("loop_ranges")
                                                                    : json::Value(nullptr)},
                     {"seed_us", seed.kernelUs[d]},
                     {"tuned_us", seed.kernelUs[d]},
                     {"speedup", 1.0},
                     {"rounds", 0},
                     {"same_signature_as", leader},
                     {"stopped", llvm::formatv("decided once for its signature, by dispatch {0}",
                                               leader)
                                     .str()},
                     {"source", onGpu ? "gpu" : "model"}};
  bool stepped = best.count(leader) > 0;
  if (stepped) {
    best[d] = best[leader];
    entry["winner"] = json::Object{{"skill", best[d].skill},
                                   {"params", paramsJson(best[d].params)}};
  }
  say(llvm::formatv("dispatch {0} ({1}): as dispatch {2}, same signature{3}", d,
                    stringifyOpClass(f.opClass), leader,
                    stepped ? ": " + best[d].skill : std::string(": seed kernel")));
  entries.push_back(std::move(entry));
  return stepped;
}

/// The plan with the followers' steps, measured once: their entries get
/// its times. Where it does not run, the followers keep their seed kernels
/// (the report says why).
void Tuner::rebaseOnFollowers(const std::vector<int64_t> &stepped, PlanSteps &best,
                              Measurement &base, json::Array &entries) {
  // The next dispatch's candidates are built on `best`: weighed against a
  // base without the followers' kernels, what those kernels take in (a
  // padding copy, an epilogue) would count as theirs.
  Measurement m = measure(best, "followers");
  if (m.outcome == "ok" || fallBackFollowers(stepped, best, entries, m, "followers-fallback")) {
    base = std::move(m);
    return;
  }
  say("the plan with the followers' steps did not run (" + m.outcome + ": " + m.message +
      "): they keep their seed kernels");
  for (json::Value &v : entries) {
    json::Object &e = *v.getAsObject();
    std::optional<int64_t> d = e.getInteger("dispatch");
    if (!d || !llvm::is_contained(stepped, *d) || !e.get("winner"))
      continue;
    best.erase(*d);
    e.erase("winner");
    e["stopped"] = "its signature's decision did not run here: " + m.outcome;
  }
}

bool Tuner::fallBackFollowers(const std::vector<int64_t> &eligible, PlanSteps &best,
                              json::Array &entries, Measurement &m, llvm::StringRef tag) {
  if (!library)
    return false;
  PlanSteps trial = best;
  std::map<int64_t, std::string> movedFrom;
  for (int64_t d : eligible) {
    auto step = trial.find(d);
    const Skill *skill = step != trial.end() ? library->find(step->second.skill) : nullptr;
    if (!skill || skill->fallsBackTo.empty())
      continue;
    movedFrom[d] = skill->id;
    step->second.skill = skill->fallsBackTo;
  }
  if (movedFrom.empty())
    return false;
  say(llvm::formatv("the plan with the followers' steps did not run ({0}: {1}): {2} of them "
                    "take their skill's fallback",
                    m.outcome, m.message, movedFrom.size()));
  Measurement again = measure(trial, tag);
  if (again.outcome != "ok")
    return false;
  best = std::move(trial);
  for (json::Value &v : entries) {
    json::Object &e = *v.getAsObject();
    std::optional<int64_t> d = e.getInteger("dispatch");
    if (!d || !movedFrom.count(*d))
      continue;
    e["winner"] = json::Object{{"skill", best[*d].skill}, {"params", paramsJson(best[*d].params)}};
    e["stopped"] = llvm::formatv("decided once for its signature, by dispatch {0}; {1} did not "
                                 "apply here, its fallback {2} did",
                                 *e.getInteger("same_signature_as"), movedFrom[*d],
                                 best[*d].skill)
                       .str();
  }
  m = std::move(again);
  return true;
}

llvm::Error Tuner::measureFollowers(PlanSteps &best, Measurement &base, json::Array &entries) {
  Measurement all = measure(best, "grouped");
  auto isFollower = [](const json::Object &e) { return e.get("same_signature_as") != nullptr; };
  auto followers = [&] {
    std::vector<int64_t> ids;
    for (const json::Value &v : entries)
      if (const json::Object *e = v.getAsObject(); e && isFollower(*e))
        ids.push_back(*e->getInteger("dispatch"));
    return ids;
  };
  if (all.outcome != "ok" &&
      !fallBackFollowers(followers(), best, entries, all, "grouped-fallback")) {
    say("the plan with each signature's decision on all its dispatches did not run (" +
        all.outcome + ": " + all.message + "): those dispatches keep their seed kernels");
    for (json::Value &v : entries) {
      json::Object &e = *v.getAsObject();
      if (!isFollower(e) || !e.get("winner"))
        continue;
      best.erase(*e.getInteger("dispatch"));
      e.erase("winner");
      e["stopped"] = "its signature's decision did not run here: " + all.outcome;
    }
    return llvm::Error::success();
  }
  for (json::Value &v : entries) {
    json::Object &e = *v.getAsObject();
    int64_t d = *e.getInteger("dispatch");
    double us = all.kernelUs.count(d) ? all.kernelUs[d] : 0.0;
    e["tuned_us"] = us;
    double seedUs = e.getNumber("seed_us").value_or(0);
    e["speedup"] = us > 0 ? seedUs / us : 0.0;
    // Taken in by a follower's kernel the search did not weigh.
    if (!all.kernelUs.count(d) && !e.getBoolean("fused").value_or(false)) {
      e["fused"] = true;
      e["stopped"] = "no kernel of its own: the plan computes it in another dispatch's kernel";
    }
  }
  base = std::move(all);
  return writeJsonFile(path("plan.json"), planJson(best));
}

std::vector<const DispatchFeatures *>
Tuner::searchOrder(Measurement &seed, const std::set<int64_t> &fromDb,
                   std::vector<const DispatchFeatures *> &untuned) {
  // Slowest dispatches first.
  std::vector<const DispatchFeatures *> order;
  for (const DispatchFeatures &f : features)
    if (seed.kernelUs.count(f.id) && !fromDb.count(f.id))
      order.push_back(&f);
  std::stable_sort(order.begin(), order.end(), [&](auto *a, auto *b) {
    return seed.kernelUs[a->id] > seed.kernelUs[b->id];
  });
  order = absorbersFirst(features, groupIdentical(std::move(order), seed));
  untuned = keepGroups(order, opts.maxDispatches);
  return order;
}

llvm::Error Tuner::searchDispatches(const std::vector<const DispatchFeatures *> &order,
                                    Measurement &seed, PlanSteps &best, Measurement &base,
                                    json::Array &entries, bool &followed) {
  std::map<std::string, int64_t> leaderOf; ///< groupKey -> its decided dispatch.
  std::vector<int64_t> stepped;            ///< followers stepped since `base`.
  for (auto [i, f] : llvm::enumerate(order)) {
    int64_t d = f->id;
    // A dispatch another's kernel computes decides nothing for its group.
    if (base.kernelUs.count(d)) {
      auto [leader, isLeader] = leaderOf.try_emplace(groupKey(*f), d);
      if (!isLeader) {
        if (followLeader(*f, leader->second, seed, best, entries))
          stepped.push_back(d);
        followed |= !stepped.empty();
        continue;
      }
    }
    // With no round left to search (none asked for, or the budget spent)
    // nothing is weighed against the base: the followers are measured with
    // the rest at the end (measureFollowers).
    if (!stepped.empty() && opts.rounds > 0 && !budgetSpent()) {
      rebaseOnFollowers(stepped, best, base, entries);
      stepped.clear();
    }
    std::set<std::string> later;
    for (const DispatchFeatures *g : llvm::drop_begin(order, i + 1))
      if (const std::string &key = groupKey(*g); !leaderOf.count(key))
        later.insert(key);
    groupsAfter = later.size();
    llvm::Expected<json::Object> entry = searchDispatch(*f, seed, best, base);
    if (!entry)
      return entry.takeError();
    entries.push_back(std::move(*entry));
  }
  return llvm::Error::success();
}

unsigned Tuner::roundsFor(const DispatchFeatures &f, const Measurement &plan) {
  if (opts.rounds <= opts.roundsMin)
    return opts.rounds;
  const std::string &key = groupKey(f);
  double groupUs = 0, totalUs = 0;
  for (const DispatchFeatures &g : features) {
    auto it = plan.kernelUs.find(g.id);
    if (it == plan.kernelUs.end())
      continue;
    totalUs += it->second;
    if (groupKey(g) == key)
      groupUs += it->second;
  }
  double share = totalUs > 0 ? std::clamp(groupUs / totalUs, 0.0, 1.0) : 0.0;
  return opts.roundsMin + unsigned(std::lround(share * (opts.rounds - opts.roundsMin)));
}

llvm::Expected<json::Object> Tuner::searchDispatch(const DispatchFeatures &f, Measurement &seed,
                                                   PlanSteps &best, Measurement &base) {
  int64_t d = f.id;
  DispatchSearch s{f, plannerFeatures(f)};
  s.roundLimit = roundsFor(f, base);
  s.baseName = best.count(d) ? "accepted" : "seed";
  // A skill on another dispatch may have taken this one into its kernel
  // (epilogue fusion, a row chain): nothing of its own is left to tune.
  bool fused = !base.kernelUs.count(d);
  double seedUs = seed.kernelUs[d];
  s.baseUs = base.kernelUs[d];
  s.baseMetrics = base.metrics[d];
  if (fused)
    s.stopped = "no kernel of its own: the plan computes it in another dispatch's kernel";
  for (unsigned round = 1; !fused && round <= s.roundLimit;) {
    if (budgetSpent()) {
      s.stopped = llvm::formatv("time budget ({0} s) spent", opts.budgetSeconds);
      break;
    }
    if (round > opts.roundsMin && !extraRoundsFit()) {
      s.stopped = llvm::formatv("rounds past {0} left to the {1} group(s) after it (time "
                                "budget {2} s)",
                                opts.roundsMin, groupsAfter, opts.budgetSeconds);
      break;
    }
    std::optional<double> sol = baseSpeedOfLight(s);
    if (sol && *sol >= opts.solTarget) {
      s.stopped = llvm::formatv("speed of light {0:f1}% >= {1}%", *sol, opts.solTarget);
      break;
    }
    // A plan gives each dispatch one skill in place of its seed kernel
    // (skills do not stack yet): every attempt on this dispatch was made
    // on the same parent, the seed kernel, whatever the base was then.
    PlanInput input;
    input.features = s.featureJson;
    input.metrics = s.baseMetrics;
    input.base = "seed";
    input.precision = opts.precision;
    input.repair = s.repair;
    if (best.count(d))
      input.centers[best[d].skill] = best[d].params;
    if (s.explore)
      input.centers[s.explore->skill] = s.explore->params;
    input.trajectory = attemptsOn(d);
    Batch batch;
    if (llvm::Error err = planBatch(s, input, round, batch))
      return std::move(err);
    // Nothing left in the library: the LLM skill author may write a
    // script (once per dispatch); vetted, then tried like any candidate.
    if (batch.decisions.empty() && llm && opts.llm.author && !s.authorAsked)
      if (llvm::Error err = askAuthor(s, input, batch))
        return std::move(err);
    if (batch.decisions.empty())
      break;
    auto batchStarted = std::chrono::steady_clock::now();
    if (llvm::Error err = runBatch(s, batch, round, best, base))
      return std::move(err);
    searchedSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - batchStarted).count();
    searchedCandidates += batch.decisions.size();
    s.rounds += batch.decisions.size();
    round += batch.decisions.size();
  }
  return finishDispatch(s, fused, seedUs, seed, best);
}

std::optional<double> Tuner::baseSpeedOfLight(const DispatchSearch &s) const {
  std::optional<double> sol = s.baseMetrics.getNumber("speed_of_light_pct");
  // Measured, the counters' speed of light counts every byte moved,
  // wasted sectors too: a transpose read down its columns keeps L2 94%
  // busy at 30% of DRAM bandwidth. It is capped by the dispatch's own:
  // its ideal time (its minimum bytes at DRAM bandwidth, its flops at
  // peak) over its kernel's.
  const DispatchFeatures &f = s.f;
  if (sol && onGpu && device && f.minBytes && s.baseUs > 0) {
    double peak = device->peakFlopsPerUs(llvm::is_contained(f.elementTypes, "f64"));
    double idealUs = double(*f.minBytes) / (device->dramGBps * 1e3);
    if (f.flops && peak > 0)
      idealUs = std::max(idealUs, double(*f.flops) / peak);
    sol = std::min(*sol, 100.0 * idealUs / s.baseUs);
  }
  return sol;
}

llvm::Error Tuner::planBatch(DispatchSearch &s, PlanInput &input, unsigned round, Batch &batch) {
  // A batch: as many distinct candidates as there are jobs, planned on
  // the same evidence (each one counts as attempted for the next).
  unsigned size = std::min(jobs, s.roundLimit - round + 1);
  while (batch.decisions.size() < size) {
    Decision decision = plan(input, *policy, *library);
    if (round == 1 && batch.decisions.empty()) {
      s.firstBottleneck = decision.bottleneck;
      s.firstRule = decision.rule;
    }
    if (!decision.skill) {
      if (batch.decisions.empty())
        s.stopped = "nothing left to try (" + decision.rule + ")";
      break;
    }
    // The LLM may choose otherwise among what the policy allows; its
    // answer is checked, and a rejected one leaves the policy's choice.
    std::string by = "policy", rejected;
    if (llm) {
      LlmPlan answer = planWithLlm(*llm, input, decision, *library);
      if (answer.fatal)
        return llvm::createStringError(answer.rejected);
      if (answer.decision) {
        decision = std::move(*answer.decision);
        by = "llm";
      } else {
        rejected = answer.rejected;
        say("  LLM planner's answer not used: " + rejected);
      }
      countDecision("planner", by);
    }
    batch.decidedBy.push_back(by);
    batch.llmRejected.push_back(rejected);
    input.trajectory.push_back(Attempt{"seed", *decision.skill, decision.params, "pending"});
    batch.decisions.push_back(std::move(decision));
  }
  return llvm::Error::success();
}

llvm::Error Tuner::runBatch(DispatchSearch &s, const Batch &batch, unsigned round,
                            PlanSteps &best, Measurement &base) {
  int64_t d = s.f.id;
  // Built (and, on a GPU, run) in parallel; ks-run processes take turns
  // on the GPU for their measurements.
  std::vector<PlanSteps> candidates;
  std::vector<std::string> labels;
  for (auto [i, decision] : llvm::enumerate(batch.decisions)) {
    PlanSteps candidate = best;
    candidate[d] = Step{*decision.skill, decision.params};
    candidates.push_back(std::move(candidate));
    labels.push_back(llvm::formatv("d{0}-r{1}", d, round + i));
    say(llvm::formatv("dispatch {0} ({1}) round {2}/{3}: {4} {5}; base {6:f2} us", d,
                      stringifyOpClass(s.f.opClass), round + i, s.roundLimit, *decision.skill,
                      json::Value(paramsJson(decision.params)), s.baseUs));
  }
  size_t n = batch.decisions.size();
  std::vector<Measurement> results(n);
  if (n == 1) {
    results[0] = measure(candidates[0], labels[0], d);
  } else {
    std::vector<std::thread> workers;
    for (size_t i = 0; i < n; ++i)
      workers.emplace_back([&, i] { results[i] = measure(candidates[i], labels[i], d); });
    for (std::thread &w : workers)
      w.join();
  }
  s.repair.reset();
  for (size_t i = 0; i < n; ++i)
    if (llvm::Error err =
            judgeAttempt(s, batch, i, round, results[i], candidates[i], labels[i], best, base))
      return err;
  return llvm::Error::success();
}

llvm::Error Tuner::judgeAttempt(DispatchSearch &s, const Batch &batch, size_t i, unsigned round,
                                Measurement &m, const PlanSteps &candidate,
                                const std::string &label, PlanSteps &best, Measurement &base) {
  int64_t d = s.f.id;
  const Decision &decision = batch.decisions[i];
  json::Object attempt{{"dispatch", d},
                       {"round", int64_t(round + i)},
                       {"base", s.baseName},
                       {"skill", *decision.skill},
                       {"params", paramsJson(decision.params)},
                       {"rule", decision.rule},
                       {"evidence", json::Object(decision.evidence)},
                       {"outcome", m.outcome}};
  if (llm) {
    attempt["decided_by"] = batch.decidedBy[i];
    if (!batch.llmRejected[i].empty())
      attempt["llm_rejected"] = batch.llmRejected[i];
  }
  if (batch.decisions.size() > 1)
    attempt["batch"] = json::Object{{"first_round", int64_t(round)},
                                    {"size", int64_t(batch.decisions.size())}};
  if (!m.numerics.empty())
    attempt["numerics"] = m.numerics;
  // The estimate's occupancy (ptxas's registers and shared memory): a
  // kernel below kWarpsToHideLatency warps an SM was charged for it.
  if (std::optional<int64_t> warps = m.metrics[d].getInteger("resident_warps_per_sm");
      warps && *warps > 0)
    attempt["resident_warps_per_sm"] = *warps;
  bool accepted = false;
  if (m.outcome == "ok" && m.kernelUs.count(d)) {
    llvm::Expected<bool> won = weighAttempt(s, decision, m, candidate, label, attempt, best, base);
    if (!won)
      return won.takeError();
    accepted = *won;
  } else {
    attempt["message"] = m.message;
    attempt["diagnosis"] = diagnose(m);
  }
  std::string failure = accepted ? "" : repairableFailure(m, d);
  // The LLM Diagnoser on a failure: its root cause, and its action in
  // place of the rule's (revert, or one of the skill's repairs).
  if (llm && !accepted && (m.outcome != "ok" || !failure.empty()))
    if (llvm::Error err = askDiagnoser(s, decision, m, attempt, failure))
      return err;
  if (!failure.empty()) {
    // The first repairable failure of the batch sets the next batch's
    // repair.
    if (!s.repair)
      s.repair = PlanInput::Repair{*decision.skill, failure, decision.params};
    bool llmChose = attempt.getObject("llm_diagnosis") != nullptr;
    std::string why =
        llmChose ? "the LLM Diagnoser chose the skill's repair for " + failure + ": next"
        : failure == "register_spills"
            ? llvm::formatv("ptxas spilled {0} bytes to local memory: next, the skill's "
                            "repair for spills (less coarsening)",
                            m.metrics[d].getInteger("spill_bytes").value_or(0))
                  .str()
            : "the kernel needs more shared memory than a block may have: next, the "
              "skill's repair for it (a smaller tile)";
    std::optional<llvm::StringRef> before = attempt.getString("diagnosis");
    attempt["diagnosis"] = before ? (before->str() + "; " + why) : why;
    attempt["repair_next"] = failure;
  }
  attempt["accepted"] = accepted;
  say(llvm::formatv("  -> round {0}: {1}{2}", round + i,
                    attempt.getString("outcome").value_or(""),
                    accepted ? llvm::formatv(", {0:f2} us: new base", s.baseUs).str()
                             : std::string()));
  remember(std::move(attempt));
  return llvm::Error::success();
}

llvm::Expected<bool> Tuner::weighAttempt(DispatchSearch &s, const Decision &decision,
                                         Measurement &m, const PlanSteps &candidate,
                                         const std::string &label, json::Object &attempt,
                                         PlanSteps &best, Measurement &base) {
  int64_t d = s.f.id;
  double us = m.kernelUs[d];
  // Kernels the base had taken in that this candidate runs again
  // (an epilogue or a padded copy no longer folded) are its cost.
  std::vector<int64_t> restored;
  for (const auto &[other, otherUs] : m.kernelUs)
    if (other != d && !base.kernelUs.count(other)) {
      us += otherUs;
      restored.push_back(other);
    }
  if (!restored.empty())
    attempt["restored_dispatches"] = json::Array(restored);
  // A skill that computes other dispatches in its kernel (a row
  // chain, an epilogue) replaces their kernels too: it is compared
  // with all of them.
  double replacedUs = 0;
  std::vector<int64_t> absorbed;
  for (const auto &[other, otherUs] : base.kernelUs)
    if (other != d && !m.kernelUs.count(other)) {
      replacedUs += otherUs;
      absorbed.push_back(other);
    }
  double coveredUs = s.baseUs + replacedUs;
  attempt["kernel_us"] = us;
  attempt["base_kernel_us"] = s.baseUs;
  if (!absorbed.empty()) {
    attempt["absorbed_dispatches"] = json::Array(absorbed);
    attempt["absorbed_kernel_us"] = replacedUs;
  }
  attempt["speedup_vs_base"] = coveredUs / us;
  attempt["time_ms"] = m.timeMs;
  if (m.gpu >= 0)
    attempt["gpu"] = m.gpu;
  attempt["net_us"] = netUs(m, d);
  // A candidate also moves the base when it reaches the speed of
  // light the base is short of: a base at 78% can never be beaten
  // by 1.3x, yet a candidate at the roofline is what was asked for. Not
  // one that runs kernels the base had taken in: its speed of light is
  // its own kernel's, not theirs.
  std::optional<double> sol = m.metrics[d].getNumber("speed_of_light_pct"),
                         baseSol = s.baseMetrics.getNumber("speed_of_light_pct");
  bool reachesTarget = restored.empty() && sol && baseSol && *sol >= opts.solTarget &&
                       *baseSol < opts.solTarget && us * kSolWin <= coveredUs;
  // The margin keeps a skill's kernel from giving way to an estimate
  // barely better (a smaller one for the same skill's other parameters);
  // off the seed kernel a skill moves on any gain, as a first choice does
  // (the policy wants no dispatch left at the seed).
  // The cost model does not price local memory: on estimates, a kernel
  // that spills more than the base's does not replace it (a skill's repair
  // for spills is tried next).
  int64_t spills = costlySpillBytes(m, d);
  int64_t baseSpills = costlySpillBytes(s.baseMetrics);
  if (!onGpu && s.baseName != "seed" && spills > baseSpills) {
    attempt["diagnosis"] =
        llvm::formatv("ptxas spills {0} bytes to local memory where the base spills {1}: the "
                      "cost model does not price local memory, so an estimate does not move "
                      "the base to it",
                      spills, baseSpills)
            .str();
    return false;
  }
  // Faster than the base but under the margin: not kept, but where the
  // search looks next.
  if (double gain = coveredUs / us; gain > s.exploreGain) {
    s.explore = Step{*decision.skill, decision.params};
    s.exploreGain = gain;
  }
  auto baseStep = best.find(d);
  bool sameSkill =
      baseStep != best.end() && decision.skill && baseStep->second.skill == *decision.skill;
  double margin = s.baseName == "seed" ? 1.0 : sameSkill ? opts.paramWin : opts.win;
  // For the same reason a base that spills is priced too low: a candidate
  // that spills less moves it unless estimated slower by the margin.
  if (!onGpu && spills < baseSpills) {
    margin = 1.0 / opts.win;
    attempt["spills_less"] = true;
  }
  if (!(us * margin <= coveredUs || reachesTarget)) {
    attempt["diagnosis"] =
        llvm::formatv("{0:f2}x on the base: under the {1}x needed to move it",
                      attempt.getNumber("speedup_vs_base").value_or(0), margin)
            .str();
    return false;
  }
  if (us * margin > coveredUs)
    attempt["accepted_by"] = llvm::formatv("speed of light {0:f1}% >= {1}% (the base's {2:f1}%)",
                                           *sol, opts.solTarget, *baseSol)
                                 .str();
  if (auto draft = drafts.find(*decision.skill); draft != drafts.end())
    saveWinningDraft(s, draft->second, m, us, attempt);
  best = candidate;
  s.explore.reset();
  s.exploreGain = 1.0;
  // The dispatches it absorbed have no kernel left to tune; their
  // own steps would be skipped.
  for (int64_t other : absorbed)
    best.erase(other);
  // An interrupted run leaves its best plan so far.
  if (llvm::Error err = writeJsonFile(path("plan.json"), planJson(best)))
    return std::move(err);
  s.baseName = label;
  s.baseUs = us;
  s.baseMetrics = m.metrics[d];
  base = std::move(m);
  return true;
}

json::Object Tuner::finishDispatch(DispatchSearch &s, bool fused, double seedUs,
                                   Measurement &seed, PlanSteps &best) {
  int64_t d = s.f.id;
  const json::Object &featureJson = s.featureJson;
  json::Object entry{{"dispatch", d},
                     {"op_class", stringifyOpClass(s.f.opClass)},
                     {"loop_ranges", featureJson.get("loop_ranges") ? *featureJson.get("loop_ranges") : json::Value(nullptr)},
                     {"seed_us", seedUs},
                     {"tuned_us", s.baseUs},
                     {"speedup", s.baseUs > 0 ? seedUs / s.baseUs : 0.0},
                     {"rounds", int64_t(s.rounds)},
                     {"round_limit", int64_t(s.roundLimit)},
                     {"bottleneck", s.firstBottleneck},
                     {"rule", s.firstRule},
                     {"stopped", s.stopped}};
  if (std::optional<double> s0 = seed.metrics[d].getNumber("speed_of_light_pct"))
    entry["seed_sol_pct"] = *s0;
  if (std::optional<double> s1 = s.baseMetrics.getNumber("speed_of_light_pct"))
    entry["tuned_sol_pct"] = *s1;
  if (fused)
    entry["fused"] = true;
  if (!s.authorNote.empty())
    entry["llm_author"] = std::move(s.authorNote);
  entry["flops"] = featureJson.getNumber("flops").value_or(0);
  entry["min_bytes"] = featureJson.getNumber("min_bytes").value_or(0);
  entry["source"] = onGpu ? "gpu" : "model";
  if (best.count(d))
    entry["winner"] = json::Object{{"skill", best[d].skill},
                                   {"params", paramsJson(best[d].params)}};
  if (firstChoices.count(d))
    entry["first_choice"] = json::Object(firstChoices[d]);
  if (db) {
    TuningRecord r;
    r.signature = signatures[d];
    r.chip = opts.chip;
    if (best.count(d)) {
      r.skill = best[d].skill;
      r.params = best[d].params;
    }
    r.source = onGpu ? "gpu" : "model";
    r.seedUs = seedUs;
    r.tunedUs = s.baseUs;
    r.rounds = s.rounds;
    r.module = opts.module;
    r.note = s.stopped;
    db->record(std::move(r));
  }
  return entry;
}

} // namespace ks::agents::tuner
