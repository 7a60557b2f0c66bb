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

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
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

/// Thread 0 initializes %stages mbarriers (%bars, one arrival each) and
/// prefetches the TMA descriptors %tma_a and %tma_b (types !tmaA, !tmaB).
inline constexpr const char *kInitBarriers = R"mlir(
    %bars = nvgpu.mbarrier.create -> !barriers
    scf.if %thread0 {
      scf.for %i = %c0 to %stages step %c1 {
        nvgpu.mbarrier.init %bars[%i], %c1 : !barriers
      }
      nvgpu.tma.prefetch.descriptor %tma_a : !tmaA
      nvgpu.tma.prefetch.descriptor %tma_b : !tmaB
    })mlir";

/// The registers of one thread's m64nNk8 f32 sums: N / 2 f32.
std::string accumulatorType(int64_t n);

/// The 3xTF32 products of a K step of 32 (four k8 slices) for one
/// warpgroup's m64nNk8 wgmma, into %p2_3. Reads the slice-0 descriptors
/// %da_hi, %db_hi (TF32 parts) and %da_lo, %db_lo (remainders), of 128-byte
/// swizzled K-major tiles; %acc (wgmma's running sums, type !acc) and
/// %fresh (an i1: the step starts a window, whose first product does not
/// add %acc).
std::string tf32x3Products(int64_t n);

/// %total + %p2_3, register by register, in f32 (rounded to nearest): the
/// last is %t_<N/2 - 1>.
std::string tf32x3Promotion(int64_t n);

/// Expands each `SPLIT_TF32(%x, %hi, %lo)` line: %x a vector<4xf32>, %hi its
/// TF32 parts and %lo the TF32 remainders x - hi, both rounded to nearest
/// (as in ks.matmul_mma_sync); and each `DESC(address, %name)` line: %name
/// the wgmma descriptor (i64) of the 128-byte swizzled K-major tile at that
/// shared address (reads %addr_mask, %i4 and %desc_bits).
void expandTf32x3Pieces(std::string &text);

/// Replaces each line `      NAME(arg, ...)` (any indentation) of `text`
/// by `expand(args, n)`, n counting the expansions from 0.
void expandLineMacro(
    std::string &text, llvm::StringRef name,
    llvm::function_ref<std::string(llvm::ArrayRef<llvm::StringRef>, int)> expand);

/// Expands TILE_WALK(), ALIGNED_SLOTS() and INIT_BARRIERS() to the pieces
/// above.
void expandSharedPieces(std::string &text);

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
