//===- GridReduceThenMap.cpp - transform.ks.grid_reduce_then_map ----------===//
//
// A sum of a whole buffer and the elementwise op over the buffer that uses
// it (a Frobenius norm) as one persistent kernel: pass 1 sums the buffer,
// keeping what it can of it in registers and shared memory, the blocks meet
// at a grid barrier, and pass 2 computes the elementwise op from what was
// kept (the rest read again, from the L2). The split stages read the buffer
// from DRAM twice.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "ks/RuntimeAbi/GridArrivals.h"
#include "ks/Skills/GridChain.h"
#include "ks/Transforms/Utils/KernelInit.h"
#include "ks/Transforms/Utils/WarpReduce.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using ks::agents::GridChain;

namespace {
constexpr int64_t kWarp = ks::kWarpSize;
constexpr int64_t kVector = 4;                 // f32 elements a 16-byte access
constexpr int64_t kSharedLimit = 227 * 1024;   // dynamic shared memory a block (sm_90)

/// Builds the kernel at the map's place.
class KernelBuilder {
public:
  KernelBuilder(RewriterBase &b, GridChain chain, int64_t blocks, int64_t threads,
                int64_t inRegisters, int64_t inShared, bool interleaved)
      : b(b), loc(chain.partial.getLoc()), chain(chain), blocks(blocks), threads(threads),
        inRegisters(inRegisters), inShared(inShared), interleaved(interleaved),
        runs(chain.elements / (threads * kVector)), fullSteps(runs / blocks),
        steps(llvm::divideCeil(runs, blocks)) {}

  gpu::LaunchOp build();

private:
  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value l, Value r) { return arith::AddIOp::create(b, loc, l, r); }
  Value mul(Value l, int64_t r) { return arith::MulIOp::create(b, loc, l, c(r)); }
  Value f32(float v) { return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(v)); }
  Value sum(Value l, Value r) {
    return arith::AddFOp::create(b, loc, l, r, chain.partialSum.getFastmathAttr());
  }
  /// The partial stage's term f(e) of element `e`.
  Value term(Value e);
  /// The map's value at element `e` of X, the total `total`.
  Value mapped(Value e, Value total);
  /// `v` summed over the warp's lanes (every lane gets it).
  Value warpSum(Value v) { return ks::butterfly(b, loc, chain.partialSum, v); }
  /// `acc` plus the terms of `v`'s elements, in order.
  Value addTerms(Value acc, Value v);
  memref::GlobalOp global(StringRef name, MemRefType type, Attribute init);
  /// `buffer` viewed as one dimension.
  Value flat(Value buffer);
  /// Run by warp 0: its lane 0 (thread 0) writes the block's `total` to
  /// `partials`, waits at `arrivals` for every block, and sums every block's
  /// total in one fixed order into the grid total's slot of `shared` (block
  /// 0 also into the chain's output).
  void exchangeTotals(Value total, Value block, Value lane, Value zero,
                      memref::GlobalOp partials, memref::GlobalOp arrivals, Value shared,
                      int64_t keptFloats);

  RewriterBase &b;
  Location loc;
  GridChain chain;
  int64_t blocks, threads, inRegisters, inShared;
  bool interleaved;
  // Runs of threads * 4 elements; steps every block takes, and all steps
  // (one more, taken by the first runs mod blocks blocks, where blocks do
  // not divide the runs: interleaved only).
  int64_t runs, fullSteps, steps;
};

Value KernelBuilder::term(Value e) {
  Block &body = chain.partial.getRegion().front();
  IRMapping map;
  map.map(body.getArgument(0), e);
  for (Operation &op : body.without_terminator())
    if (&op != chain.partialSum.getOperation())
      b.clone(op, map);
  Value acc = body.getArgument(1);
  Value t = chain.partialSum.getLhs() == acc ? chain.partialSum.getRhs()
                                             : chain.partialSum.getLhs();
  return map.lookupOrDefault(t);
}

Value KernelBuilder::mapped(Value e, Value total) {
  Block &body = chain.map.getRegion().front();
  IRMapping map;
  map.map(body.getArgument(chain.mapXInput), e);
  map.map(body.getArgument(chain.mapTotalInput), total);
  for (Operation &op : body.without_terminator())
    b.clone(op, map);
  return map.lookupOrDefault(body.getTerminator()->getOperand(0));
}

Value KernelBuilder::addTerms(Value acc, Value v) {
  for (int64_t e = 0; e < kVector; ++e)
    acc = sum(acc, term(vector::ExtractOp::create(b, loc, v, e)));
  return acc;
}

