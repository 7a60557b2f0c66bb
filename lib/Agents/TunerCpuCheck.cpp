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

ShrunkProgram Tuner::shrinkProgram(int64_t dim) {
  ShrunkProgram shrunk;
  shrunk.dim = dim;
  auto cannot = [&](const llvm::Twine &why) {
    shrunk.whyNot = why.str();
    return shrunk;
  };
  ParsedModule parsed(opts.module);
  mlir::MLIRContext *context = parsed.context.get();
  const std::string &diagnostics = parsed.firstError;
  mlir::OwningOpRef<mlir::ModuleOp> &module = parsed.module;
  if (!module)
    return cannot("cannot parse " + opts.module);
  mlir::PassManager shrink(context);
  ks::KSShrinkShapesOptions shrinkOptions;
  shrinkOptions.maxDim = dim;
  shrink.addPass(ks::createKSShrinkShapes(shrinkOptions));
  if (mlir::failed(shrink.run(*module)))
    return cannot(llvm::formatv("it does not shrink to dimensions <= {0} ({1})", dim, diagnostics));
  llvm::raw_string_ostream os(shrunk.text);
  module->print(os);
  // The plan names dispatches by number: the shrunk program must have the
  // same ones.
  mlir::PassManager dispatches(context);
  opts.pipelines.buildDispatches(dispatches);
  if (mlir::failed(dispatches.run(*module)))
    return cannot(llvm::formatv("at dimensions <= {0} it does not lower ({1})", dim, diagnostics));
  std::vector<DispatchFeatures> features = extractAllFeatures(*module);
  bool same = features.size() == this->features.size();
  for (size_t i = 0; same && i < features.size(); ++i) {
    same = features[i].id == this->features[i].id &&
           features[i].opClass == this->features[i].opClass;
    shrunk.flops += features[i].flops.value_or(0);
  }
  if (!same)
    shrunk.whyNot = llvm::formatv("at dimensions <= {0} its dispatches differ", dim);
  return shrunk;
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
  // The larger size where its check takes a few seconds a candidate (a
  // long check leaves the budget a round or two); failing that, the larger
  // whose check is still worth the candidate's review.
  constexpr double kCheapFlops = 2e8, kMaxCheckFlops = 2e9;
  std::vector<std::string> reasons;
  std::vector<int64_t> sizes = {opts.cpuCheckDim};
  if (opts.cpuCheckDim / 4 >= 16)
    sizes.push_back(opts.cpuCheckDim / 4);
  std::vector<ShrunkProgram> cheap, costly;
  for (int64_t dim : sizes) {
    ShrunkProgram shrunk = shrinkProgram(dim);
    if (!shrunk.whyNot.empty())
      reasons.push_back(shrunk.whyNot);
    else if (shrunk.flops > kMaxCheckFlops)
      reasons.push_back(llvm::formatv("at dimensions <= {0} it still does {1:f1} GFLOP", dim,
                                      shrunk.flops / 1e9));
    else
      (shrunk.flops <= kCheapFlops ? cheap : costly).push_back(std::move(shrunk));
    if (!cheap.empty())
      break;
  }
  llvm::append_range(cheap, std::move(costly));
  for (const ShrunkProgram &shrunk : cheap)
    if (useForCpuCheck(shrunk, reasons))
      return;
  cpuCheckNote = "numerics are not checked: " + llvm::join(reasons, "; ");
}

bool Tuner::useForCpuCheck(const ShrunkProgram &shrunk, std::vector<std::string> &reasons) {
  std::string file = path(llvm::formatv("check-{0}.mlir", shrunk.dim).str());
  if (llvm::Error err = llvm::writeToOutput(file, [&](llvm::raw_ostream &os) {
        os << shrunk.text;
        return llvm::Error::success();
      })) {
    reasons.push_back(llvm::toString(std::move(err)));
    return false;
  }
  // The seed kernels, emulated, must match the reference first.
  std::string error, log = path("seed.cpu-check.log");
  int rc = runKsRun({"ks-run", file, "--entry=" + opts.entry, "--emulate-gpu",
                     "--seed=" + std::to_string(1000 + runs++),
                     "--json=" + path("seed.cpu-check.json")},
                    log, opts.timeoutSeconds, error);
  if (rc != 0) {
    reasons.push_back(llvm::formatv("its seed kernels do not run on the CPU at dimensions "
                                    "<= {0} ({1})",
                                    shrunk.dim, error.empty() ? lastLineOf(log) : error));
    return false;
  }
  cpuCheckModule = file;
  cpuCheckDim = shrunk.dim;
  cpuCheckNote = llvm::formatv("numerics are checked on the CPU: each candidate's kernels "
                               "run thread by thread on the program with dimensions <= {0} "
                               "({1:f1} MFLOP), fresh random inputs, against the CPU reference",
                               shrunk.dim, shrunk.flops / 1e6);
  return true;
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
