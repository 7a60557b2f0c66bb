//===- ScanKernel.cpp - A row scan replaced by a kernel written as text ---===//
//
// The match of a scan written as a reduction over a triangular mask, and
// its replacement by a kernel instantiated from text (ScanKernel.h).
//
//===----------------------------------------------------------------------===//

#include "ScanKernel.h"

#include "ks/Transforms/Utils/KernelInit.h"
#include "ks/Transforms/Utils/LoopIndex.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;

namespace {

/// What the payload of a scan reduction is made of: the combining op, its
/// identity, and the ops (in payload order) that compute the scanned value
/// from the inputs' elements (none where it is an input's element itself).
struct ScanPayload {
  StringRef combine; // "arith.addf" or "arith.mulf"
  double identity;
  Value scanned;
  SmallVector<Operation *> prologue;
};

/// Whether `cond` is j <= k for loops k and j.
bool isUpToK(Value cond, unsigned k, unsigned j) {
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return false;
  Value l = cmp.getLhs(), r = cmp.getRhs();
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::sge:
  case arith::CmpIPredicate::uge:
    return ks::indexedLoop(l) == k && ks::indexedLoop(r) == j;
  case arith::CmpIPredicate::sle:
  case arith::CmpIPredicate::ule:
    return ks::indexedLoop(l) == j && ks::indexedLoop(r) == k;
  default:
    return false;
  }
}

/// Whether `map` reads an operand of type `type` where the output is
/// written, with k read at j: its results are the output's (`outDims`, the
/// loop of each output dim) in order, k replaced by j, with zeros on unit
/// dims anywhere but last. Sets `groups`, the operand's dims (a unit dim
/// with the dim before it) gathered as the kernel views it: [rows, length]
/// or, with `inner` dims, [rows, length, inner], a group empty where the
/// output has no dim there.
bool readsAtOutput(AffineMap map, MemRefType type, ArrayRef<unsigned> outDims, unsigned kPos,
                   unsigned j, bool inner, SmallVectorImpl<ReassociationIndices> &groups) {
  groups.assign(inner ? 3 : 2, {});
  unsigned next = 0;
  for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
    bool last = pos + 1 == map.getNumResults();
    // The group of the output dim read last (rows before any).
    unsigned group = next == 0 ? 0 : next - 1 < kPos ? 0 : next - 1 == kPos ? 1 : 2;
    if (auto c = dyn_cast<AffineConstantExpr>(expr)) {
      if (c.getValue() != 0 || type.getDimSize(pos) != 1 || last)
        return false;
      groups[group].push_back(pos);
      continue;
    }
    auto d = dyn_cast<AffineDimExpr>(expr);
    if (!d || next >= outDims.size() || d.getPosition() != (next == kPos ? j : outDims[next]))
      return false;
    ++next;
    groups[next - 1 < kPos ? 0 : next - 1 == kPos ? 1 : 2].push_back(pos);
  }
  return next == outDims.size();
}

/// A 2-d slice of a row-major buffer whose rows the kernel reads or writes
/// as a buffer's own (an exclusive scan's x[:, :-1] read, its result's
/// columns 1.. written in place by a concatenation): unit stride along the
/// row, static strides and offset; `aligned`, rows and start 16-byte
/// aligned, as the vector loads of an input need.
bool isRowSlice(MemRefType type, bool aligned) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (type.getRank() != 2 || failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) || llvm::any_of(strides, ShapedType::isDynamic))
    return false;
  int64_t perVector = 16 / std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  return strides[1] == 1 && strides[0] >= type.getDimSize(1) &&
         (!aligned || (strides[0] % perVector == 0 && offset % perVector == 0));
}

/// Where a scan's loops are: the output's loop of each of its dims
/// (`outDims`), the scanned loop k (the output's dim kPos) and the
/// reduction loop j.
struct ScanLoops {
  SmallVector<unsigned> outDims;
  unsigned k = 0, kPos = 0, j = 0;
  SmallVector<int64_t> ranges;
};

