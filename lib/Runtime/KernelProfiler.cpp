//===- KernelProfiler.cpp - Hardware counters per kernel from CUPTI -------===//

#include "ks/Runtime/KernelProfiler.h"

#include <algorithm>
#include <cmath>
#include <optional>

using namespace ks::runtime;

namespace {
// Raw metric names, CUPTI's (the same names Nsight Compute shows).
constexpr const char *kDuration = "gpu__time_duration.sum";
constexpr const char *kDram = "dram__throughput.avg.pct_of_peak_sustained_elapsed";
constexpr const char *kL2 = "lts__throughput.avg.pct_of_peak_sustained_elapsed";
constexpr const char *kL1 = "l1tex__throughput.avg.pct_of_peak_sustained_active";
constexpr const char *kSm = "sm__throughput.avg.pct_of_peak_sustained_elapsed";
constexpr const char *kMemory = "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed";
constexpr const char *kL2Hit = "lts__t_sector_hit_rate.pct";
constexpr const char *kL1Hit = "l1tex__t_sector_hit_rate.pct";
constexpr const char *kOccupancy = "sm__warps_active.avg.pct_of_peak_sustained_active";
constexpr const char *kWarpsActive = "smsp__warps_active.sum";
constexpr const char *kStallLong = "smsp__warps_issue_stalled_long_scoreboard.sum";
constexpr const char *kStallShort = "smsp__warps_issue_stalled_short_scoreboard.sum";
constexpr const char *kStallBarrier = "smsp__warps_issue_stalled_barrier.sum";
constexpr const char *kTensor = "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active";
constexpr const char *kLoadSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
constexpr const char *kLoadRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
constexpr const char *kDramRead = "dram__bytes_read.sum";
constexpr const char *kDramWrite = "dram__bytes_write.sum";
// Bytes the threads' global loads asked for: a SASS-level counter, which not
// every CUPTI and driver can collect with the range profiler; without it the
// load efficiency is estimated from sectors per request.
constexpr const char *kLoadBytes = "sm__sass_data_bytes_mem_global_op_ld.sum";

const char *const kMetrics[] = {
    kDuration, kDram,       kL2,         kL1,           kSm,
    kMemory,   kL2Hit,      kL1Hit,      kOccupancy,    kWarpsActive,
    kStallLong, kStallShort, kStallBarrier, kTensor,    kLoadSectors,
    kLoadRequests, kDramRead, kDramWrite, kLoadBytes};
} // namespace

llvm::ArrayRef<const char *> ks::runtime::profiledMetrics() { return kMetrics; }

