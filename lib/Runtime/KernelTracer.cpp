//===- KernelTracer.cpp - Per-kernel GPU times from CUPTI -----------------===//

#include "ks/Runtime/KernelTracer.h"

#ifdef KS_HAVE_CUPTI
#include <cupti_activity.h>

#include "ks/Runtime/Cupti.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>

using namespace ks::runtime;

namespace {
// The CUPTI entry points ks uses, resolved from libcupti at run time.
struct CuptiAPI {
  CUptiResult (*registerCallbacks)(CUpti_BuffersCallbackRequestFunc,
                                   CUpti_BuffersCallbackCompleteFunc);
  CUptiResult (*enable)(CUpti_ActivityKind);
  CUptiResult (*disable)(CUpti_ActivityKind);
  CUptiResult (*flushAll)(uint32_t);
  CUptiResult (*getNextRecord)(uint8_t *, size_t, CUpti_Activity **);
};

std::mutex recordsMutex;
std::vector<KernelRecord> records;
constexpr size_t kBufferBytes = 8 << 20;
const CuptiAPI *loadedApi = nullptr;

void CUPTIAPI bufferRequested(uint8_t **buffer, size_t *size,
                              size_t *maxNumRecords) {
  *buffer = static_cast<uint8_t *>(std::aligned_alloc(8, kBufferBytes));
  *size = kBufferBytes;
  *maxNumRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext, uint32_t, uint8_t *buffer, size_t,
                              size_t validSize) {
  CUpti_Activity *record = nullptr;
  std::lock_guard<std::mutex> lock(recordsMutex);
  while (loadedApi &&
         loadedApi->getNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
    if (record->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL &&
        record->kind != CUPTI_ACTIVITY_KIND_KERNEL)
      continue;
    auto *k = reinterpret_cast<CUpti_ActivityKernel10 *>(record);
    KernelRecord r;
    r.name = k->name ? k->name : "?";
    r.startNs = k->start;
    r.endNs = k->end;
    r.grid[0] = k->gridX, r.grid[1] = k->gridY, r.grid[2] = k->gridZ;
    r.block[0] = k->blockX, r.block[1] = k->blockY, r.block[2] = k->blockZ;
    r.registers = k->registersPerThread;
    r.sharedBytes = k->staticSharedMemory + k->dynamicSharedMemory;
    records.push_back(std::move(r));
  }
  std::free(buffer);
}

llvm::Expected<const CuptiAPI &> loadCupti() {
  return ks::cupti::bindOnce<CuptiAPI>([](CuptiAPI &api, std::string &error) {
    ks::cupti::bindSymbol(api.registerCallbacks, "cuptiActivityRegisterCallbacks", error);
    ks::cupti::bindSymbol(api.enable, "cuptiActivityEnable", error);
    ks::cupti::bindSymbol(api.disable, "cuptiActivityDisable", error);
    ks::cupti::bindSymbol(api.flushAll, "cuptiActivityFlushAll", error);
    ks::cupti::bindSymbol(api.getNextRecord, "cuptiActivityGetNextRecord", error);
  });
}

using ks::cupti::check;
} // namespace

llvm::Error ks::runtime::startKernelTracing() {
  llvm::Expected<const CuptiAPI &> api = loadCupti();
  if (!api)
    return api.takeError();
  loadedApi = &*api;
  {
    std::lock_guard<std::mutex> lock(recordsMutex);
    records.clear();
  }
  if (llvm::Error err = check(api->registerCallbacks(bufferRequested, bufferCompleted),
                              "cuptiActivityRegisterCallbacks"))
    return err;
  return check(api->enable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL),
               "cuptiActivityEnable");
}

llvm::Expected<std::vector<KernelRecord>> ks::runtime::stopKernelTracing() {
  llvm::Expected<const CuptiAPI &> api = loadCupti();
  if (!api)
    return api.takeError();
  if (llvm::Error err = check(api->flushAll(1), "cuptiActivityFlushAll"))
    return std::move(err);
  api->disable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
  std::lock_guard<std::mutex> lock(recordsMutex);
  std::vector<KernelRecord> out = std::move(records);
  records.clear();
  std::sort(out.begin(), out.end(), [](const KernelRecord &a, const KernelRecord &b) {
    return a.startNs < b.startNs;
  });
  return out;
}

#else // !KS_HAVE_CUPTI

llvm::Error ks::runtime::startKernelTracing() {
  return llvm::createStringError(
      "ks was built without the CUPTI headers; per-kernel times are not available");
}

llvm::Expected<std::vector<ks::runtime::KernelRecord>>
ks::runtime::stopKernelTracing() {
  return startKernelTracing();
}

#endif
