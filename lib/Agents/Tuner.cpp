//===- Tuner.cpp - The tuning run's outline, setup and measurements -------===//
//
// Tuner::run and its first phases (setUp, resume), and how a plan is
// measured: estimated by the cost model in this process, or run by ks-run on
// a GPU. The search (TunerSearch.cpp), the first choices, the refinement,
// the CPU check and the report (TunerReport.cpp) live in files of their own.
//
//===----------------------------------------------------------------------===//

#include "TunerImpl.h"

#include "ks/Skills/Plan.h"

#include <unistd.h>

using namespace ks::agents;
using namespace ks::agents::tuner;

namespace ks::agents::tuner {

json::Object paramsJson(const ParamValues &params) { return paramsToJson(params); }

ParamValues paramsOf(const json::Object &attempt) {
  ParamValues params;
  if (const json::Object *p = attempt.getObject("params"))
    for (const auto &kv : *p)
      params[kv.first.str()] = kv.second.getAsInteger().value_or(0);
  return params;
}

json::Value planJson(const PlanSteps &steps) {
  Plan plan;
  for (const auto &[id, step] : steps) {
    plan.steps.push_back({id, step.skill, step.params});
    if (step.invariantLoads)
      plan.invariantLoads.push_back(id);
  }
  return planToJson(plan);
}

/// Writes `value` to `path` atomically (llvm::writeToOutput writes a
/// temporary and renames it), so a reader never sees half a file.
llvm::Error writeJsonFile(llvm::StringRef path, const json::Value &value) {
  return llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << llvm::formatv("{0:2}", value) << "\n";
    return llvm::Error::success();
  });
}

std::unique_ptr<mlir::MLIRContext> createContext() {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  ks::registerTransformExtension(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  return std::make_unique<mlir::MLIRContext>(registry, mlir::MLIRContext::Threading::DISABLED);
}


/// "output #i: max abs err .., max rel err .., n mismatches" for the first
/// output of a ks-run report that did not match; empty if all matched.
std::string firstMismatch(const json::Object &report) {
  if (const json::Array *outs = report.getArray("outputs"))
    for (const json::Value &o : *outs)
      if (o.getAsObject()->getBoolean("passed") == false)
        return llvm::formatv("output #{0}: max abs err {1:e2}, max rel err {2:e2}, "
                             "{3} mismatches",
                             o.getAsObject()->getInteger("index").value_or(0),
                             o.getAsObject()->getNumber("max_abs_error").value_or(0),
                             o.getAsObject()->getNumber("max_rel_error").value_or(0),
                             o.getAsObject()->getInteger("mismatches").value_or(0));
  return "";
}

/// The last line of a log file (ks-run's last word on what went wrong).
std::string lastLineOf(llvm::StringRef logFile) {
  auto log = llvm::MemoryBuffer::getFile(logFile);
  if (!log)
    return std::string();
  llvm::SmallVector<llvm::StringRef> lines;
  (*log)->getBuffer().trim().split(lines, '\n');
  return lines.empty() ? std::string() : lines.back().trim().str();
}

/// The first diagnostic a log holds (" error: " and what follows), else its
/// last line.
std::string firstErrorOf(llvm::StringRef logFile) {
  if (auto log = llvm::MemoryBuffer::getFile(logFile))
    for (llvm::StringRef line : llvm::split((*log)->getBuffer().trim(), '\n')) {
      size_t at = line.find(" error: ");
      if (at != llvm::StringRef::npos)
        return line.drop_front(at + 8).trim().str();
    }
  return lastLineOf(logFile);
}


llvm::Error Tuner::loadKnowledge() {
  std::vector<std::string> roots = SkillLibrary::rootsFrom(opts.skillDirs);
  if (roots.empty())
    return llvm::createStringError("no skill directory found (set KS_SKILL_PATH or --skill-dirs)");
  // Drafts of an earlier run in this directory (a resumed plan may use one).
  if (llvm::sys::fs::is_directory(path("drafts")))
    roots.push_back(path("drafts"));
  skillRoots = roots;
  llvm::Expected<SkillLibrary> lib = SkillLibrary::load(roots);
  if (!lib)
    return lib.takeError();
  library = std::move(*lib);
  llvm::Expected<Policy> pol = Policy::loadFor(*library, opts.policy);
  if (!pol)
    return pol.takeError();
  policy = std::move(*pol);
  llvm::Expected<DeviceTable> table =
      opts.devices.empty() ? DeviceTable::loadFrom(roots) : DeviceTable::load(opts.devices);
  if (!table)
    return table.takeError();
  devices = std::move(*table);
  if (opts.gpu && opts.device.empty()) {
    llvm::Expected<DeviceSpec> adopted = devices->adopt(*opts.gpu);
    if (!adopted)
      return adopted.takeError();
    gpuDevice = std::move(*adopted);
    device = &*gpuDevice;
    return llvm::Error::success();
  }
  llvm::Expected<const DeviceSpec *> spec = devices->find(opts.device, opts.chip);
  if (!spec)
    return spec.takeError();
  device = *spec;
  return llvm::Error::success();
}

/// The dispatches as the optimizer sees them: the module lowered to
/// buffers and numbered (the first half of the seed lowering).
llvm::Error Tuner::extractFeatures() {
  auto text = llvm::MemoryBuffer::getFile(opts.module);
  if (!text)
    return llvm::createStringError("cannot read " + opts.module + ": " +
                                   text.getError().message());
  programHash = llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(
                                (*text)->getBuffer())),
                            /*LowerCase=*/true)
                    .substr(0, 16);
  std::unique_ptr<mlir::MLIRContext> context = createContext();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      ks::parseCheckedModuleFile(opts.module, context.get());
  if (!module)
    return llvm::createStringError("cannot parse " + opts.module);
  mlir::PassManager pm(context.get());
  opts.pipelines.buildDispatches(pm);
  if (mlir::failed(pm.run(*module)))
    return llvm::createStringError("cannot lower " + opts.module +
                                   " to dispatches (see the diagnostics above)");
  features = extractAllFeatures(*module);
  module->walk([&](mlir::linalg::LinalgOp op) {
    if (auto id = op->getAttrOfType<mlir::IntegerAttr>("ks.dispatch"))
      signatures[id.getInt()] = dispatchSignature(op);
  });
  return llvm::Error::success();
}

