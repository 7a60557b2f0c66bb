//===- MatmulMmaSyncKernel.cpp - The kernel of ks.matmul_mma_sync ---------===//
//
// The kernel builder (MatmulMmaSyncKernel.h): the launch and the thread's
// places in it, the sums' initial values, the pipelined K loop of mma.sync
// (or FMA) steps on the shared tiles, and the sums' stores.
//
//===----------------------------------------------------------------------===//

#include "MatmulMmaSyncKernel.h"

#include "Epilogue.h"
#include "ks/Transforms/Utils/Alignment.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace ks::mma_sync;

int64_t ks::mma_sync::tileExtent(const Roles &roles, int64_t BM, int64_t BN, int64_t BK,
                                   int64_t loop) {
  return loop == roles.m ? BM : loop == roles.n ? BN : BK;
}

TileLayout ks::mma_sync::tileLayout(linalg::LinalgOp op, const Roles &roles, OpOperand &operand,
                                     int64_t BM, int64_t BN, int64_t BK) {
  auto extentOf = [&](int64_t loop) { return tileExtent(roles, BM, BN, BK, loop); };
  TileLayout l;
  if (int64_t(operand.getOperandNumber()) == roles.gathered) {
    bool isA = operand.getOperandNumber() == 0;
    l.rowLoop = isA ? roles.m : roles.k;
    l.colLoop = isA ? roles.k : roles.n;
  } else {
    auto results = op.getMatchingIndexingMap(&operand).getResults();
    l.rowLoop = cast<AffineDimExpr>(results[results.size() - 2]).getPosition();
    l.colLoop = cast<AffineDimExpr>(results.back()).getPosition();
  }
  l.rows = extentOf(l.rowLoop);
  l.cols = extentOf(l.colLoop);
  // Fragment reads walk 8 rows x 4 columns (K contiguous) or 4 rows x 8
  // columns (M or N contiguous); these pads put them in 32 banks.
  l.paddedCols = l.cols + (l.colLoop == roles.k ? 4 : 8);
  return l;
}

Value KernelBuilder::readTile(OpOperand &operand, Value tile, Value stage, int64_t loopR,
                              Value r, Value q) {
  TileLayout l = layoutOf(operand);
  Value row = l.rowLoop == loopR ? r : q;
  Value col = l.rowLoop == loopR ? q : r;
  return memref::LoadOp::create(b, loc, tile, ValueRange{stage, row, col});
}

Value KernelBuilder::roundToTf32(Value x) {
  auto bits = NVVM::ConvertFloatToTF32Op::create(b, loc, b.getI32Type(), x,
                                                 NVVM::FPRoundingMode::RN,
                                                 NVVM::SaturationMode::NONE, false);
  return arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
}

std::pair<Value, Value> KernelBuilder::split(ArrayRef<Value> elements, VectorType type) {
  SmallVector<Value> big, small;
  for (Value x : elements) {
    big.push_back(roundToTf32(x));
    if (threeProducts)
      small.push_back(roundToTf32(arith::SubFOp::create(b, loc, x, big.back())));
  }
  Value bigV = vector::FromElementsOp::create(b, loc, type, big);
  if (!threeProducts)
    return {bigV, Value()};
  return {bigV, vector::FromElementsOp::create(b, loc, type, small)};
}

Value KernelBuilder::mma(Value a, Value bv, Value acc) {
  return nvgpu::MmaSyncOp::create(b, loc, a, bv, acc,
                                  ArrayRef<int64_t>{kMmaM, kMmaN, kMmaK},
                                  /*tf32Enabled=*/true);
}

