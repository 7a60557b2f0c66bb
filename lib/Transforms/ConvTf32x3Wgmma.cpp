//===- ConvTf32x3Wgmma.cpp - transform.ks.conv_tf32x3_wgmma ---------------===//
//
// An NCHW convolution as an implicit GEMM on sm_90a's warpgroup tensor
// cores at fp32 accuracy (3xTF32): Y[(n, p), f] = sum over k of
// X[window of (n, p) at k] * W[f, k]. The filter, [F, K] with K contiguous,
// is split once into TF32 parts and remainders by a small kernel and comes
// by TMA as in MatmulTf32x3Wgmma.cpp; the windows cannot (they are not a
// strided box of X), so the block's threads gather them a K step ahead,
// split them and store both parts into the 128-byte swizzled tiles wgmma
// reads K-major, while the previous step's products run. Each thread keeps
// one pixel for the whole K walk; a k's offset into X and its tap's bit
// come from a constant table, the taps inside X from the pixel's mask, so
// an element costs a table load, a few integer ops and its load.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/TransformOps.h"

#include "ConvAsGemm.h"
#include "KernelInit.h"
#include "WgmmaKernelText.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <type_traits>

using namespace mlir;

namespace {
constexpr int64_t kTileM = 128, kTileK = 32;
/// A slot: the gathered tile (16 KB) and the filter's (BN x 128 bytes),
/// then their remainders in the same order (the same swizzle): 40, 48 or
/// 64 KB for BN = 32, 64 or 128.
int64_t slotBytes(int64_t blockN) { return 2 * (16384 + blockN * 128); }
/// K padded to the K step (the padding's products are zeros).
int64_t paddedK(int64_t K) { return (K + kTileK - 1) / kTileK * kTileK; }
/// Shared memory an SM gives its blocks.
constexpr int64_t kSharedPerSM = 227 * 1024;

/// The kernel. `@{NAME}` stands for a size or a generated piece (see
/// kernelText); the line macros (LOAD, GATHER_STEP, TAP_MASK, STORE_A,
/// PIXEL and WgmmaKernelText's) are expanded after.
constexpr const char *kKernel = R"mlir(
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = @{STAGES}>
!tmaB = !nvgpu.tensormap.descriptor<tensor = memref<@{BN}x32xf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!box = memref<@{BN}x32xf32, #gpu.address_space<workgroup>>
!quad = memref<4xf32, #gpu.address_space<workgroup>>
!smem = memref<?xi8, #gpu.address_space<workgroup>>
!acc = @{ACC}
!table = memref<@{K_ROWS}x2x@{MASK_T}>
memref.global @@{TABLE} : !table
func.func @gemm(%image: memref<@{X_SHAPE}xf32>, %w: memref<@{F}x@{K}xf32>, %y: memref<@{Y_SHAPE}xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  // The filter's TF32 parts and remainders, split once by a kernel of
  // their own rather than by every block for every pixel tile.
  // K is padded with zeros to Kp, a multiple of 32 (the K step).
  %w_hi = memref.alloc() {alignment = 128 : i64} : memref<@{F}x@{KP}xf32>
  %w_lo = memref.alloc() {alignment = 128 : i64} : memref<@{F}x@{KP}xf32>
  %w_flat = memref.collapse_shape %w [[0, 1]] : memref<@{F}x@{K}xf32> into memref<@{FK}xf32>
  %hi_flat = memref.collapse_shape %w_hi [[0, 1]] : memref<@{F}x@{KP}xf32> into memref<@{FKP}xf32>
  %lo_flat = memref.collapse_shape %w_lo [[0, 1]] : memref<@{F}x@{KP}xf32> into memref<@{FKP}xf32>
  %split_blocks = arith.constant @{SPLIT_BLOCKS} : index
  %fkp = arith.constant @{FKP} : index
  %w_k = arith.constant @{K} : index
  %w_kp = arith.constant @{KP} : index
  %w_zero = arith.constant 0.0 : f32
  gpu.launch blocks(%sbx, %sby, %sbz) in (%ssx = %split_blocks, %ssy = %c1, %ssz = %c1)
             threads(%stx, %sty, %stz) in (%snx = %c256, %sny = %c1, %snz = %c1) {
    %s_block = arith.muli %sbx, %c256 : index
    %s_thread = arith.addi %s_block, %stx : index
    %s_at = arith.muli %s_thread, %c4 : index
    %s_in = arith.cmpi ult, %s_at, %fkp : index
    scf.if %s_in {
      // Four elements of a padded row (Kp is a multiple of 4).
      %s_f = arith.divui %s_at, %w_kp : index
      %s_k = arith.remui %s_at, %w_kp : index
      %s_row = arith.muli %s_f, %w_k : index
      %s_src = arith.addi %s_row, %s_k : index
@{FILTER_QUAD}
      %w4 = vector.from_elements %s_v0, %s_v1, %s_v2, %s_v3 : vector<4xf32>
      SPLIT_TF32(%w4, %w4_hi, %w4_lo)
      vector.store %w4_hi, %hi_flat[%s_at] : memref<@{FKP}xf32>, vector<4xf32>
      vector.store %w4_lo, %lo_flat[%s_at] : memref<@{FKP}xf32>, vector<4xf32>
    }
    gpu.terminator
  }
  // Their TMA descriptors (cuTensorMapEncodeTiled, FLOAT32): BN x 32 boxes
  // (128-byte rows of K), 128-byte swizzled.
  %hi_any = memref.cast %w_hi : memref<@{F}x@{KP}xf32> to memref<*xf32>
  %lo_any = memref.cast %w_lo : memref<@{F}x@{KP}xf32> to memref<*xf32>
  %dtype = arith.constant 7 : i64
  %four = arith.constant 4 : i64
  %b32 = arith.constant 32 : i64
  %box_rows = arith.constant @{BN} : i64
  %tma_hi_ptr = func.call @ksTensorMap2D_f32(%hi_any, %dtype, %four, %box_rows, %b32) : (memref<*xf32>, i64, i64, i64, i64) -> !llvm.ptr
  %tma_lo_ptr = func.call @ksTensorMap2D_f32(%lo_any, %dtype, %four, %box_rows, %b32) : (memref<*xf32>, i64, i64, i64, i64) -> !llvm.ptr
  %x_flat = memref.collapse_shape %image [[0, 1, 2, 3]] : memref<@{X_SHAPE}xf32> into memref<@{X_ELEMENTS}xf32>
  %tiles = arith.constant @{TILES} : index
  %smem_bytes = arith.constant @{SMEM_BYTES} : i32
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %tiles, %sy = %c1, %sz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %c128, %ny = %c2, %nz = %c1)
             dynamic_shared_memory_size %smem_bytes {
    %tma_hi = builtin.unrealized_conversion_cast %tma_hi_ptr : !llvm.ptr to !tmaB
    %tma_lo = builtin.unrealized_conversion_cast %tma_lo_ptr : !llvm.ptr to !tmaB
    %table = memref.get_global @@{TABLE} : !table
    // A masked-out element is loaded from the table's last row, a zero,
    // rather than selected after its load: the load's result then goes
    // straight into the registers the next step stores.
    %table_at = memref.extract_aligned_pointer_as_index %table : !table -> index
    %table_i = arith.index_cast %table_at : index to i64
    %zero_row = arith.constant @{ZERO_ROW_BYTES} : i64
    %zero_ptr = arith.addi %table_i, %zero_row : i64
    %x_at = memref.extract_aligned_pointer_as_index %x_flat : memref<@{X_ELEMENTS}xf32> -> index
    %x_ptr = arith.index_cast %x_at : index to i64
    %c2_i64 = arith.constant 2 : i64
    %stages = arith.constant @{STAGES} : index
    %ahead = arith.constant @{AHEAD} : index
    %k_steps = arith.constant @{K_STEPS} : index
    %slot_bytes = arith.constant @{SLOT_BYTES} : index
    %b_offset = arith.constant 16384 : index
    %lo_offset = arith.constant @{LO_OFFSET} : index
    %tx_bytes = arith.constant @{B_BYTES} : index
    %ticks = arith.constant 10000000 : index
    %true = arith.constant true
    %false = arith.constant false
    %block_n = arith.constant @{BN} : index
    // The filter tiles of a pixel tile go to consecutive blocks, which run
    // together: each window is gathered from DRAM about once.
    %tiles_n = arith.constant @{TILES_N} : index
    %tile_n = arith.remui %bx, %tiles_n : index
    %tile_m = arith.divui %bx, %tiles_n : index
    %m0 = arith.muli %tile_m, %c128 : index
    %n0 = arith.muli %tile_n, %block_n : index
    %wg_at = arith.muli %ty, %c128 : index
    %linear = arith.addi %wg_at, %tx : index
    %thread0 = arith.cmpi eq, %linear, %c0 : index
    %dyn = gpu.dynamic_shared_memory : !smem
    ALIGNED_SLOTS()
    INIT_BARRIERS(%tma_hi : !tmaB, %tma_lo : !tmaB)
    gpu.barrier
    scf.for %s = %c0 to %ahead step %c1 {
      LOAD(%s, %s, %thread0)
    }
    // The pixel this thread gathers in every K step: row linear % 128 of
    // the tile, 16 of its 32 K columns (16-byte chunks 4 half .. 4 half + 3
    // of 8). Past the last pixel it gathers zeros.
    %pixels = arith.constant @{M} : index
    %per_image = arith.constant @{P} : index
    %out_w = arith.constant @{OW} : index
    %stride_h = arith.constant @{SH} : index
    %stride_w = arith.constant @{SW} : index
    %pad_t = arith.constant @{PAD_T} : index
    %pad_l = arith.constant @{PAD_L} : index
    %image_elements = arith.constant @{IMAGE} : index
    %in_h = arith.constant @{H} : index
    %in_w = arith.constant @{W} : index
    %g_row = arith.remui %linear, %c128 : index
    %g_half = arith.divui %linear, %c128 : index
    %g_chunk0 = arith.muli %g_half, %c4 : index
    %g_m = arith.addi %m0, %g_row : index
    %g_real = arith.cmpi ult, %g_m, %pixels : index
    %g_mc = arith.select %g_real, %g_m, %c0 : index
    %g_n = arith.divui %g_mc, %per_image : index
    %g_p = arith.remui %g_mc, %per_image : index
    %g_oh = arith.divui %g_p, %out_w : index
    %g_ow = arith.remui %g_p, %out_w : index
    // The window's corner in X (negative in the padding).
    %g_ohs = arith.muli %g_oh, %stride_h : index
    %g_ih0 = arith.subi %g_ohs, %pad_t : index
    %g_ows = arith.muli %g_ow, %stride_w : index
    %g_iw0 = arith.subi %g_ows, %pad_l : index
    %g_image = arith.muli %g_n, %image_elements : index
    %g_rows = arith.muli %g_ih0, %in_w : index
    %g_corner = arith.addi %g_image, %g_rows : index
    %g_base = arith.addi %g_corner, %g_iw0 : index
    %g_base_t = arith.index_cast %g_base : index to @{MASK_T}
    %c0_mask = arith.constant 0 : @{MASK_T}
    // Bit t of %g_mask: tap t (kh KW + kw) of this pixel's window is inside
    // X, and the pixel is one (not past the last).
    TAP_MASK()
    %g_swizzle = arith.remui %g_row, %c8 : index
    %g_row_bytes = arith.muli %g_row, %c128 : index
    DESC_CONSTANTS()
    // Warpgroup y's pixels begin 64 rows (8 KB) into the tile.
    %c8192 = arith.constant 8192 : index
    %wg_rows = arith.muli %ty, %c8192 : index
    %zero = llvm.mlir.zero : !acc
    %promote_every = arith.constant @{PROMOTE} : index
    %last_step = arith.subi %k_steps, %c1 : index
    // Step 0's window elements; each step loads the next one's before it
    // stores its own, so the loads have a step's time to arrive.
    GATHER_STEP(%c0, %first)
    %sums:7 = scf.for %k = %c0 to %k_steps step %c1 iter_args(%total = %zero, %acc = %zero, %parity = %false, %w_0 = %first_0, %w_1 = %first_1, %w_2 = %first_2, %w_3 = %first_3) -> (!acc, !acc, i1, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
      %slot = arith.remui %k, %stages : index
      %slot_rel = arith.muli %slot, %slot_bytes : index
      %slot_at = arith.addi %slot_rel, %pad : index
      // The next step's elements (the last step loads its own again).
      %k_after = arith.addi %k, %c1 : index
      %k_next = arith.minui %k_after, %last_step : index
      GATHER_STEP(%k_next, %next)
      // This step's, split and stored: the slot's last reader (the
      // products of step k - S) finished before the last step's barrier.
      %g_row_at = arith.addi %slot_at, %g_row_bytes : index
      STORE_A(%w_0, 0)
      STORE_A(%w_1, 1)
      STORE_A(%w_2, 2)
      STORE_A(%w_3, 3)
      // The filter's parts and remainders.
      nvgpu.mbarrier.try_wait.parity %bars[%slot], %parity, %ticks : !barriers
@{STEP}
      scf.yield %moved#0, %moved#1, %next_parity, %next_0, %next_1, %next_2, %next_3 : !acc, !acc, i1, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
    }
    nvvm.wgmma.wait.group.sync.aligned 0
    // wgmma's accumulator layout: the rows are pixels, the columns filters.
    ACCUMULATOR_ROWS()
    PIXEL(%row_lo, lo)
    PIXEL(%row_hi, hi)
    %col_base = arith.addi %n0, %lane_col : index
@{STORES}
    gpu.terminator
  }
  // Freed after the launch that reads them through the TMA descriptors
  // (which the last-use analysis of ks-use-device-memory does not see).
  memref.dealloc %w_hi : memref<@{F}x@{KP}xf32>
  memref.dealloc %w_lo : memref<@{F}x@{KP}xf32>
  return
}
func.func private @ksTensorMap2D_f32(memref<*xf32>, i64, i64, i64, i64) -> !llvm.ptr
)mlir";

