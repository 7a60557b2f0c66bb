//===- Ptxas.cpp - Running ptxas and reading its resource report ----------===//
#include "ks/Target/Ptxas.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <mutex>
#include <unordered_map>

#include <cstdlib>

using namespace ks;
using llvm::StringRef;

static int64_t toInt(StringRef s) {
  int64_t v = 0;
  s.getAsInteger(10, v);
  return v;
}

std::vector<PtxasKernelReport> ks::parsePtxasReport(StringRef log) {
  // ptxas -v prints, per entry function:
  //   ptxas info : Compiling entry function 'k' for 'sm_90'
  //   ptxas info : Function properties for k
  //       8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
  //   ptxas info : Used 13 registers, used 1 barriers, 1024 bytes smem, 368 bytes cmem[0]
  // Device functions get "Function properties" too; they are not entries.
  static const llvm::Regex entryRe("Compiling entry function '([^']+)'");
  static const llvm::Regex propsRe("Function properties for ([^ \t\r\n]+)");
  static const llvm::Regex frameRe("([0-9]+) bytes stack frame, ([0-9]+) bytes "
                                   "spill stores, ([0-9]+) bytes spill loads");
  static const llvm::Regex usedRe("Used ([0-9]+) registers");
  static const llvm::Regex barRe("used ([0-9]+) barriers");
  static const llvm::Regex smemRe("([0-9]+) bytes smem");
  static const llvm::Regex cmemRe("([0-9]+) bytes cmem\\[0\\]");

  std::vector<PtxasKernelReport> kernels;
  PtxasKernelReport *current = nullptr;
  bool framesForCurrent = false;
  llvm::SmallVector<StringRef> lines;
  log.split(lines, '\n');
  llvm::SmallVector<StringRef, 4> m;
  for (StringRef line : lines) {
    if (entryRe.match(line, &m)) {
      kernels.push_back({});
      kernels.back().kernel = m[1].str();
      current = &kernels.back();
      framesForCurrent = false;
      continue;
    }
    if (!current)
      continue;
    if (propsRe.match(line, &m)) {
      framesForCurrent = m[1] == current->kernel;
      continue;
    }
    if (framesForCurrent && frameRe.match(line, &m)) {
      current->stackBytes = toInt(m[1]);
      current->spillStoreBytes = toInt(m[2]);
      current->spillLoadBytes = toInt(m[3]);
      framesForCurrent = false;
      continue;
    }
    if (usedRe.match(line, &m)) {
      current->registers = toInt(m[1]);
      if (barRe.match(line, &m))
        current->barriers = toInt(m[1]);
      if (smemRe.match(line, &m))
        current->sharedBytes = toInt(m[1]);
      if (cmemRe.match(line, &m))
        current->constantBytes = toInt(m[1]);
    }
  }
  return kernels;
}

static bool isExecutable(const llvm::Twine &path) {
  return llvm::sys::fs::exists(path) && llvm::sys::fs::can_execute(path) &&
         !llvm::sys::fs::is_directory(path);
}

static std::optional<std::string> envDir(const char *name) {
  const char *value = std::getenv(name);
  if (!value || !*value)
    return std::nullopt;
  return std::string(value);
}

llvm::Expected<std::string> ks::findPtxas(StringRef explicitPath) {
  if (!explicitPath.empty()) {
    if (isExecutable(explicitPath))
      return explicitPath.str();
    return llvm::createStringError(
        "ptxas not found at '" + explicitPath +
        "' (from the ptxas option); point it at an executable ptxas, or pass "
        "verify-ptx=false to skip verification");
  }
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"}) {
    if (std::optional<std::string> root = envDir(var)) {
      llvm::SmallString<256> p(*root);
      llvm::sys::path::append(p, "bin", "ptxas");
      if (isExecutable(p))
        return std::string(p);
    }
  }
  if (isExecutable("/usr/local/cuda/bin/ptxas"))
    return std::string("/usr/local/cuda/bin/ptxas");
  if (llvm::ErrorOr<std::string> p = llvm::sys::findProgramByName("ptxas"))
    return *p;
  return llvm::createStringError(
      "ptxas not found: looked at the ptxas option, $CUDA_HOME/bin, "
      "$CUDA_PATH/bin, /usr/local/cuda/bin and PATH; install the CUDA "
      "toolkit, set CUDA_HOME, pass ptxas=<path>, or pass verify-ptx=false to "
      "skip verification");
}

