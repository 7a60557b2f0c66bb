//===- MatmulMmaSync.cpp - transform.ks.matmul_mma_sync -------------------===//
//
// An f32 contraction on buffers becomes a tensor-core kernel: block tiles
// staged through shared memory by cp.async (a multi-stage pipeline), warp
// tiles computed with mma.sync m16n8k8 on TF32 operands, optionally three
// products per step (3xTF32) for fp32 accuracy. Built directly rather than
// from upstream's tiling and rewrite_matmul_as_mma_sync: the fragment reads
// need padded shared layouts and the accumulators must stay in registers
// across K, neither of which that route gives.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/TransformOps.h"

#include "Alignment.h"
#include "Epilogue.h"
#include "KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace {
/// The loop roles of a contraction: its batch loops (none, one, or with a
/// gather, two: a grouped convolution's image and group), M, N, K, and
/// which input is a gather (read through a map that is not a permutation;
/// -1: neither).
struct Roles {
  SmallVector<int64_t, 2> batches;
  int64_t m, n, k;
  int64_t gathered = -1;
};

/// One operand's tile in shared memory: which loops its global rows and
/// columns are (its map's last two non-batch results), the tile's extents
/// and the padded row length.
struct TileLayout {
  int64_t rowLoop, colLoop;
  int64_t rows, cols, paddedCols;
};

constexpr int64_t kMmaM = 16, kMmaN = 8, kMmaK = 8, kWarp = 32;

/// The block tile's extent along `loop`: BM along M, BN along N, BK along K.
int64_t tileExtent(const Roles &roles, int64_t BM, int64_t BN, int64_t BK, int64_t loop) {
  return loop == roles.m ? BM : loop == roles.n ? BN : BK;
}

/// The shared tile of `operand` for block tile [BM, BN, BK]: a permuted
/// operand keeps its own layout (its map's last two results); a gathered
/// one is laid out [M, K] (A) or [K, N] (B).
TileLayout tileLayout(linalg::LinalgOp op, const Roles &roles, OpOperand &operand, int64_t BM,
                      int64_t BN, int64_t BK) {
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

/// Whether 16-byte copies can read `buffer` (a static, contiguous-last-dim
/// f32 view): every row starts on 16 bytes and ends on a 16-byte chunk's
/// edge. Else its tiles are copied 4 bytes at a time (rows of 197).
static bool copiesBy16Bytes(Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || ShapedType::isDynamic(offset) ||
      offset % 4 || type.getShape().back() % 4)
    return false;
  return llvm::all_of(ArrayRef(strides).drop_back(),
                      [](int64_t s) { return !ShapedType::isDynamic(s) && s % 4 == 0; });
}

