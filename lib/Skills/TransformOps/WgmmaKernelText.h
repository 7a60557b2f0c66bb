//===- WgmmaKernelText.h - Pieces of the wgmma kernels' MLIR text ---------===//
//
// The wgmma GEMM kernels (MatmulWgmmaTma.cpp, MatmulTf32x3Wgmma.cpp,
// ConvTf32x3Wgmma.cpp) are MLIR text instantiated with the problem's sizes.
// What they share is here: the order blocks walk the tiles in, the
// alignment of the shared slots, the mbarriers' setup, the 3xTF32 pieces
// (the split of f32 values into TF32 parts and remainders, the TMA loads of
// a K step, its products, moving wgmma's sums into f32 registers), the
// stores of a thread's sums, and splicing the parsed kernel in place of the
// GEMM. The templates' slots and line macros are KernelTemplate.h's.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_SKILLS_TRANSFORMOPS_WGMMAKERNELTEXT_H
#define KS_LIB_SKILLS_TRANSFORMOPS_WGMMAKERNELTEXT_H

#include "KernelTemplate.h"
#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

#include <string>

namespace ks::wgmma {

/// Block %bx's tile (%tile_m, %tile_n) when blocks walk the tiles in groups
/// of %group_m tile rows, down a group's rows, then across: the blocks
/// resident at once share few rows of A and columns of B, which stay in L2
/// (row by row, the whole of A is streamed from DRAM again for every few
/// columns of B). Reads %tiles_m, %tiles_n, %group_m and %bx.
inline constexpr const char *kGroupedTileWalk = R"mlir(
    %per_group = arith.muli %group_m, %tiles_n : index
    %group = arith.divui %bx, %per_group : index
    %first_m = arith.muli %group, %group_m : index
    %rows_left = arith.subi %tiles_m, %first_m : index
    %group_rows = arith.minui %rows_left, %group_m : index
    %in_group = arith.remui %bx, %per_group : index
    %row_in_group = arith.remui %in_group, %group_rows : index
    %tile_m = arith.addi %first_m, %row_in_group : index
    %tile_n = arith.divui %in_group, %group_rows : index)mlir";

/// The block's thread 0 (%thread0), which issues the TMA loads: threads are
/// %linear = 128 %ty + %tx, %ty the warpgroup.
inline constexpr const char *kThread0 = R"mlir(
    %wg_at = arith.muli %ty, %c128 : index
    %linear = arith.addi %wg_at, %tx : index
    %thread0 = arith.cmpi eq, %linear, %c0 : index)mlir";

/// 128-byte swizzled tiles must start 1024-byte aligned: the slots begin at
/// %pad, the first such offset past the dynamic buffer's (%dyn's) start (and
/// past anything static before it), 1024 bytes at most further on; %dyn_at
/// is the buffer's shared address.
inline constexpr const char *kAlignedSlots = R"mlir(
    %dyn = gpu.dynamic_shared_memory : !smem
    %c1024 = arith.constant 1024 : index
    %dyn_at = memref.extract_aligned_pointer_as_index %dyn : !smem -> index
    %misaligned = arith.remui %dyn_at, %c1024 : index
    %pad = arith.subi %c1024, %misaligned : index)mlir";

