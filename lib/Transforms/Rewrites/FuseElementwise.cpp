//===- FuseElementwise.cpp - Elementwise fusion without recomputation -----===//
//
// Upstream's elementwise fusion fuses a single-use producer into any generic
// consumer. Into a consumer with reductions that reads the producer through
// a map missing some of its loops (a GEMM's A operand misses N), the fused
// producer is recomputed along those loops, and the GEMM stops being one.
// This pass runs the same patterns with a control function that refuses
// exactly that case. Layout transposes around a pooling fold into it: one
// kernel then reads and writes the layouts the program has (Torch-MLIR's
// channels-last 3-d pooling between transposes).
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallBitVector.h"

namespace ks {
#define GEN_PASS_DEF_KSFUSEELEMENTWISE
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Whether fusing the producer of `operand` into its consumer computes each
/// of the producer's elements once: the consumer has no reduction loop, or
/// it reads the operand through a map that uses every one of its loops.
bool fusesWithoutRecomputing(OpOperand *operand) {
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  if (!consumer || consumer.getNumReductionLoops() == 0)
    return true;
  AffineMap map = consumer.getMatchingIndexingMap(operand);
  for (unsigned d = 0, e = consumer.getNumLoops(); d < e; ++d)
    if (!map.isFunctionOfDim(d))
      return false;
  return true;
}

/// Whether the consumer of `operand` has reduction loops.
bool intoReduction(OpOperand *operand) {
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  return consumer && consumer.getNumReductionLoops() != 0;
}

/// Whether `value` is computed from loop indices alone (an iota, a mask
/// comparing two of them), through reshapes: recomputing it in a reduction
/// costs a few integer ops, less than reading it, so it is fused there
/// whatever its uses and the reduction's loops. A scan's triangular
/// mask is such a value; materialized, it would be an i1 tensor read per
/// element. (Elementwise consumers keep the usual rule: patterns such as
/// ks-fold-diagonal-matmul's look for the materialized iota.)
bool computedFromIndices(Value value, unsigned depth = 0) {
  Operation *op = value.getDefiningOp();
  if (!op || depth > 8)
    return false;
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return computedFromIndices(op->getOperand(0), depth + 1);
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() || generic.getNumReductionLoops() != 0 ||
      !llvm::all_of(generic.getBody()->without_terminator(),
                    [](Operation &op) { return isMemoryEffectFree(&op); }))
    return false;
  for (OpOperand &output : generic.getDpsInitsMutable())
    if (generic.payloadUsesValueFromOperand(&output))
      return false;
  return llvm::all_of(generic.getDpsInputOperands(), [&](OpOperand *input) {
    return !generic.payloadUsesValueFromOperand(input) ||
           computedFromIndices(input->get(), depth + 1);
  });
}

/// Whether `value` is a conversion of other tensors' elements (an extf to
/// f64, an index cast) read in place: recomputing it in each consumer reads
/// the input where the converted buffer would have been read, and saves
/// making that buffer (reading the input once more and writing it). For a
/// widening conversion that is fewer bytes however many consumers; for a
/// narrowing one (truncf) as long as they are at most three. Torch-MLIR's
/// norms widen their input to f64 for the variance and read it twice; made
/// a buffer of its own, that is twice the input's size written and read.
bool isInPlaceConversion(Value value) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || !generic.hasPureTensorSemantics() || generic.getNumReductionLoops() != 0 ||
      generic.getNumDpsInits() != 1)
    return false;
  for (OpOperand *input : generic.getDpsInputOperands())
    if (!generic.getMatchingIndexingMap(input).isPermutation())
      return false;
  Block *body = generic.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  if (!llvm::hasSingleElement(body->without_terminator()))
    return false;
  Operation &convert = body->front();
  return isa<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::UIToFPOp,
             arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp>(convert) &&
         isa<BlockArgument>(convert.getOperand(0)) && yield.getOperand(0) == convert.getResult(0);
}

/// Whether `op` is a contraction or a convolution.
bool isContraction(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && (linalg::isaContractionOpInterface(linalgOp) ||
                      linalg::isaConvolutionOpInterface(linalgOp));
}

