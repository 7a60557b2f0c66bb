//===- FeatureExtractor.cpp - Static features of every dispatch -----------===//

#include "ks/Skills/FeatureExtractor.h"

#include "ks/Skills/GridChain.h"
#include "ks/Skills/RowChain.h"
#include "ks/Skills/WorkEstimate.h"
#include "ks/Transforms/Utils/KernelInit.h"
#include "ks/Transforms/Utils/LoopIndex.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;

namespace ks::agents {

llvm::StringRef stringifyOpClass(OpClass opClass) {
  switch (opClass) {
  case OpClass::Elementwise:
    return "elementwise";
  case OpClass::Broadcast:
    return "broadcast";
  case OpClass::Reduction:
    return "reduction";
  case OpClass::Matmul:
    return "matmul";
  case OpClass::BatchedMatmul:
    return "batched_matmul";
  case OpClass::Convolution:
    return "convolution";
  case OpClass::Pooling:
    return "pooling";
  case OpClass::Scan:
    return "scan";
  case OpClass::Transpose:
    return "transpose";
  case OpClass::Gather:
    return "gather";
  case OpClass::Fill:
    return "fill";
  case OpClass::Copy:
    return "copy";
  case OpClass::Other:
    return "other";
  }
  llvm_unreachable("unknown OpClass");
}

namespace {

std::string toString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

bool isParallel(linalg::LinalgOp op, unsigned dim) {
  return op.getIteratorTypesArray()[dim] == utils::IteratorType::parallel;
}

/// The coefficient of loop dim `dim` in `expr` when `expr` is linear in it
/// (sums, and products by constants); std::nullopt otherwise (a mod or a
/// division of an expression that involves `dim`, a product of two dims).
std::optional<int64_t> coefficientOf(AffineExpr expr, unsigned dim) {
  if (auto d = dyn_cast<AffineDimExpr>(expr))
    return d.getPosition() == dim ? 1 : 0;
  if (isa<AffineConstantExpr, AffineSymbolExpr>(expr))
    return 0;
  auto bin = cast<AffineBinaryOpExpr>(expr);
  if (!expr.isFunctionOfDim(dim))
    return 0;
  switch (expr.getKind()) {
  case AffineExprKind::Add: {
    std::optional<int64_t> l = coefficientOf(bin.getLHS(), dim);
    std::optional<int64_t> r = coefficientOf(bin.getRHS(), dim);
    if (!l || !r)
      return std::nullopt;
    return *l + *r;
  }
  case AffineExprKind::Mul: {
    AffineExpr l = bin.getLHS(), r = bin.getRHS();
    if (auto c = dyn_cast<AffineConstantExpr>(r)) {
      std::optional<int64_t> inner = coefficientOf(l, dim);
      return inner ? std::optional<int64_t>(*inner * c.getValue()) : inner;
    }
    if (auto c = dyn_cast<AffineConstantExpr>(l)) {
      std::optional<int64_t> inner = coefficientOf(r, dim);
      return inner ? std::optional<int64_t>(*inner * c.getValue()) : inner;
    }
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

/// Elements between neighbours along each dim of a shaped operand: the
/// layout's strides for a memref, row-major for a tensor. kDynamic where
/// unknown.
SmallVector<int64_t> stridesOf(ShapedType type) {
  if (auto memref = dyn_cast<MemRefType>(type)) {
    SmallVector<int64_t> strides;
    int64_t offset;
    if (succeeded(memref.getStridesAndOffset(strides, offset)))
      return strides;
    return SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic);
  }
  SmallVector<int64_t> strides(type.getRank(), ShapedType::kDynamic);
  int64_t running = 1;
  for (int64_t i = type.getRank() - 1; i >= 0; --i) {
    strides[i] = running;
    if (ShapedType::isDynamic(running) || type.isDynamicDim(i))
      running = ShapedType::kDynamic;
    else
      running *= type.getDimSize(i);
  }
  return strides;
}

/// Elements between consecutive iterations of loop `dim` in the operand
/// indexed by `map`: sum over the map's results of (coefficient of `dim`)
/// times that result's stride.
std::optional<int64_t> strideAlong(AffineMap map, ShapedType type,
                                   int64_t dim) {
  if (dim < 0 || !type)
    return 0;
  SmallVector<int64_t> strides = stridesOf(type);
  int64_t total = 0;
  for (auto [i, expr] : llvm::enumerate(map.getResults())) {
    std::optional<int64_t> c = coefficientOf(expr, dim);
    if (!c)
      return std::nullopt;
    if (*c == 0)
      continue;
    if (ShapedType::isDynamic(strides[i]))
      return std::nullopt;
    total += *c * strides[i];
  }
  return total;
}

/// The loop dim that indexes the innermost result of `map` (see
/// OperandFeatures::innermostLoopDim).
int64_t innermostLoopDimOf(linalg::LinalgOp op, AffineMap map) {
  if (map.getNumResults() == 0)
    return -1;
  AffineExpr last = map.getResults().back();
  int64_t innermost = -1, innermostParallel = -1;
  for (unsigned d = 0; d < map.getNumDims(); ++d) {
    if (!last.isFunctionOfDim(d))
      continue;
    innermost = d;
    if (isParallel(op, d))
      innermostParallel = d;
  }
  return innermostParallel >= 0 ? innermostParallel : innermost;
}

/// The loop the threads of the seed lowering are spread over fastest.
int64_t threadLoopDimOf(linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  for (int64_t d = static_cast<int64_t>(numLoops) - 1; d >= 0; --d)
    if (isParallel(op, d))
      return d;
  return static_cast<int64_t>(numLoops) - 1;
}

Block *bodyOf(linalg::LinalgOp op) {
  if (op->getNumRegions() == 0 || op->getRegion(0).empty())
    return nullptr;
  return &op->getRegion(0).front();
}

/// The body uses the operand's element (a pooling window is not read).
bool isRead(linalg::LinalgOp op, OpOperand *operand) {
  return bodyOf(op) && !op.getMatchingBlockArgument(operand).use_empty();
}

/// The body reads memory by a computed index (tensor.extract or memref.load
/// with an index that is not a constant): an embedding lookup, a table.
bool readsByIndex(linalg::LinalgOp op) {
  Block *body = bodyOf(op);
  if (!body)
    return false;
  auto computed = [](ValueRange indices) {
    return llvm::any_of(indices, [](Value index) {
      return !index.getDefiningOp<arith::ConstantOp>();
    });
  };
  bool found = false;
  body->walk([&](Operation *inner) {
    if (auto extract = dyn_cast<tensor::ExtractOp>(inner))
      found |= computed(extract.getIndices());
    else if (auto load = dyn_cast<memref::LoadOp>(inner))
      found |= computed(load.getIndices());
  });
  return found;
}

/// Loop dims of a contraction, by their role.
struct ContractionRoles {
  SmallVector<unsigned> batch, m, n, k;
};

/// A contraction by structure: two inputs and one output, all indexed by
/// projected permutations, a body whose yield is add(acc, mul(a, b)) (casts
/// allowed in between), some reduction dim read by both inputs, and at least
/// one parallel dim read by one input but not the other (M or N). Upstream's
/// isaContractionOpInterface recognises the same up to details; both are
/// accepted.
std::optional<ContractionRoles> contractionRoles(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0)
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  for (AffineMap map : maps)
    if (!map.isProjectedPermutation())
      return std::nullopt;
  if (!linalg::isaContractionOpInterface(op)) {
    // The body: yield (add acc (mul x y)), looking through casts.
    Block *body = bodyOf(op);
    if (!body)
      return std::nullopt;
    Operation *yield = body->getTerminator();
    if (yield->getNumOperands() != 1)
      return std::nullopt;
    auto skipCasts = [](Value v) {
      while (Operation *def = v.getDefiningOp()) {
        if (!isa<CastOpInterface>(def) || def->getNumOperands() != 1)
          break;
        v = def->getOperand(0);
      }
      return v;
    };
    Operation *add = skipCasts(yield->getOperand(0)).getDefiningOp();
    if (!add || !isa<arith::AddFOp, arith::AddIOp>(add))
      return std::nullopt;
    BlockArgument acc = op.getMatchingBlockArgument(op.getDpsInitOperand(0));
    bool matched = false;
    for (int i = 0; i < 2; ++i) {
      Value accSide = add->getOperand(i), mulSide = add->getOperand(1 - i);
      Operation *mul = skipCasts(mulSide).getDefiningOp();
      if (skipCasts(accSide) == acc && mul &&
          isa<arith::MulFOp, arith::MulIOp>(mul))
        matched = true;
    }
    if (!matched)
      return std::nullopt;
  }
  auto uses = [](AffineMap map, unsigned d) { return map.isFunctionOfDim(d); };
  ContractionRoles roles;
  for (unsigned d = 0; d < op.getNumLoops(); ++d) {
    bool inA = uses(maps[0], d), inB = uses(maps[1], d), inC = uses(maps[2], d);
    if (!isParallel(op, d)) {
      if (inA && inB)
        roles.k.push_back(d);
      continue;
    }
    if (inA && inB && inC)
      roles.batch.push_back(d);
    else if (inA && !inB && inC)
      roles.m.push_back(d);
    else if (!inA && inB && inC)
      roles.n.push_back(d);
  }
  if (roles.k.empty() || (roles.m.empty() && roles.n.empty()))
    return std::nullopt;
  return roles;
}

bool isConvolutionLike(linalg::LinalgOp op) {
  return isa<linalg::ConvolutionOpInterface>(op.getOperation()) ||
         linalg::isaConvolutionOpInterface(op);
}

/// A pooling op has the shape of a convolution but never reads its "filter"
/// (which only gives the window's shape).
bool readsFilter(linalg::LinalgOp op) {
  return op.getNumDpsInputs() >= 2 && isRead(op, op.getDpsInputOperand(1));
}

bool isFillLike(linalg::LinalgOp op) {
  if (isa<linalg::FillOp>(op.getOperation()))
    return true;
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    return linalg::isaFillOpInterface(generic).has_value();
  return false;
}

OpClass classify(linalg::LinalgOp op) {
  Operation *o = op.getOperation();
  // Named ops whose name says it all.
  if (isa<linalg::MatmulOp, linalg::MatvecOp, linalg::VecmatOp,
          linalg::QuantizedMatmulOp>(o))
    return OpClass::Matmul;
  if (isa<linalg::BatchMatmulOp, linalg::BatchReduceMatmulOp,
          linalg::BatchMatvecOp, linalg::BatchVecmatOp,
          linalg::QuantizedBatchMatmulOp>(o))
    return OpClass::BatchedMatmul;
  if (isFillLike(op))
    return OpClass::Fill;
  if (isa<linalg::CopyOp>(o) || linalg::isaCopyOpInterface(op))
    return OpClass::Copy;
  // conv_*, depthwise_conv_*, pooling_* and generics of the same shape.
  if (isConvolutionLike(op))
    return readsFilter(op) ? OpClass::Convolution : OpClass::Pooling;
  // Before gathers: a scan may read its input by index (a flipped one).
  if (ks::isTriangularScan(op))
    return OpClass::Scan;
  if (readsByIndex(op))
    return OpClass::Gather;
  // A batch dim (read by both inputs and the output) makes it batched,
  // wherever it is in the loop order (it is the leading one in practice).
  if (std::optional<ContractionRoles> roles = contractionRoles(op))
    return roles->batch.empty() ? OpClass::Matmul : OpClass::BatchedMatmul;
  if (op.getNumReductionLoops() > 0)
    return OpClass::Reduction;
  if (op.getNumParallelLoops() != op.getNumLoops())
    return OpClass::Other;

  // All loops parallel: how do the operands follow the iteration space?
  bool permuted = false, dropsDims = false;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<ShapedType>(operand.get().getType()))
      continue; // a scalar parameter
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return OpClass::Other;
    bool isOutput = op.isDpsInit(&operand);
    int64_t previous = -1;
    unsigned dimsUsed = 0;
    for (AffineExpr expr : map.getResults()) {
      auto d = dyn_cast<AffineDimExpr>(expr);
      if (!d)
        continue; // a constant index: one slice, as for a broadcast
      ++dimsUsed;
      if (static_cast<int64_t>(d.getPosition()) < previous)
        permuted = true;
      previous = d.getPosition();
    }
    if (dimsUsed < op.getNumLoops()) {
      if (isOutput)
        return OpClass::Other; // several iterations write one element
      dropsDims = true;
    }
  }
  if (permuted)
    return OpClass::Transpose;
  if (dropsDims)
    return OpClass::Broadcast;
  return OpClass::Elementwise;
}

int64_t product(ArrayRef<int64_t> ranges, ArrayRef<unsigned> dims) {
  int64_t p = 1;
  for (unsigned d : dims)
    p *= ranges[d];
  return p;
}

/// Tensor-core eligibility, the rule: the dispatch is a matmul, a batched
/// matmul or a (non-depthwise) convolution seen as an implicit GEMM
/// (M = batch x output image, N = output channels, K = input channels x
/// filter window); its two inputs have one element type among f16, bf16
/// and f32 (f32 runs as TF32; whether TF32's precision is acceptable is the
/// planner's call); and M, N and K are all multiples of 8 (the m16n8k8/
/// m16n8k16 mma tiles then cover the problem with at most a padded M tile,
/// and rows stay 16-byte aligned for f16). Integer (i8) tensor cores are
/// not considered.
bool tensorCoreEligible(linalg::LinalgOp op, OpClass opClass,
                        ArrayRef<int64_t> ranges) {
  if (op.getNumDpsInputs() != 2)
    return false;
  Type a = getElementTypeOrSelf(op.getDpsInputOperand(0)->get().getType());
  Type b = getElementTypeOrSelf(op.getDpsInputOperand(1)->get().getType());
  if (a != b || !(a.isF16() || a.isBF16() || a.isF32()))
    return false;
  int64_t m = 0, n = 0, k = 0;
  if (opClass == OpClass::Matmul || opClass == OpClass::BatchedMatmul) {
    std::optional<ContractionRoles> roles = contractionRoles(op);
    if (!roles)
      return false;
    m = product(ranges, roles->m);
    n = product(ranges, roles->n);
    k = product(ranges, roles->k);
  } else if (opClass == OpClass::Convolution) {
    FailureOr<linalg::ConvolutionDimensions> dims =
        linalg::inferConvolutionDims(op);
    if (failed(dims) || !dims->depth.empty() || dims->inputChannel.empty())
      return false;
    m = product(ranges, dims->batch) * product(ranges, dims->outputImage);
    n = product(ranges, dims->outputChannel);
    k = product(ranges, dims->inputChannel) * product(ranges, dims->filterLoop);
  } else {
    return false;
  }
  return m % 8 == 0 && n % 8 == 0 && k % 8 == 0;
}

} // namespace

