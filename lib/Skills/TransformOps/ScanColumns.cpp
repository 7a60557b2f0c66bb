//===- ScanColumns.cpp - transform.ks.scan_columns ------------------------===//
//
// A scan along a dim other than the innermost (a cumsum over dim 0 or a
// middle dim), scanned where it lies instead of between two transposes.
// Its columns, a (row, inner place) pair each, are contiguous across the
// inner dim: consecutive threads take consecutive columns, so every load
// and store of a warp is coalesced, and a thread walks its column down the
// scanned dim. With `chunks` = 1 a thread walks its whole column in order
// (the seed's association, and PyTorch's along such a dim); with more, the
// column's chunks are folded by as many threads, their partials combined
// through shared memory, and each chunk rescanned from its carry-in (for
// few, long columns). The kernel is MLIR text, unrolled over `unroll`
// elements of a thread by the generator below.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ScanKernel.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace {

/// A chunk's length: the column split into `chunks`, rounded up to whole
/// trips of `unroll`.
int64_t chunkLength(int64_t length, int64_t chunks, int64_t unroll) {
  return llvm::divideCeil(length, chunks * unroll) * unroll;
}

/// Writes the kernel's text: a block of `columns` x `chunks` threads, for
/// `columns` consecutive columns.
class ScanColumnsText : ks::scan::KernelTextWriter {
public:
  ScanColumnsText(const ks::scan::ScanShape &shape, int64_t columns, int64_t chunks,
                  int64_t unroll)
      : KernelTextWriter(shape), columns(columns), chunks(chunks),
        unroll(chunks == 1 ? std::min(unroll, shape.length) : unroll) {}

  std::string text() {
    int64_t total = s.rows * s.inner;
    line("!cols = memref<{0}x{1}x{2}x{3}>", s.rows, s.length, s.inner, s.elemName);
    if (chunks > 1)
      line("!parts = memref<{0}x{1}, #gpu.address_space<workgroup>>", chunks * columns,
           s.elemName);
    beginLaunch("!cols", "%blocks", llvm::divideCeil(total, columns), columns * chunks);
    line("    %identity = arith.constant {0} : {1}", s.identity, s.elemName);
    // The thread's column: lane tx % columns of the block's, whose
    // consecutive lanes are consecutive inner places.
    if (chunks > 1)
      line("    %lane = arith.remui %tx, {0} : index", c(columns));
    else
      line("    %lane = arith.addi %tx, %c0 : index");
    line("    %first = arith.muli %bx, {0} : index", c(columns));
    line("    %col = arith.addi %first, %lane : index");
    line("    %ok = arith.cmpi ult, %col, {0} : index", c(total));
    line("    %row = arith.divui %col, {0} : index", c(s.inner));
    line("    %in = arith.remui %col, {0} : index", c(s.inner));
    if (chunks == 1)
      sequential();
    else
      chunked();
    return endLaunch();
  }

private:
  /// `count` elements of the column from `at` on, their loads all issued
  /// first, folded into `acc` in order (each combined as the seed combines
  /// it: the element, then the running value), and stored if `store`;
  /// returns the last value.
  std::string fold(StringRef at, StringRef name, int64_t count, std::string acc, bool store) {
    for (int64_t u = 0; u < count; ++u) {
      line("      %{0}_p{1} = arith.addi {2}, {3} : index", name, u, at, c(u));
      line("      %{0}_v{1} = memref.load %x[%row, %{0}_p{1}, %in] {{ks.scanned} : !cols", name,
           u);
    }
    acc = combineInOrder(name, count, acc);
    if (store)
      for (int64_t u = 0; u < count; ++u)
        line("      memref.store %{0}_a{1}, %y[%row, %{0}_p{1}, %in] {{ks.scan_output} : !cols",
             name, u);
    return acc;
  }

  /// The thread's chunk (`chunkLen` elements from %start), `unroll` a trip,
  /// folded from `acc` on, stored if `store`; a place past the column's
  /// end (only where the chunks overrun it) is read as the identity and
  /// not stored. The trip count is static: the same for every chunk.
  std::string walkChunk(StringRef name, int64_t chunkLen, bool guarded, StringRef acc,
                        bool store) {
    std::string n = name.str();
    line("      %{0}_all = scf.for %{0}_t = %c0 to {1} step {2} iter_args(%{0}_acc = {3}) -> "
         "({4}) {{",
         n, c(chunkLen), c(unroll), acc, s.elemName);
    line("      %{0}_j = arith.addi %start, %{0}_t : index", n);
    std::string running = "%" + n + "_acc";
    for (int64_t u = 0; u < unroll; ++u) {
      line("      %{0}_p{1} = arith.addi %{0}_j, {2} : index", n, u, c(u));
      if (!guarded) {
        line("      %{0}_v{1} = memref.load %x[%row, %{0}_p{1}, %in] {{ks.scanned} : !cols", n, u);
        continue;
      }
      line("      %{0}_in{1} = arith.cmpi ult, %{0}_p{1}, {2} : index", n, u, c(s.length));
      loadOrIdentity(llvm::formatv("%{0}_v{1}", n, u).str(),
                     llvm::formatv("%{0}_in{1}", n, u).str(),
                     llvm::formatv("%{0}_l{1}", n, u).str(),
                     llvm::formatv("%row, %{0}_p{1}, %in", n, u).str(), "!cols");
    }
    running = combineInOrder(n, unroll, running);
    if (store)
      for (int64_t u = 0; u < unroll; ++u) {
        if (guarded)
          line("      scf.if %{0}_in{1} {{", n, u);
        line("      memref.store %{0}_a{1}, %y[%row, %{0}_p{1}, %in] {{ks.scan_output} : !cols", n,
             u);
        if (guarded)
          line("      }");
      }
    line("      scf.yield {0} : {1}", running, s.elemName);
    line("      }");
    return "%" + n + "_all";
  }

