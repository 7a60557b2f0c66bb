//===- ConvAsGemm.h - What both convolution-as-GEMM rewrites need --------===//
//
// transform.ks.conv_im2col and transform.ks.conv_implicit_gemm both hand a
// convolution to the tensor-core GEMM kernel, which takes static f32
// buffers and a row-major filter and output (seen as [F, K] and [N, F, P]).
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_SKILLS_TRANSFORMOPS_CONVASGEMM_H
#define KS_LIB_SKILLS_TRANSFORMOPS_CONVASGEMM_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <string>

namespace ks {
/// Why `conv` cannot become a GEMM on tensor cores at all, or the empty
/// string; each rewrite adds its own conditions on K and P.
inline std::string unmetConvAsGemmCondition(mlir::linalg::LinalgOp conv) {
  if (!conv.hasPureBufferSemantics())
    return "the convolution is not on buffers";
  for (mlir::Value v : conv->getOperands()) {
    auto type = mlir::dyn_cast<mlir::MemRefType>(v.getType());
    if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
      return "an operand is not a static f32 buffer";
  }
  auto output = mlir::cast<mlir::MemRefType>(conv.getDpsInitOperand(0)->get().getType());
  auto filter = mlir::cast<mlir::MemRefType>(conv.getDpsInputOperand(1)->get().getType());
  if (!output.getLayout().isIdentity() || !filter.getLayout().isIdentity())
    return "the output or the filter is not a row-major buffer";
  return "";
}
} // namespace ks

#endif // KS_LIB_SKILLS_TRANSFORMOPS_CONVASGEMM_H
