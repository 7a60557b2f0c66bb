//===- GridBarrierKernels.h - Kernels that synchronize their grid -*- C++ -*-===//
//
// The runtime launches a kernel that waits for its whole grid at a barrier
// only where all its blocks fit the GPU at once. Which loaded kernels do is
// recorded here, per module: the driver may hand a handle freed by an
// unloaded module to a function of a module loaded later, so a record must
// go with its module.
//
//===----------------------------------------------------------------------===//
#ifndef KS_RUNTIME_GRIDBARRIERKERNELS_H
#define KS_RUNTIME_GRIDBARRIERKERNELS_H

#include "ks/Runtime/CudaDriver.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace ks::runtime {

/// Thread-safe record of the loaded kernels that synchronize their grid.
class GridBarrierKernels {
public:
  /// `fn`, just looked up in `module` under `name`, synchronizes its grid or
  /// not; either way an older record of the same handle is replaced.
  void noteFunction(cuda::CUmodule module, cuda::CUfunction fn,
                    std::string name, bool synchronizes);
  /// `module` was unloaded: its functions' handles may be reused.
  void forgetModule(cuda::CUmodule module);
  /// The kernel's name if `fn` synchronizes its grid.
  std::optional<std::string> lookup(cuda::CUfunction fn) const;

private:
  struct Kernel {
    cuda::CUmodule module;
    std::string name;
  };
  mutable std::mutex mutex;
  std::map<cuda::CUfunction, Kernel> kernels;
};

} // namespace ks::runtime

#endif // KS_RUNTIME_GRIDBARRIERKERNELS_H
