//===- MatmulMmaSyncCopies.cpp - GEMM tiles into shared memory ------------===//
//
// The kernel builder's (MatmulMmaSyncKernel.h) copies of the operands' block
// tiles into shared memory by cp.async, and the address arithmetic of a
// gathered operand: its map evaluated, or split into a table of its K part
// and the terms of the other loops.
//
//===----------------------------------------------------------------------===//

#include "MatmulMmaSyncKernel.h"

#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace ks::mma_sync;

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

Value KernelBuilder::evaluate(AffineExpr e, ArrayRef<Value> loops) {
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

std::pair<Value, Value> KernelBuilder::gatherOffset(ArrayRef<Value> loops) {
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

SmallVector<Value> KernelBuilder::indicesOf(OpOperand &operand, ArrayRef<Value> loops) {
  SmallVector<Value> indices;
  for (AffineExpr e : op.getMatchingIndexingMap(&operand).getResults())
    indices.push_back(evaluate(e, loops));
  return indices;
}

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

void KernelBuilder::issueCopies(OpOperand &operand, Value tile, Value stage,
                                ArrayRef<Value> origin, Value tid,
                                SmallVectorImpl<Value> &tokens) {
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
