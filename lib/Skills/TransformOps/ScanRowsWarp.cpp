//===- ScanRowsWarp.cpp - transform.ks.scan_rows_warp -----------------------===//
//
// The scans of transform.ks.scan_rows (PyTorch's association: chunks, each
// a Sklansky scan whose first element takes the running total) with the
// levels in registers instead of shared memory. A warp owns one or more
// consecutive chunks (their levels interleaved, their loads in flight
// together), a lane E = chunk / 32 consecutive elements of each: the levels
// below E are additions between a lane's registers, the five above one
// shuffle each. Shared memory only turns the coalesced loads into
// consecutive elements a lane and back, and holds each chunk's log2(chunk)
// + 1 values for the one thread that carries the running total. The kernel
// is MLIR text, unrolled over a lane's elements by the generator below.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ScanKernel.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {

constexpr int64_t kWarp = 32;

/// Writes the kernel's text. The segment (threads / 32 x chunks_per_warp
/// chunks, a warp's chunks consecutive) is the unit of a block's walk along
/// its row; shared memory holds a segment with one pad element every 32 (a
/// warp's 32 loads and a lane's E elements both hit 32 different banks) and
/// each chunk's spine: its positions 2^h - 1, h = 0..log2(chunk). Values of
/// a warp's k-th chunk carry the suffix _k<k>.
class ScanWarpText : ks::scan::KernelTextWriter {
public:
  ScanWarpText(const ks::scan::ScanShape &shape, int64_t chunk, int64_t threads,
               int64_t chunksPerWarp)
      : KernelTextWriter(shape), chunk(chunk), threads(threads), warps(threads / kWarp),
        perWarp(chunksPerWarp), perLane(chunk / kWarp), logChunk(llvm::Log2_64(chunk)),
        logPerLane(llvm::Log2_64(chunk / kWarp)),
        segment(threads / kWarp * chunksPerWarp * chunk), current(chunksPerWarp) {}

  std::string text() {
    int64_t spineSize = warps * perWarp * (logChunk + 1);
    line("!buf = memref<{0}x{1}, #gpu.address_space<workgroup>>", segment / kWarp * (kWarp + 1),
         s.elemName);
    line("!spine = memref<{0}x{1}, #gpu.address_space<workgroup>>", spineSize, s.elemName);
    line("!regs = vector<{0}x{1}>", perWarp * perLane, s.elemName);
    line("!rows = memref<{0}x{1}x{2}>", s.rows, s.length, s.elemName);
    beginLaunch("!rows", "%rows", s.rows, threads);
    prologue();
    // A lane's elements of the first segment, coalesced; then each segment
    // with the next one's loads in flight.
    loads("%c0", "first");
    line("    %last:2 = scf.for %base = %c0 to %end step %segment iter_args(%total = "
         "%identity, %held = %first) -> ({0}, !regs) {{",
         s.elemName);
    line("      %next_base = arith.addi %base, %segment : index");
    loads("%next_base", "next");
    toConsecutive();
    levels();
    spineOut();
    line("      gpu.barrier");
    chain();
    line("      gpu.barrier");
    finish();
    line("      scf.yield %next_total, %next : {0}, !regs", s.elemName);
    line("    }");
    return endLaunch();
  }

private:
  std::string combine(StringRef lhs, StringRef rhs) {
    return llvm::formatv("{0} {1}, {2} : {3}", s.combine, lhs, rhs, s.elemName).str();
  }

