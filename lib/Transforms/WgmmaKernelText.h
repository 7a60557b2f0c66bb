//===- WgmmaKernelText.h - Pieces of the wgmma kernels' MLIR text ---------===//
//
// The wgmma GEMM kernels (MatmulWgmmaTma.cpp, MatmulTf32x3Wgmma.cpp,
// ConvTf32x3Wgmma.cpp) are MLIR text instantiated with the problem's sizes.
// What they share is here: the order blocks walk the tiles in, the
// alignment of the shared slots, the mbarriers' setup, the 3xTF32 pieces
// (the split of f32 values into TF32 parts and remainders, the products of
// a K step, moving wgmma's sums into f32 registers), the expansion of the
// templates' line macros (`      NAME(arg, ...)` lines replaced by the text
// made from their arguments), and splicing the parsed kernel in place of
// the GEMM.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_TRANSFORMS_WGMMAKERNELTEXT_H
#define KS_LIB_TRANSFORMS_WGMMAKERNELTEXT_H

#include "KernelInit.h"

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

/// 128-byte swizzled tiles must start 1024-byte aligned: the slots begin at
/// %pad, the first such offset past the dynamic buffer's start (and past
/// anything static before it), 1024 bytes at most further on; %dyn_at is
/// the buffer's shared address. Reads %dyn.
inline constexpr const char *kAlignedSlots = R"mlir(
    %c1024 = arith.constant 1024 : index
    %dyn_at = memref.extract_aligned_pointer_as_index %dyn : !smem -> index
    %misaligned = arith.remui %dyn_at, %c1024 : index
    %pad = arith.subi %c1024, %misaligned : index)mlir";

/// INIT_BARRIERS(%d0 : !t0, %d1 : !t1): thread 0 initializes %stages
/// mbarriers (%bars, one arrival each) and prefetches the two TMA
/// descriptors. {0} and {1} the descriptors with their types.
inline constexpr const char *kInitBarriers = R"mlir(
    %bars = nvgpu.mbarrier.create -> !barriers
    scf.if %thread0 {{
      scf.for %i = %c0 to %stages step %c1 {{
        nvgpu.mbarrier.init %bars[%i], %c1 : !barriers
      }
      nvgpu.tma.prefetch.descriptor {0}
      nvgpu.tma.prefetch.descriptor {1}
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
/// shared address; and `DESC_CONSTANTS()`, the constants DESC reads
/// (%addr_mask, %i4 and %desc_bits), defined once before the K loop.
void expandTf32x3Pieces(std::string &text);

/// Replaces each line `      NAME(arg, ...)` (any indentation) of `text`
/// by `expand(args, n)`, n counting the expansions from 0.
void expandLineMacro(
    std::string &text, llvm::StringRef name,
    llvm::function_ref<std::string(llvm::ArrayRef<llvm::StringRef>, int)> expand);

/// Expands TILE_WALK(), ALIGNED_SLOTS(), INIT_BARRIERS(...), REFILL_SLOT()
/// and ACCUMULATOR_ROWS() to the pieces above (before the kernel's LOAD
/// lines).
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

#endif // KS_LIB_TRANSFORMS_WGMMAKERNELTEXT_H
