//===- Tuner.cpp - The optimization loop over a model's dispatches --------===//

#include "ks/Agents/Tuner.h"

#include "ks/Agents/FeatureExtractor.h"
#include "ks/Agents/Planner.h"
#include "ks/Agents/Policy.h"
#include "ks/Agents/SkillLibrary.h"
#include "ks/Runtime/Program.h"
#include "ks/Transforms/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <unistd.h>
#include <map>

using namespace ks::agents;
namespace json = llvm::json;

namespace {
/// One step of a plan: a skill and its parameters on a dispatch.
struct Step {
  std::string skill;
  ParamValues params;
};
using PlanSteps = std::map<int64_t, Step>;

json::Object paramsJson(const ParamValues &params) {
  json::Object o;
  for (const auto &kv : params)
    o[kv.first().str()] = kv.second;
  return o;
}

json::Value planJson(const PlanSteps &plan) {
  json::Array list;
  for (const auto &[id, step] : plan)
    list.push_back(json::Object{{"id", id}, {"skill", step.skill},
                                {"params", paramsJson(step.params)}});
  return json::Object{{"dispatches", std::move(list)}};
}

/// Writes `value` to `path` atomically (llvm::writeToOutput writes a
/// temporary and renames it), so a reader never sees half a file.
llvm::Error writeJsonFile(llvm::StringRef path, const json::Value &value) {
  return llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << llvm::formatv("{0:2}", value) << "\n";
    return llvm::Error::success();
  });
}

/// What one ks-run of a candidate (or the base) came back with.
struct Measurement {
  std::string outcome; ///< ok, mismatch, fault, timeout, crash, error
  std::string message;
  double timeMs = 0;
  /// Per dispatch: the kernel's per-trial time and named metrics.
  std::map<int64_t, double> kernelUs;
  std::map<int64_t, json::Object> metrics;
  unsigned kernelsPerRun = 0;
  json::Value raw = nullptr;
};

class Tuner {
public:
  Tuner(const TuneOptions &options) : opts(options) {}

  llvm::Error run();

private:
  const TuneOptions &opts;
  std::string ksRun;
  std::vector<DispatchFeatures> features;
  std::optional<SkillLibrary> library;
  std::optional<Policy> policy;
  std::vector<json::Object> trajectory; ///< Every attempt, in order.
  std::unique_ptr<llvm::raw_fd_ostream> trajectoryFile;
  unsigned runs = 0;

  std::string path(llvm::StringRef name) const {
    llvm::SmallString<256> p(opts.outDir);
    llvm::sys::path::append(p, name);
    return p.str().str();
  }
  void say(const llvm::Twine &line) {
    if (!opts.quiet)
      llvm::outs() << "ks-tune: " << line << "\n";
    llvm::outs().flush();
  }

  llvm::Error loadKnowledge();
  llvm::Error extractFeatures();
  Measurement measure(const PlanSteps &plan, llvm::StringRef label);
  void remember(json::Object attempt);
};

llvm::Error Tuner::loadKnowledge() {
  std::vector<std::string> roots = SkillLibrary::rootsFrom(opts.skillDirs);
  if (roots.empty())
    return llvm::createStringError("no skill directory found (set KS_SKILL_PATH or --skill-dirs)");
  llvm::Expected<SkillLibrary> lib = SkillLibrary::load(roots);
  if (!lib)
    return lib.takeError();
  library = std::move(*lib);
  llvm::Expected<Policy> pol = Policy::loadFor(*library, opts.policy);
  if (!pol)
    return pol.takeError();
  policy = std::move(*pol);
  return llvm::Error::success();
}

/// The dispatches as the optimizer sees them: the module lowered to
/// buffers and numbered (the first half of the seed lowering).
llvm::Error Tuner::extractFeatures() {
  std::unique_ptr<mlir::MLIRContext> context = ks::runtime::createContext();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(opts.module, context.get());
  if (!module)
    return llvm::createStringError("cannot parse " + opts.module);
  mlir::PassManager pm(context.get());
  ks::buildDispatchPipeline(pm);
  if (mlir::failed(pm.run(*module)))
    return llvm::createStringError("cannot lower " + opts.module +
                                   " to dispatches (see the diagnostics above)");
  features = extractAllFeatures(*module);
  return llvm::Error::success();
}