/// The cost model's verdict on a plan: the module compiled with it in this
/// process, each kernel estimated on the device, and every kernel assembled
/// by ptxas (the review available without a GPU; numerics are not checked).
Measurement Tuner::measure(const PlanSteps &plan, llvm::StringRef label,
                           std::optional<int64_t> candidate) {
  std::string planFile;
  if (!plan.empty()) {
    planFile = path(label.str() + ".plan.json");
    if (llvm::Error err = writeJsonFile(planFile, planJson(plan))) {
      Measurement m;
      m.outcome = "error";
      m.message = llvm::toString(std::move(err));
      return m;
    }
  }
  if (onGpu)
    return measureOnGpu(planFile, label);
  Measurement m = estimate(planFile);
  if (m.outcome == "ok")
    calibrate(m, plan);
  if (m.outcome == "ok" && !planFile.empty())
    checkOnCpu(planFile, label, m, plan, candidate);
  return m;
}

llvm::Error Tuner::loadCalibration() {
  std::vector<CalibrationSample> samples;
  if (db)
    samples = db->samples();
  if (!opts.calibration.empty()) {
    llvm::Expected<TuningDatabase> from = TuningDatabase::open(opts.calibration);
    if (!from)
      return from.takeError();
    llvm::append_range(samples, from->samples());
  }
  calibration = Calibration::fromSamples(samples, device->name);
  if (!calibration.empty())
    say(llvm::formatv("estimates calibrated by {0} kernels measured on the {1}",
                      calibration.samples(), device->name));
  return llvm::Error::success();
}

void Tuner::calibrate(Measurement &m, const PlanSteps &plan) const {
  if (calibration.empty())
    return;
  for (auto &[d, us] : m.kernelUs) {
    auto step = plan.find(d);
    auto f = llvm::find_if(features, [&](const DispatchFeatures &x) { return x.id == d; });
    llvm::StringRef opClass = f == features.end() ? "" : stringifyOpClass(f->opClass);
    double scaled = us * calibration.factor(step == plan.end() ? "seed" : step->second.skill,
                                            opClass);
    m.timeMs += (scaled - us) / 1000;
    us = scaled;
  }
}

int Tuner::takeGpu() {
  std::lock_guard<std::mutex> lock(gpuMutex);
  if (gpuInFlight.size() != opts.gpus.size())
    gpuInFlight.assign(opts.gpus.size(), 0);
  auto least = std::min_element(gpuInFlight.begin(), gpuInFlight.end());
  ++*least;
  return int(least - gpuInFlight.begin());
}