/// START_PIPELINE(%d0 : !t0, %d1 : !t1): thread 0 initializes %stages
/// mbarriers (%bars, one arrival each) and prefetches the two TMA
/// descriptors (each with its type); once every thread sees the barriers,
/// it loads the first %ahead K steps (LOAD(slot, step, predicate), the
/// kernel's own loads).
inline constexpr const char *kStartPipeline = R"mlir(
    %bars = nvgpu.mbarrier.create -> !barriers
    scf.if %thread0 {{
      scf.for %i = %c0 to %stages step %c1 {{
        nvgpu.mbarrier.init %bars[%i], %c1 : !barriers
      }
      nvgpu.tma.prefetch.descriptor {a_descriptor}
      nvgpu.tma.prefetch.descriptor {b_descriptor}
    }
    gpu.barrier
    scf.for %s = %c0 to %ahead step %c1 {{
      LOAD(%s, %s, %thread0)
    })mlir";

/// The end of a K step: the slot the products of step %k - 1 read is
/// refilled with step %k + S - 1 (thread 0, LOAD(slot, step, predicate) the
/// kernel's own loads), and the phase parity flips after the last slot.
/// Defines %next_parity.
inline constexpr const char *kRefillSlot = R"mlir(
      %next = arith.addi %k, %ahead : index
      %in_range = arith.cmpi ult, %next, %k_steps : index
      %issue = arith.andi %in_range, %thread0 : i1
      %next_slot = arith.remui %next, %stages : index
      LOAD(%next_slot, %next, %issue)
      %last_slot = arith.cmpi eq, %slot, %ahead : index
      %flipped = arith.xori %parity, %true : i1
      %next_parity = arith.select %last_slot, %flipped, %parity : i1)mlir";

/// The registers of one thread's m64nNk8 f32 sums: N / 2 f32.
std::string accumulatorType(int64_t n);

/// The rows and columns a thread's wgmma sums belong to, as
/// ACCUMULATOR_ROWS() expands them: warp w of warpgroup %ty holds rows
/// 16 w .. 16 w + 15 of the warpgroup's 64; lane l rows l / 4 and l / 4 + 8
/// of those (%row_lo, %row_hi, from %m0), columns 2 (l % 4) and 2 (l % 4) +
/// 1 of each 8 (from %lane_col; registers 4 i .. 4 i + 3: columns 8 i + ..,
/// the first row's two, then the second row's).
inline constexpr const char *kAccumulatorRows = R"mlir(
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %wg_row = arith.muli %ty, %c64 : index
    %warp_row = arith.muli %warp, %c16 : index
    %lane_row = arith.divui %lane, %c4 : index
    %lane_quad = arith.remui %lane, %c4 : index
    %lane_col = arith.muli %lane_quad, %c2 : index
    %r_0 = arith.addi %m0, %wg_row : index
    %r_1 = arith.addi %r_0, %warp_row : index
    %row_lo = arith.addi %r_1, %lane_row : index
    %row_hi = arith.addi %row_lo, %c8 : index)mlir";

/// A 3xTF32 K step's products, once its tiles are in the slot at %slot_at
/// (A's TF32 parts there, B's %b_offset on, each tile's remainders
/// %lo_offset on; warpgroup %ty's rows of A %wg_rows in): the threads'
/// shared stores fenced for the async proxy, the block met, the tiles'
/// descriptors (DESC), the products (tf32x3Products), the wait or the
/// promotion (tf32x3WaitOrPromote), the block met again, and the slot the
/// previous step read refilled (REFILL_SLOT()). Reads %dyn_at, %k and
/// %promote_every besides those; defines %moved#0, %moved#1 and
/// %next_parity.
std::string tf32x3Step(int64_t n);

/// Expands each `SPLIT_TF32(%x, %hi, %lo)` line: %x a vector<4xf32>, %hi its
/// TF32 parts and %lo the TF32 remainders x - hi, both rounded to nearest
/// (as in ks.matmul_mma_sync); each `DESC(address, %name)` line: %name
/// the wgmma descriptor (i64) of the 128-byte swizzled K-major tile at that
/// shared address; `STEP_CONSTANTS(promote_every)`, what the K steps
/// read besides their slot (DESC's constants, %wg_rows, %zero sums,
/// %promote_every and %last_step), defined once before the K loop; and
/// `F32_TENSOR_MAPS(%a_map = %a_any, %b_map = %b_any, rows)`, the TMA
/// descriptors of two f32 buffers in rows x 32 boxes, 128-byte swizzled.
void expandTf32x3Pieces(std::string &text);

/// The tiles of a 3xTF32 kernel's slot (at %pad + slot %slot_bytes): A's
/// TF32 parts at its start, B's %b_offset on, and each one's remainders
/// %lo_offset after its parts.
enum class SlotTile { A, B, BRemainders };

/// A TMA box of a 3xTF32 K step: `descriptor` (of type `descriptorType`)
/// read at (the step's first K column, `row`) into the slot's `tile`.
struct TmaBox {
  llvm::StringRef descriptor, descriptorType, row;
  SlotTile tile;
};