  /// The thread's places: its lane, and per chunk of its warp where the
  /// chunk starts in the segment, where its coalesced and its consecutive
  /// elements sit in the padded buffer, and its spine.
  void prologue() {
    line("    %n = arith.constant {0} : index", s.length);
    line("    %end = arith.constant {0} : index", llvm::divideCeil(s.length, segment) * segment);
    line("    %segment = arith.constant {0} : index", segment);
    line("    %identity = arith.constant {0} : {1}", s.identity, s.elemName);
    line("    %width = arith.constant 32 : i32");
    line("    %c31_i32 = arith.constant 31 : i32");
    line("    %buf = memref.alloc() : !buf");
    line("    %spine = memref.alloc() : !spine");
    line("    %w = arith.divui %tx, {0} : index", c(kWarp));
    line("    %lane = arith.remui %tx, {0} : index", c(kWarp));
    line("    %lane0 = arith.cmpi eq, %lane, %c0 : index");
    line("    %thread0 = arith.cmpi eq, %tx, %c0 : index");
    line("    %first_chunk = arith.muli %w, {0} : index", c(perWarp));
    for (int64_t k = 0; k < perWarp; ++k)
      coalescedPlaces(k);
    // Consecutive: element lane E + e, at lane E + floor(lane E / 32) + e.
    line("    %lane_first = arith.muli %lane, {0} : index", c(perLane));
    line("    %lane_pad = arith.divui %lane_first, {0} : index", c(kWarp));
    line("    %lane_first_pad = arith.addi %lane_first, %lane_pad : index");
    // The position this lane's elements (above lane 0) combine with:
    // 2^(log2 E + floor(log2 lane)) - 1 of its chunk's spine.
    line("    %lane_i32 = arith.index_cast %lane : index to i32");
    line("    %lane_zeros = math.ctlz %lane_i32 : i32");
    line("    %lane_high_i32 = arith.subi %c31_i32, %lane_zeros : i32");
    line("    %lane_high = arith.index_cast %lane_high_i32 : i32 to index");
    line("    %lane_level_above0 = arith.addi %lane_high, {0} : index", c(logPerLane));
    line("    %lane_level = arith.select %lane0, %c0, %lane_level_above0 : index");
    // Lanes 2^j - 1 (j >= 1) hold the spine's positions past lane 0's.
    line("    %lane_next = arith.addi %lane, {0} : index", c(1));
    line("    %lane_and = arith.andi %lane, %lane_next : index");
    line("    %lane_pow = arith.cmpi eq, %lane_and, %c0 : index");
    line("    %lane_not0 = arith.cmpi ne, %lane, %c0 : index");
    line("    %spine_lane = arith.andi %lane_pow, %lane_not0 : i1");
    line("    %lane_next_i32 = arith.index_cast %lane_next : index to i32");
    line("    %lane_next_zeros = math.ctlz %lane_next_i32 : i32");
    line("    %lane_next_high_i32 = arith.subi %c31_i32, %lane_next_zeros : i32");
    line("    %lane_next_high = arith.index_cast %lane_next_high_i32 : i32 to index");
    line("    %spine_level = arith.addi %lane_next_high, {0} : index", c(logPerLane));
    for (int64_t k = 0; k < perWarp; ++k)
      chunkPlaces(k);
    for (int64_t j = 0; j < logChunk - logPerLane; ++j) {
      // Across lanes, level j: lanes with bit j take the last element of
      // lane ((lane >> (j + 1)) << (j + 1)) + 2^j - 1, except in the
      // chunk's first block (lane >> (j + 1) == 0).
      line("    %hi{0} = arith.shrui %lane, {1} : index", j, c(j + 1));
      line("    %hib{0} = arith.shli %hi{0}, {1} : index", j, c(j + 1));
      line("    %from{0} = arith.addi %hib{0}, {1} : index", j, c((int64_t(1) << j) - 1));
      line("    %from{0}_i32 = arith.index_cast %from{0} : index to i32", j);
      line("    %bits{0} = arith.shrui %lane, {1} : index", j, c(j));
      line("    %bit{0} = arith.andi %bits{0}, {1} : index", j, c(1));
      line("    %has{0} = arith.cmpi ne, %bit{0}, %c0 : index", j);
      line("    %later{0} = arith.cmpi ne, %hi{0}, %c0 : index", j);
      line("    %take{0} = arith.andi %has{0}, %later{0} : i1", j);
    }
  }

