//===- TunerCpuCheck.cpp - Candidates' numerics checked without a GPU -----===//
//
// Measuring with the cost model, the tuner checks each candidate's numbers
// on the CPU: the program shrunk to dimensions it runs in moments, the
// candidate's kernels emulated thread by thread against the CPU reference.
//
//===----------------------------------------------------------------------===//

#include "TunerImpl.h"

#include "llvm/Support/FormatVariadic.h"

using namespace ks::agents;
using namespace ks::agents::tuner;

namespace ks::agents::tuner {

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
    opts.pipelines.buildDispatches(dispatches);
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

} // namespace ks::agents::tuner
