//===- ScanKernel.h - A row scan replaced by a kernel written as text -----===//
//
// What the scan transforms (transform.ks.scan_rows, ks.scan_rows_warp,
// ks.scan_rows_thread, ks.scan_columns) share: the match of a scan written
// as a reduction over a triangular mask (what the PyTorch frontend makes of
// cumsum and cumprod), its replacement by a kernel instantiated from MLIR
// text, and the writer of that text. The kernels differ in how they scan;
// all read the scanned value through loads marked `ks.scanned`, where the
// payload's own computation of it is put.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_SKILLS_TRANSFORMOPS_SCANKERNEL_H
#define KS_LIB_SKILLS_TRANSFORMOPS_SCANKERNEL_H

#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <string>

namespace ks::scan {

/// What a scan kernel's text is instantiated with: Y[rows, length] = scan
/// of X[rows, length] along the rows, or, for a scan along another dim than
/// the innermost (`inner` > 1: the product of the output's dims after the
/// scanned one; `rows` those before it), Y[rows, length, inner] = scan of
/// X[rows, length, inner] along the middle dim.
struct ScanShape {
  int64_t rows = 0, length = 0, inner = 1;
  mlir::Type elem;       // f32 or f64
  std::string elemName;  // "f32"
  std::string combine;   // "arith.addf" or "arith.mulf"
  std::string identity;  // "0.0" or "1.0"
};

/// Which dim a scan kernel runs along: the innermost (a row scan), or
/// another (`ScanShape::inner` > 1).
enum class ScanAxis { Rows, Columns };

/// Replaces each payload op of `target` (linalg.generic scans on buffers)
/// by the kernel `kernelText` writes for its shape: a func.func @scan(%x,
/// %y) whose body (a gpu.launch) is spliced in, %x the first input the
/// payload reads, %y the output, both as [rows, length] (or [rows, length,
/// inner]). Loads of %x marked `ks.scanned` become the payload's scanned
/// value at their [row, column] ([row, column, inner place]). The output's
/// identity fill is erased. Fails definitely, naming the unmet condition
/// (of the scan, its axis against `axis`, or `paramsUnmet`'s of the
/// kernel's parameters), for a target that is not such a scan. Sets
/// `launch`'s payload to the launches.
mlir::DiagnosedSilenceableFailure
replaceScans(mlir::transform::TransformOpInterface transformOp, mlir::RewriterBase &rewriter,
             mlir::transform::TransformState &state, mlir::transform::TransformResults &results,
             mlir::Value target, mlir::OpResult launch, ScanAxis axis,
             llvm::function_ref<std::string(const ScanShape &)> paramsUnmet,
             llvm::function_ref<std::string(const ScanShape &)> kernelText);

/// replaceScans for the scan transform op `scanOp`, on its target and
/// launch handles.
template <typename ScanOp>
mlir::DiagnosedSilenceableFailure
replaceScans(ScanOp scanOp, mlir::RewriterBase &rewriter, mlir::transform::TransformState &state,
             mlir::transform::TransformResults &results, ScanAxis axis,
             llvm::function_ref<std::string(const ScanShape &)> paramsUnmet,
             llvm::function_ref<std::string(const ScanShape &)> kernelText) {
  return replaceScans(scanOp, rewriter, state, results, scanOp.getTarget(),
                      llvm::cast<mlir::OpResult>(scanOp.getLaunch()), axis, paramsUnmet,
                      kernelText);
}

/// Why `count` threads (the parameter `name`) are not whole warps of a
/// block (a multiple of 32 up to 1024), or the empty string.
std::string unmetWarpMultiple(llvm::StringRef name, int64_t count);

/// What the kernels' text writers share: lines appended in order, and
/// constants defined once, at the launch's start, where a line "CONSTANTS"
/// stands in for them.
class KernelTextWriter {
protected:
  explicit KernelTextWriter(const ScanShape &shape) : s(shape) {}

  /// One line of text; with arguments, `format` is formatv's (a literal
  /// brace doubled).
  template <typename... Ts> void line(const char *format, Ts &&...args) {
    if constexpr (sizeof...(Ts) == 0)
      out += format;
    else
      out += llvm::formatv(format, std::forward<Ts>(args)...).str();
    out += '\n';
  }
  /// The index constant `v` (%k<v>).
  std::string c(int64_t v);
  /// The i32 constant `v` (%q<v>).
  std::string c32(int64_t v);

  /// The kernel's func.func @scan(%x, %y), both of type `argType`, and the
  /// start of its launch: `blocks` blocks (the constant `gridName`) of
  /// `threads` threads, %c0 and the CONSTANTS line.
  void beginLaunch(llvm::StringRef argType, llvm::StringRef gridName, int64_t blocks,
                   int64_t threads);
  /// The end of the launch and of @scan; returns the text written, its
  /// CONSTANTS line replaced by the constants used.
  std::string endLaunch();

  /// `value` = the scanned element of %x (of type `argType`) at `indices`
  /// (the load `loaded`) where `inside` holds, else the identity.
  void loadOrIdentity(llvm::StringRef value, llvm::StringRef inside, llvm::StringRef loaded,
                      llvm::StringRef indices, llvm::StringRef argType);
  /// %<name>_v<u>, u < `count`, combined in order into `acc` (each as the
  /// seed combines it: the element, then the running value) as
  /// %<name>_a<u>; returns the last.
  std::string combineInOrder(llvm::StringRef name, int64_t count, std::string acc);

  const ScanShape &s;
  std::string out;

private:
  std::string constantsText;
  llvm::SmallSet<int64_t, 16> constants, constants32;
};

} // namespace ks::scan

#endif // KS_LIB_SKILLS_TRANSFORMOPS_SCANKERNEL_H
