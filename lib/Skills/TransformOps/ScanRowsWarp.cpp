//===- ScanRowsWarp.cpp - transform.ks.scan_rows_warp -----------------------===//
//
// The scans of transform.ks.scan_rows (PyTorch's association: chunks, each
// a Sklansky scan whose first element takes the running total) with the
// levels in registers instead of shared memory. A warp owns a chunk, a lane
// E = chunk / 32 consecutive elements: the levels below E are additions
// between a lane's registers, the five above one shuffle each. Shared
// memory only turns the coalesced loads into consecutive elements a lane
// and back, and holds each chunk's log2(chunk) + 1 values for the one
// thread that carries the running total. The kernel is MLIR text, unrolled
// over a lane's elements by the generator below.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ScanKernel.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {

constexpr int64_t kWarp = 32;

/// Writes the kernel's text. The segment (threads / 32 chunks) is the unit
/// of a block's walk along its row; shared memory holds a segment with one
/// pad element every 32 (a warp's 32 loads and a lane's E elements both hit
/// 32 different banks) and each chunk's spine: its positions 2^h - 1, h =
/// 0..log2(chunk).
class ScanWarpText : ks::scan::KernelTextWriter {
public:
  ScanWarpText(const ks::scan::ScanShape &shape, int64_t chunk, int64_t threads)
      : KernelTextWriter(shape), chunk(chunk), threads(threads), warps(threads / kWarp),
        perLane(chunk / kWarp), logChunk(llvm::Log2_64(chunk)),
        logPerLane(llvm::Log2_64(chunk / kWarp)), segment(threads / kWarp * chunk) {}

