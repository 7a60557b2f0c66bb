//===- MapParallelLoopsToGPU.cpp - One kernel per top-level loop nest -----===//
//
// The seed mapping: each output element is computed by exactly one thread.
// A parallel loop nest of any rank and size is linearized onto a 1-D grid
// with a bounds check for the last block; the sequential loops inside
// (reductions) run in that thread. The loop that indexes the output's
// innermost dimension varies fastest, so neighbouring threads write
// neighbouring elements (a named op's loop order need not be its output's:
// linalg.depthwise_conv_2d_nchw_chw iterates the channel innermost). This is
// simple and always correct; making it fast is the optimizer's job.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"

#include <limits>

namespace ks {
#define GEN_PASS_DEF_KSMAPPARALLELLOOPSTOGPU
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// True if `value` is a constant global or a view of one. Such a value must
/// be recomputed inside the kernel: the host's address of a global is not the
/// device's.
bool isViewOfGlobal(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (isa<memref::GetGlobalOp>(def))
    return true;
  if (auto view = dyn_cast<ViewLikeOpInterface>(def))
    return isViewOfGlobal(view.getViewSource());
  return false;
}

/// Clones the chain defining a view of a global to the start of `body`.
Value cloneIntoKernel(OpBuilder &b, Value value, IRMapping &map) {
  if (Value mapped = map.lookupOrNull(value))
    return mapped;
  Operation *def = value.getDefiningOp();
  if (auto view = dyn_cast<ViewLikeOpInterface>(def))
    cloneIntoKernel(b, view.getViewSource(), map);
  Operation *clone = b.clone(*def, map);
  return clone->getResult(cast<OpResult>(value).getResultNumber());
}

void sinkGlobalsIntoLaunch(gpu::LaunchOp launch) {
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(launch.getBody(), captured);
  OpBuilder b = OpBuilder::atBlockBegin(&launch.getBody().front());
  IRMapping map;
  for (Value value : captured) {
    if (!isViewOfGlobal(value))
      continue;
    Value inside = cloneIntoKernel(b, value, map);
    replaceAllUsesInRegionWith(value, inside, launch.getBody());
  }
}

/// The dispatch a location says it belongs to (ks-mark-dispatches), if any.
IntegerAttr dispatchOf(Location loc) {
  IntegerAttr found;
  loc->walk([&](Location l) {
    auto fused = dyn_cast<FusedLoc>(l);
    auto meta = fused ? dyn_cast_or_null<DictionaryAttr>(fused.getMetadata()) : nullptr;
    if (meta)
      found = meta.getAs<IntegerAttr>("ks.dispatch");
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

struct MapParallelLoopsToGPU
    : public ks::impl::KSMapParallelLoopsToGPUBase<MapParallelLoopsToGPU> {
  using Base::Base;

  /// Launches created so far in this function, for naming.
  unsigned numLaunches = 0;

  /// Kernel name -> dispatch, kept on the function as
  /// `ks.kernel_dispatches` (outlining drops the launches' attributes), so
  /// per-kernel times and counters can be traced back to dispatches.
  void recordDispatch(gpu::LaunchOp launch, IntegerAttr dispatch) {
    if (!dispatch || !launch.getFunctionAttr())
      return;
    func::FuncOp func = getOperation();
    NamedAttrList entries;
    if (auto existing = func->getAttrOfType<DictionaryAttr>("ks.kernel_dispatches"))
      entries.append(existing.getValue());
    entries.set(launch.getFunctionAttr().getValue(), dispatch);
    func->setAttr("ks.kernel_dispatches", entries.getDictionary(&getContext()));
  }

  /// A launch with `grid` x `threads` threads; the builder is left inside the
  /// body, before the terminator. Each launch names its kernel and module
  /// alike, <func>_kernel, <func>_kernel_0, <func>_kernel_1, ..., so that
  /// kernels stay distinguishable by name (in ptxas reports, CUPTI records
  /// and profilers) after outlining.
  FlatSymbolRefAttr nextKernelName() {
    std::string name = (getOperation().getSymName() + "_kernel").str();
    if (numLaunches)
      name += "_" + std::to_string(numLaunches - 1);
    ++numLaunches;
    return FlatSymbolRefAttr::get(&getContext(), name);
  }

  gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, int64_t grid,
                             int64_t threads) {
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value gridX = arith::ConstantIndexOp::create(b, loc, grid);
    Value blockX = arith::ConstantIndexOp::create(b, loc, threads);
    FlatSymbolRefAttr symbol = nextKernelName();
    auto launch = gpu::LaunchOp::create(b, loc, gridX, one, one, blockX, one,
                                        one, /*dynamicSharedMemorySize=*/nullptr,
                                        /*asyncTokenType=*/nullptr, {}, {}, {},
                                        nullptr, nullptr, nullptr, symbol, symbol);
    b.setInsertionPointToEnd(&launch.getBody().front());
    gpu::TerminatorOp::create(b, loc);
    b.setInsertionPointToStart(&launch.getBody().front());
    return launch;
  }

  /// The loop of `loop` whose induction variable is the innermost index of
  /// the first store in its body (the output's contiguous dimension), or
  /// the loop's innermost when there is no such store.
  static unsigned fastestLoop(scf::ParallelOp loop) {
    unsigned innermost = loop.getNumLoops() - 1;
    memref::StoreOp store;
    loop.getBody()->walk([&](memref::StoreOp op) {
      store = op;
      return WalkResult::interrupt();
    });
    if (!store || store.getIndices().empty())
      return innermost;
    auto ivs = loop.getInductionVars();
    auto it = llvm::find(ivs, store.getIndices().back());
    return it == ivs.end() ? innermost : unsigned(it - ivs.begin());
  }

  LogicalResult mapParallelLoop(scf::ParallelOp loop) {
    Location loc = loop.getLoc();
    if (loop.getNumResults() != 0)
      return loop.emitError(
          "scf.parallel with reductions is not supported by the seed lowering");

    SmallVector<int64_t> lbs, steps, trips;
    int64_t total = 1;
    for (auto [lb, ub, step] : llvm::zip(loop.getLowerBound(),
                                         loop.getUpperBound(), loop.getStep())) {
      std::optional<int64_t> l = getConstantIntValue(lb);
      std::optional<int64_t> u = getConstantIntValue(ub);
      std::optional<int64_t> s = getConstantIntValue(step);
      if (!l || !u || !s || *s <= 0)
        return loop.emitError("parallel loop with non-constant bounds; ks "
                              "requires static shapes");
      int64_t trip = *u > *l ? llvm::divideCeil(*u - *l, *s) : 0;
      lbs.push_back(*l);
      steps.push_back(*s);
      trips.push_back(trip);
      if (trip != 0 && total > std::numeric_limits<int64_t>::max() / trip)
        return loop.emitError("iteration space too large for one kernel");
      total *= trip;
    }
    if (total == 0) {
      loop.erase();
      return success();
    }

    int64_t threads = std::min<int64_t>(blockSize, llvm::alignTo(total, 32));
    int64_t grid = llvm::divideCeil(total, threads);
    if (grid > std::numeric_limits<int32_t>::max())
      return loop.emitError() << "iteration space of " << total
                              << " elements needs more than 2^31-1 blocks";

    OpBuilder b(loop);
    gpu::LaunchOp launch = createLaunch(b, loc, grid, threads);
    recordDispatch(launch, dispatchOf(loop.getLoc()));
    Value blockId = launch.getBlockIds().x;
    Value threadId = launch.getThreadIds().x;
    Value blockDim = launch.getBlockSize().x;
    Value linear = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, blockId, blockDim), threadId);
    Value inBounds = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ult, linear,
        arith::ConstantIndexOp::create(b, loc, total));
    auto ifOp = scf::IfOp::create(b, loc, inBounds, /*withElseRegion=*/false);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());