void Tuner::giveBackGpu(int slot) {
  std::lock_guard<std::mutex> lock(gpuMutex);
  --gpuInFlight[slot];
}

/// What CUDA_VISIBLE_DEVICES a child must see to have this process's
/// device `ordinal` alone (ordinals count the devices this process sees).
static std::string visibleDeviceOf(int ordinal) {
  const char *visible = std::getenv("CUDA_VISIBLE_DEVICES");
  llvm::SmallVector<llvm::StringRef> list;
  if (visible && *visible)
    llvm::StringRef(visible).split(list, ',', -1, false);
  if (ordinal < int(list.size()))
    return list[ordinal].trim().str();
  return std::to_string(ordinal);
}

int Tuner::runKsRun(const std::vector<std::string> &args, llvm::StringRef logFile,
                    unsigned timeoutSeconds, std::string &error, int *gpu) {
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  // ks-run finds skills on the skill path: hand it ours; with several
  // GPUs, it sees the one it is handed alone (its GPU lock is that GPU's).
  int slot = opts.gpus.empty() ? -1 : takeGpu();
  std::optional<llvm::ArrayRef<llvm::StringRef>> env;
  std::vector<std::string> envStrings;
  std::vector<llvm::StringRef> envRefs;
  if (!skillRoots.empty() || slot >= 0) {
    for (char **e = environ; *e; ++e) {
      llvm::StringRef var(*e);
      if ((!skillRoots.empty() && var.starts_with("KS_SKILL_PATH=")) ||
          (slot >= 0 && var.starts_with("CUDA_VISIBLE_DEVICES=")))
        continue;
      envStrings.push_back(*e);
    }
    if (!skillRoots.empty())
      envStrings.push_back("KS_SKILL_PATH=" + llvm::join(skillRoots, ":"));
    if (slot >= 0)
      envStrings.push_back("CUDA_VISIBLE_DEVICES=" + visibleDeviceOf(opts.gpus[slot]));
    envRefs.assign(envStrings.begin(), envStrings.end());
    env = envRefs;
  }
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, logFile, logFile};
  int rc = llvm::sys::ExecuteAndWait(ksRun, argRefs, env, redirects, timeoutSeconds, 0, &error);
  if (slot >= 0) {
    giveBackGpu(slot);
    if (gpu)
      *gpu = opts.gpus[slot];
  }
  return rc;
}

Measurement Tuner::estimate(llvm::StringRef planFile) {
  Measurement m;
  ParsedModule parsed(opts.module);
  mlir::MLIRContext *context = parsed.context.get();
  const std::string &diagnostics = parsed.firstError;
  mlir::OwningOpRef<mlir::ModuleOp> &module = parsed.module;
  if (!module) {
    m.outcome = "error";
    m.message = "cannot parse " + opts.module + ": " + diagnostics;
    return m;
  }
  // Seed lowering (with the plan), the estimate, then PTX and ptxas.
  mlir::PassManager seedPm(context), ptxPm(context);
  opts.pipelines.buildEstimate(seedPm, ptxPm, opts.chip, planFile, skillDirs());
  auto failedToBuild = [&](mlir::PassManager &pm) {
    if (mlir::succeeded(pm.run(*module)))
      return false;
    m.outcome = "compile_error";
    m.message = diagnostics;
    return true;
  };
  if (failedToBuild(seedPm))
    return m;
  std::vector<KernelEstimate> estimates = estimateKernels(*module, *device);
  llvm::StringMap<int64_t> dispatchOfKernel = ks::readKernelDispatches(*module);
  if (failedToBuild(ptxPm)) {
    // ptxas names the kernel: say whose it is, for whoever drops a step.
    llvm::StringRef rest = llvm::StringRef(m.message).split("kernel module '").second;
    auto it = dispatchOfKernel.find(rest.split('\'').first);
    if (!rest.empty() && it != dispatchOfKernel.end())
      m.message = "dispatch " + std::to_string(it->second) + ": " + m.message;
    return m;
  }
  llvm::StringMap<ks::PtxasKernelReport> resources = ks::readPtxasResources(*module);
  m.outcome = "ok";
  m.kernelsPerRun = estimates.size();
  for (KernelEstimate &e : estimates) {
    auto ptxas = resources.find(e.kernel);
    if (ptxas != resources.end()) {
      chargeOccupancy(e, *device, ptxas->second);
      chargeIssue(e, *device, ptxas->second);
    }
    m.timeMs += e.timeUs / 1000;
    if (e.dispatch < 0)
      continue;
    m.kernelUs[e.dispatch] += e.timeUs;
    json::Object metrics = e.metrics();
    metrics["spill_bytes"] = ptxas == resources.end()
                                 ? 0
                                 : ptxas->second.spillStoreBytes + ptxas->second.spillLoadBytes;
    metrics["kernels_per_run"] = int64_t(estimates.size());
    m.metrics[e.dispatch] = std::move(metrics);
  }
  return m;
}

