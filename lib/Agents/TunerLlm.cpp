//===- TunerLlm.cpp - The LLM agents the search consults ------------------===//
//
// Where the tuner runs with an LLM: the skill author asked for a script
// when the library has nothing left for a dispatch, a winning draft kept
// for review, and the diagnoser asked about a failed attempt. Each answer
// is checked; a rejected one leaves the policy's decision.
//
//===----------------------------------------------------------------------===//

#include "TunerImpl.h"

#include "llvm/Support/FormatVariadic.h"

using namespace ks::agents;
using namespace ks::agents::tuner;

llvm::Error Tuner::askAuthor(DispatchSearch &s, PlanInput &input, Batch &batch) {
  s.authorAsked = true;
  Decision last = plan(input, *policy, *library);
  if (!vetContext)
    vetContext = createContext();
  LlmAuthored authored = authorWithLlm(*llm, input, last, *library, *vetContext);
  if (authored.fatal)
    return llvm::createStringError(authored.rejected);
  if (authored.draft) {
    if (llvm::Error err = addDraft(*authored.draft)) {
      authored.rejected = llvm::toString(std::move(err));
      authored.draft.reset();
    }
  }
  if (!authored.draft) {
    say("  LLM skill author's script not used: " + authored.rejected);
    s.authorNote = json::Object{{"rejected", authored.rejected}};
    countDecision("author", "refused");
    return llvm::Error::success();
  }
  const DraftSkill &draft = *authored.draft;
  say("  LLM skill author proposes " + draft.id + ": " + draft.summary);
  s.authorNote = json::Object{{"draft", draft.id}, {"summary", draft.summary}};
  countDecision("author", "vetted");
  last.skill = draft.id;
  last.params.clear();
  last.evidence = json::Object();
  last.rule = "llm skill author (no library skill left: " + last.rule + "): " + draft.summary;
  batch.decidedBy.push_back("llm-author");
  batch.llmRejected.push_back("");
  input.trajectory.push_back(Attempt{"seed", draft.id, {}, "pending"});
  batch.decisions.push_back(std::move(last));
  s.stopped = "round budget";
  return llvm::Error::success();
}

void Tuner::saveWinningDraft(const DispatchSearch &s, const DraftSkill &draft,
                             const Measurement &m, double us, json::Object &attempt) {
  // A draft that wins is kept for a person to review, with the
  // evidence; the policy does not select it.
  json::Object evidence{{"module", opts.module},
                        {"dispatch", s.f.id},
                        {"features", json::Object(s.featureJson)},
                        {"base_kernel_us", s.baseUs},
                        {"kernel_us", us},
                        {"measured", onGpu ? "gpu" : "cost model"},
                        {"numerics", m.numerics}};
  std::string notSaved;
  if (m.numerics.empty()) {
    notSaved = "not saved: its numerics were not checked (" + cpuCheckNote + ")";
  } else if (llvm::Expected<std::string> saved =
                 writeDraftSkill(draft, learnedDir(), evidence)) {
    attempt["draft_saved"] = *saved;
    say("  draft skill saved for review: " + *saved);
  } else {
    notSaved = llvm::toString(saved.takeError());
  }
  if (!notSaved.empty()) {
    attempt["draft_not_saved"] = notSaved;
    say("  draft skill " + draft.id + " " + notSaved);
  }
}

llvm::Error Tuner::askDiagnoser(const DispatchSearch &s, const Decision &decision,
                                   Measurement &m, json::Object &attempt, std::string &failure) {
  int64_t d = s.f.id;
  json::Object what{{"outcome", m.outcome}, {"message", m.message}};
  if (!m.numerics.empty())
    what["numerics"] = m.numerics;
  if (m.metrics.count(d))
    what["spill_bytes"] = m.metrics[d].getInteger("spill_bytes").value_or(0);
  LlmDiagnosis g = diagnoseWithLlm(*llm, *library->find(*decision.skill), decision.params, what,
                                   s.featureJson);
  if (g.fatal)
    return llvm::createStringError(g.rejected);
  if (g.action.empty()) {
    attempt["llm_diagnosis_rejected"] = g.rejected;
    say("  LLM diagnoser's answer not used: " + g.rejected);
    countDecision("diagnoser", "policy");
  } else {
    attempt["llm_diagnosis"] = json::Object{{"root_cause", g.rootCause}, {"action", g.action}};
    failure = llvm::StringRef(g.action).starts_with("repair:") ? g.action.substr(7) : "";
    countDecision("diagnoser", "llm");
  }
  return llvm::Error::success();
}