    // Delinearized with the fastest loop last, the others in their order.
    unsigned fastest = fastestLoop(loop);
    SmallVector<unsigned> order;
    for (unsigned i = 0; i < trips.size(); ++i)
      if (i != fastest)
        order.push_back(i);
    order.push_back(fastest);
    SmallVector<Value> indices(trips.size());
    if (trips.size() == 1) {
      indices[0] = linear;
    } else {
      SmallVector<int64_t> orderedTrips;
      for (unsigned i : order)
        orderedTrips.push_back(trips[i]);
      auto delin =
          affine::AffineDelinearizeIndexOp::create(b, loc, linear, orderedTrips);
      for (auto [i, result] : llvm::zip(order, delin.getResults()))
        indices[i] = result;
    }

    IRMapping map;
    for (auto [iv, index, lb, step] :
         llvm::zip(loop.getInductionVars(), indices, lbs, steps)) {
      Value value = index;
      if (step != 1)
        value = arith::MulIOp::create(
            b, loc, value, arith::ConstantIndexOp::create(b, loc, step));
      if (lb != 0)
        value = arith::AddIOp::create(
            b, loc, value, arith::ConstantIndexOp::create(b, loc, lb));
      map.map(iv, value);
    }
    for (Operation &op : loop.getBody()->without_terminator())
      b.clone(op, map);
    loop.erase();
    sinkGlobalsIntoLaunch(launch);
    return success();
  }

  /// Sequential work at the top level (a full reduction into a 0-d buffer,
  /// an elementwise op on 0-d buffers) runs in a single thread.
  void mapSequential(ArrayRef<Operation *> run) {
    OpBuilder b(run.front());
    gpu::LaunchOp launch = createLaunch(b, run.front()->getLoc(), 1, 1);
    for (Operation *op : run)
      if (IntegerAttr id = dispatchOf(op->getLoc())) {
        recordDispatch(launch, id);
        break;
      }
    for (Operation *op : run)
      op->moveBefore(launch.getBody().front().getTerminator());
    sinkGlobalsIntoLaunch(launch);
  }

  /// The straight-line run that starts at the load `first`: loads, stores
  /// and pure scalar ops computing on what the run loaded, in block order.
  /// Fails if a value it computes is used after it, on the host.
  FailureOr<SmallVector<Operation *>> collectScalarRun(Operation *first) {
    SmallVector<Operation *> run;
    llvm::SmallPtrSet<Operation *, 8> inRun;
    for (Operation *op = first; op && !op->hasTrait<OpTrait::IsTerminator>();
         op = op->getNextNode()) {
      bool usesRun = llvm::any_of(op->getOperands(), [&](Value v) {
        return inRun.contains(v.getDefiningOp());
      });
      bool belongs = isa<memref::LoadOp>(op) ||
                     (usesRun && (isa<memref::StoreOp>(op) ||
                                  (isPure(op) && op->getNumRegions() == 0)));
      if (!belongs)
        break;
      run.push_back(op);
      inRun.insert(op);
    }
    for (Operation *op : run)
      for (Operation *user : op->getUsers())
        if (!inRun.contains(user))
          return user->emitError(
              "host code would read device memory; a scalar read outside a "
              "kernel is not supported by the seed lowering");
    return run;
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (blockSize < 32 || blockSize > 1024 || blockSize % 32 != 0) {
      func.emitError() << "block-size must be a multiple of 32 in [32, 1024], "
                          "got "
                       << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    if (func.isExternal())
      return;

    // Collect first, then rewrite: mapping moves and erases ops.
    SmallVector<SmallVector<Operation *>> work;
    for (Operation *op = &func.getBody().front().front(); op;
         op = op->getNextNode()) {
      if (isa<scf::ParallelOp, scf::ForOp, scf::IfOp, memref::StoreOp,
              gpu::LaunchOp>(op)) {
        work.push_back({op});
      } else if (isa<memref::LoadOp>(op)) {
        FailureOr<SmallVector<Operation *>> run = collectScalarRun(op);
        if (failed(run))
          return signalPassFailure();
        op = run->back();
        work.push_back(std::move(*run));
      }
    }
    for (ArrayRef<Operation *> ops : work) {
      // A kernel a skill made: named in program order like the others, and
      // given the weights it reads.
      if (auto launch = dyn_cast<gpu::LaunchOp>(ops.front())) {
        if (!launch.getFunctionAttr()) {
          FlatSymbolRefAttr symbol = nextKernelName();
          launch.setFunctionAttr(symbol);
          launch.setModuleAttr(symbol);
        }
        recordDispatch(launch, launch->getAttrOfType<IntegerAttr>("ks.dispatch"));
        sinkGlobalsIntoLaunch(launch);
        continue;
      }
      if (auto loop = dyn_cast<scf::ParallelOp>(ops.front())) {
        if (failed(mapParallelLoop(loop)))
          return signalPassFailure();
        continue;
      }
      if (ops.size() == 1 && !ops.front()->use_empty()) {
        ops.front()->emitError("host loop yields values; the seed lowering "
                               "cannot place it in a kernel");
        return signalPassFailure();
      }
      mapSequential(ops);
    }
  }
};

} // namespace
