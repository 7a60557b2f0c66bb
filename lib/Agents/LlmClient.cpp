//===- LlmClient.cpp - Chat completions over HTTP, recorded or replayed ---===//

#include "ks/Agents/LlmClient.h"

#include "ks/Support/Json.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/MemoryBuffer.h"

// Types and constants only: the library itself is loaded at run time.
#include <curl/curl.h>

#include <chrono>
#include <cmath>
#include <thread>

using namespace ks::agents;
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// Command-line options
//===----------------------------------------------------------------------===//

namespace {
struct LlmCLOptions {
  llvm::cl::OptionCategory category{"KernelSkill LLM agents"};
  llvm::cl::opt<std::string> provider{
      "ks-llm", llvm::cl::cat(category),
      llvm::cl::desc("Let a language model plan, diagnose and (with --ks-llm-author) write "
                     "skills: 'openai' (any OpenAI-compatible chat completions server) or "
                     "'anthropic'")};
  llvm::cl::opt<std::string> endpoint{
      "ks-llm-endpoint", llvm::cl::cat(category),
      llvm::cl::desc("Base URL of the API (default: the provider's public one)")};
  llvm::cl::opt<std::string> model{"ks-llm-model", llvm::cl::cat(category),
                                   llvm::cl::desc("Model name")};
  llvm::cl::opt<std::string> keyEnv{
      "ks-llm-key-env", llvm::cl::cat(category),
      llvm::cl::desc("Environment variable holding the API key (default OPENAI_API_KEY or "
                     "ANTHROPIC_API_KEY)")};
  llvm::cl::opt<std::string> caFile{
      "ks-llm-ca-file", llvm::cl::cat(category),
      llvm::cl::desc("CA certificates (PEM) to verify the endpoint with")};
  llvm::cl::opt<std::string> record{
      "ks-llm-record", llvm::cl::cat(category),
      llvm::cl::desc("Write every LLM exchange to this JSON-lines file")};
  llvm::cl::opt<std::string> replay{
      "ks-llm-replay", llvm::cl::cat(category),
      llvm::cl::desc("Answer every LLM request from this recording (no network)")};
  llvm::cl::opt<double> timeout{"ks-llm-timeout", llvm::cl::cat(category),
                                llvm::cl::init(60.0),
                                llvm::cl::desc("Seconds per HTTP request")};
  llvm::cl::opt<unsigned> retries{
      "ks-llm-retries", llvm::cl::cat(category), llvm::cl::init(3),
      llvm::cl::desc("Retries after a timeout, a 429 or a 5xx answer")};
  llvm::cl::opt<double> backoff{
      "ks-llm-backoff", llvm::cl::cat(category), llvm::cl::init(1.0),
      llvm::cl::desc("Seconds before the first retry, doubled after each")};
  llvm::cl::opt<unsigned> maxCalls{"ks-llm-max-calls", llvm::cl::cat(category),
                                   llvm::cl::init(64),
                                   llvm::cl::desc("LLM calls per run at most")};
  llvm::cl::opt<int64_t> maxTokens{
      "ks-llm-max-tokens", llvm::cl::cat(category), llvm::cl::init(200000),
      llvm::cl::desc("Input plus output tokens per run at most")};
  llvm::cl::opt<int64_t> maxOutputTokens{
      "ks-llm-max-output-tokens", llvm::cl::cat(category), llvm::cl::init(2048),
      llvm::cl::desc("Output tokens per answer at most")};
  llvm::cl::opt<int64_t> maxResponseBytes{
      "ks-llm-max-response-bytes", llvm::cl::cat(category), llvm::cl::init(1 << 20),
      llvm::cl::desc("Larger HTTP answers are refused")};
  llvm::cl::opt<bool> author{
      "ks-llm-author", llvm::cl::cat(category), llvm::cl::init(false),
      llvm::cl::desc("When no skill is left for a dispatch, let the LLM propose a transform "
                     "script (run only in the transform interpreter; a winner is saved as a "
                     "draft skill)")};
};
llvm::ManagedStatic<LlmCLOptions> clOptions;
} // namespace

void ks::agents::registerLlmCLOptions() { *clOptions; }

