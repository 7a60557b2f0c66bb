//===- KernelInit.cpp - Where a kernel's output gets its initial value ----===//

#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace ks {

/// The constant `op` fills all of `buffer` with, if it is such a fill
/// (linalg.fill, or a linalg.map of no inputs yielding it).
static std::optional<double> fillValue(Operation *op, Value buffer) {
  Value value;
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    if (fill.getOutputs()[0] != buffer)
      return std::nullopt;
    value = fill.value();
  } else if (auto map = dyn_cast<linalg::MapOp>(op)) {
    auto yield = cast<linalg::YieldOp>(map.getMapper().front().getTerminator());
    if (!map.getInputs().empty() || map.getInit() != buffer || yield->getNumOperands() != 1)
      return std::nullopt;
    value = yield->getOperand(0);
  } else {
    return std::nullopt;
  }
  FloatAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return attr.getValueAsDouble();
}

bool isFillWith(Operation *op, Value buffer, double value) {
  std::optional<double> filled = fillValue(op, buffer);
  return filled && *filled == value; // -0.0 == 0.0
}

/// The op before `op` that `initializes` says writes `op`'s output (given
/// the output, or a buffer the output is a chain of reshapes of, up to the
/// allocation: each the whole buffer), where nothing between the two reads
/// or writes that buffer; null otherwise.
static Operation *findInit(linalg::LinalgOp op,
                           llvm::function_ref<bool(Operation *, Value)> initializes) {
  Value output = op.getDpsInitOperand(0)->get();
  Value root = rootOf(output);
  SmallVector<Value> wholeViews = reshapeChain(output);
  // A chain that ends at another view (a subview) covers part of the buffer.
  if (wholeViews.back() != root)
    wholeViews = {output};
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (llvm::any_of(wholeViews, [&](Value view) { return initializes(prev, view); }))
      return prev;
    if (mayTouch(prev, root))
      return nullptr;
  }
  return nullptr;
}

Operation *findFillInit(linalg::LinalgOp op, double value) {
  return findInit(op, [&](Operation *prev, Value buffer) {
    return isFillWith(prev, buffer, value);
  });
}

/// `op`'s input and, per dim of it, the dim of `buffer` it indexes, where
/// `op` broadcasts the input over all of `buffer`: a linalg.broadcast, or a
/// linalg.generic of one input and all-parallel loops that yields its input,
/// writes `buffer` through the identity and reads the input along some of
/// its loops in order.
static std::optional<std::pair<Value, SmallVector<int64_t>>> asBroadcastInto(Operation *op,
                                                                           Value buffer) {
  if (auto bcast = dyn_cast<linalg::BroadcastOp>(op)) {
    if (!bcast.hasPureBufferSemantics() || bcast.getInit() != buffer)
      return std::nullopt;
    SmallVector<int64_t> dims;
    for (int64_t d = 0, e = bcast.getInit().getType().getRank(); d < e; ++d)
      if (!llvm::is_contained(bcast.getDimensions(), d))
        dims.push_back(d);
    return std::pair{bcast.getInput(), dims};
  }
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureBufferSemantics() || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || generic.getDpsInitOperand(0)->get() != buffer ||
      generic.getNumParallelLoops() != generic.getNumLoops())
    return std::nullopt;
  OpOperand *input = generic.getDpsInputOperand(0);
  auto yield = cast<linalg::YieldOp>(generic.getBlock()->getTerminator());
  if (yield->getOperand(0) != generic.getMatchingBlockArgument(input) ||
      !generic.getMatchingIndexingMap(generic.getDpsInitOperand(0)).isIdentity())
    return std::nullopt;
  AffineMap map = generic.getMatchingIndexingMap(input);
  if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
    return std::nullopt;
  SmallVector<int64_t> dims;
  for (AffineExpr e : map.getResults()) {
    int64_t d = cast<AffineDimExpr>(e).getPosition();
    if (!dims.empty() && d <= dims.back())
      return std::nullopt; // A transposing copy.
    dims.push_back(d);
  }
  return std::pair{input->get(), dims};
}

