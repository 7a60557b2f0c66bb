//===- TunerReport.cpp - What a tuning run leaves behind ------------------===//
//
// The run's outputs besides the plan: report.json (and its HTML view), the
// summary printed at the end, and the tuning database's records, read back
// before the search and written after it.
//
//===----------------------------------------------------------------------===//

#include "TunerImpl.h"

#include "llvm/Support/FormatVariadic.h"

using namespace ks::agents;
using namespace ks::agents::tuner;

namespace ks::agents::tuner {

/// Dispatches with a record in the database take its answer; a record
/// whose skill is gone from the library, or whose parameters no longer fit
/// it, is ignored with a note.
llvm::Error Tuner::reuseFromDatabase(PlanSteps &known, std::set<int64_t> &fromDb,
                                     json::Array &entries) {
  for (const DispatchFeatures &f : features) {
    const TuningRecord *r =
        db->lookup(signatures[f.id], opts.chip, /*measuredOnly=*/opts.measure == "gpu");
    if (!r)
      continue;
    std::string winner = "seed kept";
    if (!r->skill.empty()) {
      const Skill *skill = library->find(r->skill);
      llvm::Expected<ParamValues> fits =
          skill ? skill->resolve(r->params)
                : llvm::Expected<ParamValues>(llvm::createStringError("no such skill"));
      if (!fits) {
        say(llvm::formatv("dispatch {0}: the database's {1} does not apply any more ({2}): tuning it",
                          f.id, r->skill, llvm::toString(fits.takeError())));
        continue;
      }
      if (std::string outside = outsidePrecision(skill->numerics, opts.precision); !outside.empty()) {
        say(llvm::formatv("dispatch {0}: the database's {1} does not apply ({2}): tuning it",
                          f.id, r->skill, outside));
        continue;
      }
      known[f.id] = Step{r->skill, r->params};
      winner = r->skill + " " + llvm::formatv("{0}", json::Value(paramsJson(r->params))).str();
    }
    fromDb.insert(f.id);
    entries.push_back(json::Object{{"dispatch", f.id},
                                   {"op_class", stringifyOpClass(f.opClass)},
                                   {"from_database", true},
                                   {"signature", r->signature},
                                   {"source", r->source},
                                   {"seed_us", r->seedUs},
                                   {"tuned_us", r->tunedUs},
                                   {"winner_text", winner},
                                   {"winner", r->skill.empty() ? json::Value(nullptr)
                                                               : json::Value(json::Object{
                                                                     {"skill", r->skill},
                                                                     {"params", paramsJson(r->params)}})}});
  }
  return llvm::Error::success();
}

/// A report.json: what was tuned, whether on the GPU, the dispatches'
/// entries, and the run's own `fields`.
static json::Object reportJson(const TuneOptions &opts, bool measuredOnGpu,
                               json::Array dispatches, json::Object fields) {
  fields["module"] = opts.module;
  fields["chip"] = opts.chip;
  fields["precision"] = opts.precision;
  fields["measured_on_gpu"] = measuredOnGpu;
  fields["dispatches"] = std::move(dispatches);
  return fields;
}

llvm::Error Tuner::reportAllKnown(const PlanSteps &known, json::Array entries) {
  say(llvm::formatv("every dispatch ({0}) found in {1}: nothing measured", features.size(),
                    opts.db));
  if (llvm::Error err = writeJsonFile(path("plan.json"), planJson(known)))
    return err;
  json::Object report = reportJson(
      opts, /*measuredOnGpu=*/false, std::move(entries),
      json::Object{{"measurement", "none: every dispatch was found in the tuning database"},
                   {"database", opts.db}});
  if (llvm::Error err = writeJsonFile(path("report.json"), json::Value(std::move(report))))
    return err;
  return renderReport(opts.outDir);
}

llvm::Error Tuner::saveDatabase(const std::vector<const DispatchFeatures *> &untuned,
                                Measurement &seed) {
  if (!db)
    return llvm::Error::success();
  // The seed kernel stays for dispatches too fast to tune: remembered too,
  // so that the next compile measures nothing.
  for (const DispatchFeatures *f : untuned) {
    TuningRecord r;
    r.signature = signatures[f->id];
    r.chip = opts.chip;
    r.source = onGpu ? "gpu" : "model";
    r.seedUs = r.tunedUs = seed.kernelUs[f->id];
    r.module = opts.module;
    r.note = llvm::formatv("not tuned: not among the {0} slowest dispatches",
                           opts.maxDispatches);
    db->record(std::move(r));
  }
  return db->save();
}

llvm::Error Tuner::writeReport(const PlanSteps &best, const Measurement &seed,
                               const Measurement &base, json::Array dispatches) {
  if (llvm::Error err = writeJsonFile(path("plan.json"), planJson(best)))
    return err;
  json::Object report = reportJson(
      opts, onGpu, std::move(dispatches),
      json::Object{{"refined_on_gpu", opts.refine > 0 && onGpu},
                   {"calibration", onGpu || calibration.empty()
                                       ? json::Value(nullptr)
                                       : json::Value(calibration.toJson())},
                   {"numerics", onGpu ? "candidates checked on the GPU against the seed "
                                        "kernels, full size, fresh random inputs"
                                      : cpuCheckNote},
                   {"device", json::Object{{"name", device->name},
                                           {"title", device->title},
                                           {"dram_gbps", device->dramGBps},
                                           {"fp32_gflops", device->gflops.lookup("f32")},
                                           {"source", onGpu ? "the table's figures for the roofline; times measured"
                                                            : "the table's figures; times estimated"}}},
                   {"seed_ms", seed.timeMs},
                   {"tuned_ms", base.timeMs},
                   {"speedup", base.timeMs > 0 ? seed.timeMs / base.timeMs : 0.0},
                   {"win_threshold", opts.win},
                   {"jobs", int64_t(jobs)}});
  // Plans differ in a few kernels: the rest are not compiled again (on a
  // GPU, ks-run compiles each plan in a process of its own).
  if (!onGpu) {
    ks::KernelModuleCounts modules = ks::serializedKernelModules();
    report["kernel_modules"] = json::Object{{"compiled", int64_t(modules.compiled)},
                                            {"reused", int64_t(modules.reused)}};
  }
  if (llm) {
    json::Object l = llm->stats();
    l["decisions"] = json::Object(decisions);
    report["llm"] = std::move(l);
  }
  if (!opts.gpus.empty())
    report["gpus"] = json::Array(opts.gpus);
  if (llvm::Error err = writeJsonFile(path("report.json"), json::Value(json::Object(report))))
    return err;
  if (llvm::Error err = renderReport(opts.outDir))
    return err;
  printSummary(report, seed, base);
  return llvm::Error::success();
}

void Tuner::printSummary(const json::Object &report, const Measurement &seed,
                         const Measurement &base) {
  // One line per dispatch.
  out() << llvm::formatv("{0,-9} {1,-15} {2,12} {3,12} {4,8} {5,7} {6,7}  {7}\n",
                                "dispatch", "class", "seed us", "tuned us", "speedup",
                                "rounds", "SOL%", "winner");
  auto *dispatches = report.getArray("dispatches");
  for (const json::Value &v : *dispatches) {
    const json::Object &e = *v.getAsObject();
    if (e.getBoolean("fused").value_or(false)) {
      out() << llvm::formatv("{0,-9} {1,-15} {2,12:f2} {3,12}  fused: {4}\n", *e.getInteger("dispatch"),
                             *e.getString("op_class"), *e.getNumber("seed_us"), "-",
                             e.getString("stopped").value_or(""));
      continue;
    }
    if (e.getBoolean("from_database").value_or(false)) {
      out() << llvm::formatv("{0,-9} {1,-15} {2}\n", *e.getInteger("dispatch"),
                                    e.getString("op_class").value_or(""),
                                    "from the tuning database: " +
                                        e.getString("winner_text").value_or("").str());
      continue;
    }
    std::string winner = "-";
    if (const json::Object *w = e.getObject("winner"))
      winner = w->getString("skill").value_or("").str() + " " +
               llvm::formatv("{0}", json::Value(json::Object(*w->getObject("params")))).str();
    out() << llvm::formatv(
        "{0,-9} {1,-15} {2,12:f2} {3,12:f2} {4,7:f2}x {5,7} {6,7}  {7}\n",
        *e.getInteger("dispatch"), *e.getString("op_class"), *e.getNumber("seed_us"),
        *e.getNumber("tuned_us"), *e.getNumber("speedup"), *e.getInteger("rounds"),
        e.getNumber("tuned_sol_pct") ? llvm::formatv("{0:f1}", *e.getNumber("tuned_sol_pct")).str() : "-",
        winner);
  }
  if (llm)
    printLlmSummary(*report.getObject("llm"));
  if (const json::Object *modules = report.getObject("kernel_modules"))
    out() << llvm::formatv("kernel modules: {0} compiled, {1} reused from earlier plans\n",
                           *modules->getInteger("compiled"), *modules->getInteger("reused"));
  out() << llvm::formatv("whole program: seed {0:f4} ms, tuned {1:f4} ms, {2:f2}x{3}; "
                                "plan: {4}\n",
                                seed.timeMs, base.timeMs,
                                base.timeMs > 0 ? seed.timeMs / base.timeMs : 0.0,
                                onGpu ? "" : " (estimated on " + device->name + ", not measured on a GPU)",
                                path("plan.json"));
}

void Tuner::printLlmSummary(const json::Object &l) {
  auto n = [&](const json::Object &o, llvm::StringRef k) {
    return int64_t(o.getNumber(k).value_or(0));
  };
  auto who = [&](llvm::StringRef agent) {
    const json::Object *o = decisions.getObject(agent);
    if (!o)
      return std::string("none");
    if (agent == "author")
      return llvm::formatv("{0} vetted, {1} refused", n(*o, "vetted"), n(*o, "refused")).str();
    return llvm::formatv("{0} by the LLM, {1} by the policy", n(*o, "llm"), n(*o, "policy")).str();
  };
  out() << llvm::formatv("LLM ({0}): {1} requests ({2} failed, {3} retries), {4} input + {5} "
                         "output tokens, {6:f1} s; plans: {7}; diagnoses: {8}; scripts: {9}\n",
                         llm->describe(), n(l, "requests"), n(l, "failed"), n(l, "retries"),
                         n(l, "input_tokens"), n(l, "output_tokens"),
                         l.getNumber("latency_ms").value_or(0) / 1000, who("planner"),
                         who("diagnoser"), who("author"));
}

} // namespace ks::agents::tuner

