//===- LlmSkillAuthor.cpp - A language model writes a new skill -----------===//

#include "ks/Agents/LlmSkillAuthor.h"

#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace ks::agents;
namespace json = llvm::json;

namespace {
const std::string kAuthorSystem = systemPrompt(
    "skill author",
    "optimizes GPU kernels with skills: transform-dialect scripts run by MLIR's transform "
    "interpreter on one linalg op (a dispatch, on memrefs, in a func.func) that must end up inside "
    "a gpu.launch. No skill in the library is left to try on the dispatch the user describes. "
    "Write a new one. Rules: the script defines transform.named_sequence @apply(%op: "
    "!transform.any_op {transform.consumed}) and any sequences it includes; it holds "
    "transform-dialect ops only; it has no ${...} parameters (write the numbers); it must not use "
    "transform.apply_registered_pass. The example skill shows the form (its ${NAME} are "
    "parameters, given with their defaults).",
    "{\"name\": \"<snake_case, at most 40 characters>\", \"summary\": \"<one sentence: what it "
    "does and why it should be faster>\", \"script\": \"<the script>\"}");

std::string firstLine(llvm::StringRef s) { return s.split('\n').first.trim().str(); }
} // namespace

llvm::Expected<std::string> ks::agents::vetDraftScript(llvm::StringRef script,
                                                       mlir::MLIRContext &context,
                                                       llvm::StringRef precision) {
  if (script.size() > 64 * 1024)
    return llvm::createStringError("the script is over 64 KiB");
  if (script.contains("${"))
    return llvm::createStringError("the script has a ${...} parameter: a draft takes none");
  std::string text =
      ("module attributes {transform.with_named_sequence} {\n" + script + "\n}\n").str();
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error && diagnostics.empty())
      diagnostics = d.str();
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, mlir::ParserConfig(&context));
  if (!module)
    return llvm::createStringError("the script does not parse: " + firstLine(diagnostics));
  std::string refused;
  // The loosest numerics its kernels have: a tensor-core GEMM's precision.
  std::string numerics = "exact";
  module->getBody()->walk([&](mlir::Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    // (By name: ks-plan links no ks transform ops, which the context has.)
    if (name == "transform.ks.matmul_mma_sync")
      if (auto precisionAttr = op->getAttrOfType<mlir::StringAttr>("precision"))
        if (precisionAttr.getValue() != "fma" &&
            !precisionAllows(numerics, precisionAttr.getValue()))
          numerics = precisionAttr.getValue().str();
    if (op->getName().getDialectNamespace() != "transform") {
      refused = "op '" + name.str() + "' is not a transform op: a draft holds transform ops only";
      return mlir::WalkResult::interrupt();
    }
    if (name == "transform.apply_registered_pass") {
      refused = "op '" + name.str() +
                "' may run any pass, some of which write files: not allowed in a draft";
      return mlir::WalkResult::interrupt();
    }
    if (auto seq = llvm::dyn_cast<mlir::transform::NamedSequenceOp>(op))
      if (seq.isExternal()) {
        refused = "named sequence @" + seq.getSymName().str() +
                  " has no body: a draft may not load code from elsewhere";
        return mlir::WalkResult::interrupt();
      }
    return mlir::WalkResult::advance();
  });
  if (!refused.empty())
    return llvm::createStringError(refused);
  if (!llvm::isa_and_nonnull<mlir::transform::NamedSequenceOp>(module->lookupSymbol("apply")))
    return llvm::createStringError("the script defines no transform.named_sequence @apply");
  if (std::string outside = outsidePrecision(numerics, precision); !outside.empty())
    return llvm::createStringError(outside);
  return numerics;
}

