//===- TransformOps.cpp - ks extension of the transform dialect -----------===//

#include "ks/Transforms/TransformOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

namespace {
/// addf(mulf(a, b), c) -> fma(a, b, c), the product used only there.
struct FuseMultiplyAdd : OpRewritePattern<arith::AddFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::AddFOp add,
                                PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < 2; ++i) {
      auto mul = add->getOperand(i).getDefiningOp<arith::MulFOp>();
      if (!mul || !mul->hasOneUse())
        continue;
      rewriter.replaceOpWithNewOp<math::FmaOp>(add, mul.getLhs(), mul.getRhs(),
                                               add->getOperand(1 - i));
      rewriter.eraseOp(mul);
      return success();
    }
    return rewriter.notifyMatchFailure(add, "no single-use multiply operand");
  }
};

class KSTransformExtension
    : public transform::TransformDialectExtension<KSTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(KSTransformExtension)
  using Base::Base;
  void init() {
    declareGeneratedDialect<math::MathDialect>();
    declareGeneratedDialect<affine::AffineDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "ks/Transforms/TransformOps.cpp.inc"
        >();
  }
};
} // namespace

void transform::KSApplyFuseMultiplyAddPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  patterns.add<FuseMultiplyAdd>(patterns.getContext());
}

//===----------------------------------------------------------------------===//
// ks.init_from_producer
//===----------------------------------------------------------------------===//

namespace {
/// The buffer a chain of unit-stride, rank-preserving subviews views, with
/// the tile's offsets in it; a null root where the chain is anything else.
struct Tile {
  Value root;
  SmallVector<OpFoldResult> offsets;
};

Tile tileOf(Value view, OpBuilder &b, Location loc) {
  Tile tile;
  auto rank = cast<MemRefType>(view.getType()).getRank();
  tile.offsets.assign(rank, b.getIndexAttr(0));
  while (auto subview = view.getDefiningOp<memref::SubViewOp>()) {
    if (subview.getSourceType().getRank() != rank ||
        !llvm::all_of(subview.getStaticStrides(), [](int64_t s) { return s == 1; }))
      return {};
    for (auto [i, offset] : llvm::enumerate(subview.getMixedOffsets())) {
      AffineExpr d0, d1;
      bindDims(b.getContext(), d0, d1);
      tile.offsets[i] = affine::makeComposedFoldedAffineApply(
          b, loc, d0 + d1, {tile.offsets[i], offset});
    }
    view = subview.getSource();
  }
  tile.root = view;
  return tile;
}

/// Whether `v` is private to a thread: an alloca, or a view of one.
bool isPrivate(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (isa<memref::AllocaOp>(def))
      return true;
    if (auto view = dyn_cast<memref::ViewOp>(def))
      v = view.getSource();
    else if (auto subview = dyn_cast<memref::SubViewOp>(def))
      v = subview.getSource();
    else
      return false;
  }
  return false;
}

/// The fill or broadcast that last wrote all of `root` before `nest` in the
/// same block, if nothing else touches `root` in between and `nest` uses it
/// only through subviews.
linalg::LinalgOp initializerOf(Value root, Operation *nest) {
  linalg::LinalgOp producer;
  for (Operation *op = nest->getPrevNode(); op; op = op->getPrevNode()) {
    bool touches = llvm::is_contained(op->getOperands(), root);
    if (!touches)
      continue;
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !isa<linalg::FillOp, linalg::BroadcastOp>(op) ||
        linalgOp.getNumDpsInits() != 1 || linalgOp.getDpsInits()[0] != root ||
        llvm::is_contained(linalgOp.getDpsInputs(), root))
      return {};
    producer = linalgOp;
    break;
  }
  if (!producer)
    return {};
  // Inside the nest, only subviews (the tile read in, the sums written out).
  for (OpOperand &use : root.getUses()) {
    Operation *user = use.getOwner();
    if (user == producer || !nest->isAncestor(user))
      continue;
    if (!isa<memref::SubViewOp>(user))
      return {};
  }
  return producer;
}
} // namespace

DiagnosedSilenceableFailure transform::KSInitFromProducerOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  SmallVector<Operation *> producers;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto copy = dyn_cast<linalg::CopyOp>(target);
    if (!copy || !copy.hasPureBufferSemantics() || !isPrivate(copy.getOutputs()[0]))
      continue;
    auto func = copy->getParentOfType<func::FuncOp>();
    if (!func)
      continue;
    Operation *nest = func.getBody().front().findAncestorOpInBlock(*copy);
    rewriter.setInsertionPoint(copy);
    Tile tile = tileOf(copy.getInputs()[0], rewriter, copy.getLoc());
    if (!tile.root)
      continue;
    linalg::LinalgOp producer = initializerOf(tile.root, nest);
    if (!producer ||
        !producer.getMatchingIndexingMap(producer.getDpsInitOperand(0)).isIdentity())
      continue;
    Value privateBuffer = copy.getOutputs()[0];
    auto privateType = cast<MemRefType>(privateBuffer.getType());
    Operation *init = nullptr;
    if (auto fill = dyn_cast<linalg::FillOp>(producer.getOperation())) {
      init = linalg::FillOp::create(rewriter, copy.getLoc(), fill.getInputs()[0], privateBuffer);
    } else {
      // The broadcast's input, cut to the tile's extent in the dimensions
      // it keeps.
      auto broadcast = cast<linalg::BroadcastOp>(producer.getOperation());
      // (Right after promotion the private buffer's shape may still be
      // dynamic: its sizes are taken as they are.)
      SmallVector<OpFoldResult> tileSizes =
          memref::getMixedSizes(rewriter, copy.getLoc(), privateBuffer);
      SmallVector<OpFoldResult> offsets, sizes, strides;
      for (int64_t d = 0, e = privateType.getRank(); d < e; ++d) {
        if (llvm::is_contained(broadcast.getDimensions(), d))
          continue;
        offsets.push_back(tile.offsets[d]);
        sizes.push_back(tileSizes[d]);
        strides.push_back(rewriter.getIndexAttr(1));
      }
      Value slice = memref::SubViewOp::create(rewriter, copy.getLoc(), broadcast.getInput(),
                                              offsets, sizes, strides);
      init = linalg::BroadcastOp::create(rewriter, copy.getLoc(), slice, privateBuffer,
                                         broadcast.getDimensions());
    }
    // Part of the kernel: no dispatch of its own.
    init->removeAttr("ks.dispatch");
    rewriter.eraseOp(copy);
    if (!llvm::is_contained(producers, producer.getOperation()))
      producers.push_back(producer);
  }
  for (Operation *producer : producers)
    rewriter.eraseOp(producer);
  return DiagnosedSilenceableFailure::success();
}

void transform::KSInitFromProducerOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

#define GET_OP_CLASSES
#include "ks/Transforms/TransformOps.cpp.inc"

void ks::registerTransformExtension(DialectRegistry &registry) {
  registry.addExtensions<KSTransformExtension>();
}