/// One K step of the FMA kernel from `stage` of the shared tiles: per 4 K
/// steps, the thread's TM x 4 of A and 4 x TN of B in 16-byte reads, then
/// 4 x TM x TN FMAs on its sums, TM x TN / 4 rows of 4 (`sums`). `rowOf` and
/// `colOf` give the tile positions of the thread's outputs.
void KernelBuilder::fmaStep(Value tileA, Value tileB, Value stage,
                            function_ref<Value(int64_t)> rowOf,
                            function_ref<Value(int64_t)> colOf, SmallVectorImpl<Value> &sums) {
  OpOperand &A = *op.getDpsInputOperand(0);
  OpOperand &B = *op.getDpsInputOperand(1);
  auto quadType = VectorType::get({4}, b.getF32Type());
  auto read4 = [&](Value tile, Value row, Value col) {
    return vector::LoadOp::create(b, loc, quadType, tile, ValueRange{stage, row, col},
                                  /*nontemporal=*/false, llvm::MaybeAlign(16))
        .getResult();
  };
  auto extract = [&](Value v, int64_t e) {
    return vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{e}).getResult();
  };
  // values[kk][x]: `operand` at K step kk0 + kk and output position x.
  auto readSteps = [&](OpOperand &operand, Value tile, int64_t count,
                       function_ref<Value(int64_t)> positionOf, int64_t kk0) {
    SmallVector<SmallVector<Value>> values(4, SmallVector<Value>(count));
    if (layoutOf(operand).colLoop == roles.k) {
      for (int64_t x = 0; x < count; ++x) {
        Value steps = read4(tile, positionOf(x), c(kk0));
        for (int64_t kk = 0; kk < 4; ++kk)
          values[kk][x] = extract(steps, kk);
      }
      return values;
    }
    for (int64_t kk = 0; kk < 4; ++kk)
      for (int64_t quad = 0; quad < count / 4; ++quad) {
        Value outputs = read4(tile, c(kk0 + kk), positionOf(quad * 4));
        for (int64_t e = 0; e < 4; ++e)
          values[kk][quad * 4 + e] = extract(outputs, e);
      }
    return values;
  };
  for (int64_t kk0 = 0; kk0 < BK; kk0 += 4) {
    auto aValues = readSteps(A, tileA, TM, rowOf, kk0);
    auto bValues = readSteps(B, tileB, TN, colOf, kk0);
    for (int64_t kk = 0; kk < 4; ++kk)
      for (int64_t q = 0; q < TN / 4; ++q) {
        Value bQuad = vector::FromElementsOp::create(
            b, loc, quadType, ArrayRef(bValues[kk]).slice(q * 4, 4));
        for (int64_t i = 0; i < TM; ++i) {
          Value aSplat = vector::BroadcastOp::create(b, loc, quadType, aValues[kk][i]);
          Value &acc = sums[i * (TN / 4) + q];
          acc = vector::FMAOp::create(b, loc, aSplat, bQuad, acc);
        }
      }
  }
}

gpu::LaunchOp KernelBuilder::build() {
  gpu::LaunchOp launch = createLaunch();
  placeThread(launch);
  SmallVector<Value> accs = initialSums();
  scf::ForOp loop = kLoop(accs);
  storeSums(loop);
  return launch;
}

/// The launch, its grid a block per output tile (times the K splits), and
/// the shared tiles: module globals (the kernel's .shared once outlined).
gpu::LaunchOp KernelBuilder::createLaunch() {
  OpOperand &A = *op.getDpsInputOperand(0);
  OpOperand &B = *op.getDpsInputOperand(1);
  ranges = op.getStaticLoopRanges();
  // K steps per block: a stretch of them with split-K.
  kSteps = llvm::divideCeil(ranges[roles.k], BK) / kSplits;

  // Shared buffers: module globals (the kernel's .shared once outlined).
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  auto module = op->getParentOfType<ModuleOp>();
  auto makeTile = [&](OpOperand &operand) {
    TileLayout l = layoutOf(operand);
    auto type = MemRefType::get({stages, l.rows, l.paddedCols}, b.getF32Type(),
                                MemRefLayoutAttrInterface(), workgroup);
    OpBuilder g = OpBuilder::atBlockEnd(module.getBody());
    auto global = memref::GlobalOp::create(g, loc, "mma_tile", g.getStringAttr("private"), type,
                                           Attribute(), /*constant=*/false,
                                           g.getI64IntegerAttr(16));
    SymbolTable(module).insert(global);
    return global;
  };
  memref::GlobalOp globalA = makeTile(A), globalB = makeTile(B);

  one = c(1);
  Value gridX = c(llvm::divideCeil(ranges[roles.n], BN));
  Value gridY = c(llvm::divideCeil(ranges[roles.m], BM));
  int64_t batchTiles = 1;
  for (int64_t loop : roles.batches)
    batchTiles *= ranges[loop];
  Value gridZ = c(batchTiles * kSplits);
  auto launch = gpu::LaunchOp::create(b, loc, gridX, gridY, gridZ, c(threads), one, one);
  // Launch bounds: ptxas caps the registers so that this many blocks fit.
  if (minBlocksPerSM > 0)
    launch->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                    b.getI32IntegerAttr(minBlocksPerSM));
  b.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPointToStart(&launch.getBody().front());

  tileA = memref::GetGlobalOp::create(b, loc, globalA.getType(), globalA.getSymName());
  tileB = memref::GetGlobalOp::create(b, loc, globalB.getType(), globalB.getSymName());
  if (roles.gathered >= 0)
    prepareGatherTable(op->getOpOperand(roles.gathered));
  return launch;
}

