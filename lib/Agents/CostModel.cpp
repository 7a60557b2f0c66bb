//===- CostModel.cpp - The Profiler's estimate when there is no GPU -------===//

#include "ks/Agents/CostModel.h"

#include "AccessSteps.h"
#include "StraightAccesses.h"
#include "ks/Skills/WorkEstimate.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <cmath>
#include <functional>

using namespace mlir;
using namespace ks::agents;
namespace json = llvm::json;

namespace {
enum class Space { Global, Shared, Private };

/// Where a memref lives: shared by its address space, private when it comes
/// from an alloca (registers once unrolled), global otherwise.
Space spaceOf(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (type) {
    if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace())) {
      if (gpuSpace.getValue() == gpu::AddressSpace::Workgroup)
        return Space::Shared;
      if (gpuSpace.getValue() == gpu::AddressSpace::Private)
        return Space::Private;
    }
    if (auto intSpace = dyn_cast_or_null<IntegerAttr>(type.getMemorySpace()))
      if (intSpace.getInt() == 3)
        return Space::Shared;
  }
  // Through views to the allocation.
  while (Operation *def = memref.getDefiningOp()) {
    if (isa<memref::AllocaOp>(def))
      return Space::Private;
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      memref = view.getViewSource();
      continue;
    }
    break;
  }
  return Space::Global;
}

/// Bytes one access of `type` moves (a vector's elements, a memref's
/// element).
double accessBytes(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return double(vector.getNumElements()) * accessBytes(vector.getElementType());
  if (auto memref = dyn_cast<MemRefType>(type))
    return accessBytes(memref.getElementType());
  if (type.isIntOrFloat())
    return std::max(1u, type.getIntOrFloatBitWidth() / 8);
  if (type.isIndex())
    return 8;
  return 4;
}

double lanesOf(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return double(vector.getNumElements());
  return 1;
}

/// Per-thread work of one kernel.
struct Counts {
  double flops = 0, transcendentals = 0, globalLoad = 0, globalStore = 0, shared = 0;
  /// Multiply-add work of warp-level tensor-core ops (mma.sync), this
  /// thread's share.
  double tensorFlops = 0;
  /// The same for warpgroup ops (wgmma), by operand type: TF32, and 16-bit
  /// (bf16, f16) at twice its rate.
  double wgmmaTf32Flops = 0, wgmma16BitFlops = 0;
  /// Global load/store instructions (a vector access wider than its proven
  /// alignment is split into accesses of the alignment).
  double globalAccesses = 0;
  /// Rounds of global loads a thread waits for one after another: a GPU
  /// does not run ahead of a load's use, so each trip of a loop whose body
  /// loads is one round trip to memory; the loads one trip issues share it.
  double loadRounds = 0;
  bool exact = true;
  llvm::SmallPtrSet<Value, 8> readBuffers, writtenBuffers;
  /// Per thread, the bytes loaded from each root buffer in each phase of
  /// the kernel (numbered in order): each outermost loop is a phase, and
  /// so is the straight code between two barriers outside loops. A row
  /// kernel that walks its row once per op reads it again in each op's.
  llvm::DenseMap<Value, llvm::SmallDenseMap<unsigned, double>> loadedByPhase;

  /// Per thread, the bytes loaded from `root` in all phases.
  double loadedFrom(Value root) const {
    double bytes = 0;
    auto it = loadedByPhase.find(root);
    if (it != loadedByPhase.end())
      for (const auto &phase : it->second)
        bytes += phase.second;
    return bytes;
  }
  /// Per thread, the bytes of 32-byte sectors that global accesses move
  /// between L1 and L2 beyond the bytes they use: a warp whose neighbouring
  /// threads are a row apart (a transpose's strided side) touches a sector
  /// per thread for 4 bytes of each.
  double sectorExcess = 0;
  /// Per thread, the bytes of extra L1 lines its warp's accesses look up
  /// (KernelEstimate::l1LineExcessBytes).
  double l1LineExcess = 0;
  /// Cluster barrier waits a thread passes (nvvm.cluster.wait).
  double clusterWaits = 0;
  /// Block barriers outside loops that a thread reaches with global loads
  /// issued since the one before (KernelEstimate::loadDrains).
  double loadDrains = 0;
  bool loadedSinceBarrier = false;
  /// Ops one thread of the block runs alone (under `thread_id == c`) while
  /// the others wait for it at a barrier: a scan's running total carried
  /// through its chunks. Counted once per block, not per thread.
  double singleThreadOps = 0;
  /// Loads issued ahead of their use without a thread waiting (cp.async,
  /// TMA, wgmma's asynchronous operands): a pipeline, not the warps an SM
  /// holds, hides their latency.
  bool asyncLoads = false;
};

