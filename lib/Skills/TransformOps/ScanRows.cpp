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

#include "ks/Skills/TransformOps/TransformOps.h"

#include "KernelTemplate.h"
#include "ScanKernel.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {

/// The kernel for Y[rows, length] = scan of X[rows, length]: a block a
/// row, a segment of the row at a time in shared memory, the next segment's
/// loads in flight while one is scanned. Slots: perThread = segment /
/// threads (a thread's elements of a segment), end = length rounded up to
/// segments, inChunk = chunk - 1, pairsPerThread = segment / 2 / threads.
/// kernelText expands the LOADS(base, name), STORES() and CHAIN() lines.
constexpr const char *kKernel = R"mlir(
!buf = memref<{segment}x{elem}, #gpu.address_space<workgroup>>
!regs = vector<{perThread}x{elem}>
func.func @scan(%x: memref<{rows}x{length}x{elem}>, %y: memref<{rows}x{length}x{elem}>) {{
  %c1 = arith.constant 1 : index
  %rows = arith.constant {rows} : index
  %threads = arith.constant {threads} : index
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %rows, %sy = %c1, %sz = %c1)
             threads(%tx, %ty, %tz) in (%nx = %threads, %ny = %c1, %nz = %c1) {{
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : index
    %n = arith.constant {length} : index
    %end = arith.constant {end} : index
    %segment = arith.constant {segment} : index
    %per_thread = arith.constant {perThread} : index
    %pairs_per_thread = arith.constant {pairsPerThread} : index
    %chunk = arith.constant {chunk} : index
    %levels = arith.constant {logChunk} : index
    %in_chunk = arith.constant {inChunk} : index
    %step = arith.constant {threads} : index
    %c31 = arith.constant 31 : i32
    %identity = arith.constant {identity} : {elem}
    %buf = memref.alloc() : !buf
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    // A thread's elements of a segment are i * threads + tx: coalesced, and
    // all of them loaded at once (the identity past the row's end, as
    // PyTorch pads it).
    LOADS(%c0, first)
    // %total: the running total of the row's chunks so far (thread 0's).
    %last:2 = scf.for %base = %c0 to %end step %segment iter_args(%total = %identity, %held = %first) -> ({elem}, !regs) {{
      STORES()
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
            %r = {combine} %a, %b : {elem}
            memref.store %r, %buf[%target] : !buf
          }
        }
        gpu.barrier
      }
      // Thread 0 carries the total through each chunk: its first element,
      // then positions 1, 3, 7, ..., chunk - 1 (each the partial prefix of
      // its upper half combined with the position before); a chunk's
      // log2(chunk) + 1 values are all loaded before the chain starts.
      %next_total = scf.if %thread0 -> ({elem}) {{
        %t = scf.for %c = %c0 to %segment step %chunk iter_args(%o_in = %total) -> ({elem}) {{
          CHAIN()
        }
        scf.yield %t : {elem}
      } else {{
        scf.yield %total : {elem}
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
          %r = scf.if %carried -> ({elem}) {{
            scf.yield %v : {elem}
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
            %rr = {combine} %v, %pv : {elem}
            scf.yield %rr : {elem}
          }
          memref.store %r, %y[%bx, %col] {{ks.scan_output} : memref<{rows}x{length}x{elem}>
        }
      }
      // The next segment overwrites the buffer.
      gpu.barrier
      scf.yield %next_total, %next : {elem}, !regs
    }
    gpu.terminator
  }
  return
}
)mlir";

/// One element of LOADS: the thread's element `i` of the segment at
/// `base`, `offset` its place in the segment less tx, named after `name`.
/// The first input's load is marked for the payload's prologue.
constexpr const char *kLoad = R"mlir(
    %{name}_at{i} = arith.constant {offset} : index
    %{name}_e{i} = arith.addi %{name}_at{i}, %tx : index
    %{name}_col{i} = arith.addi {base}, %{name}_e{i} : index
    %{name}_in{i} = arith.cmpi ult, %{name}_col{i}, %n : index
    %{name}_v{i} = scf.if %{name}_in{i} -> ({elem}) {{
      %{name}_l{i} = memref.load %x[%bx, %{name}_col{i}] {{ks.scanned} : memref<{rows}x{length}x{elem}>
      scf.yield %{name}_l{i} : {elem}
    } else {{
      scf.yield %identity : {elem}
    })mlir";

/// One element of STORES: the held element `i` into the segment buffer at
/// `offset` + tx, from a constant place of the vector (registers, not a
/// dynamically indexed array).
constexpr const char *kStore = R"mlir(
      %sat{i} = arith.constant {offset} : index
      %se{i} = arith.addi %sat{i}, %tx : index
      %sv{i} = vector.extract %held[{i}] : {elem} from !regs
      memref.store %sv{i}, %buf[%se{i}] : !buf)mlir";

/// The chain through one chunk at %c from %o_in: the chunk's positions
/// 2^l - 1, l = 0..logChunk, all loaded, then combined in order and stored.
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
  std::string text = ks::fillSlots(
      kKernel, {{"rows", rows},
                {"length", length},
                {"elem", elem},
                {"combine", combine},
                {"identity", identity},
                {"chunk", chunk},
                {"logChunk", logChunk},
                {"segment", segment},
                {"threads", threads},
                {"end", llvm::divideCeil(length, segment) * segment},
                {"perThread", perThread},
                {"inChunk", chunk - 1},
                {"pairsPerThread", segment / 2 / threads}});
  ks::expandLineMacro(text, "CHAIN", [&](ArrayRef<StringRef>, int) {
    return chainText(combine, elem, logChunk);
  });
  ks::expandLineMacro(text, "STORES", [&](ArrayRef<StringRef>, int) {
    std::string stores;
    for (int64_t i = 0; i < perThread; ++i)
      stores += ks::fillSlots(kStore, {{"i", i}, {"offset", i * threads}, {"elem", elem}});
    return stores;
  });
  // Each LOADS(base, name): the thread's elements of the segment at base,
  // as the vector %name.
  ks::expandLineMacro(text, "LOADS", [&](ArrayRef<StringRef> args, int) {
    StringRef base = args[0], name = args[1];
    std::string loads, elements;
    for (int64_t i = 0; i < perThread; ++i) {
      loads += ks::fillSlots(kLoad, {{"base", base},
                                     {"name", name},
                                     {"i", i},
                                     {"offset", i * threads},
                                     {"elem", elem},
                                     {"rows", rows},
                                     {"length", length}});
      elements += (i ? ", %" : "%") + name.str() + "_v" + std::to_string(i);
    }
    loads += llvm::formatv("\n    %{0} = vector.from_elements {1} : !regs", name, elements).str();
    return loads;
  });
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
  std::string unmet = ks::scan::unmetWarpMultiple("threads", threads);
  if (!unmet.empty())
    return unmet;
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
      *this, rewriter, state, results, ks::scan::ScanAxis::Rows,
      [&](const ks::scan::ScanShape &shape) {
        return paramsUnmet(chunk, segment, threads, shape.elem);
      },
      [&](const ks::scan::ScanShape &shape) {
        return kernelText(shape.rows, shape.length, shape.elemName, shape.combine,
                          shape.identity, chunk, segment, threads);
      });
}
