//===- ks-plan.cpp - The planner on a recorded situation ------------------===//
//
//   ks-plan SITUATION.json [--policy=FILE] [--skill-dirs=DIR,...] [--ks-llm=...]
//
// Runs the Planner on one dispatch's features, metrics and trajectory
// (a JSON file: {"features": {...}, "metrics": {...}, "base": "seed",
// "trajectory": [{"base", "skill", "params", "outcome", "diagnosis"}]}) and prints the
// decision as JSON: the skill and parameters, the rule that fired, the
// evidence, and why other allowed skills were passed over. For tests of the
// policy and the planner, and to ask "what would ks try here?". With
// --ks-llm (or --ks-llm-replay) the LLM Planner is asked too; the output
// says who decided ("decided_by"), why an LLM answer was rejected, and the
// exchange's counts ("llm").
//
//===----------------------------------------------------------------------===//

#include "ks/Agents/LlmPlanner.h"
#include "ks/Agents/Planner.h"
#include "ks/Agents/Policy.h"
#include "ks/Skills/SkillLibrary.h"
#include "ks/Support/Json.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace ks::agents;
namespace cl = llvm::cl;
namespace json = llvm::json;

static cl::opt<std::string> situationFile(cl::Positional, cl::Required,
                                          cl::desc("<situation.json>"));
static cl::opt<std::string> policyFile("policy", cl::desc("Decision policy (default: policy.json of the first skill directory)"));
static cl::opt<std::string> precision("precision", cl::desc("Precision policy: the loosest numerics a skill may have (exact, tf32x3, tf32)"), cl::init("exact"));
static cl::opt<std::string> skillDirs("skill-dirs", cl::desc("Skill directories, comma-separated (default: the skill path)"));

[[noreturn]] static void fail(const llvm::Twine &message) {
  llvm::errs() << "ks-plan: " << message << "\n";
  std::exit(1);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerLlmCLOptions();
  cl::ParseCommandLineOptions(argc, argv, "Run the ks planner on a recorded situation\n");

  std::vector<std::string> roots = SkillLibrary::rootsFrom(skillDirs);
  if (roots.empty())
    fail("no skill directory found (set KS_SKILL_PATH or --skill-dirs)");
  llvm::Expected<SkillLibrary> library = SkillLibrary::load(roots);
  if (!library)
    fail(llvm::toString(library.takeError()));
  llvm::Expected<Policy> policy = Policy::loadFor(*library, policyFile);
  if (!policy)
    fail(llvm::toString(policy.takeError()));

  auto buffer = llvm::MemoryBuffer::getFile(situationFile);
  if (!buffer)
    fail("cannot read " + situationFile + ": " + buffer.getError().message());
  llvm::Expected<json::Value> parsed = ks::parseJson((*buffer)->getBuffer());
  if (!parsed)
    fail(situationFile + ": not valid JSON: " + llvm::toString(parsed.takeError()));
  const json::Object *root = parsed->getAsObject();
  const json::Object *features = root ? root->getObject("features") : nullptr;
  if (!features)
    fail(situationFile + ": needs a \"features\" object");
  PlanInput input;
  input.features = *features;
  if (const json::Object *metrics = root->getObject("metrics"))
    input.metrics = *metrics;
  input.base = root->getString("base").value_or("seed").str();
  if (llvm::Error err = checkPrecision(precision))
    fail(llvm::toString(std::move(err)));
  input.precision = precision;
  if (const json::Array *trajectory = root->getArray("trajectory")) {
    for (auto [i, item] : llvm::enumerate(*trajectory)) {
      const json::Object *o = item.getAsObject();
      std::optional<llvm::StringRef> skill = o ? o->getString("skill") : std::nullopt;
      if (!skill)
        fail(llvm::formatv("{0}: trajectory[{1}] needs a \"skill\"", situationFile, i));
      Attempt a;
      a.skill = skill->str();
      a.base = o->getString("base").value_or("seed").str();
      a.outcome = o->getString("outcome").value_or("").str();
      a.diagnosis = o->getString("diagnosis").value_or("").str();
      if (const json::Object *params = o->getObject("params"))
        for (const auto &kv : *params)
          a.params[kv.first.str()] = kv.second.getAsInteger().value_or(0);
      input.trajectory.push_back(std::move(a));
    }
  }
  // The Diagnoser's verdict on the last attempt: {"skill", "kind", "params"}.
  if (const json::Object *repair = root->getObject("repair")) {
    PlanInput::Repair r;
    r.skill = repair->getString("skill").value_or("").str();
    r.kind = repair->getString("kind").value_or("").str();
    if (const json::Object *params = repair->getObject("params"))
      for (const auto &kv : *params)
        r.from[kv.first.str()] = kv.second.getAsInteger().value_or(0);
    if (r.skill.empty() || r.kind.empty())
      fail(situationFile + ": \"repair\" needs \"skill\" and \"kind\"");
    input.repair = std::move(r);
  }
  Decision d = plan(input, *policy, *library);
  LlmOptions llmOptions = llmOptionsFromCL();
  if (!llmOptions.enabled()) {
    llvm::outs() << llvm::formatv("{0:2}", json::Value(d.toJson())) << "\n";
    return 0;
  }
  llvm::Expected<std::unique_ptr<LlmClient>> client = LlmClient::create(llmOptions);
  if (!client)
    fail(llvm::toString(client.takeError()));
  std::string decidedBy = "policy", rejected;
  if (d.skill) {
    LlmPlan answer = planWithLlm(**client, input, d, *library);
    if (answer.fatal)
      fail(answer.rejected);
    if (answer.decision) {
      d = std::move(*answer.decision);
      decidedBy = "llm";
    }
    rejected = answer.rejected;
  } else {
    rejected = "not asked: the policy leaves nothing to choose";
  }
  json::Object out = d.toJson();
  out["decided_by"] = decidedBy;
  if (!rejected.empty())
    out["llm_rejected"] = rejected;
  out["llm"] = (*client)->stats();
  llvm::outs() << llvm::formatv("{0:2}", json::Value(std::move(out))) << "\n";
  return 0;
}
