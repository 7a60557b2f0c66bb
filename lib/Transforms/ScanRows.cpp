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

#include "ks/Transforms/TransformOps.h"

#include "ScanKernel.h"

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
          memref.store %r, %y[%bx, %col] {{ks.scan_output} : memref<{0}x{1}x{2}>
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

} // namespace

DiagnosedSilenceableFailure transform::KSScanRowsOp::apply(transform::TransformRewriter &rewriter,
                                                           transform::TransformResults &results,
                                                           transform::TransformState &state) {
  int64_t chunk = getChunk(), segment = getSegment(), threads = getThreads();
  return ks::scan::replaceScans(
      *this, rewriter, state, results, getTarget(), cast<OpResult>(getLaunch()),
      ks::scan::ScanAxis::Rows,
      [&](const ks::scan::ScanShape &shape) {
        return paramsUnmet(chunk, segment, threads, shape.elem);
      },
      [&](const ks::scan::ScanShape &shape) {
        return kernelText(shape.rows, shape.length, shape.elemName, shape.combine,
                          shape.identity, chunk, segment, threads);
      });
}
