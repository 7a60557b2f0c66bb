//===- LlmClient.h - Chat completions over HTTP, recorded or replayed -*- C++ -*-===//
//
// The one way the agents talk to a language model: a system and a user
// message in, the reply's text out. Two wire formats: OpenAI-compatible
// chat completions (OpenAI, vLLM, llama.cpp's server, Ollama, ...) and
// Anthropic's messages API. libcurl is loaded at run time (dlopen), like the
// CUDA driver, so ks runs where it is missing and says so when an LLM is
// asked for. TLS certificates are verified, every exchange has a timeout,
// 429 and 5xx answers and timeouts are retried with exponential backoff,
// and a run has a budget of calls and tokens.
//
// Record (every exchange appended to a JSON-lines file as it completes) and
// replay (the same exchanges served from that file, with no network, in
// order; a prompt that differs from the recording stops the run) make a
// session reproducible. The API key is read from an environment variable
// and is never logged, recorded or reported.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_LLMCLIENT_H
#define KS_AGENTS_LLMCLIENT_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ks::agents {

struct LlmOptions {
  /// "openai" or "anthropic"; empty: no LLM (the deterministic policy).
  std::string provider;
  /// Base URL (default: the provider's public API); the client appends
  /// /chat/completions or /messages.
  std::string endpoint;
  std::string model;
  /// The environment variable holding the key (default OPENAI_API_KEY or
  /// ANTHROPIC_API_KEY). Unset: no key is sent (local servers need none).
  std::string apiKeyEnv;
  /// CA certificates to verify the endpoint with (PEM; default: the
  /// system's), e.g. for a private endpoint.
  std::string caFile;
  std::string recordPath, replayPath;
  double timeoutSeconds = 60;
  unsigned retries = 3;
  double backoffSeconds = 1; ///< Doubled after each retry (or Retry-After).
  unsigned maxCalls = 64;
  int64_t maxTokens = 200000; ///< Input plus output tokens, over the run.
  int64_t maxOutputTokens = 2048;
  int64_t maxResponseBytes = 1 << 20;
  /// Let the skill author propose new transform scripts when no skill is left.
  bool author = false;

  bool enabled() const { return !provider.empty() || !replayPath.empty(); }
};

/// Registers the --ks-llm* command-line options (ks-opt, ks-tune, ks-plan).
void registerLlmCLOptions();
/// The options as given on the command line (after registerLlmCLOptions).
LlmOptions llmOptionsFromCL();

/// One exchange's result. A failure is not fatal to a run (the policy
/// decides instead) unless `fatal`: a replay that no longer matches.
struct LlmResult {
  bool ok = false;
  std::string text;  ///< The reply (ok).
  std::string error; ///< Why there is none (not ok).
  bool fatal = false;
  int64_t inputTokens = 0, outputTokens = 0;
  double latencyMs = 0;
  unsigned attempts = 0; ///< HTTP requests made (1 + retries).
};

class LlmClient {
public:
  /// Checks the options (provider, model, files); opens the recording or
  /// reads the replay. Errors name the option.
  static llvm::Expected<std::unique_ptr<LlmClient>> create(const LlmOptions &options);
  ~LlmClient();

  /// `role` says which agent asks ("planner", "diagnoser", "author"); it is
  /// recorded and, on replay, must match. Thread-safe.
  LlmResult complete(llvm::StringRef role, llvm::StringRef system, llvm::StringRef user);

  /// Calls, failures, retries, tokens and latency, in total and per role.
  llvm::json::Object stats() const;
  const LlmOptions &options() const { return opts; }
  /// "openai gpt-x at URL", "replay of FILE": for logs and reports.
  std::string describe() const;

private:
  explicit LlmClient(LlmOptions options) : opts(std::move(options)) {}
  LlmResult exchange(llvm::StringRef system, llvm::StringRef user);
  void redactKey(std::string &text) const;
  LlmResult replayNext(llvm::StringRef role, llvm::StringRef system, llvm::StringRef user);
  void record(llvm::StringRef role, llvm::StringRef system, llvm::StringRef user,
              const LlmResult &result);
  void count(llvm::StringRef role, const LlmResult &result);

  LlmOptions opts;
  std::string apiKey;
  std::unique_ptr<llvm::raw_fd_ostream> recording;
  std::vector<llvm::json::Object> replay;
  size_t replayed = 0;
  int64_t calls = 0, tokens = 0;
  llvm::json::Object totals, byRole;
  mutable std::mutex lock;
};

/// An agent's question answered with one JSON object, or why not.
struct LlmAnswer {
  std::optional<llvm::json::Object> object;
  std::string error; ///< The exchange failed, or the reply is not one JSON object.
  bool fatal = false; ///< As in LlmResult.
};

/// An agent's system prompt: "You are the ROLE of KernelSkill, an MLIR
/// compiler that TASK", then that it answers with exactly one JSON object,
/// shaped as `answer` (what askForObject parses).
std::string systemPrompt(llvm::StringRef role, llvm::StringRef task, llvm::StringRef answer);

/// Asks `client` with `user` (printed as indented JSON) and parses the reply
/// with parseReplyObject.
LlmAnswer askForObject(LlmClient &client, llvm::StringRef role, llvm::StringRef system,
                       const llvm::json::Value &user);

/// The first JSON object in a model's reply: the whole reply, or the body of
/// a ``` fence; an error quotes the start of the reply.
llvm::Expected<llvm::json::Object> parseReplyObject(llvm::StringRef reply);

} // namespace ks::agents

#endif // KS_AGENTS_LLMCLIENT_H