LlmOptions ks::agents::llmOptionsFromCL() {
  LlmOptions o;
  if (!clOptions.isConstructed())
    return o;
  o.provider = clOptions->provider;
  o.endpoint = clOptions->endpoint;
  o.model = clOptions->model;
  o.apiKeyEnv = clOptions->keyEnv;
  o.caFile = clOptions->caFile;
  o.recordPath = clOptions->record;
  o.replayPath = clOptions->replay;
  o.timeoutSeconds = clOptions->timeout;
  o.retries = clOptions->retries;
  o.backoffSeconds = clOptions->backoff;
  o.maxCalls = clOptions->maxCalls;
  o.maxTokens = clOptions->maxTokens;
  o.maxOutputTokens = clOptions->maxOutputTokens;
  o.maxResponseBytes = clOptions->maxResponseBytes;
  o.author = clOptions->author;
  return o;
}

//===----------------------------------------------------------------------===//
// libcurl, loaded at run time
//===----------------------------------------------------------------------===//

namespace {
struct Curl {
  CURLcode (*globalInit)(long);
  CURL *(*easyInit)();
  CURLcode (*setopt)(CURL *, CURLoption, ...);
  CURLcode (*perform)(CURL *);
  CURLcode (*getinfo)(CURL *, CURLINFO, ...);
  void (*cleanup)(CURL *);
  const char *(*strerror)(CURLcode);
  curl_slist *(*slistAppend)(curl_slist *, const char *);
  void (*slistFree)(curl_slist *);
  std::string error; ///< Why it could not be loaded.
};

const Curl &curl() {
  static const Curl loaded = [] {
    Curl c{};
    std::string err;
    llvm::sys::DynamicLibrary lib;
    for (const char *name : {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"}) {
      lib = llvm::sys::DynamicLibrary::getPermanentLibrary(name, &err);
      if (lib.isValid())
        break;
    }
    if (!lib.isValid()) {
      c.error = "the LLM agents need libcurl (libcurl.so.4), which is not installed: " + err;
      return c;
    }
    auto get = [&](const char *symbol, auto &fn) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(lib.getAddressOfSymbol(symbol));
      if (!fn && c.error.empty())
        c.error = std::string("libcurl lacks ") + symbol;
    };
    get("curl_global_init", c.globalInit);
    get("curl_easy_init", c.easyInit);
    get("curl_easy_setopt", c.setopt);
    get("curl_easy_perform", c.perform);
    get("curl_easy_getinfo", c.getinfo);
    get("curl_easy_cleanup", c.cleanup);
    get("curl_easy_strerror", c.strerror);
    get("curl_slist_append", c.slistAppend);
    get("curl_slist_free_all", c.slistFree);
    if (c.error.empty())
      c.globalInit(CURL_GLOBAL_DEFAULT);
    return c;
  }();
  return loaded;
}

struct Transfer {
  std::string body;
  int64_t limit = 0;
  bool overLimit = false;
  double retryAfter = -1;
};

size_t onBody(char *data, size_t size, size_t count, void *user) {
  auto *t = static_cast<Transfer *>(user);
  size_t n = size * count;
  if (int64_t(t->body.size() + n) > t->limit) {
    t->overLimit = true;
    return 0; // Makes libcurl stop with CURLE_WRITE_ERROR.
  }
  t->body.append(data, n);
  return n;
}

size_t onHeader(char *data, size_t size, size_t count, void *user) {
  auto *t = static_cast<Transfer *>(user);
  llvm::StringRef line(data, size * count);
  auto [name, value] = line.split(':');
  if (name.trim().equals_insensitive("retry-after")) {
    double seconds;
    if (!value.trim().getAsDouble(seconds))
      t->retryAfter = seconds;
  }
  return size * count;
}

std::string errorMessageIn(llvm::StringRef body) {
  llvm::Expected<json::Value> v = ks::parseJson(body);
  if (!v) {
    llvm::consumeError(v.takeError());
    return body.take_front(200).trim().str();
  }
  if (const json::Object *o = v->getAsObject()) {
    if (const json::Object *e = o->getObject("error"))
      if (std::optional<llvm::StringRef> m = e->getString("message"))
        return m->str();
    if (std::optional<llvm::StringRef> m = o->getString("error"))
      return m->str();
  }
  return body.take_front(200).trim().str();
}

void add(json::Object &o, llvm::StringRef key, double by) {
  o[key] = o.getNumber(key).value_or(0) + by;
}
} // namespace

