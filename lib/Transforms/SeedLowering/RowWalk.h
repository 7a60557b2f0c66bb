//===- RowWalk.h - A thread's share of a row op --------------- -*- C++ -*-===//
//
// ks-distribute-warp-reductions splits a row op (a row of a reduction, or
// of an op over the row after it) among a warp's lanes or a block's
// threads. These are the pieces a thread's share is built from: the op's
// points a thread takes and its walk over them, the op's body at a point,
// and what is computed once before the walk.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_TRANSFORMS_SEEDLOWERING_ROWWALK_H
#define KS_LIB_TRANSFORMS_SEEDLOWERING_ROWWALK_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SmallBitVector.h"

#include <optional>
#include <utility>

namespace ks::rowwalk {

/// Marks a row op whose thread keeps its elements of the row in registers.
inline constexpr llvm::StringLiteral kRowRegistersAttr = "ks.row_registers";
/// Marks a load or store of a thread's own elements of such a row.
inline constexpr llvm::StringLiteral kRowOwnedAttr = "ks.row_owned";
/// The most elements of a row one thread keeps in registers per op
/// (ks.row_registers): more would spill.
inline constexpr int64_t kMaxRowRegisters = 64;
/// Marks an op a block of BX x S threads splits along a strided loop
/// (ColumnSplit.h).
inline constexpr llvm::StringLiteral kColumnSplitAttr = "ks.column_split";

/// The indices `map` selects from the loop indices `dims`.
llvm::SmallVector<mlir::Value> applyMap(mlir::OpBuilder &b, mlir::Location loc,
                                        mlir::AffineMap map,
                                        llvm::ArrayRef<mlir::Value> dims);

/// The constant index `v`.
mlir::Value index(mlir::OpBuilder &b, mlir::Location loc, int64_t v);

/// Whether `operand` of a row op is read or written at the op's points in
/// their order: point p (the row-major position among the op's loops) at
/// element p of the operand's buffer (row-major). In an op split for
/// ks.row_registers thread t then touches the same elements of the buffer
/// in every op of the row, and no other thread does: the access is marked
/// ks.row_owned, which ks-forward-row-values relies on. In a column split
/// (ks.column_split) any operand accessed one element per point is.
bool atOwnPoints(mlir::linalg::LinalgOp op, mlir::OpOperand &operand);

/// A workgroup-memory buffer of `n` elements of `type` for the kernel of
/// `op` (a module-level global; outlining moves it into the kernel's module).
mlir::Value sharedBuffer(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *op,
                         mlir::Type type, int64_t n);

/// An argmax or argmin: two outputs, the running value `v` folded by a
/// binary op with a neutral element (max, min), and its position `i`,
/// replaced where `cmpf(better, element, v)` holds.
struct ArgReduction {
  mlir::Operation *valueCombiner;
  mlir::arith::CmpFPredicate better;
};
std::optional<ArgReduction> matchArgReduction(mlir::linalg::LinalgOp op);

/// (v, i) and (ov, oi) combined: the other pair wins where its value is
/// better, or equal at a lower position (the first occurrence, as the
/// sequential fold keeps it).
std::pair<mlir::Value, mlir::Value> combinePairs(mlir::OpBuilder &b, mlir::Location loc,
                                                 const ArgReduction &arg, mlir::Value v,
                                                 mlir::Value i, mlir::Value ov, mlir::Value oi);

/// The one binary op (one result) that folds each element into output `i`
/// of `op`, where the value yielded for it depends on no other output's
/// running value (the outputs' folds can then be combined apart); else null.
mlir::Operation *combinerAlone(mlir::linalg::LinalgOp op, unsigned i);

/// The loop nest over the parallel points of `op` (all loops but the last,
/// the reduction), with `body` at each.
void forEachParallelPoint(
    mlir::OpBuilder &b, mlir::Location loc, llvm::ArrayRef<int64_t> ranges,
    llvm::function_ref<void(mlir::OpBuilder &, mlir::Location, mlir::ValueRange)> body);

/// What a thread computes once before its walk over points of `op` at which
/// only the loops in `varying` change: the inputs read at indices that do
/// not depend on them (a row's mean, max or sum, read by every element of
/// the row), loaded once (unless the op writes their buffer), and the body
/// ops that depend on nothing else (the row's 1/sqrt(var + eps)). The walk
/// seeds each point's mapping with it. Without this each element reloads
/// them (its own stores keep LLVM from hoisting the loads) and recomputes,
/// for Torch-MLIR's norms, an f64 division and square root.
mlir::IRMapping hoistInvariants(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::linalg::LinalgOp op,
                                llvm::ArrayRef<mlir::Value> fixedDims,
                                const llvm::SmallBitVector &varying,
                                mlir::IRMapping map = {});

/// For an op of a single point (a per-row value after the row's
/// statistics: cross entropy's picked loss), the work that reads only
/// buffers nothing in the kernel writes (its inputs there, the body's
/// gathers from them, what their indices need), done at the start of the
/// launch's body by every thread (the same address for all): a gather's
/// memory latency then overlaps the row's loads instead of ending the row,
/// the block held for it (cross entropy's rows' kernel took 31.8 us with
/// the gather at the row's end against 28.0 without it, on the H100).
/// Returns the values computed there, or nothing where the op is not
/// directly in the launch's body.
mlir::IRMapping hoistReadOnlyWork(mlir::linalg::LinalgOp op);

/// The op's body at loop indices `dims`, on top of `map` (the hoisted
/// invariants; a reduction's running values for its outputs): the operands
/// the body reads and `map` does not give are loaded there, and the body's
/// ops not already computed are cloned. Returns the mapping, which gives
/// the yielded values.
mlir::IRMapping bodyAt(mlir::OpBuilder &b, mlir::Location loc, mlir::linalg::LinalgOp op,
                       llvm::ArrayRef<mlir::Value> dims, mlir::IRMapping map);

/// The body of the op without reductions `op` at loop indices `dims` (on
/// top of `invariants`), its yielded values stored to its outputs there,
/// each store marked ks.row_owned where atOwnPoints says so.
void storeBodyAt(mlir::OpBuilder &b, mlir::Location loc, mlir::linalg::LinalgOp op,
                 llvm::ArrayRef<mlir::Value> dims, const mlir::IRMapping &invariants);

/// Who splits a row, and how many they are: a warp's lanes, or the block's
/// threads.
std::pair<mlir::Value, mlir::Value> rowSplitters(mlir::OpBuilder &b, mlir::Location loc,
                                                bool wholeBlock, mlir::Value lane);

/// The loop indices of the point at row-major position `linear` among
/// loops of `ranges` (the innermost fastest): a unit loop's index is 0,
/// and below the outermost loop of range > 1 the rest of the position is
/// that loop's index whole.
llvm::SmallVector<mlir::Value> delinearizeRowMajor(mlir::OpBuilder &b, mlir::Location loc,
                                                   mlir::Value linear,
                                                   llvm::ArrayRef<int64_t> ranges);

/// The constant (x, y) sizes of the block of the launch around `op`, its z
/// size one.
std::optional<std::pair<int64_t, int64_t>> knownBlockXY(mlir::Operation *op);

/// The threads that split a row, when known: a warp's 32 lanes, or the
/// block's threads where the launch gives a constant one-dimensional block.
std::optional<int64_t> knownThreads(mlir::Operation *op, bool wholeBlock);

/// A thread's walk over its points of a row: from `start` in steps of
/// `step` up to `length`. Where the step is a known constant dividing the
/// length, the walk counts its own trips (the same for every thread) and is
/// unrolled up to 16 elements deep: a GPU does not run ahead of a load's
/// use, so only the loads one unrolled trip issues together are in flight,
/// and a row's walk was one memory latency per E elements. With `whole`
/// (ks.row_registers, a known step) it is unrolled whole, without a loop,
/// and only the trips that pass the row's end test it: the values a thread
/// loads and stores are then at indices ks-forward-row-values can match.
llvm::SmallVector<mlir::Value> walkOwnPoints(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value start, mlir::Value step,
    std::optional<int64_t> stepConst, int64_t perThread, int64_t length,
    mlir::ValueRange inits,
    llvm::function_ref<llvm::SmallVector<mlir::Value>(mlir::OpBuilder &, mlir::Location,
                                                      mlir::Value, mlir::ValueRange)>
        body,
    bool whole = false);

/// One thread's partial results at the parallel point `ivs`: from `start`
/// in steps of `step` along the reduction loop (of `length`), `perLane`
/// consecutive elements per step, each folded by the op's body into the
/// running values (its outputs' block arguments), which start at `inits`.
/// An output whose `wideSums` entry is its combiner (an f32 addf) runs in
/// f64 instead: its init is an f64, and each element the body computes is
/// widened and added to it.
llvm::SmallVector<mlir::Value>
foldPartial(mlir::OpBuilder &b, mlir::Location loc, mlir::linalg::LinalgOp op,
            mlir::ValueRange ivs, mlir::Value start, mlir::Value step, int64_t perLane,
            int64_t length, mlir::ValueRange inits, std::optional<int64_t> stepConst,
            llvm::ArrayRef<mlir::Operation *> wideSums = {});

} // namespace ks::rowwalk

#endif // KS_LIB_TRANSFORMS_SEEDLOWERING_ROWWALK_H