/// The op before `op` that last wrote `source`, or null where nothing did.
static Operation *lastWriterBefore(Operation *op, Value source) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode())
    if (mayTouch<MemoryEffects::Write>(prev, source))
      return prev;
  return nullptr;
}

/// What asBroadcastInto says of the op that last wrote all of `source`,
/// when `op` copies all of `source` into `buffer` (a broadcast bias copied
/// into each phase's output, as Torch-MLIR's transposed convolution does).
static std::optional<std::pair<Value, SmallVector<int64_t>>>
asCopiedBroadcastInto(Operation *op, Value buffer) {
  auto copy = dyn_cast<linalg::CopyOp>(op);
  if (!copy || copy.getOutputs()[0] != buffer)
    return std::nullopt;
  Value source = copy.getInputs()[0];
  if (!(isa<BlockArgument>(source) || source.getDefiningOp<memref::AllocOp>()) ||
      source.getType() != buffer.getType())
    return std::nullopt;
  Operation *writer = lastWriterBefore(op, source);
  if (!writer)
    return std::nullopt;
  auto match = asBroadcastInto(writer, source);
  if (!match)
    return std::nullopt;
  // Nothing between writes the bias either.
  for (Operation *between = writer->getNextNode(); between != op;
       between = between->getNextNode())
    if (mayTouch<MemoryEffects::Write>(between, rootOf(match->first)))
      return std::nullopt;
  return match;
}

std::optional<BroadcastInit> findBroadcastInit(linalg::LinalgOp op) {
  // The match of the op findInit stops at: the last one made.
  std::optional<std::pair<Value, SmallVector<int64_t>>> match;
  Value buffer;
  Operation *bcast = findInit(op, [&](Operation *prev, Value view) {
    match = asBroadcastInto(prev, view);
    if (!match)
      match = asCopiedBroadcastInto(prev, view);
    buffer = view;
    return match.has_value();
  });
  if (!bcast)
    return std::nullopt;
  auto [input, inputDims] = *match;
  // Nothing between writes the bias.
  Value inputRoot = rootOf(input);
  for (Operation *between = bcast->getNextNode(); between != op.getOperation();
       between = between->getNextNode())
    if (mayTouch<MemoryEffects::Write>(between, inputRoot))
      return std::nullopt;
  // The output's dim of each of the broadcast's input dims: the output is
  // the broadcast's buffer, or a collapse of it whose merged groups hold
  // broadcast dims only.
  Value output = op.getDpsInitOperand(0)->get();
  int64_t rank = cast<MemRefType>(buffer.getType()).getRank();
  SmallVector<ReassociationIndices> groups;
  auto collapse = output.getDefiningOp<memref::CollapseShapeOp>();
  if (output == buffer)
    for (int64_t d = 0; d < rank; ++d)
      groups.push_back({d});
  else if (collapse && collapse.getSrc() == buffer)
    groups = collapse.getReassociationIndices();
  else
    return std::nullopt;
  BroadcastInit init{bcast, input, {}};
  for (auto [g, dims] : llvm::enumerate(groups))
    for (int64_t d : dims) {
      if (!llvm::is_contained(inputDims, d))
        continue;
      if (dims.size() != 1)
        return std::nullopt;
      init.outputDims.push_back(g);
    }
  return init;
}

void eraseFolded(RewriterBase &rewriter, ArrayRef<Operation *> ops) {
  if (ops.empty())
    return;
  auto module = ops.front()->getParentOfType<ModuleOp>();
  SmallVector<int64_t> folded;
  if (auto old = module->getAttrOfType<DenseI64ArrayAttr>("ks.folded_dispatches"))
    folded.append(old.asArrayRef().begin(), old.asArrayRef().end());
  size_t before = folded.size();
  for (Operation *op : ops) {
    if (auto id = op->getAttrOfType<IntegerAttr>("ks.dispatch"))
      folded.push_back(id.getInt());
    rewriter.eraseOp(op);
  }
  if (folded.size() != before)
    module->setAttr("ks.folded_dispatches", rewriter.getDenseI64ArrayAttr(folded));
}

