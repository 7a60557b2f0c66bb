//===- GridBarrierKernels.cpp - Kernels that synchronize their grid -------===//

#include "ks/Runtime/GridBarrierKernels.h"

using namespace ks::runtime;
using ks::cuda::CUfunction;
using ks::cuda::CUmodule;

void GridBarrierKernels::noteFunction(CUmodule module, CUfunction fn,
                                      std::string name, bool synchronizes) {
  std::lock_guard<std::mutex> lock(mutex);
  if (synchronizes)
    kernels[fn] = Kernel{module, std::move(name)};
  else
    kernels.erase(fn);
}

void GridBarrierKernels::forgetModule(CUmodule module) {
  std::lock_guard<std::mutex> lock(mutex);
  for (auto it = kernels.begin(); it != kernels.end();)
    it = it->second.module == module ? kernels.erase(it) : std::next(it);
}

std::optional<std::string> GridBarrierKernels::lookup(CUfunction fn) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = kernels.find(fn);
  if (it == kernels.end())
    return std::nullopt;
  return it->second.name;
}
