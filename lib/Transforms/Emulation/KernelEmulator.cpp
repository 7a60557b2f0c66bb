//===- KernelEmulator.cpp - A GPU kernel as a CPU function ----------------===//
//
// ks-emulate-gpu-on-cpu's kernel emulation (EmulateGPUOnCPU.cpp says how):
// a kernel's blocks and threads as loops, its body split at barriers and
// shuffles into thread loops.
//
//===----------------------------------------------------------------------===//

#include "KernelEmulator.h"

#include "ks/Transforms/Utils/DefinedValues.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace {
constexpr int64_t kWarpSize = 32;

/// An op at which the threads of a block synchronize.
bool isSyncPoint(Operation *op) {
  return isa<gpu::BarrierOp, gpu::ShuffleOp, nvgpu::MmaSyncOp>(op);
}

bool containsSyncPoint(Operation *op) {
  return op->walk([](Operation *inner) {
           return isSyncPoint(inner) ? WalkResult::interrupt() : WalkResult::advance();
         })
      .wasInterrupted();
}

/// The same memref type in the CPU's (default) memory space.
Type withoutMemorySpace(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.getMemorySpace())
    return type;
  return MemRefType::get(memref.getShape(), memref.getElementType(), memref.getLayout());
}

/// One kernel turned into a CPU function: `(grid x, y, z, kernel args...)`.
class KernelEmulator {
public:
  KernelEmulator(gpu::GPUFuncOp kernel, std::array<int64_t, 3> blockSize)
      : kernel(kernel), blockSize(blockSize) {}

  FailureOr<func::FuncOp> build(ModuleOp top, StringRef name);

private:
  struct Thread {
    Value id[3];
    Value linear;
    IRMapping map;
  };

  gpu::GPUFuncOp kernel;
  std::array<int64_t, 3> blockSize;
  int64_t numThreads() const { return blockSize[0] * blockSize[1] * blockSize[2]; }
  Value gridSize[3], blockId[3];
  /// Where scratch and shared-memory buffers are allocated and freed.
  OpBuilder *entry = nullptr, *exit = nullptr;
  /// Values the same in every thread of a block: kernel arguments, block
  /// ids, shared memory, induction variables of uniform loops.
  IRMapping blockMap;
  /// Values kept per thread across a split: their memref<threads x T>.
  DenseMap<Value, Value> scratch;
  llvm::StringMap<std::string> movedGlobals;

  InFlightDiagnostic error(Operation *at, const Twine &message) {
    return at->emitOpError("cannot run on the CPU: ") << message;
  }
  Value constIndex(OpBuilder &b, int64_t v) {
    return arith::ConstantIndexOp::create(b, kernel.getLoc(), v);
  }
  Value newScratch(Type type) {
    auto buffer = memref::AllocOp::create(
        *entry, kernel.getLoc(), MemRefType::get({numThreads()}, withoutMemorySpace(type)));
    memref::DeallocOp::create(*exit, kernel.getLoc(), buffer);
    return buffer;
  }

  LogicalResult emitSequence(OpBuilder &b, Block &block);
  LogicalResult emitUniformFor(OpBuilder &b, scf::ForOp loop);
  LogicalResult emitUniformIf(OpBuilder &b, scf::IfOp branch);
  Value uniformValue(OpBuilder &b, Value v, bool sharedLoads);
  LogicalResult emitThreadLoop(OpBuilder &b,
                               function_ref<LogicalResult(OpBuilder &, Thread &)> body);
  LogicalResult emitSegment(OpBuilder &b, Block &block, ArrayRef<Operation *> ops);
  FailureOr<Value> inThread(OpBuilder &b, Thread &t, Value v, Operation *user);
  FailureOr<Value> atBlockLevel(OpBuilder &b, Value v, Operation *user);
  Value gpuIndexValue(OpBuilder &b, Operation *op, Thread &t);
  void replaceGpuIndexOps(Operation *cloned, Thread &t);
  LogicalResult receiveShuffle(OpBuilder &b, Thread &t, gpu::ShuffleOp shuffle);
  LogicalResult receiveMma(OpBuilder &b, Thread &t, nvgpu::MmaSyncOp mma);
  LogicalResult handOver(OpBuilder &b, Operation *op);
  /// Per exchange op, the buffers its operands were handed over in.
  DenseMap<Operation *, SmallVector<Value>> exchangeBuffers;
};

