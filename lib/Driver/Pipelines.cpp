//===- Pipelines.cpp - ks-seed-lowering and ks-compile --------------------===//

#include "ks/Driver/Pipelines.h"

#include "ks/Agents/Tuner.h"
#include "ks/Target/Ptxas.h"
#include "ks/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// Whole-program bufferization: identity-layout buffers at function
/// boundaries, and results turned into caller-owned out-params, so every
/// argument is a buffer the caller provides (on the GPU: device memory).
static void addBufferizationPasses(OpPassManager &pm) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(ks::createKSUniqueReturnBuffers());
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  // ... and a result returned through a reshape too.
  pm.addNestedPass<func::FuncOp>(ks::createKSResultsInPlace());
}

void ks::buildDispatchPipeline(OpPassManager &pm) {
  pm.addPass(createKSDropDeviceAssertions());
  pm.addPass(createKSCheckInputContract());
  pm.addPass(createKSReadOnlyInputs());

  // A transposed convolution without the zeros its lowering spreads in.
  pm.addNestedPass<func::FuncOp>(createKSSplitTransposedConv());
  // Gathers through constant index tables compute the indices instead.
  pm.addNestedPass<func::FuncOp>(createKSFoldIndexTables());
  // Squares as multiplications, not powf's logarithm and exponential.
  pm.addNestedPass<func::FuncOp>(createKSSimplifyPowers());
  // Attention's scaled q and k: the scales go to what reads q k^T.
  pm.addNestedPass<func::FuncOp>(createKSScaleAfterContraction());
  // Fuse elementwise producers into consumers while the IR is still tensors.
  pm.addPass(createKSFuseElementwise());
  // Fused, a log of a softmax is one expression: log(exp(a) / b).
  pm.addNestedPass<func::FuncOp>(createKSLogOfExpQuotient());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Unit loops out of reductions (keepdim results, [N, 1, K] views), so that
  // a [128, 1, 32768] row reduction is seen, tiled and mapped as the
  // [128, 32768] one it is. After fusion, which propagates reshapes back in.
  pm.addPass(createKSDropUnitDimsOfReductions());
  // ... and runs of parallel (or reduction) loops as one: [32, 512, 1024] is
  // the [16384, 1024] row reduction.
  pm.addPass(createKSCollapseReductionDims());
  pm.addPass(createCanonicalizerPass());
  // Work that need not be done: diag(v) @ B is a scaling.
  pm.addNestedPass<func::FuncOp>(createKSFoldDiagonalMatmul());
  // nn.Linear's weight read in place by its GEMM, not transposed per call.
  pm.addNestedPass<func::FuncOp>(createKSFoldTransposeIntoMatmul());
  // Only sums of a product are used: sum an operand, not the product.
  pm.addNestedPass<func::FuncOp>(createKSSumBeforeMatmul());
  // A 1x1 convolution is a GEMM per image: the GEMM skills take it.
  pm.addNestedPass<func::FuncOp>(createKSPointwiseConvToBatchMatmul());
  // A sum the program also computes in f64 is read from there.
  pm.addNestedPass<func::FuncOp>(createKSReuseWiderSums());
  // A scalar sum of gathered terms: the terms first, one per row, which a
  // row chain can take, then a plain sum.
  pm.addNestedPass<func::FuncOp>(createKSMaterializeGatheredTerms());
  // Reductions to few outputs: a partial and a final stage, not one thread.
  pm.addNestedPass<func::FuncOp>(createKSSplitLargeReductions());
  // A norm's mean and variance sums in one pass over its input (what is
  // left unsplit: the split stages do not match).
  pm.addNestedPass<func::FuncOp>(createKSOnePassVariance());
  // A softmax's maximum and sum over channels in one pass over its input.
  pm.addNestedPass<func::FuncOp>(createKSOnePassSoftmax());
  // What an elementwise op computes from its broadcast inputs alone (a
  // norm's 1/sqrt(var + eps)), once per point of those inputs.
  pm.addNestedPass<func::FuncOp>(createKSHoistBroadcastTerms());
  // Gathers at affine indices (group norm's scale and shift) as operands.
  pm.addNestedPass<func::FuncOp>(createKSExtractsToOperands());
  pm.addPass(createCanonicalizerPass());
  // Each GEMM's zero fill its own, filled in place, not copied in.
  pm.addNestedPass<func::FuncOp>(createKSCloneSharedFills());
  // A GEMM's bias add and activation written over its result.
  pm.addNestedPass<func::FuncOp>(createKSEpilogueInPlace());
  // A concatenation's operands computed into their slices, not copied in.
  pm.addNestedPass<func::FuncOp>(createKSConcatInPlace());

  addBufferizationPasses(pm);
  // Elementwise ops over four loops or more as the streams they are. On
  // buffers: merged on tensors, bufferization gave such ops new buffers
  // instead of computing in place (the views it then sees).
  pm.addPass(createKSCollapseElementwiseDims());
  // Transposes over the dims they move: a unit dim or a run that moves as
  // one is no loop of its own, and the transpose skills see 2-d and
  // batched 2-d transposes.
  pm.addPass(createKSCollapseTransposeDims());

  // One parallel loop nest per op, reductions innermost, one kernel each.
  pm.addPass(createKSMemrefCopyToLinalg());
  pm.addPass(createKSParallelDimsFirst());
  pm.addPass(createKSMarkDispatches());
}