/// The value of a splat float constant `source` is (a memref.get_global of
/// a constant global), if it is one.
static std::optional<double> splatConstant(Value source) {
  auto get = source.getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return std::nullopt;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(get, get.getNameAttr());
  if (!global || !global.getConstant())
    return std::nullopt;
  auto value = dyn_cast_or_null<DenseFPElementsAttr>(global.getConstantInitValue());
  if (!value || !value.isSplat())
    return std::nullopt;
  return value.getSplatValue<APFloat>().convertToDouble();
}

/// The constant `copy` writes over all of `buffer`, if it copies a whole
/// allocation that holds one: filled with it, and written by nothing else
/// since (a padded buffer that starts as a copy of a zero-filled one, as
/// Torch-MLIR's transposed convolution makes one a phase).
static std::optional<double> copiedFillValue(Operation *op, Value buffer) {
  auto copy = dyn_cast<linalg::CopyOp>(op);
  if (!copy || copy.getOutputs()[0] != buffer)
    return std::nullopt;
  Value source = copy.getInputs()[0];
  if (!source.getDefiningOp<memref::AllocOp>())
    return std::nullopt;
  Operation *writer = lastWriterBefore(op, source);
  return writer ? fillValue(writer, source) : std::nullopt;
}

/// The box a static subview with unit strides covers: offsets and sizes.
static std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
boxOf(memref::SubViewOp view) {
  if (llvm::any_of(view.getStaticStrides(), [](int64_t s) { return s != 1; }) ||
      llvm::any_of(view.getStaticOffsets(), ShapedType::isDynamic) ||
      llvm::any_of(view.getStaticSizes(), ShapedType::isDynamic))
    return std::nullopt;
  return std::make_pair(llvm::to_vector(view.getStaticOffsets()),
                        llvm::to_vector(view.getStaticSizes()));
}

std::optional<PaddedSourceMatch> findPaddedSource(Value buffer, Operation *reader,
                                                  bool anyLayout) {
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc)
    return std::nullopt;
  Operation *fill = nullptr;
  std::optional<double> padValue;
  memref::SubViewOp window;
  // Subviews written by a copy of a splat constant: the padding, in pieces.
  SmallVector<std::pair<linalg::CopyOp, memref::SubViewOp>> pieces;
  for (Operation *user : alloc->getUsers()) {
    if (user == reader || isa<memref::DeallocOp>(user))
      continue;
    if (!fill && pieces.empty() &&
        ((padValue = fillValue(user, buffer)) || (padValue = copiedFillValue(user, buffer)))) {
      fill = user;
      continue;
    }
    auto subview = dyn_cast<memref::SubViewOp>(user);
    if (!subview || !subview->hasOneUse())
      return std::nullopt;
    auto copy = dyn_cast<linalg::CopyOp>(*subview->getUsers().begin());
    if (!copy || copy.getOutputs()[0] != subview.getResult())
      return std::nullopt;
    if (std::optional<double> splat = splatConstant(copy.getInputs()[0])) {
      if ((padValue && *padValue != *splat) || fill)
        return std::nullopt;
      padValue = splat;
      pieces.emplace_back(copy, subview);
      continue;
    }
    if (window)
      return std::nullopt;
    window = subview;
  }
  if ((!fill && pieces.empty()) || !window)
    return std::nullopt;
  auto copy = cast<linalg::CopyOp>(*window->getUsers().begin());
  Value source = copy.getInputs()[0];
  auto sourceType = dyn_cast<MemRefType>(source.getType());
  if (!sourceType || !sourceType.hasStaticShape() ||
      (!anyLayout && !sourceType.getLayout().isIdentity()) ||
      sourceType.getShape() != window.getType().getShape())
    return std::nullopt;
  auto bufferType = cast<MemRefType>(buffer.getType());
  auto windowBox = boxOf(window);
  if (!windowBox || sourceType.getRank() != bufferType.getRank())
    return std::nullopt;
  Block *block = reader->getBlock();
  if (copy->getBlock() != block || !copy->isBeforeInBlock(reader))
    return std::nullopt;
  SmallVector<Operation *> producers = {copy, window};
  if (fill) {
    if (fill->getBlock() != block || !fill->isBeforeInBlock(copy))
      return std::nullopt;
    producers.push_back(fill);
  } else {
    // The pieces and the window: disjoint boxes whose sizes add up to the
    // buffer's, so they cover it exactly once.
    SmallVector<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>> boxes = {*windowBox};
    int64_t covered = window.getType().getNumElements();
    for (auto [pieceCopy, piece] : pieces) {
      auto box = boxOf(piece);
      if (!box || pieceCopy->getBlock() != block || !pieceCopy->isBeforeInBlock(reader))
        return std::nullopt;
      for (const auto &other : boxes) {
        bool apart = false;
        for (int64_t d = 0, e = bufferType.getRank(); d < e; ++d)
          apart |= box->first[d] + box->second[d] <= other.first[d] ||
                   other.first[d] + other.second[d] <= box->first[d];
        if (!apart)
          return std::nullopt;
      }
      boxes.push_back(*box);
      covered += piece.getType().getNumElements();
      producers.append({pieceCopy, piece});
    }
    if (covered != bufferType.getNumElements())
      return std::nullopt;
  }
  // The kernel reads the source when the copy would have been read: nothing
  // between may write to it (or to a view of it), nor have effects unknown.
  Value root = rootOf(source);
  for (Operation *between = copy->getNextNode(); between != reader;
       between = between->getNextNode())
    if (mayTouch<MemoryEffects::Write>(between, root))
      return std::nullopt;
  return PaddedSourceMatch{source, windowBox->first, *padValue, producers};
}

