//===- ScanRowsThread.cpp - transform.ks.scan_rows_thread -------------------===//
//
// The scans of transform.ks.scan_rows for short rows, where a block or a
// warp a row leaves most of its threads idle: a thread a row, folded in
// order (the seed's association). A block's rows are consecutive in memory,
// so it loads them coalesced into shared memory, each thread walks its own
// row there (an odd row stride keeps the walks on distinct banks), and the
// rows go back coalesced. The kernel is MLIR text, unrolled over `unroll`
// elements of a thread by the generator below.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ScanKernel.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace {

/// A row's place in shared memory is a multiple of this odd stride.
int64_t rowStride(int64_t length) { return length | 1; }

int64_t elementBytes(Type elem) { return elem.getIntOrFloatBitWidth() / 8; }

/// Writes the kernel's text: a block of `threads` rows, staged in shared
/// memory, each folded by its own thread.
class ScanThreadText : ks::scan::KernelTextWriter {
public:
  ScanThreadText(const ks::scan::ScanShape &shape, int64_t threads, int64_t unroll)
      : KernelTextWriter(shape), threads(threads), unroll(std::min(unroll, shape.length)),
        stride(rowStride(shape.length)) {}

  std::string text() {
    line("!buf = memref<{0}x{1}, #gpu.address_space<workgroup>>", threads * stride, s.elemName);
    line("!rows = memref<{0}x{1}x{2}>", s.rows, s.length, s.elemName);
    beginLaunch("!rows", "%blocks", llvm::divideCeil(s.rows, threads), threads);
    line("    %identity = arith.constant {0} : {1}", s.identity, s.elemName);
    line("    %buf = memref.alloc() : !buf");
    line("    %first_row = arith.muli %bx, {0} : index", c(threads));
    line("    %tx32 = arith.index_castui %tx : index to i32");
    stage();
    line("    gpu.barrier");
    walk();
    line("    gpu.barrier");
    writeBack();
    return endLaunch();
  }

private:
  /// The loop over the block's elements, `unroll` of a thread a trip: the
  /// block's element f = base + u * threads + tx is its row f / length's
  /// column f % length.
  void blockLoop(StringRef base) {
    int64_t step = unroll * threads;
    int64_t end = llvm::divideCeil(s.length, unroll) * step;
    line("    scf.for {0} = %c0 to {1} step {2} {{", base, c(end), c(step));
  }

  /// The block's element u of this trip, named after `name`: its row
  /// (`_row`), column (`_col`), place in shared memory (`_at`), whether it
  /// is in the block (`_mine`) and in the tensor (`_ok`). The block's own
  /// places are 32-bit (its rows are at most 48 KB): a division by the
  /// length is then a 32-bit multiply-high, not a 64-bit one.
  void place(StringRef base, StringRef name, int64_t u) {
    if (u == 0) {
      line("      %{0}_base = arith.index_castui {1} : index to i32", name, base);
      line("      %{0}_f0 = arith.addi %{0}_base, %tx32 : i32", name);
    } else {
      line("      %{0}_f{1} = arith.addi %{0}_f0, {2} : i32", name, u, c32(u * threads));
    }
    line("      %{0}_r{1} = arith.divui %{0}_f{1}, {2} : i32", name, u, c32(s.length));
    line("      %{0}_c{1} = arith.remui %{0}_f{1}, {2} : i32", name, u, c32(s.length));
    line("      %{0}_rs{1} = arith.muli %{0}_r{1}, {2} : i32", name, u, c32(stride));
    line("      %{0}_at32_{1} = arith.addi %{0}_rs{1}, %{0}_c{1} : i32", name, u);
    line("      %{0}_mine{1} = arith.cmpi ult, %{0}_r{1}, {2} : i32", name, u, c32(threads));
    line("      %{0}_at{1} = arith.index_castui %{0}_at32_{1} : i32 to index", name, u);
    line("      %{0}_ri{1} = arith.index_castui %{0}_r{1} : i32 to index", name, u);
    line("      %{0}_col{1} = arith.index_castui %{0}_c{1} : i32 to index", name, u);
    line("      %{0}_row{1} = arith.addi %first_row, %{0}_ri{1} : index", name, u);
    line("      %{0}_real{1} = arith.cmpi ult, %{0}_row{1}, {2} : index", name, u, c(s.rows));
    line("      %{0}_ok{1} = arith.andi %{0}_mine{1}, %{0}_real{1} : i1", name, u);
  }