memref::GlobalOp KernelBuilder::global(StringRef name, MemRefType type, Attribute init) {
  auto module = chain.map->getParentOfType<ModuleOp>();
  if (auto existing = module.lookupSymbol<memref::GlobalOp>(name))
    if (existing.getType() == type)
      return existing;
  OpBuilder g = OpBuilder::atBlockEnd(module.getBody());
  auto op = memref::GlobalOp::create(g, loc, name, g.getStringAttr("private"), type, init,
                                     /*constant=*/false, g.getI64IntegerAttr(16));
  SymbolTable(module).insert(op);
  return op;
}

Value KernelBuilder::flat(Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() == 1)
    return buffer;
  ReassociationIndices all = llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  return memref::CollapseShapeOp::create(b, loc, buffer, ArrayRef<ReassociationIndices>{all});
}

void KernelBuilder::exchangeTotals(Value total, Value block, Value lane, Value zero,
                                   memref::GlobalOp partials, memref::GlobalOp arrivals,
                                   Value shared, int64_t keptFloats) {
  MemRefType partialsType = partials.getType(), counterType = arrivals.getType();
  auto isZero = [&](Value v) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, zero);
  };
  // Thread 0: the block's total out, the grid barrier, every block's in.
  auto first = scf::IfOp::create(b, loc, isZero(lane), /*withElse=*/false);
  b.setInsertionPointToStart(first.thenBlock());
  Value partialsRef = memref::GetGlobalOp::create(b, loc, partialsType, partials.getSymName());
  memref::StoreOp::create(b, loc, total, partialsRef, ValueRange{block});
  Value counter = memref::GetGlobalOp::create(b, loc, counterType, arrivals.getSymName());
  Value address = arith::IndexCastUIOp::create(
      b, loc, b.getI64Type(),
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, counter));
  // Block 0 adds 2^31 - (blocks - 1), the others 1: the counter's top bit
  // flips when the last block arrives, and its low bits are back.
  Value inc = arith::SelectOp::create(
      b, loc, isZero(block),
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), int64_t(0x80000000u) - (blocks - 1)),
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1));
  LLVM::InlineAsmOp::create(
      b, loc, TypeRange{}, ValueRange{address, inc},
      "{\n"
      ".reg .u32 arrived, now;\n"
      ".reg .pred waiting;\n"
      "atom.release.gpu.global.add.u32 arrived, [$0], $1;\n"
      "KS_GRID_WAIT:\n"
      "ld.acquire.gpu.global.u32 now, [$0];\n"
      "xor.b32 now, now, arrived;\n"
      "and.b32 now, now, 0x80000000;\n"
      "setp.eq.u32 waiting, now, 0;\n"
      "@waiting bra KS_GRID_WAIT;\n"
      "}",
      "l,r,~{memory}", /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  // Four interleaved sums (fewer dependent adds), then theirs: one fixed
  // order, the same bits in every block.
  int64_t ways = blocks % 4 == 0 ? 4 : 1;
  SmallVector<Value> sums;
  for (int64_t i = 0; i < blocks; ++i) {
    Value p = memref::LoadOp::create(b, loc, partialsRef, ValueRange{c(i)});
    if (i < ways)
      sums.push_back(p);
    else
      sums[i % ways] = sum(sums[i % ways], p);
  }
  Value grid;
  for (Value s : sums)
    grid = grid ? sum(grid, s) : s;
  memref::StoreOp::create(b, loc, grid, shared, ValueRange{c(keptFloats + kWarp)});
  auto blockZero = scf::IfOp::create(b, loc, isZero(block), /*withElse=*/false);
  b.setInsertionPointToStart(blockZero.thenBlock());
  auto totalType = cast<MemRefType>(chain.total.getType());
  memref::StoreOp::create(b, loc, grid, chain.total,
                          SmallVector<Value>(totalType.getRank(), zero));
}

