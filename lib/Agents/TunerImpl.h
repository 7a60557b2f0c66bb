//===- TunerImpl.h - The tuner's state, shared by its parts ------*- C++ -*-===//
//
// Private to lib/Agents: the Tuner class (Tuner.h's tune() drives it) and
// what its parts share, so that its phases (first choices, the search,
// reports) can live in files of their own.
//
//===----------------------------------------------------------------------===//
#ifndef KS_LIB_AGENTS_TUNERIMPL_H
#define KS_LIB_AGENTS_TUNERIMPL_H

#include "ks/Agents/Tuner.h"

#include "ks/Agents/Calibration.h"
#include "ks/Agents/CostModel.h"
#include "ks/Agents/DeviceTable.h"
#include "ks/Agents/LlmDiagnoser.h"
#include "ks/Agents/LlmPlanner.h"
#include "ks/Agents/LlmSkillAuthor.h"
#include "ks/Agents/Planner.h"
#include "ks/Agents/Policy.h"
#include "ks/Agents/ReportHtml.h"
#include "ks/Agents/TuningDatabase.h"
#include "ks/Skills/FeatureExtractor.h"
#include "ks/Skills/SkillLibrary.h"
#include "ks/Skills/TransformOps/TransformOps.h"
#include "ks/Support/Json.h"
#include "ks/Support/SourceFile.h"
#include "ks/Transforms/Passes.h"

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
#include <mutex>
#include <set>
#include <thread>

