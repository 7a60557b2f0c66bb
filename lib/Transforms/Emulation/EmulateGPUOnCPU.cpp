//===- EmulateGPUOnCPU.cpp - Run GPU kernels on the CPU, thread by thread -===//
//
// The reviewer's numerics check where there is no GPU. After the seed
// lowering (with a plan's skills applied) a module launches outlined
// kernels; here each kernel becomes a CPU function that loops over its
// blocks and, in each block, over its threads, and each launch a call of it.
// Threads of a block meet at gpu.barrier and exchange values at
// gpu.shuffle: the kernel body is split there into thread loops that run
// one after another (loop fission, the MCUDA/Polygeist way). A value that
// lives across a split is kept per thread in a scratch buffer (pure values
// are recomputed instead); a loop that contains a split must be uniform
// (bounds the same in every thread) and runs once per block around its
// thread loops, its loop-carried values kept per thread; so does a branch
// whose condition is the same in every thread (from block-level values and
// shared memory read after a barrier). Shared memory is
// one buffer, reused by the blocks in turn. Anything the emulation cannot
// run faithfully (a barrier under thread-dependent control flow, an op
// without a CPU meaning) is an error naming it.
//
//===----------------------------------------------------------------------===//

#include "KernelEmulator.h"

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace ks {
#define GEN_PASS_DEF_KSEMULATEGPUONCPU
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
/// Asynchronous copies become plain ones where they are issued: every later
/// read then sees them complete, which is what the program's waits must
/// guarantee on the GPU (a missing wait is not caught here). Their tokens
/// (carried through pipelined loops) become index constants, their groups
/// and waits go. A copy of fewer source elements than it writes (srcElements)
/// zero-fills the rest: the whole width is read (the kernel's address must
/// be valid, as it must be on the GPU where the hardware reads none) and
/// the elements past srcElements replaced by zero.
struct SynchronousCopy : OpConversionPattern<nvgpu::DeviceAsyncCopyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(nvgpu::DeviceAsyncCopyOp copy, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = copy.getLoc();
    auto type = VectorType::get({int64_t(copy.getDstElements().getZExtValue())},
                                copy.getDst().getType().getElementType());
    Value moved = vector::LoadOp::create(rewriter, loc, type, adaptor.getSrc(),
                                         adaptor.getSrcIndices());
    if (Value count = adaptor.getSrcElements()) {
      Value kept = vector::CreateMaskOp::create(
          rewriter, loc, VectorType::get(type.getShape(), rewriter.getI1Type()),
          ValueRange{count});
      Value zeros = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(type));
      moved = arith::SelectOp::create(rewriter, loc, kept, moved, zeros);
    }
    vector::StoreOp::create(rewriter, loc, moved, adaptor.getDst(), adaptor.getDstIndices());
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(copy, 0);
    return success();
  }
};
struct NoGroup : OpConversionPattern<nvgpu::DeviceAsyncCreateGroupOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(nvgpu::DeviceAsyncCreateGroupOp group, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(group, 0);
    return success();
  }
};
struct NoWait : OpConversionPattern<nvgpu::DeviceAsyncWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(nvgpu::DeviceAsyncWaitOp wait, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(wait);
    return success();
  }
};

/// cvt.rn.tf32.f32 as integer ops: the 13 bits TF32 drops rounded off to
/// nearest, ties to an even last kept bit (add 0xfff plus that bit: a
/// carry rounds the magnitude up), then cleared.
struct Tf32Rounding : OpConversionPattern<NVVM::ConvertFloatToTF32Op> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(NVVM::ConvertFloatToTF32Op cvt, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (cvt.getRnd() != NVVM::FPRoundingMode::RN || cvt.getSat() != NVVM::SaturationMode::NONE ||
        cvt.getRelu())
      return rewriter.notifyMatchFailure(cvt, "only cvt.rn.tf32.f32 is emulated");
    Location loc = cvt.getLoc();
    Type i32 = rewriter.getI32Type();
    auto constant = [&](uint32_t v) {
      return arith::ConstantIntOp::create(rewriter, loc, i32, int64_t(int32_t(v)));
    };
    Value bits = arith::BitcastOp::create(rewriter, loc, i32, adaptor.getSrc());
    Value lastKept = arith::AndIOp::create(
        rewriter, loc, arith::ShRUIOp::create(rewriter, loc, bits, constant(13)), constant(1));
    bits = arith::AddIOp::create(rewriter, loc, bits,
                                 arith::AddIOp::create(rewriter, loc, lastKept, constant(0xfff)));
    rewriter.replaceOpWithNewOp<arith::AndIOp>(cvt, bits, constant(0xffffe000u));
    return success();
  }
};