  /// A thread a column, walked in order.
  void sequential() {
    int64_t full = s.length / unroll * unroll;
    line("    scf.if %ok {");
    line("      %total = scf.for %j = %c0 to {0} step {1} iter_args(%acc = %identity) -> ({2}) {{",
         c(full), c(unroll), s.elemName);
    std::string last = fold("%j", "w", unroll, "%acc", true);
    line("      scf.yield {0} : {1}", last, s.elemName);
    line("      }");
    if (full != s.length)
      fold(c(full), "t", s.length - full, "%total", true);
    line("    }");
  }

  /// `chunks` threads a column: each folds its chunk, the partials meet in
  /// shared memory, and each rescans its chunk from the fold of the chunks
  /// before it.
  void chunked() {
    int64_t chunkLen = chunkLength(s.length, chunks, unroll);
    bool guarded = chunkLen * chunks != s.length;
    line("    %parts = memref.alloc() : !parts");
    line("    %chunk = arith.divui %tx, {0} : index", c(columns));
    line("    %start = arith.muli %chunk, {0} : index", c(chunkLen));
    line("    %partial = scf.if %ok -> ({0}) {{", s.elemName);
    std::string folded = walkChunk("f", chunkLen, guarded, "%identity", false);
    line("      scf.yield {0} : {1}", folded, s.elemName);
    line("    } else {");
    line("      scf.yield %identity : {0}", s.elemName);
    line("    }");
    line("    memref.store %partial, %parts[%tx] : !parts");
    line("    gpu.barrier");
    // The carry-in: the partials of the chunks before this one, in order
    // (each chunk's thread takes the first %chunk of the same fold).
    std::string carry = "%identity";
    for (int64_t b = 0; b + 1 < chunks; ++b) {
      line("    %b_v{0} = memref.load %parts[{1}] : !parts", b,
           b == 0 ? std::string("%lane") : "%b_at" + std::to_string(b));
      // The first partial is the carry itself, not combined with the
      // identity.
      std::string folded = "%b_v0";
      if (b > 0) {
        line("    %b_a{0} = {1} %b_v{0}, {2} : {3}", b, s.combine, carry, s.elemName);
        folded = "%b_a" + std::to_string(b);
      }
      line("    %b_before{0} = arith.cmpi ult, {1}, %chunk : index", b, c(b));
      line("    %b_c{0} = arith.select %b_before{0}, {1}, {2} : {3}", b, folded, carry,
           s.elemName);
      carry = "%b_c" + std::to_string(b);
      if (b + 2 < chunks)
        line("    %b_at{0} = arith.addi %lane, {1} : index", b + 1, c((b + 1) * columns));
    }
    line("    scf.if %ok {");
    walkChunk("r", chunkLen, guarded, carry, true);
    line("    }");
  }

  int64_t columns, chunks, unroll;
};

std::string paramsUnmet(const ks::scan::ScanShape &shape, int64_t columns, int64_t chunks,
                        int64_t unroll) {
  std::string unmet = ks::scan::unmetWarpMultiple("columns", columns);
  if (!unmet.empty())
    return unmet;
  if (chunks < 1 || columns * chunks > 1024)
    return llvm::formatv("chunks = {0} is not positive with columns x chunks = {1} threads up "
                         "to 1024",
                         chunks, columns * chunks)
        .str();
  if (unroll < 1)
    return llvm::formatv("unroll = {0} is not positive", unroll).str();
  if (llvm::divideCeil(shape.rows * shape.inner, columns) > std::numeric_limits<int32_t>::max())
    return "the columns need more blocks than a grid's x dim holds";
  return "";
}

} // namespace

DiagnosedSilenceableFailure
transform::KSScanColumnsOp::apply(transform::TransformRewriter &rewriter,
                                  transform::TransformResults &results,
                                  transform::TransformState &state) {
  int64_t columns = getColumns(), chunks = getChunks(), unroll = getUnroll();
  return ks::scan::replaceScans(
      *this, rewriter, state, results, ks::scan::ScanAxis::Columns,
      [&](const ks::scan::ScanShape &shape) { return paramsUnmet(shape, columns, chunks, unroll); },
      [&](const ks::scan::ScanShape &shape) {
        return ScanColumnsText(shape, columns, chunks, unroll).text();
      });
}