namespace ks::agents::tuner {

namespace json = llvm::json;


/// What a candidate that reaches the speed-of-light target must still gain
/// on a base short of it (more than noise).
constexpr double kSolWin = 1.05;

/// How much slower the cost model may say a plan with invariant loads is
/// (more registers) and still have it: the model cannot see their gain.
constexpr double kInvariantLoadsTolerance = 1.05;

/// Spills of up to this many bytes a thread (16 registers' worth, stored
/// and loaded once in an unrolled row) cost less than the occupancy they
/// buy: the tuner's spill rules do not count them.
constexpr int64_t kSpillBytesTolerated = 64;

/// The bytes a kernel spills that the tuner's rules count (the metric
/// "spill_bytes" past kSpillBytesTolerated, else 0).
inline int64_t costlySpillBytes(const json::Object &metrics) {
  int64_t bytes = metrics.getInteger("spill_bytes").value_or(0);
  return bytes > kSpillBytesTolerated ? bytes : 0;
}

/// One step of a plan: a skill and its parameters on a dispatch.
struct Step {
  std::string skill;
  ParamValues params;
  /// Its kernel loads the buffers no launch writes as invariant (the
  /// plan's "invariant_loads").
  bool invariantLoads = false;
};
using PlanSteps = std::map<int64_t, Step>;

json::Object paramsJson(const ParamValues &params);
/// The parameters of a trajectory attempt (paramsJson's inverse).
ParamValues paramsOf(const json::Object &attempt);
json::Value planJson(const PlanSteps &plan);
/// Writes `value` to `path` atomically (llvm::writeToOutput writes a
/// temporary and renames it), so a reader never sees half a file.
llvm::Error writeJsonFile(llvm::StringRef path, const json::Value &value);
std::unique_ptr<mlir::MLIRContext> createContext();

/// A module file parsed into a context of its own, keeping the first error
/// diagnostic of whatever runs on it (for the attempt's message).
struct ParsedModule {
  explicit ParsedModule(llvm::StringRef path)
      : module(ks::parseCheckedModuleFile(path, context.get())) {}
  std::unique_ptr<mlir::MLIRContext> context = createContext();
  std::string firstError;
  mlir::ScopedDiagnosticHandler collect{context.get(), [this](mlir::Diagnostic &d) {
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error && firstError.empty())
      firstError = d.str();
    return mlir::success();
  }};
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

/// What one ks-run of a candidate (or the base) came back with.
struct Measurement {
  std::string outcome; ///< ok, mismatch, fault, timeout, crash, error
  std::string message;
  double timeMs = 0;
  /// Per dispatch: the kernel's per-trial time and named metrics.
  std::map<int64_t, double> kernelUs;
  std::map<int64_t, json::Object> metrics;
  unsigned kernelsPerRun = 0;
  int gpu = -1; ///< TuneOptions::gpus: the GPU it was measured on.
  /// How the candidate's numbers were checked (or why they were not).
  std::string numerics;
  json::Value raw = nullptr;
};

/// costlySpillBytes of dispatch `d`'s kernel in `m` (0 where it has none).
inline int64_t costlySpillBytes(const Measurement &m, int64_t d) {
  auto it = m.metrics.find(d);
  return it == m.metrics.end() ? 0 : costlySpillBytes(it->second);
}

/// Why an attempt failed, and what follows for the next one.
std::string diagnose(const Measurement &m);

// What ks-run's outputs say (shared by the GPU's measurement and the CPU check).
/// The first output of a ks-run JSON report that did not match; empty if all did.
std::string firstMismatch(const json::Object &report);
/// The last line of a log file (ks-run's last word on what went wrong).
std::string lastLineOf(llvm::StringRef logFile);
/// The first diagnostic a log holds, else its last line.
std::string firstErrorOf(llvm::StringRef logFile);

/// One dispatch's search as its rounds hand it on to each other: the base
/// to beat, what stopped the search, what the next batch must repair.
struct DispatchSearch {
  const DispatchFeatures &f;
  json::Object featureJson; ///< What the planner reads (plannerFeatures).
  std::string baseName;     ///< The label of the plan the base was measured as.
  double baseUs = 0;
  json::Object baseMetrics;
  std::string firstBottleneck, firstRule; ///< The planner's first decision's.
  unsigned rounds = 0;
  unsigned roundLimit = 0; ///< Candidates it may take (Tuner::roundsFor).
  /// Where the search looks next: the fastest candidate since the base
  /// last moved, though under the margin that moves it (a climb on
  /// estimates reaches points more than one step away), and its gain.
  std::optional<Step> explore;
  double exploreGain = 1.0;
  std::string stopped = "round budget";
  /// The Diagnoser's verdict on the last attempt, when it can be repaired.
  std::optional<PlanInput::Repair> repair;
  bool authorAsked = false; ///< The LLM skill author is asked once per dispatch.
  json::Object authorNote;
};

/// Candidates planned on the same evidence, then built and measured at once.
struct Batch {
  std::vector<Decision> decisions;
  /// Per decision: who decided it, and the LLM planner's rejected answer.
  std::vector<std::string> decidedBy, llmRejected;
};

/// The program with its dimensions shrunk to at most `dim`, as text, and
/// the work its dispatches do; or why it cannot be checked at that size.
struct ShrunkProgram {
  int64_t dim = 0;
  std::string text;
  double flops = 0;
  std::string whyNot; ///< Empty: it can be checked at this size.
};

class Tuner {
public:
  Tuner(const TuneOptions &options) : opts(options) {}
  ~Tuner() {
    if (lockFd >= 0)
      llvm::sys::Process::SafelyCloseFileDescriptor(lockFd);
  }

