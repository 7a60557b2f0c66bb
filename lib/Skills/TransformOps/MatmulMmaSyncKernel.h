//===- MatmulMmaSyncKernel.h - The kernel of transform.ks.matmul_mma_sync -===//
//
// The builder of the tensor-core (or FMA) kernel transform.ks.matmul_mma_sync
// puts in place of a contraction: block tiles staged through shared memory
// by cp.async, warp tiles computed with mma.sync m16n8k8 (or f32 FMAs).
// MatmulMmaSync.cpp matches the contraction and checks the tiles; the
// builder's copies of the operands' tiles (and a gather's address tables)
// are in MatmulMmaSyncCopies.cpp, the rest in MatmulMmaSyncKernel.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_SKILLS_TRANSFORMOPS_MATMULMMASYNCKERNEL_H
#define KS_LIB_SKILLS_TRANSFORMOPS_MATMULMMASYNCKERNEL_H

#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <optional>
#include <utility>

namespace ks::mma_sync {

/// The loop roles of a contraction: its batch loops (none, one, or with a
/// gather, two: a grouped convolution's image and group), M, N, K, and
/// which input is a gather (read through a map that is not a permutation;
/// -1: neither).
struct Roles {
  llvm::SmallVector<int64_t, 2> batches;
  int64_t m, n, k;
  int64_t gathered = -1;
};

/// One operand's tile in shared memory: which loops its global rows and
/// columns are (its map's last two non-batch results), the tile's extents
/// and the padded row length.
struct TileLayout {
  int64_t rowLoop, colLoop;
  int64_t rows, cols, paddedCols;
};

constexpr int64_t kMmaM = 16, kMmaN = 8, kMmaK = 8, kWarp = 32;

/// The block tile's extent along `loop`: BM along M, BN along N, BK along K.
int64_t tileExtent(const Roles &roles, int64_t BM, int64_t BN, int64_t BK, int64_t loop);

/// The shared tile of `operand` for block tile [BM, BN, BK]: a permuted
/// operand keeps its own layout (its map's last two results); a gathered
/// one is laid out [M, K] (A) or [K, N] (B).
TileLayout tileLayout(mlir::linalg::LinalgOp op, const Roles &roles, mlir::OpOperand &operand,
                      int64_t BM, int64_t BN, int64_t BK);

/// Builds the kernel of `op` (build()): its parameters first, then what
/// build's steps set, in order.
struct KernelBuilder {
  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::linalg::LinalgOp op;
  Roles roles;
  int64_t BM, BN, BK, WM, WN, stages;
  bool threeProducts;
  /// Ways K is split across the grid's z (1: none).
  int64_t kSplits;
  int64_t threads;
  /// An elementwise op applied to each output as it is stored, or null.
  mlir::linalg::LinalgOp epilogue;
  /// Exact f32 FMAs on the CUDA cores instead of mma.sync: each thread
  /// computes TM x TN outputs of its warp's tile (TM, TN > 0 selects it).
  int64_t TM = 0, TN = 0;
  /// Blocks per SM the kernel's registers must allow (0: ptxas's choice).
  int64_t minBlocksPerSM = 0;
  /// A gather whose address splits into a part of K alone and a part of
  /// the other loops (a convolution's window offset plus its pixel's): the
  /// operand seen as 1-D, the K part of every K as a constant table, the
  /// rest's terms by operand dimension. Null where it does not split.
  mlir::Value gatherFlat, gatherTable;
  llvm::SmallVector<std::pair<int64_t, mlir::AffineExpr>> gatherOtherTerms;
  /// Where the gathered buffer is a zero-padded copy of another, the kernel
  /// reads that one instead (`gatherFlat` is its 1-D view): the constant
  /// part of the address (minus the padding's offsets), and per dimension
  /// the padding cuts (at most 3), its low padding, the source's extent and
  /// its other terms; the table's columns 1 to 3 hold their K parts. The
  /// ops that made the padded copy, to erase once the kernel is built.
  struct PaddedDim {
    int64_t low, extent;
    llvm::SmallVector<mlir::AffineExpr> otherTerms;
  };
  int64_t gatherConstant = 0;
  llvm::SmallVector<PaddedDim> paddedDims;
  bool paddedSource = false;
  llvm::SmallVector<mlir::Operation *> foldedProducers;
  /// Whether to look for a padded copy's source at all.
  bool foldPadding = false;
  /// Whether the output's initial value is a zero fill this kernel
  /// replaces (its sums start from zero, nothing is loaded).
  bool zeroInit = false;
  /// A broadcast (a bias) giving the output its initial value, which this
  /// kernel replaces: its sums start from the broadcast's input.
  std::optional<ks::BroadcastInit> broadcastInit;

  /// Set by build's steps: the loops' ranges and the block's K steps
  /// (createLaunch); the shared tiles, the thread's places in the block
  /// and the block's loop origin (placeThread); the group of copies issued
  /// last (kLoop).
  llvm::SmallVector<int64_t> ranges;
  int64_t kSteps = 0;
  mlir::Value one, zero, tileA, tileB, tid, lane, group, inGroup, warpRow, warpCol;
  llvm::SmallVector<mlir::Value> origin;
  mlir::Value firstStep;
  int64_t threadsM = 1, threadsN = 1;
  mlir::Value threadRow, threadCol;
  bool adjacentM = false, adjacentN = false;
  mlir::Value lastGroup;

