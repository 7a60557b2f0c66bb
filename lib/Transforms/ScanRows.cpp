//===- ScanRows.cpp - transform.ks.scan_rows --------------------------------===//
//
// A scan written as a reduction over a triangular mask (what the PyTorch
// frontend makes of cumsum and cumprod: linalg has no scan) becomes a scan
// kernel. The seed folds every output's whole prefix, n^2 / 2 operations a
// row; the kernel walks each row once. Its association is that of PyTorch's
// CUDA scan along the innermost dim: chunks of `chunk` elements, each a
// Sklansky scan whose first element takes the running total of the chunks
// before it. Only log2(chunk) + 1 operations a chunk depend on that total
// (the chunk's first element and its 2^i - 1 positions), so the kernel
// computes everything else for all chunks in parallel and leaves one thread
// the short chain. Like the other GPU kernels that have a fixed structure,
// it is written as MLIR text, instantiated with the sizes and spliced in.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/LoopIndex.h"
#include "ks/Transforms/TransformOps.h"

#include "KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {

/// The kernel for Y[R, N] = scan of X[R, N]: a block a row, a segment of
/// the row at a time in shared memory, the next segment's loads in flight
/// while one is scanned. Placeholders: {0} R, {1} N, {2} the element type,
/// {3} the combining op, {4} its identity, {5} chunk, {6} log2(chunk), {7}
/// segment, {8} threads, {9} N rounded up to segments, {10} segment /
/// threads (P, a thread's elements of a segment), {11} chunk - 1, {12}
/// segment / 2 / threads. LOADS(base, name), STORES and CHAIN lines are
/// expanded by kernelText.
constexpr const char *kKernel = R"mlir(
!buf = memref<{7}x{2}, #gpu.address_space<workgroup>>
!regs = vector<{10}x{2}>
func.func @scan(%x: memref<{0}x{1}x{2}>, %y: memref<{0}x{1}x{2}>) {{
  %c1 = arith.constant 1 : index
  %rows = arith.constant {0} : index
  %threads = arith.constant {8} : index
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %rows, %sy = %c1, %sz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %threads, %ny = %c1, %nz = %c1) {{
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : index
    %n = arith.constant {1} : index
    %end = arith.constant {9} : index
    %segment = arith.constant {7} : index
    %per_thread = arith.constant {10} : index
    %pairs_per_thread = arith.constant {12} : index
    %chunk = arith.constant {5} : index
    %levels = arith.constant {6} : index
    %in_chunk = arith.constant {11} : index
    %step = arith.constant {8} : index
    %c31 = arith.constant 31 : i32
    %identity = arith.constant {4} : {2}
    %buf = memref.alloc() : !buf
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    // A thread's elements of a segment are i * threads + tx: coalesced, and
    // all of them loaded at once (the identity past the row's end, as
    // PyTorch pads it).
    LOADS(%c0, first)
    // %total: the running total of the row's chunks so far (thread 0's).
    %last:2 = scf.for %base = %c0 to %end step %segment iter_args(%total = %identity, %held = %first) -> ({2}, !regs) {{
STORES
      gpu.barrier
      // The next segment's loads fly while this one is scanned.
      %next_base = arith.addi %base, %segment : index
      LOADS(%next_base, next)
      // Sklansky level s = 2^level: the upper half of every 2s block takes
      // the last element of its lower half, except in the block at a
      // chunk's start, whose lower half waits for the running total.
      scf.for %level = %c0 to %levels step %one {{
        %s = arith.shli %one, %level : index
        %low_mask = arith.subi %s, %one : index
        scf.for %i = %c0 to %pairs_per_thread step %one {{
          %it = arith.muli %i, %step : index
          %u = arith.addi %it, %tx : index
          %g = arith.shrui %u, %level : index
          %within = arith.andi %u, %low_mask : index
          %gs = arith.shli %g, %level : index
          %block = arith.shli %gs, %one : index
          %offset = arith.andi %block, %in_chunk : index
          %not_first = arith.cmpi ne, %offset, %c0 : index
          scf.if %not_first {{
            %low_last = arith.addi %block, %low_mask : index
            %high = arith.addi %block, %s : index
            %target = arith.addi %high, %within : index
            %a = memref.load %buf[%target] : !buf
            %b = memref.load %buf[%low_last] : !buf
            %r = {3} %a, %b : {2}
            memref.store %r, %buf[%target] : !buf
          }
        }
        gpu.barrier
      }
      // Thread 0 carries the total through each chunk: its first element,
      // then positions 1, 3, 7, ..., chunk - 1 (each the partial prefix of
      // its upper half combined with the position before); a chunk's
      // log2(chunk) + 1 values are all loaded before the chain starts.
      %next_total = scf.if %thread0 -> ({2}) {{
        %t = scf.for %c = %c0 to %segment step %chunk iter_args(%o_in = %total) -> ({2}) {{
CHAIN
        }
        scf.yield %t : {2}
      } else {{
        scf.yield %total : {2}
      }
      gpu.barrier
      // Every other element i of a chunk: its partial prefix combined with
      // position 2^floor(log2 i) - 1, final after the chain.
      scf.for %o = %c0 to %per_thread step %one {{
        %ot = arith.muli %o, %step : index
        %e = arith.addi %ot, %tx : index
        %col = arith.addi %base, %e : index
        %inside = arith.cmpi ult, %col, %n : index
        scf.if %inside {{
          %i = arith.andi %e, %in_chunk : index
          %v = memref.load %buf[%e] : !buf
          %i_next = arith.addi %i, %one : index
          %i_and = arith.andi %i, %i_next : index
          %carried = arith.cmpi eq, %i_and, %c0 : index
          %r = scf.if %carried -> ({2}) {{
            scf.yield %v : {2}
          } else {{
            %i32 = arith.index_cast %i : index to i32
            %zeros = math.ctlz %i32 : i32
            %high = arith.subi %c31, %zeros : i32
            %high_index = arith.index_cast %high : i32 to index
            %p = arith.shli %one, %high_index : index
            %p_last = arith.subi %p, %one : index
            %chunk_at = arith.subi %e, %i : index
            %before = arith.addi %chunk_at, %p_last : index
            %pv = memref.load %buf[%before] : !buf
            %rr = {3} %v, %pv : {2}
            scf.yield %rr : {2}
          }
          memref.store %r, %y[%bx, %col] : memref<{0}x{1}x{2}>
        }
      }
      // The next segment overwrites the buffer.
      gpu.barrier
      scf.yield %next_total, %next : {2}, !regs
    }
    gpu.terminator
  }
  return
}
)mlir";

/// One element of LOADS: {0} the segment's base, {1} the name, {2} the
/// element's place among the thread's, {3} its offset in the segment less
/// tx, {4} the element type, {5} R, {6} N. The first input's load is marked
/// for the payload's prologue.
constexpr const char *kLoad = R"mlir(
    %{1}_at{2} = arith.constant {3} : index
    %{1}_e{2} = arith.addi %{1}_at{2}, %tx : index
    %{1}_col{2} = arith.addi {0}, %{1}_e{2} : index
    %{1}_in{2} = arith.cmpi ult, %{1}_col{2}, %n : index
    %{1}_v{2} = scf.if %{1}_in{2} -> ({4}) {{
      %{1}_l{2} = memref.load %x[%bx, %{1}_col{2}] {{ks.scanned} : memref<{5}x{6}x{4}>
      scf.yield %{1}_l{2} : {4}
    } else {{
      scf.yield %identity : {4}
    })mlir";

/// The chain through one chunk at %c from %o_in to %o_out: {0} the
/// combining op, {1} the element type; POSITIONS are the chunk's 2^i - 1.
std::string chainText(StringRef combine, StringRef elem, int64_t logChunk) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (int64_t l = 0; l <= logChunk; ++l) {
    int64_t pos = (int64_t(1) << l) - 1;
    os << llvm::formatv("          %cp{0} = arith.constant {1} : index\n"
                        "          %at{0} = arith.addi %c, %cp{0} : index\n"
                        "          %q{0} = memref.load %buf[%at{0}] : !buf\n",
                        l, pos);
  }
  for (int64_t l = 0; l <= logChunk; ++l)
    os << llvm::formatv("          %o{0} = {1} %q{0}, {2} : {3}\n", l, combine,
                        l == 0 ? std::string("%o_in") : "%o" + std::to_string(l - 1), elem);
  for (int64_t l = 0; l <= logChunk; ++l)
    os << llvm::formatv("          memref.store %o{0}, %buf[%at{0}] : !buf\n", l);
  os << llvm::formatv("          scf.yield %o{0} : {1}", logChunk, elem);
  return text;
}

/// The kernel's text for these sizes.
std::string kernelText(int64_t rows, int64_t length, StringRef elem, StringRef combine,
                       StringRef identity, int64_t chunk, int64_t segment, int64_t threads) {
  int64_t perThread = segment / threads, logChunk = llvm::Log2_64(chunk);
  std::string text =
      llvm::formatv(kKernel, rows, length, elem, combine, identity, chunk, logChunk, segment,
                    threads, llvm::divideCeil(length, segment) * segment, perThread, chunk - 1,
                    segment / 2 / threads)
          .str();
  auto replaceLine = [&](StringRef line, const std::string &with) {
    size_t at = text.find(line.str());
    size_t end = text.find('\n', at);
    text.replace(at, end - at, with);
  };
  replaceLine("CHAIN", chainText(combine, elem, logChunk));
  // The held elements into the segment buffer, each at a constant place of
  // the vector (registers, not a dynamically indexed array).
  std::string stores;
  for (int64_t i = 0; i < perThread; ++i)
    stores += llvm::formatv("      %sat{0} = arith.constant {1} : index\n"
                            "      %se{0} = arith.addi %sat{0}, %tx : index\n"
                            "      %sv{0} = vector.extract %held[{0}] : {2} from !regs\n"
                            "      memref.store %sv{0}, %buf[%se{0}] : !buf\n",
                            i, i * threads, elem)
                  .str();
  stores.pop_back();
  replaceLine("STORES", stores);
  // Each LOADS(base, name): the thread's elements of the segment at base,
  // as the vector %name.
  for (size_t at; (at = text.find("    LOADS(")) != std::string::npos;) {
    size_t open = at + 10, close = text.find(')', open);
    SmallVector<StringRef, 2> args;
    StringRef(text).slice(open, close).split(args, ", ");
    std::string base = args[0].trim().str(), name = args[1].trim().str();
    std::string loads, elements;
    for (int64_t i = 0; i < perThread; ++i) {
      loads += llvm::formatv(kLoad, base, name, i, i * threads, elem, rows, length).str();
      elements += (i ? ", %" : "%") + name + "_v" + std::to_string(i);
    }
    loads += llvm::formatv("\n    %{0} = vector.from_elements {1} : !regs", name, elements).str();
    text.replace(at, close + 1 - at, loads.substr(1));
  }
  return text;
}

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

/// Whether `map` reads an operand of type `type` at [rows..., j]: the row
/// loops (those before k) in order, unit dims as zeros, then j.
bool readsRowAndJ(AffineMap map, MemRefType type, unsigned k, unsigned j) {
  unsigned nextRow = 0;
  for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
    bool last = pos + 1 == map.getNumResults();
    if (auto c = dyn_cast<AffineConstantExpr>(expr)) {
      if (c.getValue() != 0 || type.getDimSize(pos) != 1 || last)
        return false;
      continue;
    }
    auto d = dyn_cast<AffineDimExpr>(expr);
    if (!d || d.getPosition() != (last ? j : nextRow))
      return false;
    if (!last && ++nextRow > k)
      return false;
  }
  return nextRow == k;
}

/// Why `op` is not a scan this kernel computes, or the empty string; sets
/// the payload, and the rows and length of the scan.
std::string unmetCondition(linalg::GenericOp op, ScanPayload &payload, int64_t &rows,
                           int64_t &length, Type &elem) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1)
    return "the target is not a linalg.generic on buffers with one output";
  unsigned loops = op.getNumLoops();
  if (loops < 2 || op.getNumReductionLoops() != 1 ||
      op.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return "the target's last loop is not its one reduction loop";
  unsigned k = loops - 2, j = loops - 1;
  for (Value v : op->getOperands()) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
        type.getMemorySpace())
      return "an operand is not a static row-major buffer";
  }
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (outMap.getNumResults() != loops - 1)
    return "the output is not indexed by the loops before the reduction, in order";
  for (unsigned d = 0; d + 1 < loops; ++d)
    if (outMap.getResult(d) != getAffineDimExpr(d, op.getContext()))
      return "the output is not indexed by the loops before the reduction, in order";
  // Every input X[rows..., j]: the row loops in order (unit dims as
  // constants), then j.
  for (OpOperand *input : op.getDpsInputOperands())
    if (!op.getMatchingBlockArgument(input).use_empty() &&
        !readsRowAndJ(op.getMatchingIndexingMap(input),
                      cast<MemRefType>(input->get().getType()), k, j))
      return "an input is not indexed by the rows and the reduction loop";
  auto outType = cast<MemRefType>(op.getDpsInitOperand(0)->get().getType());
  elem = outType.getElementType();
  if (!elem.isF32() && !elem.isF64())
    return "the elements are not f32 or f64";
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  rows = 1;
  for (unsigned d = 0; d < k; ++d)
    rows *= ranges[d];
  length = ranges[k];
  if (ranges[j] != length)
    return "the reduction loop does not run over the scanned loop's range";

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
  if (!select || !isUpToK(select.getCondition(), k, j))
    return "the payload does not select the scanned value where j <= k";
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
    if ((index && index.getDim() == k) ||
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
        !isa<arith::CmpIOp, arith::IndexCastOp, linalg::IndexOp, arith::ConstantOp>(inner))
      return "the payload computes more than the masked fold of a value of the inputs";
  }
  if (payload.scanned.getType() != elem)
    return "the scanned value and the output element types differ";
  return "";
}

std::string paramsUnmet(int64_t chunk, int64_t segment, int64_t threads, Type elem) {
  if (chunk < 2 || !llvm::isPowerOf2_64(chunk))
    return llvm::formatv("chunk = {0} is not a power of two of at least 2", chunk).str();
  if (segment < chunk || segment % chunk)
    return llvm::formatv("segment = {0} is not a multiple of chunk = {1}", segment, chunk).str();
  int64_t bytes = segment * elem.getIntOrFloatBitWidth() / 8;
  if (bytes > 48 * 1024)
    return llvm::formatv("a segment of {0} elements ({1} bytes) does not fit in 48 KB of "
                         "shared memory",
                         segment, bytes)
        .str();
  if (threads < 32 || threads > 1024 || threads % 32)
    return llvm::formatv("threads = {0} is not a multiple of 32 up to 1024", threads).str();
  if (segment % (2 * threads))
    return llvm::formatv("segment = {0} is not a multiple of twice threads = {1}", segment,
                         threads)
        .str();
  return "";
}

/// A view of `value` (static, row-major) as [rows, length]: unit dims and
/// the row dims collapsed, or a leading unit dim added to a lone row.
Value asRows(OpBuilder &b, Location loc, Value value) {
  auto type = cast<MemRefType>(value.getType());
  int64_t rank = type.getRank();
  if (rank == 1)
    return memref::ExpandShapeOp::create(b, loc, SmallVector<int64_t>{1, type.getDimSize(0)},
                                         value, SmallVector<ReassociationIndices>{{0, 1}});
  if (rank == 2)
    return value;
  ReassociationIndices rowDims;
  for (int64_t d = 0; d + 1 < rank; ++d)
    rowDims.push_back(d);
  return memref::CollapseShapeOp::create(b, loc, value,
                                         SmallVector<ReassociationIndices>{rowDims, {rank - 1}});
}

/// Replaces the uses of the kernel's marked load of the first read input at
/// [row, col] by the scanned value: the payload's prologue computed on the
/// inputs' elements there, its loop indices the kernel's (j the column, the
/// rows the block's row delinearized).
void computeScanned(RewriterBase &rewriter, linalg::GenericOp op, const ScanPayload &payload,
                    ArrayRef<Value> inputs, Value first, memref::LoadOp load) {
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
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  unsigned k = op.getNumLoops() - 2;
  for (Operation *inner : payload.prologue) {
    auto index = dyn_cast<linalg::IndexOp>(inner);
    if (!index) {
      rewriter.clone(*inner, payloadMap);
      continue;
    }
    Value at = col;
    if (index.getDim() < k) {
      int64_t stride = 1;
      for (unsigned d = index.getDim() + 1; d < k; ++d)
        stride *= ranges[d];
      Location loc = index.getLoc();
      Value divided = arith::DivUIOp::create(
          rewriter, loc, row, arith::ConstantIndexOp::create(rewriter, loc, stride));
      at = arith::RemUIOp::create(
          rewriter, loc, divided,
          arith::ConstantIndexOp::create(rewriter, loc, ranges[index.getDim()]));
    }
    payloadMap.map(index.getResult(), at);
  }
  Value scanned = payloadMap.lookupOrDefault(payload.scanned);
  for (OpOperand *use : loadUses)
    rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(scanned); });
}

} // namespace

DiagnosedSilenceableFailure transform::KSScanRowsOp::apply(transform::TransformRewriter &rewriter,
                                                           transform::TransformResults &results,
                                                           transform::TransformState &state) {
  SmallVector<Operation *> launches;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto op = dyn_cast<linalg::GenericOp>(target);
    if (!op)
      return emitDefiniteFailure() << "expects linalg.generic ops, got " << target->getName();
    ScanPayload payload;
    int64_t rows, length;
    Type elem;
    std::string unmet = unmetCondition(op, payload, rows, length, elem);
    if (unmet.empty())
      unmet = paramsUnmet(getChunk(), getSegment(), getThreads(), elem);
    if (!unmet.empty())
      return emitDefiniteFailure() << "cannot build a scan kernel: " << unmet;
    int64_t chunk = getChunk(), segment = getSegment(), threads = getThreads();
    std::string elemName;
    llvm::raw_string_ostream(elemName) << elem;
    std::string identity = payload.identity == 0.0 ? "0.0" : "1.0";
    std::string text = kernelText(rows, length, elemName, payload.combine, identity, chunk,
                                  segment, threads);
    // The kernel writes every output: the output's fill with the identity
    // (the reduction's initial value) is not needed.
    Operation *init = ks::findFillInit(op, payload.identity);
    if (!init)
      return emitDefiniteFailure()
             << "cannot build a scan kernel: the output is not filled with the identity of the "
                "combining op just before the scan";
    ParserConfig config(getContext());
    OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(text, config, "ks-scan-kernel");
    if (!parsed)
      return emitDefiniteFailure() << "internal error: the scan kernel's text does not parse";
    auto scan = parsed->lookupSymbol<func::FuncOp>("scan");
    rewriter.setInsertionPoint(op);
    // The inputs the payload reads, as [rows, length] (an unused one, such as
    // an iota kept for its loop's size, may have another shape).
    SmallVector<Value> inputs;
    for (OpOperand *input : op.getDpsInputOperands())
      inputs.push_back(op.getMatchingBlockArgument(input).use_empty()
                           ? Value()
                           : asRows(rewriter, op.getLoc(), input->get()));
    Value output = asRows(rewriter, op.getLoc(), op.getDpsInits()[0]);
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
      computeScanned(rewriter, op, payload, inputs, first, load);
    rewriter.eraseOp(op);
    ks::eraseFolded(rewriter, init);
  }
  results.set(cast<OpResult>(getLaunch()), launches);
  return DiagnosedSilenceableFailure::success();
}

void transform::KSScanRowsOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}