/// LOAD(slot, step, predicate): the filter parts' and remainders' BN x 32
/// boxes at K column 32 step. {0} slot, {1} step, {2} predicate, {3} a
/// name unique to these lines.
constexpr const char *kLoad = R"mlir(
      %ls_{3} = arith.muli {0}, %slot_bytes : index
      %la_{3} = arith.addi %ls_{3}, %pad : index
      %lb_{3} = arith.addi %la_{3}, %b_offset : index
      %lr_{3} = arith.addi %lb_{3}, %lo_offset : index
      %vb_{3} = memref.view %dyn[%lb_{3}][] : !smem to !box
      %vr_{3} = memref.view %dyn[%lr_{3}][] : !smem to !box
      nvgpu.mbarrier.arrive.expect_tx %bars[{0}], %tx_bytes, predicate = {2} : !barriers
      %kc_{3} = arith.muli {1}, %c32 : index
      nvgpu.tma.async.load %tma_hi[%kc_{3}, %n0], %bars[{0}] to %vb_{3}, predicate = {2} : !tmaB, !barriers -> !box
      nvgpu.tma.async.load %tma_lo[%kc_{3}, %n0], %bars[{0}] to %vr_{3}, predicate = {2} : !tmaB, !barriers -> !box)mlir";

/// One gathered element (GATHER_STEP repeats it for a thread's 16): the
/// table's row of k (offset into X, the tap's bit), the tap's bit of the
/// pixel's mask (whether it falls inside X, not in the padding, and the
/// pixel is one), the element's address or the table's zero's. {0} the
/// first k, {1} the element (0 to 3), {2} a unique name, {3} the table's
/// and mask's type (i32, or i64 past 32 taps), {4} the line that defines
/// %gw_{2}, the element's index as i64.
constexpr const char *kGatherElement = R"mlir(
        %gk_{2} = arith.addi {0}, %c{1} : index
        %gt_{2} = vector.load %table[%gk_{2}, %c0] : !table, vector<2x{3}>
        %go_{2} = vector.extract %gt_{2}[0] : {3} from vector<2x{3}>
        %gtap_{2} = vector.extract %gt_{2}[1] : {3} from vector<2x{3}>
        %gbit_{2} = arith.andi %g_mask, %gtap_{2} : {3}
        %ok_{2} = arith.cmpi ne, %gbit_{2}, %c0_mask : {3}
        %gi_{2} = arith.addi %g_base_t, %go_{2} : {3}
        {4}
        %gb_{2} = arith.shli %gw_{2}, %c2_i64 : i64
        %ga_{2} = arith.addi %x_ptr, %gb_{2} : i64
        %gs_{2} = arith.select %ok_{2}, %ga_{2}, %zero_ptr : i64
        %gp_{2} = llvm.inttoptr %gs_{2} : i64 to !llvm.ptr<1>
        %ge_{2} = llvm.load %gp_{2} : !llvm.ptr<1> -> f32)mlir";

