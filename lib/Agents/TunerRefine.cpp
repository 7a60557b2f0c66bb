//===- TunerRefine.cpp - The model's best candidates measured on the GPU --===//
//
// After a search with the cost model (--refine=N): each decided signature's
// N best-estimated candidates and its seed kernel are measured on the GPU,
// in order of the signature's estimated share of the program, within the
// refinement's budget; the measured fastest is kept. The model ranks, the
// GPU decides among its few best (a spread of them where the model ties).
//
//===----------------------------------------------------------------------===//

#include "TunerImpl.h"

#include "ks/Agents/RefineCandidates.h"

#include "llvm/Support/FormatVariadic.h"

using namespace ks::agents;
using namespace ks::agents::tuner;

namespace {

/// The time of the work plans `x` and `y` (which differ in dispatch `d`'s
/// step only) do differently: d's kernel, and the kernels one runs and the
/// other does not (what d's kernel takes in), as `x` measured them.
double workUs(const Measurement &x, const Measurement &y, int64_t d) {
  double us = x.kernelUs.count(d) ? x.kernelUs.at(d) : 0.0;
  for (const auto &[a, t] : x.kernelUs)
    if (a != d && !y.kernelUs.count(a))
      us += t;
  return us;
}

/// What a candidate must gain on the GPU to replace the kept choice (more
/// than the measurements' noise).
constexpr double kRefineWin = 1.02;

/// A candidate of one dispatch: its step (none: the seed kernel) and its
/// rank among the model's estimates (0: the seed).
struct Ranked {
  std::optional<Step> step;
  unsigned rank = 0;
};

bool sameStep(const std::optional<Step> &a, const std::optional<Step> &b) {
  return a.has_value() == b.has_value() &&
         (!a || (a->skill == b->skill && a->params == b->params));
}

std::string describeStep(const std::optional<Step> &s) {
  if (!s)
    return "seed kernel";
  return s->skill + " " + llvm::formatv("{0}", json::Value(paramsJson(s->params))).str();
}

} // namespace