  /// Where the warp's chunk `k` (chunk w x chunks_per_warp + k of the
  /// segment) starts, and its coalesced places: element 32 e + lane of the
  /// chunk, at 33 e + lane of the chunk's 33 E padded places.
  void coalescedPlaces(int64_t k) {
    line("    %chunk_k{0} = arith.addi %first_chunk, {1} : index", k, c(k));
    line("    %chunk_at_k{0} = arith.muli %chunk_k{0}, {1} : index", k, c(chunk));
    line("    %lane_col_k{0} = arith.addi %chunk_at_k{0}, %lane : index", k);
    line("    %pad_k{0} = arith.muli %chunk_k{0}, {1} : index", k, c(perLane * (kWarp + 1)));
    line("    %coalesced_at_k{0} = arith.addi %pad_k{0}, %lane : index", k);
  }

  /// The rest of chunk `k`'s places: the lane's consecutive elements and
  /// the chunk's spine.
  void chunkPlaces(int64_t k) {
    line("    %consecutive_at_k{0} = arith.addi %pad_k{0}, %lane_first_pad : index", k);
    line("    %spine_at_k{0} = arith.muli %chunk_k{0}, {1} : index", k, c(logChunk + 1));
    line("    %lane_before_k{0} = arith.addi %spine_at_k{0}, %lane_level : index", k);
    line("    %spine_place_k{0} = arith.addi %spine_at_k{0}, %spine_level : index", k);
  }

  /// The row's column of the lane's coalesced element `e` of chunk `k` of
  /// the segment at `base`, named after `name`.
  std::string column(StringRef base, StringRef name, int64_t k, int64_t e) {
    if (e == 0) {
      line("      %{0}_col_k{1}_0 = arith.addi {2}, %lane_col_k{1} : index", name, k, base);
    } else {
      line("      %{0}_col_k{1}_{2} = arith.addi %{0}_col_k{1}_0, {3} : index", name, k, e,
           c(e * kWarp));
    }
    return llvm::formatv("%{0}_col_k{1}_{2}", name, k, e).str();
  }

  /// LOADS: the lane's chunks_per_warp x E elements of the segment at
  /// `base`, coalesced (the identity past the row's end, as PyTorch pads
  /// it), as the vector `name` (chunk k's element e at k E + e).
  void loads(StringRef base, StringRef name) {
    std::string elements;
    for (int64_t k = 0; k < perWarp; ++k)
      for (int64_t e = 0; e < perLane; ++e) {
        std::string col = column(base, name, k, e);
        std::string tag = llvm::formatv("{0}_k{1}_{2}", name, k, e).str();
        line("      %{0}_in = arith.cmpi ult, {1}, %n : index", tag, col);
        loadOrIdentity("%" + tag + "_v", "%" + tag + "_in", "%" + tag + "_l", "%bx, " + col,
                       "!rows");
        elements += (elements.empty() ? "%" : ", %") + tag + "_v";
      }
    line("      %{0} = vector.from_elements {1} : !regs", name, elements);
  }

  /// The held (coalesced) elements through shared memory: current[k][e],
  /// the lane's consecutive elements of chunk k.
  void toConsecutive() {
    for (int64_t k = 0; k < perWarp; ++k)
      for (int64_t e = 0; e < perLane; ++e) {
        line("      %h_k{0}_{1} = vector.extract %held[{2}] : {3} from !regs", k, e,
             k * perLane + e, s.elemName);
        line("      %hp_k{0}_{1} = arith.addi %coalesced_at_k{0}, {2} : index", k, e,
             c(e * (kWarp + 1)));
        line("      memref.store %h_k{0}_{1}, %buf[%hp_k{0}_{1}] : !buf", k, e);
      }
    line("      gpu.barrier");
    for (int64_t k = 0; k < perWarp; ++k)
      for (int64_t e = 0; e < perLane; ++e) {
        line("      %cp_k{0}_{1} = arith.addi %consecutive_at_k{0}, {2} : index", k, e, c(e));
        line("      %a_k{0}_{1}_0 = memref.load %buf[%cp_k{0}_{1}] : !buf", k, e);
        current[k].push_back(llvm::formatv("%a_k{0}_{1}_0", k, e).str());
      }
  }