//===----------------------------------------------------------------------===//
// LlmClient
//===----------------------------------------------------------------------===//

llvm::Expected<std::unique_ptr<LlmClient>> LlmClient::create(const LlmOptions &options) {
  LlmOptions o = options;
  bool replaying = !o.replayPath.empty();
  if (!replaying) {
    if (o.provider != "openai" && o.provider != "anthropic")
      return llvm::createStringError("--ks-llm must be 'openai' or 'anthropic', not '" +
                                     o.provider + "'");
    if (o.model.empty())
      return llvm::createStringError("--ks-llm=" + o.provider +
                                     " needs a model name (--ks-llm-model)");
    if (o.endpoint.empty())
      o.endpoint = o.provider == "openai" ? "https://api.openai.com/v1"
                                          : "https://api.anthropic.com/v1";
    llvm::StringRef url(o.endpoint);
    if (!url.starts_with("https://") && !url.starts_with("http://"))
      return llvm::createStringError("--ks-llm-endpoint must be an http:// or https:// URL, not '" +
                                     o.endpoint + "'");
    if (o.apiKeyEnv.empty())
      o.apiKeyEnv = o.provider == "openai" ? "OPENAI_API_KEY" : "ANTHROPIC_API_KEY";
    if (!o.caFile.empty() && !llvm::sys::fs::exists(o.caFile))
      return llvm::createStringError("--ks-llm-ca-file: no such file: " + o.caFile);
    if (!curl().error.empty())
      return llvm::createStringError("--ks-llm: " + curl().error);
  }
  if (o.timeoutSeconds <= 0)
    return llvm::createStringError("--ks-llm-timeout must be positive");
  std::unique_ptr<LlmClient> client(new LlmClient(o));
  if (!replaying) {
    if (const char *key = std::getenv(o.apiKeyEnv.c_str()))
      client->apiKey = key;
  } else {
    auto buffer = llvm::MemoryBuffer::getFile(o.replayPath);
    if (!buffer)
      return llvm::createStringError("--ks-llm-replay: cannot read " + o.replayPath + ": " +
                                     buffer.getError().message());
    llvm::SmallVector<llvm::StringRef> lines;
    (*buffer)->getBuffer().split(lines, '\n', -1, false);
    for (auto [i, line] : llvm::enumerate(lines)) {
      llvm::Expected<json::Value> v = ks::parseJson(line);
      const json::Object *entry = v ? v->getAsObject() : nullptr;
      if (!entry || !entry->getString("role") || !entry->getString("system") ||
          !entry->getString("user")) {
        if (!v)
          llvm::consumeError(v.takeError());
        return llvm::createStringError(
            llvm::formatv("--ks-llm-replay: {0}: line {1} is not a recorded exchange (a JSON "
                          "object with role, system and user)",
                          o.replayPath, i + 1)
                .str());
      }
      client->replay.push_back(*entry);
    }
  }
  if (!o.recordPath.empty()) {
    std::error_code ec;
    client->recording =
        std::make_unique<llvm::raw_fd_ostream>(o.recordPath, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return llvm::createStringError("--ks-llm-record: cannot write " + o.recordPath + ": " +
                                     ec.message());
  }
  return client;
}

LlmClient::~LlmClient() = default;

std::string LlmClient::describe() const {
  if (!opts.replayPath.empty())
    return "replay of " + opts.replayPath;
  return opts.provider + " " + opts.model + " at " + opts.endpoint;
}

/// A server may echo the request's headers (an error body, a confused
/// answer): its words never carry the key on to stderr, the trajectory or
/// the recording.
void LlmClient::redactKey(std::string &text) const {
  if (apiKey.empty())
    return;
  for (size_t at = text.find(apiKey); at != std::string::npos;
       at = text.find(apiKey, at))
    text.replace(at, apiKey.size(), "[redacted]");
}

LlmResult LlmClient::complete(llvm::StringRef role, llvm::StringRef system,
                              llvm::StringRef user) {
  std::lock_guard<std::mutex> guard(lock);
  LlmResult r;
  // The budget is checked the same way live and on replay, so a replayed
  // session runs out where the recorded one did.
  if (calls >= int64_t(opts.maxCalls)) {
    r.error = llvm::formatv("the LLM call budget ({0} calls) is spent", opts.maxCalls);
  } else if (tokens >= opts.maxTokens) {
    r.error = llvm::formatv("the LLM token budget ({0} tokens) is spent", opts.maxTokens);
  } else {
    ++calls;
    r = opts.replayPath.empty() ? exchange(system, user) : replayNext(role, system, user);
    redactKey(r.text);
    redactKey(r.error);
    tokens += r.inputTokens + r.outputTokens;
    if (!r.fatal)
      record(role, system, user, r);
  }
  count(role, r);
  return r;
}

LlmResult LlmClient::exchange(llvm::StringRef system, llvm::StringRef user) {
  LlmResult r;
  const Curl &c = curl();
  bool openai = opts.provider == "openai";
  std::string url = llvm::StringRef(opts.endpoint).rtrim('/').str() +
                    (openai ? "/chat/completions" : "/messages");
  json::Object body{{"model", opts.model}, {"max_tokens", opts.maxOutputTokens},
                    {"temperature", 0}};
  if (openai) {
    body["messages"] = json::Array{json::Object{{"role", "system"}, {"content", system}},
                                   json::Object{{"role", "user"}, {"content", user}}};
  } else {
    body["system"] = system;
    body["messages"] = json::Array{json::Object{{"role", "user"}, {"content", user}}};
  }
  std::string payload;
  llvm::raw_string_ostream(payload) << json::Value(std::move(body));

  auto started = std::chrono::steady_clock::now();
  double wait = opts.backoffSeconds;
  for (unsigned attempt = 0;; ++attempt) {
    r.attempts = attempt + 1;
    Transfer t;
    t.limit = opts.maxResponseBytes;
    CURL *h = c.easyInit();
    if (!h) {
      r.error = "libcurl could not start a transfer";
      break;
    }
    curl_slist *headers = c.slistAppend(nullptr, "Content-Type: application/json");
    if (!apiKey.empty()) {
      std::string auth = openai ? "Authorization: Bearer " + apiKey : "x-api-key: " + apiKey;
      headers = c.slistAppend(headers, auth.c_str());
    }
    if (!openai)
      headers = c.slistAppend(headers, "anthropic-version: 2023-06-01");
    char curlError[CURL_ERROR_SIZE] = {0};
    c.setopt(h, CURLOPT_URL, url.c_str());
    c.setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    c.setopt(h, CURLOPT_HTTPHEADER, headers);
    c.setopt(h, CURLOPT_POSTFIELDS, payload.c_str());
    c.setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(payload.size()));
    c.setopt(h, CURLOPT_WRITEFUNCTION, onBody);
    c.setopt(h, CURLOPT_WRITEDATA, &t);
    c.setopt(h, CURLOPT_HEADERFUNCTION, onHeader);
    c.setopt(h, CURLOPT_HEADERDATA, &t);
    c.setopt(h, CURLOPT_ERRORBUFFER, curlError);
    c.setopt(h, CURLOPT_NOSIGNAL, 1L);
    c.setopt(h, CURLOPT_TIMEOUT_MS, long(opts.timeoutSeconds * 1000));
    c.setopt(h, CURLOPT_CONNECTTIMEOUT_MS, long(std::min(opts.timeoutSeconds, 10.0) * 1000));
    c.setopt(h, CURLOPT_SSL_VERIFYPEER, 1L);
    c.setopt(h, CURLOPT_SSL_VERIFYHOST, 2L);
    if (!opts.caFile.empty())
      c.setopt(h, CURLOPT_CAINFO, opts.caFile.c_str());
    CURLcode code = c.perform(h);
    long status = 0;
    c.getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    c.cleanup(h);
    c.slistFree(headers);

    bool transient = false;
    std::string detail = curlError[0] ? curlError : c.strerror(code);
    if (t.overLimit) {
      r.error = llvm::formatv("the answer is over {0} bytes: refused", opts.maxResponseBytes);
    } else if (code == CURLE_OPERATION_TIMEDOUT) {
      r.error = llvm::formatv("no answer within {0} s", opts.timeoutSeconds);
      transient = true;
    } else if (code == CURLE_SSL_CONNECT_ERROR || code == CURLE_PEER_FAILED_VERIFICATION ||
               code == CURLE_SSL_CACERT_BADFILE || code == CURLE_SSL_CERTPROBLEM) {
      r.error = "TLS: " + detail;
    } else if (code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_HOST ||
               code == CURLE_GOT_NOTHING || code == CURLE_RECV_ERROR ||
               code == CURLE_SEND_ERROR) {
      r.error = "cannot reach " + url + ": " + detail;
      transient = true;
    } else if (code != CURLE_OK) {
      r.error = "HTTP request failed: " + detail;
    } else if (status == 429 || status >= 500) {
      r.error = llvm::formatv("HTTP {0}: {1}", status, errorMessageIn(t.body));
      transient = true;
    } else if (status != 200) {
      r.error = llvm::formatv("HTTP {0}: {1}{2}", status, errorMessageIn(t.body),
                              status == 401 || status == 403
                                  ? " (is " + opts.apiKeyEnv + " set to a valid key?)"
                                  : "");
    } else {
      // A completion: the reply's text and the token counts.
      r.error.clear();
      llvm::Expected<json::Value> v = ks::parseJson(t.body);
      const json::Object *o = v ? v->getAsObject() : nullptr;
      if (!v)
        llvm::consumeError(v.takeError());
      std::optional<std::string> text;
      if (o && openai) {
        if (const json::Array *choices = o->getArray("choices"))
          if (!choices->empty())
            if (const json::Object *first = (*choices)[0].getAsObject())
              if (const json::Object *m = first->getObject("message"))
                if (std::optional<llvm::StringRef> s = m->getString("content"))
                  text = s->str();
        if (const json::Object *u = o->getObject("usage")) {
          r.inputTokens = u->getInteger("prompt_tokens").value_or(0);
          r.outputTokens = u->getInteger("completion_tokens").value_or(0);
        }
      } else if (o) {
        if (const json::Array *content = o->getArray("content")) {
          std::string joined;
          for (const json::Value &block : *content)
            if (const json::Object *b = block.getAsObject())
              if (b->getString("type") == "text")
                joined += b->getString("text").value_or("").str();
          text = joined;
        }
        if (const json::Object *u = o->getObject("usage")) {
          r.inputTokens = u->getInteger("input_tokens").value_or(0);
          r.outputTokens = u->getInteger("output_tokens").value_or(0);
        }
      }
      if (text) {
        r.ok = true;
        r.text = std::move(*text);
      } else {
        r.error = std::string("the endpoint's answer is not a ") +
                  (openai ? "chat completion" : "message") + ": '" +
                  llvm::StringRef(t.body).take_front(80).str() + "'";
      }
    }
    if (r.ok || !transient || attempt >= opts.retries)
      break;
    double seconds = t.retryAfter >= 0 ? std::min(t.retryAfter, 60.0) : wait;
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    wait *= 2;
  }
  if (!r.ok && r.attempts > 1)
    r.error += llvm::formatv(" (after {0} attempts)", r.attempts).str();
  r.latencyMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
          .count();
  return r;
}