namespace ks::agents::tuner {

double Tuner::netUs(const Measurement &m, int64_t d) const {
  double us = m.kernelUs.count(d) ? m.kernelUs.at(d) : 0.0;
  auto f = llvm::find_if(features, [&](const DispatchFeatures &x) { return x.id == d; });
  if (f == features.end())
    return us;
  int64_t span = f->rowChainOps > 0                                   ? f->rowChainOps
                 : (f->elementwiseEpilogue || f->rereadingEpilogue) ? 1
                                                                      : 0;
  for (int64_t a = d + 1; a <= d + span; ++a)
    if (seedEstimate.kernelUs.count(a) && !m.kernelUs.count(a))
      us -= seedEstimate.kernelUs.at(a);
  return us;
}

std::vector<Step> Tuner::bestEstimated(int64_t d, unsigned n) const {
  // Each candidate once, at its best net estimate (and that attempt's
  // kernel time, the scale of a tie).
  std::vector<EstimatedCandidate> seen;
  for (const json::Object &a : trajectory) {
    if (a.getInteger("dispatch") != d || a.getString("outcome") != "ok")
      continue;
    std::optional<double> net = a.getNumber("net_us");
    std::optional<llvm::StringRef> skill = a.getString("skill");
    double kernelUs = a.getNumber("kernel_us").value_or(0);
    // A choice whose kernel another dispatch's took in has no time of its own.
    if (!net || !skill || !a.getObject("params") || kernelUs <= 0)
      continue;
    EstimatedCandidate candidate{skill->str(), paramsOf(a), *net, kernelUs};
    auto it = llvm::find_if(seen, [&](const EstimatedCandidate &c) {
      return c.skill == candidate.skill && c.params == candidate.params;
    });
    if (it == seen.end())
      seen.push_back(std::move(candidate));
    else if (*net < it->estimateUs)
      *it = std::move(candidate);
  }
  llvm::stable_sort(seen, [](const EstimatedCandidate &a, const EstimatedCandidate &b) {
    return a.estimateUs < b.estimateUs;
  });
  std::vector<Step> out;
  for (size_t i : pickCandidatesToMeasure(seen, n))
    out.push_back(Step{seen[i].skill, seen[i].params});
  return out;
}

bool Tuner::refineDispatch(json::Object &e, const Measurement &gpuSeed, PlanSteps &best,
                           Measurement &current) {
  int64_t d = *e.getInteger("dispatch");
  // The model's N best (the plan's choice among them), and the seed.
  std::vector<Ranked> ranked;
  for (Step &s : bestEstimated(d, opts.refine))
    ranked.push_back({std::move(s), unsigned(ranked.size() + 1)});
  ranked.push_back({std::nullopt, 0});
  json::Array tried;
  std::optional<Step> chosen =
      best.count(d) ? std::optional<Step>(best[d]) : std::optional<Step>();
  const std::optional<Step> modelChoice = chosen;
  tried.push_back(json::Object{{"choice", describeStep(chosen)},
                               {"the_model's_choice", true},
                               {"measured_us", current.kernelUs.count(d) ? current.kernelUs[d]
                                                                         : 0.0}});
  for (const Ranked &r : ranked) {
    if (sameStep(r.step, chosen))
      continue; // measured as `current`
    PlanSteps plan = best;
    if (r.step) {
      // Loaded as the model's choice is (invariant loads or not).
      bool invariant = chosen ? best[d].invariantLoads : opts.invariantLoads;
      plan[d] = *r.step;
      plan[d].invariantLoads = invariant;
    } else {
      plan.erase(d);
    }
    Measurement m = measure(plan, llvm::formatv("refine-d{0}-{1}", d, r.rank).str(), d);
    json::Object attempt{{"dispatch", d},     {"round", 0},
                         {"base", "seed"},     {"phase", "refine"},
                         {"skill", r.step ? r.step->skill : "seed"},
                         {"params", r.step ? paramsJson(r.step->params) : json::Object()},
                         {"rule", llvm::formatv("refinement: the model's rank {0}", r.rank).str()},
                         {"outcome", m.outcome}};
    bool faster = false;
    if (m.outcome == "ok") {
      double us = workUs(m, current, d), againstUs = workUs(current, m, d);
      faster = us * kRefineWin < againstUs;
      attempt["kernel_us"] = us;
      attempt["base_kernel_us"] = againstUs;
      tried.push_back(json::Object{{"choice", describeStep(r.step)},
                                   {"model_rank", int64_t(r.rank)},
                                   {"measured_us", us},
                                   {"against_us", againstUs}});
    } else {
      attempt["message"] = m.message;
      attempt["diagnosis"] = diagnose(m);
      tried.push_back(json::Object{{"choice", describeStep(r.step)},
                                   {"model_rank", int64_t(r.rank)},
                                   {"outcome", m.outcome}});
    }
    attempt["accepted"] = faster;
    remember(std::move(attempt));
    if (!faster)
      continue;
    say(llvm::formatv("  refinement: dispatch {0}: {1} measured faster than {2}", d,
                      describeStep(r.step), describeStep(chosen)));
    best = plan;
    chosen = r.step;
    current = std::move(m);
  }
  bool moved = !sameStep(chosen, modelChoice);
  e["refined"] = json::Object{{"measured", std::move(tried)},
                              {"kept", describeStep(chosen)},
                              {"changed", moved}};
  if (chosen)
    e["winner"] = json::Object{{"skill", chosen->skill}, {"params", paramsJson(chosen->params)}};
  else
    e.erase("winner");
  if (db) {
    TuningRecord rec;
    rec.signature = signatures[d];
    rec.chip = opts.chip;
    if (chosen) {
      rec.skill = chosen->skill;
      rec.params = chosen->params;
    }
    rec.source = "gpu";
    rec.seedUs = gpuSeed.kernelUs.count(d) ? gpuSeed.kernelUs.at(d) : 0.0;
    rec.tunedUs = current.kernelUs.count(d) ? current.kernelUs.at(d) : 0.0;
    rec.module = opts.module;
    rec.note = "refined on the GPU among the model's best";
    db->record(std::move(rec));
  }
  return moved;
}

llvm::Error Tuner::refineOnGpu(Measurement &seed, PlanSteps &best, Measurement &base,
                               json::Array &entries) {
  // The budget is the candidates': the seed and the model's plan are
  // measured whatever it is.
  std::chrono::steady_clock::time_point refineStarted;
  auto spent = [&] {
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - refineStarted)
                   .count();
    return opts.refineSeconds > 0 && s >= opts.refineSeconds;
  };
  if (!llvm::sys::fs::can_execute(ksRun))
    return llvm::createStringError("--refine measures on the GPU with ks-run, and there is none "
                                   "at " + ksRun + " (use --ks-run)");
  onGpu = true;
  Measurement gpuSeed = measure({}, "refine-seed");
  if (gpuSeed.outcome != "ok") {
    // Every candidate is checked against the seed on the GPU: without it
    // nothing can be refined, and the model's plan stands.
    onGpu = false;
    std::string why = "the seed kernels did not run on the GPU (" + gpuSeed.outcome + ": " +
                      gpuSeed.message + "), so no candidate can be checked against them";
    say("refinement skipped: " + why + "; the model's plan is kept");
    for (json::Value &v : entries)
      (*v.getAsObject())["refined"] = json::Object{{"skipped", why}};
    return llvm::Error::success();
  }
  Measurement current = measure(best, "refine-base");
  if (current.outcome == "ok") {
    say(llvm::formatv("refinement on the GPU: seed {0:f4} ms, the model's plan {1:f4} ms",
                      gpuSeed.timeMs, current.timeMs));
  } else {
    // One step of the model's plan fails here: every signature starts from
    // its seed kernel, its model's choice measured like the others.
    say(llvm::formatv("refinement on the GPU: seed {0:f4} ms; the model's plan did not run "
                      "({1}: {2}): each signature starts from its seed kernel",
                      gpuSeed.timeMs, current.outcome, current.message));
    best.clear();
    current = gpuSeed;
  }
  refineStarted = std::chrono::steady_clock::now();
  // Leaders (the followers take their decision), largest estimated share first.
  std::vector<json::Object *> leaders;
  for (json::Value &v : entries) {
    json::Object &e = *v.getAsObject();
    if (!e.get("same_signature_as") && !e.getBoolean("fused").value_or(false))
      leaders.push_back(&e);
  }
  llvm::stable_sort(leaders, [](json::Object *a, json::Object *b) {
    return a->getNumber("tuned_us").value_or(0) > b->getNumber("tuned_us").value_or(0);
  });
  unsigned refined = 0, changed = 0;
  for (json::Object *e : leaders) {
    if (spent()) {
      (*e)["refined"] = json::Object{{"skipped", "the refinement's budget was spent"}};
      continue;
    }
    ++refined;
    changed += refineDispatch(*e, gpuSeed, best, current);
  }
  // Followers take their leader's decision; every entry's times are now
  // the GPU's.
  for (json::Value &v : entries) {
    json::Object &e = *v.getAsObject();
    int64_t d = *e.getInteger("dispatch");
    e["seed_us"] = gpuSeed.kernelUs.count(d) ? gpuSeed.kernelUs[d] : 0.0;
    e["tuned_us"] = current.kernelUs.count(d) ? current.kernelUs[d] : 0.0;
    double s = *e.getNumber("seed_us"), t = *e.getNumber("tuned_us");
    e["speedup"] = t > 0 ? s / t : 0.0;
    e["source"] = "gpu (refined)";
    std::optional<int64_t> leader = e.getInteger("same_signature_as");
    if (!leader)
      continue;
    if (best.count(*leader)) {
      best[d] = best[*leader];
      e["winner"] = json::Object{{"skill", best[d].skill}, {"params", paramsJson(best[d].params)}};
    } else {
      best.erase(d);
      e.erase("winner");
    }
  }
  say(llvm::formatv("refinement: {0} signature(s) measured, {1} changed by the GPU", refined,
                    changed));
  seed = std::move(gpuSeed);
  base = std::move(current);
  return writeJsonFile(path("plan.json"), planJson(best));
}

} // namespace ks::agents::tuner