/// PyTorch's chunk for a scan of `rows` rows of `length` along the
/// innermost dim (its scan_innermost_dim's 2 x num_threads_x).
static int64_t torchScanChunkOf(int64_t rows, int64_t length) {
  auto ceilLog2 = [](int64_t v) {
    return static_cast<int64_t>(llvm::Log2_64_Ceil(static_cast<uint64_t>(std::max<int64_t>(v, 1))));
  };
  int64_t half = llvm::divideFloorSigned(9 + ceilLog2(length) - ceilLog2(rows), int64_t{2});
  return int64_t{2} << std::clamp<int64_t>(half, 4, 9);
}

/// For a scan (isTriangularScan): the product of the output's dims after
/// the one its mask compares with the reduction loop (the scanned dim).
std::optional<int64_t> scanInnerOf(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  for (Operation &payloadOp : op.getBlock()->without_terminator()) {
    auto select = dyn_cast<arith::SelectOp>(payloadOp);
    auto cmp = select ? select.getCondition().getDefiningOp<arith::CmpIOp>() : nullptr;
    if (!cmp)
      continue;
    std::optional<unsigned> a = ks::indexedLoop(cmp.getLhs());
    std::optional<unsigned> b = ks::indexedLoop(cmp.getRhs());
    if (!a || !b || isParallel(op, *a) == isParallel(op, *b))
      continue;
    unsigned k = isParallel(op, *a) ? *a : *b;
    std::optional<unsigned> at = out.getResultPosition(getAffineDimExpr(k, op.getContext()));
    if (!at)
      return std::nullopt;
    int64_t inner = 1;
    for (AffineExpr expr : out.getResults().drop_front(*at + 1))
      if (auto d = dyn_cast<AffineDimExpr>(expr))
        inner *= ranges[d.getPosition()];
    return inner;
  }
  return std::nullopt;
}