/// The thread's places: its warp's and its own in the block's tile, and
/// the loop values at the block tile's origin.
void KernelBuilder::placeThread(gpu::LaunchOp launch) {
  OpOperand &A = *op.getDpsInputOperand(0);
  OpOperand &B = *op.getDpsInputOperand(1);
  int64_t numLoops = ranges.size();
  int64_t warpsN = BN / WN;
  tid = launch.getThreadIds().x;
  Value warp = div(tid, kWarp);
  lane = rem(tid, kWarp);
  group = div(lane, 4);
  inGroup = rem(lane, 4);
  warpRow = mul(div(warp, warpsN), WM);
  warpCol = mul(rem(warp, warpsN), WN);
  zero = c(0);

  // The loop values at a block tile's origin; K filled in per step.
  origin.assign(numLoops, zero);
  origin[roles.m] = mul(launch.getBlockIds().y, BM);
  origin[roles.n] = mul(launch.getBlockIds().x, BN);
  // The batch loops are the digits of z / kSplits, the last fastest.
  Value batchTile = div(launch.getBlockIds().z, kSplits);
  for (int64_t i = int64_t(roles.batches.size()) - 1; i >= 0; --i) {
    int64_t loop = roles.batches[i];
    origin[loop] = i == 0 ? batchTile : rem(batchTile, ranges[loop]);
    if (i > 0)
      batchTile = div(batchTile, ranges[loop]);
  }
  // The first K step of this block's stretch.
  firstStep = kSplits > 1 ? mul(rem(launch.getBlockIds().z, kSplits), kSteps) : zero;

  // FMA threads: the warp's WM x WN tile as (WM / TM) x (WN / TN) threads,
  // lanes along N fastest. A thread's TM (TN) outputs along M (N) are quads
  // of 4, the quads a WM (WN) / (TM (TN) / 4) apart. Within a quad, where the
  // operand's tile is contiguous along M (N), the 4 are adjacent (one 16-byte
  // read per K step, the lanes of a quarter-warp on consecutive 16 bytes);
  // where K is contiguous, they are a thread apart (each 16-byte read of 4 K
  // steps on its own padded row: the lanes' rows are consecutive, which the
  // padding puts in distinct banks).
  bool fma = usesFma();
  threadsM = fma ? WM / TM : 1;
  threadsN = fma ? WN / TN : 1;
  threadRow = fma ? div(lane, threadsN) : Value();
  threadCol = fma ? rem(lane, threadsN) : Value();
  adjacentM = layoutOf(A).colLoop == roles.m;
  adjacentN = layoutOf(B).colLoop == roles.n;
}

Value KernelBuilder::threadPosition(Value warpBase, Value thread, int64_t threadsAlong,
                                    int64_t x, bool adjacent) {
  int64_t quad = x / 4, e = x % 4;
  Value inQuad = adjacent ? add(mul(thread, 4), c(e)) : add(thread, c(e * threadsAlong));
  return add(warpBase, add(inQuad, c(quad * threadsAlong * 4)));
}

Value KernelBuilder::rowOf(int64_t i) {
  return threadPosition(warpRow, threadRow, threadsM, i, adjacentM);
}

Value KernelBuilder::colOf(int64_t j) {
  return threadPosition(warpCol, threadCol, threadsN, j, adjacentN);
}

// The accumulators, from the output. mma.sync: fragment (i, j) holds rows
// g and g + 8, columns 2t and 2t + 1 of the warp's 16 x 8 tile (i, j).
// FMA: row (i, q) holds output row rowOf(i), columns colOf(4q .. 4q + 3).
int64_t KernelBuilder::numAccs() const {
  return usesFma() ? TM * (TN / 4) : (WM / kMmaM) * (WN / kMmaN);
}

VectorType KernelBuilder::accType() {
  return usesFma() ? VectorType::get({4}, b.getF32Type())
                   : VectorType::get({2, 2}, b.getF32Type());
}