Measurement Tuner::measure(const PlanSteps &plan, llvm::StringRef label) {
  Measurement m;
  std::string planFile = path(label.str() + ".plan.json");
  std::string jsonFile = path(label.str() + ".run.json");
  std::string logFile = path(label.str() + ".log");
  llvm::sys::fs::remove(jsonFile);
  std::vector<std::string> args = {
      "ks-run", opts.module, "--entry=" + opts.entry, "--chip=" + opts.chip,
      "--warmup=" + std::to_string(opts.warmup),
      "--trials=" + std::to_string(opts.trials),
      "--timeout=" + std::to_string(opts.timeoutSeconds),
      "--seed=" + std::to_string(1000 + runs++), // fresh inputs every check
      "--json=" + jsonFile};
  if (plan.empty()) {
    args.push_back("--reference=none");
  } else {
    if (llvm::Error err = writeJsonFile(planFile, planJson(plan))) {
      m.outcome = "error";
      m.message = llvm::toString(std::move(err));
      return m;
    }
    args.push_back("--plan=" + planFile);
    // The reference: the seed kernels on the GPU, same inputs, full size.
    args.push_back("--reference=gpu:" + opts.module);
  }
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  // ks-run finds skills on the skill path: hand it ours.
  std::optional<llvm::ArrayRef<llvm::StringRef>> env;
  std::vector<std::string> envStrings;
  std::vector<llvm::StringRef> envRefs;
  if (!opts.skillDirs.empty()) {
    for (char **e = environ; *e; ++e)
      if (!llvm::StringRef(*e).starts_with("KS_SKILL_PATH="))
        envStrings.push_back(*e);
    std::string dirs = opts.skillDirs;
    std::replace(dirs.begin(), dirs.end(), ',', ':');
    envStrings.push_back("KS_SKILL_PATH=" + dirs);
    envRefs.assign(envStrings.begin(), envStrings.end());
    env = envRefs;
  }
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(logFile),
                                                llvm::StringRef(logFile)};
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(ksRun, argRefs, env, redirects,
                                     opts.timeoutSeconds * 4, 0, &error);
  auto lastLine = [&] {
    auto log = llvm::MemoryBuffer::getFile(logFile);
    if (!log)
      return std::string();
    llvm::SmallVector<llvm::StringRef> lines;
    (*log)->getBuffer().trim().split(lines, '\n');
    return lines.empty() ? std::string() : lines.back().trim().str();
  };
  auto buffer = llvm::MemoryBuffer::getFile(jsonFile);
  llvm::Expected<json::Value> report =
      buffer ? json::parse((*buffer)->getBuffer())
             : llvm::Expected<json::Value>(llvm::errorCodeToError(buffer.getError()));
  if (!report) {
    llvm::consumeError(report.takeError());
    m.outcome = rc == -2 ? "timeout" : "error";
    m.message = error.empty() ? lastLine() : error;
    return m;
  }
  m.raw = std::move(*report);
  const json::Object &r = *m.raw.getAsObject();
  std::string status = r.getString("status").value_or("ok").str();
  if (status != "ok") {
    m.outcome = status;
    m.message = r.getString("message").value_or("").str();
    return m;
  }
  if (const json::Array *outs = r.getArray("outputs"))
    for (const json::Value &o : *outs)
      if (o.getAsObject()->getBoolean("passed") == false) {
        m.outcome = "mismatch";
        m.message = llvm::formatv("output #{0}: max abs err {1}, {2} mismatches",
                                  o.getAsObject()->getInteger("index").value_or(0),
                                  o.getAsObject()->getNumber("max_abs_error").value_or(0),
                                  o.getAsObject()->getInteger("mismatches").value_or(0));
      }
  if (m.outcome.empty())
    m.outcome = rc == 0 ? "ok" : "error";
  if (const json::Object *t = r.getObject("time_ms"))
    m.timeMs = t->getNumber("median").value_or(0);
  if (const json::Object *cupti = r.getObject("cupti"))
    if (const json::Array *kernels = cupti->getArray("kernels")) {
      m.kernelsPerRun = kernels->size();
      for (const json::Value &kv : *kernels) {
        const json::Object &k = *kv.getAsObject();
        std::optional<int64_t> d = k.getInteger("dispatch");
        if (!d)
          continue;
        m.kernelUs[*d] += k.getNumber("per_trial_us").value_or(0);
        json::Object metrics;
        if (const json::Object *mm = k.getObject("metrics"))
          metrics = *mm;
        metrics["registers"] = k.getInteger("registers").value_or(0);
        if (const json::Object *occ = k.getObject("occupancy"))
          metrics["occupancy_limited_by_registers"] =
              occ->getString("limiter") == "registers" ? 1 : 0;
        m.metrics[*d] = std::move(metrics);
      }
      for (auto &[d, mm] : m.metrics)
        mm["kernels_per_run"] = int64_t(m.kernelsPerRun);
    }
  return m;
}

