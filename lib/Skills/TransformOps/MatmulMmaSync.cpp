//===- MatmulMmaSync.cpp - transform.ks.matmul_mma_sync -------------------===//
//
// An f32 contraction on buffers becomes a tensor-core kernel: block tiles
// staged through shared memory by cp.async (a multi-stage pipeline), warp
// tiles computed with mma.sync m16n8k8 on TF32 operands, optionally three
// products per step (3xTF32) for fp32 accuracy. Built directly rather than
// from upstream's tiling and rewrite_matmul_as_mma_sync: the fragment reads
// need padded shared layouts and the accumulators must stay in registers
// across K, neither of which that route gives.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "Epilogue.h"
#include "MatmulMmaSyncKernel.h"
#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ks::mma_sync;

namespace {

/// Whether `e` is non-negative wherever the loops are: no negative
/// constant and divisions by positive constants.
bool isNonNegative(AffineExpr e) {
  if (isa<AffineDimExpr>(e))
    return true;
  if (auto constant = dyn_cast<AffineConstantExpr>(e))
    return constant.getValue() >= 0;
  if (isa<AffineSymbolExpr>(e) || e.getKind() == AffineExprKind::CeilDiv)
    return false;
  auto binary = cast<AffineBinaryOpExpr>(e);
  return isNonNegative(binary.getLHS()) && isNonNegative(binary.getRHS());
}

/// Why the gather `e` cannot be evaluated with unsigned arithmetic, or the
/// empty string: every floordiv and mod must divide a non-negative term by
/// a positive constant.
std::string unmetGatherCondition(AffineExpr e) {
  if (isa<AffineSymbolExpr>(e))
    return "a gather's map has symbols";
  auto binary = dyn_cast<AffineBinaryOpExpr>(e);
  if (!binary)
    return "";
  if (e.getKind() == AffineExprKind::CeilDiv)
    return "a gather's map has a ceildiv";
  if (e.getKind() == AffineExprKind::FloorDiv || e.getKind() == AffineExprKind::Mod) {
    auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
    if (!divisor || divisor.getValue() <= 0 || !isNonNegative(binary.getLHS()))
      return "a gather's map divides other than a non-negative term by a positive constant";
  }
  std::string lhs = unmetGatherCondition(binary.getLHS());
  return lhs.empty() ? unmetGatherCondition(binary.getRHS()) : lhs;
}

/// The roles of a contraction with one gathered input, taken from its
/// output and its reduction: K the one reduction loop, M and N the output's
/// last two dimensions, the ones before them (at most two) the batch. Why
/// they cannot be, or the empty string.
std::string gatherRoles(linalg::LinalgOp op, Roles &roles) {
  std::string unused;
  llvm::raw_string_ostream errs(unused);
  if (!linalg::detail::isContractionBody(
          *op.getBlock(),
          [](Operation *first, Operation *second) {
            return isa<arith::MulFOp>(first) && isa<arith::AddFOp>(second);
          },
          errs))
    return "the target is not a multiply-add contraction";
  AffineMap output = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!output.isProjectedPermutation(/*allowZeroInResults=*/false) ||
      output.getNumResults() < 2 || output.getNumResults() > 4 ||
      op.getNumReductionLoops() != 1 || op.getNumLoops() != output.getNumResults() + 1)
    return "a contraction with a gather must write [batch, [batch,]] M, N through a "
           "permutation of its parallel loops and have one reduction loop";
  auto dimAt = [&](int64_t i) { return cast<AffineDimExpr>(output.getResult(i)).getPosition(); };
  int64_t rank = output.getNumResults();
  roles.m = dimAt(rank - 2);
  roles.n = dimAt(rank - 1);
  for (int64_t i = 0; i + 2 < rank; ++i)
    roles.batches.push_back(dimAt(i));
  SmallVector<unsigned> reductions;
  op.getReductionDims(reductions);
  roles.k = reductions.front();
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    bool isA = input->getOperandNumber() == 0;
    if (map.isFunctionOfDim(isA ? roles.n : roles.m) || !map.isFunctionOfDim(roles.k) ||
        !map.isFunctionOfDim(isA ? roles.m : roles.n))
      return isA ? "A must read M and K and not N" : "B must read K and N and not M";
    if (map.isProjectedPermutation(/*allowZeroInResults=*/false))
      continue;
    if (roles.gathered >= 0)
      return "both inputs are gathers";
    roles.gathered = input->getOperandNumber();
    for (AffineExpr e : map.getResults()) {
      std::string unmet = unmetGatherCondition(e);
      if (!unmet.empty())
        return unmet;
    }
  }
  return "";
}