SmallVector<Value> KernelBuilder::outputAt(int64_t acc, int64_t elem) {
  OpOperand &C = *op.getDpsInitOperand(0);
  int64_t tilesN = WN / kMmaN;
  SmallVector<Value> at(origin);
  if (usesFma()) {
    at[roles.m] = add(origin[roles.m], rowOf(acc / (TN / 4)));
    at[roles.n] = add(origin[roles.n], colOf(acc % (TN / 4) * 4 + elem));
  } else {
    int64_t i = acc / tilesN, j = acc % tilesN;
    at[roles.m] =
        add(add(origin[roles.m], warpRow), add(group, c(i * kMmaM + elem / 2 * 8)));
    at[roles.n] =
        add(add(origin[roles.n], warpCol), add(mul(inGroup, 2), c(j * kMmaN + elem % 2)));
  }
  return indicesOf(C, at);
}

Value KernelBuilder::insideC(ArrayRef<Value> at) {
  OpOperand &C = *op.getDpsInitOperand(0);
  bool partialM = ranges[roles.m] % BM, partialN = ranges[roles.n] % BN;
  Value inside;
  for (auto [loop, partial] : {std::pair{roles.m, partialM}, std::pair{roles.n, partialN}}) {
    if (!partial)
      continue;
    // The output's index along `loop`, by its position in C's map.
    Value index;
    for (auto [k, e] : llvm::enumerate(op.getMatchingIndexingMap(&C).getResults()))
      if (cast<AffineDimExpr>(e).getPosition() == loop)
        index = at[k];
    Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index,
                                     c(ranges[loop]));
    inside = inside ? arith::AndIOp::create(b, loc, inside, in).getResult() : in;
  }
  return inside;
}

/// The sums' initial values: zero, C's elements, or the broadcast input's.
SmallVector<Value> KernelBuilder::initialSums() {
  OpOperand &C = *op.getDpsInitOperand(0);
  Value zeroF = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
  SmallVector<Value> accs;
  for (int64_t acc = 0; acc < numAccs(); ++acc) {
    SmallVector<Value> elements;
    for (int64_t elem = 0; elem < 4; ++elem) {
      // With split-K the stretches' sums start from zero and are added
      // to the output at the end; after a zero fill the sums start from
      // zero too, without reading it.
      if (kSplits > 1 || zeroInit) {
        elements.push_back(zeroF);
        continue;
      }
      SmallVector<Value> at = outputAt(acc, elem);
      Value inside = insideC(at);
      // The initial value: C's element, or the broadcast input's
      // element that C's would have been.
      Value source = C.get();
      if (broadcastInit) {
        source = broadcastInit->input;
        SmallVector<Value> inputAt;
        for (unsigned dim : broadcastInit->outputDims)
          inputAt.push_back(at[dim]);
        at = inputAt;
      }
      if (!inside) {
        elements.push_back(memref::LoadOp::create(b, loc, source, at));
        continue;
      }
      // Outside C: a clamped read, replaced by zero.
      for (Value &index : at)
        index = arith::SelectOp::create(b, loc, inside, index, c(0));
      elements.push_back(arith::SelectOp::create(
          b, loc, inside, memref::LoadOp::create(b, loc, source, at), zeroF));
    }
    accs.push_back(vector::FromElementsOp::create(b, loc, accType(), elements));
  }
  return accs;
}

Value KernelBuilder::issueStep(Value kStep, Value stage) {
  OpOperand &A = *op.getDpsInputOperand(0);
  OpOperand &B = *op.getDpsInputOperand(1);
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  SmallVector<Value> at(origin);
  at[roles.k] = mul(add(firstStep, kStep), BK);
  SmallVector<Value> tokens;
  issueCopies(A, tileA, stage, at, tid, tokens);
  issueCopies(B, tileB, stage, at, tid, tokens);
  return nvgpu::DeviceAsyncCreateGroupOp::create(b, loc, tokenType, tokens).getResult();
}

