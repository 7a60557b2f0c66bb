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

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ConvAsGemm.h"
#include "WgmmaKernelText.h"
#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/FormatVariadic.h"

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

/// The kernel. Its slots are sizes or generated pieces (see kernelText);
/// the line macros (LOAD, GATHER_STEP, TAP_MASK, STORE_A, PIXEL and
/// WgmmaKernelText's) are expanded after.
constexpr const char *kKernel = R"mlir(
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = {stages}>
!tmaB = !nvgpu.tensormap.descriptor<tensor = memref<{block_n}x32xf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!box = memref<{block_n}x32xf32, #gpu.address_space<workgroup>>
!quad = memref<4xf32, #gpu.address_space<workgroup>>
!smem = memref<?xi8, #gpu.address_space<workgroup>>
!acc = {acc_type}
!table = memref<{table_rows}x2x{mask_type}>
memref.global @{table} : !table
func.func @gemm(%image: memref<{x_shape}xf32>, %w: memref<{f}x{k}xf32>, %y: memref<{y_shape}xf32>) {{
  INDEX_CONSTANTS(0, 1, 2, 3, 4, 8, 16, 32, 64, 128, 256)
  // The filter's TF32 parts and remainders, split once by a kernel of
  // their own rather than by every block for every pixel tile.
  // K is padded with zeros to Kp, a multiple of 32 (the K step).
  %w_hi = memref.alloc() {{alignment = 128 : i64} : memref<{f}x{k_padded}xf32>
  %w_lo = memref.alloc() {{alignment = 128 : i64} : memref<{f}x{k_padded}xf32>
  %w_flat = memref.collapse_shape %w [[0, 1]] : memref<{f}x{k}xf32> into memref<{fk}xf32>
  %hi_flat = memref.collapse_shape %w_hi [[0, 1]] : memref<{f}x{k_padded}xf32> into memref<{fk_padded}xf32>
  %lo_flat = memref.collapse_shape %w_lo [[0, 1]] : memref<{f}x{k_padded}xf32> into memref<{fk_padded}xf32>
  %split_blocks = arith.constant {split_blocks} : index
  %fkp = arith.constant {fk_padded} : index
  %w_k = arith.constant {k} : index
  %w_kp = arith.constant {k_padded} : index
  %w_zero = arith.constant 0.0 : f32
  gpu.launch blocks(%sbx, %sby, %sbz) in (%ssx = %split_blocks, %ssy = %c1, %ssz = %c1)
             threads(%stx, %sty, %stz) in (%snx = %c256, %sny = %c1, %snz = %c1) {{
    %s_block = arith.muli %sbx, %c256 : index
    %s_thread = arith.addi %s_block, %stx : index
    %s_at = arith.muli %s_thread, %c4 : index
    %s_in = arith.cmpi ult, %s_at, %fkp : index
    scf.if %s_in {{
      // Four elements of a padded row (Kp is a multiple of 4).
      %s_f = arith.divui %s_at, %w_kp : index
      %s_k = arith.remui %s_at, %w_kp : index
      %s_row = arith.muli %s_f, %w_k : index
      %s_src = arith.addi %s_row, %s_k : index
{filter_quad}
      %w4 = vector.from_elements %s_v0, %s_v1, %s_v2, %s_v3 : vector<4xf32>
      SPLIT_TF32(%w4, %w4_hi, %w4_lo)
      vector.store %w4_hi, %hi_flat[%s_at] : memref<{fk_padded}xf32>, vector<4xf32>
      vector.store %w4_lo, %lo_flat[%s_at] : memref<{fk_padded}xf32>, vector<4xf32>
    }
    gpu.terminator
  }
  // Their TMA descriptors (cuTensorMapEncodeTiled, FLOAT32): BN x 32 boxes
  // (128-byte rows of K), 128-byte swizzled.
  %hi_any = memref.cast %w_hi : memref<{f}x{k_padded}xf32> to memref<*xf32>
  %lo_any = memref.cast %w_lo : memref<{f}x{k_padded}xf32> to memref<*xf32>
  F32_TENSOR_MAPS(%tma_hi_ptr = %hi_any, %tma_lo_ptr = %lo_any, {block_n})
  %x_flat = memref.collapse_shape %image [[0, 1, 2, 3]] : memref<{x_shape}xf32> into memref<{x_elements}xf32>
  %tiles = arith.constant {tiles} : index
  %smem_bytes = arith.constant {smem_bytes} : i32
  TMA_LAUNCH(%c2, %tma_hi = %tma_hi_ptr : !tmaB, %tma_lo = %tma_lo_ptr : !tmaB)
    %table = memref.get_global @{table} : !table
    // A masked-out element is loaded from the table's last row, a zero,
    // rather than selected after its load: the load's result then goes
    // straight into the registers the next step stores.
    %table_at = memref.extract_aligned_pointer_as_index %table : !table -> index
    %table_i = arith.index_cast %table_at : index to i64
    %zero_row = arith.constant {zero_row_bytes} : i64
    %zero_ptr = arith.addi %table_i, %zero_row : i64
    %x_at = memref.extract_aligned_pointer_as_index %x_flat : memref<{x_elements}xf32> -> index
    %x_ptr = arith.index_cast %x_at : index to i64
    %c2_i64 = arith.constant 2 : i64
    PIPELINE_CONSTANTS({stages}, {k_steps}, %slot_bytes = {slot_bytes}, %b_offset = 16384, %lo_offset = {lo_offset}, %tx_bytes = {tx_bytes})
    %block_n = arith.constant {block_n} : index
    // The filter tiles of a pixel tile go to consecutive blocks, which run
    // together: each window is gathered from DRAM about once.
    %tiles_n = arith.constant {tiles_n} : index
    %tile_n = arith.remui %bx, %tiles_n : index
    %tile_m = arith.divui %bx, %tiles_n : index
    %m0 = arith.muli %tile_m, %c128 : index
    %n0 = arith.muli %tile_n, %block_n : index
    THREAD0()
    ALIGNED_SLOTS()
    START_PIPELINE(%tma_hi : !tmaB, %tma_lo : !tmaB)
    // The pixel this thread gathers in every K step: row linear % 128 of
    // the tile, 16 of its 32 K columns (16-byte chunks 4 half .. 4 half + 3
    // of 8). Past the last pixel it gathers zeros.
    %pixels = arith.constant {pixels} : index
    %per_image = arith.constant {per_image} : index
    %out_w = arith.constant {out_w} : index
    %stride_h = arith.constant {stride_h} : index
    %stride_w = arith.constant {stride_w} : index
    %pad_t = arith.constant {pad_t} : index
    %pad_l = arith.constant {pad_l} : index
    %image_elements = arith.constant {image_elements} : index
    %in_h = arith.constant {in_h} : index
    %in_w = arith.constant {in_w} : index
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
    %g_base_t = arith.index_cast %g_base : index to {mask_type}
    %c0_mask = arith.constant 0 : {mask_type}
    // Bit t of %g_mask: tap t (kh KW + kw) of this pixel's window is inside
    // X, and the pixel is one (not past the last).
    TAP_MASK()
    %g_swizzle = arith.remui %g_row, %c8 : index
    %g_row_bytes = arith.muli %g_row, %c128 : index
    // (Warpgroup y's pixels are its 64 rows of A, %wg_rows.)
    STEP_CONSTANTS({promote_every})
    // Step 0's window elements; each step loads the next one's before it
    // stores its own, so the loads have a step's time to arrive.
    GATHER_STEP(%c0, %first)
    %sums:7 = scf.for %k = %c0 to %k_steps step %c1 iter_args(%total = %zero, %acc = %zero, %parity = %false, %w_0 = %first_0, %w_1 = %first_1, %w_2 = %first_2, %w_3 = %first_3) -> (!acc, !acc, i1, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {{
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
{k_step_products}
      scf.yield %moved#0, %moved#1, %next_parity, %next_0, %next_1, %next_2, %next_3 : !acc, !acc, i1, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
    }
    nvvm.wgmma.wait.group.sync.aligned 0
    // wgmma's accumulator layout: the rows are pixels, the columns filters.
    ACCUMULATOR_ROWS()
    PIXEL(%row_lo, lo)
    PIXEL(%row_hi, hi)
    %col_base = arith.addi %n0, %lane_col : index
{stores}
    gpu.terminator
  }
  // Freed after the launch that reads them through the TMA descriptors
  // (which the last-use analysis of ks-use-device-memory does not see).
  memref.dealloc %w_hi : memref<{f}x{k_padded}xf32>
  memref.dealloc %w_lo : memref<{f}x{k_padded}xf32>
  return
}
func.func private @ksTensorMap2D_f32(memref<*xf32>, i64, i64, i64, i64) -> !llvm.ptr
)mlir";

/// One gathered element (GATHER_STEP repeats it for a thread's 16): the
/// table's row of k (offset into X, the tap's bit), the tap's bit of the
/// pixel's mask (whether it falls inside X, not in the padding, and the
/// pixel is one), the element's address or the table's zero's. {mask_type}
/// is the table's and mask's type (i32, or i64 past 32 taps), {widen} the
/// line that defines %gw_{name}, the element's index as i64.
constexpr const char *kGatherElement = R"mlir(
        %gk_{name} = arith.addi {first_k}, %c{element} : index
        %gt_{name} = vector.load %table[%gk_{name}, %c0] : !table, vector<2x{mask_type}>
        %go_{name} = vector.extract %gt_{name}[0] : {mask_type} from vector<2x{mask_type}>
        %gtap_{name} = vector.extract %gt_{name}[1] : {mask_type} from vector<2x{mask_type}>
        %gbit_{name} = arith.andi %g_mask, %gtap_{name} : {mask_type}
        %ok_{name} = arith.cmpi ne, %gbit_{name}, %c0_mask : {mask_type}
        %gi_{name} = arith.addi %g_base_t, %go_{name} : {mask_type}
        {widen}
        %gb_{name} = arith.shli %gw_{name}, %c2_i64 : i64
        %ga_{name} = arith.addi %x_ptr, %gb_{name} : i64
        %gs_{name} = arith.select %ok_{name}, %ga_{name}, %zero_ptr : i64
        %gp_{name} = llvm.inttoptr %gs_{name} : i64 to !llvm.ptr<1>
        %ge_{name} = llvm.load %gp_{name} : !llvm.ptr<1> -> f32)mlir";

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
    text += ks::fillSlots("      %s_v{j} = scf.if %s_e{j} -> (f32) {{\n"
                          "        %v = memref.load %w_flat[{at}] : memref<{elements}xf32>\n"
                          "        scf.yield %v : f32\n"
                          "      } else {{\n"
                          "        scf.yield %w_zero : f32\n"
                          "      }\n",
                          {{"j", j},
                           {"at", j ? "%s_a" + std::to_string(j) : "%s_src"},
                           {"elements", filterElements}});
  text.pop_back(); // the template's line ends it
  return text;
}

/// STORE_A(value, q): a thread's q-th quad of window elements (K chunk
/// 4 half + q of its pixel's row) split, its TF32 parts stored at their
/// swizzled place in the slot's gathered tile, the remainders 32 KB on.
constexpr const char *kStoreGathered = R"mlir(
      %chunk_{q} = arith.addi %g_chunk0, %c{q} : index
      SPLIT_TF32({quad}, %a_hi_{q}, %a_lo_{q})
      %phys_{q} = arith.xori %chunk_{q}, %g_swizzle : index
      %phys_bytes_{q} = arith.muli %phys_{q}, %c16 : index
      %a_at_{q} = arith.addi %g_row_at, %phys_bytes_{q} : index
      %a_lo_at_{q} = arith.addi %a_at_{q}, %lo_offset : index
      %a_view_{q} = memref.view %dyn[%a_at_{q}][] : !smem to !quad
      %a_lo_view_{q} = memref.view %dyn[%a_lo_at_{q}][] : !smem to !quad
      vector.store %a_hi_{q}, %a_view_{q}[%c0] : !quad, vector<4xf32>
      vector.store %a_lo_{q}, %a_lo_view_{q}[%c0] : !quad, vector<4xf32>)mlir";

/// PIXEL(row, name): the output position of pixel row `row` (clamped to
/// the last pixel; %real_name says whether it is one).
constexpr const char *kPixel = R"mlir(
    %real_{name} = arith.cmpi ult, {row}, %pixels : index
    %pc_{name} = arith.select %real_{name}, {row}, %c0 : index
    %n_{name} = arith.divui %pc_{name}, %per_image : index
    %p_{name} = arith.remui %pc_{name}, %per_image : index
    %oh_{name} = arith.divui %p_{name}, %out_w : index
    %ow_{name} = arith.remui %p_{name}, %out_w : index)mlir";

/// Tap {tap}'s bit of the pixel's mask ({next} = {tap} + 1 the mask with it):
/// set where the tap, at ({row}, {col}) from the window's corner, is inside X.
constexpr const char *kTapBit = R"mlir(
    %tap_tr_{tap} = arith.constant {row} : index
    %tap_tc_{tap} = arith.constant {col} : index
    %tap_tih_{tap} = arith.addi %g_ih0, %tap_tr_{tap} : index
    %tap_tiw_{tap} = arith.addi %g_iw0, %tap_tc_{tap} : index
    %tap_toh_{tap} = arith.cmpi ult, %tap_tih_{tap}, %in_h : index
    %tap_tow_{tap} = arith.cmpi ult, %tap_tiw_{tap}, %in_w : index
    %tap_tok_{tap} = arith.andi %tap_toh_{tap}, %tap_tow_{tap} : i1
    %tap_tb_{tap} = arith.extui %tap_tok_{tap} : i1 to {mask_type}
    %tap_tsh_{tap} = arith.constant {tap} : {mask_type}
    %tap_tbs_{tap} = arith.shli %tap_tb_{tap}, %tap_tsh_{tap} : {mask_type}
    %mask_{next} = arith.ori %mask_{tap}, %tap_tbs_{tap} : {mask_type})mlir";

