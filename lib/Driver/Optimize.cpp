//===- Optimize.cpp - The optimizer as one pass: tune, then compile -------===//
//
// --ks-optimize: the tuning loop (Tuner.h) over the module, then the
// ks-compile pipeline with the winning plan. The loop works on a file (each
// GPU measurement is a ks-run process of its own, so a faulting candidate
// cannot take the compiler down): the module is written to the out
// directory first. It drives the agents and the pipelines, so it is the
// driver's (scripts/check-layering.py) and hands the tuner its pipelines.
//
//===----------------------------------------------------------------------===//

#include "ks/Agents/LlmClient.h"
#include "ks/Agents/Passes.h"
#include "ks/Agents/Tuner.h"
#include "ks/Driver/Pipelines.h"
#include "ks/Skills/TransformOps/TransformOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace ks::agents {
#define GEN_PASS_DEF_KSOPTIMIZE
#include "ks/Agents/Passes.h.inc"
} // namespace ks::agents

using namespace mlir;

namespace {
struct Optimize : public ks::agents::impl::KSOptimizeBase<Optimize> {
  using KSOptimizeBase::KSOptimizeBase;

  /// The compile pipeline runs nested in this pass: the dialects its passes
  /// create must be loaded before any of it runs.
  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    ks::CompileOptions compile;
    setCompileOptions(compile);
    ks::buildCompilePipeline(pm, compile);
    pm.getDependentDialects(registry);
    // The pipeline built here has no plan, so no ks-apply-skills: the ks
    // transform ops its skill scripts may use are registered all the same.
    ks::registerTransformExtension(registry);
  }

  void setCompileOptions(ks::CompileOptions &compile) const {
    compile.chip = chip;
    compile.skillDirs = skillDirs;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto fail = [&](const llvm::Twine &what) {
      mlir::emitError(module.getLoc()) << "ks-optimize: " << what;
      signalPassFailure();
    };
    if (std::error_code ec = llvm::sys::fs::create_directories(out))
      return fail("cannot create " + out + ": " + ec.message());
    llvm::SmallString<256> input(out), plan(out);
    llvm::sys::path::append(input, "input.mlir");
    llvm::sys::path::append(plan, "plan.json");
    if (llvm::Error err = llvm::writeToOutput(input, [&](llvm::raw_ostream &os) {
          module.print(os);
          return llvm::Error::success();
        }))
      return fail("cannot write " + input + ": " + llvm::toString(std::move(err)));

    ks::agents::TuneOptions options;
    options.module = input.str().str();
    options.entry = entry;
    options.chip = chip;
    options.outDir = out;
    options.ksRun = ksRun;
    options.skillDirs = skillDirs;
    options.policy = policy;
    options.rounds = rounds;
    options.precision = precision;
    options.jobs = jobs;
    options.maxDispatches = maxDispatches;
    options.win = win;
    options.solTarget = solTarget;
    options.budgetSeconds = budget;
    options.firstChoices = firstChoices;
    options.invariantLoads = invariantLoads;
    options.measure = measure;
    options.device = device;
    options.db = db;
    options.quiet = quiet;
    // --ks-llm* are ks-opt's global options (registerLlmCLOptions).
    options.llm = ks::agents::llmOptionsFromCL();
    // The module is this tool's output: progress goes to stderr.
    options.log = &llvm::errs();
    options.pipelines = ks::tunerPipelines();
    if (llvm::Error err = ks::agents::tune(options))
      return fail(llvm::toString(std::move(err)));

    OpPassManager pm(ModuleOp::getOperationName());
    ks::CompileOptions compile;
    setCompileOptions(compile);
    compile.plan = plan.str().str();
    ks::buildCompilePipeline(pm, compile);
    if (failed(runPipeline(pm, module)))
      return fail("compiling with the tuned plan " + plan + " failed (see above)");
  }
};
} // namespace
