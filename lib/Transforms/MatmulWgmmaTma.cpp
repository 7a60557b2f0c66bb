//===- MatmulWgmmaTma.cpp - transform.ks.matmul_wgmma_tma -----------------===//
//
// A bf16/f16 GEMM with f32 sums becomes an sm_90a kernel: TMA loads into a
// ring of shared-memory slots guarded by mbarriers, wgmma on descriptors of
// those slots. The kernel is written once as MLIR text (nvgpu's TMA,
// mbarrier and warpgroup ops), instantiated with the problem's sizes and
// spliced in place of the contraction: its structure is fixed, only sizes
// vary, and text keeps it readable next to the PTX it becomes.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/TransformOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace {
constexpr int64_t kTileM = 128, kTileN = 128, kTileK = 64;

/// The kernel for C[M, N] (f32) += A[M, K] * B[K, N] (`elem`), one
/// warpgroup per 128 x 128 tile, `stages` slots of 32 KB. @gemm's body is
/// what replaces the contraction. Placeholders: {0} M, {1} N, {2} K, {3}
/// element type, {4} stages, {5} stages - 1, {6} K steps, {7} grid x
/// (M tiles), {8} grid y (N tiles), {9} dynamic shared memory bytes (the
/// slots and up to 1024 bytes to align them),
/// {10} where B's slots begin (stages x 16 KB), {11} the CUtensorMap
/// data type (6 f16, 9 bf16).
constexpr const char *kKernel = R"mlir(
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = {4}>
!tmaA = !nvgpu.tensormap.descriptor<tensor = memref<128x64x{3}, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmaB = !nvgpu.tensormap.descriptor<tensor = memref<64x64x{3}, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tileA = memref<128x64x{3}, #gpu.address_space<workgroup>>
!tileB = memref<64x128x{3}, #gpu.address_space<workgroup>>
!boxB = memref<64x64x{3}, #gpu.address_space<workgroup>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
!smem = memref<?xi8, #gpu.address_space<workgroup>>
func.func @gemm(%a: memref<{0}x{2}x{3}>, %b: memref<{2}x{1}x{3}>, %c: memref<{0}x{1}xf32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %a_any = memref.cast %a : memref<{0}x{2}x{3}> to memref<*x{3}>
  %b_any = memref.cast %b : memref<{2}x{1}x{3}> to memref<*x{3}>
  // The TMA descriptors, made by the runtime (cuTensorMapEncodeTiled) and
  // handed to the kernel as device pointers: A in 128 x 64 boxes, B in
  // 64 x 64 boxes, 128-byte swizzled. Inside the kernel they are nvgpu's
  // tensor map descriptors again.
  %dtype = arith.constant {11} : i64
  %two = arith.constant 2 : i64
  %b64 = arith.constant 64 : i64
  %b128 = arith.constant 128 : i64
  %tma_a_ptr = func.call @ksTensorMap2D_{3}(%a_any, %dtype, %two, %b128, %b64) : (memref<*x{3}>, i64, i64, i64, i64) -> !llvm.ptr
  %tma_b_ptr = func.call @ksTensorMap2D_{3}(%b_any, %dtype, %two, %b64, %b64) : (memref<*x{3}>, i64, i64, i64, i64) -> !llvm.ptr
  %grid_x = arith.constant {7} : index
  %grid_y = arith.constant {8} : index
  %smem_bytes = arith.constant {9} : i32
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %grid_x, %sy = %grid_y, %sz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c1, %nz = %c1)
             dynamic_shared_memory_size %smem_bytes {{
    %tma_a = builtin.unrealized_conversion_cast %tma_a_ptr : !llvm.ptr to !tmaA
    %tma_b = builtin.unrealized_conversion_cast %tma_b_ptr : !llvm.ptr to !tmaB
    %stages = arith.constant {4} : index
    %ahead = arith.constant {5} : index
    %k_steps = arith.constant {6} : index
    %slot_bytes = arith.constant 16384 : index
    %b_offset = arith.constant {10} : index
    %box_bytes = arith.constant 8192 : index
    %tx_bytes = arith.constant 32768 : index
    %ticks = arith.constant 10000000 : index
    %true = arith.constant true
    %false = arith.constant false
    %m0 = arith.muli %bx, %c128 : index
    %n0 = arith.muli %by, %c128 : index
    %n1 = arith.addi %n0, %c64 : index
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    %dyn = gpu.dynamic_shared_memory : !smem
    // 128-byte swizzled tiles must start 1024-byte aligned: the slots begin
    // at the first such address past the dynamic buffer's start (and past
    // anything static before it), 1024 bytes at most further on.
    %c1024 = arith.constant 1024 : index
    %dyn_at = memref.extract_aligned_pointer_as_index %dyn : !smem -> index
    %misaligned = arith.remui %dyn_at, %c1024 : index
    %pad = arith.subi %c1024, %misaligned : index
    %a_base = arith.addi %pad, %c0 : index
    %b_base = arith.addi %pad, %b_offset : index
    %bars = nvgpu.mbarrier.create -> !barriers
    scf.if %thread0 {{
      scf.for %i = %c0 to %stages step %c1 {{
        nvgpu.mbarrier.init %bars[%i], %c1 : !barriers
      }
      nvgpu.tma.prefetch.descriptor %tma_a : !tmaA
      nvgpu.tma.prefetch.descriptor %tma_b : !tmaB
    }
    // Every thread waits on barriers thread 0 initialized.
    gpu.barrier
    // Thread 0 loads K step %step into slot %slot: A's 128 x 64 box, B's
    // two 64 x 64 boxes side by side (a 64 x 128 tile), 32 KB in all.
    scf.for %s = %c0 to %ahead step %c1 {{
      LOAD(%s, %s, %thread0)
    }
    %zero = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %sums:2 = scf.for %k = %c0 to %k_steps step %c1 iter_args(%acc = %zero, %parity = %false) -> (!acc, i1) {{
      %slot = arith.remui %k, %stages : index
      nvgpu.mbarrier.try_wait.parity %bars[%slot], %parity, %ticks : !barriers
      %slot_at = arith.muli %slot, %slot_bytes : index
      %off_a = arith.addi %slot_at, %a_base : index
      %off_b = arith.addi %slot_at, %b_base : index
      %tile_a = memref.view %dyn[%off_a][] : !smem to !tileA
      %tile_b = memref.view %dyn[%off_b][] : !smem to !tileB
      %desc_a = nvgpu.warpgroup.generate.descriptor %tile_a, %tma_a : !tileA, !tmaA -> !nvgpu.warpgroup.descriptor<tensor = !tileA>
      %desc_b = nvgpu.warpgroup.generate.descriptor %tile_b, %tma_b : !tileB, !tmaB -> !nvgpu.warpgroup.descriptor<tensor = !tileB>
      // The previous step's wgmma group is done (waitGroup = 1) when this
      // one is issued: its slot is the one refilled below.
      %next_acc = nvgpu.warpgroup.mma %desc_a, %desc_b, %acc {{transposeB} : <tensor = !tileA>, <tensor = !tileB>, !acc -> !acc
      // Every warp's part of that group is done before thread 0 refills
      // its slot: wait_group speaks for the warp that runs it only.
      gpu.barrier
      %next = arith.addi %k, %ahead : index
      %in_range = arith.cmpi ult, %next, %k_steps : index
      %issue = arith.andi %in_range, %thread0 : i1
      %next_slot = arith.remui %next, %stages : index
      LOAD(%next_slot, %next, %issue)
      %last_slot = arith.cmpi eq, %slot, %ahead : index
      %flipped = arith.xori %parity, %true : i1
      %next_parity = arith.select %last_slot, %flipped, %parity : i1
      scf.yield %next_acc, %next_parity : !acc, i1
    }
    nvvm.wgmma.wait.group.sync.aligned 0
    // The slots are free: the 128 x 128 f32 sums go through them.
    gpu.barrier
    %out = memref.view %dyn[%a_base][] : !smem to memref<128x128xf32, #gpu.address_space<workgroup>>
    nvgpu.warpgroup.mma.store %sums#0, %out : !acc to memref<128x128xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %col = arith.addi %n0, %tx : index
    scf.for %i = %c0 to %c128 step %c1 {{
      %v = memref.load %out[%i, %tx] : memref<128x128xf32, #gpu.address_space<workgroup>>
      %row = arith.addi %m0, %i : index
      %old = memref.load %c[%row, %col] : memref<{0}x{1}xf32>
      %new = arith.addf %old, %v : f32
      memref.store %new, %c[%row, %col] : memref<{0}x{1}xf32>
    }
    gpu.terminator
  }
  return
}
func.func private @ksTensorMap2D_{3}(memref<*x{3}>, i64, i64, i64, i64) -> !llvm.ptr
)mlir";

/// The loads of one K step, for the LOAD(slot, step, predicate) lines.
constexpr const char *kLoad = R"mlir(
      %ls_{3} = arith.muli {0}, %slot_bytes : index
      %la_{3} = arith.addi %ls_{3}, %a_base : index
      %lb_{3} = arith.addi %ls_{3}, %b_base : index
      %lb2_{3} = arith.addi %lb_{3}, %box_bytes : index
      %va_{3} = memref.view %dyn[%la_{3}][] : !smem to !tileA
      %vb_{3} = memref.view %dyn[%lb_{3}][] : !smem to !boxB
      %vb2_{3} = memref.view %dyn[%lb2_{3}][] : !smem to !boxB
      nvgpu.mbarrier.arrive.expect_tx %bars[{0}], %tx_bytes, predicate = {2} : !barriers
      %kc_{3} = arith.muli {1}, %c64 : index
      nvgpu.tma.async.load %tma_a[%kc_{3}, %m0], %bars[{0}] to %va_{3}, predicate = {2} : !tmaA, !barriers -> !tileA
      nvgpu.tma.async.load %tma_b[%n0, %kc_{3}], %bars[{0}] to %vb_{3}, predicate = {2} : !tmaB, !barriers -> !boxB
      nvgpu.tma.async.load %tma_b[%n1, %kc_{3}], %bars[{0}] to %vb2_{3}, predicate = {2} : !tmaB, !barriers -> !boxB)mlir";

/// The kernel's text for these sizes.
std::string kernelText(int64_t M, int64_t N, int64_t K, StringRef elem, int64_t stages) {
  std::string text = llvm::formatv(kKernel, M, N, K, elem, stages, stages - 1, K / kTileK,
                                   M / kTileM, N / kTileN, stages * 32768 + 1024, stages * 16384,
                                   elem == "bf16" ? 9 : 6)
                         .str();
  // Each LOAD(slot, step, predicate) becomes the loads, their names made
  // unique by a counter.
  int counter = 0;
  for (size_t at; (at = text.find("      LOAD(")) != std::string::npos;) {
    size_t open = at + 11, close = text.find(')', open);
    SmallVector<StringRef, 3> args;
    StringRef(text).slice(open, close).split(args, ", ");
    std::string loads =
        llvm::formatv(kLoad, args[0].trim(), args[1].trim(), args[2].trim(), counter++).str();
    text.replace(at, close + 1 - at, loads.substr(1));
  }
  return text;
}

/// Why `op` cannot become the kernel, or the empty string; sets the sizes
/// and element type.
std::string unmetCondition(linalg::LinalgOp op, int64_t stages, int64_t &M, int64_t &N,
                           int64_t &K, Type &elem) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !linalg::isaContractionOpInterface(op))
    return "the target is not a multiply-add contraction of two buffers into a third";
  MLIRContext *ctx = op.getContext();
  AffineExpr m, n, k;
  bindDims(ctx, m, n, k);
  SmallVector<SmallVector<AffineExpr, 4>> exprs = {{m, k}, {k, n}, {m, n}};
  auto maps = AffineMap::inferFromExprList(exprs, ctx);
  if (op.getIndexingMapsArray() != maps)
    return "the target is not C[M, N] += A[M, K] * B[K, N]";
  for (Value v : op->getOperands()) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
        type.getMemorySpace())
      return "an operand is not a static row-major buffer";
  }
  auto typeOf = [&](int i) { return cast<MemRefType>(op->getOperand(i).getType()); };
  elem = typeOf(0).getElementType();
  if (!(elem.isBF16() || elem.isF16()) || typeOf(1).getElementType() != elem)
    return "A and B are not both bf16 or both f16";
  if (!typeOf(2).getElementType().isF32())
    return "C is not f32";
  M = typeOf(2).getDimSize(0);
  N = typeOf(2).getDimSize(1);
  K = typeOf(0).getDimSize(1);
  if (M % kTileM || N % kTileN || K % kTileK)
    return llvm::formatv("M = {0} and N = {1} must be multiples of 128, K = {2} of 64", M, N, K)
        .str();
  if (stages < 2 || stages > 7)
    return llvm::formatv("stages = {0} is outside 2 .. 7 (32 KB of shared memory each)", stages)
        .str();
  if (K / kTileK < stages - 1)
    return "fewer K steps than the pipeline keeps in flight";
  return "";
}
} // namespace

