//===- Ptxas.h - Running ptxas and reading its resource report -*- C++ -*-===//
#ifndef KS_TARGET_PTXAS_H
#define KS_TARGET_PTXAS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ks {

/// What `ptxas -v` says about one entry function.
struct PtxasKernelReport {
  std::string kernel;
  int64_t registers = 0;
  int64_t sharedBytes = 0;
  int64_t stackBytes = 0;
  int64_t spillStoreBytes = 0;
  int64_t spillLoadBytes = 0;
  int64_t constantBytes = 0; ///< cmem[0]: kernel parameters and the like.
  int64_t barriers = 0;
  /// Issue slots one thread takes (PtxIssue.h), read from the PTX where the
  /// kernel has no loop; 0 where it has one or was not counted.
  int64_t issueSlots = 0;
};

/// Parses the `-v` output of ptxas (entry functions only).
std::vector<PtxasKernelReport> parsePtxasReport(llvm::StringRef log);

/// Finds ptxas: `explicitPath` if given (an error if it is not executable),
/// else $CUDA_HOME/bin, $CUDA_PATH/bin, /usr/local/cuda/bin, then PATH.
llvm::Expected<std::string> findPtxas(llvm::StringRef explicitPath);

/// The CUDA toolkit root (for libdevice): `explicitPath`, $CUDA_HOME,
/// $CUDA_PATH, /usr/local/cuda, or the parent of the ptxas found on PATH.
std::optional<std::string> findCudaToolkit(llvm::StringRef explicitPath);

struct PtxasResult {
  bool accepted = false;
  std::string log; ///< ptxas's stdout and stderr.
  std::vector<PtxasKernelReport> kernels;
};

/// Assembles `ptx` for `chip`. An Error means ptxas could not be run at
/// all (or timed out); a rejection is a result with `accepted == false`.
/// ptxas's messages name the input `displayName` instead of a temporary file.
llvm::Expected<PtxasResult> runPtxas(llvm::StringRef ptxas, llvm::StringRef ptx,
                                     llvm::StringRef chip,
                                     unsigned timeoutSeconds,
                                     llvm::StringRef displayName = "");

} // namespace ks

#endif // KS_TARGET_PTXAS_H
