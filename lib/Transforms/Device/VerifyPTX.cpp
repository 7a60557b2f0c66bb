//===- VerifyPTX.cpp - Every kernel passes ptxas before it is written -----===//
//
// LLVM's NVPTX backend can emit PTX that ptxas rejects (an instruction the
// chip lacks, a resource limit). The module is only worth writing if ptxas
// accepted every kernel for its chip, so this pass runs ptxas on each PTX
// object and records the resource report it prints, which later stages (the
// profiler, the planner) read.
//
//===----------------------------------------------------------------------===//

#include "ks/Target/PtxIssue.h"
#include "ks/Target/Ptxas.h"
#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

namespace ks {
#define GEN_PASS_DEF_KSVERIFYPTX
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

struct VerifiedKernel {
  std::string module;
  std::string chip;
  std::string ptxFile;
  ks::PtxasKernelReport report;
};

DictionaryAttr toAttr(MLIRContext *ctx, const ks::PtxasKernelReport &r) {
  Builder b(ctx);
  auto i64 = [&](int64_t v) { return b.getI64IntegerAttr(v); };
  return b.getDictionaryAttr({
      b.getNamedAttr("registers", i64(r.registers)),
      b.getNamedAttr("shared_bytes", i64(r.sharedBytes)),
      b.getNamedAttr("stack_bytes", i64(r.stackBytes)),
      b.getNamedAttr("spill_store_bytes", i64(r.spillStoreBytes)),
      b.getNamedAttr("spill_load_bytes", i64(r.spillLoadBytes)),
      b.getNamedAttr("constant_bytes", i64(r.constantBytes)),
      b.getNamedAttr("barriers", i64(r.barriers)),
      b.getNamedAttr("issue_slots", i64(r.issueSlots)),
  });
}

llvm::json::Object toJSON(const VerifiedKernel &k) {
  const ks::PtxasKernelReport &r = k.report;
  llvm::json::Object o{{"module", k.module},
                       {"kernel", r.kernel},
                       {"chip", k.chip},
                       {"registers", r.registers},
                       {"shared_bytes", r.sharedBytes},
                       {"stack_bytes", r.stackBytes},
                       {"spill_store_bytes", r.spillStoreBytes},
                       {"spill_load_bytes", r.spillLoadBytes},
                       {"constant_bytes", r.constantBytes},
                       {"barriers", r.barriers},
                       {"issue_slots", r.issueSlots}};
  if (!k.ptxFile.empty())
    o["ptx_file"] = k.ptxFile;
  return o;
}

struct VerifyPTX : public ks::impl::KSVerifyPTXBase<VerifyPTX> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
    if (!module.getOps<gpu::GPUModuleOp>().empty()) {
      module.emitError("ks-verify-ptx expects serialized gpu.binary ops; run "
                       "gpu-module-to-binary{format=isa} first");
      return signalPassFailure();
    }

    llvm::Expected<std::string> ptxas = ks::findPtxas(ptxasPath);
    if (!ptxas) {
      module.emitError() << llvm::toString(ptxas.takeError());
      return signalPassFailure();
    }

