//===- KernelInit.h - Where a kernel's output gets its initial value ------===//
//
// A kernel that replaces a linalg op on buffers may compute its output's
// initial value instead of reading it (a GEMM's sums start from zero, a
// scan from its identity), or read a padded input's source in place of the
// padded copy: the fill (and copy) that made them are then not needed, and
// are erased with their dispatches recorded in the module's
// ks.folded_dispatches (a plan that names them finds them computed).
//
//===----------------------------------------------------------------------===//

#ifndef KS_TRANSFORMS_UTILS_KERNELINIT_H
#define KS_TRANSFORMS_UTILS_KERNELINIT_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace ks {

/// The buffer `v` is a view of (through view-like ops), or `v`.
inline mlir::Value rootOf(mlir::Value v) {
  while (auto view = v.getDefiningOp<mlir::ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// `v` and the buffers it is a chain of collapse_shape / expand_shape of,
/// outermost last: each holds the same elements from the same start.
inline llvm::SmallVector<mlir::Value> reshapeChain(mlir::Value v) {
  llvm::SmallVector<mlir::Value> chain = {v};
  while (mlir::isa_and_nonnull<mlir::memref::CollapseShapeOp, mlir::memref::ExpandShapeOp>(
      chain.back().getDefiningOp()))
    chain.push_back(chain.back().getDefiningOp()->getOperand(0));
  return chain;
}

/// Whether `op`'s memory effects are those of the ops nested in it (a
/// gpu.launch, an scf.for); a linalg op names its own, besides its
/// payload's.
inline bool hasOnlyNestedEffects(mlir::Operation *op) {
  return !mlir::isa<mlir::MemoryEffectOpInterface>(op) &&
         op->hasTrait<mlir::OpTrait::HasRecursiveMemoryEffects>();
}

/// Whether `op` may touch the buffer `root` (or a view of it): it has
/// effects unknown, or effects of kind `Effect` on `root` or on memory it
/// does not name. An op whose effects are its nested ops' (a gpu.launch a
/// skill made, an scf.for) touches what they touch. An op of effects
/// unknown that is given no buffer or pointer (a barrier, an async copy
/// group's commit, an intrinsic on registers) cannot reach `root`, an
/// allocation or an argument only its own uses see (a global's buffer can
/// be reached by name). nvvm.mapa declares no effects but only maps a
/// shared-memory address to another block's of the cluster: it touches
/// nothing.
template <typename Effect = mlir::MemoryEffects::Effect>
bool mayTouch(mlir::Operation *op, mlir::Value root) {
  if (mlir::isa<mlir::NVVM::MapaOp>(op))
    return false;
  if (hasOnlyNestedEffects(op)) {
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::Operation &inner : block)
          if (mayTouch<Effect>(&inner, root))
            return true;
    return false;
  }
  auto effects = mlir::dyn_cast<mlir::MemoryEffectOpInterface>(op);
  if (!effects) {
    bool givenMemory = llvm::any_of(op->getOperandTypes(), [](mlir::Type t) {
      return mlir::isa<mlir::BaseMemRefType, mlir::LLVM::LLVMPointerType>(t);
    });
    bool reachesRoot = op->getNumRegions() || givenMemory ||
                       !(mlir::isa<mlir::BlockArgument>(root) ||
                         root.getDefiningOp<mlir::memref::AllocOp>());
    return reachesRoot && !mlir::isMemoryEffectFree(op);
  }
  llvm::SmallVector<mlir::MemoryEffects::EffectInstance> instances;
  effects.getEffects<Effect>(instances);
  return llvm::any_of(instances, [&](const mlir::MemoryEffects::EffectInstance &effect) {
    return !effect.getValue() || rootOf(effect.getValue()) == root;
  });
}

/// Whether `launch`'s blocks are X x 1 x 1 (constant y and z sizes of
/// one): thread_id x alone then numbers a block's threads, and lane_id is
/// it modulo 32.
inline bool hasFlatBlocks(mlir::gpu::LaunchOp launch) {
  return mlir::matchPattern(launch.getBlockSizeY(), mlir::m_One()) &&
         mlir::matchPattern(launch.getBlockSizeZ(), mlir::m_One());
}

/// Barriers, a block's or a cluster's, and the mapping of a shared address
/// to another block's (mapa): they order accesses or compute an address,
/// and write nothing.
inline bool writesNothing(mlir::Operation *op) {
  return mlir::isa<mlir::gpu::BarrierOp, mlir::NVVM::ClusterArriveOp,
                   mlir::NVVM::ClusterArriveRelaxedOp, mlir::NVVM::ClusterWaitOp,
                   mlir::NVVM::MapaOp>(op);
}

/// Whether a kernel may write through `buffer` or a view of it. A user that
/// is not a view must say it reads the buffer and does nothing else with
/// it: one that names no effect on it (its address taken as an index, a
/// cast) may let a write through.
bool mayWriteThrough(mlir::Value buffer);

/// The buffers (roots) the ops in `region` write or free, or none when some
/// op's writes are not known. Ops for which `ignored` holds (a barrier,
/// which orders accesses but names none) are passed over.
inline std::optional<llvm::DenseSet<mlir::Value>>
writtenRoots(mlir::Region &region,
             llvm::function_ref<bool(mlir::Operation *)> ignored = nullptr) {
  llvm::DenseSet<mlir::Value> roots;
  bool unknown = false;
  region.walk([&](mlir::Operation *op) {
    if (hasOnlyNestedEffects(op) || (ignored && ignored(op)))
      return; // its nested ops are visited
    auto effects = mlir::dyn_cast<mlir::MemoryEffectOpInterface>(op);
    if (!effects) {
      unknown = true;
      return;
    }
    llvm::SmallVector<mlir::MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const mlir::MemoryEffects::EffectInstance &effect : instances) {
      if (!mlir::isa<mlir::MemoryEffects::Write, mlir::MemoryEffects::Free>(effect.getEffect()))
        continue;
      if (mlir::Value value = effect.getValue())
        roots.insert(rootOf(value));
      else
        unknown = true;
    }
  });
  if (unknown)
    return std::nullopt;
  return roots;
}

