//===- FitGridToLimits.cpp - transform.ks.fit_grid_to_limits ---------------===//
//
// Skills tile the outer loops of an op one block per point: batch x rows x
// column groups on blocks z, y, x. Grid y and z stop at 65535, so a batch of
// 65536 images on z cannot launch while x, which takes 2^31 - 1, holds a
// handful of column groups. Swapping the two loops' block ids keeps every
// block's work and only renumbers the blocks.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace {

constexpr int64_t kMaxGridYZ = 65535;

/// The loops' static iteration counts, or nothing if one is dynamic.
std::optional<SmallVector<int64_t>> staticCounts(scf::ForallOp forall) {
  SmallVector<int64_t> counts;
  for (auto [lb, ub, step] : llvm::zip(forall.getMixedLowerBound(), forall.getMixedUpperBound(),
                                       forall.getMixedStep())) {
    std::optional<int64_t> l = getConstantIntValue(lb), u = getConstantIntValue(ub),
                           s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0)
      return std::nullopt;
    counts.push_back(llvm::divideCeil(std::max<int64_t>(*u - *l, 0), *s));
  }
  return counts;
}

/// Position in `mapping` of the block id `id`, or -1.
int positionOf(ArrayRef<Attribute> mapping, gpu::MappingId id) {
  for (auto [i, attr] : llvm::enumerate(mapping))
    if (auto block = dyn_cast<gpu::GPUBlockMappingAttr>(attr); block && block.getBlock() == id)
      return i;
  return -1;
}

/// Swaps the block ids of an oversized y or z loop and the x loop; a
/// message when the grid cannot be made to fit.
LogicalResult fitForall(scf::ForallOp forall, RewriterBase &rewriter, std::string &why) {
  std::optional<ArrayAttr> mappingAttr = forall.getMapping();
  std::optional<SmallVector<int64_t>> counts = staticCounts(forall);
  if (!mappingAttr || !counts)
    return success();
  SmallVector<Attribute> mapping(mappingAttr->getValue());
  int x = positionOf(mapping, gpu::MappingId::DimX);
  int y = positionOf(mapping, gpu::MappingId::DimY);
  int z = positionOf(mapping, gpu::MappingId::DimZ);
  auto over = [&](int at) { return at >= 0 && (*counts)[at] > kMaxGridYZ; };
  if (!over(y) && !over(z))
    return success();
  int big = over(y) ? y : z;
  if ((over(y) && over(z)) || x < 0 || (*counts)[x] > kMaxGridYZ) {
    why = llvm::formatv("a grid of {0} blocks on y and {1} on z does not fit (at most {2}), "
                        "and the x loop ({3}) cannot take their place",
                        y >= 0 ? (*counts)[y] : 1, z >= 0 ? (*counts)[z] : 1, kMaxGridYZ,
                        x >= 0 ? (*counts)[x] : 1)
              .str();
    return failure();
  }
  std::swap(mapping[big], mapping[x]);
  rewriter.modifyOpInPlace(forall,
                           [&] { forall.setMappingAttr(rewriter.getArrayAttr(mapping)); });
  return success();
}

} // namespace

DiagnosedSilenceableFailure transform::KSFitGridToLimitsOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &state) {
  std::string why;
  WalkResult walk = target->walk([&](scf::ForallOp forall) {
    return failed(fitForall(forall, rewriter, why)) ? WalkResult::interrupt()
                                                    : WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return emitDefiniteFailure() << why;
  return DiagnosedSilenceableFailure::success();
}
