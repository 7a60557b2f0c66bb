//===- MatmulTf32x3Wgmma.cpp - transform.ks.matmul_tf32x3_wgmma -----------===//
//
// An f32 GEMM with both operands K-contiguous (a linear layer: x W^T)
// becomes an sm_90a kernel that keeps fp32 accuracy on tensor cores
// (3xTF32): TMA loads raw f32 tiles into a ring of shared-memory slots;
// once a slot's tiles land, the block splits them in place into their TF32
// parts and, beside them, the TF32 remainders; three wgmma products (remainder
// x part, part x remainder, part x part) are summed in registers. wgmma
// reads TF32 operands K-major only, hence the layout condition. Like
// MatmulWgmmaTma.cpp the kernel is MLIR text instantiated with the sizes;
// the output's initial value (a zero fill, a broadcast bias, or C itself)
// and an elementwise epilogue are added to its stores afterwards.
//
//===----------------------------------------------------------------------===//

#include "ks/Skills/TransformOps/TransformOps.h"

#include "Epilogue.h"
#include "WgmmaKernelText.h"
#include "ks/Transforms/Utils/KernelInit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace {
constexpr int64_t kTile = 128, kTileK = 32;
/// Shared memory a slot takes: A's and B's 128 x 32 f32 tiles as loaded
/// (16 KB each), then their remainders.
constexpr int64_t kSlotBytes = 4 * 16384;
/// Tile rows a group of blocks walks down before moving across (as in
/// MatmulWgmmaTma.cpp): the blocks resident at once share rows of A and
/// columns of B in L2.
constexpr int64_t kGroupM = 8;