  std::string text() {
    int64_t spineSize = warps * (logChunk + 1);
    line("!buf = memref<{0}x{1}, #gpu.address_space<workgroup>>", segment / kWarp * (kWarp + 1),
         s.elemName);
    line("!spine = memref<{0}x{1}, #gpu.address_space<workgroup>>", spineSize, s.elemName);
    line("!regs = vector<{0}x{1}>", perLane, s.elemName);
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

  /// The thread's places: its warp's chunk in the segment, its lane, where
  /// its coalesced and its consecutive elements sit in the padded buffer.
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
    // Coalesced: element 32 e + lane of the warp's chunk, at 33 e + lane of
    // the warp's 33 E padded places.
    line("    %chunk_at = arith.muli %w, {0} : index", c(chunk));
    line("    %lane_col = arith.addi %chunk_at, %lane : index");
    line("    %warp_pad = arith.muli %w, {0} : index", c(perLane * (kWarp + 1)));
    line("    %coalesced_at = arith.addi %warp_pad, %lane : index");
    // Consecutive: element lane E + e, at lane E + floor(lane E / 32) + e.
    line("    %lane_first = arith.muli %lane, {0} : index", c(perLane));
    line("    %lane_pad = arith.divui %lane_first, {0} : index", c(kWarp));
    line("    %lane_first_pad = arith.addi %lane_first, %lane_pad : index");
    line("    %consecutive_at = arith.addi %warp_pad, %lane_first_pad : index");
    // The chunk's spine in shared memory, and the position this lane's
    // elements (above lane 0) combine with: 2^(log2 E + floor(log2 lane)) - 1.
    line("    %spine_at = arith.muli %w, {0} : index", c(logChunk + 1));
    line("    %lane_i32 = arith.index_cast %lane : index to i32");
    line("    %lane_zeros = math.ctlz %lane_i32 : i32");
    line("    %lane_high_i32 = arith.subi %c31_i32, %lane_zeros : i32");
    line("    %lane_high = arith.index_cast %lane_high_i32 : i32 to index");
    line("    %lane_level_above0 = arith.addi %lane_high, {0} : index", c(logPerLane));
    line("    %lane_level = arith.select %lane0, %c0, %lane_level_above0 : index");
    line("    %lane_before = arith.addi %spine_at, %lane_level : index");
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
    line("    %spine_place = arith.addi %spine_at, %spine_level : index");
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

  /// The row's column of the lane's coalesced element `e` of the segment at
  /// `base` (32 e past its element 0's, `%<name>_col0`), named after `name`.
  std::string column(StringRef base, StringRef name, int64_t e) {
    if (e == 0) {
      line("      %{0}_col0 = arith.addi {1}, %lane_col : index", name, base);
    } else {
      line("      %{0}_col{1} = arith.addi %{0}_col0, {2} : index", name, e, c(e * kWarp));
    }
    return llvm::formatv("%{0}_col{1}", name, e).str();
  }

  /// LOADS: the lane's E elements of the segment at `base`, coalesced (the
  /// identity past the row's end, as PyTorch pads it), as the vector `name`.
  void loads(StringRef base, StringRef name) {
    std::string elements;
    for (int64_t e = 0; e < perLane; ++e) {
      std::string col = column(base, name, e);
      line("      %{0}_in{1} = arith.cmpi ult, {2}, %n : index", name, e, col);
      loadOrIdentity(llvm::formatv("%{0}_v{1}", name, e).str(),
                     llvm::formatv("%{0}_in{1}", name, e).str(),
                     llvm::formatv("%{0}_l{1}", name, e).str(), "%bx, " + col, "!rows");
      elements += (e ? ", %" : "%") + name.str() + "_v" + std::to_string(e);
    }
    line("      %{0} = vector.from_elements {1} : !regs", name, elements);
  }

  /// The held (coalesced) elements through shared memory: %a<e>_0, the
  /// lane's consecutive elements.
  void toConsecutive() {
    for (int64_t e = 0; e < perLane; ++e) {
      line("      %h{0} = vector.extract %held[{0}] : {1} from !regs", e, s.elemName);
      line("      %hp{0} = arith.addi %coalesced_at, {1} : index", e, c(e * (kWarp + 1)));
      line("      memref.store %h{0}, %buf[%hp{0}] : !buf", e);
    }
    line("      gpu.barrier");
    for (int64_t e = 0; e < perLane; ++e) {
      line("      %cp{0} = arith.addi %consecutive_at, {1} : index", e, c(e));
      line("      %a{0}_0 = memref.load %buf[%cp{0}] : !buf", e);
      current.push_back(llvm::formatv("%a{0}_0", e).str());
    }
  }

  /// The Sklansky levels without the running total: within a lane (level l
  /// < log2 E: element e with bit l takes element ((e >> (l + 1)) << (l +
  /// 1)) + 2^l - 1, except lane 0's first block), then across lanes.
  void levels() {
    for (int64_t l = 0; l < logPerLane; ++l)
      for (int64_t e = 0; e < perLane; ++e) {
        if (!((e >> l) & 1))
          continue;
        int64_t from = ((e >> (l + 1)) << (l + 1)) + (int64_t(1) << l) - 1;
        std::string sum = llvm::formatv("%a{0}_r{1}", e, l).str();
        line("      {0} = {1}", sum, combine(current[from], current[e]));
        if (e < (int64_t(1) << (l + 1))) {
          std::string kept = llvm::formatv("%a{0}_s{1}", e, l).str();
          line("      {0} = arith.select %lane0, {1}, {2} : {3}", kept, current[e], sum,
               s.elemName);
          sum = kept;
        }
        current[e] = sum;
      }
    for (int64_t j = 0; j < logChunk - logPerLane; ++j) {
      line("      {0}", shuffle(llvm::formatv("%v{0}", j).str(), current[perLane - 1],
                                llvm::formatv("%from{0}_i32", j).str()));
      for (int64_t e = 0; e < perLane; ++e) {
        std::string sum = llvm::formatv("%a{0}_x{1}", e, j).str();
        std::string taken = llvm::formatv("%a{0}_t{1}", e, j).str();
        line("      {0} = {1}", sum, combine(llvm::formatv("%v{0}", j).str(), current[e]));
        line("      {0} = arith.select %take{1}, {2}, {3} : {4}", taken, j, sum, current[e],
             s.elemName);
        current[e] = taken;
      }
    }
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

  /// The chunk's spine without the running total into shared memory: lane
  /// 0's positions 2^h - 1 < E, and the last element of lanes 2^j - 1.
  void spineOut() {
    line("      scf.if %lane0 {");
    for (int64_t h = 0; h <= logPerLane; ++h) {
      line("        %sp{0} = arith.addi %spine_at, {1} : index", h, c(h));
      line("        memref.store {0}, %spine[%sp{1}] : !spine", current[(int64_t(1) << h) - 1],
           h);
    }
    line("      }");
    line("      scf.if %spine_lane {");
    line("        memref.store {0}, %spine[%spine_place] : !spine", current[perLane - 1]);
    line("      }");
  }

  /// Thread 0 carries the running total through the segment's chunks in
  /// order: S_0 = total + spine_0, S_h = S_(h-1) + spine_h; S_log2(chunk) is
  /// the next chunk's total. Each chunk's values are loaded before its chain.
  void chain() {
    line("      %next_total = scf.if %thread0 -> ({0}) {{", s.elemName);
    std::string total = "%total";
    for (int64_t w = 0; w < warps; ++w) {
      for (int64_t h = 0; h <= logChunk; ++h)
        line("        %q{0}_{1} = memref.load %spine[{2}] : !spine", w, h,
             c(w * (logChunk + 1) + h));
      for (int64_t h = 0; h <= logChunk; ++h) {
        std::string prev = h ? llvm::formatv("%o{0}_{1}", w, h - 1).str() : total;
        line("        %o{0}_{1} = {2}", w, h, combine(prev, llvm::formatv("%q{0}_{1}", w, h).str()));
      }
      for (int64_t h = 0; h <= logChunk; ++h)
        line("        memref.store %o{0}_{1}, %spine[{2}] : !spine", w, h,
             c(w * (logChunk + 1) + h));
      total = llvm::formatv("%o{0}_{1}", w, logChunk).str();
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
    line("      %before = memref.load %spine[%lane_before] : !spine");
    int64_t lane0Levels = std::max<int64_t>(logPerLane, 1);
    for (int64_t h = 0; h < lane0Levels; ++h) {
      line("      %s{0}_at = arith.addi %spine_at, {1} : index", h, c(h));
      line("      %s{0} = memref.load %spine[%s{0}_at] : !spine", h);
    }
    for (int64_t e = 0; e < perLane; ++e) {
      if (e == 0) {
        line("      %f0_other = {0}", combine("%before", current[0]));
        line("      %f0 = arith.select %lane0, %s0, %f0_other : {0}", s.elemName);
      } else {
        line("      %b{0} = arith.select %lane0, %s{1}, %before : {2}", e, llvm::Log2_64(e),
             s.elemName);
        line("      %f{0} = {1}", e, combine(llvm::formatv("%b{0}", e).str(), current[e]));
      }
      line("      memref.store %f{0}, %buf[%cp{0}] : !buf", e);
    }
    line("      gpu.barrier");
    for (int64_t e = 0; e < perLane; ++e) {
      line("      %y{0} = memref.load %buf[%hp{0}] : !buf", e);
      std::string col = column("%base", "y", e);
      line("      %yin{0} = arith.cmpi ult, {1}, %n : index", e, col);
      line("      scf.if %yin{0} {{", e);
      line("        memref.store %y{0}, %y[%bx, {1}] {{ks.scan_output} : !rows", e, col);
      line("      }");
    }
  }

  int64_t chunk, threads, warps, perLane, logChunk, logPerLane, segment;
  SmallVector<std::string> current;
};

std::string paramsUnmet(int64_t chunk, int64_t threads, Type elem) {
  if (chunk < kWarp || chunk > 32 * kWarp || !llvm::isPowerOf2_64(chunk))
    return llvm::formatv("chunk = {0} is not a power of two from 32 to 1024", chunk).str();
  std::string unmet = ks::scan::unmetWarpMultiple("threads", threads);
  if (!unmet.empty())
    return unmet;
  int64_t segment = threads / kWarp * chunk;
  int64_t bytes = (segment / kWarp * (kWarp + 1) + threads / kWarp * (llvm::Log2_64(chunk) + 1)) *
                  elem.getIntOrFloatBitWidth() / 8;
  if (bytes > 48 * 1024)
    return llvm::formatv("a segment of {0} elements (threads / 32 chunks) needs {1} bytes of "
                         "shared memory, more than 48 KB",
                         segment, bytes)
        .str();
  return "";
}

} // namespace

DiagnosedSilenceableFailure
transform::KSScanRowsWarpOp::apply(transform::TransformRewriter &rewriter,
                                   transform::TransformResults &results,
                                   transform::TransformState &state) {
  int64_t chunk = getChunk(), threads = getThreads();
  return ks::scan::replaceScans(
      *this, rewriter, state, results, ks::scan::ScanAxis::Rows,
      [&](const ks::scan::ScanShape &shape) { return paramsUnmet(chunk, threads, shape.elem); },
      [&](const ks::scan::ScanShape &shape) {
        return ScanWarpText(shape, chunk, threads).text();
      });
}