void ks::buildSeedLoweringPipeline(OpPassManager &pm,
                                   const SeedLoweringOptions &options) {
  buildDispatchPipeline(pm);
  // The plan's skills map their dispatches to the GPU, the seed mapping
  // does the rest (ops inside a skill's gpu.launch become loops in its
  // threads).
  if (!options.plan.empty()) {
    KSApplySkillsOptions skills;
    skills.plan = options.plan;
    skills.skillDirs = options.skillDirs;
    pm.addPass(createKSApplySkills(skills));
    // Reductions a skill gave to whole warps are split over their lanes.
    pm.addPass(createKSDistributeWarpReductions());
  }
  KSRefuseQuadraticScansOptions scans;
  scans.maxLength = options.maxQuadraticScan;
  pm.addPass(createKSRefuseQuadraticScans(scans));
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  pm.addPass(createCanonicalizerPass());
  KSMapParallelLoopsToGPUOptions mapping;
  mapping.blockSize = options.blockSize;
  pm.addNestedPass<func::FuncOp>(createKSMapParallelLoopsToGPU(mapping));
  pm.addNestedPass<func::FuncOp>(createKSUseDeviceMemory());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // After CSE: a row's elements are then named by the same index values.
  pm.addNestedPass<func::FuncOp>(createKSForwardRowValues());
  // Long per-thread sums carry their rounding errors (after the kernels'
  // loops are final, before outlining).
  pm.addNestedPass<func::FuncOp>(createKSCompensateLongSums());
  // Integer powers have no NVVM or libdevice lowering: expand them into
  // helper functions, which outlining copies into the kernels that call them.
  pm.addPass(createConvertMathToFuncs());
  // The kernels a plan asks to run their blocks in reverse (L2 reuse).
  pm.addPass(createKSReverseBlockOrder());
  // The kernels a plan asks to read without allocating in the L1.
  pm.addPass(createKSMarkL1NoAllocate());
  // A plan's one-block tails run in the last block of the kernel before.
  pm.addPass(createKSFinishInLastBlock());
  pm.addNestedPass<func::FuncOp>(createKSSinkIntoKernels());
  pm.addPass(createKSOutlineKernels());
  pm.addPass(createKSLabelKernels());
  // The buffers a plan's kernels only read and no launch writes.
  pm.addPass(createKSMarkInvariantArgs());
  pm.addPass(createSymbolDCEPass());
}

