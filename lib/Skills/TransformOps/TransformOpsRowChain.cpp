//===- TransformOpsRowChain.cpp - transform.ks.fuse_row_chain -------------===//
//
// A row chain (a reduction over rows and the ops over the same rows after
// it, agents/RowChain.h) fused into one kernel: a block, a warp or a
// cluster per row.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ks/Skills/RowChain.h"
#include "ks/Transforms/Utils/CollapsibleRuns.h"
#include "ks/Transforms/Utils/KernelInit.h"
#include "ks/Transforms/Utils/SplitLoops.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;

//===----------------------------------------------------------------------===//
// ks.fuse_row_chain
//===----------------------------------------------------------------------===//

namespace {
/// The loop of `member` that a cluster's blocks split: its first loop
/// within the row that is not of size 1; none for an op of one point per
/// row.
std::optional<unsigned> clusterSplitLoop(ks::agents::RowChainMember member) {
  SmallVector<int64_t> ranges = member.op.getStaticLoopRanges();
  for (unsigned d = member.rowDims; d < ranges.size(); ++d)
    if (ranges[d] != 1)
      return d;
  return std::nullopt;
}

/// A member of `chain` that writes a row statistic (the output of a
/// reduction or of an op of one point per row) that an earlier member
/// other than a fill wrote or any earlier member read, or that reads the
/// statistic it writes (a reduction's fold aside); null if there is none.
/// The blocks of a cluster each compute a row's statistics and write them
/// to the same place, not in step: only a value that never changes once
/// computed, and is not read before, can be shared so. (A reduction's
/// fold reads its output's fill before the cluster barrier, and every
/// block writes the same fill.)
Operation *statisticWrittenTwice(ks::agents::RowChain chain) {
  DenseSet<Value> written, read;
  for (ks::agents::RowChainMember member : chain.members) {
    bool reduces = member.op.getNumReductionLoops() != 0;
    bool fill = isa<linalg::FillOp>(member.op.getOperation());
    // An op over the row (no reduction) writes only its own part of it.
    if (reduces || !clusterSplitLoop(member))
      for (OpOperand &init : member.op.getDpsInitsMutable()) {
        Value root = ks::rootOf(init.get());
        if (written.contains(root) || (!fill && read.contains(root)) ||
            (!fill && !reduces && member.op.payloadUsesValueFromOperand(&init)))
          return member.op;
        if (!fill)
          written.insert(root);
      }
    for (Value input : member.op.getDpsInputs())
      if (isa<MemRefType>(input.getType()))
        read.insert(ks::rootOf(input));
  }
  return nullptr;
}

/// Rewrites each division in `member`'s body by a row statistic (an input
/// read at the row alone, invariant along the row's own loops) as a
/// multiplication by its reciprocal.
void divideByReciprocals(ks::agents::RowChainMember member) {
  auto generic = dyn_cast<linalg::GenericOp>(member.op.getOperation());
  if (!generic)
    return;
  auto isRowStatistic = [&](Value v) {
    std::optional<AffineMap> map = ks::bodyInputMap(v);
    return map && llvm::none_of(llvm::seq<unsigned>(member.rowDims, map->getNumDims()),
                                [&](unsigned d) { return map->isFunctionOfDim(d); });
  };
  SmallVector<arith::DivFOp> divisions;
  generic.getBody()->walk([&](arith::DivFOp div) {
    if (isRowStatistic(div.getRhs()))
      divisions.push_back(div);
  });
  for (arith::DivFOp div : divisions) {
    OpBuilder b(div);
    Location loc = div.getLoc();
    Value one = arith::ConstantOp::create(b, loc, b.getFloatAttr(div.getType(), 1.0));
    Value reciprocal = arith::DivFOp::create(b, loc, one, div.getRhs(), div.getFastmathAttr());
    Value product =
        arith::MulFOp::create(b, loc, div.getLhs(), reciprocal, div.getFastmathAttr());
    div.replaceAllUsesWith(product);
    div.erase();
  }
}
/// The options of a ks.fuse_row_chain, checked (readOptions).
struct RowChainOptions {
  int64_t warpRows, perThread, keep, reciprocals, cluster;
};

/// Splits each member whose last row loop runs over several points of each
/// row (a normalization merged to [1024, 16384] after statistics of 128
/// rows) there: its rows, then its points. The op computes the same.
DiagnosedSilenceableFailure splitRowLoops(transform::KSFuseRowChainOp self,
                                          RewriterBase &rewriter,
                                          ks::agents::RowChain &chain) {
  for (ks::agents::RowChainMember &member : chain.members) {
    if (member.rowLoopPoints == 1)
      continue;
    auto generic = dyn_cast<linalg::GenericOp>(member.op.getOperation());
    SmallVector<int64_t> divisors(member.op.getNumLoops(), 0);
    divisors[member.rowDims - 1] = member.rowLoopPoints;
    if (!generic || !ks::canSplitLoops(generic, divisors))
      return self.emitSilenceableError()
             << "a member of the row chain runs over several points of "
                "each row in one loop that cannot be split";
    member = {ks::splitLoops(rewriter, generic, divisors), member.rowDims};
  }
  return DiagnosedSilenceableFailure::success();
}

/// Reads `self`'s options into `options`: each in its range, and what they
/// ask possible for `chain`.
DiagnosedSilenceableFailure readOptions(transform::KSFuseRowChainOp self,
                                        const ks::agents::RowChain &chain,
                                        RowChainOptions &options) {
  int64_t warpRows = self.getWarpRows(), perThread = self.getElementsPerThread();
  if (warpRows < 0 || perThread < 1)
    return self.emitSilenceableError() << "warp_rows must be >= 0 and elements_per_thread >= 1";
  if (warpRows > 0 && chain.rows % warpRows != 0)
    return self.emitSilenceableError() << "the chain's " << chain.rows
                                       << " rows are not a multiple of warp_rows = " << warpRows;
  int64_t keep = self.getKeepRowsInRegisters();
  if (keep != 0 && keep != 1)
    return self.emitSilenceableError() << "keep_rows_in_registers must be 0 or 1";
  int64_t reciprocals = self.getReciprocalDivisors();
  if (reciprocals != 0 && reciprocals != 1)
    return self.emitSilenceableError() << "reciprocal_divisors must be 0 or 1";
  int64_t cluster = self.getClusterBlocks();
  if (cluster != 1 && cluster != 2 && cluster != 4 && cluster != 8)
    return self.emitSilenceableError()
           << "cluster_blocks must be 1, 2, 4 or 8 (a portable cluster)";
  if (cluster > 1 && warpRows > 0)
    return self.emitSilenceableError()
           << "cluster_blocks > 1 splits a row among blocks: warp_rows "
              "must be 0";
  // The blocks of a cluster write a row's statistics alike: each must get
  // one value (after its fill).
  if (cluster > 1)
    if (Operation *twice = statisticWrittenTwice(chain))
      return self.emitSilenceableError()
             << "cluster_blocks > 1 needs each of a row's statistics written once after its "
                "fill; '"
             << twice->getName() << "' writes one again";
  // A thread keeps what it loaded or stored only where every op splits the
  // row alike: then the elements it owns are the same in all of them. An
  // op of one point per row (the fill of a reduction's output) is thread
  // 0's, which owns the row's first element in any split.
  if (keep)
    for (ks::agents::RowChainMember member : chain.members) {
      int64_t inner = 1;
      for (int64_t r : ArrayRef(member.op.getStaticLoopRanges()).drop_front(member.rowDims))
        inner *= r;
      if (inner != 1 && inner % perThread != 0)
        return self.emitSilenceableError()
               << "keep_rows_in_registers needs every op's row to be a multiple of "
                  "elements_per_thread = "
               << perThread << ", one has " << inner << " points";
    }
  options = {warpRows, perThread, keep, reciprocals, cluster};
  return DiagnosedSilenceableFailure::success();
}

/// Kept in registers, a thread's elements are matched by the views and
/// indices its loads and stores name: each member's row loops, and an
/// elementwise member's loops within the row, become one loop where its
/// operands allow, so every member reads and writes a buffer through the
/// same [rows, points] view (CSE makes the views one) at the same point.
/// `start` follows its member.
DiagnosedSilenceableFailure collapseRowLoops(transform::KSFuseRowChainOp self,
                                             RewriterBase &rewriter,
                                             ks::agents::RowChain &chain,
                                             linalg::LinalgOp &start) {
  for (ks::agents::RowChainMember &member : chain.members) {
    auto generic = dyn_cast<linalg::GenericOp>(member.op.getOperation());
    unsigned loops = member.op.getNumLoops();
    if (!generic || loops < 2)
      continue;
    SmallVector<ReassociationIndices> groups(2);
    for (unsigned d = 0; d < loops; ++d)
      groups[d < member.rowDims ? 0 : 1].push_back(d);
    if (groups[0].size() < 2 && groups[1].size() < 2)
      continue;
    if (groups[1].empty()) // one point per row: its row loops only
      groups.pop_back();
    rewriter.setInsertionPoint(generic);
    DictionaryAttr marks = generic->getDiscardableAttrDictionary();
    bool isStart = member.op == start;
    // An operand's unit dims read at 0 (a row's statistic broadcast
    // along it) first leave its view: collapsing the loops needs every
    // map to be a projection. The op's loops stay as they are.
    linalg::ControlDropUnitDims operandsOnly;
    SmallVector<int64_t> ranges = member.op.getStaticLoopRanges();
    operandsOnly.controlFn = [ranges](Operation *) {
      SmallVector<unsigned> nonUnit;
      for (auto [d, r] : llvm::enumerate(ranges))
        if (r != 1)
          nonUnit.push_back(d);
      return nonUnit;
    };
    FailureOr<linalg::DropUnitDimsResult> dropped =
        linalg::dropUnitDims(rewriter, generic, operandsOnly);
    if (succeeded(dropped)) {
      auto reduced = dyn_cast<linalg::GenericOp>(dropped->resultOp.getOperation());
      if (!reduced || reduced.getNumLoops() != loops)
        return self.emitDefiniteFailure() << "dropping an operand's unit dims changed the loops";
      rewriter.replaceOp(generic, dropped->replacements);
      generic = reduced;
      member.op = reduced;
    }
    SmallVector<AffineMap> maps = member.op.getIndexingMapsArray();
    FailureOr<linalg::CollapseResult> collapsed = failure();
    if (ks::preservesDimSequences(maps, groups))
      collapsed = linalg::collapseOpIterationDims(member.op, groups, rewriter);
    if (succeeded(collapsed)) {
      rewriter.replaceOp(generic, collapsed->results);
      member = {collapsed->collapsedOp, 1};
    }
    member.op->setDiscardableAttrs(marks);
    if (isStart)
      start = member.op;
  }
  return DiagnosedSilenceableFailure::success();
}

/// Split among a cluster's blocks, each op's row (as collapsed above) is
/// cut at its first loop within the row that is not of size 1: `cluster`
/// must divide it.
DiagnosedSilenceableFailure checkClusterSplits(transform::KSFuseRowChainOp self,
                                               const ks::agents::RowChain &chain,
                                               int64_t cluster) {
  for (ks::agents::RowChainMember member : chain.members) {
    std::optional<unsigned> split = clusterSplitLoop(member);
    SmallVector<int64_t> ranges = member.op.getStaticLoopRanges();
    if (split && ranges[*split] % cluster != 0)
      return self.emitSilenceableError()
             << "cluster_blocks = " << cluster << " does not divide a row loop of "
             << ranges[*split] << " points";
  }
  return DiagnosedSilenceableFailure::success();
}

/// Moves what lies between the members (views, allocations, constants)
/// before the first: the members are about to become one op.
void moveNonMembersBefore(RewriterBase &rewriter, const ks::agents::RowChain &chain) {
  Operation *first = chain.members.front().op, *last = chain.members.back().op;
  for (Operation *op = first->getNextNode(); op != last;) {
    Operation *next = op->getNextNode();
    if (!isa<linalg::LinalgOp>(op))
      rewriter.moveOpBefore(op, first);
    op = next;
  }
}

/// The loops over the chain's rows, after its last member: a block per row
/// (per part of a row in a cluster), or a warp per row in blocks of
/// warp_rows. `row` is the row an iteration fuses, `part` its part.
struct RowLoops {
  scf::ForallOp outer;
  Value row;
  OpFoldResult part;
};

RowLoops createRowLoops(transform::KSFuseRowChainOp self, RewriterBase &rewriter,
                        Location loc, const ks::agents::RowChain &chain,
                        const RowChainOptions &options) {
  int64_t warpRows = options.warpRows, cluster = options.cluster;
  MLIRContext *ctx = self.getContext();
  rewriter.setInsertionPointAfter(chain.members.back().op);
  auto blockX = gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX);
  int64_t blocks = warpRows > 0 ? chain.rows / warpRows : chain.rows * cluster;
  auto outer = scf::ForallOp::create(rewriter, loc,
                                     ArrayRef<OpFoldResult>{rewriter.getIndexAttr(blocks)},
                                     ValueRange{}, rewriter.getArrayAttr({blockX}));
  Value row = outer.getInductionVar(0);
  rewriter.setInsertionPoint(outer.getTerminator());
  // A cluster's blocks are consecutive along x: block b takes part b mod C
  // of row b / C.
  OpFoldResult part = rewriter.getIndexAttr(0);
  if (cluster > 1) {
    AffineExpr b = getAffineDimExpr(0, ctx);
    part = affine::makeComposedFoldedAffineApply(rewriter, loc, b % cluster,
                                                 ArrayRef<OpFoldResult>{row});
    row = affine::AffineApplyOp::create(rewriter, loc, b.floorDiv(cluster), ValueRange{row});
  }
  if (warpRows > 0) {
    auto warpX = gpu::GPUWarpMappingAttr::get(ctx, gpu::MappingId::DimX);
    auto inner = scf::ForallOp::create(rewriter, loc,
                                       ArrayRef<OpFoldResult>{rewriter.getIndexAttr(warpRows)},
                                       ValueRange{}, rewriter.getArrayAttr({warpX}));
    rewriter.setInsertionPoint(inner.getTerminator());
    AffineExpr b, w;
    bindDims(ctx, b, w);
    row = affine::AffineApplyOp::create(rewriter, loc, b * warpRows + w,
                                        ValueRange{row, inner.getInductionVar(0)});
  }
  return {outer, row, part};
}