class KernelCounter {
public:
  /// `arguments` maps the kernel's arguments to constants passed at launch.
  /// `blockThreads`: the launch's threads per block.
  KernelCounter(llvm::DenseMap<Value, int64_t> arguments, int64_t blockThreads)
      : arguments(std::move(arguments)), blockThreads(std::max<int64_t>(blockThreads, 1)) {}

  void count(Region &region, double times, Counts &c) {
    const StraightAccesses *outer = straight;
    for (Block &block : region) {
      StraightAccesses accesses(block, [](Value m) { return spaceOf(m) == Space::Global; });
      for (Operation &op : block) {
        straight = &accesses;
        count(op, times, c);
      }
    }
    straight = outer;
  }

private:
  llvm::DenseMap<Value, int64_t> arguments;
  int64_t blockThreads;
  /// The phase of the kernel the op being counted is in (Counts::
  /// loadedByPhase), and whether it is in a loop.
  unsigned phase = 0;
  bool inLoop = false;
  /// The accesses of the block the op being counted is in.
  const StraightAccesses *straight = nullptr;

  /// Counts `region` as the body of a loop: a phase of its own where it is
  /// not nested in another loop.
  void countLoopBody(Region &region, double times, Counts &c) {
    bool outermost = !inLoop;
    if (outermost) {
      ++phase;
      inLoop = true;
    }
    count(region, times, c);
    if (outermost) {
      ++phase;
      inLoop = false;
    }
  }

  std::optional<int64_t> constant(Value v) {
    APInt value;
    if (matchPattern(v, m_ConstantInt(&value)))
      return value.getSExtValue();
    auto it = arguments.find(v);
    if (it != arguments.end())
      return it->second;
    return std::nullopt;
  }

  /// `alignment`: the access's alignment attribute, 0 when it has none
  /// (the lowering then aligns it to its element and it becomes scalar
  /// accesses).
  void access(Value memref, Type moved, bool store, double times, Counts &c,
              uint64_t alignment = 0, Operation *at = nullptr, ValueRange indices = {}) {
    double bytes = accessBytes(moved) * times;
    switch (spaceOf(memref)) {
    case Space::Shared:
      c.shared += bytes;
      break;
    case Space::Private:
      break;
    case Space::Global: {
      double width = accessBytes(getElementTypeOrSelf(moved));
      if (alignment)
        width = std::clamp(double(alignment), width, std::min(16.0, accessBytes(moved)));
      c.globalAccesses += bytes / width;
      (store ? c.globalStore : c.globalLoad) += bytes;
      (store ? c.writtenBuffers : c.readBuffers).insert(bufferRoot(memref));
      if (!store) {
        c.loadedByPhase[bufferRoot(memref)][phase] += bytes;
        c.loadedSinceBarrier = true;
      }
      if (at)
        if (std::optional<int64_t> stride = laneStride(memref, indices)) {
          c.sectorExcess += times * sectorExcess(memref, moved, at, indices, *stride);
          c.l1LineExcess += times * l1LineExcess(moved, *stride);
        }
      break;
    }
    }
  }

  /// The elements between the places neighbouring threads of a warp
  /// access (a warp's lanes are its neighbouring threads: a row kernel
  /// split among a warp's lanes indexes by the lane id), if known.
  static std::optional<int64_t> laneStride(Value memref, ValueRange indices) {
    Steps threads([](Value v) {
      auto id = v.getDefiningOp<gpu::ThreadIdOp>();
      return (id && id.getDimension() == gpu::Dimension::x) || v.getDefiningOp<gpu::LaneIdOp>();
    });
    return threadStride(memref, indices, threads);
  }

