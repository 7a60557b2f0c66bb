//===- Plan.cpp - Reading and writing plan files --------------------------===//

#include "ks/Skills/Plan.h"

#include "ks/Support/Json.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace ks::agents;
namespace json = llvm::json;

namespace {
/// Reads a list of dispatch ids into `out`; false if `value` is not one.
bool readDispatchList(const json::Value &value, std::vector<int64_t> &out) {
  const json::Array *ids = value.getAsArray();
  if (!ids)
    return false;
  for (const json::Value &id : *ids) {
    std::optional<int64_t> n = id.getAsInteger();
    if (!n)
      return false;
    out.push_back(*n);
  }
  return true;
}

llvm::Expected<PlanStep> readStep(const json::Value &item, llvm::StringRef where) {
  auto bad = [&](const char *what) {
    return llvm::createStringError(where.str() + ": " + what);
  };
  const json::Object *o = item.getAsObject();
  if (!o)
    return bad("expected an object");
  std::optional<int64_t> id = o->getInteger("id");
  std::optional<llvm::StringRef> skill = o->getString("skill");
  if (!id || !skill)
    return bad("needs an integer \"id\" and a string \"skill\"");
  PlanStep step{*id, skill->str(), {}};
  if (const json::Value *value = o->get("params")) {
    const json::Object *params = value->getAsObject();
    if (!params)
      return bad("\"params\" must be an object of integers");
    for (const auto &kv : *params) {
      std::optional<int64_t> v = kv.second.getAsInteger();
      if (!v)
        return bad("\"params\" values must be integers");
      step.params[kv.first.str()] = *v;
    }
  }
  return step;
}

/// The plan's fields beside its steps.
llvm::Error readLaunchFields(const json::Object &root, const std::string &what, Plan &plan) {
  if (const json::Value *finish = root.get("finish_in_last_block")) {
    std::optional<bool> value = finish->getAsBoolean();
    if (!value)
      return llvm::createStringError(what + ": \"finish_in_last_block\" must be true or false");
    plan.finishInLastBlock = *value;
  }
  std::pair<llvm::StringLiteral, std::vector<int64_t> *> lists[] = {
      {"reverse_blocks", &plan.reverseBlocks},
      {"l1_no_allocate", &plan.l1NoAllocate},
      {"invariant_loads", &plan.invariantLoads}};
  for (auto [field, out] : lists) {
    const json::Value *value = root.get(field);
    if (value && !readDispatchList(*value, *out))
      return llvm::createStringError(what + ": \"" + field.str() +
                                     "\" must be a list of dispatch ids");
  }
  return llvm::Error::success();
}
} // namespace

llvm::Expected<Plan> ks::agents::readPlan(llvm::StringRef path) {
  std::string what = "the plan " + path.str();
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError("cannot read " + what + ": " + buffer.getError().message());
  llvm::Expected<json::Value> json = ks::parseJson((*buffer)->getBuffer());
  if (!json)
    return llvm::createStringError(what + " is not valid JSON: " +
                                   llvm::toString(json.takeError()));
  const json::Object *root = json->getAsObject();
  const json::Array *list = root ? root->getArray("dispatches") : nullptr;
  if (!list)
    return llvm::createStringError(what + " has no \"dispatches\" list");
  Plan plan;
  if (llvm::Error err = readLaunchFields(*root, what, plan))
    return std::move(err);
  for (auto [i, item] : llvm::enumerate(*list)) {
    llvm::Expected<PlanStep> step =
        readStep(item, what + ", dispatches[" + std::to_string(i) + "]");
    if (!step)
      return step.takeError();
    plan.steps.push_back(std::move(*step));
  }
  return plan;
}

json::Object ks::agents::paramsToJson(const ParamValues &params) {
  json::Object o;
  for (const auto &kv : params)
    o[kv.first().str()] = kv.second;
  return o;
}

json::Value ks::agents::planToJson(const Plan &plan) {
  json::Array steps;
  for (const PlanStep &step : plan.steps)
    steps.push_back(json::Object{
        {"id", step.dispatch}, {"skill", step.skill}, {"params", paramsToJson(step.params)}});
  json::Object root{{"dispatches", std::move(steps)}};
  if (plan.finishInLastBlock)
    root["finish_in_last_block"] = true;
  if (!plan.reverseBlocks.empty())
    root["reverse_blocks"] = json::Array(plan.reverseBlocks);
  if (!plan.l1NoAllocate.empty())
    root["l1_no_allocate"] = json::Array(plan.l1NoAllocate);
  if (!plan.invariantLoads.empty())
    root["invariant_loads"] = json::Array(plan.invariantLoads);
  return root;
}