  /// Tunes opts.module: setUp, the tuning database's answers, resume, the
  /// first choices, the search, refinement, then the report.
  llvm::Error run();

private:
  // run()'s phases, each short enough to read at once.
  /// The output folder locked, ks-run found, the measure chosen, the
  /// knowledge (skills, policy, devices), the LLM and the features loaded.
  llvm::Error setUp();
  /// Earlier attempts read back (their accepted steps and the database's
  /// `known` ones in `best`), the seed measured and the resumed `base`.
  llvm::Error resume(const PlanSteps &known, PlanSteps &best, Measurement &seed,
                     Measurement &base);
  /// The dispatches to search, in the order they are decided; `untuned`:
  /// those beyond TuneOptions::maxDispatches' groups, kept as seeds.
  std::vector<const DispatchFeatures *> searchOrder(Measurement &seed,
                                                    const std::set<int64_t> &fromDb,
                                                    std::vector<const DispatchFeatures *> &untuned);
  /// Each group's leader searched, the others following it; an entry each
  /// in `entries`; `followed` set when a follower took a step.
  llvm::Error searchDispatches(const std::vector<const DispatchFeatures *> &order,
                               Measurement &seed, PlanSteps &best, Measurement &base,
                               json::Array &entries, bool &followed);
  /// The candidates `f`'s search may take: TuneOptions::roundsMin plus its
  /// group's share of `plan`'s time (the plan its search starts from: the
  /// first choices, the groups decided before) of the rest up to `rounds`.
  unsigned roundsFor(const DispatchFeatures &f, const Measurement &plan);
  /// One dispatch's rounds, until the round budget, the speed of light or
  /// the planner stops them; its report entry.
  llvm::Expected<json::Object> searchDispatch(const DispatchFeatures &f, Measurement &seed,
                                              PlanSteps &best, Measurement &base);
  /// The base's speed of light, measured ones capped by the dispatch's
  /// ideal time: the search stops at TuneOptions::solTarget.
  std::optional<double> baseSpeedOfLight(const DispatchSearch &s) const;
  /// The planner's (and the LLM planner's) next candidates, up to `jobs`.
  llvm::Error planBatch(DispatchSearch &s, PlanInput &input, unsigned round, Batch &batch);
  /// The LLM skill author's draft as the batch, when the library has nothing left.
  llvm::Error askAuthor(DispatchSearch &s, PlanInput &input, Batch &batch);
  /// The batch built and measured in parallel, then judged in order.
  llvm::Error runBatch(DispatchSearch &s, const Batch &batch, unsigned round, PlanSteps &best,
                       Measurement &base);
  /// Batch candidate `i` measured as `m`: accepted or diagnosed, remembered.
  llvm::Error judgeAttempt(DispatchSearch &s, const Batch &batch, size_t i, unsigned round,
                           Measurement &m, const PlanSteps &candidate, const std::string &label,
                           PlanSteps &best, Measurement &base);
  /// A candidate that ran weighed against the base (what it absorbs or
  /// restores counted); whether it won and became the base.
  llvm::Expected<bool> weighAttempt(DispatchSearch &s, const Decision &decision, Measurement &m,
                                    const PlanSteps &candidate, const std::string &label,
                                    json::Object &attempt, PlanSteps &best, Measurement &base);
  /// A winning LLM draft kept for review in learnedDir(), with its evidence.
  void saveWinningDraft(const DispatchSearch &s, const DraftSkill &draft, const Measurement &m,
                        double us, json::Object &attempt);
  /// The LLM Diagnoser on a failed attempt: its action may change `failure`.
  llvm::Error askDiagnoser(const DispatchSearch &s, const Decision &decision, Measurement &m,
                           json::Object &attempt, std::string &failure);
  /// The dispatch's report entry, and its record in the tuning database.
  json::Object finishDispatch(DispatchSearch &s, bool fused, double seedUs, Measurement &seed,
                              PlanSteps &best);
  /// Every dispatch was in the tuning database: its plan and report only.
  llvm::Error reportAllKnown(const PlanSteps &known, json::Array entries);
  /// The untuned dispatches' seeds recorded too, and the database saved.
  llvm::Error saveDatabase(const std::vector<const DispatchFeatures *> &untuned,
                           Measurement &seed);
  /// plan.json, report.json and report.html written, the summary printed.
  llvm::Error writeReport(const PlanSteps &best, const Measurement &seed,
                          const Measurement &base, json::Array dispatches);
  /// The summary: one line per dispatch, then the whole program's.
  void printSummary(const json::Object &report, const Measurement &seed,
                    const Measurement &base);
  /// Who decided what, and what the LLM cost.
  void printLlmSummary(const json::Object &llmStats);