/// A pure op without regions: recomputing it where its result is needed is
/// the same as keeping the value.
bool isRecomputable(Operation *op) {
  return op && op->getNumRegions() == 0 && isMemoryEffectFree(op) && !isSyncPoint(op);
}

/// `v` as one value for the whole block where it is one: made of values
/// the same in every thread (block ids and sizes, kernel arguments,
/// induction variables of uniform loops) through pure ops, and with
/// `sharedLoads`, of loads from shared memory at such indices (every
/// thread reads the same word, as after a barrier); null otherwise.
Value KernelEmulator::uniformValue(OpBuilder &b, Value v, bool sharedLoads) {
  if (Value m = blockMap.lookupOrNull(v))
    return m;
  Operation *def = v.getDefiningOp();
  if (auto dim = dyn_cast_or_null<gpu::BlockIdOp>(def))
    return blockId[int(dim.getDimension())];
  if (auto dim = dyn_cast_or_null<gpu::GridDimOp>(def))
    return gridSize[int(dim.getDimension())];
  if (auto dim = dyn_cast_or_null<gpu::BlockDimOp>(def))
    return constIndex(b, blockSize[int(dim.getDimension())]);
  if (isa_and_nonnull<gpu::ThreadIdOp, gpu::LaneIdOp>(def))
    return nullptr;
  auto load = dyn_cast_or_null<memref::LoadOp>(def);
  auto space = load ? dyn_cast_or_null<gpu::AddressSpaceAttr>(load.getMemRefType().getMemorySpace())
                    : nullptr;
  bool sharedLoad = sharedLoads && space && space.getValue() == gpu::AddressSpace::Workgroup;
  if (!sharedLoad && !isRecomputable(def))
    return nullptr;
  IRMapping local;
  for (Value operand : def->getOperands()) {
    Value m = uniformValue(b, operand, sharedLoads);
    if (!m)
      return nullptr;
    local.map(operand, m);
  }
  return b.clone(*def, local)->getResult(cast<OpResult>(v).getResultNumber());
}

FailureOr<Value> KernelEmulator::atBlockLevel(OpBuilder &b, Value v, Operation *user) {
  if (Value m = uniformValue(b, v, /*sharedLoads=*/false))
    return m;
  error(user, "it synchronizes threads inside a loop whose bounds may differ between "
              "threads");
  return failure();
}

FailureOr<Value> KernelEmulator::inThread(OpBuilder &b, Thread &t, Value v, Operation *user) {
  if (Value m = t.map.lookupOrNull(v))
    return m;
  if (Value m = blockMap.lookupOrNull(v)) {
    t.map.map(v, m); // clones read the thread's map only
    return m;
  }
  if (auto it = scratch.find(v); it != scratch.end()) {
    Value loaded = memref::LoadOp::create(b, v.getLoc(), it->second, t.linear);
    t.map.map(v, loaded);
    return loaded;
  }
  Operation *def = v.getDefiningOp();
  if (def)
    if (Value index = gpuIndexValue(b, def, t)) {
      t.map.map(v, index);
      return index;
    }
  if (!isRecomputable(def)) {
    error(user, "a value it uses lives across a barrier and cannot be kept per thread");
    return failure();
  }
  for (Value operand : def->getOperands())
    if (failed(inThread(b, t, operand, user)))
      return failure();
  b.clone(*def, t.map);
  return t.map.lookup(v);
}

/// What a thread, block or grid id or size (`op`) is in thread `t`; null
/// for any other op.
Value KernelEmulator::gpuIndexValue(OpBuilder &b, Operation *op, Thread &t) {
  if (auto dim = dyn_cast<gpu::ThreadIdOp>(op))
    return t.id[int(dim.getDimension())];
  if (isa<gpu::LaneIdOp>(op))
    return arith::RemUIOp::create(b, op->getLoc(), t.linear, constIndex(b, kWarpSize));
  if (isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp>(op))
    return *atBlockLevel(b, op->getResult(0), op);
  return Value();
}