/// Replaces each member by its work on `row` (`part` of it in a cluster) at
/// the insertion point, marked for the block's, warp's or cluster's
/// reduction or elementwise lowering, with a barrier between members.
DiagnosedSilenceableFailure cutMembersToRows(transform::KSFuseRowChainOp self,
                                             RewriterBase &rewriter, Location loc,
                                             const ks::agents::RowChain &chain,
                                             const RowChainOptions &options, Value row,
                                             OpFoldResult part) {
  int64_t warpRows = options.warpRows, perThread = options.perThread;
  int64_t keep = options.keep, cluster = options.cluster;
  MLIRContext *ctx = self.getContext();
  StringRef reduceAttr = warpRows > 0 ? "ks.warp_reduce" : "ks.block_reduce";
  StringRef elementwiseAttr = warpRows > 0 ? "ks.warp_elementwise" : "ks.block_elementwise";
  for (auto [i, member] : llvm::enumerate(chain.members)) {
    linalg::LinalgOp op = member.op;
    // The row's position along each of the op's row loops, the rest whole.
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<OpFoldResult> offsets(ranges.size(), rewriter.getIndexAttr(0)), sizes;
    int64_t inner = 1;
    for (unsigned d = 0; d < ranges.size(); ++d) {
      sizes.push_back(rewriter.getIndexAttr(d < member.rowDims ? 1 : ranges[d]));
      if (d >= member.rowDims)
        inner *= ranges[d];
    }
    for (int64_t d = (int64_t)member.rowDims - 1, below = 1; d >= 0; below *= ranges[d], --d) {
      if (ranges[d] == 1)
        continue;
      AffineExpr r = getAffineDimExpr(0, ctx);
      offsets[d] = affine::makeComposedFoldedAffineApply(
          rewriter, loc, AffineMap::get(1, 0, (r.floorDiv(below)) % ranges[d]),
          ArrayRef<OpFoldResult>{row});
    }
    std::optional<unsigned> split = cluster > 1 ? clusterSplitLoop(member) : std::nullopt;
    if (split) {
      int64_t length = ranges[*split] / cluster;
      AffineExpr p = getAffineDimExpr(0, ctx);
      offsets[*split] = affine::makeComposedFoldedAffineApply(rewriter, loc, p * length,
                                                              ArrayRef<OpFoldResult>{part});
      sizes[*split] = rewriter.getIndexAttr(length);
      inner /= cluster;
    }
    FailureOr<TilingResult> tiled = cast<TilingInterface>(op.getOperation())
                                        .getTiledImplementation(rewriter, offsets, sizes);
    if (failed(tiled) || tiled->tiledOps.size() != 1)
      return self.emitDefiniteFailure() << "cannot cut a member of the row chain to one row";
    Operation *rowOp = tiled->tiledOps.front();
    rowOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    bool reduces = op.getNumReductionLoops() != 0;
    int64_t elements = inner % perThread == 0 ? perThread : 1;
    rowOp->setAttr(reduces ? reduceAttr : elementwiseAttr, rewriter.getI64IntegerAttr(elements));
    if (keep)
      rowOp->setAttr("ks.row_registers", rewriter.getUnitAttr());
    if (reduces && cluster > 1)
      rowOp->setAttr("ks.cluster_reduce", rewriter.getI64IntegerAttr(cluster));
    if (i + 1 < chain.members.size())
      gpu::BarrierOp::create(rewriter, loc);
    rewriter.eraseOp(op);
  }
  return DiagnosedSilenceableFailure::success();
}
} // namespace

