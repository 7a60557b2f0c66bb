//===- TunerInvariantLoads.cpp - The plan's buffers loaded as invariant ----===//
//
// After the search: the plan once more with "invariant_loads" on every
// dispatch it has a step for (ks-mark-invariant-args proves which buffers
// no launch writes; ks-invariant-loads loads them with ld.global.nc, so a
// kernel's loads need not wait behind its stores). LLVM may then merge
// loads of the same place across a barrier and keep the values live: a
// kernel that spills for it keeps plain loads, and one that lost blocks an
// SM to the registers takes its skill's "registers_limit_occupancy" repair
// (more blocks an SM asked of ptxas). The cost model sees neither the
// loads issued early nor the merging, only registers and spills; the GPU,
// when it measures, sees both.
//
//===----------------------------------------------------------------------===//

#include "TunerImpl.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace ks::agents;
using namespace ks::agents::tuner;

namespace {

/// Occupancy repairs tried one after another on a dispatch.
constexpr int kOccupancyRepairs = 2;

double kernelUs(const Measurement &m, int64_t d) {
  auto it = m.kernelUs.find(d);
  return it == m.kernelUs.end() ? 0 : it->second;
}

json::Array flaggedIds(const PlanSteps &plan) {
  json::Array ids;
  for (const auto &[id, step] : plan)
    if (step.invariantLoads)
      ids.push_back(id);
  return ids;
}

/// `params` with each parameter `moves` names one allowed value further
/// its way, resolved; nothing where a parameter is at its end.
std::optional<ParamValues> stepped(const Skill &skill, const ParamValues &params,
                                   const llvm::StringMap<std::string> &moves) {
  ParamValues next = params;
  for (const auto &[name, values] : skill.params) {
    auto move = moves.find(name);
    if (move == moves.end())
      continue;
    std::vector<int64_t> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    auto at = std::find(sorted.begin(), sorted.end(), params.lookup(name));
    if (at == sorted.end())
      return std::nullopt;
    if (move->second == "larger") {
      if (at + 1 == sorted.end())
        return std::nullopt;
      next[name] = *(at + 1);
    } else {
      if (at == sorted.begin())
        return std::nullopt;
      next[name] = *(at - 1);
    }
  }
  llvm::Expected<ParamValues> resolved = skill.resolve(next);
  if (!resolved) {
    llvm::consumeError(resolved.takeError());
    return std::nullopt;
  }
  return *resolved;
}

} // namespace

void Tuner::dropSpilling(PlanSteps &candidate, Measurement &m, const Measurement &base) {
  // Two passes at most: the second only confirms what the first left.
  for (int pass = 0; pass < 2; ++pass) {
    m = measure(candidate, "invariant-loads");
    if (m.outcome != "ok")
      return;
    bool dropped = false;
    for (auto &[id, step] : candidate)
      if (step.invariantLoads && costlySpillBytes(m, id) > costlySpillBytes(base, id)) {
        step.invariantLoads = false;
        dropped = true;
      }
    if (!dropped || flaggedIds(candidate).empty())
      return;
  }
}

void Tuner::repairOccupancy(PlanSteps &candidate, Measurement &m, const Measurement &base) {
  for (auto &[id, step] : candidate) {
    if (!step.invariantLoads)
      continue;
    const Skill *skill = library ? library->find(step.skill) : nullptr;
    auto moves = skill ? skill->repairs.find("registers_limit_occupancy")
                       : llvm::StringMap<llvm::StringMap<std::string>>::const_iterator();
    if (!skill || moves == skill->repairs.end())
      continue;
    for (int i = 0; i < kOccupancyRepairs; ++i) {
      if (kernelUs(m, id) <= kernelUs(base, id) * kInvariantLoadsTolerance)
        break;
      std::optional<ParamValues> next = stepped(*skill, step.params, moves->second);
      if (!next)
        break;
      PlanSteps trial = candidate;
      trial[id].params = *next;
      Measurement t = measure(trial, "invariant-loads-occupancy");
      if (t.outcome != "ok" || costlySpillBytes(t, id) > costlySpillBytes(base, id) ||
          kernelUs(t, id) >= kernelUs(m, id))
        break;
      step.params = *next;
      m = std::move(t);
    }
  }
}

llvm::Error Tuner::loadInvariantly(PlanSteps &best, Measurement &base) {
  PlanSteps candidate = best;
  for (auto &[id, step] : candidate)
    step.invariantLoads = !step.skill.empty();
  if (flaggedIds(candidate).empty())
    return llvm::Error::success();
  Measurement m;
  dropSpilling(candidate, m, base);
  if (m.outcome == "ok")
    repairOccupancy(candidate, m, base);
  json::Array ids = flaggedIds(candidate);
  json::Object attempt{{"round", "invariant_loads"},  {"base", "accepted"},
                       {"invariant_loads", json::Array(ids)}, {"outcome", m.outcome},
                       {"time_ms", m.timeMs},        {"base_time_ms", base.timeMs}};
  // The model cannot see the gain, only the cost of more registers: a
  // tie within kInvariantLoadsTolerance is taken; the GPU must show a gain.
  double tolerance = onGpu ? 1.0 : kInvariantLoadsTolerance;
  bool accepted = m.outcome == "ok" && !ids.empty() && m.timeMs <= base.timeMs * tolerance;
  attempt["accepted"] = accepted;
  std::string why =
      m.outcome != "ok" ? "did not build or run: " + m.message
      : ids.empty()     ? std::string("every kernel spilled with invariant loads")
      : accepted        ? llvm::formatv("{0} dispatch(es) load their read-only buffers as "
                                        "invariant: {1:f4} ms against {2:f4}",
                                        ids.size(), m.timeMs, base.timeMs)
                              .str()
                        : llvm::formatv("{0:f4} ms against {1:f4}: kept plain loads", m.timeMs,
                                        base.timeMs)
                              .str();
  attempt["diagnosis"] = why;
  say("invariant loads: " + why);
  if (accepted) {
    json::Object steps;
    for (const auto &[id, step] : candidate)
      if (step.invariantLoads)
        steps[std::to_string(id)] = paramsJson(step.params);
    attempt["params_by_dispatch"] = std::move(steps);
  }
  remember(std::move(attempt));
  if (!accepted)
    return llvm::Error::success();
  best = std::move(candidate);
  base = std::move(m);
  return writeJsonFile(path("plan.json"), planJson(best));
}