/// The kernel for C[M, N] (+)= A[M, K] * B[N, K]^T in f32: two warpgroups
/// per 128 x 128 tile, warpgroup y summing rows 64 y .. 64 y + 63 with
/// m64n128k8 instructions. {k_step_products} is a K step's products once
/// its tiles are split (ks::wgmma::tf32x3Step), {promote_every} the K steps
/// wgmma sums before the threads add them up.
constexpr const char *kKernel = R"mlir(
!barriers = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = {stages}>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<128x32xf32, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmaA = !tma
!tmaB = !tma
!box = memref<128x32xf32, #gpu.address_space<workgroup>>
!quad = memref<4xf32, #gpu.address_space<workgroup>>
!smem = memref<?xi8, #gpu.address_space<workgroup>>
!acc = {acc_type}
func.func @gemm(%a: memref<{m}x{k}xf32>, %b: memref<{n}x{k}xf32>, %c: memref<{m}x{n}xf32>) {{
  INDEX_CONSTANTS(0, 1, 2, 4, 8, 16, 32, 64, 128, 256)
  %a_any = memref.cast %a : memref<{m}x{k}xf32> to memref<*xf32>
  %b_any = memref.cast %b : memref<{n}x{k}xf32> to memref<*xf32>
  // TMA descriptors from the runtime (cuTensorMapEncodeTiled, FLOAT32):
  // both operands in 128 x 32 boxes (128-byte rows of K), 128-byte swizzled,
  // the layout wgmma reads K-major.
  F32_TENSOR_MAPS(%tma_a_ptr = %a_any, %tma_b_ptr = %b_any, 128)
  %tiles = arith.constant {tiles} : index
  %smem_bytes = arith.constant {smem_bytes} : i32
  TMA_LAUNCH(%c2, %tma_a = %tma_a_ptr : !tma, %tma_b = %tma_b_ptr : !tma)
    PIPELINE_CONSTANTS({stages}, {k_steps}, %slot_bytes = 65536, %b_offset = 16384, %lo_offset = 32768, %tx_bytes = 32768)
    %tiles_m = arith.constant {tiles_m} : index
    %tiles_n = arith.constant {tiles_n} : index
    %group_m = arith.constant {group_m} : index
    TILE_WALK()
    %m0 = arith.muli %tile_m, %c128 : index
    %n0 = arith.muli %tile_n, %c128 : index
    THREAD0()
    ALIGNED_SLOTS()
    START_PIPELINE(%tma_a : !tmaA, %tma_b : !tmaB)
    STEP_CONSTANTS({promote_every})
    // %acc holds the products of the last few K steps (wgmma's own sums),
    // %total the rest (added in f32 by the threads, rounded to nearest):
    // wgmma's adds lose low bits, which over a long K adds up (K = 4096 on
    // inputs in [-1, 1]: 3.2e-3 off, against 2.7e-4 with the sums moved
    // every step).
    %sums:3 = scf.for %k = %c0 to %k_steps step %c1 iter_args(%total = %zero, %acc = %zero, %parity = %false) -> (!acc, !acc, i1) {{
      %slot = arith.remui %k, %stages : index
      nvgpu.mbarrier.try_wait.parity %bars[%slot], %parity, %ticks : !barriers
      %slot_rel = arith.muli %slot, %slot_bytes : index
      %slot_at = arith.addi %slot_rel, %pad : index
      // The split: each of the slot's 2048 quads of f32 (A's tile, then
      // B's) becomes its TF32 part, in place, and its TF32 remainder, 32 KB
      // further on (the same offset in the remainders' tiles, so the same
      // swizzle). Both rounded to nearest, as in ks.matmul_mma_sync.
      scf.for %q = %c0 to %c8 step %c1 {{
        %q_at = arith.muli %q, %c256 : index
        %quad = arith.addi %q_at, %linear : index
        %quad_bytes = arith.muli %quad, %c16 : index
        %x_at = arith.addi %slot_at, %quad_bytes : index
        %lo_at = arith.addi %x_at, %lo_offset : index
        %x_view = memref.view %dyn[%x_at][] : !smem to !quad
        %lo_view = memref.view %dyn[%lo_at][] : !smem to !quad
        %x = vector.load %x_view[%c0] : !quad, vector<4xf32>
        SPLIT_TF32(%x, %hi, %lo)
        vector.store %hi, %x_view[%c0] : !quad, vector<4xf32>
        vector.store %lo, %lo_view[%c0] : !quad, vector<4xf32>
      }
{k_step_products}
      scf.yield %moved#0, %moved#1, %next_parity : !acc, !acc, i1
    }
    // (The last step waited for its group; ptxas does not see it.)
    nvvm.wgmma.wait.group.sync.aligned 0
    // wgmma's accumulator layout.
    ACCUMULATOR_ROWS()
    %col_base = arith.addi %n0, %lane_col : index
{stores}
    gpu.terminator
  }
  return
}
func.func private @ksTensorMap2D_f32(memref<*xf32>, i64, i64, i64, i64) -> !llvm.ptr
)mlir";

/// The stores of the 64 sums a thread holds, each marked for the initial
/// value and epilogue added later. Where M is not a multiple of the tile,
/// the last row of tiles reads zeros past M (TMA's out-of-bounds fill) and
/// stores only its rows below M.
std::string stores(int64_t M, StringRef cType) {
  std::string text;
  bool partial = M % kTile != 0;
  if (partial)
    text = llvm::formatv("    %m_rows = arith.constant {0} : index\n"
                         "    %row_lo_in = arith.cmpi ult, %row_lo, %m_rows : index\n"
                         "    %row_hi_in = arith.cmpi ult, %row_hi, %m_rows : index\n",
                         M)
               .str();
  return text + ks::wgmma::accumulatorStores(kTile, [&](int64_t reg, StringRef row,
                                                        StringRef column) {
    std::string store = ks::fillSlots(
        "memref.store %v_{reg}, %c[%row_{row}, {column}] {{{marker}} : memref<{type}>",
        {{"reg", reg},
         {"row", row},
         {"column", column},
         {"marker", ks::wgmma::kOutputStore},
         {"type", cType}});
    return ks::wgmma::accumulatorStoreLine(store, partial ? ("%row_" + row + "_in").str() : "");
  });
}

/// The kernel's text for these sizes.
std::string kernelText(int64_t M, int64_t N, int64_t K, int64_t stages, int64_t promoteEvery) {
  std::string storesText = stores(M, llvm::formatv("{0}x{1}xf32", M, N).str());
  int64_t tilesM = llvm::divideCeil(M, kTile), tilesN = N / kTile;
  std::string text = ks::fillSlots(
      kKernel, {{"m", M},
                {"n", N},
                {"k", K},
                {"stages", stages},
                {"k_steps", K / kTileK},
                {"tiles_m", tilesM},
                {"tiles_n", tilesN},
                {"smem_bytes", stages * kSlotBytes + 1024},
                {"group_m", std::min<int64_t>(kGroupM, tilesM)},
                {"tiles", tilesM * tilesN},
                {"acc_type", ks::wgmma::accumulatorType(kTile)},
                {"k_step_products", ks::wgmma::tf32x3Step(kTile)},
                {"stores", storesText},
                {"promote_every", promoteEvery}});
  // The shared pieces first: REFILL_SLOT holds a LOAD line.
  ks::wgmma::expandSharedPieces(text);
  // Then LOAD(slot, step, predicate) and the 3xTF32 pieces.
  ks::expandLineMacro(text, "LOAD", [&](ArrayRef<StringRef> args, int counter) {
    using ks::wgmma::SlotTile;
    return ks::wgmma::tf32x3Load(args, counter, {"%tma_a", "!tma", "%m0", SlotTile::A},
                                 {"%tma_b", "!tma", "%n0", SlotTile::B});
  });
  ks::wgmma::expandTf32x3Pieces(text);
  return text;
}

/// Why `op` cannot become the kernel, or the empty string; sets the sizes
/// and the loops of M and N.
std::string unmetCondition(linalg::LinalgOp op, int64_t stages, int64_t promoteEvery, int64_t &M,
                           int64_t &N, int64_t &K, int64_t &mLoop, int64_t &nLoop) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !linalg::isaContractionOpInterface(op) || op.getNumLoops() != 3)
    return "the target is not a multiply-add contraction of two buffers into a third";
  FailureOr<linalg::ContractionDimensions> dims = linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 || dims->k.size() != 1)
    return "the target does not have one M, one N and one K loop";
  mLoop = dims->m[0];
  nLoop = dims->n[0];
  int64_t kLoop = dims->k[0];
  MLIRContext *ctx = op.getContext();
  auto pair = [&](int64_t row, int64_t col) {
    return AffineMap::get(3, 0, {getAffineDimExpr(row, ctx), getAffineDimExpr(col, ctx)}, ctx);
  };
  if (op.getIndexingMapsArray() !=
      SmallVector<AffineMap>{pair(mLoop, kLoop), pair(nLoop, kLoop), pair(mLoop, nLoop)})
    return "the target is not C[M, N] += A[M, K] * B[N, K] (wgmma reads TF32 operands with K "
           "contiguous only)";
  for (Value v : op->getOperands()) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
        type.getMemorySpace() || !type.getElementType().isF32())
      return "an operand is not a static row-major f32 buffer";
  }
  auto shapeOf = [&](int i) { return cast<MemRefType>(op->getOperand(i).getType()).getShape(); };
  M = shapeOf(2)[0];
  N = shapeOf(2)[1];
  K = shapeOf(0)[1];
  if (N % kTile || K % kTileK)
    return llvm::formatv("N = {0} must be a multiple of 128, K = {1} of 32", N, K).str();
  // A slot is 64 KB; 227 KB an SM.
  if (stages < 2 || stages * kSlotBytes + 1024 > 227 * 1024)
    return llvm::formatv("stages = {0} is not 2 or 3 (64 KB of shared memory a slot, 227 KB "
                         "an SM)",
                         stages)
        .str();
  if (K / kTileK < stages - 1)
    return "fewer K steps than the pipeline keeps in flight";
  if (promoteEvery < 1)
    return "promote_every must be at least 1";
  return "";
}
} // namespace