  const TuneOptions &opts;
  std::string ksRun;
  std::vector<DispatchFeatures> features;
  /// What the planner reads of dispatch `f`: its features and the facts of
  /// the device it is tuned for (device_sms: a policy rule for launches
  /// with fewer blocks than SMs).
  json::Object plannerFeatures(const DispatchFeatures &f) const {
    json::Object out = *toJSON(f).getAsObject();
    if (device && device->sms > 0)
      out["device_sms"] = device->sms;
    return out;
  }
  std::map<int64_t, std::string> signatures;
  std::optional<SkillLibrary> library;
  std::optional<Policy> policy;
  std::optional<DeviceTable> devices;
  const DeviceSpec *device = nullptr;
  std::optional<DeviceSpec> gpuDevice; ///< The table's, with the driver's facts.
  std::optional<TuningDatabase> db;
  /// GPU samples of the database and of opts.calibration, for this device.
  Calibration calibration;
  llvm::Error loadCalibration();
  /// Multiplies each dispatch's estimated kernel time by the factor of the
  /// skill that built it (or the seed's) on its op class.
  void calibrate(Measurement &m, const PlanSteps &plan) const;
  bool onGpu = true; ///< Measuring with ks-run; false: the cost model.
  std::vector<json::Object> trajectory; ///< Every attempt, in order.
  /// The attempts on dispatch `d` so far, as the planner reads them (every
  /// attempt was made on its seed kernel: skills do not stack yet).
  std::vector<Attempt> attemptsOn(int64_t d) const;
  std::unique_ptr<llvm::raw_fd_ostream> trajectoryFile;
  /// The module's identity (a hash of its text), on every trajectory line:
  /// a resumed run must tune the program it was started on.
  std::string programHash;
  /// One run at a time per output folder: an exclusive lock held while
  /// this tuner lives (released when its descriptor closes).
  int lockFd = -1;
  llvm::Error lockOutDir();
  llvm::Error readTrajectory(const std::string &path, PlanSteps &best);
  /// Dispatches decided once together: the same op (signature) in the same
  /// surroundings (every feature but the id: a fusable epilogue, a row
  /// chain, ...), so the policy would decide them alike. Printed once per
  /// dispatch: the search asks for every group's key at each leader.
  const std::string &groupKey(const DispatchFeatures &f) {
    auto [it, inserted] = groupKeys.try_emplace(f.id);
    if (inserted) {
      json::Object features = *toJSON(f).getAsObject();
      features.erase("id");
      std::string text;
      llvm::raw_string_ostream(text) << json::Value(std::move(features));
      it->second = signatures[f.id] + "|" + text;
    }
    return it->second;
  }
  std::map<int64_t, std::string> groupKeys; ///< groupKey's, by dispatch.
  std::vector<const DispatchFeatures *>
  groupIdentical(std::vector<const DispatchFeatures *> order, Measurement &seed);
  std::vector<const DispatchFeatures *> keepGroups(std::vector<const DispatchFeatures *> &order,
                                                   unsigned groups);
  bool followLeader(const DispatchFeatures &f, int64_t leader, Measurement &seed,
                    PlanSteps &best, json::Array &entries);
  llvm::Error measureFollowers(PlanSteps &best, Measurement &base, json::Array &entries);
  /// `base` measured again once `stepped` followers took their leaders'
  /// steps, before the next dispatch's search; where that plan does not
  /// run, those followers go back to their seed kernels.
  void rebaseOnFollowers(const std::vector<int64_t> &stepped, PlanSteps &best, Measurement &base,
                         json::Array &entries);
  /// Where the plan with followers' steps failed: the followers among
  /// `eligible` whose step's skill falls back to another (Skill::
  /// fallsBackTo) take it, same parameters, and the plan is measured again
  /// as `tag`; whether that ran (`m` is then its measurement).
  bool fallBackFollowers(const std::vector<int64_t> &eligible, PlanSteps &best,
                         json::Array &entries, Measurement &m, llvm::StringRef tag);
  /// TuneOptions::invariantLoads: `best` with invariant loads on every
  /// step's dispatch whose kernel does not spill for them, kept unless it
  /// is slower (TunerInvariantLoads.cpp).
  llvm::Error loadInvariantly(PlanSteps &best, Measurement &base);
  /// `candidate` measured into `m`, less the invariant loads of the
  /// dispatches whose kernels spill for them.
  void dropSpilling(PlanSteps &candidate, Measurement &m, const Measurement &base);
  /// The skills' "registers_limit_occupancy" repairs on the dispatches the
  /// invariant loads made slower, kept where they gain.
  void repairOccupancy(PlanSteps &candidate, Measurement &m, const Measurement &base);
  /// Before any search: the policy's first choice for every leader of
  /// `order`, in one plan, measured once; kept where it beats the seed.
  llvm::Error takeFirstChoices(const std::vector<const DispatchFeatures *> &order,
                               Measurement &seed, PlanSteps &best, Measurement &base);
  /// The policy's next choices after each dispatch's first, as many as
  /// TuneOptions::firstChoiceAlternatives asks.
  std::map<int64_t, std::vector<Step>> nextChoices(const PlanSteps &choices,
                                                   const std::map<int64_t, PlanInput> &inputs);
  /// Plans of the alternatives beside `first` (the first choices' plan,
  /// measured): each dispatch keeps its fastest choice; `choices` become
  /// the picked ones and the plan of them measured is returned, or `first`
  /// where no alternative won or their plan did not run.
  /// Whether the alternatives' plans, at `planSeconds` a plan, end within
  /// the time budget; says why not.
  bool alternativesFitBudget(const std::map<int64_t, std::vector<Step>> &alternatives,
                             double planSeconds);
  Measurement tryAlternatives(PlanSteps &choices,
                              const std::map<int64_t, std::vector<Step>> &alternatives,
                              const PlanSteps &best, Measurement first);
  std::map<int64_t, json::Object> firstChoices; ///< Per dispatch: the choice and its fate.
  /// The seed's estimate: what a candidate's absorbed kernels cost alone.
  Measurement seedEstimate;
  /// Dispatch d's kernel time in `m` less the seed's times of the kernels
  /// after d that d's kernel took in (its epilogue, its row chain): one
  /// scale for all of d's candidates, whatever else their plans held.
  double netUs(const Measurement &m, int64_t d) const;
  /// The `n` distinct candidates of dispatch `d` with the lowest net_us in
  /// the trajectory.
  std::vector<Step> bestEstimated(int64_t d, unsigned n) const;
  /// TuneOptions::refine: the model's best candidates of each decided
  /// signature and its seed kernel measured on the GPU, the fastest kept;
  /// `seed`, `best` and `base` become the GPU's, and so do the entries.
  llvm::Error refineOnGpu(Measurement &seed, PlanSteps &best, Measurement &base,
                          json::Array &entries);
  /// One leader's refinement (its report entry `e`): its candidates
  /// measured against `current`, the plan measured so far; whether the GPU
  /// changed the model's choice.
  bool refineDispatch(json::Object &e, const Measurement &gpuSeed, PlanSteps &best,
                      Measurement &current);
  std::chrono::steady_clock::time_point started; ///< When run() began: the budget's clock.
  double elapsedSeconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
  bool budgetSpent() const {
    return opts.budgetSeconds > 0 && elapsedSeconds() >= opts.budgetSeconds;
  }
  /// The groups the search has yet to reach after the one in hand, and the
  /// time its candidates have taken so far (extraRoundsFit).
  unsigned groupsAfter = 0, searchedCandidates = 0;
  double searchedSeconds = 0;
  /// Whether a candidate past TuneOptions::roundsMin still leaves the
  /// budget room for roundsMin candidates of each group after this one, at
  /// the time a candidate has taken so far: extra rounds for the largest
  /// groups do not leave the later ones at their first choice or seed.
  bool extraRoundsFit() const {
    if (opts.budgetSeconds <= 0 || searchedCandidates == 0)
      return true;
    double perCandidate = searchedSeconds / searchedCandidates;
    return elapsedSeconds() + perCandidate * opts.roundsMin * groupsAfter <= opts.budgetSeconds;
  }
  std::atomic<unsigned> runs{0}; ///< Seeds of fresh inputs (measured in parallel).
  /// TuneOptions::gpus: ks-runs in flight on each, and the GPU a ks-run
  /// is handed (the least busy) and gives back.
  std::mutex gpuMutex;
  std::vector<unsigned> gpuInFlight;
  int takeGpu();
  void giveBackGpu(int slot);
  unsigned jobs = 1;             ///< Candidates built and measured at once.
  std::unique_ptr<LlmClient> llm; ///< None: the policy decides alone.
  /// The skill roots candidates are built with: the library's, and the
  /// LLM skill author's drafts (path("drafts")) once there are any.
  std::vector<std::string> skillRoots;
  std::string skillDirs() const { return llvm::join(skillRoots, ","); }
  std::map<std::string, DraftSkill> drafts; ///< By id.
  std::unique_ptr<mlir::MLIRContext> vetContext; ///< Parses drafts to vet them.
  llvm::Error addDraft(const DraftSkill &draft);
  /// Where winning drafts go (TuneOptions::learnedDir).
  std::string learnedDir() const {
    if (!opts.learnedDir.empty())
      return opts.learnedDir;
    llvm::SmallString<256> p(skillRoots.front());
    llvm::sys::path::append(p, "learned");
    return p.str().str();
  }
  /// Who decided: {"planner": {"llm": n, "policy": m}, "diagnoser": {...}}.
  json::Object decisions;
  void countDecision(llvm::StringRef agent, llvm::StringRef by) {
    if (!decisions.getObject(agent))
      decisions[agent.str()] = agent == "author" ? json::Object{{"vetted", 0}, {"refused", 0}}
                                                 : json::Object{{"llm", 0}, {"policy", 0}};
    json::Object &o = *decisions.getObject(agent);
    o[by.str()] = o.getInteger(by).value_or(0) + 1;
  }