namespace {
/// Whether the next linalg op after `op` is an elementwise epilogue of it
/// (DispatchFeatures::elementwiseEpilogue, rereadingEpilogue).
void fillEpilogueFeatures(linalg::LinalgOp op, DispatchFeatures &f) {
  Operation *next = op->getNextNode();
  while (next && !isa<linalg::LinalgOp>(next))
    next = next->getNextNode();
  auto consumer = dyn_cast_or_null<linalg::LinalgOp>(next);
  if (!consumer)
    return;
  if (op.getNumDpsInits() == 1) {
    // On tensors the result value, on buffers the output buffer.
    Value result = op->getNumResults() == 1 ? op->getResult(0)
                                            : op.getDpsInitOperand(0)->get();
    f.elementwiseEpilogue =
        linalg::isElementwise(consumer) &&
        llvm::any_of(consumer.getDpsInputOperands(), [&](OpOperand *in) {
          return in->get() == result &&
                 consumer.getMatchingIndexingMap(in).isIdentity();
        });
    // An epilogue that writes a buffer the op reads cannot run as the
    // op's kernel stores its outputs (other blocks still read it):
    // bufferization reuses a dead GEMM input for the epilogue's output
    // (layer after layer of an MLP).
    if (f.elementwiseEpilogue && op.hasPureBufferSemantics() &&
        consumer.hasPureBufferSemantics())
      f.elementwiseEpilogue = llvm::none_of(consumer.getDpsInitsMutable(), [&](OpOperand &out) {
        return llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *in) {
          return bufferRoot(in->get()) == bufferRoot(out.get());
        });
      });
  }
  if (op.hasPureBufferSemantics() && consumer.hasPureBufferSemantics() &&
      linalg::isElementwise(consumer) && op.getNumDpsInits() >= 1) {
    auto readsRootOf = [&](Value buffer) {
      return llvm::any_of(consumer.getDpsInputOperands(), [&](OpOperand *in) {
        return bufferRoot(in->get()) == bufferRoot(buffer);
      });
    };
    // Over the op's own loops (in any order), so that both tile alike:
    // a successor seen through a reshape that kept a unit loop or
    // merged others cannot share the op's blocks and threads. It reads
    // one of the op's outputs (a softmax's maximum or sum) and an input.
    SmallVector<int64_t> opRanges = op.getStaticLoopRanges();
    SmallVector<int64_t> consumerRanges = consumer.getStaticLoopRanges();
    llvm::sort(opRanges);
    llvm::sort(consumerRanges);
    f.rereadingEpilogue =
        opRanges == consumerRanges &&
        llvm::any_of(op.getDpsInits(), [&](Value out) { return readsRootOf(out); }) &&
        llvm::any_of(op.getDpsInputOperands(),
                     [&](OpOperand *in) { return readsRootOf(in->get()); });
  }
}