DiagnosedSilenceableFailure transform::KSMatmulTf32x3WgmmaOp::apply(
    transform::TransformRewriter &rewriter, transform::TransformResults &results,
    transform::TransformState &state) {
  linalg::LinalgOp epilogue;
  std::string noEpilogue = ks::epilogueOfHandle(state, getEpilogue(), getTarget(), epilogue);
  if (!noEpilogue.empty())
    return emitDefiniteFailure() << noEpilogue;
  SmallVector<Operation *> launches;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto op = dyn_cast<linalg::LinalgOp>(target);
    if (!op)
      return emitDefiniteFailure() << "expects linalg ops, got " << target->getName();
    int64_t M = 0, N = 0, K = 0, mLoop = 0, nLoop = 0;
    std::string unmet =
        unmetCondition(op, getStages(), getPromoteEvery(), M, N, K, mLoop, nLoop);
    if (!unmet.empty())
      return emitDefiniteFailure() << "cannot build a 3xTF32 wgmma kernel: " << unmet;
    if (epilogue) {
      std::string unmetEpilogue = ks::unmetEpilogueCondition(op, mLoop, nLoop, epilogue);
      if (!unmetEpilogue.empty())
        return emitDefiniteFailure() << "cannot apply the epilogue: " << unmetEpilogue;
      ks::hoistOpsBetween(op, epilogue);
    }
    // The output's initial value: a zero fill before the GEMM is folded
    // (the sums are stored as they are), so is a broadcast bias (added to
    // them); otherwise C's value is. Found before the kernel, which writes
    // C, comes between.
    ks::wgmma::OutputInit init = ks::wgmma::findOutputInit(op);
    gpu::LaunchOp launch = ks::wgmma::spliceKernel(
        rewriter, kernelText(M, N, K, getStages(), getPromoteEvery()), op);
    if (!launch)
      return emitDefiniteFailure() << "internal error: the wgmma kernel's text does not parse";
    for (memref::StoreOp store : ks::wgmma::addOutputInit(rewriter, launch, init))
      if (epilogue) {
        rewriter.setInsertionPointAfter(store);
        ks::applyEpilogue(rewriter, store.getLoc(), op, epilogue,
                          SmallVector<Value>(store.getIndices()), store.getValue());
      }
    launches.push_back(launch);
    rewriter.eraseOp(op);
    ks::wgmma::eraseFoldedInit(rewriter, init);
    if (epilogue)
      rewriter.eraseOp(epilogue);
  }
  results.set(cast<OpResult>(getLaunch()), launches);
  return DiagnosedSilenceableFailure::success();
}
