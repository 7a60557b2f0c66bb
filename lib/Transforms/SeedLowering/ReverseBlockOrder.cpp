//===- ReverseBlockOrder.cpp - Blocks in reverse, for the L2's sake ---------===//
//
// Two kernels that stream over the same buffer one after the other (a
// norm's statistics, then the pass that applies them) read it twice from
// DRAM when it is larger than the L2 (50 MB on an H100): the first kernel's
// blocks run in ascending order and leave the buffer's end in the L2, and
// the second starts again at its beginning, evicting that end before it
// gets there. Run in descending order, the second kernel's first blocks
// read what the L2 still holds. A plan asks for it per dispatch
// (`"reverse_blocks": [N]`); blocks are independent, so only their order
// changes.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Transforms/Utils/PlannedLaunches.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace ks {
#define GEN_PASS_DEF_KSREVERSEBLOCKORDER
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
/// Block x becomes grid x - 1 - x in `launch`'s body (the region's
/// argument and any gpu.block_id x read inside).
void reverseBlocks(gpu::LaunchOp launch) {
  Block &body = launch.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&body);
  Location loc = launch.getLoc();
  // A constant grid gives a constant last block, and index arithmetic the
  // device compiler knows is not negative.
  Value last;
  if (std::optional<int64_t> blocks = getConstantIntValue(launch.getGridSizeX()))
    last = arith::ConstantIndexOp::create(b, loc, *blocks - 1);
  else
    last = arith::SubIOp::create(b, loc, launch.getGridSize().x,
                                 arith::ConstantIndexOp::create(b, loc, 1));
  auto reversed = [&](Value x) { return arith::SubIOp::create(b, loc, last, x); };
  Value blockX = launch.getBlockIds().x;
  Value fromArgument = reversed(blockX);
  blockX.replaceAllUsesExcept(fromArgument, fromArgument.getDefiningOp());
  SmallVector<gpu::BlockIdOp> reads;
  launch.getBody().walk([&](gpu::BlockIdOp id) {
    if (id.getDimension() == gpu::Dimension::x)
      reads.push_back(id);
  });
  for (gpu::BlockIdOp id : reads) {
    b.setInsertionPointAfter(id);
    Value r = reversed(id.getResult());
    id.getResult().replaceAllUsesExcept(r, r.getDefiningOp());
  }
}

struct ReverseBlockOrder : public ks::impl::KSReverseBlockOrderBase<ReverseBlockOrder> {
  void runOnOperation() override {
    auto launches = ks::takeRequestedLaunches(getOperation(), ks::kReverseBlocksAttr, "reverse_blocks");
    if (failed(launches))
      return signalPassFailure();
    for (auto [dispatch, launch] : *launches)
      // A cluster's blocks are consecutive and ranked in order: the
      // skill's split of a row among them relies on it.
      if (launch.hasClusterSize() || launch->hasAttr("nvvm.cluster_dim")) {
        launch.emitError() << "reverse_blocks: dispatch " << dispatch
                           << " runs in thread-block clusters, whose blocks keep their order";
        return signalPassFailure();
      }
    for (auto [dispatch, launch] : *launches)
      reverseBlocks(launch);
  }
};
} // namespace
