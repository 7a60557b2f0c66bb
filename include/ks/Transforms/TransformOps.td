//===- TransformOps.td - ks extension of the transform dialect -*- tablegen -*-===//
//
// Transform ops that skill scripts use and upstream lacks. Injected into the
// transform dialect as an extension (registerTransformExtension).
//
//===----------------------------------------------------------------------===//

#ifndef KS_TRANSFORMS_TRANSFORMOPS
#define KS_TRANSFORMS_TRANSFORMOPS

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/IR/OpBase.td"

def KSApplyFuseMultiplyAddPatternsOp : Op<Transform_Dialect,
    "apply_patterns.ks.fuse_multiply_add",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "Fuse a float multiply feeding an add into one math.fma";
  let description = [{
    Rewrites `arith.addf(arith.mulf(a, b), c)` (either operand order) into
    `math.fma(a, b, c)` when the product has no other use. The fused
    multiply-add rounds once, so the result is at least as accurate; without
    it the two ops lower to PTX `mul.rn` and `add.rn`, which ptxas may not
    contract, and a multiply-accumulate loop issues twice the instructions.
  }];
  let assemblyFormat = "attr-dict";
}

#endif // KS_TRANSFORMS_TRANSFORMOPS