/// The inputs whose contiguity decides a reduction's: those indexed by
/// every loop (each element read once: they carry the bytes) where there
/// are such, else every input read (a contraction's operands, each reused
/// along a loop the other one spans).
SmallVector<OpOperand *> streamedInputs(linalg::LinalgOp op) {
  SmallVector<OpOperand *> read, streamed;
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (!isRead(op, input))
      continue;
    read.push_back(input);
    AffineMap map = op.getMatchingIndexingMap(input);
    if (llvm::all_of(llvm::seq<unsigned>(0, op.getNumLoops()),
                     [&](unsigned d) { return map.isFunctionOfDim(d); }))
      streamed.push_back(input);
  }
  return streamed.empty() ? read : streamed;
}

/// How a reduction reads its inputs and folds into its outputs
/// (DispatchFeatures::reductionInnermost, additiveReduction).
void fillReductionFeatures(linalg::LinalgOp op, DispatchFeatures &f) {
  // Does the reduction read contiguous memory? Each reduction dim must index,
  // in some input, the innermost dim, or a dim followed only by dims that
  // reduction dims alone index (a sum over H and W of NCHW, or over all of a
  // tensor, walks one contiguous block): no parallel dim is stepped over.
  if (f.reductionDims > 0) {
    auto onlyReductionDims = [&](AffineExpr expr) {
      for (unsigned d = 0; d < op.getNumLoops(); ++d)
        if (isParallel(op, d) && expr.isFunctionOfDim(d))
          return false;
      return true;
    };
    auto walksContiguously = [&](unsigned d, AffineMap map) {
      ArrayRef<AffineExpr> results = map.getResults();
      for (size_t i = results.size(); i-- > 0;) {
        if (results[i].isFunctionOfDim(d))
          return true;
        if (!onlyReductionDims(results[i]))
          return false;
      }
      return false;
    };
    // Attention pooling's weights [B, T] walk T contiguously, but its
    // values [B, T, F], which carry the bytes, step over F at each step.
    SmallVector<OpOperand *> streamed = streamedInputs(op);
    f.reductionInnermost = !streamed.empty();
    for (unsigned d = 0; d < op.getNumLoops(); ++d) {
      if (isParallel(op, d))
        continue;
      if (!llvm::any_of(streamed, [&](OpOperand *input) {
            return walksContiguously(d, op.getMatchingIndexingMap(input));
          }))
        f.reductionInnermost = false;
    }
    // Each output's yielded value is an addition with the output's own
    // block argument: partial sums can land in any order (atomics).
    f.additiveReduction = llvm::all_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
      Value yielded = op.getBlock()->getTerminator()->getOperand(
          init.getOperandNumber() - op.getNumDpsInputs());
      Operation *def = yielded.getDefiningOp();
      if (!def || !isa<arith::AddFOp, arith::AddIOp>(def))
        return false;
      BlockArgument acc = op.getMatchingBlockArgument(&init);
      return def->getOperand(0) == acc || def->getOperand(1) == acc;
    });
  }
}