LlmAuthored ks::agents::authorWithLlm(LlmClient &client, const PlanInput &input,
                                      const Decision &policyDecision,
                                      const SkillLibrary &library, mlir::MLIRContext &context) {
  LlmAuthored out;
  std::string opClass = input.features.getString("op_class").value_or("").str();
  // The example: a skill written for this op class, else the first one.
  const Skill *example = nullptr;
  for (const Skill &s : library.skills())
    if (llvm::is_contained(s.opClasses, opClass)) {
      example = &s;
      break;
    }
  if (!example && !library.skills().empty())
    example = &library.skills().front();
  json::Object user{{"dispatch_features", json::Object(input.features)},
                    {"profile", json::Object(input.metrics)},
                    {"situation", json::Object{{"tier", policyDecision.tier},
                                               {"bottleneck", policyDecision.bottleneck},
                                               {"structure", policyDecision.structure},
                                               {"policy", policyDecision.rule}}},
                    {"tried", json::Array(policyDecision.earlier)},
                    {"passed_over", json::Array(policyDecision.passedOver)}};
  if (example) {
    json::Object defaults;
    for (const auto &kv : example->defaults)
      defaults[kv.first().str()] = kv.second;
    user["example_skill"] = json::Object{{"id", example->id},
                                         {"summary", example->summary},
                                         {"defaults", std::move(defaults)},
                                         {"script", example->scriptText}};
  }
  LlmAnswer answer = askForObject(client, "author", kAuthorSystem, json::Value(std::move(user)));
  if (!answer.object) {
    out.rejected = answer.error;
    out.fatal = answer.fatal;
    return out;
  }
  std::optional<llvm::StringRef> name = answer.object->getString("name");
  std::optional<llvm::StringRef> summary = answer.object->getString("summary");
  std::optional<llvm::StringRef> script = answer.object->getString("script");
  auto validName = [](llvm::StringRef n) {
    return !n.empty() && n.size() <= 40 && llvm::isLower(n.front()) &&
           llvm::all_of(n, [](char c) { return llvm::isLower(c) || llvm::isDigit(c) || c == '_'; });
  };
  if (!name || !validName(*name)) {
    out.rejected = "\"name\" must be snake_case, at most 40 characters";
    return out;
  }
  if (!summary || summary->trim().empty()) {
    out.rejected = "\"summary\" is missing or empty";
    return out;
  }
  if (!script) {
    out.rejected = "\"script\" is missing or not a string";
    return out;
  }
  // What it addresses: the bottleneck the policy saw ("none" is no
  // bottleneck a policy names: under-utilization is the closest).
  std::string bottleneck =
      policyDecision.bottleneck == "none" ? "underutilized" : policyDecision.bottleneck;
  DraftSkill draft{"learned_" + name->str(), summary->trim().take_front(300).str(),
                   script->str(), opClass, bottleneck};
  if (library.find(draft.id)) {
    out.rejected = "a skill named " + draft.id + " already exists";
    return out;
  }
  llvm::Expected<std::string> numerics = vetDraftScript(draft.script, context, input.precision);
  if (!numerics) {
    out.rejected = "script refused: " + llvm::toString(numerics.takeError());
    return out;
  }
  draft.numerics = *numerics;
  out.draft = std::move(draft);
  return out;
}

llvm::Expected<std::string> ks::agents::writeDraftSkill(const DraftSkill &draft,
                                                        llvm::StringRef dir,
                                                        const json::Object &evidence) {
  llvm::SmallString<256> target(dir);
  llvm::sys::path::append(target, draft.id);
  if (llvm::sys::fs::exists(target))
    return llvm::createStringError(target.str().str() + " already exists");
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError("cannot create " + dir.str() + ": " + ec.message());
  // Written beside the target and renamed: whole or not at all.
  llvm::SmallString<256> staging(dir);
  llvm::sys::path::append(staging, "." + draft.id + ".partial");
  llvm::sys::fs::remove_directories(staging);
  if (std::error_code ec = llvm::sys::fs::create_directory(staging))
    return llvm::createStringError("cannot create " + staging.str().str() + ": " + ec.message());
  auto write = [&](llvm::StringRef name, llvm::StringRef content) -> llvm::Error {
    llvm::SmallString<256> path(staging);
    llvm::sys::path::append(path, name);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return llvm::createStringError("cannot write " + path.str().str() + ": " + ec.message());
    os << content;
    os.close();
    if (os.has_error())
      return llvm::createStringError("cannot write " + path.str().str() + ": " +
                                     os.error().message());
    return llvm::Error::success();
  };
  json::Object descriptor{
      {"id", draft.id},
      {"category", "learned"},
      {"numerics", draft.numerics},
      {"summary", draft.summary},
      {"script", draft.id + ".mlir"},
      {"op_classes", json::Array{draft.opClass}},
      {"applies_when", json::Array{}},
      {"addresses", json::Array{draft.bottleneck}},
      {"params", json::Object{}},
      {"defaults", json::Object{}},
      {"pitfalls", json::Array{"written by an LLM (the ks skill author) and not yet reviewed "
                               "by a person; checked only on the dispatch in evidence.json"}},
      {"test", "none yet: a draft; a person adds its lit test when promoting it"}};
  std::string descriptorText, evidenceText;
  llvm::raw_string_ostream(descriptorText) << llvm::formatv("{0:2}", json::Value(std::move(descriptor))) << "\n";
  std::string scriptText = "// Draft skill written by an LLM (ks-tune --ks-llm-author): review it,\n"
                           "// then move it out of learned/ and name it in a policy case.\n" +
                           draft.script + "\n";
  llvm::Error err = write("skill.json", descriptorText);
  if (!err)
    err = write(draft.id + ".mlir", scriptText);
  if (!err && !evidence.empty()) {
    llvm::raw_string_ostream(evidenceText) << llvm::formatv("{0:2}", json::Value(json::Object(evidence))) << "\n";
    err = write("evidence.json", evidenceText);
  }
  if (!err) {
    if (std::error_code ec = llvm::sys::fs::rename(staging, target))
      err = llvm::createStringError("cannot rename " + staging.str().str() + ": " + ec.message());
  }
  if (err) {
    llvm::sys::fs::remove_directories(staging);
    return std::move(err);
  }
  // Loadable as a skill, or not kept.
  llvm::SmallString<256> descriptorPath(target);
  llvm::sys::path::append(descriptorPath, "skill.json");
  llvm::Expected<Skill> loaded = loadSkill(descriptorPath);
  if (!loaded) {
    llvm::sys::fs::remove_directories(target);
    return loaded.takeError();
  }
  return target.str().str();
}