  mlir::Value c(int64_t v) { return mlir::arith::ConstantIndexOp::create(b, loc, v); }
  mlir::Value add(mlir::Value x, mlir::Value y) {
    return mlir::arith::AddIOp::create(b, loc, x, y);
  }
  mlir::Value mul(mlir::Value x, int64_t y) { return mlir::arith::MulIOp::create(b, loc, x, c(y)); }
  mlir::Value div(mlir::Value x, int64_t y) {
    return mlir::arith::DivUIOp::create(b, loc, x, c(y));
  }
  mlir::Value rem(mlir::Value x, int64_t y) {
    return mlir::arith::RemUIOp::create(b, loc, x, c(y));
  }

  /// `e` at loop values `loops`. Indices are non-negative and a gather's
  /// divisions apply to non-negative terms (checked before), so unsigned
  /// division serves; sums and products wrap alike either way.
  mlir::Value evaluate(mlir::AffineExpr e, llvm::ArrayRef<mlir::Value> loops);

  /// The gathered element at loop values `loops` in the 1-D view: its K
  /// offset from the table plus the other terms, each times its stride;
  /// from a padded buffer's source, also whether the element is inside the
  /// source (null: always).
  std::pair<mlir::Value, mlir::Value> gatherOffset(llvm::ArrayRef<mlir::Value> loops);

  void prepareGatherTable(mlir::OpOperand &operand);

  /// The indices of `operand` at loop values `loops` (indexed by loop).
  llvm::SmallVector<mlir::Value> indicesOf(mlir::OpOperand &operand,
                                           llvm::ArrayRef<mlir::Value> loops);

  int64_t extentOf(int64_t loop) { return tileExtent(roles, BM, BN, BK, loop); }

  TileLayout layoutOf(mlir::OpOperand &operand) {
    return tileLayout(op, roles, operand, BM, BN, BK);
  }

  /// This thread's share of the copy of `operand`'s tile at loop origins
  /// `origin` into `stage` of `tile`: 16-byte asynchronous copies of a
  /// permuted operand, 4-byte ones of a gathered one (its consecutive
  /// elements need not be adjacent), the block's threads on consecutive
  /// chunks.
  void issueCopies(mlir::OpOperand &operand, mlir::Value tile, mlir::Value stage,
                   llvm::ArrayRef<mlir::Value> origin, mlir::Value tid,
                   llvm::SmallVectorImpl<mlir::Value> &tokens);

  /// Element (`r`, `q`) of `operand`'s tile in `stage`, where `r` and `q`
  /// are the tile-local positions along loops `loopR` and `loopQ`.
  mlir::Value readTile(mlir::OpOperand &operand, mlir::Value tile, mlir::Value stage,
                       int64_t loopR, mlir::Value r, mlir::Value q);

  /// `x` rounded to TF32 (10 mantissa bits, to nearest even): one
  /// cvt.rn.tf32.f32, a single instruction on sm_90 (F2FP), where rounding
  /// by integer ops takes two and cvt.rna three.
  mlir::Value roundToTf32(mlir::Value x);

  /// A fragment of `type` from its elements: their TF32 parts and, for three
  /// products, their TF32 remainders.
  std::pair<mlir::Value, mlir::Value> split(llvm::ArrayRef<mlir::Value> elements,
                                            mlir::VectorType type);

  mlir::Value mma(mlir::Value a, mlir::Value bv, mlir::Value acc);

  void fmaStep(mlir::Value tileA, mlir::Value tileB, mlir::Value stage,
               llvm::function_ref<mlir::Value(int64_t)> rowOf,
               llvm::function_ref<mlir::Value(int64_t)> colOf,
               llvm::SmallVectorImpl<mlir::Value> &sums);

  /// The kernel, a gpu.launch at the builder's insertion point.
  mlir::gpu::LaunchOp build();

private:
  /// build's steps, in order.
  mlir::gpu::LaunchOp createLaunch();
  void placeThread(mlir::gpu::LaunchOp launch);
  llvm::SmallVector<mlir::Value> initialSums();
  mlir::scf::ForOp kLoop(llvm::ArrayRef<mlir::Value> accs);
  void mmaStep(mlir::Value stage, llvm::SmallVectorImpl<mlir::Value> &carried);
  void storeSums(mlir::scf::ForOp loop);

  /// Whether the kernel computes with FMAs (a thread tile), not mma.sync.
  bool usesFma() const { return TM > 0; }
  /// The accumulators: the thread's rows of 4 outputs (FMA) or its 16 x 8
  /// fragments (mma.sync).
  int64_t numAccs() const;
  mlir::VectorType accType();
  /// The tile position of the thread's output `x` along M (N) (FMA).
  mlir::Value threadPosition(mlir::Value warpBase, mlir::Value thread, int64_t threadsAlong,
                             int64_t x, bool adjacent);
  mlir::Value rowOf(int64_t i);
  mlir::Value colOf(int64_t j);
  /// C's indices of element `elem` (of 4, row-major) of accumulator `acc`.
  llvm::SmallVector<mlir::Value> outputAt(int64_t acc, int64_t elem);
  /// Whether an output is inside C where the tiles do not divide it (null
  /// where they do).
  mlir::Value insideC(llvm::ArrayRef<mlir::Value> at);
  /// Issues the copies of K step `kStep` into `stage`: one group.
  mlir::Value issueStep(mlir::Value kStep, mlir::Value stage);
};

} // namespace ks::mma_sync

#endif // KS_LIB_SKILLS_TRANSFORMOPS_MATMULMMASYNCKERNEL_H