  /// The bytes of sectors one access by every thread of a warp moves
  /// beyond the bytes it uses, per thread, its lanes `stride` elements
  /// apart: none where neighbouring threads access neighbouring elements,
  /// or where the thread itself walks on through the sector in a loop
  /// around the access (L1 serves the rest).
  double sectorExcess(Value memref, Type moved, Operation *at, ValueRange indices,
                      int64_t stride) {
    if (stride == 0)
      return 0;
    double element = accessBytes(getElementTypeOrSelf(moved));
    double width = accessBytes(moved);
    double apart = std::abs(double(stride)) * element;
    if (apart <= width)
      return 0;
    for (auto loop = at->getParentOfType<scf::ForOp>(); loop;
         loop = loop->getParentOfType<scf::ForOp>()) {
      Value iv = loop.getInductionVar();
      Steps walk([iv](Value v) { return v == iv; });
      std::optional<int64_t> s = threadStride(memref, indices, walk);
      if (s && *s != 0 && std::abs(double(*s)) * element < 32)
        return 0;
    }
    // A warp's sectors: one per thread (or per 32 bytes of its access) once
    // the threads are a sector apart, else the span they cover.
    double sectors = apart >= 32 ? 32 * std::ceil(width / 32)
                                 : std::ceil((31 * apart + width) / 32);
    // 32-byte sectors over the warp's 32 threads: `sectors` bytes a thread.
    return std::max(0.0, sectors - width);
  }

  /// The bytes of L1 lines one access by every thread of a warp looks up
  /// beyond the lines its bytes fill, per thread, where neighbouring
  /// threads are 16 bytes or more apart: a lookup per 128-byte line even
  /// when the sectors hit (sectorExcess leaves those to L1).
  static double l1LineExcess(Type moved, int64_t stride) {
    double apart = std::abs(double(stride)) * accessBytes(getElementTypeOrSelf(moved));
    double width = accessBytes(moved);
    if (apart < 16 || apart <= width)
      return 0;
    double lines = std::min(32.0, std::ceil(32 * apart / 128));
    double needed = std::ceil(32 * width / 128);
    return std::max(0.0, lines - needed) * 128 / 32;
  }

  static uint64_t alignmentOf(Operation *op) {
    auto attr = op->getAttrOfType<IntegerAttr>("alignment");
    return attr ? attr.getValue().getZExtValue() : 0;
  }

  /// Whether `region` loads from global memory outside the loops nested in
  /// it.
  static bool loadsGlobalDirectly(Region &region) {
    for (Block &block : region)
      for (Operation &op : block) {
        if (isa<scf::ForOp, scf::ParallelOp>(op))
          continue;
        Value source;
        if (auto load = dyn_cast<memref::LoadOp>(op))
          source = load.getMemRef();
        else if (auto load = dyn_cast<vector::LoadOp>(op))
          source = load.getBase();
        else if (auto read = dyn_cast<vector::TransferReadOp>(op))
          source = read.getBase();
        if (source && isa<MemRefType>(source.getType()) && spaceOf(source) == Space::Global)
          return true;
        for (Region &nested : op.getRegions())
          if (loadsGlobalDirectly(nested))
            return true;
      }
    return false;
  }

  /// Whether `condition` holds in one thread of a block: thread_id == c
  /// (any dimension), alone or and-ed with other conditions.
  static bool isSingleThread(Value condition) {
    if (auto both = condition.getDefiningOp<arith::AndIOp>())
      return isSingleThread(both.getLhs()) || isSingleThread(both.getRhs());
    auto compare = condition.getDefiningOp<arith::CmpIOp>();
    if (!compare || compare.getPredicate() != arith::CmpIPredicate::eq)
      return false;
    Value lhs = compare.getLhs(), rhs = compare.getRhs();
    auto isThreadId = [](Value v) { return v.getDefiningOp<gpu::ThreadIdOp>() != nullptr; };
    return (isThreadId(lhs) && matchPattern(rhs, m_Constant())) ||
           (isThreadId(rhs) && matchPattern(lhs, m_Constant()));
  }

  /// The ops `region` runs `times` over, its loops' trips counted.
  double opsIn(Region &region, double times) {
    double ops = 0;
    for (Block &block : region)
      for (Operation &op : block) {
        if (isa<scf::YieldOp, arith::ConstantOp>(op))
          continue;
        double inner = times;
        if (auto loop = dyn_cast<scf::ForOp>(op)) {
          std::optional<int64_t> lb = constant(loop.getLowerBound()),
                                 ub = constant(loop.getUpperBound()),
                                 step = constant(loop.getStep());
          if (lb && ub && step && *step > 0)
            inner *= double(std::max<int64_t>(0, (*ub - *lb + *step - 1) / *step));
        }
        if (op.getNumRegions() == 0)
          ops += times;
        for (Region &nested : op.getRegions())
          ops += opsIn(nested, inner);
      }
    return ops;
  }

