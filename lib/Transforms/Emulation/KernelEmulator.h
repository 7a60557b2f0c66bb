//===- KernelEmulator.h - A GPU kernel as a CPU function --------*- C++ -*-===//
//
// The kernel emulation of ks-emulate-gpu-on-cpu: a kernel's blocks and
// threads as loops on the CPU.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_TRANSFORMS_EMULATION_KERNELEMULATOR_H
#define KS_LIB_TRANSFORMS_EMULATION_KERNELEMULATOR_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include <array>

namespace ks {

/// `kernel` (run with blocks of `blockSize`) as the private function `name`
/// of `top` that takes `(grid x, y, z, kernel args...)` and runs every
/// thread of every block in turn; an error at what the CPU cannot run
/// faithfully.
mlir::FailureOr<mlir::func::FuncOp> emulateKernel(mlir::gpu::GPUFuncOp kernel,
                                                  std::array<int64_t, 3> blockSize,
                                                  mlir::ModuleOp top, llvm::StringRef name);

} // namespace ks

#endif // KS_LIB_TRANSFORMS_EMULATION_KERNELEMULATOR_H