/// Whether `op` is an elementwise op computing from a contraction's or a
/// convolution's result, directly or through a few other elementwise ops
/// and reshapes (a linear layer's bias add and activation). Such a chain
/// keeps the contraction's shape, so that it fuses into one op that
/// ks-epilogue-in-place and the GEMM skills' epilogues find there.
bool isContractionEpilogue(Operation *op, unsigned depth = 4) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || generic.getNumReductionLoops() != 0)
    return false;
  return llvm::any_of(generic.getDpsInputs(), [&](Value input) {
    while (isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(input.getDefiningOp()))
      input = input.getDefiningOp()->getOperand(0);
    Operation *producer = input.getDefiningOp();
    return isContraction(producer) || (depth > 0 && isContractionEpilogue(producer, depth - 1));
  });
}

/// Whether `generic`'s payload is ops without memory effects or regions:
/// cloned anywhere, it computes the same.
bool hasPureFlatPayload(linalg::GenericOp generic) {
  return llvm::all_of(generic.getBody()->without_terminator(), [](Operation &op) {
    return isMemoryEffectFree(&op) && op.getNumRegions() == 0;
  });
}

/// Whether `generic` computes each element of its one result from its
/// inputs' elements at that place alone (tensors, all loops parallel, the
/// result indexed by the loops, its initial value unread, a pure payload):
/// its payload can be computed wherever one element is wanted.
bool isElementwiseProducer(linalg::GenericOp generic) {
  return generic.hasPureTensorSemantics() && generic.getNumDpsInits() == 1 &&
         generic.getNumReductionLoops() == 0 &&
         generic.getMatchingIndexingMap(generic.getDpsInitOperand(0)).isIdentity() &&
         !generic.payloadUsesValueFromOperand(generic.getDpsInitOperand(0)) &&
         hasPureFlatPayload(generic);
}

/// Clones `producer`'s payload at the rewriter's insertion point, its block
/// arguments as `mapping` has them and its loop index d as `indexOf(d)`;
/// returns the value it yields.
Value clonePayload(RewriterBase &rewriter, linalg::GenericOp producer, IRMapping &mapping,
                   llvm::function_ref<Value(unsigned)> indexOf) {
  for (Operation &op : producer.getBody()->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(op)) {
      mapping.map(index.getResult(), indexOf(index.getDim()));
      continue;
    }
    rewriter.clone(op, mapping);
  }
  return mapping.lookupOrDefault(producer.getBody()->getTerminator()->getOperand(0));
}

/// Computes an input read from a generic with no inputs of its own (an
/// iota: its payload depends on loop indices alone), or a static reshape of
/// one, inside the generic that reads it, from that generic's indices through the operand's map, and
/// leaves the operand unused (canonicalization then drops it). Upstream's
/// fusion refuses the last such input of a reduction that alone covers a
/// parallel loop (its check counts inputs, not the output): a scan's
/// triangular mask keeps the iota of the output's position otherwise. Into
/// reductions only, as computedFromIndices.
struct InlineIndexOnlyInput : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The generic computing `value` from indices alone, through static
  /// reshapes; `map` (the consumer's loops to `value`'s indices) becomes the
  /// consumer's loops to the producer's indices.
  static linalg::GenericOp indexOnlyProducer(Value value, AffineMap &map, unsigned depth = 0) {
    Operation *def = value.getDefiningOp();
    if (!def || depth > 4)
      return {};
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(def)) {
      // A source index is its group's indices linearized.
      auto type = expand.getResultType();
      if (!type.hasStaticShape())
        return {};
      SmallVector<AffineExpr> source;
      for (const ReassociationIndices &group : expand.getReassociationIndices()) {
        AffineExpr linear = getAffineConstantExpr(0, map.getContext());
        for (int64_t d : group)
          linear = linear * type.getDimSize(d) + map.getResult(d);
        source.push_back(linear);
      }
      map = AffineMap::get(map.getNumDims(), 0, source, map.getContext());
      return indexOnlyProducer(expand.getSrc(), map, depth + 1);
    }
    if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(def)) {
      // A source index is its collapsed index delinearized.
      auto type = collapse.getSrcType();
      if (!type.hasStaticShape())
        return {};
      SmallVector<AffineExpr> source(type.getRank());
      for (auto [i, group] : llvm::enumerate(collapse.getReassociationIndices())) {
        int64_t inner = 1;
        for (int64_t d : llvm::reverse(group)) {
          source[d] = map.getResult(i).floorDiv(inner) % type.getDimSize(d);
          inner *= type.getDimSize(d);
        }
      }
      map = AffineMap::get(map.getNumDims(), 0, source, map.getContext());
      return indexOnlyProducer(collapse.getSrc(), map, depth + 1);
    }
    auto producer = dyn_cast<linalg::GenericOp>(def);
    if (!producer || producer.getNumDpsInputs() != 0 || !isElementwiseProducer(producer))
      return {};
    return producer;
  }

  LogicalResult matchAndRewrite(linalg::GenericOp consumer,
                                PatternRewriter &rewriter) const override {
    // Into reductions only, as for computedFromIndices.
    if (!consumer.hasPureTensorSemantics() || consumer.getNumReductionLoops() == 0)
      return failure();
    for (OpOperand *input : consumer.getDpsInputOperands()) {
      AffineMap map = consumer.getMatchingIndexingMap(input);
      linalg::GenericOp producer = indexOnlyProducer(input->get(), map);
      BlockArgument arg = consumer.getMatchingBlockArgument(input);
      if (!producer || arg.use_empty())
        continue;
      Block *body = consumer.getBody();
      rewriter.setInsertionPointToStart(body);
      Location loc = producer.getLoc();
      // The consumer's loop indices, and the producer's as functions of them.
      SmallVector<OpFoldResult> indices;
      for (unsigned d = 0, e = consumer.getNumLoops(); d < e; ++d)
        indices.push_back(linalg::IndexOp::create(rewriter, loc, d).getResult());
      IRMapping mapping;
      Value value = clonePayload(rewriter, producer, mapping, [&](unsigned d) {
        OpFoldResult at =
            affine::makeComposedFoldedAffineApply(rewriter, loc, map.getSubMap({d}), indices);
        return getValueOrCreateConstantIndexOp(rewriter, loc, at);
      });
      rewriter.modifyOpInPlace(consumer, [&] { arg.replaceAllUsesWith(value); });
      return success();
    }
    return failure();
  }
};