/// The sizes of a static op: its loops, outputs and work, and what they
/// allow (tensor cores, reuse).
void fillSizeFeatures(linalg::LinalgOp op, DispatchFeatures &f) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  f.loopRanges = ranges;
  int64_t iterations = 1;
  for (int64_t r : ranges)
    iterations *= r;
  int64_t outputElements = 0;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (auto shaped = dyn_cast<ShapedType>(init.get().getType()))
      outputElements += shaped.getNumElements();
  f.outputElements = outputElements;

  if (std::optional<WorkEstimate> work = estimateOpWork(op)) {
    f.flops = work->flops;
    f.transcendentals = work->transcendentals;
    f.minBytes = work->minBytes;
    f.arithmeticIntensity =
        work->minBytes > 0 ? static_cast<double>(work->flops) / work->minBytes
                           : 0.0;
  }
  f.tensorCoreEligible = tensorCoreEligible(op, f.opClass, ranges);
  if (f.opClass == OpClass::Matmul || f.opClass == OpClass::BatchedMatmul)
    if (std::optional<ContractionRoles> roles = contractionRoles(op))
      f.batchDims = static_cast<int64_t>(roles->batch.size());
  if (f.opClass == OpClass::Matmul) {
    std::optional<ContractionRoles> roles = contractionRoles(op);
    f.kContiguousOperands =
        roles && roles->k.size() == 1 && op.getNumDpsInputs() == 2 &&
        llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *input) {
          AffineMap map = op.getMatchingIndexingMap(input);
          return map.getNumResults() > 0 && map.getResults().back() ==
                                                 getAffineDimExpr(roles->k[0], op.getContext());
        });
  }

  // Data reuse: the simpler of the two measures, max over shaped inputs of
  // iteration-space size / input elements (for an MxNxK matmul max(M, N):
  // each element of A is used N times, each of B M times).
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto shaped = dyn_cast<ShapedType>(input->get().getType());
    if (!shaped || !isRead(op, input))
      continue;
    int64_t elements = std::max<int64_t>(shaped.getNumElements(), 1);
    double reuse = static_cast<double>(iterations) / elements;
    if (!f.dataReuse || reuse > *f.dataReuse)
      f.dataReuse = reuse;
  }
}
} // namespace

