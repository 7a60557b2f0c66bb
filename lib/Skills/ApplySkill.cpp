//===- ApplySkill.cpp - Apply a skill to one dispatch ---------------------===//

#include "ks/Skills/ApplySkill.h"
#include "ks/Skills/FeatureExtractor.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ks::agents;

namespace {
constexpr llvm::StringLiteral kDispatchAttr = "ks.dispatch";

Operation *findDispatch(ModuleOp module, int64_t dispatch) {
  Operation *found = nullptr;
  module.walk([&](linalg::LinalgOp op) {
    auto id = op->getAttrOfType<IntegerAttr>(kDispatchAttr);
    // What a skill split off and left to the seed lowering
    // (transform.ks.split_remainder) is no longer the dispatch it names.
    if (id && id.getInt() == dispatch && !op->hasAttr("ks.remainder")) {
      found = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}
int64_t countLaunches(ModuleOp module) {
  int64_t n = 0;
  module.walk([&](gpu::LaunchOp) { ++n; });
  return n;
}

/// Marks the launches a skill made with its id (and its dispatch), for
/// reports and for ks-sink-into-kernels.
void markNewLaunches(ModuleOp module, const Skill &skill, int64_t dispatch) {
  Builder b(module.getContext());
  module.walk([&](gpu::LaunchOp launch) {
    if (!launch->hasAttr("ks.skill")) {
      launch->setAttr("ks.skill", b.getStringAttr(skill.id));
      launch->setAttr("ks.dispatch", b.getI64IntegerAttr(dispatch));
    }
  });
}
} // namespace

llvm::Error ks::agents::applySkill(ModuleOp module, int64_t dispatch,
                                   const Skill &skill, const ParamValues &params) {
  auto failure = [&](const llvm::Twine &what) {
    return llvm::createStringError(
        llvm::formatv("skill {0} on dispatch {1}: {2}", skill.id, dispatch, what).str());
  };
  Operation *target = findDispatch(module, dispatch);
  if (!target) {
    // A skill on another dispatch made this one unneeded (a padded copy its
    // kernel reads through, a zero fill it starts from): nothing is left to
    // apply it to.
    auto folded = module->getAttrOfType<DenseI64ArrayAttr>("ks.folded_dispatches");
    if (folded && llvm::is_contained(folded.asArrayRef(), dispatch))
      return llvm::Error::success();
    return failure("no linalg op is marked ks.dispatch = " + llvm::Twine(dispatch));
  }
  // A skill applied to another dispatch already computes this one in its
  // kernel (a row chain, an epilogue): nothing is left to apply it to.
  if (target->getParentOfType<gpu::LaunchOp>())
    return llvm::Error::success();
  // The planner chose within the skill's requirements; a plan written for
  // other dimensions (a shrunk copy of the program, say) may not meet them.
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(target)) {
    llvm::json::Value features = toJSON(extractFeatures(linalgOp, dispatch, ""));
    std::string why;
    if (!meetsRequirements(skill, params, featureVariables(*features.getAsObject()), &why)) {
      std::string ranges;
      for (int64_t r : linalgOp.getStaticLoopRanges())
        ranges += (ranges.empty() ? "" : " x ") + std::to_string(r);
      return failure(llvm::formatv("its requirement {0} here (loops {1})", why, ranges));
    }
  }
  int64_t launchesBefore = countLaunches(module);

  llvm::Expected<std::string> script = skill.instantiate(params);
  if (!script)
    return script.takeError();
  // The script's @apply gets the dispatch; the interpreter's entry point
  // finds it by its mark.
  std::string text = llvm::formatv(
      "module attributes {{transform.with_named_sequence} {{\n{0}\n"
      "  transform.named_sequence @__ks_main(%root: !transform.any_op "
      "{{transform.readonly}) {{\n"
      "    %op = transform.structured.match attributes {{ks.dispatch = {1} : i64} "
      "in %root : (!transform.any_op) -> !transform.any_op\n"
      "    transform.include @apply failures(propagate) (%op) : "
      "(!transform.any_op) -> ()\n"
      "    transform.yield\n  }\n}\n",
      *script, dispatch);

  // Collect what the parser and the interpreter say, to return it.
  MLIRContext *context = module.getContext();
  std::string diagnostics;
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error) {
      diagnostics += (diagnostics.empty() ? "" : "; ") + d.str();
      for (const Diagnostic &note : d.getNotes())
        diagnostics += " (" + note.str() + ")";
    }
    return success();
  });
  OwningOpRef<ModuleOp> transforms = parseSourceString<ModuleOp>(
      text, ParserConfig(context), skill.scriptPath);
  if (!transforms)
    return failure("the script does not parse: " + diagnostics);
  Operation *entry = transforms->lookupSymbol("__ks_main");
  // Expensive checks turn a script's use of a consumed handle into an
  // error instead of undefined behaviour: skills are data, possibly wrong.
  transform::TransformOptions options;
  options.enableExpensiveChecks(true);
  if (failed(transform::applyTransformNamedSequence(module, entry, *transforms,
                                                    options)))
    return failure("the transform failed: " + diagnostics);

  // Done when the dispatch runs in a new kernel: what is left of it (a
  // vectorized dispatch has no linalg op any more) is inside a gpu.launch.
  Operation *op = findDispatch(module, dispatch);
  if ((op && !op->getParentOfType<gpu::LaunchOp>()) || countLaunches(module) <= launchesBefore)
    return failure("the script did not map the dispatch to a gpu.launch");
  markNewLaunches(module, skill, dispatch);
  return llvm::Error::success();
}