DiagnosedSilenceableFailure transform::KSMatmulWgmmaTmaOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  SmallVector<Operation *> launches;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto op = dyn_cast<linalg::LinalgOp>(target);
    if (!op)
      return emitDefiniteFailure() << "expects linalg ops, got " << target->getName();
    int64_t M, N, K;
    Type elem;
    std::string unmet = unmetCondition(op, getStages(), M, N, K, elem);
    if (!unmet.empty())
      return emitDefiniteFailure() << "cannot build a wgmma kernel: " << unmet;
    std::string elemName;
    llvm::raw_string_ostream(elemName) << elem;
    std::string text = kernelText(M, N, K, elemName, getStages());
    ParserConfig config(getContext());
    OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(text, config, "ks-wgmma-kernel");
    if (!parsed)
      return emitDefiniteFailure() << "internal error: the wgmma kernel's text does not parse";
    auto gemm = parsed->lookupSymbol<func::FuncOp>("gemm");
    IRMapping map;
    for (auto [arg, operand] : llvm::zip(gemm.getArguments(), op->getOperands()))
      map.map(arg, operand);
    rewriter.setInsertionPoint(op);
    for (Operation &inner : gemm.getBody().front().without_terminator()) {
      Operation *copy = rewriter.clone(inner, map);
      if (auto launch = dyn_cast<gpu::LaunchOp>(copy))
        launches.push_back(launch);
    }
    // The runtime function's declaration, once per module.
    auto module = op->getParentOfType<ModuleOp>();
    std::string callee = "ksTensorMap2D_" + elemName;
    if (!module.lookupSymbol(callee)) {
      OpBuilder atEnd = OpBuilder::atBlockEnd(module.getBody());
      atEnd.clone(*parsed->lookupSymbol(callee));
    }
    rewriter.eraseOp(op);
  }
  results.set(cast<OpResult>(getLaunch()), launches);
  return DiagnosedSilenceableFailure::success();
}

void transform::KSMatmulWgmmaTmaOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}
