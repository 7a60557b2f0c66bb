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

#include "ks/Skills/TransformOps/TransformOps.h"

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
/// (128 WG) one. @gemm's body is what replaces the contraction. The slots
/// are named for what they hold; {smem_bytes} counts the slots and up to 1024
/// bytes to align them, {tensor_map_dtype} is the CUtensorMap data type (6
/// f16, 9 bf16), {wg_a_bytes} the bytes of A's rows before a warpgroup's.
constexpr const char *kKernel = R"mlir(
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = {stages}>
!tmaA = !nvgpu.tensormap.descriptor<tensor = memref<128x64x{elem}, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmaB = !nvgpu.tensormap.descriptor<tensor = memref<64x64x{elem}, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!boxA = memref<128x64x{elem}, #gpu.address_space<workgroup>>
!tileA = memref<{rows_per_wg}x64x{elem}, #gpu.address_space<workgroup>>
!tileB = memref<64x{tile_n}x{elem}, #gpu.address_space<workgroup>>
!boxB = memref<64x64x{elem}, #gpu.address_space<workgroup>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<{rows_per_wg}x{tile_n}xf32>>
!sums = memref<128x{tile_n}xf32, #gpu.address_space<workgroup>>
!wgSums = memref<{rows_per_wg}x{tile_n}xf32, #gpu.address_space<workgroup>>
!smem = memref<?xi8, #gpu.address_space<workgroup>>
func.func @gemm(%a: memref<{m}x{k}x{elem}>, %b: memref<{k}x{n}x{elem}>, %c: memref<{m}x{n}xf32>) {{
  INDEX_CONSTANTS(0, 1, 64, 128)
  %a_any = memref.cast %a : memref<{m}x{k}x{elem}> to memref<*x{elem}>
  %b_any = memref.cast %b : memref<{k}x{n}x{elem}> to memref<*x{elem}>
  // The TMA descriptors, made by the runtime (cuTensorMapEncodeTiled) and
  // handed to the kernel as device pointers: A in 128 x 64 boxes, B in
  // 64 x 64 boxes, 128-byte swizzled. Inside the kernel they are nvgpu's
  // tensor map descriptors again.
  %dtype = arith.constant {tensor_map_dtype} : i64
  %two = arith.constant 2 : i64
  %b64 = arith.constant 64 : i64
  %b128 = arith.constant 128 : i64
  %tma_a_ptr = func.call @ksTensorMap2D_{elem}(%a_any, %dtype, %two, %b128, %b64) : (memref<*x{elem}>, i64, i64, i64, i64) -> !llvm.ptr
  %tma_b_ptr = func.call @ksTensorMap2D_{elem}(%b_any, %dtype, %two, %b64, %b64) : (memref<*x{elem}>, i64, i64, i64, i64) -> !llvm.ptr
  %tiles = arith.constant {tiles} : index
  %warpgroups = arith.constant {warpgroups} : index
  %smem_bytes = arith.constant {smem_bytes} : i32
  TMA_LAUNCH(%warpgroups, %tma_a = %tma_a_ptr : !tmaA, %tma_b = %tma_b_ptr : !tmaB)
    PIPELINE_CONSTANTS({stages}, {k_steps}, %a_slot_bytes = 16384, %b_slot_bytes = {b_slot_bytes}, %b_region = {b_region}, %tx_bytes = {slot_bytes})
    // Blocks walk the tiles in groups of {group_m} tile rows (kGroupedTileWalk).
    %tiles_m = arith.constant {tiles_m} : index
    %tiles_n = arith.constant {tiles_n} : index
    %group_m = arith.constant {group_m} : index
    TILE_WALK()
    %tile_cols = arith.constant {tile_n} : index
    %m0 = arith.muli %tile_m, %c128 : index
    %n0 = arith.muli %tile_n, %tile_cols : index
    // Thread y of the block is warpgroup y (x its thread): x is what
    // nvgpu's lowering of warpgroup.mma.store reads as the thread's place
    // in its warpgroup. Warpgroup y sums rows y * {rows_per_wg} .. of the
    // tile: its A rows begin {wg_a_bytes} bytes into the slot's A tile.
    %wg = arith.addi %ty, %c0 : index
    THREAD0()
    %wg_rows_bytes = arith.constant {wg_a_bytes} : index
    %wg_a = arith.muli %wg, %wg_rows_bytes : index
    ALIGNED_SLOTS()
    %a_base = arith.addi %pad, %c0 : index
    %b_base = arith.addi %pad, %b_region : index
    // Thread 0 loads K step %step into slot %slot: A's 128 x 64 box, B's
    // 64 x 64 boxes side by side, {slot_bytes} bytes in all.
    START_PIPELINE(%tma_a : !tmaA, %tma_b : !tmaB)
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
    // The slots are free: the 128 x {tile_n} f32 sums go through them, each
    // warpgroup's rows after those of the warpgroups before it.
    gpu.barrier
    %wg_sums_bytes = arith.constant {wg_sums_bytes} : index
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
      %old = memref.load %c[%row, %col] : memref<{m}x{n}xf32>
      %new = arith.addf %old, %v : f32
      memref.store %new, %c[%row, %col] : memref<{m}x{n}xf32>
    }
    gpu.terminator
  }
  return
}
func.func private @ksTensorMap2D_{elem}(memref<*x{elem}>, i64, i64, i64, i64) -> !llvm.ptr
)mlir";