gpu::LaunchOp KernelBuilder::build() {
  MLIRContext *ctx = b.getContext();
  auto globalSpace = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Global);
  auto workgroup = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  // One arrival counter, zero at load, whose low bits every barrier leaves
  // as they were; the runtime knows a grid-synchronizing kernel by it.
  auto counterType = MemRefType::get({1}, b.getI32Type(), MemRefLayoutAttrInterface(), globalSpace);
  memref::GlobalOp arrivals = global(
      ks::runtime::kGridArrivalsGlobal, counterType,
      DenseElementsAttr::get(RankedTensorType::get({1}, b.getI32Type()), b.getI32IntegerAttr(0)));
  auto partialsType =
      MemRefType::get({blocks}, b.getF32Type(), MemRefLayoutAttrInterface(), globalSpace);
  memref::GlobalOp partialsGlobal =
      global(("ks_grid_partials_" + Twine(blocks)).str(), partialsType, Attribute());

  // Shared: the kept vectors, then a sum a warp, then the total.
  int64_t keptFloats = inShared * threads * kVector;
  int64_t sharedBytes = (keptFloats + kWarp + 1) * 4;
  Value one = c(1);
  Value smem = arith::ConstantIntOp::create(b, loc, b.getI32Type(), sharedBytes);
  auto launch = gpu::LaunchOp::create(b, loc, c(blocks), one, one, c(threads), one, one, smem);
  b.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPointToStart(&launch.getBody().front());

  auto bytesType = MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                                   MemRefLayoutAttrInterface(), workgroup);
  Value bytes = gpu::DynamicSharedMemoryOp::create(b, loc, bytesType);
  auto sharedType =
      MemRefType::get({keptFloats + kWarp + 1}, b.getF32Type(), MemRefLayoutAttrInterface(), workgroup);
  Value shared = memref::ViewOp::create(b, loc, sharedType, bytes, c(0), ValueRange{});
  Value x = chain.x, y = chain.y;
  x = flat(x);
  y = flat(y);

  Value block = launch.getBlockIds().x, tid = launch.getThreadIds().x;
  auto vectorType = VectorType::get({kVector}, b.getF32Type());
  // Block b's part starts at b * elements / blocks; its thread t reads the
  // vector at t * 4 of every threads * 4. Interleaved, step s of block b
  // reads the (s * blocks + b)-th run of threads * 4 elements instead.
  int64_t run = threads * kVector;
  Value base = interleaved ? add(mul(block, run), mul(tid, kVector))
                           : add(mul(block, chain.elements / blocks), mul(tid, kVector));
  auto at = [&](int64_t step) {
    return add(base, c(step * (interleaved ? blocks * run : run)));
  };
  auto loadX = [&](int64_t step) -> Value {
    auto load = vector::LoadOp::create(b, loc, vectorType, x, ValueRange{at(step)});
    load.setAlignment(16);
    return load;
  };
  auto sharedAt = [&](int64_t step) {
    return add(mul(tid, kVector), c((step - inRegisters) * threads * kVector));
  };

  // Pass 1: the sum of the terms, the vectors kept on chip.
  Value acc = f32(0.0f);
  SmallVector<Value> kept;
  // The last step where only some blocks take it (never a kept one).
  auto takesLastStep = [&]() {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, block,
                                 c(runs - fullSteps * blocks));
  };
  for (int64_t step = 0; step < steps; ++step) {
    if (step >= fullSteps) {
      auto taken = scf::IfOp::create(b, loc, TypeRange{b.getF32Type()}, takesLastStep(),
                                     /*withElse=*/true);
      b.setInsertionPointToStart(taken.elseBlock());
      scf::YieldOp::create(b, loc, acc);
      b.setInsertionPointToStart(taken.thenBlock());
      scf::YieldOp::create(b, loc, addTerms(acc, loadX(step)));
      b.setInsertionPointAfter(taken);
      acc = taken.getResult(0);
      continue;
    }
    Value v = loadX(step);
    if (step < inRegisters)
      kept.push_back(v);
    else if (step < inRegisters + inShared)
      vector::StoreOp::create(b, loc, v, shared, ValueRange{sharedAt(step)});
    acc = addTerms(acc, v);
  }

  // The block's total: lanes, then warp 0 over the warps' sums.
  Value lane = arith::RemUIOp::create(b, loc, tid, c(kWarp));
  Value warp = arith::DivUIOp::create(b, loc, tid, c(kWarp));
  Value warpTotal = warpSum(acc);
  Value zero = c(0);
  auto isZero = [&](Value v) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, zero);
  };
  auto laneZero = scf::IfOp::create(b, loc, isZero(lane), /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(laneZero.thenBlock());
    memref::StoreOp::create(b, loc, warpTotal, shared, ValueRange{add(warp, c(keptFloats))});
  }
  gpu::BarrierOp::create(b, loc);
  Value warps = c(threads / kWarp);
  Value firstWarp = isZero(warp);
  auto blockTotal = scf::IfOp::create(b, loc, firstWarp, /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(blockTotal.thenBlock());
    Value has = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane, warps);
    auto read = scf::IfOp::create(b, loc, TypeRange{b.getF32Type()}, has, /*withElse=*/true);
    b.setInsertionPointToStart(read.thenBlock());
    Value s = memref::LoadOp::create(b, loc, shared, ValueRange{add(lane, c(keptFloats))});
    scf::YieldOp::create(b, loc, s);
    b.setInsertionPointToStart(read.elseBlock());
    scf::YieldOp::create(b, loc, f32(0.0f));
    b.setInsertionPointAfter(read);
    Value total = warpSum(read.getResult(0));

    exchangeTotals(total, block, lane, zero, partialsGlobal, arrivals, shared, keptFloats);
  }
  gpu::BarrierOp::create(b, loc);
  Value total = memref::LoadOp::create(b, loc, shared, ValueRange{c(keptFloats + kWarp)});

  // Pass 2: the re-read vectors first (the L2 has the last read), then
  // shared memory's, then the registers'.
  auto apply = [&](int64_t step, Value v) {
    SmallVector<Value> outs;
    for (int64_t e = 0; e < kVector; ++e)
      outs.push_back(mapped(vector::ExtractOp::create(b, loc, v, e), total));
    Value out = vector::FromElementsOp::create(b, loc, vectorType, outs);
    auto store = vector::StoreOp::create(b, loc, out, y, ValueRange{at(step)});
    store.setAlignment(16);
  };
  for (int64_t step = steps - 1; step >= inRegisters + inShared; --step) {
    OpBuilder::InsertionGuard guard(b);
    if (step >= fullSteps) {
      auto taken = scf::IfOp::create(b, loc, takesLastStep(), /*withElse=*/false);
      b.setInsertionPointToStart(taken.thenBlock());
    }
    apply(step, loadX(step));
  }
  for (int64_t step = inRegisters + inShared - 1; step >= inRegisters; --step)
    apply(step, vector::LoadOp::create(b, loc, vectorType, shared, ValueRange{sharedAt(step)}));
  for (int64_t step = inRegisters - 1; step >= 0; --step)
    apply(step, kept[step]);
  return launch;
}
} // namespace