  /// The block's rows into shared memory: a trip's loads all issued before
  /// its stores; the identity past the tensor's last row.
  void stage() {
    blockLoop("%i");
    for (int64_t u = 0; u < unroll; ++u) {
      place("%i", "in", u);
      loadOrIdentity(llvm::formatv("%in_v{0}", u).str(), llvm::formatv("%in_ok{0}", u).str(),
                     llvm::formatv("%in_l{0}", u).str(),
                     llvm::formatv("%in_row{0}, %in_col{0}", u).str(), "!rows");
    }
    for (int64_t u = 0; u < unroll; ++u) {
      line("      scf.if %in_mine{0} {{", u);
      line("        memref.store %in_v{0}, %buf[%in_at{0}] : !buf", u);
      line("      }");
    }
    line("    }");
  }

  /// `count` elements of the thread's row from `at` on, folded into `acc`
  /// in order (each combined as the seed combines it: the element, then
  /// the running value) and stored back; returns the last.
  std::string fold(StringRef at, StringRef name, int64_t count, std::string acc) {
    for (int64_t u = 0; u < count; ++u) {
      line("      %{0}_p{1} = arith.addi {2}, {3} : index", name, u, at, c(u));
      line("      %{0}_v{1} = memref.load %buf[%{0}_p{1}] : !buf", name, u);
    }
    acc = combineInOrder(name, count, acc);
    for (int64_t u = 0; u < count; ++u)
      line("      memref.store %{0}_a{1}, %buf[%{0}_p{1}] : !buf", name, u);
    return acc;
  }

  /// The thread's row, `unroll` elements a trip, then the rest.
  void walk() {
    int64_t full = s.length / unroll * unroll;
    line("    %mine = arith.muli %tx, {0} : index", c(stride));
    line("    %total = scf.for %j = %c0 to {0} step {1} iter_args(%acc = %identity) -> ({2}) {{",
         c(full), c(unroll), s.elemName);
    line("      %walk_at = arith.addi %mine, %j : index");
    std::string last = fold("%walk_at", "w", unroll, "%acc");
    line("      scf.yield {0} : {1}", last, s.elemName);
    line("    }");
    if (full == s.length)
      return;
    line("    %rest_at = arith.addi %mine, {0} : index", c(full));
    fold("%rest_at", "t", s.length - full, "%total");
  }

  /// The block's rows from shared memory to coalesced stores.
  void writeBack() {
    blockLoop("%o");
    for (int64_t u = 0; u < unroll; ++u) {
      place("%o", "out", u);
      line("      scf.if %out_ok{0} {{", u);
      line("        %out_v{0} = memref.load %buf[%out_at{0}] : !buf", u);
      line("        memref.store %out_v{0}, %y[%out_row{0}, %out_col{0}] {{ks.scan_output} : "
           "!rows",
           u);
      line("      }");
    }
    line("    }");
  }

  int64_t threads, unroll, stride;
};

std::string paramsUnmet(const ks::scan::ScanShape &shape, int64_t threads, int64_t unroll) {
  std::string unmet = ks::scan::unmetWarpMultiple("threads", threads);
  if (!unmet.empty())
    return unmet;
  if (unroll < 1)
    return llvm::formatv("unroll = {0} is not positive", unroll).str();
  int64_t bytes = threads * rowStride(shape.length) * elementBytes(shape.elem);
  if (bytes > 48 * 1024)
    return llvm::formatv("a block's {0} rows of {1} need {2} bytes of shared memory, more than "
                         "48 KB",
                         threads, shape.length, bytes)
        .str();
  return "";
}

} // namespace

DiagnosedSilenceableFailure
transform::KSScanRowsThreadOp::apply(transform::TransformRewriter &rewriter,
                                     transform::TransformResults &results,
                                     transform::TransformState &state) {
  int64_t threads = getThreads(), unroll = getUnroll();
  return ks::scan::replaceScans(
      *this, rewriter, state, results, ks::scan::ScanAxis::Rows,
      [&](const ks::scan::ScanShape &shape) { return paramsUnmet(shape, threads, unroll); },
      [&](const ks::scan::ScanShape &shape) {
        return ScanThreadText(shape, threads, unroll).text();
      });
}