llvm::json::Object ks::runtime::deriveMetrics(const RawMetrics &raw) {
  auto get = [&](const char *name) -> std::optional<double> {
    auto it = raw.find(name);
    if (it == raw.end() || !std::isfinite(it->second))
      return std::nullopt;
    return it->second;
  };
  llvm::json::Object m;
  auto put = [&](const char *key, std::optional<double> v) {
    if (v)
      m[key] = *v;
  };
  auto share = [&](const char *part, const char *whole) -> std::optional<double> {
    std::optional<double> p = get(part), w = get(whole);
    if (!p || !w || *w <= 0)
      return std::nullopt;
    return 100.0 * *p / *w;
  };
  if (std::optional<double> ns = get(kDuration))
    m["duration_us"] = *ns / 1e3;
  put("dram_throughput_pct", get(kDram));
  put("l2_throughput_pct", get(kL2));
  put("l1_throughput_pct", get(kL1));
  put("sm_throughput_pct", get(kSm));
  put("memory_throughput_pct", get(kMemory));
  put("l2_hit_rate_pct", get(kL2Hit));
  put("l1_hit_rate_pct", get(kL1Hit));
  put("achieved_occupancy_pct", get(kOccupancy));
  // Stall reasons as shares of the cycles warps were resident: the notes'
  // "long-scoreboard stalls >= 30%" reads on this scale.
  put("long_scoreboard_stall_pct", share(kStallLong, kWarpsActive));
  put("short_scoreboard_stall_pct", share(kStallShort, kWarpsActive));
  put("barrier_stall_pct", share(kStallBarrier, kWarpsActive));
  put("tensor_pipe_pct", get(kTensor));
  std::optional<double> read = get(kDramRead), written = get(kDramWrite);
  if (read && written)
    m["dram_bytes"] = *read + *written;
  // Global load efficiency: bytes the threads asked for per 32-byte sector
  // fetched. Without the SASS counter, estimated from sectors per request: a
  // warp reading 32 consecutive 4-byte words touches 4 sectors.
  std::optional<double> sectors = get(kLoadSectors), requests = get(kLoadRequests);
  std::optional<double> loadBytes = get(kLoadBytes);
  if (sectors && requests && *requests > 0 && *sectors > 0) {
    double perRequest = *sectors / *requests;
    m["global_load_sectors_per_request"] = perRequest;
    bool measured = loadBytes && *loadBytes > 0;
    double bytesPerSector = measured ? *loadBytes / *sectors
                                     : std::min(32.0, 128.0 / perRequest);
    m["global_load_bytes_per_sector"] = bytesPerSector;
    m["global_load_efficiency_pct"] = 100.0 * bytesPerSector / 32.0;
    m["global_load_efficiency_source"] = measured ? "sass" : "sectors_per_request";
  }
  std::optional<double> sm = get(kSm), memory = get(kMemory);
  if (sm && memory) {
    m["speed_of_light_pct"] = std::max(*sm, *memory);
    m["bound"] = *memory >= *sm ? "memory" : "compute";
  }
  return m;
}

#ifdef KS_HAVE_CUPTI
#include "ks/Runtime/Cupti.h"

#include <cupti_profiler_host.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>