/// The pipelined loop over the block's K steps, from the sums `accs`: each
/// trip waits for its step's copies, issues those of the step stages - 1
/// ahead and adds the step's products to the sums.
scf::ForOp KernelBuilder::kLoop(ArrayRef<Value> accs) {
  // Prologue: K steps 0 .. stages - 2 in flight, one group each.
  for (int64_t s = 0; s + 1 < stages; ++s)
    lastGroup = issueStep(c(s), c(s));

  auto loop = scf::ForOp::create(b, loc, zero, c(kSteps), one, accs);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kStep = loop.getInductionVar();
    // Step k's group done (the stages - 2 after it may still be in flight),
    // and everyone's: also, everyone is done reading the buffer refilled
    // next, the one step k - 1 read.
    nvgpu::DeviceAsyncWaitOp::create(b, loc, lastGroup, b.getI32IntegerAttr(stages - 2));
    gpu::BarrierOp::create(b, loc);
    // Step k + stages - 1, clamped: the last trips re-copy the last step
    // into buffers no later trip reads (one group a trip keeps the waits'
    // count uniform).
    Value ahead = arith::MinUIOp::create(b, loc, add(kStep, c(stages - 1)), c(kSteps - 1));
    issueStep(ahead, rem(add(kStep, c(stages - 1)), stages));

    Value stage = rem(kStep, stages);
    SmallVector<Value> carried(loop.getRegionIterArgs());
    if (usesFma())
      fmaStep(
          tileA, tileB, stage, [&](int64_t i) { return rowOf(i); },
          [&](int64_t j) { return colOf(j); }, carried);
    else
      mmaStep(stage, carried);
    scf::YieldOp::create(b, loc, carried);
  }
  // The copies the last trips issued are never read; they must land before
  // the block ends.
  nvgpu::DeviceAsyncWaitOp::create(b, loc, lastGroup, b.getI32IntegerAttr(0));
  return loop;
}

/// One K step of mma.sync from `stage` of the shared tiles, added to the
/// sums `carried`.
void KernelBuilder::mmaStep(Value stage, SmallVectorImpl<Value> &carried) {
  OpOperand &A = *op.getDpsInputOperand(0);
  OpOperand &B = *op.getDpsInputOperand(1);
  int64_t tilesM = WM / kMmaM, tilesN = WN / kMmaN;
  auto aType = VectorType::get({4, 1}, b.getF32Type());
  auto bType = VectorType::get({2, 1}, b.getF32Type());
  Value zeroAcc = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(accType(), b.getF32FloatAttr(0).getValue()));
  // A fragment (16 x 8) i: a0 = (g, t), a1 = (g + 8, t), a2 = (g, t + 4),
  // a3 = (g + 8, t + 4); B fragment (8 x 8) j: b0 = (t, g), b1 = (t + 4,
  // g); each split into its TF32 part and remainder.
  auto fragmentA = [&](int64_t kk, int64_t i) {
    SmallVector<Value> e;
    for (int64_t col = 0; col < 2; ++col)
      for (int64_t row = 0; row < 2; ++row)
        e.push_back(readTile(A, tileA, stage, roles.m,
                             add(warpRow, add(group, c(i * kMmaM + row * 8))),
                             add(inGroup, c(kk + col * 4))));
    return split(e, aType);
  };
  auto fragmentB = [&](int64_t kk, int64_t j) {
    SmallVector<Value> e;
    for (int64_t row = 0; row < 2; ++row)
      e.push_back(readTile(B, tileB, stage, roles.k, add(inGroup, c(kk + row * 4)),
                           add(warpCol, add(group, c(j * kMmaN)))));
    return split(e, bType);
  };
  // The fragments of the side with fewer tiles are read first and kept;
  // the other side's are read one at a time, used against all of them
  // and dropped: fewer fragments live at once (registers; with 32 x 64
  // warp tiles, 132 instead of 176).
  bool columnsOuter = tilesN >= tilesM;
  int64_t outerTiles = columnsOuter ? tilesN : tilesM;
  int64_t innerTiles = columnsOuter ? tilesM : tilesN;
  // Two K steps of 8 a flush where BK allows: their products are summed
  // by the tensor core from zero and added to the running sums by one f32
  // add. The tensor core truncates its sums, so accumulating all of K in
  // it drifts toward zero (by 3.7e-3 over K = 4096 on the H100), where an
  // add rounds to nearest; a flush per two steps halves the adds (the
  // kernel is bound by issuing instructions as much as by the tensor
  // cores) and truncates each sum as often as one per step.
  int64_t stepsPerFlush = (BK / kMmaK) % 2 == 0 ? 2 : 1;
  for (int64_t kk0 = 0; kk0 < BK; kk0 += kMmaK * stepsPerFlush) {
    // kept[f][x], one[f]: step f of the flush.
    SmallVector<SmallVector<std::pair<Value, Value>>> kept(stepsPerFlush);
    for (int64_t f = 0; f < stepsPerFlush; ++f)
      for (int64_t x = 0; x < innerTiles; ++x) {
        int64_t kk = kk0 + f * kMmaK;
        kept[f].push_back(columnsOuter ? fragmentA(kk, x) : fragmentB(kk, x));
      }
    for (int64_t y = 0; y < outerTiles; ++y) {
      SmallVector<std::pair<Value, Value>> one;
      for (int64_t f = 0; f < stepsPerFlush; ++f) {
        int64_t kk = kk0 + f * kMmaK;
        one.push_back(columnsOuter ? fragmentB(kk, y) : fragmentA(kk, y));
      }
      for (int64_t x = 0; x < innerTiles; ++x) {
        auto operands = [&](int64_t f) {
          auto [aBig, aSmall] = columnsOuter ? kept[f][x] : one[f];
          auto [bBig, bSmall] = columnsOuter ? one[f] : kept[f][x];
          return std::make_tuple(aBig, aSmall, bBig, bSmall);
        };
        Value step = zeroAcc;
        // The small products first: they are the smallest terms, and the
        // sums they are truncated at are small too.
        if (threeProducts)
          for (int64_t f = 0; f < stepsPerFlush; ++f) {
            auto [aBig, aSmall, bBig, bSmall] = operands(f);
            step = mma(aSmall, bBig, step);
            step = mma(aBig, bSmall, step);
          }
        for (int64_t f = 0; f < stepsPerFlush; ++f) {
          auto [aBig, aSmall, bBig, bSmall] = operands(f);
          step = mma(aBig, bBig, step);
        }
        int64_t i = columnsOuter ? x : y, j = columnsOuter ? y : x;
        Value &acc = carried[i * tilesN + j];
        acc = arith::AddFOp::create(b, loc, acc, step);
      }
    }
  }
}