/// The stores of a thread's BN / 2 sums into Y[n, f, oh, ow], each marked
/// for the initial value added later; rows past the last pixel are
/// skipped where the pixels do not fill the tiles.
std::string stores(int64_t blockN, bool partialTiles, StringRef yType) {
  return ks::wgmma::accumulatorStores(blockN, [&](int64_t reg, StringRef row, StringRef column) {
    std::string store = ks::fillSlots(
        "memref.store %v_{reg}, %y[%n_{row}, {column}, %oh_{row}, %ow_{row}] {{{marker}} : "
        "memref<{type}>",
        {{"reg", reg},
         {"row", row},
         {"column", column},
         {"marker", ks::wgmma::kOutputStore},
         {"type", yType}});
    return ks::wgmma::accumulatorStoreLine(store, partialTiles ? ("%real_" + row).str() : "");
  });
}

/// The convolution's sizes, as the kernel sees them.
struct ConvShape {
  SmallVector<int64_t> x, y; // X's (the padded copy's source where folded) and Y's shapes
  int64_t F = 0, C = 0, KH = 0, KW = 0, K = 0, P = 0, M = 0;
  int64_t strideH = 1, strideW = 1, dilationH = 1, dilationW = 1, padT = 0, padL = 0;
  /// The mask of a pixel's taps (and the table's entries): 32-bit up to 32
  /// taps, 64-bit up to 64.
  bool wideMask() const { return KH * KW > 32; }
  StringRef maskType() const { return wideMask() ? "i64" : "i32"; }
};

