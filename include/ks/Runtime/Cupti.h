//===- Cupti.h - libcupti, opened at run time -------------------*- C++ -*-===//
//
// ks never links CUPTI: the tracer (Activity API) and the profiler (range
// profiler) open the one library found here and bind what they use.
//
//===----------------------------------------------------------------------===//
#ifndef KS_RUNTIME_CUPTI_H
#define KS_RUNTIME_CUPTI_H

#include "llvm/Support/Error.h"

#include <mutex>

namespace ks::cupti {

/// The entry point `name` of libcupti (searched once: libcupti.so.13,
/// libcupti.so, then under $CUDA_HOME, $CUDA_PATH and /usr/local/cuda), or an
/// error saying what was tried or which symbol is missing.
llvm::Expected<void *> lookup(const char *name);

/// Binds `fn` to libcupti's `name`; the first failure is kept in `error`.
template <typename Fn>
void bindSymbol(Fn *&fn, const char *name, std::string &error) {
  llvm::Expected<void *> sym = lookup(name);
  if (sym) {
    fn = reinterpret_cast<Fn *>(*sym);
    return;
  }
  fn = nullptr;
  std::string message = llvm::toString(sym.takeError());
  if (error.empty())
    error = std::move(message);
}

/// The entry points of `API` that `bind(api, error)` binds (with
/// bindSymbol), bound on the first call only; the first failure as an error.
template <typename API, typename Bind>
llvm::Expected<const API &> bindOnce(Bind bind) {
  static API api;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [&] { bind(api, error); });
  if (!error.empty())
    return llvm::createStringError(error);
  return api;
}

/// CUPTI's text for a result code (or the number, where the text is missing).
std::string resultString(int result);

/// Success for CUPTI_SUCCESS, else an error "WHAT failed: CUPTI's text",
/// with how to get permission when the counters need it.
llvm::Error check(int result, const char *what);

} // namespace ks::cupti

#endif // KS_RUNTIME_CUPTI_H