struct KernelBuilder {
  OpBuilder &b;
  Location loc;
  linalg::LinalgOp op;
  Roles roles;
  int64_t BM, BN, BK, WM, WN, stages;
  bool threeProducts;
  /// Ways K is split across the grid's z (1: none).
  int64_t kSplits;
  int64_t threads;
  /// An elementwise op applied to each output as it is stored, or null.
  linalg::LinalgOp epilogue;
  /// Exact f32 FMAs on the CUDA cores instead of mma.sync: each thread
  /// computes TM x TN outputs of its warp's tile (TM, TN > 0 selects it).
  int64_t TM = 0, TN = 0;
  /// Blocks per SM the kernel's registers must allow (0: ptxas's choice).
  int64_t minBlocksPerSM = 0;
  /// A gather whose address splits into a part of K alone and a part of
  /// the other loops (a convolution's window offset plus its pixel's): the
  /// operand seen as 1-D, the K part of every K as a constant table, the
  /// rest's terms by operand dimension. Null where it does not split.
  Value gatherFlat, gatherTable;
  SmallVector<std::pair<int64_t, AffineExpr>> gatherOtherTerms;
  /// Where the gathered buffer is a zero-padded copy of another, the kernel
  /// reads that one instead (`gatherFlat` is its 1-D view): the constant
  /// part of the address (minus the padding's offsets), and per dimension
  /// the padding cuts (at most 3), its low padding, the source's extent and
  /// its other terms; the table's columns 1 to 3 hold their K parts. The
  /// ops that made the padded copy, to erase once the kernel is built.
  struct PaddedDim {
    int64_t low, extent;
    SmallVector<AffineExpr> otherTerms;
  };
  int64_t gatherConstant = 0;
  SmallVector<PaddedDim> paddedDims;
  bool paddedSource = false;
  SmallVector<Operation *> foldedProducers;
  /// Whether to look for a padded copy's source at all.
  bool foldPadding = false;
  /// Whether the output's initial value is a zero fill this kernel
  /// replaces (its sums start from zero, nothing is loaded).
  bool zeroInit = false;
  /// A broadcast (a bias) giving the output its initial value, which this
  /// kernel replaces: its sums start from the broadcast's input.
  std::optional<ks::BroadcastInit> broadcastInit;

  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, int64_t y) { return arith::MulIOp::create(b, loc, x, c(y)); }
  Value div(Value x, int64_t y) { return arith::DivUIOp::create(b, loc, x, c(y)); }
  Value rem(Value x, int64_t y) { return arith::RemUIOp::create(b, loc, x, c(y)); }

  /// `e` at loop values `loops`. Indices are non-negative and a gather's
  /// divisions apply to non-negative terms (checked before), so unsigned
  /// division serves; sums and products wrap alike either way.
  Value evaluate(AffineExpr e, ArrayRef<Value> loops) {
    if (auto dim = dyn_cast<AffineDimExpr>(e))
      return loops[dim.getPosition()];
    if (auto constant = dyn_cast<AffineConstantExpr>(e))
      return c(constant.getValue());
    auto binary = cast<AffineBinaryOpExpr>(e);
    Value lhs = evaluate(binary.getLHS(), loops), rhs = evaluate(binary.getRHS(), loops);
    switch (e.getKind()) {
    case AffineExprKind::Add:
      return add(lhs, rhs);
    case AffineExprKind::Mul:
      return arith::MulIOp::create(b, loc, lhs, rhs);
    case AffineExprKind::FloorDiv:
      return arith::DivUIOp::create(b, loc, lhs, rhs);
    default:
      return arith::RemUIOp::create(b, loc, lhs, rhs);
    }
  }

  /// The gathered element at loop values `loops` in the 1-D view: its K
  /// offset from the table plus the other terms, each times its stride;
  /// from a padded buffer's source, also whether the element is inside the
  /// source (null: always).
  std::pair<Value, Value> gatherOffset(ArrayRef<Value> loops) {
    auto toIndex = [&](Value v) {
      return arith::IndexCastOp::create(b, loc, b.getIndexType(), v).getResult();
    };
    SmallVector<Value> kParts;
    if (!paddedSource) {
      kParts.push_back(memref::LoadOp::create(b, loc, gatherTable, ValueRange{loops[roles.k]}));
    } else {
      // One 16-byte load: the offset and the padded dimensions' K parts.
      auto rowType = VectorType::get({4}, b.getI32Type());
      Value row = vector::LoadOp::create(b, loc, rowType, gatherTable,
                                         ValueRange{loops[roles.k], c(0)}, false,
                                         llvm::MaybeAlign(16));
      for (int64_t i = 0; i < 4; ++i)
        kParts.push_back(vector::ExtractOp::create(b, loc, row, ArrayRef<int64_t>{i}));
    }
    Value offset = toIndex(kParts[0]);
    for (auto [stride, term] : gatherOtherTerms)
      offset = add(offset, mul(evaluate(term, loops), stride));
    if (!paddedSource)
      return {offset, Value()};
    offset = add(offset, c(gatherConstant));
    // Inside the source where every padded index, less its low padding,
    // is below the source's extent (unsigned: below the padding wraps).
    Value inside;
    for (auto [i, dim] : llvm::enumerate(paddedDims)) {
      Value index = toIndex(kParts[1 + i]);
      for (AffineExpr term : dim.otherTerms)
        index = add(index, evaluate(term, loops));
      Value relative = arith::SubIOp::create(b, loc, index, c(dim.low));
      Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, relative,
                                       c(dim.extent));
      inside = inside ? arith::AndIOp::create(b, loc, inside, in).getResult() : in;
    }
    return {offset, inside};
  }

  void prepareGatherTable(OpOperand &operand);

  /// The indices of `operand` at loop values `loops` (indexed by loop).
  SmallVector<Value> indicesOf(OpOperand &operand, ArrayRef<Value> loops) {
    SmallVector<Value> indices;
    for (AffineExpr e : op.getMatchingIndexingMap(&operand).getResults())
      indices.push_back(evaluate(e, loops));
    return indices;
  }

  int64_t extentOf(int64_t loop) { return tileExtent(roles, BM, BN, BK, loop); }

  TileLayout layoutOf(OpOperand &operand) {
    return tileLayout(op, roles, operand, BM, BN, BK);
  }

  /// This thread's share of the copy of `operand`'s tile at loop origins
  /// `origin` into `stage` of `tile`: 16-byte asynchronous copies of a
  /// permuted operand, 4-byte ones of a gathered one (its consecutive
  /// elements need not be adjacent), the block's threads on consecutive
  /// chunks.
  void issueCopies(OpOperand &operand, Value tile, Value stage, ArrayRef<Value> origin,
                   Value tid, SmallVectorImpl<Value> &tokens) {
    TileLayout l = layoutOf(operand);
    bool gather = int64_t(operand.getOperandNumber()) == roles.gathered;
    int64_t width = gather || !copiesBy16Bytes(operand.get()) ? 1 : 4;
    int64_t chunksPerRow = l.cols / width;
    int64_t perThread = l.rows * chunksPerRow / threads;
    auto tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    for (int64_t i = 0; i < perThread; ++i) {
      Value row, col;
      if (threads % chunksPerRow == 0) {
        // Each thread keeps its column: the gather's address arithmetic
        // along it is computed once for all its rows.
        row = add(div(tid, chunksPerRow), c(i * threads / chunksPerRow));
        col = mul(rem(tid, chunksPerRow), width);
      } else {
        Value chunk = add(tid, c(i * threads));
        row = div(chunk, chunksPerRow);
        col = mul(rem(chunk, chunksPerRow), width);
      }
      SmallVector<Value> at(origin.begin(), origin.end());
      at[l.rowLoop] = add(origin[l.rowLoop], row);
      at[l.colLoop] = add(origin[l.colLoop], col);
      // A tile past the operand's edge (a dimension the tile does not
      // divide): its chunks there are zero-filled (no bytes read, from a
      // clamped address), so they add nothing to the sums. The edge falls
      // between chunks: contiguous extents are multiples of 4.
      // Each loop is clamped by its own bound, so that what is computed
      // from one (a gather's window arithmetic) is shared by the copies
      // that differ in the other.
      Value inBounds, srcElements;
      for (int64_t loop : {l.rowLoop, l.colLoop}) {
        if (ranges[loop] % extentOf(loop) == 0)
          continue;
        Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, at[loop],
                                         c(ranges[loop]));
        at[loop] = arith::SelectOp::create(b, loc, in, at[loop], c(0));
        inBounds = inBounds ? arith::AndIOp::create(b, loc, inBounds, in).getResult() : in;
      }
      bool fromTable = gather && gatherTable;
      SmallVector<Value> indices;
      if (fromTable) {
        // An element in the padding reads nothing (zero-filled) from a
        // clamped address, as one past a tile's edge.
        auto [offset, inside] = gatherOffset(at);
        if (inside) {
          offset = arith::SelectOp::create(b, loc, inside, offset, c(0));
          inBounds =
              inBounds ? arith::AndIOp::create(b, loc, inBounds, inside).getResult() : inside;
        }
        indices.push_back(offset);
      } else {
        indices = indicesOf(operand, at);
      }
      if (inBounds)
        srcElements = arith::SelectOp::create(b, loc, inBounds, c(width), c(0));
      // L1 is bypassed for 16-byte copies only (cp.async.cg); a gather's
      // neighbouring windows overlap, so its 4-byte copies keep L1.
      tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
          b, loc, tokenType, tile, ValueRange{stage, row, col},
          fromTable ? gatherFlat : operand.get(), indices, b.getIndexAttr(width), srcElements,
          width == 4 ? b.getUnitAttr() : UnitAttr()));
    }
  }

  /// Element (`r`, `q`) of `operand`'s tile in `stage`, where `r` and `q`
  /// are the tile-local positions along loops `loopR` and `loopQ`.
  Value readTile(OpOperand &operand, Value tile, Value stage, int64_t loopR, Value r,
                 Value q) {
    TileLayout l = layoutOf(operand);
    Value row = l.rowLoop == loopR ? r : q;
    Value col = l.rowLoop == loopR ? q : r;
    return memref::LoadOp::create(b, loc, tile, ValueRange{stage, row, col});
  }

  /// `x` rounded to TF32 (10 mantissa bits, to nearest even): one
  /// cvt.rn.tf32.f32, a single instruction on sm_90 (F2FP), where rounding
  /// by integer ops takes two and cvt.rna three.
  Value roundToTf32(Value x) {
    auto bits = NVVM::ConvertFloatToTF32Op::create(b, loc, b.getI32Type(), x,
                                                   NVVM::FPRoundingMode::RN,
                                                   NVVM::SaturationMode::NONE, false);
    return arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
  }

  /// A fragment of `type` from its elements: their TF32 parts and, for three
  /// products, their TF32 remainders.
  std::pair<Value, Value> split(ArrayRef<Value> elements, VectorType type) {
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

  Value mma(Value a, Value bv, Value acc) {
    return nvgpu::MmaSyncOp::create(b, loc, a, bv, acc,
                                    ArrayRef<int64_t>{kMmaM, kMmaN, kMmaK},
                                    /*tf32Enabled=*/true);
  }

  void fmaStep(Value tileA, Value tileB, Value stage, function_ref<Value(int64_t)> rowOf,
               function_ref<Value(int64_t)> colOf, SmallVectorImpl<Value> &sums);
  gpu::LaunchOp build();
};