/// Computes an element read by index (tensor.extract) from an elementwise
/// generic at that index instead: its inputs' elements are read there and
/// its payload applied. A gather of a few elements then no longer needs
/// the whole tensor: cross-entropy picks one log-probability a row out of
/// the log-softmax, which otherwise is written whole (16384 x 1000) for
/// 16384 reads. Only for reads inside a reduction, and where that computes
/// no more elements than the producer has (the extract runs at most that
/// often): elementwise consumers would then take in, by upstream fusion,
/// whatever computed the producer's inputs (group norm's per-group
/// statistics, recomputed for every element). The producer stays where
/// it has other users.
struct ExtractFromElementwise : OpRewritePattern<tensor::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractOp extract,
                                PatternRewriter &rewriter) const override {
    auto producer = extract.getTensor().getDefiningOp<linalg::GenericOp>();
    if (!producer || !isElementwiseProducer(producer))
      return failure();
    auto reader = extract->getParentOfType<linalg::LinalgOp>();
    if (!reader || reader.getNumReductionLoops() == 0)
      return failure();
    int64_t reads = 1;
    for (Operation *in = extract->getParentOp(); in; in = in->getParentOp())
      if (auto loops = dyn_cast<linalg::LinalgOp>(in))
        for (int64_t range : loops.getStaticLoopRanges())
          reads = ShapedType::isDynamic(range) || ShapedType::isDynamic(reads)
                      ? ShapedType::kDynamic
                      : reads * range;
    auto type = cast<RankedTensorType>(extract.getTensor().getType());
    if (ShapedType::isDynamic(reads) || !type.hasStaticShape() || reads > type.getNumElements())
      return failure();
    Location loc = extract.getLoc();
    ValueRange at = extract.getIndices();
    IRMapping mapping;
    for (OpOperand *input : producer.getDpsInputOperands()) {
      BlockArgument arg = producer.getMatchingBlockArgument(input);
      if (arg.use_empty())
        continue;
      AffineMap map = producer.getMatchingIndexingMap(input);
      Value element = input->get();
      if (isa<RankedTensorType>(element.getType())) {
        SmallVector<Value> indices;
        for (AffineExpr expr : map.getResults()) {
          OpFoldResult i = affine::makeComposedFoldedAffineApply(
              rewriter, loc, AffineMap::get(map.getNumDims(), 0, expr),
              getAsOpFoldResult(at));
          indices.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, i));
        }
        element = tensor::ExtractOp::create(rewriter, loc, element, indices);
      }
      mapping.map(arg, element);
    }
    Value result = clonePayload(rewriter, producer, mapping, [&](unsigned d) { return at[d]; });
    rewriter.replaceOp(extract, result);
    return success();
  }
};