/// Ids and sizes nested in a cloned op become the emulation's.
void KernelEmulator::replaceGpuIndexOps(Operation *cloned, Thread &t) {
  SmallVector<Operation *> found;
  cloned->walk([&](Operation *op) {
    if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp, gpu::LaneIdOp>(op))
      found.push_back(op);
  });
  for (Operation *op : found) {
    OpBuilder b(op);
    op->getResult(0).replaceAllUsesWith(gpuIndexValue(b, op, t));
    op->erase();
  }
}

LogicalResult KernelEmulator::emitThreadLoop(
    OpBuilder &b, function_ref<LogicalResult(OpBuilder &, Thread &)> body) {
  Location loc = kernel.getLoc();
  OpBuilder::InsertionGuard guard(b);
  Thread t;
  Value zero = constIndex(b, 0), one = constIndex(b, 1);
  for (int d = 2; d >= 0; --d) {
    if (blockSize[d] == 1) {
      t.id[d] = zero;
      continue;
    }
    auto loop = scf::ForOp::create(b, loc, zero, constIndex(b, blockSize[d]), one);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    t.id[d] = loop.getInductionVar();
  }
  Value bx = constIndex(b, blockSize[0]), by = constIndex(b, blockSize[1]);
  t.linear = arith::AddIOp::create(
      b, loc, t.id[0],
      arith::MulIOp::create(b, loc, bx,
                            arith::AddIOp::create(b, loc, t.id[1],
                                                  arith::MulIOp::create(b, loc, by, t.id[2]))));
  // Each thread's stack allocations (a kernel's private arrays, registers on
  // the GPU) are released when the thread ends: otherwise they pile up on
  // the CPU's stack across every emulated thread of the grid. Not a
  // memref.alloca_scope: its single block cannot hold the control flow the
  // kernel's loops become before the scope is lowered.
  auto stackPtr = LLVM::LLVMPointerType::get(b.getContext());
  Value saved = LLVM::StackSaveOp::create(b, loc, stackPtr);
  LogicalResult emitted = body(b, t);
  LLVM::StackRestoreOp::create(b, loc, saved);
  return emitted;
}

/// Runs `ops` (between two splits of `block`) in every thread; keeps what
/// later splits use.
LogicalResult KernelEmulator::emitSegment(OpBuilder &b, Block &block,
                                          ArrayRef<Operation *> ops) {
  if (ops.empty())
    return success();
  llvm::SmallPtrSet<Operation *, 16> inSegment(ops.begin(), ops.end());
  // Whether a later split reads `v`, directly or through values recomputed
  // there (which need their operands).
  DenseMap<Value, bool> memo;
  std::function<bool(Value)> usedLater = [&](Value v) {
    auto [it, inserted] = memo.try_emplace(v, false);
    if (!inserted)
      return it->second;
    bool later = false;
    for (Operation *user : v.getUsers()) {
      Operation *ancestor = block.findAncestorOpInBlock(*user);
      if (!ancestor || !inSegment.contains(ancestor))
        later = true;
      else if (ancestor == user && isRecomputable(user))
        later = llvm::any_of(user->getResults(), usedLater);
      if (later)
        break;
    }
    return memo[v] = later;
  };
  return emitThreadLoop(b, [&](OpBuilder &b, Thread &t) -> LogicalResult {
    for (Operation *op : ops) {
      if (llvm::all_of(op->getResults(), [&](Value r) { return blockMap.contains(r); }) &&
          op->getNumResults() > 0)
        continue; // shared memory: mapped to its buffer
      if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op)) {
        if (failed(receiveShuffle(b, t, shuffle)))
          return failure();
      } else if (auto mma = dyn_cast<nvgpu::MmaSyncOp>(op)) {
        if (failed(receiveMma(b, t, mma)))
          return failure();
      } else if (Value index = gpuIndexValue(b, op, t)) {
        t.map.map(op->getResult(0), index);
      } else {
        // Everything the op reads from above, its regions included.
        llvm::SetVector<Value> used(op->operand_begin(), op->operand_end());
        for (Region &region : op->getRegions())
          getUsedValuesDefinedAbove(region, used);
        for (Value v : used)
          if (failed(inThread(b, t, v, op)))
            return failure();
        replaceGpuIndexOps(b.clone(*op, t.map), t);
      }
      for (Value r : op->getResults()) {
        if (isRecomputable(op) || !usedLater(r))
          continue;
        if (isa<BaseMemRefType>(r.getType()))
          return error(op, "a buffer it makes lives across a barrier");
        Value buffer = newScratch(r.getType());
        memref::StoreOp::create(b, r.getLoc(), t.map.lookup(r), buffer, t.linear);
        scratch[r] = buffer;
      }
    }
    return success();
  });
}

