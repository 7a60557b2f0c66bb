//===- Pipelines.h - The ks-seed-lowering and ks-compile pipelines -*- C++ -*-===//
#ifndef KS_DRIVER_PIPELINES_H
#define KS_DRIVER_PIPELINES_H

#include "ks/Target/Chips.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace ks::agents {
struct TunerPipelines;
} // namespace ks::agents

namespace ks {

/// linalg-on-tensors -> host functions launching outlined GPU kernels.
struct SeedLoweringOptions
    : public mlir::PassPipelineOptions<SeedLoweringOptions> {
  Option<int64_t> blockSize{*this, "block-size",
                            llvm::cl::desc("Threads per block of seed kernels"),
                            llvm::cl::init(256)};
  Option<std::string> plan{
      *this, "plan",
      llvm::cl::desc("JSON plan of skills to apply to dispatches (ks-apply-skills)"),
      llvm::cl::init("")};
  Option<std::string> skillDirs{
      *this, "skill-dirs",
      llvm::cl::desc("Skill directories, comma-separated (default: the skill path)"),
      llvm::cl::init("")};
  Option<int64_t> maxQuadraticScan{
      *this, "max-quadratic-scan",
      llvm::cl::desc("Longest scan left to the O(n^2) seed kernel; longer ones "
                     "are refused (0: no limit)"),
      llvm::cl::init(8192)};
};

/// The whole path: seed lowering, NVVM target, PTX emission, ptxas check.
/// The seed lowering's options are a base: `ks-compile` parses them with
/// its own, and the seed pipeline takes them as they are.
struct CompileOptions : public SeedLoweringOptions,
                        public mlir::PassPipelineOptions<CompileOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target chip, e.g. sm_90"),
                           llvm::cl::init(ks::kDefaultChip.str())};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("Device code optimization level"),
                            llvm::cl::init(3)};
  Option<unsigned> ptxVersion{
      *this, "ptx-version",
      llvm::cl::desc("PTX ISA version x10 (0 = the chip's default)"),
      llvm::cl::init(0)};
  Option<bool> verifyPtx{
      *this, "verify-ptx",
      llvm::cl::desc("Assemble every kernel with ptxas (default true)"),
      llvm::cl::init(true)};
  Option<std::string> ptxas{*this, "ptxas",
                            llvm::cl::desc("Path to ptxas"), llvm::cl::init("")};
  Option<std::string> cudaPath{
      *this, "cuda-path",
      llvm::cl::desc("CUDA toolkit root, for libdevice (default: found like ptxas)"),
      llvm::cl::init("")};
  Option<std::string> report{*this, "report",
                             llvm::cl::desc("JSON file for the ptxas report"),
                             llvm::cl::init("")};
  Option<std::string> ptxDir{*this, "ptx-dir",
                             llvm::cl::desc("Directory to write PTX files to"),
                             llvm::cl::init("")};
  Option<bool> printReport{
      *this, "print-report",
      llvm::cl::desc("Print the ptxas report table to stderr"),
      llvm::cl::init(false)};
};

/// The first half of the seed lowering: linalg-on-tensors to linalg on
/// buffers, one op per dispatch, numbered (ks-mark-dispatches). What the
/// Feature Extractor and the skills see.
void buildDispatchPipeline(mlir::OpPassManager &pm);
void buildSeedLoweringPipeline(mlir::OpPassManager &pm,
                               const SeedLoweringOptions &options);
void buildCompilePipeline(mlir::OpPassManager &pm,
                          const CompileOptions &options);
/// The part of `ks-compile` after the seed lowering: NVVM target, PTX,
/// ptxas check. `barePtrCallConv`: kernels take their memrefs as bare
/// pointers (IREE's CUDA ABI, ks-export-iree), which needs static shapes.
void buildPtxPipeline(mlir::OpPassManager &pm, const CompileOptions &options,
                      bool barePtrCallConv = false);

/// The host side of a `ks-compile`d module to the LLVM dialect, calling the
/// `mgpu*` runtime ABI (ks/Runtime/GpuRuntime.h); all launches of one call
/// are chained on one stream and synchronized once at the end.
void buildLowerHostPipeline(mlir::OpPassManager &pm);

/// linalg-on-tensors straight to LLVM for the CPU: the independent reference
/// the GPU result is checked against (loops, no GPU mapping).
void buildCpuReferencePipeline(mlir::OpPassManager &pm);

/// The seed lowering (with `options.plan`), then the GPU kernels turned into
/// CPU loops (ks-emulate-gpu-on-cpu) and everything lowered to LLVM: the
/// reviewer's numerics check of a candidate where there is no GPU.
void buildEmulationPipeline(mlir::OpPassManager &pm,
                            const SeedLoweringOptions &options);

/// Registers `ks-seed-lowering`, `ks-emulate-on-cpu`, `ks-compile`, `ks-lower-host` and
/// `ks-lower-cpu-reference`.
void registerPipelines();

/// The pipelines above, as the tuner compiles with them (ks-tune,
/// --ks-optimize): the agents sit below this driver and get them from here.
agents::TunerPipelines tunerPipelines();

} // namespace ks

#endif // KS_DRIVER_PIPELINES_H
