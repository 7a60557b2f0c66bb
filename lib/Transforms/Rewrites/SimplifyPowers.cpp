//===- SimplifyPowers.cpp - Powers by constants as multiplications --------===//
//
// Torch-MLIR writes x ** 2 as math.powf(x, 2.0) (a norm's squares in
// cosine similarity) or math.fpowi(x, 2) (a squared error). On the GPU
// powf is a logarithm and an exponential per element, and an integer power
// becomes a helper function with a loop; x * x is one multiplication and
// rounds once, closer to the exact square. Upstream's algebraic
// simplification of math ops rewrites powers by small constants (2, 3, -1,
// 0.5 as sqrt, -0.5 as rsqrt, ...) into such arithmetic.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ks {
#define GEN_PASS_DEF_KSSIMPLIFYPOWERS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
struct SimplifyPowers : public ks::impl::KSSimplifyPowersBase<SimplifyPowers> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathAlgebraicSimplificationPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