/// Splits the gathered `operand`'s address, where it can, into a table of
/// its K part (a module constant, 32-bit offsets per K) and the terms of
/// the other loops: per element, a table load and a few adds instead of the
/// window arithmetic (divisions by constants) for every element. Where the
/// operand is a zero-padded copy of another buffer, the addresses are the
/// other's and the table also holds the K parts of the padded dimensions'
/// indices, which the copies check against the padding.
void KernelBuilder::prepareGatherTable(OpOperand &operand) {
  auto type = cast<MemRefType>(operand.get().getType());
  if (!type.getLayout().isIdentity() || type.getNumElements() >= (1ll << 31))
    return;
  // Each result's sum split into terms of K alone and terms without K.
  AffineMap map = op.getMatchingIndexingMap(&operand);
  SmallVector<SmallVector<AffineExpr>> kTerms(map.getNumResults()),
      otherTerms(map.getNumResults());
  std::function<bool(AffineExpr, int64_t)> split = [&](AffineExpr e, int64_t d) {
    if (e.getKind() == AffineExprKind::Add) {
      auto sum = cast<AffineBinaryOpExpr>(e);
      return split(sum.getLHS(), d) && split(sum.getRHS(), d);
    }
    bool usesK = e.isFunctionOfDim(roles.k);
    for (int64_t loop = 0, e2 = op.getNumLoops(); loop < e2; ++loop)
      if (loop != roles.k && usesK && e.isFunctionOfDim(loop))
        return false;
    (usesK ? kTerms : otherTerms)[d].push_back(e);
    return true;
  };
  for (auto [d, expr] : llvm::enumerate(map.getResults()))
    if (!split(expr, d))
      return;

  // Read from the padded copy's source where there is one with at most
  // three padded dimensions (the table's row is 16 bytes).
  Value source = operand.get();
  std::optional<ks::PaddedSourceMatch> padded;
  if (foldPadding)
    padded = ks::findPaddedSource(operand.get(), op);
  if (padded && padded->padValue != 0.0)
    padded.reset();
  SmallVector<int64_t> paddedDimIndices;
  if (padded) {
    auto sourceShape = cast<MemRefType>(padded->source.getType()).getShape();
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (padded->low[d] != 0 || sourceShape[d] != type.getDimSize(d))
        paddedDimIndices.push_back(d);
    if (paddedDimIndices.size() > 3)
      padded.reset();
  }
  SmallVector<int64_t> strides;
  int64_t unusedOffset;
  if (padded) {
    source = padded->source;
    paddedSource = true;
    auto sourceType = cast<MemRefType>(source.getType());
    (void)sourceType.getStridesAndOffset(strides, unusedOffset);
    for (int64_t d = 0; d < type.getRank(); ++d)
      gatherConstant -= strides[d] * padded->low[d];
    for (int64_t d : paddedDimIndices)
      paddedDims.push_back({padded->low[d], sourceType.getDimSize(d), otherTerms[d]});
    foldedProducers = padded->producers;
  } else {
    (void)type.getStridesAndOffset(strides, unusedOffset);
  }

  // The K parts at every K, folded to constants.
  int64_t rangeK = op.getStaticLoopRanges()[roles.k];
  MLIRContext *ctx = b.getContext();
  int64_t columns = paddedSource ? 4 : 1;
  SmallVector<int32_t> table;
  for (int64_t k = 0; k < rangeK; ++k) {
    SmallVector<AffineExpr> dims(op.getNumLoops(), getAffineConstantExpr(0, ctx));
    dims[roles.k] = getAffineConstantExpr(k, ctx);
    auto partOf = [&](int64_t d) {
      int64_t sum = 0;
      for (AffineExpr term : kTerms[d])
        sum += cast<AffineConstantExpr>(term.replaceDims(dims)).getValue();
      return sum;
    };
    int64_t offset = 0;
    for (int64_t d = 0; d < type.getRank(); ++d)
      offset += strides[d] * partOf(d);
    table.push_back(int32_t(offset));
    for (int64_t i = 1; i < columns; ++i)
      table.push_back(i - 1 < int64_t(paddedDimIndices.size())
                          ? int32_t(partOf(paddedDimIndices[i - 1]))
                          : 0);
  }
  SmallVector<int64_t> tableShape = {rangeK};
  if (paddedSource)
    tableShape.push_back(columns);
  auto tableType = MemRefType::get(tableShape, b.getI32Type());
  auto module = op->getParentOfType<ModuleOp>();
  OpBuilder g = OpBuilder::atBlockEnd(module.getBody());
  auto global = memref::GlobalOp::create(
      g, loc, "gather_offsets", g.getStringAttr("private"), tableType,
      DenseElementsAttr::get(RankedTensorType::get(tableShape, b.getI32Type()),
                             ArrayRef<int32_t>(table)),
      /*constant=*/true, g.getI64IntegerAttr(16));
  SymbolTable(module).insert(global);
  gatherTable = memref::GetGlobalOp::create(b, loc, tableType, global.getSymName());
  SmallVector<ReassociationIndices> all(1);
  for (int64_t d = 0; d < type.getRank(); ++d)
    all[0].push_back(d);
  gatherFlat = memref::CollapseShapeOp::create(b, loc, source, all);
  for (int64_t d = 0; d < type.getRank(); ++d)
    for (AffineExpr term : otherTerms[d])
      gatherOtherTerms.push_back({strides[d], term});
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
  OpOperand &A = *op.getDpsInputOperand(0);
  OpOperand &B = *op.getDpsInputOperand(1);
  OpOperand &C = *op.getDpsInitOperand(0);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t numLoops = ranges.size();
  int64_t warpsN = BN / WN;
  int64_t tilesM = WM / kMmaM, tilesN = WN / kMmaN;
  // K steps per block: a stretch of them with split-K.
  int64_t kSteps = llvm::divideCeil(ranges[roles.k], BK) / kSplits;

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

  Value one = c(1);
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

  Value tileA = memref::GetGlobalOp::create(b, loc, globalA.getType(), globalA.getSymName());
  Value tileB = memref::GetGlobalOp::create(b, loc, globalB.getType(), globalB.getSymName());
  if (roles.gathered >= 0)
    prepareGatherTable(op->getOpOperand(roles.gathered));
  Value tid = launch.getThreadIds().x;
  Value warp = div(tid, kWarp), lane = rem(tid, kWarp);
  Value group = div(lane, 4), inGroup = rem(lane, 4);
  Value warpRow = mul(div(warp, warpsN), WM), warpCol = mul(rem(warp, warpsN), WN);
  Value zero = c(0);

  // The loop values at a block tile's origin; K filled in per step.
  SmallVector<Value> origin(numLoops, zero);
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
  Value firstStep = kSplits > 1 ? mul(rem(launch.getBlockIds().z, kSplits), kSteps) : zero;

  // FMA threads: the warp's WM x WN tile as (WM / TM) x (WN / TN) threads,
  // lanes along N fastest. A thread's TM (TN) outputs along M (N) are quads
  // of 4, the quads a WM (WN) / (TM (TN) / 4) apart. Within a quad, where the
  // operand's tile is contiguous along M (N), the 4 are adjacent (one 16-byte
  // read per K step, the lanes of a quarter-warp on consecutive 16 bytes);
  // where K is contiguous, they are a thread apart (each 16-byte read of 4 K
  // steps on its own padded row: the lanes' rows are consecutive, which the
  // padding puts in distinct banks).
  bool fma = TM > 0;
  int64_t threadsM = fma ? WM / TM : 1, threadsN = fma ? WN / TN : 1;
  Value threadRow = fma ? div(lane, threadsN) : Value();
  Value threadCol = fma ? rem(lane, threadsN) : Value();
  auto threadPosition = [&](Value warpBase, Value thread, int64_t threadsAlong, int64_t x,
                            bool adjacent) {
    int64_t quad = x / 4, e = x % 4;
    Value inQuad = adjacent ? add(mul(thread, 4), c(e)) : add(thread, c(e * threadsAlong));
    return add(warpBase, add(inQuad, c(quad * threadsAlong * 4)));
  };
  bool adjacentM = layoutOf(A).colLoop == roles.m, adjacentN = layoutOf(B).colLoop == roles.n;
  auto rowOf = [&](int64_t i) { return threadPosition(warpRow, threadRow, threadsM, i, adjacentM); };
  auto colOf = [&](int64_t j) { return threadPosition(warpCol, threadCol, threadsN, j, adjacentN); };

  // The accumulators, from the output. mma.sync: fragment (i, j) holds rows
  // g and g + 8, columns 2t and 2t + 1 of the warp's 16 x 8 tile (i, j).
  // FMA: row (i, q) holds output row rowOf(i), columns colOf(4q .. 4q + 3).
  int64_t numAccs = fma ? TM * (TN / 4) : tilesM * tilesN;
  auto accType = fma ? VectorType::get({4}, b.getF32Type())
                     : VectorType::get({2, 2}, b.getF32Type());
  auto elementPosition = [&](int64_t elem) {
    return fma ? SmallVector<int64_t>{elem} : SmallVector<int64_t>{elem / 2, elem % 2};
  };
  // C's indices of element `elem` (of 4, row-major) of accumulator `acc`.
  auto outputAt = [&](int64_t acc, int64_t elem) {
    SmallVector<Value> at(origin);
    if (fma) {
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
  };
  // Whether an output is inside C where the tiles do not divide it (null
  // where they do).
  bool partialM = ranges[roles.m] % BM, partialN = ranges[roles.n] % BN;
  auto insideC = [&](ArrayRef<Value> at) -> Value {
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
  };
  Value zeroF = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
  SmallVector<Value> accs;
  for (int64_t acc = 0; acc < numAccs; ++acc) {
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
    accs.push_back(vector::FromElementsOp::create(b, loc, accType, elements));
  }

  // Prologue: K steps 0 .. stages - 2 in flight, one group each.
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  auto issueStep = [&](Value kStep, Value stage) {
    SmallVector<Value> at(origin);
    at[roles.k] = mul(add(firstStep, kStep), BK);
    SmallVector<Value> tokens;
    issueCopies(A, tileA, stage, at, tid, tokens);
    issueCopies(B, tileB, stage, at, tid, tokens);
    return nvgpu::DeviceAsyncCreateGroupOp::create(b, loc, tokenType, tokens).getResult();
  };
  Value lastGroup;
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
    if (fma) {
      fmaStep(tileA, tileB, stage, rowOf, colOf, carried);
    } else {
      auto aType = VectorType::get({4, 1}, b.getF32Type());
      auto bType = VectorType::get({2, 1}, b.getF32Type());
      Value zeroAcc = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(accType, b.getF32FloatAttr(0).getValue()));
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
    scf::YieldOp::create(b, loc, carried);
  }
  // The copies the last trips issued are never read; they must land before
  // the block ends.
  nvgpu::DeviceAsyncWaitOp::create(b, loc, lastGroup, b.getI32IntegerAttr(0));

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
  for (int64_t acc = 0; quadsAlongC && acc < numAccs; ++acc)
    quadsAlongC = ks::provedAlignment(C.get(), outputAt(acc, 0), quadType) >= 16;
  // What follows is stored only where `at` is inside C.
  auto insertInsideC = [&](ArrayRef<Value> at) {
    if (Value inside = insideC(at)) {
      auto inC = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
      b.setInsertionPoint(inC.thenBlock()->getTerminator());
    }
  };
  if (quadsAlongC) {
    for (int64_t acc = 0; acc < numAccs; ++acc) {
      SmallVector<Value> at = outputAt(acc, 0);
      OpBuilder::InsertionGuard guard(b);
      // N a multiple of 4 and the quad aligned: all of it is inside C or none.
      insertInsideC(at);
      auto store = vector::StoreOp::create(b, loc, loop.getResult(acc), C.get(), at);
      store->setAttr("alignment", b.getI64IntegerAttr(16));
    }
    return launch;
  }
  for (int64_t acc = 0; acc < numAccs; ++acc)
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
  return launch;
}

