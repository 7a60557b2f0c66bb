//===- Tuner.cpp - The optimization loop over a model's dispatches --------===//

#include "TunerImpl.h"

#include "ks/Agents/CostModel.h"
#include "ks/Agents/DeviceTable.h"
#include "ks/Agents/FeatureExtractor.h"
#include "ks/Agents/LlmDiagnoser.h"
#include "ks/Agents/LlmPlanner.h"
#include "ks/Agents/LlmSkillAuthor.h"
#include "ks/Agents/Planner.h"
#include "ks/Agents/Policy.h"
#include "ks/Agents/ReportHtml.h"
#include "ks/Agents/SkillLibrary.h"
#include "ks/Agents/Calibration.h"
#include "ks/Agents/TuningDatabase.h"
#include "ks/Support/Json.h"
#include "ks/Support/SourceFile.h"
#include "ks/Transforms/Passes.h"
#include "ks/Transforms/Pipelines.h"
#include "ks/Transforms/TransformOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <set>
#include <thread>
#include <unistd.h>

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
  auto log = llvm::MemoryBuffer::getFile(logFile);
  if (!log)
    return std::string();
  llvm::SmallVector<llvm::StringRef> lines;
  (*log)->getBuffer().trim().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    size_t at = line.find(" error: ");
    if (at != llvm::StringRef::npos)
      return line.drop_front(at + 8).trim().str();
  }
  return lines.empty() ? std::string() : lines.back().trim().str();
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
  ks::buildDispatchPipeline(pm);
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