  /// An scf.if taken by one thread of each block: its work counted once
  /// per block (a share of each thread's), and its ops as that thread's
  /// serial chain; the else branch (every other thread) as usual.
  void countSingleThread(scf::IfOp branch, double times, Counts &c) {
    c.singleThreadOps += opsIn(branch.getThenRegion(), times);
    count(branch.getThenRegion(), times / double(blockThreads), c);
    count(branch.getElseRegion(), times, c);
  }

public:
  /// The kernel body's rounds outside any loop.
  void countTopLevelRounds(Region &region, Counts &c) {
    if (loadsGlobalDirectly(region))
      c.loadRounds += 1;
  }

private:
  void count(Operation &op, double times, Counts &c) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      std::optional<int64_t> lb = constant(loop.getLowerBound()),
                             ub = constant(loop.getUpperBound()),
                             step = constant(loop.getStep());
      double trips = 1;
      if (lb && ub && step && *step > 0)
        trips = double(std::max<int64_t>(0, (*ub - *lb + *step - 1) / *step));
      else
        c.exact = false;
      if (loadsGlobalDirectly(loop.getRegion()))
        c.loadRounds += times * trips;
      countLoopBody(loop.getRegion(), times * trips, c);
      return;
    }
    if (auto loop = dyn_cast<scf::ParallelOp>(op)) {
      double trips = 1;
      for (auto [lbv, ubv, stepv] :
           llvm::zip(loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
        std::optional<int64_t> lb = constant(lbv), ub = constant(ubv), step = constant(stepv);
        if (lb && ub && step && *step > 0)
          trips *= double(std::max<int64_t>(0, (*ub - *lb + *step - 1) / *step));
        else
          c.exact = false;
      }
      countLoopBody(loop.getRegion(), times * trips, c);
      return;
    }
    if (auto branch = dyn_cast<scf::IfOp>(op); branch && isSingleThread(branch.getCondition())) {
      countSingleThread(branch, times, c);
      return;
    }
    llvm::TypeSwitch<Operation *>(&op)
        .Case([&](memref::LoadOp o) {
          // A place the block loaded already is loaded once (LLVM reuses it).
          if (!straight || !straight->repeatsEarlierLoad(o))
            access(o.getMemRef(), o.getType(), false, times, c, 0, o, o.getIndices());
        })
        .Case([&](memref::StoreOp o) {
          access(o.getMemRef(), o.getValueToStore().getType(), true, times, c, 0, o,
                 o.getIndices());
        })
        .Case([&](vector::LoadOp o) {
          access(o.getBase(), o.getType(), false, times, c, alignmentOf(o), o, o.getIndices());
        })
        .Case([&](vector::StoreOp o) {
          access(o.getBase(), o.getValueToStore().getType(), true, times, c, alignmentOf(o), o,
                 o.getIndices());
        })
        .Case([&](vector::TransferReadOp o) {
          if (isa<MemRefType>(o.getBase().getType()))
            access(o.getBase(), o.getType(), false, times, c);
        })
        .Case([&](vector::TransferWriteOp o) {
          if (isa<MemRefType>(o.getBase().getType()))
            access(o.getBase(), o.getVector().getType(), true, times, c);
        })
        .Case([&](vector::MaskedLoadOp o) { access(o.getBase(), o.getType(), false, times, c); })
        .Case([&](vector::MaskedStoreOp o) {
          access(o.getBase(), o.getValueToStore().getType(), true, times, c);
        })
        .Case<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp, arith::MaximumFOp,
              arith::MinimumFOp, arith::MaxNumFOp, arith::MinNumFOp, arith::NegFOp,
              arith::RemFOp>([&](Operation *o) {
          c.flops += lanesOf(o->getResult(0).getType()) * times;
        })
        .Case([&](nvgpu::DeviceAsyncCopyOp o) {
          // Global to shared, asynchronously: the thread does not wait on
          // it (no load round), the bytes move through both.
          auto type = VectorType::get({o.getDstElements().getSExtValue()},
                                      o.getDst().getType().getElementType());
          access(o.getSrc(), type, false, times, c, 16);
          access(o.getDst(), type, true, times, c);
          c.asyncLoads = true;
        })
        .Case([&](nvgpu::TmaAsyncLoadOp) { c.asyncLoads = true; })
        .Case([&](NVVM::ClusterWaitOp) {
          c.clusterWaits += times;
          phase += !inLoop;
        })
        .Case([&](gpu::BarrierOp) {
          if (inLoop)
            return;
          ++phase;
          if (std::exchange(c.loadedSinceBarrier, false))
            c.loadDrains += times;
        })
        .Case([&](nvgpu::MmaSyncOp o) {
          std::array<int64_t, 3> shape = o.getMmaShapeAsArray();
          c.tensorFlops += 2.0 * shape[0] * shape[1] * shape[2] / 32 * times;
        })
        // A warpgroup's product, this thread's 128th of it.
        .Case([&](NVVM::WgmmaMmaAsyncOp o) {
          NVVM::MMAShapeAttr shape = o.getShape();
          double flops = 2.0 * shape.getM() * shape.getN() * shape.getK() / 128 * times;
          c.asyncLoads = true;
          (o.getTypeA() == NVVM::WGMMATypes::tf32 ? c.wgmmaTf32Flops : c.wgmma16BitFlops) +=
              flops;
        })
        .Case([&](nvgpu::WarpgroupMmaOp o) {
          auto a = o.getDescriptorA().getType().getTensor();
          auto acc = o.getMatrixC().getType().getFragmented();
          double flops = 2.0 * acc.getDimSize(0) * acc.getDimSize(1) * a.getDimSize(1) / 128;
          c.asyncLoads = true;
          (a.getElementType().isTF32() ? c.wgmmaTf32Flops : c.wgmma16BitFlops) += flops * times;
        })
        // wgmma written as its inline PTX (a scale-d from a register): the
        // shape from its text, wgmma.mma_async.sync.aligned.m64nNkK.
        .Case([&](LLVM::InlineAsmOp o) {
          StringRef text = o.getAsmString();
          if (text.contains("cp.async") || text.contains("wgmma"))
            c.asyncLoads = true;
          size_t at = text.find("wgmma.mma_async.sync.aligned.m");
          if (at == StringRef::npos)
            return;
          int64_t m = 0, n = 0, k = 0;
          StringRef rest = text.drop_front(at + strlen("wgmma.mma_async.sync.aligned.m"));
          if (rest.consumeInteger(10, m) || !rest.consume_front("n") ||
              rest.consumeInteger(10, n) || !rest.consume_front("k") || rest.consumeInteger(10, k))
            return;
          double flops = 2.0 * m * n * k / 128 * times;
          (rest.contains(".tf32") ? c.wgmmaTf32Flops : c.wgmma16BitFlops) += flops;
        })
        .Case<math::FmaOp, vector::FMAOp>([&](Operation *o) {
          c.flops += 2 * lanesOf(o->getResult(0).getType()) * times;
        })
        .Case<vector::ContractionOp>([&](vector::ContractionOp o) {
          // Not lowered yet: multiply-add over the iteration space.
          double n = 1;
          for (Value v : {o.getLhs(), o.getRhs()})
            n = std::max(n, lanesOf(v.getType()));
          c.flops += 2 * n * lanesOf(o.getResult().getType()) / lanesOf(o.getLhs().getType()) *
                     times;
        })
        .Case<vector::ReductionOp, vector::MultiDimReductionOp>([&](Operation *o) {
          c.flops += lanesOf(o->getOperand(0).getType()) * times;
        })
        .Default([&](Operation *o) {
          if (o->getDialect() && o->getDialect()->getNamespace() == "math" &&
              o->getNumResults() == 1) {
            double lanes = lanesOf(o->getResult(0).getType());
            if (isa<math::AbsFOp, math::CopySignOp, math::FloorOp, math::CeilOp>(o))
              c.flops += lanes * times;
            else
              c.transcendentals += lanes * times;
          }
          for (Region &r : o->getRegions())
            count(r, times, c);
        });
  }
};