/// gpu.shuffle in a thread: the value its partner lane stored before the
/// split. A lane whose partner is outside the width reads its own value,
/// with `valid` false.
LogicalResult KernelEmulator::receiveShuffle(OpBuilder &b, Thread &t, gpu::ShuffleOp shuffle) {
  Location loc = shuffle.getLoc();
  FailureOr<Value> offset32 = inThread(b, t, shuffle.getOffset(), shuffle);
  FailureOr<Value> width32 = inThread(b, t, shuffle.getWidth(), shuffle);
  if (failed(offset32) || failed(width32))
    return failure();
  auto toIndex = [&](Value v) {
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v).getResult();
  };
  Value offset = toIndex(*offset32), width = toIndex(*width32);
  Value lane = arith::RemUIOp::create(b, loc, t.linear, constIndex(b, kWarpSize));
  Value warpStart = arith::SubIOp::create(b, loc, t.linear, lane);
  Value partner, valid;
  switch (shuffle.getMode()) {
  case gpu::ShuffleMode::XOR:
    partner = arith::XOrIOp::create(b, loc, lane, offset);
    break;
  case gpu::ShuffleMode::DOWN:
    partner = arith::AddIOp::create(b, loc, lane, offset);
    break;
  case gpu::ShuffleMode::UP:
    // Unsigned: a lane below the offset wraps to a huge index, invalid.
    partner = arith::SubIOp::create(b, loc, lane, offset);
    break;
  case gpu::ShuffleMode::IDX:
    partner = offset;
    break;
  }
  valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, partner, width);
  Value source = arith::AddIOp::create(b, loc, warpStart, partner);
  valid = arith::AndIOp::create(
      b, loc, valid,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, source,
                            constIndex(b, numThreads())));
  source = arith::SelectOp::create(b, loc, valid, source, t.linear);
  Value value = memref::LoadOp::create(b, loc, exchangeBuffers.lookup(shuffle)[0], source);
  t.map.map(shuffle.getShuffleResult(), value);
  t.map.map(shuffle.getValid(), valid);
  return success();
}