/// The four elements %s_v0 .. %s_v3 of the padded filter row the split
/// kernel's thread reads from k = %s_k on (%s_src in the unpadded [F, K] of
/// `filterElements`): each loaded where k < K, zero past it.
std::string filterQuad(int64_t filterElements) {
  std::string text;
  for (int j = 1; j < 4; ++j)
    text += llvm::formatv("      %s_k{0} = arith.addi %s_k, %c{0} : index\n", j).str();
  for (int j = 0; j < 4; ++j)
    text += llvm::formatv("      %s_e{0} = arith.cmpi ult, {1}, %w_k : index\n", j,
                          j ? llvm::formatv("%s_k{0}", j).str() : std::string("%s_k"))
                .str();
  for (int j = 1; j < 4; ++j)
    text += llvm::formatv("      %s_a{0} = arith.addi %s_src, %c{0} : index\n", j).str();
  for (int j = 0; j < 4; ++j)
    text += llvm::formatv("      %s_v{0} = scf.if %s_e{0} -> (f32) {{\n"
                          "        %v = memref.load %w_flat[{1}] : memref<{2}xf32>\n"
                          "        scf.yield %v : f32\n"
                          "      } else {{\n"
                          "        scf.yield %w_zero : f32\n"
                          "      }\n",
                          j, j ? llvm::formatv("%s_a{0}", j).str() : std::string("%s_src"),
                          filterElements)
                .str();
  text.pop_back(); // the template's line ends it
  return text;
}