/// Why `op` cannot be built with these tiles, or the empty string.
std::string unmetCondition(linalg::LinalgOp op, Roles &roles, ArrayRef<int64_t> blockTile,
                           ArrayRef<int64_t> warpTile, ArrayRef<int64_t> threadTile,
                           int64_t stages, int64_t kSplits) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return "the target is not a contraction of two buffers into a third";
  bool permuted = llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
    return map.isProjectedPermutation(/*allowZeroInResults=*/false);
  });
  if (!permuted) {
    std::string unmet = gatherRoles(op, roles);
    if (!unmet.empty())
      return unmet;
  } else if (!linalg::isaContractionOpInterface(op)) {
    return "the target is not a multiply-add contraction";
  }
  // Asynchronous copies read the permuted inputs (16 bytes at a time where
  // their rows allow, else 4); a gather is copied element by element and
  // the output is loaded and stored element by element: any layout.
  auto copiedAsync = [&](OpOperand &operand) {
    return int64_t(operand.getOperandNumber()) != roles.gathered && !op.isDpsInit(&operand);
  };
  for (OpOperand &operand : op->getOpOperands()) {
    Value v = operand.get();
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
      return "an operand is not a static f32 buffer";
    if (!copiedAsync(operand))
      continue;
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) || strides.empty() ||
        strides.back() != 1 || ShapedType::isDynamic(offset))
      return "an operand's last dimension is not contiguous or its offset is not static";
    for (int64_t s : ArrayRef(strides).drop_back())
      if (ShapedType::isDynamic(s))
        return "an operand's row stride is not static";
  }
  if (permuted) {
    FailureOr<linalg::ContractionDimensions> dims = linalg::inferContractionDims(op);
    if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 || dims->k.size() != 1 ||
        dims->batch.size() > 1)
      return "the target does not have one M, one N, one K and at most one batch loop";
    roles.m = dims->m[0];
    roles.n = dims->n[0];
    roles.k = dims->k[0];
    roles.batches.assign(dims->batch.begin(), dims->batch.end());
  }
  for (OpOperand &operand : op->getOpOperands()) {
    if (int64_t(operand.getOperandNumber()) == roles.gathered)
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false) || map.getNumResults() < 2)
      return "an operand is not read through a permutation of the loops";
    int64_t last = cast<AffineDimExpr>(map.getResults().back()).getPosition();
    int64_t second = cast<AffineDimExpr>(map.getResults()[map.getNumResults() - 2]).getPosition();
    if (llvm::is_contained(roles.batches, last) || llvm::is_contained(roles.batches, second))
      return "an operand's batch dimension is among its last two";
  }
  if (blockTile.size() != 3 || warpTile.size() != 2)
    return "block_tile needs three sizes and warp_tile two";
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t BM = blockTile[0], BN = blockTile[1], BK = blockTile[2];
  if (!threadTile.empty()) {
    if (threadTile.size() != 2)
      return "thread_tile needs two sizes";
    int64_t TM = threadTile[0], TN = threadTile[1];
    if (TM <= 0 || TN <= 0 || TM % 4 || TN % 4 || TM > 8 || TN > 8)
      return "the thread tile's sizes must be 4 or 8";
    if (BK % 4 || BM % warpTile[0] || BN % warpTile[1] || warpTile[0] % TM ||
        warpTile[1] % TN || (warpTile[0] / TM) * (warpTile[1] / TN) != kWarp)
      return "the tiles do not divide into warps of 32 threads of thread_tile outputs and K "
             "steps of 4";
  } else if (BK % kMmaK || BM % warpTile[0] || BN % warpTile[1] || warpTile[0] % kMmaM ||
             warpTile[1] % kMmaN) {
    return "the tiles do not divide into m16n8k8 steps";
  }
  int64_t kSteps = llvm::divideCeil(ranges[roles.k], BK);
  if (kSplits < 1 || kSteps % kSplits)
    return llvm::formatv("K's {0} steps of {1} do not split {2} ways", kSteps, BK, kSplits);
  if (stages < 2 || kSteps / kSplits < stages - 1)
    return "fewer K steps than the pipeline keeps in flight";
  int64_t threads = (BM / warpTile[0]) * (BN / warpTile[1]) * kWarp;
  if (threads > 1024 || (BM * BK / 4) % threads || (BN * BK / 4) % threads)
    return "the tiles' 16-byte chunks do not divide among the block's threads";
  int64_t bytes = 0;
  for (OpOperand *operand : op.getDpsInputOperands()) {
    TileLayout l = tileLayout(op, roles, *operand, BM, BN, BK);
    bytes += 4 * stages * l.rows * l.paddedCols;
  }
  if (bytes > 48 * 1024)
    return "the shared tiles take more than 48 KB";
  return "";
}
} // namespace