LlmResult LlmClient::replayNext(llvm::StringRef role, llvm::StringRef system,
                                llvm::StringRef user) {
  LlmResult r;
  if (replayed >= replay.size()) {
    r.fatal = true;
    r.error = llvm::formatv("replay of {0}: the session asks for exchange {1} ({2}), but the "
                            "recording holds {3}",
                            opts.replayPath, replayed + 1, role, replay.size());
    return r;
  }
  const json::Object &e = replay[replayed++];
  if (e.getString("role") != role || e.getString("system") != system ||
      e.getString("user") != user) {
    r.fatal = true;
    r.error = llvm::formatv("replay of {0}: exchange {1} was recorded for {2} with another "
                            "prompt than the {3} asks now: the session no longer matches "
                            "the recording",
                            opts.replayPath, replayed, e.getString("role").value_or("?"), role);
    return r;
  }
  r.ok = e.getBoolean("ok").value_or(false);
  r.text = e.getString("text").value_or("").str();
  r.error = e.getString("error").value_or("").str();
  r.inputTokens = e.getInteger("input_tokens").value_or(0);
  r.outputTokens = e.getInteger("output_tokens").value_or(0);
  r.latencyMs = e.getNumber("latency_ms").value_or(0);
  r.attempts = e.getInteger("attempts").value_or(1);
  return r;
}