/// Whether `e` is non-negative wherever the loops are: no negative
/// constant and divisions by positive constants.
bool isNonNegative(AffineExpr e) {
  if (isa<AffineDimExpr>(e))
    return true;
  if (auto constant = dyn_cast<AffineConstantExpr>(e))
    return constant.getValue() >= 0;
  if (isa<AffineSymbolExpr>(e) || e.getKind() == AffineExprKind::CeilDiv)
    return false;
  auto binary = cast<AffineBinaryOpExpr>(e);
  return isNonNegative(binary.getLHS()) && isNonNegative(binary.getRHS());
}

/// Why the gather `e` cannot be evaluated with unsigned arithmetic, or the
/// empty string: every floordiv and mod must divide a non-negative term by
/// a positive constant.
std::string unmetGatherCondition(AffineExpr e) {
  if (isa<AffineSymbolExpr>(e))
    return "a gather's map has symbols";
  auto binary = dyn_cast<AffineBinaryOpExpr>(e);
  if (!binary)
    return "";
  if (e.getKind() == AffineExprKind::CeilDiv)
    return "a gather's map has a ceildiv";
  if (e.getKind() == AffineExprKind::FloorDiv || e.getKind() == AffineExprKind::Mod) {
    auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
    if (!divisor || divisor.getValue() <= 0 || !isNonNegative(binary.getLHS()))
      return "a gather's map divides other than a non-negative term by a positive constant";
  }
  std::string lhs = unmetGatherCondition(binary.getLHS());
  return lhs.empty() ? unmetGatherCondition(binary.getRHS()) : lhs;
}