/// Why `op` is not a scan this kernel computes, or the empty string; sets
/// the payload, the scan's loops, and the rows, length, inner extent and
/// element type of the scan.
std::string unmetCondition(linalg::GenericOp op, ScanPayload &payload, ScanLoops &at,
                           ks::scan::ScanShape &shape) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1)
    return "the target is not a linalg.generic on buffers with one output";
  unsigned loops = op.getNumLoops();
  if (loops < 2 || op.getNumReductionLoops() != 1)
    return "the target has not exactly one reduction loop";
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  at.j = llvm::find(iterators, utils::IteratorType::reduction) - iterators.begin();
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  // The output: each parallel loop once, as a plain dim.
  llvm::SmallBitVector seen(loops);
  for (AffineExpr expr : outMap.getResults()) {
    auto d = dyn_cast<AffineDimExpr>(expr);
    if (!d || d.getPosition() == at.j || seen.test(d.getPosition()))
      return "the output is not indexed by the parallel loops, each once";
    seen.set(d.getPosition());
    at.outDims.push_back(d.getPosition());
  }
  if (at.outDims.size() != loops - 1)
    return "the output is not indexed by the parallel loops, each once";

  // yield combine(select(j <= k, v, identity), acc), v computed from the
  // inputs' elements alone.
  Block *body = op.getBody();
  Value yielded = body->getTerminator()->getOperand(0);
  Operation *combine = yielded.getDefiningOp();
  if (!combine || !isa<arith::AddFOp, arith::MulFOp>(combine))
    return "the payload does not yield a sum or a product";
  BlockArgument acc = op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  Value other;
  if (combine->getOperand(0) == acc)
    other = combine->getOperand(1);
  else if (combine->getOperand(1) == acc)
    other = combine->getOperand(0);
  else
    return "the payload does not combine the output's running value";
  auto select = other.getDefiningOp<arith::SelectOp>();
  std::optional<unsigned> kPos;
  for (auto [pos, d] : llvm::enumerate(at.outDims))
    if (select && isUpToK(select.getCondition(), d, at.j))
      kPos = pos;
  if (!kPos)
    return "the payload does not select the scanned value where j <= k";
  at.kPos = *kPos;
  at.k = at.outDims[at.kPos];
  at.ranges = op.getStaticLoopRanges();
  shape.rows = 1;
  shape.inner = 1;
  for (auto [pos, d] : llvm::enumerate(at.outDims))
    if (pos != at.kPos)
      (pos < at.kPos ? shape.rows : shape.inner) *= at.ranges[d];
  shape.length = at.ranges[at.k];
  if (at.ranges[at.j] != shape.length)
    return "the reduction loop does not run over the scanned loop's range";

  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !type.hasStaticShape() || type.getMemorySpace() ||
        !(type.getLayout().isIdentity() ||
          (shape.inner == 1 && isRowSlice(type, /*aligned=*/op.isDpsInput(&operand)))))
      return "an operand is not a static row-major buffer (or a 2-d slice of one, read with "
             "aligned rows)";
  }
  // Every input read where the output is written, k read at j.
  SmallVector<ReassociationIndices> groups;
  for (OpOperand *input : op.getDpsInputOperands())
    if (!op.getMatchingBlockArgument(input).use_empty() &&
        !readsAtOutput(op.getMatchingIndexingMap(input),
                       cast<MemRefType>(input->get().getType()), at.outDims, at.kPos, at.j,
                       shape.inner > 1, groups))
      return "an input is not indexed by the rows and the reduction loop";
  auto outType = cast<MemRefType>(op.getDpsInitOperand(0)->get().getType());
  shape.elem = outType.getElementType();
  if (!shape.elem.isF32() && !shape.elem.isF64())
    return "the elements are not f32 or f64";

  payload.combine = isa<arith::AddFOp>(combine) ? "arith.addf" : "arith.mulf";
  payload.identity = isa<arith::AddFOp>(combine) ? 0.0 : 1.0;
  FloatAttr identity;
  if (!matchPattern(select.getFalseValue(), m_Constant(&identity)) ||
      identity.getValueAsDouble() != payload.identity)
    return "the value selected where j > k is not the identity of the combining op";
  payload.scanned = select.getTrueValue();
  // The ops computing the scanned value: pure, of the inputs' elements and
  // values from outside the payload, not of loop indices or the output.
  llvm::SmallPtrSet<Operation *, 8> prologue;
  SmallVector<Value> work{payload.scanned};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == body && arg == acc)
        return "the scanned value depends on the output's running value";
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != body || prologue.contains(def))
      continue;
    // Loop indices other than k's, and reads of buffers other than the
    // output (a gather's: a flipped input) are as good as inputs.
    auto index = dyn_cast<linalg::IndexOp>(def);
    auto read = dyn_cast<memref::LoadOp>(def);
    bool pure = isMemoryEffectFree(def) && !def->getNumRegions() && !index;
    if ((index && index.getDim() == at.k) ||
        (read && ks::rootOf(read.getMemRef()) ==
                     ks::rootOf(op.getDpsInitOperand(0)->get())) ||
        (!pure && !index && !read))
      return "the scanned value is not computed from the inputs, the rows and j alone";
    prologue.insert(def);
    llvm::append_range(work, def->getOperands());
  }
  for (Operation &inner : body->without_terminator()) {
    if (prologue.contains(&inner)) {
      payload.prologue.push_back(&inner);
      continue;
    }
    if (&inner != combine && &inner != select.getOperation() &&
        !isa<arith::CmpIOp, arith::IndexCastOp, linalg::IndexOp, affine::AffineApplyOp,
             arith::ConstantOp>(inner))
      return "the payload computes more than the masked fold of a value of the inputs";
  }
  if (payload.scanned.getType() != shape.elem)
    return "the scanned value and the output element types differ";
  return "";
}