/// Erases the allocation `buffer` when nothing uses it any more but its
/// deallocation and fills, recording the fills' dispatches as folded.
static void eraseIfUnused(RewriterBase &rewriter, Value buffer) {
  SmallVector<Operation *> fills, deallocs;
  for (Operation *user : buffer.getUsers()) {
    if (isa<memref::DeallocOp>(user))
      deallocs.push_back(user);
    else if (fillValue(user, buffer))
      fills.push_back(user);
    else
      return;
  }
  eraseFolded(rewriter, fills);
  for (Operation *dealloc : deallocs)
    rewriter.eraseOp(dealloc);
  rewriter.eraseOp(buffer.getDefiningOp());
}

void eraseFoldedProducers(RewriterBase &rewriter, ArrayRef<Operation *> producers) {
  if (producers.empty())
    return;
  Value buffer = cast<memref::SubViewOp>(producers[1]).getSource();
  // A fill that was a copy of a filled allocation: that allocation may be
  // left with its fill alone.
  Value copiedFrom;
  for (Operation *producer : producers.drop_front(2))
    if (auto copy = dyn_cast<linalg::CopyOp>(producer))
      if (copy.getOutputs()[0] == buffer)
        copiedFrom = copy.getInputs()[0];
  eraseFolded(rewriter, producers);
  eraseIfUnused(rewriter, buffer);
  if (copiedFrom && copiedFrom.getDefiningOp<memref::AllocOp>())
    eraseIfUnused(rewriter, copiedFrom);
}

} // namespace ks

bool ks::mayWriteThrough(Value buffer) {
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
      if (view.getViewSource() != buffer || mayWriteThrough(view->getResult(0)))
        return true;
      continue;
    }
    auto effects = dyn_cast<MemoryEffectOpInterface>(user);
    if (!effects)
      return true;
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffects(list);
    bool reads = false;
    for (const MemoryEffects::EffectInstance &e : list) {
      if (e.getValue() && e.getValue() != buffer)
        continue;
      if (!isa<MemoryEffects::Read>(e.getEffect()))
        return true;
      reads = true;
    }
    if (!reads)
      return true;
  }
  return false;
}