/// The indexing map of the input whose value `v` is in a linalg.generic's
/// body (a block argument of the body for an input operand), or none. A map
/// not a function of some loop says the input is the same along it (a
/// row's statistic along the row's loops).
inline std::optional<mlir::AffineMap> bodyInputMap(mlir::Value v) {
  auto arg = mlir::dyn_cast<mlir::BlockArgument>(v);
  auto generic =
      arg ? mlir::dyn_cast<mlir::linalg::GenericOp>(arg.getOwner()->getParentOp()) : nullptr;
  if (!generic || arg.getArgNumber() >= generic.getNumDpsInputs())
    return std::nullopt;
  return generic.getMatchingIndexingMap(generic.getDpsInputOperand(arg.getArgNumber()));
}

/// Whether `op` fills all of `buffer` with the float `value` (linalg.fill,
/// or a linalg.map of no inputs yielding it); a zero of either sign counts
/// as zero.
bool isFillWith(mlir::Operation *op, mlir::Value buffer, double value);

/// The fill with `value` that gives `op`'s output its initial value, where
/// nothing between the two reads or writes the output's buffer (nor has
/// effects unknown). The fill covers the output exactly (the output itself,
/// or a buffer the output is a chain of reshapes of, up to the allocation or
/// argument). Null otherwise.
mlir::Operation *findFillInit(mlir::linalg::LinalgOp op, double value);

/// A broadcast that gives a kernel's output its initial value (a bias):
/// `op` (a linalg.broadcast, or a linalg.generic that only copies its input
/// along some of its loops, as upstream's reshape propagation leaves one;
/// or a copy of a whole buffer such a broadcast wrote, as Torch-MLIR's
/// transposed convolution initializes each phase's output),
/// its `input`, and for each dim of the input the dim of the kernel's
/// output that indexes it.
struct BroadcastInit {
  mlir::Operation *op;
  mlir::Value input;
  llvm::SmallVector<unsigned> outputDims;
};

/// The broadcast that gives `op`'s output its initial value, as
/// findFillInit finds a fill (all of the output, or of the buffer it
/// reshapes, nothing between touching it nor writing the broadcast's
/// input), where each dim of the broadcast's input is a whole dim of the
/// output (the output is the broadcast's buffer or a collapse_shape of it
/// that merges broadcast dims only).
std::optional<BroadcastInit> findBroadcastInit(mlir::linalg::LinalgOp op);

/// Erases `ops`, which a kernel made unneeded, recording the dispatch
/// numbers they carry in the module's `ks.folded_dispatches`.
void eraseFolded(mlir::RewriterBase &rewriter, llvm::ArrayRef<mlir::Operation *> ops);

/// A padded copy of another buffer: an allocation filled with a constant,
/// then the source (static, row-major) copied into a window of it at
/// offsets `low` (unit strides), all before the reader, which reads it and
/// nothing else does (Torch-MLIR's tensor.pad, bufferized). The fill may be
/// a copy of a buffer filled with the constant, or copies of one splat
/// constant into the rest of the buffer
/// (Torch-MLIR's tensor.concat of zeros and a slice: an exclusive scan's
/// shifted input). `producers` are the copy, the window and the fill (or
/// each piece's copy and subview), in an order they can be erased in.
struct PaddedSourceMatch {
  mlir::Value source;
  llvm::SmallVector<int64_t> low;
  double padValue;
  llvm::SmallVector<mlir::Operation *> producers;
};

/// The padded copy `buffer` is, where `reader` can read its source instead
/// (nothing between the copy and the reader writes the source). With
/// `anyLayout`, the source may be a strided view (a reader that loads by
/// index), not only a row-major buffer.
std::optional<PaddedSourceMatch> findPaddedSource(mlir::Value buffer, mlir::Operation *reader,
                                                  bool anyLayout = false);

/// Erases the producers of a padded copy a kernel no longer reads (and the
/// buffer, if nothing else uses it but its deallocation), recording their
/// dispatches as folded.
void eraseFoldedProducers(mlir::RewriterBase &rewriter,
                          llvm::ArrayRef<mlir::Operation *> producers);

} // namespace ks

#endif // KS_TRANSFORMS_UTILS_KERNELINIT_H