/// GATHER_STEP(step, %name): a thread's 16 elements of K step `step`, as
/// %name_0 .. %name_3 (its quads, K chunks 4 half .. 4 half + 3); `counter`
/// makes the lines' values unique.
std::string gatherStep(const ConvShape &s, ArrayRef<StringRef> args, int counter) {
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
          s.wideMask() ? llvm::formatv("%gw_{0} = arith.addi %gi_{0}, %c0_mask : i64", name).str()
                       : llvm::formatv("%gw_{0} = arith.extsi %gi_{0} : i32 to i64", name).str();
      lines += ks::fillSlots(kGatherElement,
                             {{"first_k", llvm::formatv("%gq_{0}_{1}", counter, q).str()},
                              {"element", e},
                              {"name", name},
                              {"mask_type", s.maskType()},
                              {"widen", widen}});
      names += llvm::formatv("{0}%ge_{1}", e ? ", " : "", name).str();
    }
    lines += ks::fillSlots("\n      {quad}_{q} = vector.from_elements {elements} : vector<4xf32>",
                           {{"quad", args[1]}, {"q", q}, {"elements", names}});
  }
  return lines;
}

/// TAP_MASK(): %g_mask, bit t set where tap t (kh KW + kw) of this pixel's
/// window is inside X and the pixel is one (not past the last).
std::string tapMask(const ConvShape &s) {
  std::string lines = "\n    %mask_0 = arith.constant 0 : " + s.maskType().str();
  for (int64_t t = 0; t < s.KH * s.KW; ++t)
    lines += ks::fillSlots(kTapBit, {{"tap", t},
                                     {"next", t + 1},
                                     {"row", (t / s.KW) * s.dilationH},
                                     {"col", (t % s.KW) * s.dilationW},
                                     {"mask_type", s.maskType()}});
  return lines + llvm::formatv("\n    %g_mask = arith.select %g_real, %mask_{0}, %mask_0 : {1}",
                               s.KH * s.KW, s.maskType())
                     .str();
}

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
  std::string text = ks::fillSlots(
      kKernel, {{"stages", stages},
                {"block_n", blockN},
                {"acc_type", ks::wgmma::accumulatorType(blockN)},
                {"k", s.K},
                {"f", s.F},
                {"table", tableName},
                {"table_rows", kPadded + 1},
                {"zero_row_bytes", kPadded * 2 * (s.wideMask() ? 8 : 4)},
                {"mask_type", s.maskType()},
                {"k_padded", kPadded},
                {"fk_padded", s.F * kPadded},
                {"x_shape", join(s.x)},
                {"y_shape", join(s.y)},
                {"x_elements", s.x[0] * s.x[1] * s.x[2] * s.x[3]},
                {"tiles", tilesM * tilesN},
                {"tiles_n", tilesN},
                {"smem_bytes", stages * slotBytes(blockN) + 1024},
                {"slot_bytes", slotBytes(blockN)},
                {"lo_offset", slotBytes(blockN) / 2},
                {"k_steps", kPadded / kTileK},
                {"tx_bytes", 2 * blockN * 128},
                {"fk", s.F * s.K},
                {"split_blocks", (s.F * kPadded / 4 + 255) / 256},
                {"pixels", s.M},
                {"per_image", s.P},
                {"out_w", s.y[3]},
                {"stride_h", s.strideH},
                {"stride_w", s.strideW},
                {"pad_t", s.padT},
                {"pad_l", s.padL},
                {"image_elements", s.x[1] * s.x[2] * s.x[3]},
                {"in_h", s.x[2]},
                {"in_w", s.x[3]},
                {"promote_every", promoteEvery},
                {"k_step_products", ks::wgmma::tf32x3Step(blockN)},
                {"filter_quad", filterQuad(s.F * s.K)},
                {"stores", stores(blockN, s.M % kTileM != 0, join(s.y) + "xf32")}});
  // The shared pieces first: REFILL_SLOT holds a LOAD line.
  ks::wgmma::expandSharedPieces(text);
  // LOAD(slot, step, predicate): the filter parts' and remainders' boxes.
  ks::expandLineMacro(text, "LOAD", [&](ArrayRef<StringRef> args, int counter) {
    using ks::wgmma::SlotTile;
    return ks::wgmma::tf32x3Load(args, counter, {"%tma_hi", "!tmaB", "%n0", SlotTile::B},
                                 {"%tma_lo", "!tmaB", "%n0", SlotTile::BRemainders});
  });
  ks::expandLineMacro(text, "GATHER_STEP", [&](ArrayRef<StringRef> args, int counter) {
    return gatherStep(s, args, counter);
  });
  ks::expandLineMacro(text, "TAP_MASK", [&](ArrayRef<StringRef>, int) { return tapMask(s); });
  ks::expandLineMacro(text, "STORE_A", [&](ArrayRef<StringRef> args, int) {
    return ks::fillSlots(kStoreGathered, {{"quad", args[0]}, {"q", args[1]}});
  });
  ks::expandLineMacro(text, "PIXEL", [&](ArrayRef<StringRef> args, int) {
    return ks::fillSlots(kPixel, {{"row", args[0]}, {"name", args[1]}});
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
  bool wideMask = s.wideMask();
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

DiagnosedSilenceableFailure transform::KSConvTf32x3WgmmaOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
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
  results.push_back(launch);
  rewriter.eraseOp(conv);
  ks::wgmma::eraseFoldedInit(rewriter, init);
  if (padded)
    ks::eraseFoldedProducers(rewriter, padded->producers);
  return DiagnosedSilenceableFailure::success();
}