/// The loads of a 3xTF32 kernel's LOAD(slot, step, predicate) line (`args`):
/// two !box boxes of K step `step` (32 columns of f32 from 32 step) into
/// slot `slot`, with %tx_bytes expected on its mbarrier; `name` makes the
/// lines' values unique.
std::string tf32x3Load(llvm::ArrayRef<llvm::StringRef> args, int name, const TmaBox &first,
                       const TmaBox &second);

/// One store line of accumulatorStores: `store` (one op, no indentation),
/// under `scf.if <condition>` where a condition is given (rows of a partial
/// tile past the output's edge).
std::string accumulatorStoreLine(llvm::StringRef store, llvm::StringRef condition = "");

/// The stores of a thread's N / 2 wgmma sums (%sums#0, laid out as
/// ACCUMULATOR_ROWS() says): for each 8 columns i, their constants (%col_i
/// and %col1_i, from %col_base), then each register r's value %v_r and
/// `store(r, row, column)`, its store: row "lo" (%row_lo's) or "hi",
/// column %col_i or %col1_i.
std::string accumulatorStores(
    int64_t n, llvm::function_ref<std::string(int64_t, llvm::StringRef, llvm::StringRef)> store);

/// Expands TILE_WALK(), THREAD0(), ALIGNED_SLOTS(), START_PIPELINE(...),
/// REFILL_SLOT() and ACCUMULATOR_ROWS() to the pieces above (before the
/// kernel's LOAD lines), INDEX_CONSTANTS(n, ...) to an index constant %cn
/// for each n, and PIPELINE_CONSTANTS(stages, k_steps, %name = bytes, ...)
/// to the ring's %stages, %ahead (stages - 1) and %k_steps, the kernel's
/// sizes of its slots, and the mbarrier waits' %ticks, %true and %false;
/// TMA_LAUNCH(ny, %name = %pointer : !type, ...) to the gpu.launch of
/// %tiles blocks of 128 x ny threads with %smem_bytes of shared memory and
/// each TMA descriptor's pointer cast to its type in it.
void expandSharedPieces(std::string &text);

/// The attribute the kernels' text puts on its stores of the output, where
/// the output's initial value is added afterwards.
inline constexpr llvm::StringLiteral kOutputStore = "ks.wgmma_output";

/// The output's initial value, found before a kernel replaces the op that
/// writes it: a zero fill (folded: the sums are stored as they are), a
/// broadcast bias (folded: added to them), or neither (the output's own
/// value is added).
struct OutputInit {
  mlir::Operation *zeroFill = nullptr;
  std::optional<ks::BroadcastInit> bias;
};
OutputInit findOutputInit(mlir::linalg::LinalgOp op);

/// Adds `init` to each of `launch`'s stores marked kOutputStore, unmarks
/// them and returns them (each now stores the output's final value).
llvm::SmallVector<mlir::memref::StoreOp>
addOutputInit(mlir::RewriterBase &rewriter, mlir::gpu::LaunchOp launch, const OutputInit &init);

/// Erases the fill or broadcast `init` folded.
void eraseFoldedInit(mlir::RewriterBase &rewriter, const OutputInit &init);

/// Parses `text` (a module: func @gemm, whose arguments stand for `op`'s
/// operands, and the declarations of the runtime functions it calls) and
/// clones @gemm's body before `op` with `op`'s operands for its arguments;
/// each declaration goes into `op`'s module once. Returns the cloned
/// gpu.launch, or null where the text does not parse.
mlir::gpu::LaunchOp spliceKernel(mlir::RewriterBase &rewriter, llvm::StringRef text,
                                 mlir::Operation *op);

/// The same with `operands` for @gemm's arguments (values defined before
/// `op`), and the symbols of the text's other top-level ops (globals
/// declared for @gemm to read) left to `op`'s module to define.
mlir::gpu::LaunchOp spliceKernel(mlir::RewriterBase &rewriter, llvm::StringRef text,
                                 mlir::Operation *op, mlir::ValueRange operands);

} // namespace ks::wgmma

#endif // KS_LIB_SKILLS_TRANSFORMOPS_WGMMAKERNELTEXT_H