/// The sums into C: 16-byte stores of an FMA thread's quads where they are
/// aligned, else element by element (atomic adds with split-K), each
/// through the epilogue if there is one.
void KernelBuilder::storeSums(scf::ForOp loop) {
  OpOperand &C = *op.getDpsInitOperand(0);
  bool fma = usesFma();
  bool partialN = ranges[roles.n] % BN;
  auto elementPosition = [&](int64_t elem) {
    return fma ? SmallVector<int64_t>{elem} : SmallVector<int64_t>{elem / 2, elem % 2};
  };
  // An FMA thread's quad of 4 outputs adjacent along C's contiguous dim is
  // one 16-byte store where the layout proves it aligned: a warp then
  // writes whole sectors per instruction, not a quarter of each (the
  // stores are the whole cost of a GEMM with a short K). Not with split-K
  // (atomics) or an epilogue (applied element by element).
  AffineMap mapC = op.getMatchingIndexingMap(&C);
  bool quadsAlongC = fma && adjacentN && kSplits == 1 && !epilogue && mapC.getNumResults() > 0 &&
                     mapC.getResults().back() == b.getAffineDimExpr(roles.n) &&
                     !(partialN && ranges[roles.n] % 4 != 0);
  auto quadType = VectorType::get({4}, b.getF32Type());
  // The check's index ops are left to canonicalization: the stores build
  // their own where they are stored, which keeps their order in the PTX.
  for (int64_t acc = 0; quadsAlongC && acc < numAccs(); ++acc)
    quadsAlongC = ks::provedAlignment(C.get(), outputAt(acc, 0), quadType) >= 16;
  // What follows is stored only where `at` is inside C.
  auto insertInsideC = [&](ArrayRef<Value> at) {
    if (Value inside = insideC(at)) {
      auto inC = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
      b.setInsertionPoint(inC.thenBlock()->getTerminator());
    }
  };
  if (quadsAlongC) {
    for (int64_t acc = 0; acc < numAccs(); ++acc) {
      SmallVector<Value> at = outputAt(acc, 0);
      OpBuilder::InsertionGuard guard(b);
      // N a multiple of 4 and the quad aligned: all of it is inside C or none.
      insertInsideC(at);
      auto store = vector::StoreOp::create(b, loc, loop.getResult(acc), C.get(), at);
      store->setAttr("alignment", b.getI64IntegerAttr(16));
    }
    return;
  }
  for (int64_t acc = 0; acc < numAccs(); ++acc)
    for (int64_t elem = 0; elem < 4; ++elem) {
      Value v = vector::ExtractOp::create(b, loc, loop.getResult(acc), elementPosition(elem));
      SmallVector<Value> at = outputAt(acc, elem);
      OpBuilder::InsertionGuard guard(b);
      insertInsideC(at);
      if (kSplits > 1)
        memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addf, v, C.get(), at);
      else
        memref::StoreOp::create(b, loc, v, C.get(), at);
      if (epilogue)
        ks::applyEpilogue(b, loc, op, epilogue, at, v);
    }
}