double percent(double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0; }

/// The share of DRAM bandwidth a kernel whose global accesses move
/// `bytesPerAccess` on average reaches: narrow accesses keep fewer bytes in
/// flight per instruction issued. Anchors measured on the H100 (relu over
/// 16M f32, 2026-11-24): 4-byte accesses 78% of the device-to-device copy
/// rate, 16-byte ones 98%; linear in log2 of the width between them.
double dramEfficiency(double bytesPerAccess) {
  double octaves = std::clamp(std::log2(std::max(bytesPerAccess, 1.0) / 4.0), 0.0, 2.0);
  return 0.78 + 0.10 * octaves;
}

/// Per thread, what the kernel's phases load again from a buffer another
/// phase loads: `bytes`, all but the largest phase's bytes of each buffer
/// (a row kernel walking its row once per op, an epilogue reading its
/// column again), and `kept`, the part that must stay cached between them
/// (each buffer's second largest phase: the row once, however often it is
/// walked again).
struct Rereads {
  double bytes = 0, kept = 0;
};

Rereads rereadsPerThread(const Counts &c) {
  Rereads r;
  for (const auto &entry : c.loadedByPhase) {
    if (entry.second.size() < 2)
      continue;
    double total = 0, largest = 0, second = 0;
    for (const auto &phase : entry.second) {
      total += phase.second;
      second = std::max(second, std::min(largest, phase.second));
      largest = std::max(largest, phase.second);
    }
    r.bytes += total - largest;
    r.kept += second;
  }
  return r;
}

