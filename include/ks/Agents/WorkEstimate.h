//===- WorkEstimate.h - The work a program must do, from its linalg ---*- C++ -*-===//
//
// Floating-point operations and the fewest bytes a program must move, read
// off the linalg-on-tensors input: the numbers a roofline is drawn with
// (achieved GB/s and FLOP/s, % of the device's ceilings). The first piece of
// the Feature Extractor.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_WORKESTIMATE_H
#define KS_AGENTS_WORKESTIMATE_H

#include <cstdint>

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

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

WorkEstimate estimateWork(mlir::func::FuncOp func);

} // namespace ks::agents

#endif // KS_AGENTS_WORKESTIMATE_H