/// Whether a `type` operand is small beside a `result` it is broadcast to
/// (static, 64 times fewer elements at most): read again by each reader of
/// a recomputed producer, it stays in cache.
bool isSmallBroadcast(RankedTensorType type, RankedTensorType result) {
  return type && type.hasStaticShape() && result.hasStaticShape() &&
         type.getNumElements() * 64 <= result.getNumElements();
}

/// Whether `value` is an elementwise generic's result read only by
/// reductions, each through a permutation of its loops, whose inputs are
/// read through permutations or broadcasts of fewer elements: computed in
/// each reduction, it costs them a read of its inputs where they would read
/// it, and saves writing it. KL divergence's exp(x - max) feeds both the
/// softmax's sum and the divergence's: 64 MB written and read twice, where
/// reading x twice does.
bool isRecomputedInReductions(Value value) {
  auto producer = value.getDefiningOp<linalg::GenericOp>();
  if (!producer || !producer.hasPureTensorSemantics() || producer.getNumReductionLoops() != 0 ||
      producer.getNumDpsInits() != 1 || value.hasOneUse() ||
      producer.payloadUsesValueFromOperand(producer.getDpsInitOperand(0)))
    return false;
  auto resultType = cast<RankedTensorType>(value.getType());
  if (!resultType.hasStaticShape())
    return false;
  for (OpOperand *input : producer.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    AffineMap map = producer.getMatchingIndexingMap(input);
    if (type && !map.isPermutation() && !isSmallBroadcast(type, resultType))
      return false;
  }
  if (!hasPureFlatPayload(producer))
    return false;
  return llvm::all_of(value.getUses(), [](OpOperand &use) {
    auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
    return consumer && consumer.getNumReductionLoops() != 0 && consumer.isDpsInput(&use) &&
           consumer.getMatchingIndexingMap(&use).isPermutation();
  });
}