/// The roles of a contraction with one gathered input, taken from its
/// output and its reduction: K the one reduction loop, M and N the output's
/// last two dimensions, the ones before them (at most two) the batch. Why
/// they cannot be, or the empty string.
std::string gatherRoles(linalg::LinalgOp op, Roles &roles) {
  std::string unused;
  llvm::raw_string_ostream errs(unused);
  if (!linalg::detail::isContractionBody(
          *op.getBlock(),
          [](Operation *first, Operation *second) {
            return isa<arith::MulFOp>(first) && isa<arith::AddFOp>(second);
          },
          errs))
    return "the target is not a multiply-add contraction";
  AffineMap output = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!output.isProjectedPermutation(/*allowZeroInResults=*/false) ||
      output.getNumResults() < 2 || output.getNumResults() > 4 ||
      op.getNumReductionLoops() != 1 || op.getNumLoops() != output.getNumResults() + 1)
    return "a contraction with a gather must write [batch, [batch,]] M, N through a "
           "permutation of its parallel loops and have one reduction loop";
  auto dimAt = [&](int64_t i) { return cast<AffineDimExpr>(output.getResult(i)).getPosition(); };
  int64_t rank = output.getNumResults();
  roles.m = dimAt(rank - 2);
  roles.n = dimAt(rank - 1);
  for (int64_t i = 0; i + 2 < rank; ++i)
    roles.batches.push_back(dimAt(i));
  SmallVector<unsigned> reductions;
  op.getReductionDims(reductions);
  roles.k = reductions.front();
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    bool isA = input->getOperandNumber() == 0;
    if (map.isFunctionOfDim(isA ? roles.n : roles.m) || !map.isFunctionOfDim(roles.k) ||
        !map.isFunctionOfDim(isA ? roles.m : roles.n))
      return isA ? "A must read M and K and not N" : "B must read K and N and not M";
    if (map.isProjectedPermutation(/*allowZeroInResults=*/false))
      continue;
    if (roles.gathered >= 0)
      return "both inputs are gathers";
    roles.gathered = input->getOperandNumber();
    for (AffineExpr e : map.getResults()) {
      std::string unmet = unmetGatherCondition(e);
      if (!unmet.empty())
        return unmet;
    }
  }
  return "";
}

