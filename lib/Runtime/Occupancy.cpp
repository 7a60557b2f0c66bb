//===- Occupancy.cpp - A device's per-SM limits from the driver -----------===//

#include "ks/Runtime/Occupancy.h"

using namespace ks::runtime;

SmLimits ks::runtime::readSmLimits(const cuda::DriverAPI &api, int ordinal) {
  SmLimits sm;
  cuda::CUdevice device = 0;
  if (api.cuDeviceGet(&device, ordinal) != cuda::CUDA_SUCCESS)
    return sm;
  auto read = [&](int &field, int attribute) {
    int value = -1;
    if (api.cuDeviceGetAttribute(&value, attribute, device) == cuda::CUDA_SUCCESS &&
        value >= 0)
      field = value;
  };
  read(sm.maxThreads, cuda::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
  read(sm.maxBlocks, cuda::CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
  read(sm.registers, cuda::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
  read(sm.sharedBytes, cuda::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
  read(sm.reservedSharedPerBlock, cuda::CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK);
  read(sm.warpSize, cuda::CU_DEVICE_ATTRIBUTE_WARP_SIZE);
  return sm;
}