void LlmClient::record(llvm::StringRef role, llvm::StringRef system, llvm::StringRef user,
                       const LlmResult &r) {
  if (!recording)
    return;
  // What was asked and answered; never the key or the headers.
  json::Object line{{"role", role},
                    {"system", system},
                    {"user", user},
                    {"ok", r.ok},
                    {"input_tokens", r.inputTokens},
                    {"output_tokens", r.outputTokens},
                    {"latency_ms", std::round(r.latencyMs * 10) / 10},
                    {"attempts", int64_t(r.attempts)}};
  if (r.ok)
    line["text"] = r.text;
  else
    line["error"] = r.error;
  *recording << json::Value(std::move(line)) << "\n";
  recording->flush();
}

void LlmClient::count(llvm::StringRef role, const LlmResult &r) {
  auto tally = [&](json::Object &o) {
    add(o, "requests", 1);
    add(o, r.ok ? "answered" : "failed", 1);
    add(o, "http_requests", r.attempts);
    add(o, "retries", r.attempts > 1 ? r.attempts - 1 : 0);
    add(o, "input_tokens", double(r.inputTokens));
    add(o, "output_tokens", double(r.outputTokens));
    add(o, "latency_ms", std::round(r.latencyMs * 10) / 10);
  };
  tally(totals);
  if (!byRole.getObject(role))
    byRole[role.str()] = json::Object{};
  tally(*byRole.getObject(role));
}