/// nvgpu.mma.sync m16n8k8 on TF32 in a thread: its four outputs of the
/// warp's 16 x 8 product, from the fragments every lane handed over (PTX's
/// layout: lane 4g + t holds A rows g, g + 8 at columns t, t + 4, B rows t,
/// t + 4 at column g, C row g, g + 8 at columns 2t, 2t + 1). Operands are
/// truncated to TF32 as the tensor core reads them; the products (exact in
/// f32) and C are summed in f64 and the sum rounded toward zero to f32: the
/// tensor core truncates where an FMA rounds to nearest, so a long chain of
/// mma.sync into one accumulator drifts toward zero (on the H100, by
/// 3.7e-3 over K = 4096 with inputs in [-1, 1)), and the emulation shows it.
LogicalResult KernelEmulator::receiveMma(OpBuilder &b, Thread &t, nvgpu::MmaSyncOp mma) {
  Location loc = mma.getLoc();
  SmallVector<Value> buffers = exchangeBuffers.lookup(mma);
  Value lane = arith::RemUIOp::create(b, loc, t.linear, constIndex(b, kWarpSize));
  Value warpStart = arith::SubIOp::create(b, loc, t.linear, lane);
  Value g = arith::DivUIOp::create(b, loc, lane, constIndex(b, 4));
  Value tq = arith::RemUIOp::create(b, loc, lane, constIndex(b, 4));
  auto element = [&](Value buffer, Value fromLane, int64_t row, int64_t col) -> Value {
    Value vec = memref::LoadOp::create(
        b, loc, buffer, ValueRange{arith::AddIOp::create(b, loc, warpStart, fromLane)});
    return vector::ExtractOp::create(b, loc, vec, ArrayRef<int64_t>{row, col});
  };
  auto toTf32 = [&](Value x) -> Value {
    Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
    bits = arith::AndIOp::create(
        b, loc, bits, arith::ConstantIntOp::create(b, loc, b.getI32Type(), int32_t(0xffffe000u)));
    return arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
  };
  Type f64 = b.getF64Type();
  // f64 -> f32 rounded toward zero: to nearest, then one step back toward
  // zero where that overshot (one less in the bit pattern, either sign).
  auto towardZero = [&](Value wide) -> Value {
    Value nearest = arith::TruncFOp::create(b, loc, b.getF32Type(), wide);
    Value overshot = arith::CmpFOp::create(
        b, loc, arith::CmpFPredicate::OGT,
        math::AbsFOp::create(b, loc, arith::ExtFOp::create(b, loc, f64, nearest).getResult()),
        math::AbsFOp::create(b, loc, wide));
    Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), nearest);
    Value back = arith::BitcastOp::create(
        b, loc, b.getF32Type(),
        arith::SubIOp::create(b, loc, bits,
                              arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1)));
    return arith::SelectOp::create(b, loc, overshot, back, nearest);
  };
  Value own = memref::LoadOp::create(b, loc, buffers[2], ValueRange{t.linear});
  Value result = own;
  for (int64_t r = 0; r < 2; ++r)
    for (int64_t col = 0; col < 2; ++col) {
      Value n = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, tq, constIndex(b, 2)), constIndex(b, col));
      Value sum = arith::ExtFOp::create(
          b, loc, f64,
          vector::ExtractOp::create(b, loc, own, ArrayRef<int64_t>{r, col}).getResult());
      for (int64_t k = 0; k < 8; ++k) {
        Value aLane = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, g, constIndex(b, 4)), constIndex(b, k % 4));
        Value bLane = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, n, constIndex(b, 4)), constIndex(b, k % 4));
        Value a = toTf32(element(buffers[0], aLane, r + 2 * (k / 4), 0));
        Value bk = toTf32(element(buffers[1], bLane, k / 4, 0));
        Value product = arith::MulFOp::create(b, loc, a, bk);
        sum = arith::AddFOp::create(b, loc, sum,
                                    arith::ExtFOp::create(b, loc, f64, product).getResult());
      }
      result = vector::InsertOp::create(b, loc, towardZero(sum), result,
                                        ArrayRef<int64_t>{r, col});
    }
  t.map.map(mma.getRes(), result);
  return success();
}

/// A loop around a split: run once per block, around thread loops; what it
/// carries is kept per thread.
LogicalResult KernelEmulator::emitUniformFor(OpBuilder &b, scf::ForOp loop) {
  FailureOr<Value> lb = atBlockLevel(b, loop.getLowerBound(), loop);
  FailureOr<Value> ub = atBlockLevel(b, loop.getUpperBound(), loop);
  FailureOr<Value> step = atBlockLevel(b, loop.getStep(), loop);
  if (failed(lb) || failed(ub) || failed(step))
    return failure();
  SmallVector<Value> carried;
  for (Value init : loop.getInitArgs())
    carried.push_back(newScratch(init.getType()));
  auto storeAll = [&](ValueRange values, Operation *user) {
    return emitThreadLoop(b, [&](OpBuilder &b, Thread &t) -> LogicalResult {
      for (auto [v, buffer] : llvm::zip(values, carried)) {
        FailureOr<Value> m = inThread(b, t, v, user);
        if (failed(m))
          return failure();
        memref::StoreOp::create(b, loop.getLoc(), *m, buffer, t.linear);
      }
      return success();
    });
  };
  if (!carried.empty() && failed(storeAll(loop.getInitArgs(), loop)))
    return failure();
  auto outer = scf::ForOp::create(b, loop.getLoc(), *lb, *ub, *step);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(outer.getBody()->getTerminator());
    IRMapping saved = blockMap;
    blockMap.map(loop.getInductionVar(), outer.getInductionVar());
    for (auto [arg, buffer] : llvm::zip(loop.getRegionIterArgs(), carried))
      scratch[arg] = buffer;
    if (failed(emitSequence(b, *loop.getBody())))
      return failure();
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    if (!carried.empty() && failed(storeAll(yield.getOperands(), yield)))
      return failure();
    blockMap = saved;
  }
  for (auto [result, buffer] : llvm::zip(loop.getResults(), carried))
    scratch[result] = buffer;
  return success();
}