  /// The Sklansky levels without the running total: within a lane (level l
  /// < log2 E: element e with bit l takes element ((e >> (l + 1)) << (l +
  /// 1)) + 2^l - 1, except lane 0's first block), then across lanes; the
  /// warp's chunks level by level, so that their operations interleave.
  void levels() {
    for (int64_t l = 0; l < logPerLane; ++l)
      for (int64_t k = 0; k < perWarp; ++k)
        for (int64_t e = 0; e < perLane; ++e)
          if ((e >> l) & 1)
            laneLevel(k, e, l);
    for (int64_t j = 0; j < logChunk - logPerLane; ++j) {
      for (int64_t k = 0; k < perWarp; ++k)
        line("      {0}", shuffle(llvm::formatv("%v_k{0}_{1}", k, j).str(),
                                  current[k][perLane - 1],
                                  llvm::formatv("%from{0}_i32", j).str()));
      for (int64_t k = 0; k < perWarp; ++k)
        for (int64_t e = 0; e < perLane; ++e) {
          std::string sum = llvm::formatv("%a_k{0}_{1}_x{2}", k, e, j).str();
          std::string taken = llvm::formatv("%a_k{0}_{1}_t{2}", k, e, j).str();
          line("      {0} = {1}", sum,
               combine(llvm::formatv("%v_k{0}_{1}", k, j).str(), current[k][e]));
          line("      {0} = arith.select %take{1}, {2}, {3} : {4}", taken, j, sum, current[k][e],
               s.elemName);
          current[k][e] = taken;
        }
    }
  }

  /// Level `l` within a lane for chunk `k`'s element `e`.
  void laneLevel(int64_t k, int64_t e, int64_t l) {
    int64_t from = ((e >> (l + 1)) << (l + 1)) + (int64_t(1) << l) - 1;
    std::string sum = llvm::formatv("%a_k{0}_{1}_r{2}", k, e, l).str();
    line("      {0} = {1}", sum, combine(current[k][from], current[k][e]));
    if (e < (int64_t(1) << (l + 1))) {
      std::string kept = llvm::formatv("%a_k{0}_{1}_s{2}", k, e, l).str();
      line("      {0} = arith.select %lane0, {1}, {2} : {3}", kept, current[k][e], sum,
           s.elemName);
      sum = kept;
    }
    current[k][e] = sum;
  }

  /// `result` = `value` of lane `from` (i32). 64-bit values go as two
  /// 32-bit halves (shfl.sync moves 32 bits).
  std::string shuffle(const std::string &result, const std::string &value,
                      const std::string &from) {
    if (s.elemName == "f32")
      return llvm::formatv("{0}, %{1}_ok = gpu.shuffle idx {2}, {3}, %width : f32", result,
                           result.substr(1), value, from)
          .str();
    std::string r = result.substr(1), text;
    text += llvm::formatv("%{0}_bits = arith.bitcast {1} : f64 to i64\n", r, value).str();
    text += llvm::formatv("      %{0}_lo = arith.trunci %{0}_bits : i64 to i32\n", r).str();
    text += llvm::formatv("      %{0}_c32 = arith.constant 32 : i64\n", r).str();
    text += llvm::formatv("      %{0}_sh = arith.shrui %{0}_bits, %{0}_c32 : i64\n", r).str();
    text += llvm::formatv("      %{0}_hi = arith.trunci %{0}_sh : i64 to i32\n", r).str();
    text += llvm::formatv("      %{0}_lo2, %{0}_ok1 = gpu.shuffle idx %{0}_lo, {1}, %width : i32\n",
                          r, from)
                .str();
    text += llvm::formatv("      %{0}_hi2, %{0}_ok2 = gpu.shuffle idx %{0}_hi, {1}, %width : i32\n",
                          r, from)
                .str();
    text += llvm::formatv("      %{0}_lo3 = arith.extui %{0}_lo2 : i32 to i64\n", r).str();
    text += llvm::formatv("      %{0}_hi3 = arith.extui %{0}_hi2 : i32 to i64\n", r).str();
    text += llvm::formatv("      %{0}_hi4 = arith.shli %{0}_hi3, %{0}_c32 : i64\n", r).str();
    text += llvm::formatv("      %{0}_bits2 = arith.ori %{0}_hi4, %{0}_lo3 : i64\n", r).str();
    text += llvm::formatv("      %{0} = arith.bitcast %{0}_bits2 : i64 to f64", r).str();
    return text;
  }

