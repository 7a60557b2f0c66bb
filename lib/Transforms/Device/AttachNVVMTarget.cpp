//===- AttachNVVMTarget.cpp - Target a supported NVIDIA chip --------------===//

#include "ks/Transforms/Passes.h"

#include "ks/Target/Chips.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/Support/FileSystem.h"

#include <algorithm>

namespace ks {
#define GEN_PASS_DEF_KSATTACHNVVMTARGET
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
struct AttachNVVMTarget
    : public ks::impl::KSAttachNVVMTargetBase<AttachNVVMTarget> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const ks::ChipInfo *info = ks::lookupChip(chip);
    if (!info) {
      module.emitError() << "unknown chip '" << chip
                         << "'; supported chips: " << ks::listSupportedChips();
      return signalPassFailure();
    }
    if (!cudaPath.empty() && !llvm::sys::fs::is_directory(cudaPath)) {
      module.emitError() << "cuda-path " << cudaPath << " is no directory";
      return signalPassFailure();
    }
    if (optLevel > 3) {
      module.emitError() << "opt-level must be 0-3, got "
                         << static_cast<unsigned>(optLevel);
      return signalPassFailure();
    }
    unsigned ptx = ptxVersion ? unsigned(ptxVersion) : info->minPtxVersion;
    if (!ks::isKnownPtxVersion(ptx)) {
      module.emitError() << "ptx-version " << ptx
                         << " is no PTX ISA version LLVM can emit; known: "
                         << ks::listKnownPtxVersions()
                         << " (written x10, e.g. 80 for 8.0)";
      return signalPassFailure();
    }
    if (ptx < info->minPtxVersion) {
      module.emitError() << "PTX " << ptx / 10 << "." << ptx % 10
                         << " cannot target " << chip << "; it needs PTX "
                         << info->minPtxVersion / 10 << "."
                         << info->minPtxVersion % 10 << " or newer";
      return signalPassFailure();
    }

    MLIRContext *ctx = &getContext();
    auto targets = [&](StringRef targetChip, unsigned targetPtx) {
      return ArrayAttr::get(ctx, {NVVM::NVVMTargetAttr::get(ctx, optLevel, "nvptx64-nvidia-cuda",
                                                            targetChip,
                                                            "+ptx" + std::to_string(targetPtx))});
    };
    // wgmma and TMA exist only in an arch-specific ISA: a kernel module
    // holding them targets it, at the PTX version it needs.
    const ks::ChipInfo *archSpecific = ks::lookupArchSpecific(*info);
    WalkResult walk = module.walk([&](gpu::GPUModuleOp gpuModule) {
      Operation *needsArch = nullptr;
      // A relaxed cluster arrive (row chains split among a cluster's
      // blocks) is PTX 8.0's.
      bool needsPtx80 = false;
      gpuModule.walk([&](Operation *op) {
        needsPtx80 |= isa<NVVM::ClusterArriveRelaxedOp>(op);
        StringRef name = op->getName().getStringRef();
        if (name.starts_with("nvgpu.warpgroup.") || name.starts_with("nvgpu.tma.") ||
            name.starts_with("nvvm.wgmma.")) {
          needsArch = op;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      if (!needsArch) {
        gpuModule.setTargetsAttr(targets(chip, needsPtx80 ? std::max(ptx, 80u) : ptx));
        return WalkResult::advance();
      }
      if (!archSpecific) {
        needsArch->emitError() << "'" << needsArch->getName()
                               << "' needs an arch-specific ISA with wgmma and TMA; " << chip
                               << " has none";
        return WalkResult::interrupt();
      }
      gpuModule.setTargetsAttr(
          targets(archSpecific->name, std::max(ptx, archSpecific->minPtxVersion)));
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
  }
};
} // namespace