    std::vector<VerifiedKernel> verified;
    // PTX files are written only once every kernel passed, so a rejected
    // module leaves no partial output behind.
    std::vector<std::pair<std::string, StringRef>> ptxFiles;
    bool anyFailed = false;
    for (gpu::BinaryOp binary : binaries) {
      NamedAttrList perChip;
      for (Attribute attr : binary.getObjects()) {
        auto object = dyn_cast<gpu::ObjectAttr>(attr);
        auto target = object ? dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget())
                             : NVVM::NVVMTargetAttr();
        if (!target)
          continue;
        if (object.getFormat() != gpu::CompilationTarget::Assembly) {
          binary.emitError() << "kernel module '" << binary.getName()
                             << "' holds " << stringifyCompilationTarget(object.getFormat())
                             << ", not PTX; serialize with format=isa";
          anyFailed = true;
          continue;
        }
        StringRef ptx = object.getObject().getValue();
        StringRef chip = target.getChip();
        std::string fileName = (binary.getName() + "." + chip + ".ptx").str();
        llvm::Expected<ks::PtxasResult> result =
            ks::runPtxas(*ptxas, ptx, chip, timeoutSeconds, fileName);
        if (!result) {
          binary.emitError() << "cannot verify kernel module '"
                             << binary.getName() << "' for " << chip << ": "
                             << llvm::toString(result.takeError());
          anyFailed = true;
          continue;
        }
        if (!result->accepted) {
          binary.emitError() << "ptxas rejected kernel module '"
                             << binary.getName() << "' for " << chip << ":\n"
                             << StringRef(result->log).rtrim();
          anyFailed = true;
          continue;
        }

        std::string ptxFile;
        if (!ptxDir.empty()) {
          SmallString<256> path(ptxDir);
          llvm::sys::path::append(path, fileName);
          ptxFile = std::string(path);
          ptxFiles.push_back({ptxFile, ptx});
        }

        NamedAttrList kernels;
        for (ks::PtxasKernelReport &k : result->kernels) {
          ks::PtxIssueCount issue = ks::countIssueSlots(ptx, k.kernel);
          if (issue.found && !issue.loops)
            k.issueSlots = std::llround(issue.slots);
          kernels.append(k.kernel, toAttr(ctx, k));
          verified.push_back({binary.getName().str(), chip.str(), ptxFile, k});
        }
        perChip.append(chip, kernels.getDictionary(ctx));
      }
      binary->setAttr("ks.ptxas", perChip.getDictionary(ctx));
    }
    if (anyFailed)
      return signalPassFailure();

    if (!ptxDir.empty())
      if (std::error_code ec = llvm::sys::fs::create_directories(ptxDir)) {
        module.emitError() << "cannot create ptx-dir '" << ptxDir
                           << "': " << ec.message();
        return signalPassFailure();
      }
    for (const auto &[path, ptx] : ptxFiles) {
      if (llvm::Error err = llvm::writeToOutput(path, [&](raw_ostream &os) {
            os << ptx;
            return llvm::Error::success();
          })) {
        module.emitError() << "cannot write " << path << ": "
                           << llvm::toString(std::move(err));
        return signalPassFailure();
      }
    }

    if (!reportFile.empty() && mlir::failed(writeReport(module, *ptxas, verified)))
      return signalPassFailure();
    if (printReport)
      printTable(*ptxas, verified);
  }

  LogicalResult writeReport(ModuleOp module, StringRef ptxas,
                            const std::vector<VerifiedKernel> &kernels) {
    llvm::json::Array array;
    for (const VerifiedKernel &k : kernels)
      array.push_back(toJSON(k));
    llvm::json::Value root =
        llvm::json::Object{{"ptxas", ptxas}, {"kernels", std::move(array)}};
    // writeToOutput writes a temporary file and renames it, so a failure
    // never leaves a half-written report behind.
    if (llvm::Error err =
            llvm::writeToOutput(reportFile, [&](raw_ostream &os) {
              os << llvm::formatv("{0:2}", root) << "\n";
              return llvm::Error::success();
            })) {
      module.emitError() << "cannot write report '" << reportFile
                         << "': " << llvm::toString(std::move(err));
      return failure();
    }
    return success();
  }

  void printTable(StringRef ptxas, const std::vector<VerifiedKernel> &kernels) {
    llvm::raw_ostream &os = llvm::errs();
    os << "ptxas report (" << ptxas << "): " << kernels.size()
       << " kernel(s) verified\n";
    os << llvm::formatv("  {0,-28} {1,-7} {2,5} {3,6} {4,6} {5,9} {6,9}  {7}\n",
                        "kernel", "chip", "regs", "smem", "stack",
                        "spill-st", "spill-ld", "ptx");
    for (const VerifiedKernel &k : kernels) {
      // Outlining names modules after their kernel (main_kernel_3 holds
      // main_kernel); the module name alone is then unique and enough.
      std::string name = StringRef(k.module).starts_with(k.report.kernel)
                             ? k.module
                             : k.module + "::" + k.report.kernel;
      os << llvm::formatv("  {0,-28} {1,-7} {2,5} {3,6} {4,6} {5,9} {6,9}  {7}\n",
                          name, k.chip, k.report.registers,
                          k.report.sharedBytes, k.report.stackBytes,
                          k.report.spillStoreBytes, k.report.spillLoadBytes,
                          k.ptxFile.empty() ? "(in module)" : k.ptxFile);
    }
  }
};

} // namespace

llvm::StringMap<ks::PtxasKernelReport> ks::readPtxasResources(ModuleOp module) {
  llvm::StringMap<PtxasKernelReport> resources;
  module.walk([&](gpu::BinaryOp binary) {
    auto perChip = binary->getAttrOfType<DictionaryAttr>("ks.ptxas");
    if (!perChip)
      return;
    for (NamedAttribute chipReport : perChip)
      if (auto kernels = dyn_cast<DictionaryAttr>(chipReport.getValue()))
        for (NamedAttribute kernel : kernels)
          if (auto report = dyn_cast<DictionaryAttr>(kernel.getValue())) {
            PtxasKernelReport &r = resources[kernel.getName()];
            r.kernel = kernel.getName().str();
            auto read = [&](StringRef key) {
              auto v = report.getAs<IntegerAttr>(key);
              return v ? v.getInt() : 0;
            };
            r.registers = std::max(r.registers, read("registers"));
            r.sharedBytes = std::max(r.sharedBytes, read("shared_bytes"));
            r.spillStoreBytes += read("spill_store_bytes");
            r.spillLoadBytes += read("spill_load_bytes");
            r.issueSlots = std::max(r.issueSlots, read("issue_slots"));
          }
  });
  return resources;
}

llvm::StringMap<int64_t> ks::readPtxasSpillBytes(ModuleOp module) {
  llvm::StringMap<int64_t> spills;
  for (const auto &[kernel, r] : readPtxasResources(module))
    spills[kernel] = r.spillStoreBytes + r.spillLoadBytes;
  return spills;
}