/// The output's dims gathered as the kernel views them (readsAtOutput's
/// groups of the output itself).
SmallVector<ReassociationIndices> outputGroups(const ScanLoops &at, bool inner) {
  SmallVector<ReassociationIndices> groups(inner ? 3 : 2);
  for (unsigned pos = 0; pos < at.outDims.size(); ++pos)
    groups[pos < at.kPos ? 0 : pos == at.kPos ? 1 : 2].push_back(pos);
  return groups;
}

/// A view of `value` (static, row-major) as [rows, length] or [rows,
/// length, inner]: each of `groups` collapsed into one dim, a leading unit
/// dim added where there are no rows.
Value asScanView(OpBuilder &b, Location loc, Value value,
                 ArrayRef<ReassociationIndices> groups) {
  auto type = cast<MemRefType>(value.getType());
  SmallVector<ReassociationIndices> present;
  for (const ReassociationIndices &group : groups)
    if (!group.empty())
      present.push_back(group);
  if (static_cast<int64_t>(present.size()) != type.getRank())
    value = memref::CollapseShapeOp::create(b, loc, value, present);
  if (!groups.front().empty())
    return value;
  auto collapsed = cast<MemRefType>(value.getType());
  SmallVector<int64_t> shape{1};
  llvm::append_range(shape, collapsed.getShape());
  SmallVector<ReassociationIndices> expand{{0, 1}};
  for (int64_t d = 2; d <= collapsed.getRank(); ++d)
    expand.push_back({d});
  return memref::ExpandShapeOp::create(b, loc, shape, value, expand);
}

/// Replaces the uses of the kernel's marked load of the first read input at
/// [row, col] (or [row, col, in]) by the scanned value: the payload's
/// prologue computed on the inputs' elements there, its loop indices the
/// kernel's (j the column, the others the row or the inner place
/// delinearized by the output's dims).
void computeScanned(RewriterBase &rewriter, linalg::GenericOp op, const ScanPayload &payload,
                    const ScanLoops &at, ArrayRef<Value> inputs, Value first,
                    memref::LoadOp load) {
  load->removeAttr("ks.scanned");
  SmallVector<OpOperand *> loadUses =
      llvm::map_to_vector(load->getUses(), [](OpOperand &use) { return &use; });
  rewriter.setInsertionPointAfter(load);
  IRMapping payloadMap;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    BlockArgument arg = op.getMatchingBlockArgument(op.getDpsInputOperand(i));
    if (arg.use_empty())
      continue;
    payloadMap.map(arg, input == first ? load.getResult()
                                       : memref::LoadOp::create(rewriter, load.getLoc(), input,
                                                                load.getIndices())
                                             .getResult());
  }
  Value row = load.getIndices()[0], col = load.getIndices()[1];
  Value in = load.getIndices().size() > 2 ? load.getIndices()[2] : Value();
  unsigned outRank = at.outDims.size();
  for (Operation *inner : payload.prologue) {
    auto index = dyn_cast<linalg::IndexOp>(inner);
    if (!index) {
      rewriter.clone(*inner, payloadMap);
      continue;
    }
    Value place = col;
    if (index.getDim() != at.j) {
      // The output dim of the loop, delinearized from the rows before k or
      // from the inner place after it.
      unsigned pos = llvm::find(at.outDims, index.getDim()) - at.outDims.begin();
      unsigned end = pos < at.kPos ? at.kPos : outRank;
      int64_t stride = 1;
      for (unsigned p = pos + 1; p < end; ++p)
        stride *= at.ranges[at.outDims[p]];
      Location loc = index.getLoc();
      Value divided = arith::DivUIOp::create(
          rewriter, loc, pos < at.kPos ? row : in,
          arith::ConstantIndexOp::create(rewriter, loc, stride));
      place = arith::RemUIOp::create(
          rewriter, loc, divided,
          arith::ConstantIndexOp::create(rewriter, loc, at.ranges[index.getDim()]));
    }
    payloadMap.map(index.getResult(), place);
  }
  Value scanned = payloadMap.lookupOrDefault(payload.scanned);
  for (OpOperand *use : loadUses)
    rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(scanned); });
}