void ks::buildCompilePipeline(OpPassManager &pm, const CompileOptions &options) {
  buildSeedLoweringPipeline(pm, options);
  buildPtxPipeline(pm, options);
}

void ks::buildPtxPipeline(OpPassManager &pm, const CompileOptions &options,
                           bool barePtrCallConv) {
  KSAttachNVVMTargetOptions target;
  target.chip = options.chip;
  target.optLevel = options.optLevel;
  target.ptxVersion = options.ptxVersion;
  target.cudaPath = options.cudaPath;
  pm.addPass(createKSAttachNVVMTarget(target));

  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  // Before any CSE merges a phase's widening into an earlier phase's.
  device.addPass(createKSRematerializeWidening());
  // Skills may leave vector ops (register tiles): unrolled to scalars and
  // small vectors, then LLVM's.
  VectorTransferToSCFOptions vectorToScf;
  vectorToScf.enableFullUnroll();
  device.addPass(createConvertVectorToSCFPass(vectorToScf));
  device.addPass(createLowerAffinePass());
  // nvgpu's ops (cp.async, mma.sync, TMA, mbarriers, wgmma) while loops are
  // still scf: a wgmma accumulator carried by a loop changes type with
  // them (the conversion rewrites scf.for, not a CFG's block arguments).
  device.addPass(createConvertNVGPUToNVVMPass());
  // A prefetch past a short pipeline's last step has a predicate that
  // folds to false: no PTX can say "@0".
  device.addPass(createCanonicalizerPass());
  device.addPass(createKSDropFalsePredicatedOps());
  device.addPass(createSCFToControlFlowPass());
  device.addPass(memref::createExpandStridedMetadataPass());
  device.addPass(createLowerAffinePass());
  ConvertGpuOpsToNVVMOpsOptions toNVVM;
  toNVVM.useBarePtrCallConv = barePtrCallConv;
  device.addPass(createConvertGpuOpsToNVVMOps(toNVVM));
  // NVVM ops written as inline PTX (mbarrier waits with a time limit,
  // wgmma fences) become llvm.inline_asm.
  device.addPass(createConvertNVVMToLLVMPass());
  device.addPass(createConvertVectorToLLVMPass());
  // vector-to-llvm makes arith constants of its own (the lanes of a
  // vectorized linalg.index, vector.step), after the GPU conversion lowered
  // arith.
  device.addPass(createArithToLLVMConversionPass());
  device.addPass(createUBToLLVMConversionPass());
  // Math ops libdevice has no function for (e.g. math.trunc) map to LLVM
  // intrinsics.
  device.addPass(createConvertMathToLLVMPass());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
  // Loads from buffers no launch writes may run ahead of the stores.
  device.addPass(createKSInvariantLoads());
  // Marked kernels' global loads skip the L1 (inline PTX, after LLVM's
  // loads exist).
  device.addPass(createKSL1NoAllocateLoads());

  KSSerializeKernelsOptions binary;
  if (std::optional<std::string> cuda = findCudaToolkit(options.cudaPath))
    binary.toolkitPath = *cuda;
  pm.addPass(createKSSerializeKernels(binary));

  if (options.verifyPtx) {
    KSVerifyPTXOptions verify;
    verify.ptxasPath = options.ptxas;
    verify.reportFile = options.report;
    verify.ptxDir = options.ptxDir;
    verify.printReport = options.printReport;
    pm.addPass(createKSVerifyPTX(verify));
  }
}