/// Why `op` cannot be built with these tiles, or the empty string.
std::string unmetCondition(linalg::LinalgOp op, Roles &roles, ArrayRef<int64_t> blockTile,
                           ArrayRef<int64_t> warpTile, ArrayRef<int64_t> threadTile,
                           int64_t stages, int64_t kSplits) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return "the target is not a contraction of two buffers into a third";
  bool permuted = llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
    return map.isProjectedPermutation(/*allowZeroInResults=*/false);
  });
  if (!permuted) {
    std::string unmet = gatherRoles(op, roles);
    if (!unmet.empty())
      return unmet;
  } else if (!linalg::isaContractionOpInterface(op)) {
    return "the target is not a multiply-add contraction";
  }
  // Asynchronous copies read the permuted inputs (16 bytes at a time where
  // their rows allow, else 4); a gather is copied element by element and
  // the output is loaded and stored element by element: any layout.
  auto copiedAsync = [&](OpOperand &operand) {
    return int64_t(operand.getOperandNumber()) != roles.gathered && !op.isDpsInit(&operand);
  };
  for (OpOperand &operand : op->getOpOperands()) {
    Value v = operand.get();
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
      return "an operand is not a static f32 buffer";
    if (!copiedAsync(operand))
      continue;
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) || strides.empty() ||
        strides.back() != 1 || ShapedType::isDynamic(offset))
      return "an operand's last dimension is not contiguous or its offset is not static";
    for (int64_t s : ArrayRef(strides).drop_back())
      if (ShapedType::isDynamic(s))
        return "an operand's row stride is not static";
  }
  if (permuted) {
    FailureOr<linalg::ContractionDimensions> dims = linalg::inferContractionDims(op);
    if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 || dims->k.size() != 1 ||
        dims->batch.size() > 1)
      return "the target does not have one M, one N, one K and at most one batch loop";
    roles.m = dims->m[0];
    roles.n = dims->n[0];
    roles.k = dims->k[0];
    roles.batches.assign(dims->batch.begin(), dims->batch.end());
  }
  for (OpOperand &operand : op->getOpOperands()) {
    if (int64_t(operand.getOperandNumber()) == roles.gathered)
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false) || map.getNumResults() < 2)
      return "an operand is not read through a permutation of the loops";
    int64_t last = cast<AffineDimExpr>(map.getResults().back()).getPosition();
    int64_t second = cast<AffineDimExpr>(map.getResults()[map.getNumResults() - 2]).getPosition();
    if (llvm::is_contained(roles.batches, last) || llvm::is_contained(roles.batches, second))
      return "an operand's batch dimension is among its last two";
  }
  if (blockTile.size() != 3 || warpTile.size() != 2)
    return "block_tile needs three sizes and warp_tile two";
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t BM = blockTile[0], BN = blockTile[1], BK = blockTile[2];
  if (!threadTile.empty()) {
    if (threadTile.size() != 2)
      return "thread_tile needs two sizes";
    int64_t TM = threadTile[0], TN = threadTile[1];
    if (TM <= 0 || TN <= 0 || TM % 4 || TN % 4 || TM > 8 || TN > 8)
      return "the thread tile's sizes must be 4 or 8";
    if (BK % 4 || BM % warpTile[0] || BN % warpTile[1] || warpTile[0] % TM ||
        warpTile[1] % TN || (warpTile[0] / TM) * (warpTile[1] / TN) != kWarp)
      return "the tiles do not divide into warps of 32 threads of thread_tile outputs and K "
             "steps of 4";
  } else if (BK % kMmaK || BM % warpTile[0] || BN % warpTile[1] || warpTile[0] % kMmaM ||
             warpTile[1] % kMmaN) {
    return "the tiles do not divide into m16n8k8 steps";
  }
  int64_t kSteps = llvm::divideCeil(ranges[roles.k], BK);
  if (kSplits < 1 || kSteps % kSplits)
    return llvm::formatv("K's {0} steps of {1} do not split {2} ways", kSteps, BK, kSplits);
  if (stages < 2 || kSteps / kSplits < stages - 1)
    return "fewer K steps than the pipeline keeps in flight";
  int64_t threads = (BM / warpTile[0]) * (BN / warpTile[1]) * kWarp;
  if (threads > 1024 || (BM * BK / 4) % threads || (BN * BK / 4) % threads)
    return "the tiles' 16-byte chunks do not divide among the block's threads";
  int64_t bytes = 0;
  for (OpOperand *operand : op.getDpsInputOperands()) {
    TileLayout l = tileLayout(op, roles, *operand, BM, BN, BK);
    bytes += 4 * stages * l.rows * l.paddedCols;
  }
  if (bytes > 48 * 1024)
    return "the shared tiles take more than 48 KB";
  return "";
}
} // namespace