/// STORE_A(value, q): a thread's q-th quad of window elements (K chunk
/// 4 half + q of its pixel's row) split, its TF32 parts stored at their
/// swizzled place in the slot's gathered tile, the remainders 32 KB on.
/// {0} the vector, {1} q.
constexpr const char *kStoreGathered = R"mlir(
      %chunk_{1} = arith.addi %g_chunk0, %c{1} : index
      SPLIT_TF32({0}, %a_hi_{1}, %a_lo_{1})
      %phys_{1} = arith.xori %chunk_{1}, %g_swizzle : index
      %phys_bytes_{1} = arith.muli %phys_{1}, %c16 : index
      %a_at_{1} = arith.addi %g_row_at, %phys_bytes_{1} : index
      %a_lo_at_{1} = arith.addi %a_at_{1}, %lo_offset : index
      %a_view_{1} = memref.view %dyn[%a_at_{1}][] : !smem to !quad
      %a_lo_view_{1} = memref.view %dyn[%a_lo_at_{1}][] : !smem to !quad
      vector.store %a_hi_{1}, %a_view_{1}[%c0] : !quad, vector<4xf32>
      vector.store %a_lo_{1}, %a_lo_view_{1}[%c0] : !quad, vector<4xf32>)mlir";

/// PIXEL(row, name): the output position of pixel row `row` (clamped to
/// the last pixel; %real_name says whether it is one).
constexpr const char *kPixel = R"mlir(
    %real_{1} = arith.cmpi ult, {0}, %pixels : index
    %pc_{1} = arith.select %real_{1}, {0}, %c0 : index
    %n_{1} = arith.divui %pc_{1}, %per_image : index
    %p_{1} = arith.remui %pc_{1}, %per_image : index
    %oh_{1} = arith.divui %p_{1}, %out_w : index
    %ow_{1} = arith.remui %p_{1}, %out_w : index)mlir";