/// The kernel's asynchronous copies and TF32 conversions as the CPU runs
/// them (the patterns above).
LogicalResult synchronizeAsyncCopies(gpu::GPUFuncOp kernel) {
  bool any = kernel.walk([](Operation *op) {
                     return isa_and_nonnull<nvgpu::NVGPUDialect>(op->getDialect()) ||
                                    isa<NVVM::ConvertFloatToTF32Op>(op)
                                ? WalkResult::interrupt()
                                : WalkResult::advance();
                   })
                 .wasInterrupted();
  if (!any)
    return success();
  MLIRContext *context = kernel.getContext();
  TypeConverter tokens;
  tokens.addConversion([](Type t) { return t; });
  tokens.addConversion([](nvgpu::DeviceAsyncTokenType t) -> Type {
    return IndexType::get(t.getContext());
  });
  ConversionTarget target(*context);
  target.addIllegalOp<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp,
                      nvgpu::DeviceAsyncWaitOp, NVVM::ConvertFloatToTF32Op>();
  target.markUnknownOpDynamicallyLegal([&](Operation *op) { return tokens.isLegal(op); });
  RewritePatternSet patterns(context);
  patterns.add<SynchronousCopy, NoGroup, NoWait, Tf32Rounding>(tokens, context);
  scf::populateSCFStructuralTypeConversionsAndLegality(tokens, patterns, target);
  return applyPartialConversion(kernel, target, std::move(patterns));
}

std::optional<int64_t> constantIndex(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantIndexOp>())
    return c.value();
  return std::nullopt;
}

struct EmulateGPUOnCPU : public ks::impl::KSEmulateGPUOnCPUBase<EmulateGPUOnCPU> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::StringMap<func::FuncOp> emulated;
    SmallVector<gpu::LaunchFuncOp> launches;
    module.walk([&](gpu::LaunchFuncOp launch) { launches.push_back(launch); });
    for (gpu::LaunchFuncOp launch : launches) {
      if (!launch.getAsyncDependencies().empty() || launch.getAsyncToken() ||
          launch.getDynamicSharedMemorySize() || launch.hasClusterSize()) {
        launch.emitOpError("cannot run on the CPU: asynchronous launches, dynamic shared "
                           "memory and clusters are not supported");
        return signalPassFailure();
      }
      auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernelAttr());
      if (!kernel) {
        launch.emitOpError("cannot run on the CPU: no gpu.func ") << launch.getKernelAttr();
        return signalPassFailure();
      }
      std::array<int64_t, 3> blockSize;
      Value sizes[3] = {launch.getBlockSizeX(), launch.getBlockSizeY(), launch.getBlockSizeZ()};
      for (int d = 0; d < 3; ++d) {
        std::optional<int64_t> size = constantIndex(sizes[d]);
        if (!size) {
          launch.emitOpError("cannot run on the CPU: the block size is not a constant");
          return signalPassFailure();
        }
        blockSize[d] = *size;
      }
      std::string name = (launch.getKernelModuleName().getValue() + "_on_cpu").str();
      func::FuncOp func = emulated.lookup(name);
      if (!func) {
        if (failed(synchronizeAsyncCopies(kernel)))
          return signalPassFailure();
        FailureOr<func::FuncOp> built = ks::emulateKernel(kernel, blockSize, module, name);
        if (failed(built))
          return signalPassFailure();
        func = *built;
        func->setAttr("ks.block_size", DenseI64ArrayAttr::get(&getContext(), blockSize));
        emulated[name] = func;
      } else if (func->getAttrOfType<DenseI64ArrayAttr>("ks.block_size").asArrayRef() !=
                 ArrayRef<int64_t>(blockSize)) {
        launch.emitOpError("cannot run on the CPU: the kernel is launched with two block sizes");
        return signalPassFailure();
      }
      OpBuilder b(launch);
      SmallVector<Value> args = {launch.getGridSizeX(), launch.getGridSizeY(),
                                 launch.getGridSizeZ()};
      llvm::append_range(args, launch.getKernelOperands());
      func::CallOp::create(b, launch.getLoc(), func, args);
      launch.erase();
    }
    // Device memory is host memory.
    WalkResult host = module.walk([&](Operation *op) {
      OpBuilder b(op);
      if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
        if (alloc.getAsyncToken() || alloc.getHostShared()) {
          alloc.emitOpError("cannot run on the CPU: asynchronous or host-shared allocation");
          return WalkResult::interrupt();
        }
        Value host = memref::AllocOp::create(b, alloc.getLoc(), alloc.getMemref().getType(),
                                             alloc.getDynamicSizes(), alloc.getSymbolOperands(),
                                             IntegerAttr());
        alloc.getMemref().replaceAllUsesWith(host);
        alloc.erase();
      } else if (auto dealloc = dyn_cast<gpu::DeallocOp>(op)) {
        memref::DeallocOp::create(b, dealloc.getLoc(), dealloc.getMemref());
        dealloc.erase();
      } else if (auto copy = dyn_cast<gpu::MemcpyOp>(op)) {
        memref::CopyOp::create(b, copy.getLoc(), copy.getSrc(), copy.getDst());
        copy.erase();
      } else if (op->getDialect() && op->getDialect()->getNamespace() == "gpu" &&
                 !op->getParentOfType<gpu::GPUModuleOp>() && !isa<gpu::GPUModuleOp>(op)) {
        op->emitOpError("cannot run on the CPU: no CPU equivalent on the host");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (host.wasInterrupted())
      return signalPassFailure();
    for (auto gpuModule : llvm::make_early_inc_range(module.getOps<gpu::GPUModuleOp>()))
      gpuModule.erase();
    module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  }
};
} // namespace