  std::string path(llvm::StringRef name) const {
    llvm::SmallString<256> p(opts.outDir);
    llvm::sys::path::append(p, name);
    return p.str().str();
  }
  llvm::raw_ostream &out() const { return opts.log ? *opts.log : llvm::outs(); }
  void say(const llvm::Twine &line) {
    if (!opts.quiet)
      out() << "ks-tune: " << line << "\n";
    out().flush();
  }

  llvm::Error loadKnowledge();
  llvm::Error extractFeatures();
  /// The plan is written to LABEL.plan.json (none for the seed) and
  /// measured or estimated; `candidate` is the dispatch whose step is new.
  Measurement measure(const PlanSteps &plan, llvm::StringRef label,
                      std::optional<int64_t> candidate = std::nullopt);
  Measurement measureOnGpu(llvm::StringRef planFile, llvm::StringRef label);
  Measurement estimate(llvm::StringRef planFile);
  /// Runs ks-run (with our skill path) with stdout and stderr to `logFile`;
  /// its exit code, -2 with `error` set when it crashed or timed out.
  int runKsRun(const std::vector<std::string> &args, llvm::StringRef logFile,
               unsigned timeoutSeconds, std::string &error, int *gpu = nullptr);
  /// The numerics check without a GPU: the program shrunk (ks-shrink-shapes)
  /// to a size the CPU runs in moments, its seed kernels emulated once.
  void prepareCpuCheck();
  ShrunkProgram shrinkProgram(int64_t dim);
  bool useForCpuCheck(const ShrunkProgram &shrunk, std::vector<std::string> &reasons);
  /// The candidate's kernels run on the CPU, thread by thread, against the
  /// CPU reference; sets m.numerics, and m.outcome when they disagree.
  /// Where the whole plan does not compile at the check's dimensions (a
  /// step of another dispatch needs more than they leave, split-K's
  /// stretch of K say), the candidate's step is checked alone.
  void checkOnCpu(llvm::StringRef planFile, llvm::StringRef label, Measurement &m,
                  const PlanSteps &plan, std::optional<int64_t> candidate);
  std::string cpuCheckModule; ///< Empty: numerics are not checked.
  int64_t cpuCheckDim = 0;
  std::string cpuCheckNote;
  void remember(json::Object attempt);
  llvm::Error reuseFromDatabase(PlanSteps &best, std::set<int64_t> &fromDb, json::Array &entries);
};

} // namespace ks::agents::tuner

#endif // KS_LIB_AGENTS_TUNERIMPL_H