void Tuner::remember(json::Object attempt) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << json::Value(json::Object(attempt));
  *trajectoryFile << text << "\n";
  trajectoryFile->flush();
  trajectory.push_back(std::move(attempt));
}

/// Why an attempt failed, and what follows for the next one.
std::string diagnose(const Measurement &m) {
  if (m.outcome == "mismatch")
    return "the candidate's numbers differ from the seed's (" + m.message +
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

llvm::Error Tuner::run() {
  if (std::error_code ec = llvm::sys::fs::create_directories(opts.outDir))
    return llvm::createStringError("cannot create " + opts.outDir + ": " + ec.message());
  ksRun = opts.ksRun;
  if (ksRun.empty()) {
    static int anchor;
    llvm::SmallString<256> self(llvm::sys::fs::getMainExecutable(nullptr, &anchor));
    llvm::sys::path::remove_filename(self);
    llvm::sys::path::append(self, "ks-run");
    ksRun = self.str().str();
  }
  if (!llvm::sys::fs::can_execute(ksRun))
    return llvm::createStringError("ks-run not found at " + ksRun + " (use --ks-run)");
  if (llvm::Error err = loadKnowledge())
    return err;
  if (llvm::Error err = extractFeatures())
    return err;

  // Resume: earlier attempts stay attempted, accepted ones are the plan.
  PlanSteps best;
  std::string trajectoryPath = path("trajectory.jsonl");
  if (auto previous = llvm::MemoryBuffer::getFile(trajectoryPath)) {
    llvm::SmallVector<llvm::StringRef> lines;
    (*previous)->getBuffer().split(lines, '\n', -1, false);
    for (llvm::StringRef line : lines) {
      llvm::Expected<json::Value> v = json::parse(line);
      if (!v || !v->getAsObject())
        return llvm::createStringError(trajectoryPath + ": a line is not a JSON object");
      const json::Object &o = *v->getAsObject();
      if (o.getBoolean("accepted").value_or(false)) {
        Step s{o.getString("skill").value_or("").str(), {}};
        if (const json::Object *p = o.getObject("params"))
          for (const auto &kv : *p)
            s.params[kv.first.str()] = kv.second.getAsInteger().value_or(0);
        best[o.getInteger("dispatch").value_or(-1)] = s;
      }
      trajectory.push_back(*v->getAsObject());
    }
    say(llvm::formatv("resuming: {0} earlier attempts, accepted plans for {1} dispatches", trajectory.size(),
                      best.size()));
  }
  std::error_code ec;
  trajectoryFile = std::make_unique<llvm::raw_fd_ostream>(trajectoryPath, ec,
                                                          llvm::sys::fs::OF_Append);
  if (ec)
    return llvm::createStringError("cannot write " + trajectoryPath + ": " + ec.message());

  Measurement seed = measure({}, "seed");
  if (seed.outcome != "ok")
    return llvm::createStringError("the seed kernels did not run: " + seed.outcome + ": " +
                                   seed.message);
  Measurement base = best.empty() ? seed : measure(best, "resumed");
  if (base.outcome != "ok")
    return llvm::createStringError("the resumed plan did not run: " + base.message);
  say(llvm::formatv("seed: {0:f4} ms, {1} kernels", seed.timeMs, seed.kernelsPerRun));

  // Slowest dispatches first.
  std::vector<const DispatchFeatures *> order;
  for (const DispatchFeatures &f : features)
    if (seed.kernelUs.count(f.id))
      order.push_back(&f);
  std::stable_sort(order.begin(), order.end(), [&](auto *a, auto *b) {
    return seed.kernelUs[a->id] > seed.kernelUs[b->id];
  });
  if (order.size() > opts.maxDispatches)
    order.resize(opts.maxDispatches);

  json::Array reportDispatches;
  for (const DispatchFeatures *f : order) {
    int64_t d = f->id;
    json::Object featureJson = *toJSON(*f).getAsObject();
    std::string baseName = best.count(d) ? "accepted" : "seed";
    double seedUs = seed.kernelUs[d], baseUs = base.kernelUs[d];
    json::Object baseMetrics = base.metrics[d];
    std::string firstBottleneck, firstRule;
    unsigned rounds = 0;
    std::string stopped = "round budget";
    for (unsigned round = 1; round <= opts.rounds; ++round) {
      std::optional<double> sol = baseMetrics.getNumber("speed_of_light_pct");
      if (sol && *sol >= opts.solTarget) {
        stopped = llvm::formatv("speed of light {0:f1}% >= {1}%", *sol, opts.solTarget);
        break;
      }
      // A plan gives each dispatch one skill in place of its seed kernel
      // (skills do not stack yet): every attempt on this dispatch was made
      // on the same parent, the seed kernel, whatever the base was then.
      PlanInput input;
      input.features = featureJson;
      input.metrics = baseMetrics;
      input.base = "seed";
      if (best.count(d))
        input.centers[best[d].skill] = best[d].params;
      for (const json::Object &t : trajectory) {
        if (t.getInteger("dispatch") != d)
          continue;
        Attempt a;
        a.base = "seed";
        a.skill = t.getString("skill").value_or("").str();
        a.outcome = t.getString("outcome").value_or("").str();
        if (const json::Object *p = t.getObject("params"))
          for (const auto &kv : *p)
            a.params[kv.first.str()] = kv.second.getAsInteger().value_or(0);
        input.trajectory.push_back(std::move(a));
      }
      Decision decision = plan(input, *policy, *library);
      if (round == 1) {
        firstBottleneck = decision.bottleneck;
        firstRule = decision.rule;
      }
      if (!decision.skill) {
        stopped = "nothing left to try (" + decision.rule + ")";
        break;
      }
      ++rounds;
      PlanSteps candidate = best;
      candidate[d] = Step{*decision.skill, decision.params};
      std::string label = llvm::formatv("d{0}-r{1}", d, round);
      say(llvm::formatv("dispatch {0} ({1}) round {2}/{3}: {4} {5}; base {6:f2} us", d,
                        stringifyOpClass(f->opClass), round, opts.rounds,
                        *decision.skill, json::Value(paramsJson(decision.params)),
                        baseUs));
      Measurement m = measure(candidate, label);
      json::Object attempt{{"dispatch", d},
                           {"round", int64_t(round)},
                           {"base", baseName},
                           {"skill", *decision.skill},
                           {"params", paramsJson(decision.params)},
                           {"rule", decision.rule},
                           {"evidence", json::Object(decision.evidence)},
                           {"outcome", m.outcome}};
      bool accepted = false;
      if (m.outcome == "ok" && m.kernelUs.count(d)) {
        double us = m.kernelUs[d];
        attempt["kernel_us"] = us;
        attempt["base_kernel_us"] = baseUs;
        attempt["speedup_vs_base"] = baseUs / us;
        attempt["time_ms"] = m.timeMs;
        if (us * opts.win <= baseUs) {
          accepted = true;
          best = candidate;
          baseName = label;
          baseUs = us;
          baseMetrics = m.metrics[d];
          base = std::move(m);
        } else {
          attempt["diagnosis"] = llvm::formatv(
              "{0:f2}x on the base: under the {1}x needed to move it", attempt.getNumber("speedup_vs_base").value_or(0), opts.win).str();
        }
      } else {
        attempt["message"] = m.message;
        attempt["diagnosis"] = diagnose(m);
      }
      attempt["accepted"] = accepted;
      say(llvm::formatv("  -> {0}{1}", attempt.getString("outcome").value_or(""),
                        accepted ? llvm::formatv(", {0:f2} us: new base", baseUs).str()
                                 : std::string()));
      remember(std::move(attempt));
    }
    json::Object entry{{"dispatch", d},
                       {"op_class", stringifyOpClass(f->opClass)},
                       {"loop_ranges", featureJson.get("loop_ranges") ? *featureJson.get("loop_ranges") : json::Value(nullptr)},
                       {"seed_us", seedUs},
                       {"tuned_us", baseUs},
                       {"speedup", baseUs > 0 ? seedUs / baseUs : 0.0},
                       {"rounds", int64_t(rounds)},
                       {"bottleneck", firstBottleneck},
                       {"rule", firstRule},
                       {"stopped", stopped}};
    if (std::optional<double> s0 = seed.metrics[d].getNumber("speed_of_light_pct"))
      entry["seed_sol_pct"] = *s0;
    if (std::optional<double> s1 = baseMetrics.getNumber("speed_of_light_pct"))
      entry["tuned_sol_pct"] = *s1;
    if (best.count(d))
      entry["winner"] = json::Object{{"skill", best[d].skill},
                                     {"params", paramsJson(best[d].params)}};
    reportDispatches.push_back(std::move(entry));
  }

  if (llvm::Error err = writeJsonFile(path("plan.json"), planJson(best)))
    return err;
  json::Object report{{"module", opts.module},
                      {"chip", opts.chip},
                      {"measured_on_gpu", true},
                      {"seed_ms", seed.timeMs},
                      {"tuned_ms", base.timeMs},
                      {"speedup", base.timeMs > 0 ? seed.timeMs / base.timeMs : 0.0},
                      {"win_threshold", opts.win},
                      {"dispatches", std::move(reportDispatches)}};
  if (llvm::Error err = writeJsonFile(path("report.json"), json::Value(json::Object(report))))
    return err;

  // The summary, one line per dispatch.
  llvm::outs() << llvm::formatv("{0,-9} {1,-15} {2,12} {3,12} {4,8} {5,7} {6,7}  {7}\n",
                                "dispatch", "class", "seed us", "tuned us", "speedup",
                                "rounds", "SOL%", "winner");
  auto *dispatches = report.getArray("dispatches");
  for (const json::Value &v : *dispatches) {
    const json::Object &e = *v.getAsObject();
    std::string winner = "-";
    if (const json::Object *w = e.getObject("winner"))
      winner = w->getString("skill").value_or("").str() + " " +
               llvm::formatv("{0}", json::Value(json::Object(*w->getObject("params")))).str();
    llvm::outs() << llvm::formatv(
        "{0,-9} {1,-15} {2,12:f2} {3,12:f2} {4,7:f2}x {5,7} {6,7}  {7}\n",
        *e.getInteger("dispatch"), *e.getString("op_class"), *e.getNumber("seed_us"),
        *e.getNumber("tuned_us"), *e.getNumber("speedup"), *e.getInteger("rounds"),
        e.getNumber("tuned_sol_pct") ? llvm::formatv("{0:f1}", *e.getNumber("tuned_sol_pct")).str() : "-",
        winner);
  }
  llvm::outs() << llvm::formatv("whole program: seed {0:f4} ms, tuned {1:f4} ms, {2:f2}x; "
                                "plan: {3}\n",
                                seed.timeMs, base.timeMs,
                                base.timeMs > 0 ? seed.timeMs / base.timeMs : 0.0,
                                path("plan.json"));
  return llvm::Error::success();
}
} // namespace

llvm::Error ks::agents::tune(const TuneOptions &options) {
  if (options.module.empty())
    return llvm::createStringError("no module to tune");
  return Tuner(options).run();
}
