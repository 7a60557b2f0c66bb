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

#include "WgmmaKernelText.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace {
constexpr int64_t kTileM = 128, kTileK = 64;
/// Tile rows a group of blocks walks down before moving across: about 132
/// resident blocks (one an SM) then cover 8 x 16 tiles.
constexpr int64_t kGroupM = 8;

/// The kernel for C[M, N] (f32) += A[M, K] * B[K, N] (`elem`): WG
/// warpgroups per 128 x (128 WG) tile, each summing 128 / WG rows of it
/// (WG = 1: 128 x 128, two m64n128 instructions a K16 step; WG = 2: 64 x 256
/// each, one m64n256, the shape that reads the fewest shared-memory bytes a
/// product), `stages` slots, each holding A's 128 x 64 tile and B's 64 x
/// (128 WG) one. @gemm's body is what replaces the contraction.
/// Placeholders: {0} M, {1} N, {2} K, {3} element type, {4} stages, {5}
/// stages - 1, {6} K steps, {7} M tiles, {8} N tiles, {9} dynamic shared
/// memory bytes (the slots and up to 1024 bytes to align them), {10} where
/// B's slots begin (stages x 16 KB), {11} the CUtensorMap data type (6 f16,
/// 9 bf16), {12} the M tiles of a group (see below), {13} all tiles, {14}
/// warpgroups, {15} rows a warpgroup sums, {16} the tile's columns, {17}
/// bytes of B a slot, {18} bytes a slot, {19} bytes of A's rows before a
/// warpgroup's, {20} bytes of a warpgroup's sums.
constexpr const char *kKernel = R"mlir(
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = {4}>
!tmaA = !nvgpu.tensormap.descriptor<tensor = memref<128x64x{3}, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmaB = !nvgpu.tensormap.descriptor<tensor = memref<64x64x{3}, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!boxA = memref<128x64x{3}, #gpu.address_space<workgroup>>
!tileA = memref<{15}x64x{3}, #gpu.address_space<workgroup>>
!tileB = memref<64x{16}x{3}, #gpu.address_space<workgroup>>
!boxB = memref<64x64x{3}, #gpu.address_space<workgroup>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<{15}x{16}xf32>>
!sums = memref<128x{16}xf32, #gpu.address_space<workgroup>>
!wgSums = memref<{15}x{16}xf32, #gpu.address_space<workgroup>>
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
  %tiles = arith.constant {13} : index
  %warpgroups = arith.constant {14} : index
  %smem_bytes = arith.constant {9} : i32
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %tiles, %sy = %c1, %sz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %warpgroups, %nz = %c1)
             dynamic_shared_memory_size %smem_bytes {{
    %tma_a = builtin.unrealized_conversion_cast %tma_a_ptr : !llvm.ptr to !tmaA
    %tma_b = builtin.unrealized_conversion_cast %tma_b_ptr : !llvm.ptr to !tmaB
    %stages = arith.constant {4} : index
    %ahead = arith.constant {5} : index
    %k_steps = arith.constant {6} : index
    %a_slot_bytes = arith.constant 16384 : index
    %b_slot_bytes = arith.constant {17} : index
    %b_region = arith.constant {10} : index
    %tx_bytes = arith.constant {18} : index
    %ticks = arith.constant 10000000 : index
    %true = arith.constant true
    %false = arith.constant false
    // Blocks walk the tiles in groups of {12} tile rows (kGroupedTileWalk).
    %tiles_m = arith.constant {7} : index
    %tiles_n = arith.constant {8} : index
    %group_m = arith.constant {12} : index
    TILE_WALK()
    %tile_cols = arith.constant {16} : index
    %m0 = arith.muli %tile_m, %c128 : index
    %n0 = arith.muli %tile_n, %tile_cols : index
    // Thread y of the block is warpgroup y (x its thread): x is what
    // nvgpu's lowering of warpgroup.mma.store reads as the thread's place
    // in its warpgroup. Warpgroup y sums rows y * {15} .. of the tile: its
    // A rows begin {19} bytes into the slot's A tile.
    %wg = arith.addi %ty, %c0 : index
    %wg_at = arith.muli %wg, %c128 : index
    %linear = arith.addi %wg_at, %tx : index
    %thread0 = arith.cmpi eq, %linear, %c0 : index
    %wg_rows_bytes = arith.constant {19} : index
    %wg_a = arith.muli %wg, %wg_rows_bytes : index
    %dyn = gpu.dynamic_shared_memory : !smem
    ALIGNED_SLOTS()
    %a_base = arith.addi %pad, %c0 : index
    %b_base = arith.addi %pad, %b_region : index
    INIT_BARRIERS(%tma_a : !tmaA, %tma_b : !tmaB)
    // Every thread waits on barriers thread 0 initialized.
    gpu.barrier
    // Thread 0 loads K step %step into slot %slot: A's 128 x 64 box, B's
    // 64 x 64 boxes side by side, {18} bytes in all.
    scf.for %s = %c0 to %ahead step %c1 {{
      LOAD(%s, %s, %thread0)
    }
    %zero = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %sums:2 = scf.for %k = %c0 to %k_steps step %c1 iter_args(%acc = %zero, %parity = %false) -> (!acc, i1) {{
      %slot = arith.remui %k, %stages : index
      nvgpu.mbarrier.try_wait.parity %bars[%slot], %parity, %ticks : !barriers
      %slot_a = arith.muli %slot, %a_slot_bytes : index
      %slot_a_at = arith.addi %slot_a, %a_base : index
      %off_a = arith.addi %slot_a_at, %wg_a : index
      %slot_b = arith.muli %slot, %b_slot_bytes : index
      %off_b = arith.addi %slot_b, %b_base : index
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
      REFILL_SLOT()
      scf.yield %next_acc, %next_parity : !acc, i1
    }
    nvvm.wgmma.wait.group.sync.aligned 0
    // The slots are free: the 128 x {16} f32 sums go through them, each
    // warpgroup's rows after those of the warpgroups before it.
    gpu.barrier
    %wg_sums_bytes = arith.constant {20} : index
    %wg_sums = arith.muli %wg, %wg_sums_bytes : index
    %wg_out_at = arith.addi %a_base, %wg_sums : index
    %wg_out = memref.view %dyn[%wg_out_at][] : !smem to !wgSums
    nvgpu.warpgroup.mma.store %sums#0, %wg_out : !acc to !wgSums
    gpu.barrier
    %out = memref.view %dyn[%a_base][] : !smem to !sums
    %col = arith.addi %n0, %linear : index
    scf.for %i = %c0 to %c128 step %c1 {{
      %v = memref.load %out[%i, %linear] : !sums
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

/// The loads of one K step, for the LOAD(slot, step, predicate) lines: {0}
/// slot, {1} step, {2} predicate, {3} a name unique to these lines, {4} the
/// loads of B's boxes (kLoadBoxB each).
constexpr const char *kLoad = R"mlir(
      %ls_{3} = arith.muli {0}, %a_slot_bytes : index
      %la_{3} = arith.addi %ls_{3}, %a_base : index
      %lsb_{3} = arith.muli {0}, %b_slot_bytes : index
      %lb_{3} = arith.addi %lsb_{3}, %b_base : index
      %va_{3} = memref.view %dyn[%la_{3}][] : !smem to !boxA
      nvgpu.mbarrier.arrive.expect_tx %bars[{0}], %tx_bytes, predicate = {2} : !barriers
      %kc_{3} = arith.muli {1}, %c64 : index
      nvgpu.tma.async.load %tma_a[%kc_{3}, %m0], %bars[{0}] to %va_{3}, predicate = {2} : !tmaA, !barriers -> !boxA{4})mlir";

/// B's box j of a K step: {0} slot, {2} predicate, {3} the step's name, {4}
/// j, {5} its byte offset in the slot, {6} its first column in the tile.
constexpr const char *kLoadBoxB = R"mlir(
      %ob_{3}_{4} = arith.constant {5} : index
      %cb_{3}_{4} = arith.constant {6} : index
      %vbat_{3}_{4} = arith.addi %lb_{3}, %ob_{3}_{4} : index
      %nb_{3}_{4} = arith.addi %n0, %cb_{3}_{4} : index
      %vb_{3}_{4} = memref.view %dyn[%vbat_{3}_{4}][] : !smem to !boxB
      nvgpu.tma.async.load %tma_b[%nb_{3}_{4}, %kc_{3}], %bars[{0}] to %vb_{3}_{4}, predicate = {2} : !tmaB, !barriers -> !boxB)mlir";

/// The kernel's text for these sizes.
std::string kernelText(int64_t M, int64_t N, int64_t K, StringRef elem, int64_t stages,
                       int64_t warpgroups) {
  int64_t tileN = 128 * warpgroups, bSlotBytes = 16384 * warpgroups;
  std::string text =
      llvm::formatv(kKernel, M, N, K, elem, stages, stages - 1, K / kTileK, M / kTileM,
                    N / tileN, stages * (16384 + bSlotBytes) + 1024, stages * 16384,
                    elem == "bf16" ? 9 : 6, std::min<int64_t>(kGroupM, M / kTileM),
                    (M / kTileM) * (N / tileN), warpgroups, kTileM / warpgroups, tileN,
                    bSlotBytes, 16384 + bSlotBytes, (kTileM / warpgroups) * kTileK * 2,
                    (kTileM / warpgroups) * tileN * 4)
          .str();
  // The shared pieces first: REFILL_SLOT holds a LOAD line.
  ks::wgmma::expandSharedPieces(text);
  // Each LOAD(slot, step, predicate) becomes the loads, their names made
  // unique by a counter.
  ks::wgmma::expandLineMacro(text, "LOAD", [&](ArrayRef<StringRef> args, int counter) {
    std::string boxes;
    for (int64_t j = 0; j < tileN / 64; ++j)
      boxes += llvm::formatv(kLoadBoxB, args[0], args[1], args[2], counter, j, j * 8192, j * 64)
                   .str();
    return llvm::formatv(kLoad, args[0], args[1], args[2], counter, boxes).str();
  });
  return text;
}

/// Why `op` cannot become the kernel, or the empty string; sets the sizes
/// and element type.
std::string unmetCondition(linalg::LinalgOp op, int64_t stages, int64_t warpgroups,
                           int64_t &M, int64_t &N, int64_t &K, Type &elem) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !linalg::isaContractionOpInterface(op))
    return "the target is not a multiply-add contraction of two buffers into a third";
  if (op.getIndexingMapsArray() != linalg::MatmulOp::getDefaultIndexingMaps(op.getContext()))
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
  if (warpgroups != 1 && warpgroups != 2)
    return llvm::formatv("warpgroups = {0} is not 1 or 2", warpgroups).str();
  int64_t tileN = 128 * warpgroups;
  if (M % kTileM || N % tileN || K % kTileK)
    return llvm::formatv("M = {0} must be a multiple of 128, N = {1} of {2}, K = {3} of 64", M,
                         N, tileN, K)
        .str();
  // A slot holds 16 KB of A and 16 KB of B per warpgroup; the slots also
  // hold the 128 x (128 WG) f32 sums at the end; 227 KB an SM at most.
  int64_t slotKB = 16 * (1 + warpgroups), sumsKB = 64 * warpgroups;
  if (stages * slotKB < sumsKB || stages * slotKB + 1 > 227)
    return llvm::formatv("stages = {0} slots of {1} KB do not fit in 227 KB of shared memory or "
                         "do not hold the {2} KB of sums",
                         stages, slotKB, sumsKB)
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
    std::string unmet = unmetCondition(op, getStages(), getWarpgroups(), M, N, K, elem);
    if (!unmet.empty())
      return emitDefiniteFailure() << "cannot build a wgmma kernel: " << unmet;
    std::string elemName;
    llvm::raw_string_ostream(elemName) << elem;
    std::string text = kernelText(M, N, K, elemName, getStages(), getWarpgroups());
    gpu::LaunchOp launch = ks::wgmma::spliceKernel(rewriter, text, op);
    if (!launch)
      return emitDefiniteFailure() << "internal error: the wgmma kernel's text does not parse";
    launches.push_back(launch);
    rewriter.eraseOp(op);
  }
  results.set(cast<OpResult>(getLaunch()), launches);
  return DiagnosedSilenceableFailure::success();
}