/// The op right after a scan that only copies the scan's output, reversed
/// along the rows, into a buffer of its own (a reverse cumsum's last flip:
/// out[rows, j] = scanned[rows, N - 1 - j]), where nothing else reads the
/// scan's output: the kernel can store each element where the copy would.
struct FlippedCopy {
  linalg::GenericOp copy;
  Value into;
};

std::optional<FlippedCopy> findFlippedCopy(linalg::GenericOp scan, Operation *init,
                                           int64_t length) {
  Value output = scan.getDpsInits()[0];
  auto alloc = output.getDefiningOp<memref::AllocOp>();
  auto copy = dyn_cast_or_null<linalg::GenericOp>(scan->getNextNode());
  if (!alloc || !copy || !copy.hasPureBufferSemantics() || copy.getNumDpsInits() != 1 ||
      copy.getNumReductionLoops() != 0 ||
      llvm::any_of(copy.getDpsInputOperands(),
                   [&](OpOperand *in) { return copy.payloadUsesValueFromOperand(in); }))
    return std::nullopt;
  // Nothing else uses the scan's output but its fill and deallocation.
  for (Operation *user : alloc->getUsers())
    if (user != scan && user != init && !copy->isAncestor(user) &&
        !isa<memref::DeallocOp>(user))
      return std::nullopt;
  Value into = copy.getDpsInits()[0];
  auto intoType = cast<MemRefType>(into.getType());
  if (intoType != output.getType() || !copy.getMatchingIndexingMap(copy.getDpsInitOperand(0))
                                           .isIdentity())
    return std::nullopt;
  // `into` exists before the scan (the kernel that takes the copy's place
  // runs there).
  if (Operation *def = into.getDefiningOp())
    if (def->getBlock() != scan->getBlock() || !def->isBeforeInBlock(scan))
      return std::nullopt;
  // The payload: yield load(output)[i0, ..., N - 1 - i_last].
  Block *body = copy.getBody();
  auto load = body->getTerminator()->getOperand(0).getDefiningOp<memref::LoadOp>();
  if (!load || load.getMemRef() != output)
    return std::nullopt;
  unsigned last = copy.getNumLoops() - 1;
  for (auto [d, index] : llvm::enumerate(load.getIndices())) {
    Value at = index;
    if (d == last) {
      auto sub = index.getDefiningOp<arith::SubIOp>();
      if (!sub || getConstantIntValue(sub.getLhs()) != length - 1)
        return std::nullopt;
      at = sub.getRhs();
    }
    auto loop = at.getDefiningOp<linalg::IndexOp>();
    if (!loop || loop.getDim() != d)
      return std::nullopt;
  }
  for (Operation &inner : body->without_terminator())
    if (&inner != load && !isa<linalg::IndexOp, arith::SubIOp, arith::ConstantOp>(inner))
      return std::nullopt;
  return FlippedCopy{copy, into};
}