/// The stores of a thread's BN / 2 sums into Y[n, f, oh, ow], each marked
/// for the initial value added later; rows past the last pixel are
/// skipped where the pixels do not fill the tiles.
std::string stores(int64_t blockN, bool partialTiles, StringRef yType) {
  std::string text;
  for (int64_t i = 0; i < blockN / 8; ++i) {
    text += llvm::formatv("    %cc_{0} = arith.constant {1} : index\n"
                          "    %col_{0} = arith.addi %col_base, %cc_{0} : index\n"
                          "    %col1_{0} = arith.addi %col_{0}, %c1 : index\n",
                          i, 8 * i);
    for (int half = 0; half < 2; ++half)
      for (int e = 0; e < 2; ++e) {
        int64_t reg = 4 * i + 2 * half + e;
        const char *row = half ? "hi" : "lo";
        std::string store = llvm::formatv(
            "memref.store %v_{0}, %y[%n_{1}, {2}, %oh_{1}, %ow_{1}] {{{3}} : memref<{4}>", reg,
            row, llvm::formatv("%{0}_{1}", e ? "col1" : "col", i).str(), ks::wgmma::kOutputStore, yType);
        text += llvm::formatv("    %v_{0} = llvm.extractvalue %sums#0[{0}] : !acc\n", reg);
        text += partialTiles
                    ? llvm::formatv("    scf.if %real_{0} {{\n      {1}\n    }\n", row, store).str()
                    : "    " + store + "\n";
      }
  }
  return text;
}

/// Replaces each `@{NAME}` of `text` by `values[NAME]`, in one pass.
std::string fillTemplate(StringRef text, const llvm::StringMap<std::string> &values) {
  std::string out;
  while (!text.empty()) {
    size_t at = text.find("@{");
    if (at == StringRef::npos) {
      out += text;
      break;
    }
    size_t close = text.find('}', at);
    out += text.take_front(at);
    out += values.lookup(text.slice(at + 2, close));
    text = text.drop_front(close + 1);
  }
  return out;
}

/// The convolution's sizes, as the kernel sees them.
struct ConvShape {
  SmallVector<int64_t> x, y; // X's (the padded copy's source where folded) and Y's shapes
  int64_t F = 0, C = 0, KH = 0, KW = 0, K = 0, P = 0, M = 0;
  int64_t strideH = 1, strideW = 1, dilationH = 1, dilationW = 1, padT = 0, padL = 0;
};