DispatchFeatures extractFeatures(linalg::LinalgOp op, int64_t id,
                                 llvm::StringRef func) {
  DispatchFeatures f;
  f.op = op.getOperation();
  f.id = id;
  f.func = func.str();
  f.opName = op->getName().getStringRef().str();
  f.opClass = classify(op);

  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  f.dynamic = llvm::any_of(ranges, ShapedType::isDynamic);
  for (Value v : op->getOperands())
    if (auto shaped = dyn_cast<ShapedType>(v.getType()))
      if (!shaped.hasStaticShape())
        f.dynamic = true;

  for (utils::IteratorType t : op.getIteratorTypesArray())
    f.iteratorTypes.push_back(utils::stringifyIteratorType(t).str());
  f.parallelDims = op.getNumParallelLoops();
  f.reductionDims = op.getNumReductionLoops();
  f.threadLoopDim = threadLoopDimOf(op);

  if (op.getNumDpsInputs() > 0) {
    Type first = getElementTypeOrSelf(op.getDpsInputOperand(0)->get().getType());
    if (first.isIntOrFloat())
      f.inputElementBits = first.getIntOrFloatBitWidth();
  }
  for (Value v : op->getOperands()) {
    std::string t = toString(getElementTypeOrSelf(v.getType()));
    if (!llvm::is_contained(f.elementTypes, t))
      f.elementTypes.push_back(t);
  }

  if (Block *body = bodyOf(op))
    body->walk([&](Operation *inner) {
      if (!inner->hasTrait<OpTrait::IsTerminator>())
        ++f.fusedOps;
    });

  fillEpilogueFeatures(op, f);

  if (op.hasPureBufferSemantics() && op.getNumReductionLoops() != 0)
    if (std::optional<RowChain> chain = findRowChain(op)) {
      f.rowChainOps = static_cast<int64_t>(chain->members.size()) - 1;
      f.rowChainRowPoints = chain->maxRowPoints;
    }
  if (op.hasPureBufferSemantics() && op.getNumReductionLoops() != 0)
    if (std::optional<GridChain> chain = findGridChain(op))
      f.gridChainElements = chain->elements;
  if (f.opClass == OpClass::Scan && !f.dynamic)
    f.scanInner = scanInnerOf(op);
  if (op.hasPureBufferSemantics())
    f.paddedInputs = llvm::count_if(op.getDpsInputOperands(), [&](OpOperand *input) {
      return isa<FloatType>(getElementTypeOrSelf(input->get().getType())) &&
             ks::findPaddedSource(input->get(), op, /*anyLayout=*/true).has_value();
    });

  // Operands: where each is read along the loop the threads run over.
  for (OpOperand &operand : op->getOpOperands()) {
    OperandFeatures o;
    o.index = operand.getOperandNumber();
    o.isOutput = op.isDpsInit(&operand);
    o.type = toString(operand.get().getType());
    AffineMap map = op.getMatchingIndexingMap(&operand);
    auto shaped = dyn_cast<ShapedType>(operand.get().getType());
    o.innermostLoopDim = innermostLoopDimOf(op, map);
    o.strideAlongInnermostLoop = strideAlong(map, shaped, f.threadLoopDim);
    o.innermostContiguous = o.strideAlongInnermostLoop == 1;
    f.operands.push_back(std::move(o));
  }

  fillReductionFeatures(op, f);

  if (f.dynamic)
    return f;

  fillSizeFeatures(op, f);
  if (f.scanInner == 1 && f.outputElements && !f.loopRanges.empty())
    f.torchScanChunk = torchScanChunkOf(*f.outputElements / f.loopRanges.back(),
                                        f.loopRanges.back());
  return f;
}

std::vector<DispatchFeatures> extractAllFeatures(Operation *root) {
  std::vector<DispatchFeatures> all;
  int64_t position = 0;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp)
      return WalkResult::advance();
    auto func = op->getParentOfType<func::FuncOp>();
    if (!func)
      return WalkResult::skip();
    int64_t id = position++;
    if (auto attr = op->getAttrOfType<IntegerAttr>(kDispatchIdAttrName))
      id = attr.getInt();
    all.push_back(extractFeatures(linalgOp, id, func.getSymName()));
    // Nothing in a linalg op's body is a dispatch of its own.
    return WalkResult::skip();
  });
  return all;
}

FeatureExtractor::FeatureExtractor(Operation *root)
    : dispatches(extractAllFeatures(root)) {}

} // namespace ks::agents