json::Object LlmClient::stats() const {
  std::lock_guard<std::mutex> guard(lock);
  json::Object o = totals;
  o["source"] = describe();
  o["by_role"] = json::Object(byRole);
  return o;
}

llvm::Expected<json::Object> ks::agents::parseReplyObject(llvm::StringRef reply) {
  llvm::StringRef text = reply.trim();
  if (text.starts_with("```")) {
    text = text.drop_until([](char ch) { return ch == '\n'; }).trim();
    if (text.ends_with("```"))
      text = text.drop_back(3).trim();
  }
  auto quote = [&] {
    std::string q = reply.trim().take_front(60).str();
    return "'" + q + (reply.trim().size() > 60 ? "...'" : "'");
  };
  llvm::Expected<json::Value> v = ks::parseJson(text);
  if (!v) {
    llvm::consumeError(v.takeError());
    return llvm::createStringError("the answer is not JSON: " + quote());
  }
  if (!v->getAsObject())
    return llvm::createStringError("the answer is not a JSON object: " + quote());
  return *v->getAsObject();
}

std::string ks::agents::systemPrompt(llvm::StringRef role, llvm::StringRef task,
                                     llvm::StringRef answer) {
  return ("You are the " + role + " of KernelSkill, an MLIR compiler that " + task +
          " Answer with exactly one JSON object and nothing else:\n" + answer)
      .str();
}

LlmAnswer ks::agents::askForObject(LlmClient &client, llvm::StringRef role,
                                   llvm::StringRef system, const json::Value &user) {
  LlmAnswer out;
  std::string text;
  llvm::raw_string_ostream(text) << llvm::formatv("{0:2}", user);
  LlmResult r = client.complete(role, system, text);
  if (!r.ok) {
    out.error = r.error;
    out.fatal = r.fatal;
    return out;
  }
  llvm::Expected<json::Object> object = parseReplyObject(r.text);
  if (!object)
    out.error = llvm::toString(object.takeError());
  else
    out.object = std::move(*object);
  return out;
}