std::optional<std::string> ks::findCudaToolkit(StringRef explicitPath) {
  if (!explicitPath.empty())
    return explicitPath.str();
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (std::optional<std::string> root = envDir(var))
      if (llvm::sys::fs::is_directory(*root))
        return root;
  if (llvm::sys::fs::is_directory("/usr/local/cuda/nvvm"))
    return std::string("/usr/local/cuda");
  if (llvm::ErrorOr<std::string> p = llvm::sys::findProgramByName("ptxas")) {
    StringRef bin = llvm::sys::path::parent_path(*p);
    return llvm::sys::path::parent_path(bin).str();
  }
  return std::nullopt;
}

namespace {
/// A temporary file that is removed when it goes out of scope.
struct TempFile {
  llvm::SmallString<128> path;
  std::optional<llvm::FileRemover> remover;
  llvm::Error create(StringRef suffix) {
    if (std::error_code ec =
            llvm::sys::fs::createTemporaryFile("ks-ptxas", suffix, path))
      return llvm::createStringError(ec, "cannot create a temporary file: " +
                                             ec.message());
    remover.emplace(path);
    return llvm::Error::success();
  }
};

/// Accepted results by what was assembled: the tuner builds the same
/// kernels again in every plan that leaves their dispatch alone, and ptxas
/// dominates a plan's build. Process-wide; bounded.
class AcceptedCache {
public:
  static std::string key(StringRef ptxas, StringRef ptx, StringRef chip, StringRef displayName) {
    llvm::XXH128_hash_t hash = llvm::xxh3_128bits(llvm::arrayRefFromStringRef(ptx));
    return (ptxas + "\n" + chip + "\n" + displayName + "\n" + llvm::utohexstr(hash.high64) +
            llvm::utohexstr(hash.low64) + "\n" + llvm::Twine(ptx.size()))
        .str();
  }
  std::optional<ks::PtxasResult> find(const std::string &key) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = results.find(key);
    return it == results.end() ? std::nullopt : std::optional(it->second);
  }
  void insert(const std::string &key, const ks::PtxasResult &result) {
    std::lock_guard<std::mutex> lock(mutex);
    if (results.size() >= kMaxEntries)
      results.clear();
    results.emplace(key, result);
  }

private:
  static constexpr size_t kMaxEntries = 16384;
  std::mutex mutex;
  std::unordered_map<std::string, ks::PtxasResult> results;
};
AcceptedCache &acceptedCache() {
  static AcceptedCache cache;
  return cache;
}

llvm::Expected<ks::PtxasResult> assemble(StringRef ptxas, StringRef ptx, StringRef chip,
                                         unsigned timeoutSeconds, StringRef displayName) {
  TempFile input, output, log;
  for (auto [file, suffix] : {std::pair{&input, "ptx"}, {&output, "cubin"},
                              {&log, "log"}})
    if (llvm::Error err = file->create(suffix))
      return std::move(err);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(input.path, ec);
    if (ec)
      return llvm::createStringError(ec, "cannot write " + input.path);
    os << ptx;
  }

  std::string arch = ("-arch=" + chip).str();
  llvm::SmallVector<StringRef> args = {ptxas, arch, "-v", "-o", output.path,
                                       input.path};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log.path),
                                          StringRef(log.path)};
  std::string execError;
  bool failedToExecute = false;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, /*Env=*/std::nullopt,
                                     redirects, timeoutSeconds,
                                     /*MemoryLimit=*/0, &execError,
                                     &failedToExecute);
  if (failedToExecute)
    return llvm::createStringError("cannot run " + ptxas + ": " + execError);
  if (rc == -2)
    return llvm::createStringError("ptxas did not finish within " +
                                   llvm::Twine(timeoutSeconds) + " s");

  PtxasResult result;
  if (auto buffer = llvm::MemoryBuffer::getFile(log.path)) {
    // Name the module, not our temporary file, in ptxas's messages.
    result.log = (*buffer)->getBuffer().str();
    if (!displayName.empty())
      for (size_t pos; (pos = result.log.find(input.path.str())) != std::string::npos;)
        result.log.replace(pos, input.path.size(), displayName.str());
  }
  result.accepted = rc == 0;
  if (rc < 0 && result.log.empty())
    result.log = "ptxas crashed: " + execError;
  if (result.accepted)
    result.kernels = ks::parsePtxasReport(result.log);
  return result;
}
} // namespace

llvm::Expected<PtxasResult> ks::runPtxas(StringRef ptxas, StringRef ptx,
                                         StringRef chip,
                                         unsigned timeoutSeconds,
                                         StringRef displayName) {
  std::string key = AcceptedCache::key(ptxas, ptx, chip, displayName);
  if (std::optional<PtxasResult> known = acceptedCache().find(key))
    return *known;
  llvm::Expected<PtxasResult> result = assemble(ptxas, ptx, chip, timeoutSeconds, displayName);
  if (result && result->accepted)
    acceptedCache().insert(key, *result);
  return result;
}
