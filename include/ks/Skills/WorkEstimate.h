//===- WorkEstimate.h - The work a program must do, from its linalg ---*- C++ -*-===//
//
// Floating-point operations and the fewest bytes a program must move, read
// off the linalg-on-tensors input: the numbers a roofline is drawn with
// (achieved GB/s and FLOP/s, % of the device's ceilings). The first piece of
// the Feature Extractor.
//
//===----------------------------------------------------------------------===//
#ifndef KS_SKILLS_WORKESTIMATE_H
#define KS_SKILLS_WORKESTIMATE_H

#include <cstdint>
#include <optional>

namespace mlir {
class Type;
class Value;
namespace func {
class FuncOp;
} // namespace func
namespace linalg {
class LinalgOp;
} // namespace linalg
} // namespace mlir

namespace ks::agents {

struct WorkEstimate {
  /// Float operations of every linalg op's body times its iteration count
  /// (multiply and add count one each; a transcendental counts one).
  int64_t flops = 0;
  /// Transcendental calls (exp, log, tanh, ...), included in `flops`.
  int64_t transcendentals = 0;
  /// Bytes that must cross DRAM at least once: every argument read, every
  /// result written, every constant tensor read.
  int64_t minBytes = 0;
};

/// The work of a whole function: every linalg op's FLOPs (estimateOpWork)
/// and, as bytes, its arguments, results and constant tensors.
WorkEstimate estimateWork(mlir::func::FuncOp func);

/// The work of one linalg op (one dispatch): its body's FLOPs and
/// transcendentals times its iteration count, and as `minBytes` the bytes of
/// its operands, each distinct input value once and each output once (an
/// output that is read and written still counts once); scalar operands,
/// dynamically shaped ones and inputs the body never reads (a pooling
/// window) count nothing. std::nullopt when a loop range is
/// dynamic.
/// The per-op counting that both estimateWork and the Feature Extractor use.
std::optional<WorkEstimate> estimateOpWork(mlir::linalg::LinalgOp op);

/// Bytes of a statically shaped tensor or memref (0 for anything else;
/// `index` elements count 8 bytes, sub-byte types round up to a byte).
int64_t bytesOf(mlir::Type type);

/// The buffer a memref is a view of (through subviews, reshapes, casts):
/// itself when it is no view.
mlir::Value bufferRoot(mlir::Value memref);

} // namespace ks::agents

#endif // KS_SKILLS_WORKESTIMATE_H