DiagnosedSilenceableFailure transform::KSFuseRowChainOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  auto payload = llvm::to_vector(state.getPayloadOps(getTarget()));
  if (payload.size() != 1)
    return emitSilenceableError() << "expects one target op, got " << payload.size();
  auto start = dyn_cast<linalg::LinalgOp>(payload.front());
  std::optional<ks::agents::RowChain> chain =
      start ? ks::agents::findRowChain(start, /*fillIsEnough=*/true) : std::nullopt;
  if (!chain)
    return emitSilenceableError()
           << "no row chain starts at the target (a reduction over rows after its fill or "
              "followed by ops over the same rows that share buffers only at their row)";
  DiagnosedSilenceableFailure split = splitRowLoops(*this, rewriter, *chain);
  if (!split.succeeded())
    return split;
  RowChainOptions options;
  DiagnosedSilenceableFailure read = readOptions(*this, *chain, options);
  if (!read.succeeded())
    return read;
  if (options.keep) {
    DiagnosedSilenceableFailure collapsed = collapseRowLoops(*this, rewriter, *chain, start);
    if (!collapsed.succeeded())
      return collapsed;
  }
  if (options.cluster > 1) {
    DiagnosedSilenceableFailure divided = checkClusterSplits(*this, *chain, options.cluster);
    if (!divided.succeeded())
      return divided;
  }

  // Checked: the chain is fused from here on.
  if (options.reciprocals)
    for (ks::agents::RowChainMember member : chain->members)
      divideByReciprocals(member);
  moveNonMembersBefore(rewriter, *chain);
  Location loc = start.getLoc();
  RowLoops loops = createRowLoops(*this, rewriter, loc, *chain, options);
  DiagnosedSilenceableFailure cut =
      cutMembersToRows(*this, rewriter, loc, *chain, options, loops.row, loops.part);
  if (!cut.succeeded())
    return cut;
  // No block may leave while another can still read its shared memory.
  if (options.cluster > 1) {
    NVVM::ClusterArriveOp::create(rewriter, loc, /*aligned=*/rewriter.getUnitAttr());
    NVVM::ClusterWaitOp::create(rewriter, loc, /*aligned=*/rewriter.getUnitAttr());
  }
  results.set(cast<OpResult>(getLoop()), {loops.outer.getOperation()});
  return DiagnosedSilenceableFailure::success();
}