  /// Each chunk's spine without the running total into shared memory:
  /// lane 0's positions 2^h - 1 < E, and the last element of lanes 2^j - 1.
  void spineOut() {
    line("      scf.if %lane0 {");
    for (int64_t k = 0; k < perWarp; ++k)
      for (int64_t h = 0; h <= logPerLane; ++h) {
        line("        %sp_k{0}_{1} = arith.addi %spine_at_k{0}, {2} : index", k, h, c(h));
        line("        memref.store {0}, %spine[%sp_k{1}_{2}] : !spine",
             current[k][(int64_t(1) << h) - 1], k, h);
      }
    line("      }");
    line("      scf.if %spine_lane {");
    for (int64_t k = 0; k < perWarp; ++k)
      line("        memref.store {0}, %spine[%spine_place_k{1}] : !spine",
           current[k][perLane - 1], k);
    line("      }");
  }

  /// Thread 0 carries the running total through the segment's chunks in
  /// order: S_0 = total + spine_0, S_h = S_(h-1) + spine_h; S_log2(chunk) is
  /// the next chunk's total. Each chunk's values are loaded before its chain.
  void chain() {
    line("      %next_total = scf.if %thread0 -> ({0}) {{", s.elemName);
    std::string total = "%total";
    for (int64_t q = 0; q < warps * perWarp; ++q) {
      for (int64_t h = 0; h <= logChunk; ++h)
        line("        %q{0}_{1} = memref.load %spine[{2}] : !spine", q, h,
             c(q * (logChunk + 1) + h));
      for (int64_t h = 0; h <= logChunk; ++h) {
        std::string prev = h ? llvm::formatv("%o{0}_{1}", q, h - 1).str() : total;
        line("        %o{0}_{1} = {2}", q, h, combine(prev, llvm::formatv("%q{0}_{1}", q, h).str()));
      }
      for (int64_t h = 0; h <= logChunk; ++h)
        line("        memref.store %o{0}_{1}, %spine[{2}] : !spine", q, h,
             c(q * (logChunk + 1) + h));
      total = llvm::formatv("%o{0}_{1}", q, logChunk).str();
    }
    line("        scf.yield {0} : {1}", total, s.elemName);
    line("      } else {");
    line("        scf.yield %total : {0}", s.elemName);
    line("      }");
  }

  /// Each element's final value: its partial prefix combined with the
  /// spine position before its highest bit (lane 0's first element is
  /// S_0 itself); back through shared memory to coalesced stores.
  void finish() {
    for (int64_t k = 0; k < perWarp; ++k)
      finishChunk(k);
    line("      gpu.barrier");
    for (int64_t k = 0; k < perWarp; ++k)
      for (int64_t e = 0; e < perLane; ++e) {
        line("      %y_k{0}_{1} = memref.load %buf[%hp_k{0}_{1}] : !buf", k, e);
        std::string col = column("%base", "y", k, e);
        line("      %yin_k{0}_{1} = arith.cmpi ult, {2}, %n : index", k, e, col);
        line("      scf.if %yin_k{0}_{1} {{", k, e);
        line("        memref.store %y_k{0}_{1}, %y[%bx, {2}] {{ks.scan_output} : !rows", k, e,
             col);
        line("      }");
      }
  }