DiagnosedSilenceableFailure transform::KSMatmulMmaSyncOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  SmallVector<Operation *> launches;
  linalg::LinalgOp epilogue;
  std::string noEpilogue = ks::epilogueOfHandle(state, getEpilogue(), getTarget(), epilogue);
  if (!noEpilogue.empty())
    return emitDefiniteFailure() << noEpilogue;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto op = dyn_cast<linalg::LinalgOp>(target);
    if (!op)
      return emitDefiniteFailure() << "expects linalg ops, got " << target->getName();
    if (getPrecision() != "tf32x3" && getPrecision() != "tf32" && getPrecision() != "fma")
      return emitDefiniteFailure() << "precision must be \"tf32x3\", \"tf32\" or \"fma\", got \""
                                   << getPrecision() << "\"";
    bool fma = getPrecision() == "fma";
    if (fma != getThreadTile().has_value())
      return emitDefiniteFailure() << (fma ? "precision \"fma\" needs a thread_tile"
                                           : "a thread_tile is for precision \"fma\" only");
    ArrayRef<int64_t> threadTile = fma ? *getThreadTile() : ArrayRef<int64_t>();
    Roles roles;
    std::string unmet = unmetCondition(op, roles, getBlockTile(), getWarpTile(), threadTile,
                                       getStages(), getKSplits());
    if (!unmet.empty())
      return emitDefiniteFailure() << (fma ? "cannot build an FMA kernel: "
                                           : "cannot build a tensor-core kernel: ")
                                   << unmet;
    if (epilogue && getKSplits() > 1)
      return emitDefiniteFailure() << "cannot apply the epilogue: with k_splits > 1 no block "
                                      "has the whole sum";
    if (epilogue) {
      std::string unmetEpilogue =
          roles.batches.empty()
              ? ks::unmetEpilogueCondition(op, roles.m, roles.n, epilogue)
              : "an epilogue is applied to 2-d contractions only";
      if (!unmetEpilogue.empty())
        return emitDefiniteFailure() << "cannot apply the epilogue: " << unmetEpilogue;
      ks::hoistOpsBetween(op, epilogue);
    }
    rewriter.setInsertionPoint(op);
    ArrayRef<int64_t> block = getBlockTile(), warp = getWarpTile();
    KernelBuilder builder{rewriter,  op.getLoc(), op,       roles,      block[0],
                          block[1],  block[2],    warp[0],  warp[1],    int64_t(getStages()),
                          getPrecision() == "tf32x3",  int64_t(getKSplits()),
                          (block[0] / warp[0]) * (block[1] / warp[1]) * kWarp,
                          epilogue};
    builder.foldPadding = getFoldPadding() != 0;
    builder.minBlocksPerSM = getMinBlocksPerSm();
    if (fma) {
      builder.TM = threadTile[0];
      builder.TN = threadTile[1];
    }
    // A zero fill before the kernel is folded into it (split-K's atomic
    // adds need the zeros in memory).
    Operation *zeroFill = getKSplits() == 1 ? ks::findFillInit(op, 0.0) : nullptr;
    builder.zeroInit = zeroFill != nullptr;
    // So is a broadcast bias: the sums start from it.
    if (getKSplits() == 1 && !zeroFill)
      builder.broadcastInit = ks::findBroadcastInit(op);
    launches.push_back(builder.build());
    rewriter.eraseOp(op);
    ks::eraseFoldedProducers(rewriter, builder.foldedProducers);
    if (zeroFill)
      ks::eraseFolded(rewriter, zeroFill);
    if (builder.broadcastInit)
      ks::eraseFolded(rewriter, builder.broadcastInit->op);
    if (epilogue)
      rewriter.eraseOp(epilogue);
  }
  results.set(cast<OpResult>(getLaunch()), launches);
  return DiagnosedSilenceableFailure::success();
}