/// The kernel's stores of its output (marked `ks.scan_output`, at [row,
/// column]) unmarked, and with `flip` moved to column length - 1 - column.
void placeOutputStores(RewriterBase &rewriter, gpu::LaunchOp launch, int64_t length, bool flip) {
  SmallVector<memref::StoreOp> stores;
  launch.walk([&](memref::StoreOp store) {
    if (store->hasAttr("ks.scan_output"))
      stores.push_back(store);
  });
  for (memref::StoreOp store : stores) {
    rewriter.modifyOpInPlace(store, [&] { store->removeAttr("ks.scan_output"); });
    if (!flip)
      continue;
    rewriter.setInsertionPoint(store);
    Location loc = store.getLoc();
    Value col = store.getIndices()[1];
    Value back = arith::SubIOp::create(
        rewriter, loc, arith::ConstantIndexOp::create(rewriter, loc, length - 1), col);
    rewriter.modifyOpInPlace(store, [&] { store.getIndicesMutable()[1].assign(back); });
  }
}

/// Why a kernel along `axis` does not take `shape`, or the empty string.
std::string axisUnmet(const ks::scan::ScanShape &shape, ks::scan::ScanAxis axis) {
  if (axis == ks::scan::ScanAxis::Columns)
    return shape.inner > 1 ? ""
                           : "the scan runs along the innermost dim: a row scan's "
                             "(transform.ks.scan_rows_thread, scan_rows_warp, scan_rows) to take";
  if (shape.inner == 1)
    return "";
  return llvm::formatv("the scan runs along a dim other than the innermost ({0} elements "
                       "after it a step): transform.ks.scan_columns scans it in place",
                       shape.inner)
      .str();
}

} // namespace

DiagnosedSilenceableFailure
ks::scan::replaceScans(transform::TransformOpInterface transformOp, RewriterBase &rewriter,
                       transform::TransformState &state, transform::TransformResults &results,
                       Value targets, OpResult launchResult, ScanAxis axis,
                       function_ref<std::string(const ScanShape &)> paramsUnmet,
                       function_ref<std::string(const ScanShape &)> kernelText) {
  SmallVector<Operation *> launches;
  for (Operation *target : llvm::to_vector(state.getPayloadOps(targets))) {
    auto op = dyn_cast<linalg::GenericOp>(target);
    if (!op)
      return transformOp.emitDefiniteFailure()
             << "expects linalg.generic ops, got " << target->getName();
    ScanPayload payload;
    ScanLoops at;
    ScanShape shape;
    std::string unmet = unmetCondition(op, payload, at, shape);
    if (unmet.empty()) {
      llvm::raw_string_ostream(shape.elemName) << shape.elem;
      shape.combine = payload.combine.str();
      shape.identity = payload.identity == 0.0 ? "0.0" : "1.0";
      unmet = axisUnmet(shape, axis);
      if (unmet.empty())
        unmet = paramsUnmet(shape);
    }
    if (!unmet.empty())
      return transformOp.emitDefiniteFailure() << "cannot build a scan kernel: " << unmet;
    std::string text = kernelText(shape);
    // The kernel writes every output: the output's fill with the identity
    // (the reduction's initial value) is not needed.
    Operation *init = ks::findFillInit(op, payload.identity);
    if (!init)
      return transformOp.emitDefiniteFailure()
             << "cannot build a scan kernel: the output is not filled with the identity of the "
                "combining op just before the scan";
    ParserConfig config(op.getContext());
    OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(text, config, "ks-scan-kernel");
    if (!parsed)
      return transformOp.emitDefiniteFailure()
             << "internal error: the scan kernel's text does not parse";
    auto scan = parsed->lookupSymbol<func::FuncOp>("scan");
    rewriter.setInsertionPoint(op);
    // The inputs the payload reads, as [rows, length] or [rows, length,
    // inner] (an unused one, such as an iota kept for its loop's size, may
    // have another shape).
    bool inner = shape.inner > 1;
    SmallVector<Value> inputs;
    for (OpOperand *input : op.getDpsInputOperands()) {
      SmallVector<ReassociationIndices> groups;
      if (op.getMatchingBlockArgument(input).use_empty() ||
          !readsAtOutput(op.getMatchingIndexingMap(input),
                         cast<MemRefType>(input->get().getType()), at.outDims, at.kPos, at.j,
                         inner, groups)) {
        inputs.push_back(Value());
        continue;
      }
      inputs.push_back(asScanView(rewriter, op.getLoc(), input->get(), groups));
    }
    // A reverse scan's last flip is done by the kernel's stores.
    std::optional<FlippedCopy> flipped;
    if (!inner)
      flipped = findFlippedCopy(op, init, shape.length);
    Value output = asScanView(rewriter, op.getLoc(),
                              flipped ? flipped->into : op.getDpsInits()[0],
                              outputGroups(at, inner));
    IRMapping map;
    // Without inputs (the scanned value read by the payload itself), the
    // kernel's load is left unused (and removed).
    Value first = output;
    for (Value input : inputs)
      if (input) {
        first = input;
        break;
      }
    map.map(scan.getArgument(0), first);
    map.map(scan.getArgument(1), output);
    gpu::LaunchOp launch;
    for (Operation &inner : scan.getBody().front().without_terminator()) {
      Operation *copy = rewriter.clone(inner, map);
      if (auto l = dyn_cast<gpu::LaunchOp>(copy))
        launch = l;
    }
    launches.push_back(launch);
    // Each scanned element: the input's, or the payload's prologue on the
    // inputs' elements at the same place.
    SmallVector<memref::LoadOp> loads;
    launch.walk([&](memref::LoadOp l) {
      if (l->hasAttr("ks.scanned"))
        loads.push_back(l);
    });
    for (memref::LoadOp load : loads)
      computeScanned(rewriter, op, payload, at, inputs, first, load);
    rewriter.eraseOp(op);
    ks::eraseFolded(rewriter, init);
    placeOutputStores(rewriter, launch, shape.length, flipped.has_value());
    if (flipped)
      ks::eraseFolded(rewriter, flipped->copy.getOperation());
  }
  results.set(launchResult, launches);
  return DiagnosedSilenceableFailure::success();
}