Measurement Tuner::measureOnGpu(llvm::StringRef planFile, llvm::StringRef label) {
  Measurement m;
  std::string jsonFile = path(label.str() + ".run.json");
  std::string logFile = path(label.str() + ".log");
  llvm::sys::fs::remove(jsonFile);
  std::vector<std::string> args = {
      "ks-run", opts.module, "--entry=" + opts.entry, "--chip=" + opts.chip,
      "--warmup=" + std::to_string(opts.warmup),
      "--trials=" + std::to_string(opts.trials),
      "--timeout=" + std::to_string(opts.timeoutSeconds),
      "--seed=" + std::to_string(1000 + runs++), // fresh inputs every check
      llvm::formatv("--atol={0:e}", opts.atol).str(),
      llvm::formatv("--rtol={0:e}", opts.rtol).str(),
      // The seed and the reference run whatever they are; --timeout bounds them.
      "--max-quadratic-scan=0",
      "--json=" + jsonFile};
  if (planFile.empty()) {
    args.push_back("--reference=none");
  } else {
    args.push_back("--plan=" + planFile.str());
    // The reference: the seed kernels on the GPU, same inputs, full size.
    args.push_back("--reference=gpu:" + opts.module);
  }
  std::string error;
  int gpu = -1;
  int rc = runKsRun(args, logFile, opts.timeoutSeconds * 4, error, &gpu);
  m.gpu = gpu;
  auto buffer = llvm::MemoryBuffer::getFile(jsonFile);
  llvm::Expected<json::Value> report =
      buffer ? ks::parseJson((*buffer)->getBuffer())
             : llvm::Expected<json::Value>(llvm::errorCodeToError(buffer.getError()));
  if (!report) {
    llvm::consumeError(report.takeError());
    m.outcome = rc == -2 ? "timeout" : "error";
    m.message = error.empty() ? lastLineOf(logFile) : error;
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
  std::string mismatch = firstMismatch(r);
  if (!mismatch.empty()) {
    m.outcome = "mismatch";
    m.message = mismatch;
  }
  if (!planFile.empty())
    m.numerics = "checked on the GPU against the seed kernels";
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
        metrics["spill_bytes"] = k.getInteger("spill_bytes").value_or(0);
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

llvm::Error Tuner::lockOutDir() {
  std::string lockPath = path("ks-tune.lock");
  if (std::error_code ec = llvm::sys::fs::openFileForReadWrite(
          lockPath, lockFd, llvm::sys::fs::CD_OpenAlways, llvm::sys::fs::OF_None))
    return llvm::createStringError("cannot open " + lockPath + ": " + ec.message());
  if (std::error_code ec = llvm::sys::fs::tryLockFile(lockFd))
    return llvm::createStringError(
        "another ks-tune is running on " + opts.outDir + " (it holds " + lockPath +
        "); wait for it or give this run another --out");
  return llvm::Error::success();
}

/// Earlier attempts, and the accepted ones as `best`. A last line cut off
/// mid-way (a run killed while writing) is skipped with a warning; any other
/// line that is not an attempt of this program is an error naming it.
llvm::Error Tuner::readTrajectory(const std::string &trajectoryPath, PlanSteps &best) {
  auto previous = llvm::MemoryBuffer::getFile(trajectoryPath);
  if (!previous)
    return llvm::Error::success();
  llvm::StringRef text = (*previous)->getBuffer();
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n', -1, false);
  bool tornEnd = !text.empty() && !text.ends_with("\n");
  for (auto [i, line] : llvm::enumerate(lines)) {
    std::string where = llvm::formatv("{0}:{1}", trajectoryPath, i + 1).str();
    llvm::Expected<json::Value> v = ks::parseJson(line);
    if (!v || !v->getAsObject()) {
      std::string why = v ? "not a JSON object" : llvm::toString(v.takeError());
      if (tornEnd && i + 1 == lines.size()) {
        say("warning: " + where + ": skipping the last line, cut off mid-way (" + why + ")");
        // This run's attempts go on from the last whole line.
        if (llvm::Error err = llvm::writeToOutput(trajectoryPath, [&](llvm::raw_ostream &os) {
              os << text.take_front(line.data() - text.data());
              return llvm::Error::success();
            }))
          return err;
        break;
      }
      return llvm::createStringError(where + ": not an attempt: " + why);
    }
    const json::Object &o = *v->getAsObject();
    std::optional<llvm::StringRef> program = o.getString("program");
    if (program != llvm::StringRef(programHash))
      return llvm::createStringError(
          where + ": an attempt on another program (" +
          (program ? program->str() : std::string("no program hash")) + ", this one is " +
          programHash + "); give this run another --out");
    if (o.getBoolean("accepted").value_or(false)) {
      if (const json::Array *ids = o.getArray("invariant_loads")) {
        if (!opts.invariantLoads)
          continue; // asked for no more: the plan of the search stands
        const json::Object *params = o.getObject("params_by_dispatch");
        for (const json::Value &id : *ids)
          if (auto it = best.find(id.getAsInteger().value_or(-1)); it != best.end()) {
            it->second.invariantLoads = true;
            if (const json::Object *p =
                    params ? params->getObject(std::to_string(it->first)) : nullptr)
              it->second.params = paramsOf(json::Object{{"params", json::Object(*p)}});
          }
      } else {
        best[o.getInteger("dispatch").value_or(-1)] =
            Step{o.getString("skill").value_or("").str(), paramsOf(o)};
        // As the run that accepted it did: what its kernel took in has no
        // step of its own.
        if (const json::Array *absorbed = o.getArray("absorbed_dispatches"))
          for (const json::Value &a : *absorbed)
            best.erase(a.getAsInteger().value_or(-1));
      }
    }
    trajectory.push_back(o);
  }
  say(llvm::formatv("resuming: {0} earlier attempts, accepted plans for {1} dispatches",
                    trajectory.size(), best.size()));
  return llvm::Error::success();
}

llvm::Error Tuner::run() {
  if (llvm::Error err = setUp())
    return err;
  // Dispatches the database knows are not tuned again.
  PlanSteps known;
  std::set<int64_t> fromDb;
  json::Array reportDispatches;
  if (!opts.db.empty()) {
    llvm::Expected<TuningDatabase> opened = TuningDatabase::open(opts.db);
    if (!opened)
      return opened.takeError();
    db = std::move(*opened);
    if (llvm::Error err = reuseFromDatabase(known, fromDb, reportDispatches))
      return err;
    if (fromDb.size() == features.size())
      return reportAllKnown(known, std::move(reportDispatches));
  }
  if (llvm::Error err = loadCalibration())
    return err;
  PlanSteps best;
  Measurement seed, base;
  if (llvm::Error err = resume(known, best, seed, base))
    return err;
  std::vector<const DispatchFeatures *> untuned;
  std::vector<const DispatchFeatures *> order = searchOrder(seed, fromDb, untuned);
  if (opts.firstChoices)
    if (llvm::Error err = takeFirstChoices(order, seed, best, base))
      return err;
  json::Array tunedEntries;
  bool followed = false;
  if (llvm::Error err = searchDispatches(order, seed, best, base, tunedEntries, followed))
    return err;
  // A refinement measures the plan as it will run: invariant loads first
  // (they reorder the candidates: more blocks an SM gain more from them).
  bool invariantFirst = opts.refine > 0 && opts.invariantLoads;
  if (invariantFirst)
    if (llvm::Error err = loadInvariantly(best, base))
      return err;
  if (opts.refine > 0)
    if (llvm::Error err = refineOnGpu(seed, best, base, tunedEntries))
      return err;
  if (followed)
    if (llvm::Error err = measureFollowers(best, base, tunedEntries))
      return err;
  if (opts.invariantLoads && !invariantFirst)
    if (llvm::Error err = loadInvariantly(best, base))
      return err;
  if (llvm::Error err = saveDatabase(untuned, seed))
    return err;
  for (json::Value &e : tunedEntries)
    reportDispatches.push_back(std::move(e));
  return writeReport(best, seed, base, std::move(reportDispatches));
}

llvm::Error Tuner::setUp() {
  if (std::error_code ec = llvm::sys::fs::create_directories(opts.outDir))
    return llvm::createStringError("cannot create " + opts.outDir + ": " + ec.message());
  if (llvm::Error err = lockOutDir())
    return err;
  ksRun = opts.ksRun;
  if (ksRun.empty()) {
    static int anchor;
    llvm::SmallString<256> self(llvm::sys::fs::getMainExecutable(nullptr, &anchor));
    llvm::sys::path::remove_filename(self);
    llvm::sys::path::append(self, "ks-run");
    ksRun = self.str().str();
  }
  if (opts.measure != "auto" && opts.measure != "gpu" && opts.measure != "model")
    return llvm::createStringError("measure must be auto, gpu or model, not '" + opts.measure + "'");
  if (opts.refine > 0 && opts.measure == "gpu")
    return llvm::createStringError("--refine searches with the cost model and measures its best on "
                                   "the GPU: use it with --measure=model or auto, not gpu");
  onGpu = opts.measure != "model" && opts.refine == 0;
  if (onGpu && !llvm::sys::fs::can_execute(ksRun)) {
    if (opts.measure == "gpu")
      return llvm::createStringError("ks-run not found at " + ksRun + " (use --ks-run)");
    say("no ks-run at " + ksRun + ": estimating with the cost model");
    onGpu = false;
  }
  if (llvm::Error err = loadKnowledge())
    return err;
  if (opts.llm.enabled()) {
    llvm::Expected<std::unique_ptr<LlmClient>> client = LlmClient::create(opts.llm);
    if (!client)
      return client.takeError();
    llm = std::move(*client);
    say("LLM planner and diagnoser: " + llm->describe() +
        "; every answer is checked, and the policy decides when one is rejected");
  }
  if (llvm::Error err = extractFeatures())
    return err;
  jobs = opts.jobs ? opts.jobs : std::max(1u, std::thread::hardware_concurrency());
  started = std::chrono::steady_clock::now();
  return llvm::Error::success();
}

llvm::Error Tuner::resume(const PlanSteps &known, PlanSteps &best, Measurement &seed,
                          Measurement &base) {
  // Resume: earlier attempts stay attempted, accepted ones are the plan.
  std::string trajectoryPath = path("trajectory.jsonl");
  if (llvm::Error err = readTrajectory(trajectoryPath, best))
    return err;
  std::error_code ec;
  trajectoryFile = std::make_unique<llvm::raw_fd_ostream>(trajectoryPath, ec,
                                                          llvm::sys::fs::OF_Append);
  if (ec)
    return llvm::createStringError("cannot write " + trajectoryPath + ": " + ec.message());

  for (const auto &[d, step] : known)
    best[d] = step;
  seed = measure({}, "seed");
  if (onGpu && opts.measure == "auto" && seed.outcome != "ok" &&
      (llvm::StringRef(seed.message).contains("no CUDA driver") ||
       llvm::StringRef(seed.message).contains("no CUDA device"))) {
    say("no GPU (" + seed.message + "): estimating with the cost model");
    onGpu = false;
    seed = measure({}, "seed");
  }
  if (seed.outcome != "ok")
    return llvm::createStringError("the seed kernels did not run: " + seed.outcome + ": " +
                                   seed.message);
  if (!onGpu) {
    prepareCpuCheck();
    say(llvm::formatv("estimating on {0} ({1}): times are the cost model's, kernels are "
                      "checked by ptxas; {2}",
                      device->name, device->title, cpuCheckNote));
  }
  seedEstimate = seed;
  base = best.empty() ? seed : measure(best, "resumed");
  if (base.outcome != "ok")
    return llvm::createStringError("the resumed plan did not run: " + base.message +
                                   "; the trajectory in " + opts.outDir +
                                   " may be from another skill library or ks: give this run "
                                   "another --out");
  say(llvm::formatv("seed: {0:f4} ms, {1} kernels", seed.timeMs, seed.kernelsPerRun));
  return llvm::Error::success();
}

} // namespace ks::agents::tuner

llvm::Error ks::agents::tune(const TuneOptions &options) {
  if (options.module.empty())
    return llvm::createStringError("no module to tune");
  if (llvm::Error err = checkPrecision(options.precision))
    return err;
  if (!options.pipelines.buildDispatches || !options.pipelines.buildEstimate)
    return llvm::createStringError("no pipelines to compile with (TuneOptions::pipelines)");
  return Tuner(options).run();
}