/// A branch around a split: its condition must be the same in every thread
/// of the block (as ks-finish-in-last-block's last-block test, read from
/// shared memory after a barrier); the branch then runs once per block
/// around its thread loops.
LogicalResult KernelEmulator::emitUniformIf(OpBuilder &b, scf::IfOp branch) {
  Value condition = branch.getNumResults() == 0
                        ? uniformValue(b, branch.getCondition(), /*sharedLoads=*/true)
                        : nullptr;
  if (!condition)
    return error(branch, "it contains a barrier or shuffle that threads may reach "
                         "a different number of times");
  auto outer = scf::IfOp::create(b, branch.getLoc(), condition, branch.elseBlock() != nullptr);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(outer.thenBlock()->getTerminator());
  if (failed(emitSequence(b, *branch.thenBlock())))
    return failure();
  if (branch.elseBlock()) {
    b.setInsertionPoint(outer.elseBlock()->getTerminator());
    if (failed(emitSequence(b, *branch.elseBlock())))
      return failure();
  }
  return success();
}

/// Every lane hands over what `op` exchanges among them (a shuffle's value,
/// an mma's operands), each in a scratch buffer of its own
/// (exchangeBuffers[op]), before any lane reads.
LogicalResult KernelEmulator::handOver(OpBuilder &b, Operation *op) {
  SmallVector<Value> values;
  if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op))
    values.push_back(shuffle.getValue());
  else
    llvm::append_range(values, op->getOperands());
  SmallVector<Value> buffers;
  for (Value v : values)
    buffers.push_back(newScratch(v.getType()));
  exchangeBuffers[op] = buffers;
  return emitThreadLoop(b, [&](OpBuilder &b, Thread &t) -> LogicalResult {
    for (auto [value, buffer] : llvm::zip(values, buffers)) {
      FailureOr<Value> v = inThread(b, t, value, op);
      if (failed(v))
        return failure();
      memref::StoreOp::create(b, op->getLoc(), *v, buffer, t.linear);
    }
    return success();
  });
}

LogicalResult KernelEmulator::emitSequence(OpBuilder &b, Block &block) {
  SmallVector<Operation *> segment;
  for (Operation &op : block.without_terminator()) {
    if (auto mma = dyn_cast<nvgpu::MmaSyncOp>(op))
      if (mma.getMmaShapeAsArray() != std::array<int64_t, 3>{16, 8, 8} || !mma.getTf32Enabled() ||
          mma.getMatrixA().getType() != VectorType::get({4, 1}, Float32Type::get(op.getContext())))
        return error(&op, "only mma.sync m16n8k8 on TF32 operands is emulated");
    if (!containsSyncPoint(&op)) {
      segment.push_back(&op);
      continue;
    }
    if (failed(emitSegment(b, block, segment)))
      return failure();
    segment.clear();
    if (isa<gpu::BarrierOp>(op))
      continue;
    if (isa<gpu::ShuffleOp, nvgpu::MmaSyncOp>(op)) {
      if (failed(handOver(b, &op)))
        return failure();
      segment.push_back(&op); // received at the start of the next segment
      continue;
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      if (failed(emitUniformFor(b, loop)))
        return failure();
      continue;
    }
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      if (failed(emitUniformIf(b, branch)))
        return failure();
      continue;
    }
    return error(&op, "it contains a barrier or shuffle that threads may reach "
                      "a different number of times");
  }
  return emitSegment(b, block, segment);
}