/// An elementwise op computing one input's elements by a few arithmetic
/// ops (no math functions), read by several generics, each through a
/// permutation of its loops, directly or through one reshape: computed in
/// each reader instead, it costs a multiply or two there and saves writing
/// its result and reading it back. A transformer's scores divided by
/// sqrt(head_dim) feed the softmax's max and its exp(x - max), each
/// through a reshape: 64 MB written and read for one division an element.
/// (Upstream's fusion takes neither: the producer has several uses and
/// they are reshapes.) Transcendental payloads stay a buffer of their own
/// unless only reductions read them (isRecomputedInReductions).
///
/// The op may also read small broadcasts (a row's maximum, 64 times fewer
/// elements at most), unless what it computes from is a contraction's
/// result (a bias add, the GEMM's epilogue): each reader, read directly,
/// then reads them too. A log-softmax over channels subtracts the maximum
/// once, x - max, and both the sum of exp(x - max) and the result read
/// that difference: written and read back, it was a whole tensor for one
/// subtraction an element.
struct RecomputeCheapProducer : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  static constexpr int64_t kMaxRecomputedOps = 2;

  /// The input whose elements `producer` computes from (identity map, the
  /// result's type), if every other input is a small broadcast.
  static OpOperand *sourceOf(linalg::GenericOp producer) {
    auto resultType = cast<RankedTensorType>(producer->getResult(0).getType());
    OpOperand *source = nullptr;
    for (OpOperand *input : producer.getDpsInputOperands()) {
      if (!source && producer.getMatchingIndexingMap(input).isIdentity() &&
          input->get().getType() == resultType) {
        source = input;
        continue;
      }
      if (!isSmallBroadcast(dyn_cast<RankedTensorType>(input->get().getType()), resultType))
        return nullptr;
    }
    return source;
  }

  /// The source of `producer` (sourceOf) if it is cheap to recompute: a
  /// few arithmetic ops; null otherwise.
  static OpOperand *cheapSource(linalg::GenericOp producer) {
    if (!isElementwiseProducer(producer))
      return nullptr;
    int64_t ops = 0;
    for (Operation &op : producer.getBody()->without_terminator()) {
      if (!isa<arith::ArithDialect>(op.getDialect())) // nor linalg.index
        return nullptr;
      ops += !isa<arith::ConstantOp>(op);
    }
    return ops <= kMaxRecomputedOps ? sourceOf(producer) : nullptr;
  }

  /// Whether `use` is a generic's input read through a permutation.
  static bool isPermutedRead(OpOperand &use) {
    auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
    return consumer && consumer.hasPureTensorSemantics() && consumer.isDpsInput(&use) &&
           consumer.getMatchingIndexingMap(&use).isPermutation();
  }

  LogicalResult matchAndRewrite(linalg::GenericOp producer,
                                PatternRewriter &rewriter) const override {
    // A generic may have no result: one left for its payload's side effects
    // (a cf.assert) once its unused result is dropped.
    if (producer->getNumResults() != 1)
      return failure();
    OpOperand *sourceOperand = cheapSource(producer);
    if (!sourceOperand)
      return failure();
    Value result = producer->getResult(0);
    if (result.hasOneUse() || result.use_empty())
      return failure();
    // The reads: (the reshape in between or null, the generic's operand).
    SmallVector<std::pair<Operation *, OpOperand *>> reads;
    for (OpOperand &use : result.getUses()) {
      Operation *user = use.getOwner();
      if (isPermutedRead(use)) {
        reads.push_back({nullptr, &use});
        continue;
      }
      if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(user) || user->use_empty())
        return failure();
      for (OpOperand &reshaped : user->getResult(0).getUses()) {
        if (!isPermutedRead(reshaped))
          return failure();
        reads.push_back({user, &reshaped});
      }
    }
    SmallVector<OpOperand *> broadcasts;
    for (OpOperand *input : producer.getDpsInputOperands())
      if (input != sourceOperand)
        broadcasts.push_back(input);
    // Readers that take the broadcasts too read the result directly, once.
    // A GEMM's bias add stays its epilogue, where it costs nothing: its
    // readers (a layer norm's row chain) then read one tensor, not two.
    if (!broadcasts.empty()) {
      auto contraction = sourceOperand->get().getDefiningOp<linalg::LinalgOp>();
      if (contraction && contraction.getNumReductionLoops() != 0)
        return failure();
      llvm::SmallPtrSet<Operation *, 4> consumers;
      for (auto [reshape, read] : reads)
        if (reshape || !consumers.insert(read->getOwner()).second)
          return failure();
    }
    Value source = sourceOperand->get();
    BlockArgument producerArg = producer.getMatchingBlockArgument(sourceOperand);
    // The source reshaped as the result was, once per reshape.
    llvm::DenseMap<Operation *, Value> reshapedSource;
    for (auto [reshape, read] : reads) {
      auto consumer = cast<linalg::GenericOp>(read->getOwner());
      unsigned readInput = read->getOperandNumber();
      if (!broadcasts.empty())
        consumer = withBroadcastInputs(rewriter, consumer, consumer.getMatchingIndexingMap(read),
                                       producer, broadcasts);
      OpOperand &readOperand = consumer->getOpOperand(readInput);
      Value from = source;
      if (reshape) {
        Value &cloned = reshapedSource[reshape];
        if (!cloned) {
          rewriter.setInsertionPoint(reshape);
          IRMapping sourceMapping;
          sourceMapping.map(result, source);
          cloned = rewriter.clone(*reshape, sourceMapping)->getResult(0);
        }
        from = cloned;
      }
      BlockArgument arg = consumer.getMatchingBlockArgument(&readOperand);
      rewriter.modifyOpInPlace(consumer, [&] {
        readOperand.set(from);
        // The element's readers so far read the payload's value instead.
        SmallVector<OpOperand *> readers = llvm::map_to_vector(
            arg.getUses(), [](OpOperand &use) { return &use; });
        rewriter.setInsertionPointToStart(consumer.getBody());
        IRMapping mapping;
        mapping.map(producerArg, arg);
        // withBroadcastInputs put the broadcasts' arguments after the
        // consumer's own inputs, in order.
        unsigned first = consumer.getNumDpsInputs() - broadcasts.size();
        for (auto [i, input] : llvm::enumerate(broadcasts))
          mapping.map(producer.getMatchingBlockArgument(input),
                      consumer.getBody()->getArgument(first + i));
        Value value = clonePayload(rewriter, producer, mapping, [](unsigned) -> Value {
          llvm_unreachable("a cheap producer has no linalg.index");
        });
        for (OpOperand *reader : readers)
          reader->set(value);
      });
    }
    return success();
  }

  /// `consumer` rebuilt with `producer`'s `broadcasts` as inputs after its
  /// own, each read through its map in `producer` composed with `read` (the
  /// consumer's map of the producer's result: a permutation).
  static linalg::GenericOp withBroadcastInputs(PatternRewriter &rewriter,
                                               linalg::GenericOp consumer, AffineMap read,
                                               linalg::GenericOp producer,
                                               ArrayRef<OpOperand *> broadcasts) {
    SmallVector<Value> inputs = consumer.getDpsInputs();
    SmallVector<AffineMap> maps;
    for (OpOperand *input : consumer.getDpsInputOperands())
      maps.push_back(consumer.getMatchingIndexingMap(input));
    for (OpOperand *input : broadcasts) {
      inputs.push_back(input->get());
      maps.push_back(producer.getMatchingIndexingMap(input).compose(read));
    }
    for (OpOperand &init : consumer.getDpsInitsMutable())
      maps.push_back(consumer.getMatchingIndexingMap(&init));
    rewriter.setInsertionPoint(consumer);
    auto rebuilt = linalg::GenericOp::create(
        rewriter, consumer.getLoc(), consumer->getResultTypes(), inputs, consumer.getDpsInits(),
        maps, consumer.getIteratorTypesArray());
    rebuilt->setDiscardableAttrs(consumer->getDiscardableAttrDictionary());
    rewriter.inlineRegionBefore(consumer.getRegion(), rebuilt.getRegion(),
                                rebuilt.getRegion().end());
    Block *body = rebuilt.getBody();
    unsigned at = consumer.getNumDpsInputs();
    for (auto [i, input] : llvm::enumerate(broadcasts))
      body->insertArgument(at + i, producer.getMatchingBlockArgument(input).getType(),
                           consumer.getLoc());
    rewriter.replaceOp(consumer, rebuilt->getResults());
    return rebuilt;
  }
};

