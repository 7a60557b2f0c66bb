//===- TransformOps.cpp - ks extension of the transform dialect -----------===//
//
// The extension's registration, its patterns and the op classes. The ops'
// apply methods are in a file per family: TransformOpsMemory.cpp,
// TransformOpsPrivateTiles.cpp, TransformOpsRowChain.cpp,
// TransformOpsRunningSums.cpp; the kernel-building ops in a file each.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

namespace {
/// addf(mulf(a, b), c) -> fma(a, b, c), the product used only there.
struct FuseMultiplyAdd : OpRewritePattern<arith::AddFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::AddFOp add,
                                PatternRewriter &rewriter) const override {
    // A named linalg op's body is its definition (a matmul's must be mulf +
    // addf); a generic's is free.
    Operation *parent = add->getParentOp();
    if (isa<linalg::LinalgOp>(parent) && !isa<linalg::GenericOp>(parent))
      return rewriter.notifyMatchFailure(add, "in the body of a named linalg op");
    for (unsigned i = 0; i < 2; ++i) {
      auto mul = add->getOperand(i).getDefiningOp<arith::MulFOp>();
      if (!mul || !mul->hasOneUse())
        continue;
      rewriter.replaceOpWithNewOp<math::FmaOp>(add, mul.getLhs(), mul.getRhs(),
                                               add->getOperand(1 - i));
      rewriter.eraseOp(mul);
      return success();
    }
    return rewriter.notifyMatchFailure(add, "no single-use multiply operand");
  }
};

class KSTransformExtension
    : public transform::TransformDialectExtension<KSTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(KSTransformExtension)
  using Base::Base;
  void init() {
    declareGeneratedDialect<math::MathDialect>();
    declareGeneratedDialect<affine::AffineDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<vector::VectorDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<gpu::GPUDialect>();
    declareGeneratedDialect<nvgpu::NVGPUDialect>();
    declareGeneratedDialect<NVVM::NVVMDialect>();
    declareGeneratedDialect<LLVM::LLVMDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "ks/Skills/TransformOps/TransformOps.cpp.inc"
        >();
  }
};
} // namespace

void transform::KSApplyFuseMultiplyAddPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  patterns.add<FuseMultiplyAdd>(patterns.getContext());
}

#define GET_OP_CLASSES
#include "ks/Skills/TransformOps/TransformOps.cpp.inc"

void ks::registerTransformExtension(DialectRegistry &registry) {
  registry.addExtensions<KSTransformExtension>();
}
