//===- Tuner.h - The optimization loop over a model's dispatches -*- C++ -*-===//
//
// Ties the agents together, one dispatch at a time, slowest first:
//   features (static) -> measure the base (ks-run: times, counters per
//   kernel, each kernel traced back to its dispatch) -> plan (policy +
//   trajectory) -> apply (a plan through ks-compile) -> review (ptxas; the
//   candidate's outputs against the seed kernels on the same inputs) ->
//   measure -> remember (a JSON line per attempt, written as it goes) ->
//   the base moves only on a clear win.
// Every candidate runs in a ks-run process of its own: a fault, a hang or a
// crash is an outcome, and the next candidate gets a fresh process.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_TUNER_H
#define KS_AGENTS_TUNER_H

#include "ks/Agents/DeviceTable.h"
#include "ks/Agents/LlmClient.h"
#include "ks/Target/Chips.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace ks::agents {

/// The compiler the tuner drives. It sits above the agents, in the driver,
/// which hands it over (ks::tunerPipelines(), ks/Driver/Pipelines.h).
struct TunerPipelines {
  /// linalg-on-tensors to numbered dispatches on buffers: what the features
  /// are read off and what plans name.
  std::function<void(mlir::OpPassManager &pm)> buildDispatches;
  /// A candidate for the cost model, which estimates its kernels between
  /// the two halves: into `seed` the seed lowering for `chip` with the plan
  /// file `plan` applied (its skills from `skillDirs`), into `ptx` the PTX
  /// stage. Estimated, not run: long scans are left to the seed kernel.
  std::function<void(mlir::OpPassManager &seed, mlir::OpPassManager &ptx,
                     llvm::StringRef chip, llvm::StringRef plan,
                     llvm::StringRef skillDirs)>
      buildEstimate;
};

struct TuneOptions {
  std::string module, entry = "main", chip = ks::kDefaultChip.str();
  std::string outDir = "ks-tune-out";
  std::string ksRun;      ///< ks-run to use (default: beside this tool).
  std::string skillDirs;  ///< Comma-separated (default: the skill path).
  std::string policy;     ///< Default: policy.json of the first skill dir.
  /// Candidates per dispatch at most: for a group of identical dispatches
  /// that is the whole program's time. A group gets `roundsMin` plus its
  /// share of the time of the plan its search starts from (the first
  /// choices) of the difference, so the search's rounds go where the time
  /// is (the budget allowing).
  unsigned rounds = 24;
  unsigned roundsMin = 6;
  /// The precision policy: the loosest numerics a skill may have
  /// (SkillLibrary.h): "exact" (f32 operations only), "tf32x3" or "tf32".
  std::string precision = "exact";
  /// Candidates built at once (each batch is planned on the same evidence;
  /// on a GPU, ks-run processes take turns for their measurements); 0: as
  /// many as the machine has cores.
  unsigned jobs = 0;
  unsigned maxDispatches = 8; ///< Tune the slowest ones only.
  double win = 1.3;       ///< The base moves when a candidate is this much faster.
  /// ... or this much, where the candidate is the base's own skill with
  /// other parameters (as `win` by default: 1.15 took estimated gains that
  /// the GPU did not confirm, docs/results/cost-model.md).
  double paramWin = 1.3;
  double solTarget = 90;  ///< Stop on a dispatch at this speed of light (%).
  unsigned trials = 20, warmup = 3, timeoutSeconds = 120;
  /// Tolerances of every numerics check (GPU or CPU).
  double atol = 1e-4, rtol = 1e-4;
  /// Without a GPU, candidates' kernels run on the CPU thread by thread
  /// (ks-run --emulate-gpu) on the program shrunk to dimensions of at most
  /// this (ks-shrink-shapes; a smaller size is tried when that is too much
  /// work); 0: numerics are not checked.
  int64_t cpuCheckDim = 256;
  /// Stop starting rounds after this many seconds (0: no limit).
  double budgetSeconds = 0;
  /// Before any search, every dispatch gets the policy's first choice (one
  /// plan, measured once, each choice kept where it beats the seed), so a
  /// dispatch the budget never reaches does not stay at its seed kernel.
  bool firstChoices = true;
  /// Beside the first choices, the policy's next choices of each dispatch
  /// (its next skill, or the first's parameters a step away), tried as this
  /// many more whole plans at once; each dispatch keeps the fastest.
  unsigned firstChoiceAlternatives = 2;
  /// After a search with the cost model, measure each decided signature's
  /// `refine` best-estimated candidates and its seed kernel on the GPU and
  /// keep the fastest (0: no refinement), within `refineSeconds` (0: no
  /// limit), largest estimated share first.
  unsigned refine = 0;
  double refineSeconds = 0;
  /// After the search, the plan's kernels load the buffers no launch
  /// writes as invariant (ld.global.nc), where they do not spill for it.
  bool invariantLoads = true;
  /// The GPUs candidates are measured on (CUDA ordinals as this process
  /// sees them): each ks-run sees one of them alone, the one with the
  /// fewest ks-runs in flight, so a batch of `jobs` candidates is measured
  /// on all of them at once. Empty: ks-run sees what this process sees.
  std::vector<int> gpus;
  /// "gpu": measure with ks-run; "model": estimate with the cost model;
  /// "auto": measure where there is a GPU, else estimate.
  std::string measure = "auto";
  /// The cost model's device (default: the table's first for `chip`).
  std::string device;
  std::string devices; ///< The device table (default: devices.json of the skill path).
  /// The GPU at hand, when `device` is empty: the cost model's device is
  /// the table's for it with the driver's SM count, L2 and bandwidth.
  std::optional<DriverFacts> gpu;
  /// Tuning database: dispatches found there are not tuned again; its GPU
  /// samples calibrate the cost model's estimates.
  std::string db;
  /// Another tuning database read only for its GPU samples (Calibration.h).
  std::string calibration;
  /// An LLM planner and diagnoser on top of the policy (none: the policy
  /// alone); its answers are validated, and the policy decides when one is
  /// rejected.
  LlmOptions llm;
  /// Where a winning script of the LLM skill author is saved as a draft
  /// skill (default: learned/ in the first skill directory).
  std::string learnedDir;
  bool quiet = false;
  /// Where progress and the summary go (stderr when the module itself is
  /// the output, as in --ks-optimize).
  llvm::raw_ostream *log = nullptr;
  /// Required: how candidates are compiled.
  TunerPipelines pipelines;
};

/// Tunes `options.module`; writes `plan.json` (the best plan),
/// `trajectory.jsonl` and `report.json` under `options.outDir` and prints a
/// summary. A trajectory already there is resumed: its attempts are not
/// repeated and its accepted candidates are the starting point. Without a
/// GPU (or with measure = "model") candidates are ranked by the cost model,
/// checked by ptxas and, at a reduced size, by running their kernels on the
/// CPU against the CPU reference; the report says so.
llvm::Error tune(const TuneOptions &options);

/// Writes `outDir`/report.html (ReportHtml.h) from the report.json and
/// trajectory.jsonl there.
llvm::Error renderReport(llvm::StringRef outDir);

} // namespace ks::agents

#endif // KS_AGENTS_TUNER_H