/// The LLVM lowering shared by the host and the CPU reference.
static void addToLLVMPasses(OpPassManager &pm) {
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void ks::buildLowerHostPipeline(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addPass(createGpuToLLVMConversionPass());
  addToLLVMPasses(pm);
}

/// Loops, arith, math and vector ops to LLVM for the CPU.
static void addCpuLoopsToLLVMPasses(OpPassManager &pm) {
  // Vector ops (skills' register tiles) unrolled to scalars and small
  // vectors, then LLVM's.
  VectorTransferToSCFOptions vectorToScf;
  vectorToScf.enableFullUnroll();
  pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass(vectorToScf));
  // The CPU has no bf16 arithmetic and libgcc may lack the f32 -> bf16
  // conversion (__truncsfbf2): compute in f32, round each result to bf16 as
  // the GPU does, and do the rounding with integer ops.
  pm.addNestedPass<func::FuncOp>(arith::createArithEmulateUnsupportedFloats(
      arith::ArithEmulateUnsupportedFloatsOptions{{"bf16"}, "f32"}));
  pm.addNestedPass<func::FuncOp>(
      arith::createArithExpandOpsPass(arith::ArithExpandOpsPassOptions{true}));
  pm.addPass(createConvertMathToFuncs());
  // LLVM intrinsics first (sqrt, rsqrt, exp, ...), libm for the rest (erf,
  // tanh, ...); libm has no rsqrtf.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  addToLLVMPasses(pm);
}

void ks::buildCpuReferencePipeline(OpPassManager &pm) {
  pm.addPass(createKSDropDeviceAssertions());
  pm.addPass(createKSCheckInputContract());
  pm.addPass(createKSReadOnlyInputs());
  addBufferizationPasses(pm);
  pm.addPass(createKSMemrefCopyToLinalg());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  addCpuLoopsToLLVMPasses(pm);
}

void ks::buildEmulationPipeline(OpPassManager &pm, const SeedLoweringOptions &options) {
  buildSeedLoweringPipeline(pm, options);
  pm.addPass(createKSEmulateGPUOnCPU());
  addCpuLoopsToLLVMPasses(pm);
}

void ks::registerPipelines() {
  PassPipelineRegistration<>(
      "ks-lower-host",
      "Lower the host side of a ks-compile'd module to LLVM, calling the "
      "mgpu* GPU runtime ABI",
      buildLowerHostPipeline);
  PassPipelineRegistration<>(
      "ks-lower-cpu-reference",
      "Lower linalg-on-tensors to LLVM for the CPU (the reference the GPU "
      "result is checked against)",
      buildCpuReferencePipeline);
  PassPipelineRegistration<>(
      "ks-dispatches",
      "Run the passes before ks-apply-skills (fusion, split reductions, "
      "bufferization, dispatch numbering): the dispatches a plan names, on "
      "buffers, as the planner's features see them",
      buildDispatchPipeline);
  PassPipelineRegistration<SeedLoweringOptions>(
      "ks-emulate-on-cpu",
      "Compile linalg-on-tensors like ks-seed-lowering (plan included), then "
      "run the GPU kernels on the CPU, thread by thread, and lower to LLVM",
      buildEmulationPipeline);
  PassPipelineRegistration<SeedLoweringOptions>(
      "ks-seed-lowering",
      "Lower linalg-on-tensors to host functions launching outlined GPU "
      "kernels (one thread per output element)",
      buildSeedLoweringPipeline);
  PassPipelineRegistration<CompileOptions>(
      "ks-compile",
      "Compile linalg-on-tensors to ptxas-verified PTX kernels for an NVIDIA "
      "chip plus the host code that launches them",
      buildCompilePipeline);
}

ks::agents::TunerPipelines ks::tunerPipelines() {
  agents::TunerPipelines pipelines;
  pipelines.buildDispatches = buildDispatchPipeline;
  pipelines.buildEstimate = [](OpPassManager &seed, OpPassManager &ptx, llvm::StringRef chip,
                               llvm::StringRef plan, llvm::StringRef skillDirs) {
    CompileOptions options;
    options.chip = chip.str();
    options.plan = plan.str();
    options.skillDirs = skillDirs.str();
    // Estimated, not run: a long scan left to the seed is only slow here.
    options.maxQuadraticScan = 0;
    buildSeedLoweringPipeline(seed, options);
    buildPtxPipeline(ptx, options);
  };
  return pipelines;
}