/// Where the loads again are served: L1 while what an SM's resident
/// threads keep for them fits it (the unified L1/shared store, about the
/// shared-memory maximum), else L2 and DRAM: L2 keeps half its size of
/// what the whole GPU's threads keep (the rest of the traffic passes
/// through too), DRAM serves the share beyond that. Sets
/// KernelEstimate::rereadBytes and rereadDramShare.
void placeRereads(KernelEstimate &e, const Rereads &perThread, const DeviceSpec &device) {
  // The SM's thread slots, not the fewer that a cap on blocks leaves
  // small blocks: those keep less but also keep fewer loads in flight,
  // which the model does not charge (level1/33's 32-thread blocks ran
  // 27% slower than 64-thread ones).
  double residentThreads =
      std::min(double(device.maxThreadsPerSM),
               std::ceil(double(e.blocks) / double(device.sms)) * double(e.threadsPerBlock));
  double keptPerSM = perThread.kept * residentThreads;
  if (perThread.bytes <= 0 || keptPerSM <= double(device.sharedBytesPerSM))
    return;
  e.rereadBytes = perThread.bytes * double(e.blocks) * double(e.threadsPerBlock);
  double keptInL2 = 0.5 * double(std::max<int64_t>(device.l2Bytes, 0));
  e.rereadDramShare = std::max(0.0, 1.0 - keptInL2 / (keptPerSM * double(device.sms)));
}
} // namespace

json::Object KernelEstimate::metrics() const {
  double memory = std::max({dramUs, l1Us, l2Us});
  double smPct = percent(std::max(computeUs, issueUs), timeUs),
         memPct = percent(memory, timeUs);
  return json::Object{
      {"duration_us", timeUs},
      {"dram_throughput_pct", percent(dramUs, timeUs)},
      {"l1_throughput_pct", percent(l1Us, timeUs)},
      {"l2_throughput_pct", percent(l2Us, timeUs)},
      {"sm_throughput_pct", smPct},
      {"memory_throughput_pct", memPct},
      {"dram_bytes", dramBytes},
      // Against the roofline's ideal, not against the busiest unit: an
      // estimate always has a busiest unit at 100%.
      {"speed_of_light_pct", percent(idealUs, timeUs)},
      {"resident_warps_per_sm", residentWarpsPerSM},
      {"bound", bound},
      {"estimated", true}};
}

json::Object KernelEstimate::toJson() const {
  json::Object o{{"kernel", kernel},
                      {"dispatch", dispatch},
                      {"blocks", blocks},
                      {"threads_per_block", threadsPerBlock},
                      {"flops", flops},
                      {"transcendentals", transcendentals},
                      {"global_load_bytes", globalLoadBytes},
                      {"global_store_bytes", globalStoreBytes},
                      {"shared_bytes", sharedBytes},
                      {"dram_bytes", dramBytes},
                      {"sector_excess_bytes", sectorExcessBytes},

                      {"exact_trip_counts", exactTripCounts},
                      {"resident_warps_per_sm", residentWarpsPerSM},
                      {"compute_us", computeUs},
                      {"dram_us", dramUs},
                      {"l1_us", l1Us},
                      {"l2_us", l2Us},
                      {"latency_us", latencyUs},
                      {"issue_us", issueUs},
                      {"ideal_us", idealUs},
                      {"time_us", timeUs},
                      {"bound", bound},
                      {"metrics", metrics()}};
  // Only where they are (most kernels have neither).
  if (l1LineExcessBytes > 0)
    o["l1_line_excess_bytes"] = l1LineExcessBytes;
  if (rereadBytes > 0) {
    o["reread_bytes"] = rereadBytes;
    o["reread_dram_share"] = rereadDramShare;
  }
  if (clusterWaits > 0) {
    o["cluster_waits"] = clusterWaits;
    o["cluster_sync_us"] = clusterSyncUs;
  }
  if (loadDrains > 0) {
    o["load_drains"] = loadDrains;
    o["drain_us"] = drainUs;
  }
  if (singleThreadUs > 0)
    o["single_thread_us"] = singleThreadUs;
  return o;
}