  /// finish() for the warp's chunk `k`: its final values into the buffer.
  void finishChunk(int64_t k) {
    line("      %before_k{0} = memref.load %spine[%lane_before_k{0}] : !spine", k);
    int64_t lane0Levels = std::max<int64_t>(logPerLane, 1);
    for (int64_t h = 0; h < lane0Levels; ++h) {
      line("      %s_k{0}_{1}_at = arith.addi %spine_at_k{0}, {2} : index", k, h, c(h));
      line("      %s_k{0}_{1} = memref.load %spine[%s_k{0}_{1}_at] : !spine", k, h);
    }
    std::string before = llvm::formatv("%before_k{0}", k).str();
    for (int64_t e = 0; e < perLane; ++e) {
      std::string f = llvm::formatv("%f_k{0}_{1}", k, e).str();
      if (e == 0) {
        line("      {0}_other = {1}", f, combine(before, current[k][0]));
        line("      {0} = arith.select %lane0, %s_k{1}_0, {0}_other : {2}", f, k, s.elemName);
      } else {
        line("      %b_k{0}_{1} = arith.select %lane0, %s_k{0}_{2}, {3} : {4}", k, e,
             llvm::Log2_64(e), before, s.elemName);
        line("      {0} = {1}", f, combine(llvm::formatv("%b_k{0}_{1}", k, e).str(), current[k][e]));
      }
      line("      memref.store {0}, %buf[%cp_k{1}_{2}] : !buf", f, k, e);
    }
  }

  int64_t chunk, threads, warps, perWarp, perLane, logChunk, logPerLane, segment;
  /// Per chunk of the warp, the SSA names of the lane's elements.
  SmallVector<SmallVector<std::string>> current;
};

std::string paramsUnmet(int64_t chunk, int64_t threads, int64_t chunksPerWarp, Type elem) {
  if (chunk < kWarp || chunk > 32 * kWarp || !llvm::isPowerOf2_64(chunk))
    return llvm::formatv("chunk = {0} is not a power of two from 32 to 1024", chunk).str();
  std::string unmet = ks::scan::unmetWarpMultiple("threads", threads);
  if (!unmet.empty())
    return unmet;
  if (chunksPerWarp < 1 || chunksPerWarp > 16)
    return llvm::formatv("chunks_per_warp = {0} is not from 1 to 16", chunksPerWarp).str();
  if (chunksPerWarp * chunk > 32 * kWarp)
    return llvm::formatv("chunks_per_warp x chunk = {0} is more than 1024 (a lane's {1} "
                         "elements and as many in flight)",
                         chunksPerWarp * chunk, chunksPerWarp * chunk / kWarp)
        .str();
  int64_t chunks = threads / kWarp * chunksPerWarp;
  if (chunks > 64)
    return llvm::formatv("a segment of {0} chunks (threads / 32 x chunks_per_warp) is more "
                         "than 64: thread 0's chain is unrolled over them",
                         chunks)
        .str();
  int64_t segment = chunks * chunk;
  int64_t bytes = (segment / kWarp * (kWarp + 1) + chunks * (llvm::Log2_64(chunk) + 1)) *
                  elem.getIntOrFloatBitWidth() / 8;
  if (bytes > 48 * 1024)
    return llvm::formatv("a segment of {0} elements (threads / 32 x chunks_per_warp chunks) "
                         "needs {1} bytes of shared memory, more than 48 KB",
                         segment, bytes)
        .str();
  return "";
}

} // namespace

DiagnosedSilenceableFailure
transform::KSScanRowsWarpOp::apply(transform::TransformRewriter &rewriter,
                                   transform::TransformResults &results,
                                   transform::TransformState &state) {
  int64_t chunk = getChunk(), threads = getThreads(), chunksPerWarp = getChunksPerWarp();
  return ks::scan::replaceScans(
      *this, rewriter, state, results, ks::scan::ScanAxis::Rows,
      [&](const ks::scan::ScanShape &shape) {
        return paramsUnmet(chunk, threads, chunksPerWarp, shape.elem);
      },
      [&](const ks::scan::ScanShape &shape) {
        return ScanWarpText(shape, chunk, threads, chunksPerWarp).text();
      });
}