std::string kernelText(const ConvShape &s, int64_t blockN, int64_t stages, int64_t promoteEvery,
                       StringRef tableName) {
  auto join = [](ArrayRef<int64_t> shape) {
    std::string text;
    for (int64_t d : shape)
      text += (text.empty() ? "" : "x") + std::to_string(d);
    return text;
  };
  int64_t tilesM = (s.M + kTileM - 1) / kTileM, tilesN = s.F / blockN;
  int64_t kPadded = paddedK(s.K);
  bool wideMask = s.KH * s.KW > 32;
  std::string maskType = wideMask ? "i64" : "i32";
  llvm::StringMap<std::string> values;
  auto set = [&](StringRef name, const auto &value) {
    if constexpr (std::is_integral_v<std::decay_t<decltype(value)>>)
      values[name] = std::to_string(value);
    else
      values[name] = std::string(value);
  };
  set("STAGES", stages);
  set("AHEAD", stages - 1);
  set("BN", blockN);
  set("ACC", ks::wgmma::accumulatorType(blockN));
  set("K", s.K);
  set("F", s.F);
  set("TABLE", tableName);
  set("K_ROWS", kPadded + 1);
  set("ZERO_ROW_BYTES", kPadded * 2 * (wideMask ? 8 : 4));
  set("MASK_T", maskType);
  set("KP", kPadded);
  set("FKP", s.F * kPadded);
  set("X_SHAPE", join(s.x));
  set("Y_SHAPE", join(s.y));
  set("X_ELEMENTS", s.x[0] * s.x[1] * s.x[2] * s.x[3]);
  set("TILES", tilesM * tilesN);
  set("TILES_N", tilesN);
  set("SMEM_BYTES", stages * slotBytes(blockN) + 1024);
  set("SLOT_BYTES", slotBytes(blockN));
  set("LO_OFFSET", slotBytes(blockN) / 2);
  set("K_STEPS", kPadded / kTileK);
  set("B_BYTES", 2 * blockN * 128);
  set("FK", s.F * s.K);
  set("SPLIT_BLOCKS", (s.F * kPadded / 4 + 255) / 256);
  set("M", s.M);
  set("P", s.P);
  set("OW", s.y[3]);
  set("SH", s.strideH);
  set("SW", s.strideW);
  set("PAD_T", s.padT);
  set("PAD_L", s.padL);
  set("IMAGE", s.x[1] * s.x[2] * s.x[3]);
  set("H", s.x[2]);
  set("W", s.x[3]);
  set("PROMOTE", promoteEvery);
  set("STEP", ks::wgmma::tf32x3Step(blockN));
  set("FILTER_QUAD", filterQuad(s.F * s.K));
  set("STORES", stores(blockN, s.M % kTileM != 0, join(s.y) + "xf32"));
  std::string text = fillTemplate(kKernel, values);
  // The shared pieces first: REFILL_SLOT holds a LOAD line.
  ks::wgmma::expandSharedPieces(text);
  ks::wgmma::expandLineMacro(text, "LOAD", [&](ArrayRef<StringRef> args, int counter) {
    return llvm::formatv(kLoad, args[0], args[1], args[2], counter).str();
  });
  // GATHER_STEP(step, %name): a thread's 16 elements of K step `step`, as
  // %name_0 .. %name_3 (its quads, K chunks 4 half .. 4 half + 3).
  ks::wgmma::expandLineMacro(text, "GATHER_STEP", [&](ArrayRef<StringRef> args, int counter) {
    std::string lines =
        llvm::formatv("\n      %gs_{0} = arith.muli {1}, %c32 : index", counter, args[0]).str();
    for (int q = 0; q < 4; ++q) {
      lines += llvm::formatv("\n      %gc_{0}_{1} = arith.addi %g_chunk0, %c{1} : index"
                             "\n      %gck_{0}_{1} = arith.muli %gc_{0}_{1}, %c4 : index"
                             "\n      %gq_{0}_{1} = arith.addi %gs_{0}, %gck_{0}_{1} : index",
                             counter, q)
                   .str();
      std::string names;
      for (int e = 0; e < 4; ++e) {
        std::string name = llvm::formatv("{0}_{1}_{2}", counter, q, e).str();
        std::string widen =
            wideMask ? llvm::formatv("%gw_{0} = arith.addi %gi_{0}, %c0_mask : i64", name).str()
                     : llvm::formatv("%gw_{0} = arith.extsi %gi_{0} : i32 to i64", name).str();
        lines += llvm::formatv(kGatherElement, llvm::formatv("%gq_{0}_{1}", counter, q).str(),
                               e, name, maskType, widen)
                     .str();
        names += llvm::formatv("{0}%ge_{1}", e ? ", " : "", name).str();
      }
      lines += llvm::formatv("\n      {0}_{1} = vector.from_elements {2} : vector<4xf32>",
                             args[1], q, names)
                   .str();
    }
    return lines;
  });
  ks::wgmma::expandLineMacro(text, "TAP_MASK", [&](ArrayRef<StringRef>, int) {
    std::string lines = "\n    %mask_0 = arith.constant 0 : " + maskType;
    for (int64_t t = 0; t < s.KH * s.KW; ++t)
      lines += llvm::formatv(
                   "\n    %tap_tr_{0} = arith.constant {1} : index"
                   "\n    %tap_tc_{0} = arith.constant {2} : index"
                   "\n    %tap_tih_{0} = arith.addi %g_ih0, %tap_tr_{0} : index"
                   "\n    %tap_tiw_{0} = arith.addi %g_iw0, %tap_tc_{0} : index"
                   "\n    %tap_toh_{0} = arith.cmpi ult, %tap_tih_{0}, %in_h : index"
                   "\n    %tap_tow_{0} = arith.cmpi ult, %tap_tiw_{0}, %in_w : index"
                   "\n    %tap_tok_{0} = arith.andi %tap_toh_{0}, %tap_tow_{0} : i1"
                   "\n    %tap_tb_{0} = arith.extui %tap_tok_{0} : i1 to {4}"
                   "\n    %tap_tsh_{0} = arith.constant {0} : {4}"
                   "\n    %tap_tbs_{0} = arith.shli %tap_tb_{0}, %tap_tsh_{0} : {4}"
                   "\n    %mask_{3} = arith.ori %mask_{0}, %tap_tbs_{0} : {4}",
                   t, (t / s.KW) * s.dilationH, (t % s.KW) * s.dilationW, t + 1, maskType)
                   .str();
    return lines + llvm::formatv("\n    %g_mask = arith.select %g_real, %mask_{0}, %mask_0 : {1}",
                                 s.KH * s.KW, maskType)
                       .str();
  });
  ks::wgmma::expandLineMacro(text, "STORE_A", [&](ArrayRef<StringRef> args, int) {
    return llvm::formatv(kStoreGathered, args[0], args[1]).str();
  });
  ks::wgmma::expandLineMacro(text, "PIXEL", [&](ArrayRef<StringRef> args, int) {
    return llvm::formatv(kPixel, args[0], args[1]).str();
  });
  ks::wgmma::expandTf32x3Pieces(text);
  return text;
}