std::string ks::scan::KernelTextWriter::c(int64_t v) {
  std::string name = "%k" + std::to_string(v);
  if (constants.insert(v).second)
    constantsText += llvm::formatv("    {0} = arith.constant {1} : index\n", name, v).str();
  return name;
}

std::string ks::scan::KernelTextWriter::c32(int64_t v) {
  std::string name = "%q" + std::to_string(v);
  if (constants32.insert(v).second)
    constantsText += llvm::formatv("    {0} = arith.constant {1} : i32\n", name, v).str();
  return name;
}

std::string ks::scan::unmetWarpMultiple(StringRef name, int64_t count) {
  if (count < 32 || count > 1024 || count % 32)
    return llvm::formatv("{0} = {1} is not a multiple of 32 up to 1024", name, count).str();
  return "";
}

void ks::scan::KernelTextWriter::beginLaunch(StringRef argType, StringRef gridName,
                                             int64_t blocks, int64_t threads) {
  line("func.func @scan(%x: {0}, %y: {0}) {{", argType);
  line("  %c1 = arith.constant 1 : index");
  line("  {0} = arith.constant {1} : index", gridName, blocks);
  line("  %threads = arith.constant {0} : index", threads);
  line("  gpu.launch blocks(%bx, %by, %bz) in (%sx = {0}, %sy = %c1, %sz = %c1)", gridName);
  line("             threads(%tx, %ty, %tz) in (%nx = %threads, %ny = %c1, %nz = %c1) {");
  line("    %c0 = arith.constant 0 : index");
  line("    CONSTANTS");
}

std::string ks::scan::KernelTextWriter::endLaunch() {
  line("    gpu.terminator");
  line("  }");
  line("  return");
  line("}");
  StringRef marker = "    CONSTANTS\n";
  size_t at = out.find(marker);
  out.replace(at, marker.size(), constantsText);
  return out;
}

void ks::scan::KernelTextWriter::loadOrIdentity(StringRef value, StringRef inside,
                                                StringRef loaded, StringRef indices,
                                                StringRef argType) {
  line("      {0} = scf.if {1} -> ({2}) {{", value, inside, s.elemName);
  line("        {0} = memref.load %x[{1}] {{ks.scanned} : {2}", loaded, indices, argType);
  line("        scf.yield {0} : {1}", loaded, s.elemName);
  line("      } else {");
  line("        scf.yield %identity : {0}", s.elemName);
  line("      }");
}

std::string ks::scan::KernelTextWriter::combineInOrder(StringRef name, int64_t count,
                                                       std::string acc) {
  for (int64_t u = 0; u < count; ++u) {
    line("      %{0}_a{1} = {2} %{0}_v{1}, {3} : {4}", name, u, s.combine, acc, s.elemName);
    acc = llvm::formatv("%{0}_a{1}", name, u).str();
  }
  return acc;
}