FailureOr<func::FuncOp> KernelEmulator::build(ModuleOp top, StringRef name) {
  Location loc = kernel.getLoc();
  // What the CPU cannot run.
  WalkResult unsupported = kernel.walk([&](Operation *op) {
    bool known = isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp,
                     gpu::LaneIdOp, gpu::BarrierOp, gpu::ShuffleOp, gpu::ReturnOp>(op);
    StringRef dialect = op->getDialect() ? op->getDialect()->getNamespace() : "";
    if (!known && op != kernel && (dialect == "gpu" || dialect == "nvvm" || dialect == "rocdl")) {
      error(op, "no CPU equivalent");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (unsupported.wasInterrupted())
    return failure();
  if (!kernel.getBody().hasOneBlock()) {
    error(kernel, "its body has more than one block");
    return failure();
  }
  if (!kernel.getPrivateAttributions().empty()) {
    error(kernel, "private memory attributions are not supported");
    return failure();
  }

  OpBuilder b(top.getContext());
  b.setInsertionPointToEnd(top.getBody());
  SmallVector<Type> argTypes(3, b.getIndexType());
  for (Type t : kernel.getArgumentTypes())
    argTypes.push_back(withoutMemorySpace(t));
  auto func = func::FuncOp::create(b, loc, name, b.getFunctionType(argTypes, {}));
  func.setPrivate();
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  auto ret = func::ReturnOp::create(b, loc);
  for (int d = 0; d < 3; ++d)
    gridSize[d] = body->getArgument(d);
  // The body's first arguments are the kernel's; its workgroup
  // attributions follow.
  for (auto [i, arg] : llvm::enumerate(kernel.getArguments().take_front(kernel.getNumArguments())))
    blockMap.map(arg, body->getArgument(3 + i));

  // The blocks, one after another.
  b.setInsertionPoint(ret);
  Value zero = constIndex(b, 0), one = constIndex(b, 1);
  // Buffers are allocated before the blocks run and freed after.
  OpBuilder entryBuilder(zero.getDefiningOp()), exitBuilder(ret);
  entry = &entryBuilder;
  exit = &exitBuilder;
  for (int d = 2; d >= 0; --d) {
    auto loop = scf::ForOp::create(b, loc, zero, gridSize[d], one);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    blockId[d] = loop.getInductionVar();
  }
  // Shared memory: one buffer per workgroup attribution and per workgroup
  // global; other globals move to the host module.
  for (BlockArgument attribution : kernel.getWorkgroupAttributions()) {
    auto buffer = memref::AllocOp::create(
        entryBuilder, loc, cast<MemRefType>(withoutMemorySpace(attribution.getType())));
    memref::DeallocOp::create(exitBuilder, loc, buffer);
    blockMap.map(attribution, buffer);
  }
  auto gpuModule = kernel->getParentOfType<gpu::GPUModuleOp>();
  WalkResult badGlobal = kernel.walk([&](memref::GetGlobalOp get) {
    auto global = gpuModule.lookupSymbol<memref::GlobalOp>(get.getNameAttr());
    if (!global) {
      error(get, "its global is not in the kernel's module");
      return WalkResult::interrupt();
    }
    auto type = global.getType();
    if (auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
        space && space.getValue() == gpu::AddressSpace::Workgroup) {
      auto buffer =
          memref::AllocOp::create(entryBuilder, loc, cast<MemRefType>(withoutMemorySpace(type)),
                                  global.getAlignmentAttr());
      memref::DeallocOp::create(exitBuilder, loc, buffer);
      blockMap.map(get.getResult(), buffer);
      return WalkResult::advance();
    }
    if (!movedGlobals.count(global.getSymName())) {
      OpBuilder g(top.getContext());
      g.setInsertionPointToStart(top.getBody());
      auto copy = cast<memref::GlobalOp>(g.clone(*global));
      copy.setSymName((name + "_" + global.getSymName()).str());
      copy.setType(cast<MemRefType>(withoutMemorySpace(type)));
      movedGlobals[global.getSymName()] = copy.getSymName().str();
    }
    return WalkResult::advance();
  });
  if (badGlobal.wasInterrupted())
    return failure();
  // Helper functions the kernel calls (math-to-funcs' integer powers).
  kernel.walk([&](func::CallOp call) {
    if (top.lookupSymbol(call.getCalleeAttr()))
      return;
    if (Operation *callee = gpuModule.lookupSymbol(call.getCalleeAttr())) {
      OpBuilder g(top.getContext());
      g.setInsertionPointToEnd(top.getBody());
      g.clone(*callee);
    }
  });

  if (failed(emitSequence(b, kernel.getBody().front())))
    return failure();

  // The CPU has one memory space; moved globals keep their new names.
  func.walk([&](Operation *op) {
    ks::forEachDefinedValue(op, [](Value v) { v.setType(withoutMemorySpace(v.getType())); });
    if (auto get = dyn_cast<memref::GetGlobalOp>(op))
      if (auto it = movedGlobals.find(get.getName()); it != movedGlobals.end())
        get.setName(it->second);
  });
  return func;
}
} // namespace

FailureOr<func::FuncOp> ks::emulateKernel(gpu::GPUFuncOp kernel,
                                          std::array<int64_t, 3> blockSize, ModuleOp top,
                                          StringRef name) {
  return KernelEmulator(kernel, blockSize).build(top, name);
}