/// Why `conv` cannot become the kernel, or the empty string; fills `shape`
/// and, where the input is a zero-padded copy the kernel reads the source
/// of, `padded`.
std::string unmetCondition(linalg::Conv2DNchwFchwOp conv, int64_t blockN, int64_t stages,
                           int64_t promoteEvery, ConvShape &shape,
                           std::optional<ks::PaddedSourceMatch> &padded) {
  std::string unmet = ks::unmetConvAsGemmCondition(conv);
  if (!unmet.empty())
    return unmet;
  Value input = conv.getInputs()[0];
  auto inputType = cast<MemRefType>(input.getType());
  if (!inputType.getLayout().isIdentity())
    return "the input is not a row-major buffer";
  ArrayRef<int64_t> filter = cast<MemRefType>(conv.getInputs()[1].getType()).getShape();
  shape.y = llvm::to_vector(cast<MemRefType>(conv.getOutputs()[0].getType()).getShape());
  shape.F = filter[0];
  shape.C = filter[1];
  shape.KH = filter[2];
  shape.KW = filter[3];
  shape.K = shape.C * shape.KH * shape.KW;
  shape.P = shape.y[2] * shape.y[3];
  shape.M = shape.y[0] * shape.P;
  auto strides = llvm::to_vector(conv.getStrides().getValues<int64_t>());
  auto dilations = llvm::to_vector(conv.getDilations().getValues<int64_t>());
  shape.strideH = strides[0];
  shape.strideW = strides[1];
  shape.dilationH = dilations[0];
  shape.dilationW = dilations[1];
  shape.x = llvm::to_vector(inputType.getShape());
  // A zero-padded copy whose padding is in H and W only is read from its
  // source.
  padded = ks::findPaddedSource(input, conv);
  if (padded) {
    ArrayRef<int64_t> source = cast<MemRefType>(padded->source.getType()).getShape();
    bool spatialOnly = padded->low[0] == 0 && padded->low[1] == 0 &&
                       source[0] == shape.x[0] && source[1] == shape.x[1];
    if (padded->padValue != 0.0 || !spatialOnly ||
        !cast<MemRefType>(padded->source.getType()).getLayout().isIdentity()) {
      padded.reset();
    } else {
      shape.x = llvm::to_vector(source);
      shape.padT = padded->low[2];
      shape.padL = padded->low[3];
    }
  }
  if (blockN != 32 && blockN != 64 && blockN != 128)
    return llvm::formatv("block_n = {0} is not 32, 64 or 128", blockN).str();
  if (shape.KH * shape.KW > 64)
    return llvm::formatv("a window of {0} taps (KH x KW) is more than the 64 a pixel's mask "
                         "holds",
                         shape.KH * shape.KW)
        .str();
  if (shape.F % blockN)
    return llvm::formatv("F = {0} must be a multiple of block_n = {1}", shape.F, blockN).str();
  if (shape.x[0] * shape.x[1] * shape.x[2] * shape.x[3] >= (1ll << 31))
    return "the input has 2^31 elements or more (the gather's offsets are 32-bit)";
  if (stages < 2 || stages * slotBytes(blockN) + 1024 > kSharedPerSM)
    return llvm::formatv("stages = {0} is not at least 2 or does not fit an SM ({1} KB of "
                         "shared memory a slot, 227 KB an SM)",
                         stages, slotBytes(blockN) / 1024)
        .str();
  if (paddedK(shape.K) / kTileK < stages - 1)
    return "fewer K steps than the pipeline keeps in flight";
  if (promoteEvery < 1)
    return "promote_every must be at least 1";
  return "";
}

