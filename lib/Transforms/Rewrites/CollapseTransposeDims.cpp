//===- CollapseTransposeDims.cpp - Transposes over the dims that move ------===//
//
// A transpose's unit dims, and runs of dims that stay adjacent and in order
// on both sides, move nothing apart. Torch-MLIR's cumsum over dim 0
// transposes [1, 16384, 40960] into [40960, 1, 16384]: the 2-d transpose
// of [16384, 40960]. A channels-last layout change of [16, 24, 96, 192, 192]
// into [16, 96, 192, 192, 24] is [16, 24, 3538944] with its last two dims
// swapped. Seen so, the transpose skills (2-d, batched 2-d) take them.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace ks {
#define GEN_PASS_DEF_KSCOLLAPSETRANSPOSEDIMS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Rewrites `op` over its merged dims, if that drops any.
void collapse(linalg::TransposeOp op) {
  auto inType = dyn_cast<MemRefType>(op.getInput().getType());
  auto outType = dyn_cast<MemRefType>(op.getInit().getType());
  if (!inType || !outType || !inType.hasStaticShape() || !outType.hasStaticShape())
    return;
  ArrayRef<int64_t> perm = op.getPermutation(); // output dim i is input dim perm[i]
  ArrayRef<int64_t> shape = inType.getShape();
  int64_t rank = perm.size();
  SmallVector<int64_t> outPos(rank);
  for (auto [i, d] : llvm::enumerate(perm))
    outPos[d] = i;
  // For each output position, the next one whose dim is not a unit.
  SmallVector<int64_t> nextOut(rank, -1);
  for (int64_t i = rank - 1, next = -1; i >= 0; --i) {
    nextOut[i] = next;
    if (shape[perm[i]] != 1)
      next = i;
  }
  // Groups of the input's dims that are not units, in input order: a dim
  // joins the one before it when it follows it in the output too.
  SmallVector<int64_t> groupOf(rank, -1);
  int64_t groups = 0, prev = -1;
  for (int64_t d = 0; d < rank; ++d) {
    if (shape[d] == 1)
      continue;
    groupOf[d] = prev >= 0 && nextOut[outPos[prev]] == outPos[d] ? groupOf[prev] : groups++;
    prev = d;
  }
  if (groups == 0 || groups == rank)
    return;
  // Unit dims go with the group before them (the first group if leading).
  auto reassociate = [&](auto dimAt) {
    SmallVector<ReassociationIndices> reassociation;
    SmallVector<int64_t> order;
    int64_t current = -1;
    for (int64_t i = 0; i < rank; ++i) {
      int64_t g = groupOf[dimAt(i)];
      if (g >= 0 && g != current) {
        if (current >= 0 || reassociation.empty())
          reassociation.emplace_back();
        order.push_back(g);
        current = g;
      } else if (reassociation.empty()) {
        reassociation.emplace_back();
      }
      reassociation.back().push_back(i);
    }
    return std::make_pair(reassociation, order);
  };
  auto [inGroups, inOrder] = reassociate([](int64_t i) { return i; });
  auto [outGroups, outOrder] = reassociate([&](int64_t i) { return perm[i]; });
  if (!memref::CollapseShapeOp::isGuaranteedCollapsible(inType, inGroups) ||
      !memref::CollapseShapeOp::isGuaranteedCollapsible(outType, outGroups))
    return;
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value input = memref::CollapseShapeOp::create(builder, loc, op.getInput(), inGroups);
  Value init = memref::CollapseShapeOp::create(builder, loc, op.getInit(), outGroups);
  Operation *collapsed;
  // Input groups are numbered in input order: the output's order of them is
  // the permutation.
  if (groups == 1)
    collapsed = linalg::CopyOp::create(builder, loc, input, init);
  else
    collapsed = linalg::TransposeOp::create(builder, loc, input, init, outOrder);
  collapsed->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  op.erase();
}

struct CollapseTransposeDims : ks::impl::KSCollapseTransposeDimsBase<CollapseTransposeDims> {
  void runOnOperation() override {
    SmallVector<linalg::TransposeOp> transposes;
    getOperation()->walk([&](linalg::TransposeOp op) {
      if (op.hasPureBufferSemantics())
        transposes.push_back(op);
    });
    for (linalg::TransposeOp op : transposes)
      collapse(op);
  }
};

} // namespace