DiagnosedSilenceableFailure transform::KSGridReduceThenMapOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  auto payload = llvm::to_vector(state.getPayloadOps(getTarget()));
  if (payload.size() != 1)
    return emitDefiniteFailure() << "expects one target op, got " << payload.size();
  auto partial = dyn_cast<linalg::GenericOp>(payload.front());
  if (!partial)
    return emitDefiniteFailure() << "expects a linalg.generic, got " << payload.front()->getName();
  std::string unmet;
  std::optional<GridChain> found = ks::agents::findGridChain(partial, &unmet);
  if (!found)
    return emitDefiniteFailure() << "cannot build a grid kernel: " << unmet;
  GridChain chain = *found;
  int64_t blocks = getBlocks(), threads = getThreads();
  int64_t inRegisters = getRegisterVectors(), inShared = getSharedVectors();
  if (blocks < 1 || threads < kWarp || threads > 1024 || threads % kWarp != 0)
    return emitDefiniteFailure() << "blocks must be positive and threads a multiple of 32 up "
                                    "to 1024";
  if (getInterleaved() != 0 && getInterleaved() != 1)
    return emitDefiniteFailure() << "interleaved must be 0 or 1";
  bool interleaved = getInterleaved() == 1;
  // Contiguous parts are equal; interleaved runs of threads * 4 elements
  // may leave one step to some blocks only.
  int64_t perStep = interleaved ? threads * kVector : blocks * threads * kVector;
  if (chain.elements % perStep != 0)
    return emitDefiniteFailure() << (interleaved ? "threads * 4 = " : "blocks * threads * 4 = ")
                                 << perStep << " does not divide the buffer's "
                                 << chain.elements << " elements";
  int64_t steps = chain.elements / (blocks * threads * kVector);
  if (inRegisters < 0 || inShared < 0 || inRegisters + inShared > steps)
    return emitDefiniteFailure() << "register_vectors + shared_vectors must be at most the "
                                 << steps << " vectors every thread reads";
  int64_t sharedBytes = (inShared * threads * kVector + kWarp + 1) * 4;
  if (sharedBytes > kSharedLimit)
    return emitDefiniteFailure() << "shared_vectors = " << inShared << " needs " << sharedBytes
                                 << " bytes of shared memory a block, more than the "
                                 << kSharedLimit << " an sm_90 block may have";

  rewriter.setInsertionPoint(chain.map);
  KernelBuilder builder(rewriter, chain, blocks, threads, inRegisters, inShared, interleaved);
  gpu::LaunchOp launch = builder.build();
  // The launch is the target's dispatch; the other ops' are computed in it.
  rewriter.eraseOp(chain.partial);
  ks::eraseFolded(rewriter, {chain.map, chain.final, chain.finalFill.getOperation(),
                             chain.partialFill.getOperation()});
  results.set(cast<OpResult>(getLaunch()), {launch.getOperation()});
  return DiagnosedSilenceableFailure::success();
}