/// The constant table of each k = (c, kh, kw): its offset into X
/// (c H W + kh dh W + kw dw) and its tap's bit (1 << (kh KW + kw)) of a
/// pixel's mask, which says whether the tap falls inside X; rows of zeros
/// for K's padding (masked out), then one more, which the masked-out loads
/// read. 32-bit up to 32 taps, 64-bit up to 64.
memref::GlobalOp createGatherTable(RewriterBase &rewriter, Location loc, ModuleOp module,
                                   const ConvShape &s) {
  SmallVector<int64_t> table;
  int64_t H = s.x[2], W = s.x[3];
  for (int64_t c = 0; c < s.C; ++c)
    for (int64_t kh = 0; kh < s.KH; ++kh)
      for (int64_t kw = 0; kw < s.KW; ++kw) {
        int64_t row = kh * s.dilationH, col = kw * s.dilationW;
        table.append({c * H * W + row * W + col, int64_t(1ull << (kh * s.KW + kw))});
      }
  // K's padding (no tap: always masked out), then the zero row.
  table.append(2 * (paddedK(s.K) - s.K + 1), 0);
  bool wideMask = s.KH * s.KW > 32;
  Type element = wideMask ? rewriter.getI64Type() : rewriter.getI32Type();
  auto type = MemRefType::get({paddedK(s.K) + 1, 2}, element);
  SmallVector<APInt> values;
  for (int64_t v : table)
    values.push_back(APInt(wideMask ? 64 : 32, uint64_t(v), /*isSigned=*/true, /*implicitTrunc=*/true));
  OpBuilder atEnd = OpBuilder::atBlockEnd(module.getBody());
  auto global = memref::GlobalOp::create(
      atEnd, loc, "conv_gather_table", atEnd.getStringAttr("private"), type,
      DenseElementsAttr::get(RankedTensorType::get(type.getShape(), element), values),
      /*constant=*/true, atEnd.getI64IntegerAttr(wideMask ? 16 : 8));
  SymbolTable(module).insert(global);
  return global;
}
} // namespace

DiagnosedSilenceableFailure
transform::KSConvTf32x3WgmmaOp::apply(transform::TransformRewriter &rewriter,
                                      transform::TransformResults &results,
                                      transform::TransformState &state) {
  SmallVector<Operation *> launches;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto conv = dyn_cast<linalg::Conv2DNchwFchwOp>(target);
    if (!conv)
      return emitDefiniteFailure() << "expects linalg.conv_2d_nchw_fchw, got "
                                   << target->getName();
    ConvShape shape;
    std::optional<ks::PaddedSourceMatch> padded;
    std::string unmet =
        unmetCondition(conv, getBlockN(), getStages(), getPromoteEvery(), shape, padded);
    if (!unmet.empty())
      return emitDefiniteFailure() << "cannot build a 3xTF32 wgmma convolution kernel: " << unmet;
    // The output's initial value, as in ks.matmul_tf32x3_wgmma.
    ks::wgmma::OutputInit init =
        ks::wgmma::findOutputInit(cast<linalg::LinalgOp>(conv.getOperation()));
    Location loc = conv.getLoc();
    auto module = conv->getParentOfType<ModuleOp>();
    memref::GlobalOp table = createGatherTable(rewriter, loc, module, shape);
    rewriter.setInsertionPoint(conv);
    Value filterRows = memref::CollapseShapeOp::create(
        rewriter, loc, conv.getInputs()[1], SmallVector<ReassociationIndices>{{0}, {1, 2, 3}});
    Value input = padded ? padded->source : conv.getInputs()[0];
    gpu::LaunchOp launch = ks::wgmma::spliceKernel(
        rewriter,
        kernelText(shape, getBlockN(), getStages(), getPromoteEvery(), table.getSymName()),
        conv, ValueRange{input, filterRows, conv.getOutputs()[0]});
    if (!launch)
      return emitDefiniteFailure() << "internal error: the wgmma kernel's text does not parse";
    // Where two blocks' slots fit an SM, ptxas is asked to fit their
    // registers too (at most 128 a thread): one block's first gather and
    // last stores then overlap the other's products.
    if (2 * (getStages() * slotBytes(getBlockN()) + 1024) <= kSharedPerSM)
      launch->setAttr("nvvm.minctasm", rewriter.getI32IntegerAttr(2));
    ks::wgmma::addOutputInit(rewriter, launch, init);
    launches.push_back(launch);
    rewriter.eraseOp(conv);
    ks::wgmma::eraseFoldedInit(rewriter, init);
    if (padded)
      ks::eraseFoldedProducers(rewriter, padded->producers);
  }
  results.set(cast<OpResult>(getLaunch()), launches);
  return DiagnosedSilenceableFailure::success();
}