DiagnosedSilenceableFailure transform::KSMatmulMmaSyncOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  SmallVector<Operation *> launches;
  linalg::LinalgOp epilogue;
  std::string noEpilogue = ks::epilogueOfHandle(state, getEpilogue(), getTarget(), epilogue);
  if (!noEpilogue.empty())
    return emitDefiniteFailure() << noEpilogue;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto op = dyn_cast<linalg::LinalgOp>(target);
    if (!op)
      return emitDefiniteFailure() << "expects linalg ops, got " << target->getName();
    if (getPrecision() != "tf32x3" && getPrecision() != "tf32" && getPrecision() != "fma")
      return emitDefiniteFailure() << "precision must be \"tf32x3\", \"tf32\" or \"fma\", got \""
                                   << getPrecision() << "\"";
    bool fma = getPrecision() == "fma";
    if (fma != getThreadTile().has_value())
      return emitDefiniteFailure() << (fma ? "precision \"fma\" needs a thread_tile"
                                           : "a thread_tile is for precision \"fma\" only");
    ArrayRef<int64_t> threadTile = fma ? *getThreadTile() : ArrayRef<int64_t>();
    Roles roles;
    std::string unmet = unmetCondition(op, roles, getBlockTile(), getWarpTile(), threadTile,
                                       getStages(), getKSplits());
    if (!unmet.empty())
      return emitDefiniteFailure() << (fma ? "cannot build an FMA kernel: "
                                           : "cannot build a tensor-core kernel: ")
                                   << unmet;
    if (epilogue && getKSplits() > 1)
      return emitDefiniteFailure() << "cannot apply the epilogue: with k_splits > 1 no block "
                                      "has the whole sum";
    if (epilogue) {
      std::string unmetEpilogue =
          roles.batches.empty()
              ? ks::unmetEpilogueCondition(op, roles.m, roles.n, epilogue)
              : "an epilogue is applied to 2-d contractions only";
      if (!unmetEpilogue.empty())
        return emitDefiniteFailure() << "cannot apply the epilogue: " << unmetEpilogue;
      ks::hoistOpsBetween(op, epilogue);
    }
    rewriter.setInsertionPoint(op);
    ArrayRef<int64_t> block = getBlockTile(), warp = getWarpTile();
    KernelBuilder builder{rewriter,  op.getLoc(), op,       roles,      block[0],
                          block[1],  block[2],    warp[0],  warp[1],    int64_t(getStages()),
                          getPrecision() == "tf32x3",  int64_t(getKSplits()),
                          (block[0] / warp[0]) * (block[1] / warp[1]) * kWarp,
                          epilogue};
    builder.foldPadding = getFoldPadding() != 0;
    builder.minBlocksPerSM = getMinBlocksPerSm();
    if (fma) {
      builder.TM = threadTile[0];
      builder.TN = threadTile[1];
    }
    // A zero fill before the kernel is folded into it (split-K's atomic
    // adds need the zeros in memory).
    Operation *zeroFill = getKSplits() == 1 ? ks::findFillInit(op, 0.0) : nullptr;
    builder.zeroInit = zeroFill != nullptr;
    // So is a broadcast bias: the sums start from it.
    if (getKSplits() == 1 && !zeroFill)
      builder.broadcastInit = ks::findBroadcastInit(op);
    launches.push_back(builder.build());
    rewriter.eraseOp(op);
    ks::eraseFoldedProducers(rewriter, builder.foldedProducers);
    if (zeroFill)
      ks::eraseFolded(rewriter, zeroFill);
    if (builder.broadcastInit)
      ks::eraseFolded(rewriter, builder.broadcastInit->op);
    if (epilogue)
      rewriter.eraseOp(epilogue);
  }
  results.set(cast<OpResult>(getLaunch()), launches);
  return DiagnosedSilenceableFailure::success();
}