namespace {
// The CUPTI entry points the profiler uses, resolved from libcupti.
struct ProfilerAPI {
  CUptiResult (*initialize)(CUpti_Profiler_Initialize_Params *);
  CUptiResult (*deinitialize)(CUpti_Profiler_DeInitialize_Params *);
  CUptiResult (*chipName)(CUpti_Device_GetChipName_Params *);
  CUptiResult (*counterAvailability)(CUpti_Profiler_GetCounterAvailability_Params *);
  CUptiResult (*hostInitialize)(CUpti_Profiler_Host_Initialize_Params *);
  CUptiResult (*hostDeinitialize)(CUpti_Profiler_Host_Deinitialize_Params *);
  CUptiResult (*hostAddMetrics)(CUpti_Profiler_Host_ConfigAddMetrics_Params *);
  CUptiResult (*hostConfigSize)(CUpti_Profiler_Host_GetConfigImageSize_Params *);
  CUptiResult (*hostConfig)(CUpti_Profiler_Host_GetConfigImage_Params *);
  CUptiResult (*hostEvaluate)(CUpti_Profiler_Host_EvaluateToGpuValues_Params *);
  CUptiResult (*enable)(CUpti_RangeProfiler_Enable_Params *);
  CUptiResult (*disable)(CUpti_RangeProfiler_Disable_Params *);
  CUptiResult (*counterDataSize)(CUpti_RangeProfiler_GetCounterDataSize_Params *);
  CUptiResult (*counterDataInit)(CUpti_RangeProfiler_CounterDataImage_Initialize_Params *);
  CUptiResult (*setConfig)(CUpti_RangeProfiler_SetConfig_Params *);
  CUptiResult (*start)(CUpti_RangeProfiler_Start_Params *);
  CUptiResult (*stop)(CUpti_RangeProfiler_Stop_Params *);
  CUptiResult (*decode)(CUpti_RangeProfiler_DecodeData_Params *);
  CUptiResult (*counterDataInfo)(CUpti_RangeProfiler_GetCounterDataInfo_Params *);
};

llvm::Expected<const ProfilerAPI &> loadProfiler() {
  return ks::cupti::bindOnce<ProfilerAPI>([](ProfilerAPI &api, std::string &error) {
    ks::cupti::bindSymbol(api.initialize, "cuptiProfilerInitialize", error);
    ks::cupti::bindSymbol(api.deinitialize, "cuptiProfilerDeInitialize", error);
    ks::cupti::bindSymbol(api.chipName, "cuptiDeviceGetChipName", error);
    ks::cupti::bindSymbol(api.counterAvailability, "cuptiProfilerGetCounterAvailability", error);
    ks::cupti::bindSymbol(api.hostInitialize, "cuptiProfilerHostInitialize", error);
    ks::cupti::bindSymbol(api.hostDeinitialize, "cuptiProfilerHostDeinitialize", error);
    ks::cupti::bindSymbol(api.hostAddMetrics, "cuptiProfilerHostConfigAddMetrics", error);
    ks::cupti::bindSymbol(api.hostConfigSize, "cuptiProfilerHostGetConfigImageSize", error);
    ks::cupti::bindSymbol(api.hostConfig, "cuptiProfilerHostGetConfigImage", error);
    ks::cupti::bindSymbol(api.hostEvaluate, "cuptiProfilerHostEvaluateToGpuValues", error);
    ks::cupti::bindSymbol(api.enable, "cuptiRangeProfilerEnable", error);
    ks::cupti::bindSymbol(api.disable, "cuptiRangeProfilerDisable", error);
    ks::cupti::bindSymbol(api.counterDataSize, "cuptiRangeProfilerGetCounterDataSize", error);
    ks::cupti::bindSymbol(api.counterDataInit, "cuptiRangeProfilerCounterDataImageInitialize", error);
    ks::cupti::bindSymbol(api.setConfig, "cuptiRangeProfilerSetConfig", error);
    ks::cupti::bindSymbol(api.start, "cuptiRangeProfilerStart", error);
    ks::cupti::bindSymbol(api.stop, "cuptiRangeProfilerStop", error);
    ks::cupti::bindSymbol(api.decode, "cuptiRangeProfilerDecodeData", error);
    ks::cupti::bindSymbol(api.counterDataInfo, "cuptiRangeProfilerGetCounterDataInfo", error);
  });
}

using ks::cupti::check;

template <typename T> T params(size_t structSize) {
  T p{};
  p.structSize = structSize;
  return p;
}
#define KS_PARAMS(T) params<T>(T##_STRUCT_SIZE)

/// Undoes what a profiling session set up, in reverse, however it ends.
struct Session {
  const ProfilerAPI &api;
  bool initialized = false;
  CUpti_Profiler_Host_Object *host = nullptr;
  CUpti_RangeProfiler_Object *profiler = nullptr;
  ~Session() {
    if (profiler) {
      auto p = KS_PARAMS(CUpti_RangeProfiler_Disable_Params);
      p.pRangeProfilerObject = profiler;
      api.disable(&p);
    }
    if (host) {
      auto p = KS_PARAMS(CUpti_Profiler_Host_Deinitialize_Params);
      p.pHostObject = host;
      api.hostDeinitialize(&p);
    }
    if (initialized) {
      auto p = KS_PARAMS(CUpti_Profiler_DeInitialize_Params);
      api.deinitialize(&p);
    }
  }
};

llvm::Expected<std::vector<RawMetrics>>
profileOnce(const ProfilerAPI &api, CUcontext ctx, int deviceOrdinal,
            llvm::function_ref<llvm::Error()> run,
            std::vector<const char *> metrics) {
  Session session{api};
  auto init = KS_PARAMS(CUpti_Profiler_Initialize_Params);
  if (llvm::Error err = check(api.initialize(&init), "cuptiProfilerInitialize"))
    return std::move(err);
  session.initialized = true;

  auto chip = KS_PARAMS(CUpti_Device_GetChipName_Params);
  chip.deviceIndex = size_t(deviceOrdinal);
  if (llvm::Error err = check(api.chipName(&chip), "cuptiDeviceGetChipName"))
    return std::move(err);

  // Which counters this device and this process may read.
  auto avail = KS_PARAMS(CUpti_Profiler_GetCounterAvailability_Params);
  avail.ctx = ctx;
  if (llvm::Error err = check(api.counterAvailability(&avail),
                              "cuptiProfilerGetCounterAvailability"))
    return std::move(err);
  std::vector<uint8_t> availability(avail.counterAvailabilityImageSize);
  avail.pCounterAvailabilityImage = availability.data();
  if (llvm::Error err = check(api.counterAvailability(&avail),
                              "cuptiProfilerGetCounterAvailability"))
    return std::move(err);

  // The configuration: which counters to collect, in how many passes.
  auto host = KS_PARAMS(CUpti_Profiler_Host_Initialize_Params);
  host.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  host.pChipName = chip.pChipName;
  host.pCounterAvailabilityImage = availability.data();
  if (llvm::Error err = check(api.hostInitialize(&host), "cuptiProfilerHostInitialize"))
    return std::move(err);
  session.host = host.pHostObject;
  auto add = KS_PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params);
  add.pHostObject = session.host;
  add.ppMetricNames = metrics.data();
  add.numMetrics = metrics.size();
  if (llvm::Error err = check(api.hostAddMetrics(&add),
                              "cuptiProfilerHostConfigAddMetrics"))
    return llvm::createStringError(llvm::toString(std::move(err)) + " (chip " +
                                   chip.pChipName + ")");
  auto configSize = KS_PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params);
  configSize.pHostObject = session.host;
  if (llvm::Error err = check(api.hostConfigSize(&configSize),
                              "cuptiProfilerHostGetConfigImageSize"))
    return std::move(err);
  std::vector<uint8_t> config(configSize.configImageSize);
  auto configImage = KS_PARAMS(CUpti_Profiler_Host_GetConfigImage_Params);
  configImage.pHostObject = session.host;
  configImage.pConfigImage = config.data();
  configImage.configImageSize = config.size();
  if (llvm::Error err = check(api.hostConfig(&configImage),
                              "cuptiProfilerHostGetConfigImage"))
    return std::move(err);

  // One range per kernel; each kernel is replayed until every pass ran.
  auto enable = KS_PARAMS(CUpti_RangeProfiler_Enable_Params);
  enable.ctx = ctx;
  if (llvm::Error err = check(api.enable(&enable), "cuptiRangeProfilerEnable"))
    return std::move(err);
  session.profiler = enable.pRangeProfilerObject;
  constexpr size_t kMaxRanges = 1024;
  auto dataSize = KS_PARAMS(CUpti_RangeProfiler_GetCounterDataSize_Params);
  dataSize.pRangeProfilerObject = session.profiler;
  dataSize.pMetricNames = metrics.data();
  dataSize.numMetrics = metrics.size();
  dataSize.maxNumOfRanges = kMaxRanges;
  dataSize.maxNumRangeTreeNodes = kMaxRanges;
  if (llvm::Error err = check(api.counterDataSize(&dataSize),
                              "cuptiRangeProfilerGetCounterDataSize"))
    return std::move(err);
  std::vector<uint8_t> counterData(dataSize.counterDataSize);
  auto dataInit = KS_PARAMS(CUpti_RangeProfiler_CounterDataImage_Initialize_Params);
  dataInit.pRangeProfilerObject = session.profiler;
  dataInit.pCounterData = counterData.data();
  dataInit.counterDataSize = counterData.size();
  if (llvm::Error err = check(api.counterDataInit(&dataInit),
                              "cuptiRangeProfilerCounterDataImageInitialize"))
    return std::move(err);
  auto setConfig = KS_PARAMS(CUpti_RangeProfiler_SetConfig_Params);
  setConfig.pRangeProfilerObject = session.profiler;
  setConfig.pConfig = config.data();
  setConfig.configSize = config.size();
  setConfig.pCounterDataImage = counterData.data();
  setConfig.counterDataImageSize = counterData.size();
  setConfig.range = CUPTI_AutoRange;
  setConfig.replayMode = CUPTI_KernelReplay;
  setConfig.maxRangesPerPass = kMaxRanges;
  setConfig.numNestingLevels = 1;
  setConfig.minNestingLevel = 1;
  setConfig.passIndex = 0;
  setConfig.targetNestingLevel = 1;
  if (llvm::Error err = check(api.setConfig(&setConfig), "cuptiRangeProfilerSetConfig"))
    return std::move(err);

  auto start = KS_PARAMS(CUpti_RangeProfiler_Start_Params);
  start.pRangeProfilerObject = session.profiler;
  if (llvm::Error err = check(api.start(&start), "cuptiRangeProfilerStart"))
    return std::move(err);
  llvm::Error ranError = run();
  auto stop = KS_PARAMS(CUpti_RangeProfiler_Stop_Params);
  stop.pRangeProfilerObject = session.profiler;
  llvm::Error stopError = check(api.stop(&stop), "cuptiRangeProfilerStop");
  if (ranError) {
    llvm::consumeError(std::move(stopError));
    return std::move(ranError);
  }
  if (stopError)
    return std::move(stopError);
  auto decode = KS_PARAMS(CUpti_RangeProfiler_DecodeData_Params);
  decode.pRangeProfilerObject = session.profiler;
  if (llvm::Error err = check(api.decode(&decode), "cuptiRangeProfilerDecodeData"))
    return std::move(err);

  auto info = KS_PARAMS(CUpti_RangeProfiler_GetCounterDataInfo_Params);
  info.pCounterDataImage = counterData.data();
  info.counterDataImageSize = counterData.size();
  if (llvm::Error err = check(api.counterDataInfo(&info),
                              "cuptiRangeProfilerGetCounterDataInfo"))
    return std::move(err);
  std::vector<RawMetrics> kernels;
  std::vector<double> values(metrics.size());
  for (size_t range = 0; range < info.numTotalRanges; ++range) {
    auto eval = KS_PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params);
    eval.pHostObject = session.host;
    eval.pCounterDataImage = counterData.data();
    eval.counterDataImageSize = counterData.size();
    eval.rangeIndex = range;
    eval.ppMetricNames = metrics.data();
    eval.numMetrics = metrics.size();
    eval.pMetricValues = values.data();
    if (llvm::Error err = check(api.hostEvaluate(&eval),
                                "cuptiProfilerHostEvaluateToGpuValues"))
      return std::move(err);
    RawMetrics raw;
    for (auto [name, value] : llvm::zip(metrics, values))
      raw[name] = value;
    kernels.push_back(std::move(raw));
  }
  if (decode.numOfRangeDropped)
    return llvm::createStringError(
        "the range profiler dropped " + std::to_string(decode.numOfRangeDropped) +
        " of the kernels (more than " + std::to_string(kMaxRanges) + ")");
  return kernels;
}
} // namespace

llvm::Expected<std::vector<RawMetrics>>
ks::runtime::profileKernels(cuda::CUcontext context, int deviceOrdinal,
                            llvm::function_ref<llvm::Error()> run) {
  llvm::Expected<const ProfilerAPI &> api = loadProfiler();
  if (!api)
    return api.takeError();
  auto ctx = reinterpret_cast<CUcontext>(context);
  std::vector<const char *> metrics(std::begin(kMetrics), std::end(kMetrics));
  llvm::Expected<std::vector<RawMetrics>> all =
      profileOnce(*api, ctx, deviceOrdinal, run, metrics);
  if (all)
    return all;
  // Again without the SASS counter, which some setups cannot collect.
  llvm::consumeError(all.takeError());
  metrics.erase(llvm::find(metrics, llvm::StringRef(kLoadBytes)));
  return profileOnce(*api, ctx, deviceOrdinal, run, metrics);
}

#else // !KS_HAVE_CUPTI

llvm::Expected<std::vector<RawMetrics>>
ks::runtime::profileKernels(cuda::CUcontext, int, llvm::function_ref<llvm::Error()>) {
  return llvm::createStringError(
      "ks was built without the CUPTI headers; hardware counters are not available");
}

#endif
