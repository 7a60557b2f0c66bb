//===- ApplySkills.cpp - Apply skills to dispatches by a plan -------------===//

#include "ks/Transforms/Passes.h"
#include "ks/Transforms/TransformOps.h"

#include "PlannedLaunches.h"

#include "ks/Agents/Optimizer.h"
#include "ks/Agents/SkillLibrary.h"
#include "ks/Support/Json.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

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

struct Step {
  int64_t dispatch;
  std::string skill;
  ParamValues params;
};

struct Plan {
  std::vector<Step> steps;
  /// One-block tails run in the last block of the kernel before them
  /// (ks-finish-in-last-block).
  bool finishInLastBlock = false;
  /// The plan's launch-level fields, each a list of the dispatches whose
  /// kernels it applies to, by the module attribute that carries it to its
  /// pass: "reverse_blocks" (ks-reverse-block-order), "l1_no_allocate"
  /// (ks-mark-l1-no-allocate).
  std::vector<std::pair<std::string, std::vector<int64_t>>> launchRequests;
};

/// The plan fields that list dispatches, and the module attribute each
/// becomes.
constexpr std::pair<llvm::StringLiteral, llvm::StringLiteral> kLaunchFields[] = {
    {"reverse_blocks", ks::kReverseBlocksAttr},
    {"l1_no_allocate", ks::kL1NoAllocateAttr},
};

/// The plan, or an error naming the file and the entry.
llvm::Expected<Plan> readPlan(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError("cannot read the plan " + path.str() + ": " +
                                   buffer.getError().message());
  llvm::Expected<llvm::json::Value> json = ks::parseJson((*buffer)->getBuffer());
  if (!json)
    return llvm::createStringError("the plan " + path.str() + " is not valid JSON: " +
                                   llvm::toString(json.takeError()));
  const llvm::json::Object *root = json->getAsObject();
  const llvm::json::Array *list = root ? root->getArray("dispatches") : nullptr;
  if (!list)
    return llvm::createStringError("the plan " + path.str() +
                                   " has no \"dispatches\" list");
  Plan plan;
  if (const llvm::json::Value *finish = root->get("finish_in_last_block")) {
    std::optional<bool> value = finish->getAsBoolean();
    if (!value)
      return llvm::createStringError("the plan " + path.str() +
                                     ": \"finish_in_last_block\" must be true or false");
    plan.finishInLastBlock = *value;
  }
  for (auto [field, attr] : kLaunchFields) {
    const llvm::json::Value *value = root->get(field);
    if (!value)
      continue;
    const llvm::json::Array *ids = value->getAsArray();
    if (!ids || !llvm::all_of(*ids, [](const llvm::json::Value &id) {
          return id.getAsInteger().has_value();
        }))
      return llvm::createStringError("the plan " + path.str() + ": \"" + field.str() +
                                     "\" must be a list of dispatch ids");
    std::vector<int64_t> dispatches;
    for (const llvm::json::Value &id : *ids)
      dispatches.push_back(*id.getAsInteger());
    if (!dispatches.empty())
      plan.launchRequests.emplace_back(attr.str(), std::move(dispatches));
  }
  std::vector<Step> &steps = plan.steps;
  for (auto [i, item] : llvm::enumerate(*list)) {
    auto bad = [&, i = i](const char *what) {
      return llvm::createStringError("the plan " + path.str() + ", dispatches[" +
                                     std::to_string(i) + "]: " + what);
    };
    const llvm::json::Object *o = item.getAsObject();
    if (!o)
      return bad("expected an object");
    Step step;
    std::optional<int64_t> id = o->getInteger("id");
    std::optional<llvm::StringRef> skill = o->getString("skill");
    if (!id || !skill)
      return bad("needs an integer \"id\" and a string \"skill\"");
    step.dispatch = *id;
    step.skill = skill->str();
    if (const llvm::json::Value *value = o->get("params")) {
      const llvm::json::Object *params = value->getAsObject();
      if (!params)
        return bad("\"params\" must be an object of integers");
      for (const auto &kv : *params) {
        std::optional<int64_t> v = kv.second.getAsInteger();
        if (!v)
          return bad("\"params\" values must be integers");
        step.params[kv.first.str()] = *v;
      }
    }
    steps.push_back(std::move(step));
  }
  return plan;
}

struct ApplySkills : public ks::impl::KSApplySkillsBase<ApplySkills> {
  // Skill scripts may use the ks transform ops.
  void getDependentDialects(DialectRegistry &registry) const override {
    KSApplySkillsBase::getDependentDialects(registry);
    ks::registerTransformExtension(registry);
  }
  using Base::Base;

  void runOnOperation() override {
    registerPassesForScripts();
    auto fail = [&](llvm::Error err) {
      // At the module's location, without the whole module as a note.
      mlir::emitError(getOperation().getLoc()) << llvm::toString(std::move(err));
      signalPassFailure();
    };
    std::vector<Step> steps;
    if (!plan.empty()) {
      llvm::Expected<Plan> read = readPlan(plan);
      if (!read)
        return fail(read.takeError());
      steps = std::move(read->steps);
      if (read->finishInLastBlock)
        getOperation()->setAttr("ks.finish_in_last_block", UnitAttr::get(&getContext()));
      for (const auto &[attr, dispatches] : read->launchRequests)
        getOperation()->setAttr(attr, DenseI64ArrayAttr::get(&getContext(), dispatches));
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

    for (const Step &step : steps) {
      const Skill *s = library->find(step.skill);
      if (!s)
        return fail(llvm::createStringError("unknown skill '" + step.skill +
                                            "' (looked in " +
                                            llvm::join(roots, ", ") + ")"));
      llvm::Expected<ParamValues> values = s->resolve(step.params);
      if (!values)
        return fail(values.takeError());
      if (llvm::Error err = applySkill(getOperation(), step.dispatch, *s, *values))
        return fail(std::move(err));
    }
  }
};
} // namespace