/// The loads of one K step, for the LOAD(slot, step, predicate) lines: {name}
/// is unique to these lines, {b_boxes} the loads of B's boxes (kLoadBoxB each).
constexpr const char *kLoad = R"mlir(
      %ls_{name} = arith.muli {slot}, %a_slot_bytes : index
      %la_{name} = arith.addi %ls_{name}, %a_base : index
      %lsb_{name} = arith.muli {slot}, %b_slot_bytes : index
      %lb_{name} = arith.addi %lsb_{name}, %b_base : index
      %va_{name} = memref.view %dyn[%la_{name}][] : !smem to !boxA
      nvgpu.mbarrier.arrive.expect_tx %bars[{slot}], %tx_bytes, predicate = {predicate} : !barriers
      %kc_{name} = arith.muli {step}, %c64 : index
      nvgpu.tma.async.load %tma_a[%kc_{name}, %m0], %bars[{slot}] to %va_{name}, predicate = {predicate} : !tmaA, !barriers -> !boxA{b_boxes})mlir";

/// B's box {box} of a K step: {box_offset} its byte offset in the slot,
/// {box_col} its first column in the tile.
constexpr const char *kLoadBoxB = R"mlir(
      %ob_{name}_{box} = arith.constant {box_offset} : index
      %cb_{name}_{box} = arith.constant {box_col} : index
      %vbat_{name}_{box} = arith.addi %lb_{name}, %ob_{name}_{box} : index
      %nb_{name}_{box} = arith.addi %n0, %cb_{name}_{box} : index
      %vb_{name}_{box} = memref.view %dyn[%vbat_{name}_{box}][] : !smem to !boxB
      nvgpu.tma.async.load %tma_b[%nb_{name}_{box}, %kc_{name}], %bars[{slot}] to %vb_{name}_{box}, predicate = {predicate} : !tmaB, !barriers -> !boxB)mlir";

/// The kernel's text for these sizes.
std::string kernelText(int64_t M, int64_t N, int64_t K, StringRef elem, int64_t stages,
                       int64_t warpgroups) {
  int64_t tileN = 128 * warpgroups, bSlotBytes = 16384 * warpgroups;
  int64_t tilesM = M / kTileM, tilesN = N / tileN, rowsPerWg = kTileM / warpgroups;
  std::string text = ks::fillSlots(
      kKernel, {{"m", M},
                {"n", N},
                {"k", K},
                {"elem", elem},
                {"stages", stages},
                {"k_steps", K / kTileK},
                {"tiles_m", tilesM},
                {"tiles_n", tilesN},
                {"smem_bytes", stages * (16384 + bSlotBytes) + 1024},
                {"b_region", stages * 16384},
                {"tensor_map_dtype", elem == "bf16" ? 9 : 6},
                {"group_m", std::min<int64_t>(kGroupM, tilesM)},
                {"tiles", tilesM * tilesN},
                {"warpgroups", warpgroups},
                {"rows_per_wg", rowsPerWg},
                {"tile_n", tileN},
                {"b_slot_bytes", bSlotBytes},
                {"slot_bytes", 16384 + bSlotBytes},
                {"wg_a_bytes", rowsPerWg * kTileK * 2},
                {"wg_sums_bytes", rowsPerWg * tileN * 4}});
  // The shared pieces first: REFILL_SLOT holds a LOAD line.
  ks::wgmma::expandSharedPieces(text);
  // Each LOAD(slot, step, predicate) becomes the loads, their names made
  // unique by a counter.
  ks::expandLineMacro(text, "LOAD", [&](ArrayRef<StringRef> args, int counter) {
    std::string boxes;
    for (int64_t j = 0; j < tileN / 64; ++j)
      boxes += ks::fillSlots(kLoadBoxB, {{"slot", args[0]},
                                         {"predicate", args[2]},
                                         {"name", counter},
                                         {"box", j},
                                         {"box_offset", j * 8192},
                                         {"box_col", j * 64}});
    return ks::fillSlots(kLoad, {{"slot", args[0]},
                                 {"step", args[1]},
                                 {"predicate", args[2]},
                                 {"name", counter},
                                 {"b_boxes", boxes}});
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

DiagnosedSilenceableFailure transform::KSMatmulWgmmaTmaOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
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
  results.push_back(launch);
  rewriter.eraseOp(op);
  return DiagnosedSilenceableFailure::success();
}
