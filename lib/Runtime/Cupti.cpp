//===- Cupti.cpp - libcupti, opened at run time ---------------------------===//

#include "ks/Runtime/Cupti.h"

#include "llvm/Support/DynamicLibrary.h"

#include <cstdlib>
#include <mutex>
#include <vector>

namespace {
struct Library {
  llvm::sys::DynamicLibrary handle;
  std::string error;
};

const Library &library() {
  static Library lib;
  static std::once_flag once;
  std::call_once(once, [] {
    std::vector<std::string> candidates = {"libcupti.so.13", "libcupti.so"};
    for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
      if (const char *root = std::getenv(var))
        for (const char *dir : {"/lib64/", "/lib/", "/extras/CUPTI/lib64/"})
          candidates.push_back(std::string(root) + dir + "libcupti.so");
    for (const char *dir : {"/usr/local/cuda/lib64/", "/usr/local/cuda/lib/",
                            "/usr/local/cuda/extras/CUPTI/lib64/"})
      candidates.push_back(std::string(dir) + "libcupti.so");
    std::string tried;
    for (const std::string &c : candidates) {
      std::string err;
      lib.handle = llvm::sys::DynamicLibrary::getPermanentLibrary(c.c_str(), &err);
      if (lib.handle.isValid())
        return;
      tried += (tried.empty() ? "" : ", ") + c;
    }
    lib.error = "CUPTI not found (tried " + tried + ")";
  });
  return lib;
}
} // namespace

llvm::Expected<void *> ks::cupti::lookup(const char *name) {
  const Library &lib = library();
  if (!lib.error.empty())
    return llvm::createStringError(lib.error);
  void *sym = const_cast<llvm::sys::DynamicLibrary &>(lib.handle).getAddressOfSymbol(name);
  if (!sym)
    return llvm::createStringError(std::string("libcupti lacks ") + name);
  return sym;
}

std::string ks::cupti::resultString(int result) {
  using GetResultString = int(int, const char **);
  llvm::Expected<void *> fn = lookup("cuptiGetResultString");
  const char *text = nullptr;
  if (fn)
    reinterpret_cast<GetResultString *>(*fn)(result, &text);
  else
    llvm::consumeError(fn.takeError());
  return text ? text : "CUPTI error " + std::to_string(result);
}

llvm::Error ks::cupti::check(int result, const char *what) {
  constexpr int kSuccess = 0, kInsufficientPrivileges = 35; // cupti_result.h
  if (result == kSuccess)
    return llvm::Error::success();
  std::string text = std::string(what) + " failed: " + resultString(result);
  if (result == kInsufficientPrivileges)
    text += " (reading GPU performance counters needs permission: run as root "
            "or load the driver with NVreg_RestrictProfilingToAdminUsers=0)";
  return llvm::createStringError(text);
}