void Tuner::prepareCpuCheck() {
  if (opts.cpuCheckDim <= 0) {
    cpuCheckNote = "numerics are not checked (no CPU check asked for)";
    return;
  }
  if (!llvm::sys::fs::can_execute(ksRun)) {
    cpuCheckNote = "numerics are not checked: no ks-run at " + ksRun;
    return;
  }
  // More work than this and the CPU check would take longer than the
  // candidate's review is worth.
  constexpr double kMaxCheckFlops = 2e9;
  std::vector<std::string> reasons;
  std::vector<int64_t> sizes = {opts.cpuCheckDim};
  if (opts.cpuCheckDim / 4 >= 16)
    sizes.push_back(opts.cpuCheckDim / 4);
  for (int64_t dim : sizes) {
    ParsedModule parsed(opts.module);
    mlir::MLIRContext *context = parsed.context.get();
    const std::string &diagnostics = parsed.firstError;
    mlir::OwningOpRef<mlir::ModuleOp> &module = parsed.module;
    if (!module)
      return void(cpuCheckNote = "numerics are not checked: cannot parse " + opts.module);
    mlir::PassManager shrink(context);
    ks::KSShrinkShapesOptions shrinkOptions;
    shrinkOptions.maxDim = dim;
    shrink.addPass(ks::createKSShrinkShapes(shrinkOptions));
    if (mlir::failed(shrink.run(*module))) {
      reasons.push_back(llvm::formatv("it does not shrink to dimensions <= {0} ({1})", dim,
                                      diagnostics));
      continue;
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    // The plan names dispatches by number: the shrunk program must have the
    // same ones.
    mlir::PassManager dispatches(context);
    ks::buildDispatchPipeline(dispatches);
    if (mlir::failed(dispatches.run(*module))) {
      reasons.push_back(llvm::formatv("at dimensions <= {0} it does not lower ({1})", dim,
                                      diagnostics));
      continue;
    }
    std::vector<DispatchFeatures> shrunk = extractAllFeatures(*module);
    bool same = shrunk.size() == features.size();
    double flops = 0;
    for (size_t i = 0; same && i < shrunk.size(); ++i) {
      same = shrunk[i].id == features[i].id && shrunk[i].opClass == features[i].opClass;
      flops += shrunk[i].flops.value_or(0);
    }
    if (!same) {
      reasons.push_back(llvm::formatv("at dimensions <= {0} its dispatches differ", dim));
      continue;
    }
    if (flops > kMaxCheckFlops) {
      reasons.push_back(llvm::formatv("at dimensions <= {0} it still does {1:f1} GFLOP", dim,
                                      flops / 1e9));
      continue;
    }
    std::string file = path(llvm::formatv("check-{0}.mlir", dim).str());
    if (llvm::Error err = llvm::writeToOutput(file, [&](llvm::raw_ostream &os) {
          os << text;
          return llvm::Error::success();
        }))
      return void(cpuCheckNote = "numerics are not checked: " + llvm::toString(std::move(err)));
    // The seed kernels, emulated, must match the reference first.
    std::string error, log = path("seed.cpu-check.log");
    int rc = runKsRun({"ks-run", file, "--entry=" + opts.entry, "--emulate-gpu",
                       "--seed=" + std::to_string(1000 + runs++), "--json=" + path("seed.cpu-check.json")},
                      log, opts.timeoutSeconds, error);
    if (rc != 0) {
      reasons.push_back(llvm::formatv("its seed kernels do not run on the CPU at dimensions "
                                      "<= {0} ({1})",
                                      dim, error.empty() ? lastLineOf(log) : error));
      continue;
    }
    cpuCheckModule = file;
    cpuCheckDim = dim;
    cpuCheckNote = llvm::formatv("numerics are checked on the CPU: each candidate's kernels "
                                 "run thread by thread on the program with dimensions <= {0} "
                                 "({1:f1} MFLOP), fresh random inputs, against the CPU reference",
                                 dim, flops / 1e6);
    return;
  }
  cpuCheckNote = "numerics are not checked: " + llvm::join(reasons, "; ");
}

void Tuner::checkOnCpu(llvm::StringRef planFile, llvm::StringRef label, Measurement &m,
                       const PlanSteps &plan, std::optional<int64_t> candidate) {
  if (cpuCheckModule.empty()) {
    m.numerics = "not checked";
    return;
  }
  std::string jsonFile = path(label.str() + ".cpu-check.json");
  std::string logFile = path(label.str() + ".cpu-check.log");
  std::string error;
  auto check = [&](llvm::StringRef planToCheck) {
    llvm::sys::fs::remove(jsonFile);
    error.clear();
    return runKsRun({"ks-run", cpuCheckModule, "--entry=" + opts.entry, "--emulate-gpu",
                     "--plan=" + planToCheck.str(), "--seed=" + std::to_string(1000 + runs++),
                     llvm::formatv("--atol={0:e}", opts.atol).str(),
                     llvm::formatv("--rtol={0:e}", opts.rtol).str(), "--json=" + jsonFile},
                    logFile, opts.timeoutSeconds, error);
  };
  int rc = check(planFile);
  std::string where = llvm::formatv("on the CPU at dimensions <= {0}", cpuCheckDim);
  if (rc == 4 && candidate && plan.size() > 1 && plan.count(*candidate)) {
    // The other steps were checked when they were the candidates.
    std::string whole = firstErrorOf(logFile);
    std::string aloneFile = path(label.str() + ".alone.plan.json");
    PlanSteps alone{{*candidate, plan.at(*candidate)}};
    if (llvm::Error err = writeJsonFile(aloneFile, planJson(alone))) {
      llvm::consumeError(std::move(err));
    } else {
      rc = check(aloneFile);
      where += llvm::formatv(", dispatch {0}'s step alone (the whole plan does not compile at "
                             "that size: {1})",
                             *candidate, whole);
    }
  }
  if (rc == 0) {
    m.numerics = "checked " + where + ": match";
    return;
  }
  if (rc == 4) { // the candidate does not compile at this size
    m.numerics = "not checked " + where + ": " + firstErrorOf(logFile);
    return;
  }
  m.numerics = "checked " + where;
  if (rc == -2) {
    m.outcome = llvm::StringRef(error).contains("timed out") ? "timeout" : "crash";
    m.message = error + " " + where;
    return;
  }
  auto buffer = llvm::MemoryBuffer::getFile(jsonFile);
  llvm::Expected<json::Value> report =
      buffer ? ks::parseJson((*buffer)->getBuffer())
             : llvm::Expected<json::Value>(llvm::errorCodeToError(buffer.getError()));
  if (report && report->getAsObject()) {
    std::string mismatch = firstMismatch(*report->getAsObject());
    if (!mismatch.empty()) {
      m.outcome = "mismatch";
      m.message = mismatch + " (" + where + ")";
      return;
    }
  } else {
    llvm::consumeError(report.takeError());
  }
  m.outcome = "error";
  m.message = "the check " + where + " failed: " + (error.empty() ? lastLineOf(logFile) : error);
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
  ks::SeedLoweringOptions seedOptions;
  seedOptions.plan = planFile.str();
  seedOptions.skillDirs = skillDirs();
  // Estimated, not run: a long scan left to the seed is only slow here.
  seedOptions.maxQuadraticScan = 0;
  ks::buildSeedLoweringPipeline(seedPm, seedOptions);
  ks::CompileOptions compileOptions;
  compileOptions.chip = opts.chip;
  ks::buildPtxPipeline(ptxPm, compileOptions);
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
  llvm::StringMap<int64_t> spills = ks::readPtxasSpillBytes(*module);
  m.outcome = "ok";
  m.kernelsPerRun = estimates.size();
  for (const KernelEstimate &e : estimates) {
    m.timeMs += e.timeUs / 1000;
    if (e.dispatch < 0)
      continue;
    m.kernelUs[e.dispatch] += e.timeUs;
    json::Object metrics = e.metrics();
    metrics["spill_bytes"] = spills.lookup(e.kernel);
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
    if (const json::Object *p = t.getObject("params"))
      for (const auto &kv : *p)
        a.params[kv.first.str()] = kv.second.getAsInteger().value_or(0);
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
  if (m.outcome == "ok" && m.metrics.count(dispatch) &&
      m.metrics.at(dispatch).getInteger("spill_bytes").value_or(0) > 0)
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
      Step s{o.getString("skill").value_or("").str(), {}};
      if (const json::Object *p = o.getObject("params"))
        for (const auto &kv : *p)
          s.params[kv.first.str()] = kv.second.getAsInteger().value_or(0);
      best[o.getInteger("dispatch").value_or(-1)] = s;
    }
    trajectory.push_back(o);
  }
  say(llvm::formatv("resuming: {0} earlier attempts, accepted plans for {1} dispatches",
                    trajectory.size(), best.size()));
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
llvm::Error Tuner::measureFollowers(PlanSteps &best, Measurement &base, json::Array &entries) {
  Measurement all = measure(best, "grouped");
  auto isFollower = [](const json::Object &e) { return e.get("same_signature_as") != nullptr; };
  if (all.outcome != "ok") {
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
  }
  base = std::move(all);
  return writeJsonFile(path("plan.json"), planJson(best));
}

llvm::Error Tuner::run() {
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
    if (fromDb.size() == features.size()) {
      say(llvm::formatv("every dispatch ({0}) found in {1}: nothing measured", fromDb.size(),
                        opts.db));
      if (llvm::Error err = writeJsonFile(path("plan.json"), planJson(known)))
        return err;
      json::Object report{{"module", opts.module},
                          {"chip", opts.chip},
                          {"precision", opts.precision},
                          {"measured_on_gpu", false},
                          {"measurement", "none: every dispatch was found in the tuning database"},
                          {"database", opts.db},
                          {"dispatches", std::move(reportDispatches)}};
      if (llvm::Error err = writeJsonFile(path("report.json"), json::Value(std::move(report))))
        return err;
      return renderReport(opts.outDir);
    }
  }

  if (llvm::Error err = loadCalibration())
    return err;

  // Resume: earlier attempts stay attempted, accepted ones are the plan.
  PlanSteps best;
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
  Measurement seed = measure({}, "seed");
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
  Measurement base = best.empty() ? seed : measure(best, "resumed");
  if (base.outcome != "ok")
    return llvm::createStringError("the resumed plan did not run: " + base.message);
  say(llvm::formatv("seed: {0:f4} ms, {1} kernels", seed.timeMs, seed.kernelsPerRun));

  // Slowest dispatches first.
  std::vector<const DispatchFeatures *> order;
  for (const DispatchFeatures &f : features)
    if (seed.kernelUs.count(f.id) && !fromDb.count(f.id))
      order.push_back(&f);
  std::stable_sort(order.begin(), order.end(), [&](auto *a, auto *b) {
    return seed.kernelUs[a->id] > seed.kernelUs[b->id];
  });
  order = absorbersFirst(features, groupIdentical(std::move(order), seed));
  std::vector<const DispatchFeatures *> untuned = keepGroups(order, opts.maxDispatches);
  if (opts.firstChoices)
    if (llvm::Error err = takeFirstChoices(order, seed, best, base))
      return err;

  json::Array tunedEntries;
  std::map<std::string, int64_t> leaderOf; ///< groupKey -> its decided dispatch.
  bool followed = false;
  for (const DispatchFeatures *f : order) {
    int64_t d = f->id;
    // A dispatch another's kernel computes decides nothing for its group.
    if (base.kernelUs.count(d)) {
      auto [leader, isLeader] = leaderOf.try_emplace(groupKey(*f), d);
      if (!isLeader) {
        followed |= followLeader(*f, leader->second, seed, best, tunedEntries);
        continue;
      }
    }
    json::Object featureJson = plannerFeatures(*f);
    std::string baseName = best.count(d) ? "accepted" : "seed";
    // A skill on another dispatch may have taken this one into its kernel
    // (epilogue fusion, a row chain): nothing of its own is left to tune.
    bool fused = !base.kernelUs.count(d);
    double seedUs = seed.kernelUs[d], baseUs = base.kernelUs[d];
    json::Object baseMetrics = base.metrics[d];
    std::string firstBottleneck, firstRule;
    unsigned rounds = 0;
    std::string stopped = "round budget";
    // The Diagnoser's verdict on the last attempt, when it can be repaired.
    std::optional<PlanInput::Repair> repair;
    bool authorAsked = false; ///< The LLM skill author is asked once per dispatch.
    json::Object authorNote;
    if (fused)
      stopped = "no kernel of its own: the plan computes it in another dispatch's kernel";
    for (unsigned round = 1; !fused && round <= opts.rounds;) {
      if (budgetSpent()) {
        stopped = llvm::formatv("time budget ({0} s) spent", opts.budgetSeconds);
        break;
      }
      std::optional<double> sol = baseMetrics.getNumber("speed_of_light_pct");
      // Measured, the counters' speed of light counts every byte moved,
      // wasted sectors too: a transpose read down its columns keeps L2 94%
      // busy at 30% of DRAM bandwidth. It is capped by the dispatch's own:
      // its ideal time (its minimum bytes at DRAM bandwidth, its flops at
      // peak) over its kernel's.
      if (sol && onGpu && device && f->minBytes && baseUs > 0) {
        double peak = device->peakFlopsPerUs(llvm::is_contained(f->elementTypes, "f64"));
        double idealUs = double(*f->minBytes) / (device->dramGBps * 1e3);
        if (f->flops && peak > 0)
          idealUs = std::max(idealUs, double(*f->flops) / peak);
        sol = std::min(*sol, 100.0 * idealUs / baseUs);
      }
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
      input.precision = opts.precision;
      input.repair = repair;
      if (best.count(d))
        input.centers[best[d].skill] = best[d].params;
      input.trajectory = attemptsOn(d);
      // A batch: as many distinct candidates as there are jobs, planned on
      // the same evidence (each one counts as attempted for the next).
      std::vector<Decision> batch;
      std::vector<std::string> decidedBy, llmRejected;
      unsigned size = std::min(jobs, opts.rounds - round + 1);
      while (batch.size() < size) {
        Decision decision = plan(input, *policy, *library);
        if (round == 1 && batch.empty()) {
          firstBottleneck = decision.bottleneck;
          firstRule = decision.rule;
        }
        if (!decision.skill) {
          if (batch.empty())
            stopped = "nothing left to try (" + decision.rule + ")";
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
        decidedBy.push_back(by);
        llmRejected.push_back(rejected);
        input.trajectory.push_back(Attempt{"seed", *decision.skill, decision.params, "pending"});
        batch.push_back(std::move(decision));
      }
      // Nothing left in the library: the LLM skill author may write a
      // script (once per dispatch); vetted, then tried like any candidate.
      if (batch.empty() && llm && opts.llm.author && !authorAsked) {
        authorAsked = true;
        Decision last = plan(input, *policy, *library);
        if (!vetContext)
          vetContext = createContext();
        LlmAuthored authored = authorWithLlm(*llm, input, last, *library, *vetContext);
        if (authored.fatal)
          return llvm::createStringError(authored.rejected);
        if (authored.draft) {
          if (llvm::Error err = addDraft(*authored.draft)) {
            authored.rejected = llvm::toString(std::move(err));
            authored.draft.reset();
          }
        }
        if (!authored.draft) {
          say("  LLM skill author's script not used: " + authored.rejected);
          authorNote = json::Object{{"rejected", authored.rejected}};
          countDecision("author", "refused");
        } else {
          const DraftSkill &draft = *authored.draft;
          say("  LLM skill author proposes " + draft.id + ": " + draft.summary);
          authorNote = json::Object{{"draft", draft.id}, {"summary", draft.summary}};
          countDecision("author", "vetted");
          last.skill = draft.id;
          last.params.clear();
          last.evidence = json::Object();
          last.rule = "llm skill author (no library skill left: " + last.rule + "): " +
                      draft.summary;
          decidedBy.push_back("llm-author");
          llmRejected.push_back("");
          input.trajectory.push_back(Attempt{"seed", draft.id, {}, "pending"});
          batch.push_back(std::move(last));
          stopped = "round budget";
        }
      }
      if (batch.empty())
        break;
      // Built (and, on a GPU, run) in parallel; ks-run processes take turns
      // on the GPU for their measurements.
      std::vector<PlanSteps> candidates;
      std::vector<std::string> labels;
      for (auto [i, decision] : llvm::enumerate(batch)) {
        PlanSteps candidate = best;
        candidate[d] = Step{*decision.skill, decision.params};
        candidates.push_back(std::move(candidate));
        labels.push_back(llvm::formatv("d{0}-r{1}", d, round + i));
        say(llvm::formatv("dispatch {0} ({1}) round {2}/{3}: {4} {5}; base {6:f2} us", d,
                          stringifyOpClass(f->opClass), round + i, opts.rounds,
                          *decision.skill, json::Value(paramsJson(decision.params)), baseUs));
      }
      std::vector<Measurement> results(batch.size());
      if (batch.size() == 1) {
        results[0] = measure(candidates[0], labels[0], d);
      } else {
        std::vector<std::thread> workers;
        for (size_t i = 0; i < batch.size(); ++i)
          workers.emplace_back([&, i] { results[i] = measure(candidates[i], labels[i], d); });
        for (std::thread &w : workers)
          w.join();
      }
      repair.reset();
      for (size_t i = 0; i < batch.size(); ++i) {
        const Decision &decision = batch[i];
        Measurement &m = results[i];
        json::Object attempt{{"dispatch", d},
                             {"round", int64_t(round + i)},
                             {"base", baseName},
                             {"skill", *decision.skill},
                             {"params", paramsJson(decision.params)},
                             {"rule", decision.rule},
                             {"evidence", json::Object(decision.evidence)},
                             {"outcome", m.outcome}};
        if (llm) {
          attempt["decided_by"] = decidedBy[i];
          if (!llmRejected[i].empty())
            attempt["llm_rejected"] = llmRejected[i];
        }
        if (batch.size() > 1)
          attempt["batch"] = json::Object{{"first_round", int64_t(round)},
                                          {"size", int64_t(batch.size())}};
        if (!m.numerics.empty())
          attempt["numerics"] = m.numerics;
        bool accepted = false;
        if (m.outcome == "ok" && m.kernelUs.count(d)) {
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
          double coveredUs = baseUs + replacedUs;
          attempt["kernel_us"] = us;
          attempt["base_kernel_us"] = baseUs;
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
          // by 1.3x, yet a candidate at the roofline is what was asked for.
          std::optional<double> sol = m.metrics[d].getNumber("speed_of_light_pct"),
                                 baseSol = baseMetrics.getNumber("speed_of_light_pct");
          bool reachesTarget = sol && baseSol && *sol >= opts.solTarget &&
                               *baseSol < opts.solTarget && us * kSolWin <= coveredUs;
          if (us * opts.win <= coveredUs || reachesTarget) {
            accepted = true;
            if (us * opts.win > coveredUs)
              attempt["accepted_by"] =
                  llvm::formatv("speed of light {0:f1}% >= {1}% (the base's {2:f1}%)", *sol,
                                opts.solTarget, *baseSol)
                      .str();
            if (auto draft = drafts.find(*decision.skill); draft != drafts.end()) {
              // A draft that wins is kept for a person to review, with the
              // evidence; the policy does not select it.
              json::Object evidence{{"module", opts.module},
                                    {"dispatch", d},
                                    {"features", json::Object(featureJson)},
                                    {"base_kernel_us", baseUs},
                                    {"kernel_us", us},
                                    {"measured", onGpu ? "gpu" : "cost model"},
                                    {"numerics", m.numerics}};
              std::string notSaved;
              if (m.numerics.empty()) {
                notSaved = "not saved: its numerics were not checked (" + cpuCheckNote + ")";
              } else if (llvm::Expected<std::string> saved =
                             writeDraftSkill(draft->second, learnedDir(), evidence)) {
                attempt["draft_saved"] = *saved;
                say("  draft skill saved for review: " + *saved);
              } else {
                notSaved = llvm::toString(saved.takeError());
              }
              if (!notSaved.empty()) {
                attempt["draft_not_saved"] = notSaved;
                say("  draft skill " + draft->first + " " + notSaved);
              }
            }
            best = candidates[i];
            // The dispatches it absorbed have no kernel left to tune; their
            // own steps would be skipped.
            for (int64_t other : absorbed)
              best.erase(other);
            // An interrupted run leaves its best plan so far.
            if (llvm::Error err = writeJsonFile(path("plan.json"), planJson(best)))
              return err;
            baseName = labels[i];
            baseUs = us;
            baseMetrics = m.metrics[d];
            base = std::move(m);
          } else {
            attempt["diagnosis"] =
                llvm::formatv("{0:f2}x on the base: under the {1}x needed to move it",
                              attempt.getNumber("speedup_vs_base").value_or(0), opts.win)
                    .str();
          }
        } else {
          attempt["message"] = m.message;
          attempt["diagnosis"] = diagnose(m);
        }
        std::string failure = accepted ? "" : repairableFailure(m, d);
        // The LLM Diagnoser on a failure: its root cause, and its action in
        // place of the rule's (revert, or one of the skill's repairs).
        if (llm && !accepted && (m.outcome != "ok" || !failure.empty())) {
          json::Object what{{"outcome", m.outcome}, {"message", m.message}};
          if (!m.numerics.empty())
            what["numerics"] = m.numerics;
          if (m.metrics.count(d))
            what["spill_bytes"] = m.metrics[d].getInteger("spill_bytes").value_or(0);
          LlmDiagnosis g = diagnoseWithLlm(*llm, *library->find(*decision.skill),
                                           decision.params, what, featureJson);
          if (g.fatal)
            return llvm::createStringError(g.rejected);
          if (g.action.empty()) {
            attempt["llm_diagnosis_rejected"] = g.rejected;
            say("  LLM diagnoser's answer not used: " + g.rejected);
            countDecision("diagnoser", "policy");
          } else {
            attempt["llm_diagnosis"] =
                json::Object{{"root_cause", g.rootCause}, {"action", g.action}};
            failure = llvm::StringRef(g.action).starts_with("repair:") ? g.action.substr(7) : "";
            countDecision("diagnoser", "llm");
          }
        }
        if (!failure.empty()) {
          // The first repairable failure of the batch sets the next batch's
          // repair.
          if (!repair)
            repair = PlanInput::Repair{*decision.skill, failure, decision.params};
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
                          accepted ? llvm::formatv(", {0:f2} us: new base", baseUs).str()
                                   : std::string()));
        remember(std::move(attempt));
      }
      rounds += batch.size();
      round += batch.size();
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
    if (fused)
      entry["fused"] = true;
    if (!authorNote.empty())
      entry["llm_author"] = std::move(authorNote);
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
      r.tunedUs = baseUs;
      r.rounds = rounds;
      r.module = opts.module;
      r.note = stopped;
      db->record(std::move(r));
    }
    tunedEntries.push_back(std::move(entry));
  }
  if (opts.refine > 0)
    if (llvm::Error err = refineOnGpu(seed, best, base, tunedEntries))
      return err;
  if (followed)
    if (llvm::Error err = measureFollowers(best, base, tunedEntries))
      return err;
  // The seed kernel stays for dispatches too fast to tune: remembered too,
  // so that the next compile measures nothing.
  if (db)
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
  if (db)
    if (llvm::Error err = db->save())
      return err;
  for (json::Value &e : tunedEntries)
    reportDispatches.push_back(std::move(e));

  if (llvm::Error err = writeJsonFile(path("plan.json"), planJson(best)))
    return err;
  json::Object report{{"module", opts.module},
                      {"chip", opts.chip},
                      {"precision", opts.precision},
                      {"measured_on_gpu", onGpu},
                      {"refined_on_gpu", opts.refine > 0},
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
                      {"jobs", int64_t(jobs)},
                      {"dispatches", std::move(reportDispatches)}};
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

  // The summary, one line per dispatch.
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
  if (llm) {
    const json::Object &l = *report.getObject("llm");
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
  out() << llvm::formatv("whole program: seed {0:f4} ms, tuned {1:f4} ms, {2:f2}x{3}; "
                                "plan: {4}\n",
                                seed.timeMs, base.timeMs,
                                base.timeMs > 0 ? seed.timeMs / base.timeMs : 0.0,
                                onGpu ? "" : " (estimated on " + device->name + ", not measured on a GPU)",
                                path("plan.json"));
  return llvm::Error::success();
}
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

llvm::Error ks::agents::tune(const TuneOptions &options) {
  if (options.module.empty())
    return llvm::createStringError("no module to tune");
  if (llvm::Error err = checkPrecision(options.precision))
    return err;
  return Tuner(options).run();
}
