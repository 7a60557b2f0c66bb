//===- KsTuneMain.cpp - Tune a model's kernels on the GPU -----------------===//
//
//   ks-tune model.mlir [--entry=main] [--chip=sm_90] [--out=DIR]
//           [--rounds=24] [--rounds-min=6] [--win=1.3] [--param-win=1.3] [--sol-target=90]
//           [--budget=SECONDS]
//           [--measure=auto|gpu|model] [--device=h100-sxm] [--db=FILE]
//
// The optimization loop (ks/Agents/Tuner.h): measures the seed kernels,
// then, slowest dispatch first, plans a skill, compiles the candidate, checks
// it against the seed on the GPU and times it, round by round. Writes the
// best plan (use it with ks-compile's plan= or ks-run --plan), the
// trajectory and a report under --out. Without a GPU the cost model ranks
// the candidates and ptxas reviews them; the report says so.
//
//===----------------------------------------------------------------------===//

#include "ks/Agents/Tuner.h"
#include "ks/Driver/Pipelines.h"
#include "ks/Runtime/CudaDriver.h"
#include "ks/Target/Chips.h"
#include "ks/Tools/Mains.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

/// The GPU the driver reports, if any, for the cost model's device.
/// --gpus: "all" (every device the driver shows this process) or a list of
/// ordinals such as 0,1; an error names what is wrong.
static llvm::Expected<std::vector<int>> parseGpus(llvm::StringRef spec) {
  std::vector<int> gpus;
  if (spec.empty())
    return gpus;
  if (spec == "all") {
    llvm::Expected<const ks::cuda::DriverAPI &> api = ks::cuda::loadDriver();
    if (!api)
      return llvm::createStringError("--gpus=all: " + llvm::toString(api.takeError()));
    int count = 0;
    if (llvm::Error err = ks::cuda::check(*api, api->cuInit(0), "cuInit"))
      return llvm::createStringError("--gpus=all: " + llvm::toString(std::move(err)));
    if (llvm::Error err =
            ks::cuda::check(*api, api->cuDeviceGetCount(&count), "cuDeviceGetCount"))
      return llvm::createStringError("--gpus=all: " + llvm::toString(std::move(err)));
    if (count == 0)
      return llvm::createStringError("--gpus=all: the CUDA driver sees no device");
    for (int i = 0; i < count; ++i)
      gpus.push_back(i);
    return gpus;
  }
  llvm::SmallVector<llvm::StringRef> parts;
  spec.split(parts, ',');
  for (llvm::StringRef part : parts) {
    int ordinal;
    if (part.trim().getAsInteger(10, ordinal) || ordinal < 0)
      return llvm::createStringError("--gpus takes 'all' or CUDA ordinals such as 0,1, not '" +
                                     spec + "'");
    if (llvm::is_contained(gpus, ordinal))
      return llvm::createStringError("--gpus names GPU " + std::to_string(ordinal) + " twice");
    gpus.push_back(ordinal);
  }
  return gpus;
}

static std::optional<ks::agents::DriverFacts> gpuAtHand() {
  llvm::Expected<ks::cuda::DeviceAttributes> a = ks::cuda::readDeviceAttributes();
  if (!a) {
    llvm::consumeError(a.takeError());
    return std::nullopt;
  }
  ks::agents::DriverFacts facts;
  facts.name = a->name;
  facts.chip = "sm_" + std::to_string(a->ccMajor) + std::to_string(a->ccMinor);
  facts.sms = a->sms;
  facts.l2Bytes = a->l2Bytes;
  // Double data rate: two transfers a clock over the bus.
  facts.dramGBps = 2.0 * a->memoryClockKHz * 1e3 * (a->busWidthBits / 8.0) / 1e9;
  return facts;
}