llvm::Error ks::agents::renderReport(llvm::StringRef outDir) {
  auto file = [&](llvm::StringRef name) {
    llvm::SmallString<256> p(outDir);
    llvm::sys::path::append(p, name);
    return p.str().str();
  };
  auto reportText = llvm::MemoryBuffer::getFile(file("report.json"));
  if (!reportText)
    return llvm::createStringError("cannot read " + file("report.json") + ": " +
                                   reportText.getError().message());
  llvm::Expected<json::Value> report = ks::parseJson((*reportText)->getBuffer());
  if (!report || !report->getAsObject())
    return llvm::createStringError(file("report.json") + ": not a JSON object" +
                                   (report ? "" : ": " + llvm::toString(report.takeError())));
  std::vector<json::Object> trajectory;
  if (auto lines = llvm::MemoryBuffer::getFile(file("trajectory.jsonl"))) {
    llvm::SmallVector<llvm::StringRef> split;
    (*lines)->getBuffer().split(split, '\n', -1, false);
    for (auto [i, line] : llvm::enumerate(split)) {
      llvm::Expected<json::Value> v = ks::parseJson(line);
      if (!v || !v->getAsObject())
        return llvm::createStringError(llvm::formatv("{0}: line {1} is not a JSON object",
                                                     file("trajectory.jsonl"), i + 1)
                                           .str());
      trajectory.push_back(std::move(*v->getAsObject()));
    }
  }
  std::string html = renderReportHtml(*report->getAsObject(), trajectory);
  return llvm::writeToOutput(file("report.html"), [&](llvm::raw_ostream &os) {
    os << html;
    return llvm::Error::success();
  });
}