/// Whether `op` is a pooling: convolution-shaped (windows of the input
/// slid over the output's loops), its "filter" only giving the window's
/// shape, on tensors, one result.
bool isPooling(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0 || op->getNumRegions() != 1 ||
      !linalg::isaConvolutionOpInterface(op) ||
      op.payloadUsesValueFromOperand(op.getDpsInputOperand(1)))
    return false;
  return llvm::all_of(op.getBlock()->without_terminator(), [](Operation &op) {
    return isMemoryEffectFree(&op) && op.getNumRegions() == 0;
  });
}

/// A generic with `op`'s payload and iterators over `inputs` and `init`
/// through `maps`.
linalg::GenericOp cloneAsGeneric(RewriterBase &rewriter, linalg::LinalgOp op,
                                 ValueRange inputs, Value init, ArrayRef<AffineMap> maps) {
  auto generic = linalg::GenericOp::create(rewriter, op.getLoc(), TypeRange{init.getType()},
                                           inputs, ValueRange{init}, maps,
                                           op.getIteratorTypesArray());
  rewriter.cloneRegionBefore(op->getRegion(0), generic.getRegion(),
                             generic.getRegion().begin());
  return generic;
}

/// `map` composed with a transpose (its result's dimension i is its input's
/// permutation[i]): where `map` indexes the transpose's result, the map
/// indexing its input; with `inverse`, where `map` indexes the input, the
/// map indexing the result.
AffineMap throughTranspose(AffineMap map, ArrayRef<int64_t> permutation, bool inverse) {
  SmallVector<AffineExpr> results(map.getNumResults());
  for (auto [i, p] : llvm::enumerate(permutation)) {
    if (inverse)
      results[i] = map.getResult(p);
    else
      results[p] = map.getResult(i);
  }
  return AffineMap::get(map.getNumDims(), 0, results, map.getContext());
}

