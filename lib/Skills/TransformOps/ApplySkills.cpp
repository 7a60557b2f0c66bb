//===- ApplySkills.cpp - Apply skills to dispatches by a plan -------------===//

#include "ks/Skills/ApplySkill.h"
#include "ks/Skills/Expr.h"
#include "ks/Skills/Plan.h"
#include "ks/Skills/SkillLibrary.h"
#include "ks/Skills/TransformOps/TransformOps.h"
#include "ks/Transforms/Passes.h"
#include "ks/Transforms/Utils/PlannedLaunches.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace ks {
#define GEN_PASS_DEF_KSAPPLYSKILLS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;
using namespace ks::agents;

namespace {
/// The passes a skill script may run by name
/// (transform.apply_registered_pass) must be registered in every tool that
/// applies skills (ks-run, ks-tune's workers, the plugin), not only in
/// ks-opt, which registers all passes.
void registerPassesForScripts() {
  static const bool registered = [] {
    ks::registerKSPasses();
    bufferization::registerPromoteBuffersToStackPass();
    return true;
  }();
  (void)registered;
}

struct ApplySkills : public ks::impl::KSApplySkillsBase<ApplySkills> {
  // Skill scripts may use the ks transform ops.
  void getDependentDialects(DialectRegistry &registry) const override {
    KSApplySkillsBase::getDependentDialects(registry);
    ks::registerTransformExtension(registry);
  }
  using Base::Base;

  /// The plan's launch-level fields, as the module attributes their passes
  /// read.
  void setLaunchRequests(const Plan &requested) {
    MLIRContext *ctx = &getContext();
    if (requested.finishInLastBlock)
      getOperation()->setAttr("ks.finish_in_last_block", UnitAttr::get(ctx));
    std::pair<llvm::StringLiteral, const std::vector<int64_t> *> requests[] = {
        {ks::kReverseBlocksAttr, &requested.reverseBlocks},
        {ks::kL1NoAllocateAttr, &requested.l1NoAllocate},
        {ks::kInvariantLoadsAttr, &requested.invariantLoads}};
    for (auto [attr, dispatches] : requests)
      if (!dispatches->empty())
        getOperation()->setAttr(attr, DenseI64ArrayAttr::get(ctx, *dispatches));
  }

  void runOnOperation() override {
    registerPassesForScripts();
    auto fail = [&](llvm::Error err) {
      // At the module's location, without the whole module as a note.
      mlir::emitError(getOperation().getLoc()) << llvm::toString(std::move(err));
      signalPassFailure();
    };
    std::vector<PlanStep> steps;
    if (!plan.empty()) {
      llvm::Expected<Plan> read = readPlan(plan);
      if (!read)
        return fail(read.takeError());
      steps = std::move(read->steps);
      setLaunchRequests(*read);
    }
    if (!skill.empty() || dispatch >= 0) {
      if (skill.empty() || dispatch < 0)
        return fail(llvm::createStringError(
            "ks-apply-skills: `dispatch` and `skill` go together"));
      llvm::Expected<ParamValues> values = parseParamList(params);
      if (!values)
        return fail(values.takeError());
      steps.push_back({dispatch, skill, std::move(*values)});
    }
    if (steps.empty())
      return;

    std::vector<std::string> roots = SkillLibrary::rootsFrom(skillDirs);
    if (roots.empty())
      return fail(llvm::createStringError(
          "no skill directory found (set KS_SKILL_PATH or skill-dirs)"));
    llvm::Expected<SkillLibrary> library = SkillLibrary::load(roots);
    if (!library)
      return fail(library.takeError());

    struct Resolved {
      const PlanStep *step;
      const Skill *skill;
      ParamValues values;
    };
    std::vector<Resolved> resolved;
    for (const PlanStep &step : steps) {
      const Skill *s = library->find(step.skill);
      if (!s)
        return fail(llvm::createStringError("unknown skill '" + step.skill +
                                            "' (looked in " +
                                            llvm::join(roots, ", ") + ")"));
      llvm::Expected<ParamValues> values = s->resolve(step.params);
      if (!values)
        return fail(values.takeError());
      resolved.push_back({&step, s, std::move(*values)});
    }
    // A step that reads its producers in place goes first: their own steps
    // would otherwise rewrite the fill and copy it folds.
    std::stable_partition(resolved.begin(), resolved.end(), [](const Resolved &r) {
      return !r.skill->foldsProducersWhen.empty() &&
             allHold(r.skill->foldsProducersWhen, r.values);
    });
    for (const Resolved &r : resolved)
      if (llvm::Error err = applySkill(getOperation(), r.step->dispatch, *r.skill, r.values))
        return fail(std::move(err));
  }
};
} // namespace