int ks::tools::ksTuneMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // A fault in MLIR's parser on a damaged input becomes an error.
  llvm::CrashRecoveryContext::Enable();
  cl::opt<std::string> module(cl::Positional, cl::desc("<linalg-on-tensors module>"));
  cl::opt<std::string> renderReport("render-report", cl::desc("Only write DIR/report.html from the report.json and trajectory.jsonl in DIR"), cl::value_desc("DIR"));
  cl::opt<std::string> entry("entry", cl::desc("Function to tune"), cl::init("main"));
  cl::opt<std::string> chip("chip", cl::desc("GPU chip"), cl::init(ks::kDefaultChip.str()));
  cl::opt<std::string> out("out", cl::desc("Directory for plan.json, trajectory.jsonl, report.json"), cl::init("ks-tune-out"));
  cl::opt<std::string> ksRun("ks-run", cl::desc("ks-run to measure with (default: beside ks-tune)"));
  cl::opt<std::string> skillDirs("skill-dirs", cl::desc("Skill directories, comma-separated"));
  cl::opt<std::string> policy("policy", cl::desc("Decision policy (default: policy.json of the first skill directory)"));
  cl::opt<std::string> learnedDir("learned-dir", cl::desc("Where a winning script of the LLM skill author (--ks-llm-author) is saved as a draft skill (default: learned/ in the first skill directory)"));
  cl::opt<std::string> precision("precision", cl::desc("Precision policy: the loosest numerics a skill may have: exact (f32 operations only), tf32x3 (three TF32 tensor-core products, about fp32's accuracy) or tf32"), cl::init("exact"));
  cl::opt<unsigned> rounds("rounds", cl::desc("Candidates per dispatch at most: for a group of identical dispatches that is the whole program's time"), cl::init(24));
  cl::opt<unsigned> roundsMin("rounds-min", cl::desc("Candidates per dispatch at least (the budget allowing): a group gets these plus its share of the program's time of the rest up to --rounds"), cl::init(6));
  cl::opt<unsigned> jobs("jobs", cl::desc("Candidates built at once, in parallel (0: one per core)"), cl::init(0));
  cl::opt<unsigned> maxDispatches("max-dispatches", cl::desc("Tune this many of the slowest dispatches"), cl::init(8));
  cl::opt<double> win("win", cl::desc("A base that is a skill's kernel moves to a candidate this much faster (a seed kernel: to any faster one)"), cl::init(1.3));
  cl::opt<double> paramWin("param-win", cl::desc("... or to a candidate this much faster that is the base's skill with other parameters"), cl::init(1.3));
  cl::opt<double> solTarget("sol-target", cl::desc("Stop on a dispatch at this speed of light (%)"), cl::init(90));
  cl::opt<unsigned> trials("trials", cl::desc("Timed runs per measurement"), cl::init(20));
  cl::opt<unsigned> timeout("timeout", cl::desc("Seconds one candidate's GPU run may take"), cl::init(120));
  cl::opt<double> atol("atol", cl::desc("Absolute tolerance of the numerics checks"), cl::init(1e-4));
  cl::opt<double> rtol("rtol", cl::desc("Relative tolerance of the numerics checks"), cl::init(1e-4));
  cl::opt<int64_t> cpuCheckDim("cpu-check-dim", cl::desc("Without a GPU, check candidates on the CPU with the program's dimensions shrunk to at most this (0: no check)"), cl::init(256));
  cl::opt<double> budget("budget", cl::desc("Seconds of tuning after which no round starts (0: no limit)"), cl::init(0));
  cl::opt<bool> firstChoices("first-choices", cl::desc("Give every dispatch the policy's first choice before the search (default true)"), cl::init(true));
  cl::opt<unsigned> firstChoiceAlternatives("first-choice-alternatives", cl::desc("Alternatives per dispatch tried beside the first choices, as that many more plans (default 2; 0: none)"), cl::init(2));
  cl::opt<unsigned> refine("refine", cl::desc("Search with the cost model, then measure each signature's N best-estimated candidates and its seed kernel on the GPU and keep the fastest (default 0: no refinement)"), cl::init(0));
  cl::opt<double> refineBudget("refine-budget", cl::desc("Seconds of GPU refinement at most (0: no limit)"), cl::init(0));
  cl::opt<bool> invariantLoads("invariant-loads", cl::desc("After the search, give the plan's kernels invariant loads of the buffers no launch writes, where they do not spill for it (default true)"), cl::init(true));
  cl::opt<std::string> measure("measure", cl::desc("gpu (ks-run), model (cost model, no GPU) or auto"), cl::init("auto"));
  cl::opt<std::string> device("device", cl::desc("The cost model's device: a name in devices.json, or auto (default): the GPU at hand, its SM count, L2 and bandwidth from the driver, else the first for --chip"), cl::init("auto"));
  cl::opt<std::string> devices("devices", cl::desc("Device table (default: devices.json of the skill path)"));
  cl::opt<std::string> db(
      "db", cl::desc("Tuning database: reuse its answers, add this run's (SQLite where the path "
                     "ends .db, shared by concurrent tuners; JSON otherwise)"));
  cl::opt<std::string> calibration("calibration", cl::desc("A tuning database read only for its GPU samples: estimates are multiplied by measured / estimated per skill and op class"));
  cl::opt<std::string> gpus("gpus", cl::desc("Measure candidates on these GPUs at once: 'all' or ordinals such as 0,1 (each ks-run sees one GPU alone)"));
  cl::opt<bool> quiet("quiet", cl::desc("No progress lines"));
  ks::agents::registerLlmCLOptions();
  cl::ParseCommandLineOptions(argc, argv, "Tune a linalg-on-tensors module's kernels on the GPU\n");

  if (!renderReport.empty()) {
    if (llvm::Error err = ks::agents::renderReport(renderReport)) {
      llvm::errs() << "ks-tune: " << llvm::toString(std::move(err)) << "\n";
      return 1;
    }
    return 0;
  }
  if (module.empty()) {
    llvm::errs() << "ks-tune: no module to tune (ks-tune model.mlir ...; --help for the options)\n";
    return 1;
  }
  ks::agents::TuneOptions options;
  options.module = module;
  options.entry = entry;
  options.chip = chip;
  options.outDir = out;
  options.ksRun = ksRun;
  options.skillDirs = skillDirs;
  options.policy = policy;
  options.rounds = rounds;
  options.roundsMin = roundsMin;
  options.precision = precision;
  options.jobs = jobs;
  options.maxDispatches = maxDispatches;
  options.win = win;
  options.paramWin = paramWin;
  options.solTarget = solTarget;
  options.trials = trials;
  options.timeoutSeconds = timeout;
  options.budgetSeconds = budget;
  options.firstChoices = firstChoices;
  options.firstChoiceAlternatives = firstChoiceAlternatives;
  options.refine = refine;
  options.refineSeconds = refineBudget;
  options.invariantLoads = invariantLoads;
  options.atol = atol;
  options.rtol = rtol;
  options.cpuCheckDim = cpuCheckDim;
  options.measure = measure;
  options.device = device == "auto" ? "" : device.getValue();
  if (options.device.empty())
    options.gpu = gpuAtHand();
  options.devices = devices;
  options.db = db;
  options.calibration = calibration;
  options.quiet = quiet;
  llvm::Expected<std::vector<int>> gpuList = parseGpus(gpus);
  if (!gpuList) {
    llvm::errs() << "ks-tune: " << llvm::toString(gpuList.takeError()) << "\n";
    return 1;
  }
  options.gpus = std::move(*gpuList);
  options.llm = ks::agents::llmOptionsFromCL();
  options.learnedDir = learnedDir;
  options.pipelines = ks::tunerPipelines();
  if (llvm::Error err = ks::agents::tune(options)) {
    llvm::errs() << "ks-tune: " << llvm::toString(std::move(err)) << "\n";
    return 1;
  }
  return 0;
}