/// A pooling reading a transposed input (Torch-MLIR lowers 3-d pooling, and
/// channels-last variants, as transpose to NDHWC, pooling_ndhwc_*) reads the
/// transpose's input in place instead, through the composed map: the
/// transpose, a kernel writing and reading back the whole input, goes.
struct PoolThroughInputTranspose : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op, PatternRewriter &rewriter) const override {
    if (!isPooling(op))
      return failure();
    OpOperand *image = op.getDpsInputOperand(0);
    auto transpose = image->get().getDefiningOp<linalg::TransposeOp>();
    if (!transpose)
      return failure();
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    maps[0] = throughTranspose(maps[0], transpose.getPermutation(), /*inverse=*/false);
    rewriter.setInsertionPoint(op);
    linalg::GenericOp generic =
        cloneAsGeneric(rewriter, op, {transpose.getInput(), op.getDpsInputs()[1]},
                       op.getDpsInits()[0], maps);
    rewriter.replaceOp(op, generic->getResults());
    return success();
  }
};

/// A pooling whose only reader is a transpose (back to NCDHW after a
/// channels-last pooling) writes the transposed layout itself, its loops
/// reordered so the output's dimensions are its leading loops in order (the
/// layout the pooling skills tile); its initializer, a fill, fills the
/// transposed buffer. The transpose kernel goes, and an elementwise op
/// after it (an average's division) reads the pooling's output in place.
struct PoolIntoOutputTranspose : OpRewritePattern<linalg::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::TransposeOp transpose,
                                PatternRewriter &rewriter) const override {
    auto op = transpose.getInput().getDefiningOp<linalg::LinalgOp>();
    if (!op || !isPooling(op) || !op->hasOneUse())
      return failure();
    auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
    if (!fill)
      return failure();
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    AffineMap output = throughTranspose(maps.back(), transpose.getPermutation(),
                                        /*inverse=*/true);
    if (!output.isProjectedPermutation())
      return failure();
    maps.back() = output;
    rewriter.setInsertionPoint(transpose);
    Value init = linalg::FillOp::create(rewriter, fill.getLoc(), fill.getInputs()[0],
                                        transpose.getInit())
                     .getResult(0);
    linalg::GenericOp generic = cloneAsGeneric(rewriter, op, op.getDpsInputs(), init, maps);
    // The output's dimensions first, in order, then the other loops.
    SmallVector<unsigned> order;
    llvm::SmallBitVector placed(op.getNumLoops());
    for (AffineExpr expr : output.getResults()) {
      unsigned d = cast<AffineDimExpr>(expr).getPosition();
      order.push_back(d);
      placed.set(d);
    }
    for (unsigned d = 0, e = op.getNumLoops(); d < e; ++d)
      if (!placed.test(d))
        order.push_back(d);
    FailureOr<linalg::GenericOp> interchanged =
        linalg::interchangeGenericOp(rewriter, generic, order);
    if (failed(interchanged))
      return failure();
    rewriter.replaceOp(transpose, interchanged->getResults());
    rewriter.eraseOp(op);
    return success();
  }
};

struct FuseElementwise : ks::impl::KSFuseElementwiseBase<FuseElementwise> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    linalg::ControlFusionFn singleUse = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    linalg::ControlFusionFn fuseOnce = [&](OpOperand *fused) {
      return ((singleUse(fused) || isInPlaceConversion(fused->get()) ||
               isRecomputedInReductions(fused->get())) &&
              fusesWithoutRecomputing(fused)) ||
             (intoReduction(fused) && computedFromIndices(fused->get()));
    };
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseOnce);
    patterns.add<InlineIndexOnlyInput, ExtractFromElementwise, RecomputeCheapProducer,
                 PoolIntoOutputTranspose>(context);
    patterns.add<PoolThroughInputTranspose>(context);
    linalg::ControlFusionFn singleUseKeepingEpilogues = [&](OpOperand *fused) {
      return singleUse(fused) && !isContraction(fused->getOwner()) &&
             !isContractionEpilogue(fused->get().getDefiningOp()) &&
             !isContractionEpilogue(fused->getOwner());
    };
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, singleUseKeepingEpilogues);
    // An elementwise op reading an epilogue through an expand_shape takes
    // the epilogue's shape instead, so that the two fuse.
    linalg::ControlFusionFn intoEpilogueShape = [](OpOperand *fused) {
      auto expand = fused->get().getDefiningOp<tensor::ExpandShapeOp>();
      auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
      return expand && consumer && consumer.getNumReductionLoops() == 0 &&
             (isContraction(expand.getSrc().getDefiningOp()) ||
              isContractionEpilogue(expand.getSrc().getDefiningOp()));
    };
    linalg::populateFoldReshapeOpsByCollapsingPatterns(patterns, intoEpilogueShape);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, singleUse);
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