std::vector<KernelEstimate> ks::agents::estimateKernels(ModuleOp module,
                                                        const DeviceSpec &device) {
  std::vector<KernelEstimate> out;
  SymbolTableCollection symbols;
  module.walk([&](gpu::LaunchFuncOp launch) {
    auto kernel = symbols.lookupNearestSymbolFrom<gpu::GPUFuncOp>(launch, launch.getKernel());
    if (!kernel)
      return;
    KernelEstimate e;
    e.kernel = launch.getKernelName().str();
    if (auto gpuModule = kernel->getParentOfType<gpu::GPUModuleOp>())
      if (auto id = gpuModule->getAttrOfType<IntegerAttr>("ks.dispatch"))
        e.dispatch = id.getInt();
    auto constant = [](Value v) -> int64_t {
      APInt value;
      return matchPattern(v, m_ConstantInt(&value)) ? value.getSExtValue() : 1;
    };
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues(),
                    block = launch.getBlockSizeOperandValues();
    e.blocks = constant(grid.x) * constant(grid.y) * constant(grid.z);
    e.threadsPerBlock = constant(block.x) * constant(block.y) * constant(block.z);

    llvm::DenseMap<Value, int64_t> arguments;
    Block &entry = kernel.getBody().front();
    for (auto [arg, operand] : llvm::zip(entry.getArguments(), launch.getKernelOperands())) {
      APInt value;
      if (matchPattern(operand, m_ConstantInt(&value)))
        arguments[arg] = value.getSExtValue();
    }
    Counts c;
    KernelCounter counter(std::move(arguments), e.threadsPerBlock);
    counter.count(kernel.getBody(), 1, c);
    counter.countTopLevelRounds(kernel.getBody(), c);
    for (BlockArgument arg : entry.getArguments())
      if (auto type = dyn_cast<MemRefType>(arg.getType()); type && type.hasStaticShape()) {
        double bytes = double(type.getNumElements()) * accessBytes(type.getElementType());
        // A buffer read at a few computed places (a gather) moves what is
        // loaded from it, not all of it; where the trip counts are known.
        double read = bytes;
        if (c.exact)
          read = std::min(bytes, c.loadedFrom(arg) * double(e.blocks) *
                                     double(e.threadsPerBlock));
        e.dramBytes += (c.readBuffers.contains(arg) ? read : 0) +
                       (c.writtenBuffers.contains(arg) ? bytes : 0);
      }
    double threads = double(e.blocks) * double(e.threadsPerBlock);
    e.flops = c.flops * threads;
    e.transcendentals = c.transcendentals * threads;
    e.globalLoadBytes = c.globalLoad * threads;
    e.globalStoreBytes = c.globalStore * threads;
    e.sharedBytes = c.shared * threads;
    e.exactTripCounts = c.exact;
    e.asyncLoads = c.asyncLoads;

    // How much of the device the launch fills: fewer blocks than SMs leave
    // SMs idle, fewer than four warps an SM leave latency unhidden.
    double fill = std::min(1.0, double(e.blocks) / double(device.sms)) *
                  std::min(1.0, threads / (double(device.sms) * 128));
    fill = std::max(fill, 1e-3);
    bool f64 = false;
    kernel.walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        if (getElementTypeOrSelf(t).isF64())
          f64 = true;
    });
    double peak = device.peakFlopsPerUs(f64);
    // Special functions: a quarter of the FP32 lanes (16 per SM per clock).
    double sfu = double(device.sms) * 16 * device.clockGHz * 1e3;
    // mma.sync on sm_90 issues at about half the tensor cores' datasheet
    // rate (which wgmma reaches).
    double tensorPeak = 0.5 * device.gflops.lookup("tf32_tensor") * 1e3;
    double tensorUs = tensorPeak > 0 ? c.tensorFlops * threads / tensorPeak : 0;
    double wgmmaTf32Peak = device.gflops.lookup("tf32_tensor") * 1e3;
    double wgmma16BitPeak = device.gflops.lookup("bf16_tensor") * 1e3;
    if (wgmmaTf32Peak > 0)
      tensorUs += c.wgmmaTf32Flops * threads / wgmmaTf32Peak;
    if (wgmma16BitPeak > 0)
      tensorUs += c.wgmma16BitFlops * threads / wgmma16BitPeak;
    e.computeUs = (e.flops / peak + tensorUs + e.transcendentals / sfu) / fill;
    double accessed = c.globalLoad + c.globalStore;
    double efficiency =
        c.globalAccesses > 0 ? dramEfficiency(accessed / c.globalAccesses) : 1.0;
    placeRereads(e, rereadsPerThread(c), device);
    double dramMoved = e.dramBytes + e.rereadDramShare * e.rereadBytes;
    e.dramUs = dramMoved / (device.dramGBps * 1e3) / efficiency / fill;
    // Sectors moved beyond the bytes used (strided warps) pass through L1
    // as wavefronts of their own, and cross L2 too.
    e.sectorExcessBytes = c.sectorExcess * threads;
    e.l1LineExcessBytes = c.l1LineExcess * threads;
    e.l1Us = (e.globalLoadBytes + e.globalStoreBytes + e.sharedBytes + e.sectorExcessBytes +
              e.l1LineExcessBytes) /
             (device.l1GBps() * 1e3) / fill;
    e.l2Us = (e.globalStoreBytes + dramMoved + e.sectorExcessBytes +
              (1 - e.rereadDramShare) * e.rereadBytes) /
             (device.l2GBps * 1e3) / fill;
    // Latency: every thread waits its rounds out; the device holds
    // max_threads_per_sm threads an SM at a time, the rest wait their turn.
    // A round costs a trip to DRAM in the share of the loads that stream
    // (bytes read from DRAM over bytes loaded); loads that hit L1 or L2
    // (a GEMM's re-read tiles) are charged nothing: their cost shows as
    // L1/L2 traffic.
    // The threads an SM holds: its thread slots, or fewer where the cap on
    // blocks an SM leaves small blocks short of them.
    int64_t slots = std::max<int64_t>(device.maxThreadsPerSM, 1);
    int64_t blocksPerSM = std::max<int64_t>(slots / std::max<int64_t>(e.threadsPerBlock, 1), 1);
    if (device.maxBlocksPerSM > 0)
      blocksPerSM = std::min(blocksPerSM, device.maxBlocksPerSM);
    double resident = double(device.sms) *
                      double(std::min(slots, blocksPerSM * std::max<int64_t>(e.threadsPerBlock, 1)));
    double streaming =
        e.globalLoadBytes > 0 ? std::clamp(dramMoved / e.globalLoadBytes, 0.0, 1.0) : 0.0;
    e.latencyUs = c.loadRounds * device.memoryLatencyUs * streaming *
                  std::max(1.0, std::ceil(threads / resident));
    // A cluster barrier waits for every block of the cluster to arrive:
    // the cluster's loads drain before the next phase issues any, about
    // kClusterWaitLatencies memory latencies each, once per wave of the
    // blocks an SM holds (calibrated on row chains,
    // docs/results/reductions-norms-losses.md).
    e.clusterWaits = c.clusterWaits;
    e.clusterSyncUs = clusterWaitUs(c.clusterWaits, e.blocks, blocksPerSM, device);
    // A block barrier after loads waits for them to land: with few blocks
    // an SM, no other block's loads fill the wait. A cluster kernel's are
    // in its cluster waits.
    if (c.clusterWaits == 0)
      e.loadDrains = c.loadDrains;
    e.drainUs = loadDrainUs(e.loadDrains, e.blocks, blocksPerSM, device);
    // One thread's serial work per block (a scan's running total): the
    // block waits for it, once per wave of the blocks the SMs hold.
    double blockWaves = std::ceil(double(e.blocks) / double(device.sms * blocksPerSM));
    if (device.clockGHz > 0)
      e.singleThreadUs =
          c.singleThreadOps * kSingleThreadOpCycles / (device.clockGHz * 1e3) * blockWaves;
    e.idealUs = std::max({e.flops / peak, e.dramBytes / (device.dramGBps * 1e3), device.launchUs});
    e.timeUs = device.launchUs;
    e.bound = "launch";
    for (auto [t, name] : std::initializer_list<std::pair<double, const char *>>{
             {e.computeUs, "compute"}, {e.dramUs, "dram"}, {e.l1Us, "l1"}, {e.l2Us, "l2"},
             {e.latencyUs, "latency"}})
      if (t > e.timeUs) {
        e.timeUs = t;
        e.bound = name;
      }
    e.timeUs += e.clusterSyncUs + e.drainUs + e.singleThreadUs;
    out.push_back(std::move(e));
  });
  return out;
}
