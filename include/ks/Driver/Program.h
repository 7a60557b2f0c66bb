//===- Program.h - A compiled, JIT-loaded model -----------------*- C++ -*-===//
//
// One linalg-on-tensors entry function compiled for a target (the GPU through
// ks-compile, or the CPU reference), its host code JIT-compiled with MLIR's
// ExecutionEngine, ready to be invoked many times on caller-owned buffers.
// Used by ks-run and by the C API (ksrt.h).
//
//===----------------------------------------------------------------------===//
#ifndef KS_DRIVER_PROGRAM_H
#define KS_DRIVER_PROGRAM_H

#include "ks/Runtime/CudaDriver.h"
#include "ks/Runtime/HostBuffer.h"
#include "ks/Target/Chips.h"

#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace ks::runtime {

/// A context with every dialect, extension and LLVM IR translation that
/// compiling and JIT-loading a model needs. Single-threaded: the GPU run may
/// happen in a forked worker, where a thread pool of the parent's would not
/// exist (its passes would wait on workers that were never forked).
std::unique_ptr<mlir::MLIRContext> createContext();

/// Shape and element type of one argument or result.
struct TensorSpec {
  DType type;
  llvm::SmallVector<int64_t> shape;
  size_t bytes() const;
};

/// The spec of `type`, argument or result (`what`) #`index` of `entry`: a
/// static tensor of a supported element type, else an error saying so.
llvm::Expected<TensorSpec> readTensorSpec(mlir::Type type, llvm::StringRef what,
                                          unsigned index, llvm::StringRef entry);

/// The signature of `entry` in `module` (static tensors only), or an error
/// naming the offending argument or result.
llvm::Error readSignature(mlir::ModuleOp module, llvm::StringRef entry,
                          std::vector<TensorSpec> &inputs,
                          std::vector<TensorSpec> &outputs);

class Program {
public:
  /// GPU: the kernels on the GPU. CPU: the module lowered independently
  /// for the CPU (the reference). EmulatedGPU: the GPU kernels, plan
  /// included, run on the CPU thread by thread (ks-emulate-on-cpu): the
  /// numerics check where there is no GPU.
  enum class Target { GPU, CPU, EmulatedGPU };

  /// What a program needs besides its lowered module, which no longer shows
  /// it: the entry's name and signature, and for the GPU which kernel
  /// computes which dispatch and what ptxas spilled.
  struct Signature {
    std::string entry;
    std::vector<TensorSpec> inputs, outputs;
    /// Kernel name -> the dispatch it computes; kernel name -> bytes ptxas
    /// spilled to local memory (stores + loads).
    llvm::StringMap<int64_t> dispatches, spills;
  };

  /// A module after ks's pipelines for `target` (for the GPU: LLVM dialect
  /// host code with the kernels' PTX embedded), ready to JIT.
  struct Lowered {
    mlir::OwningOpRef<mlir::ModuleOp> module;
    Signature signature;
    Target target = Target::GPU;
  };

  /// Runs ks's pipelines on a copy of `module` (which is not modified) for
  /// `entry` and `target`; for the GPU, `chip` names the chip and `plan`, if
  /// given, the skills to apply to its dispatches (see ks-apply-skills; also
  /// for EmulatedGPU), and `maxQuadraticScan`, if given, replaces the seed
  /// lowering's limit on scans left to the O(n^2) seed kernel. Needs no GPU
  /// nor CUDA driver.
  static llvm::Expected<Lowered>
  lower(mlir::ModuleOp module, llvm::StringRef entry, Target target,
        llvm::StringRef chip = ks::kDefaultChip, llvm::StringRef plan = "",
        std::optional<int64_t> maxQuadraticScan = std::nullopt);

  /// JIT-compiles the host code of `lowered` and, for the GPU, loads its
  /// kernels into the primary context of CUDA device `device`, which every
  /// later invocation runs on.
  static llvm::Expected<std::unique_ptr<Program>> load(Lowered lowered,
                                                       int device = 0);

  /// lower(), then load() on device 0.
  static llvm::Expected<std::unique_ptr<Program>>
  compile(mlir::ModuleOp module, llvm::StringRef entry, Target target,
          llvm::StringRef chip = ks::kDefaultChip, llvm::StringRef plan = "",
          std::optional<int64_t> maxQuadraticScan = std::nullopt);
  ~Program();

  const std::vector<TensorSpec> &inputs() const { return signature.inputs; }
  const std::vector<TensorSpec> &outputs() const { return signature.outputs; }
  /// Kernel name -> the dispatch it computes (GPU programs).
  const llvm::StringMap<int64_t> &kernelDispatches() const {
    return signature.dispatches;
  }
  /// Kernel name -> bytes ptxas spilled to local memory (stores + loads).
  const llvm::StringMap<int64_t> &kernelSpillBytes() const {
    return signature.spills;
  }
  /// The CUDA device the program's kernels are loaded on.
  int device() const { return deviceOrdinal; }

  /// Runs the entry on `buffers` (inputs, then outputs), dense row-major,
  /// device pointers for the GPU and host pointers for the CPU. GPU work is
  /// queued on `stream` (a CUstream; null: the default stream), in its
  /// order, and may still be running when this returns, like any CUDA
  /// library call: the caller synchronises before reading the outputs (a
  /// fault shows there).
  llvm::Error invoke(llvm::ArrayRef<void *> buffers, void *stream = nullptr);

  /// GPU programs: the first call with a given set of buffers and stream
  /// captures the program's launches, allocations and copies into a CUDA
  /// graph; later calls with the same buffers and stream launch the graph,
  /// one driver call instead of one per kernel (a program of many small
  /// kernels is otherwise bound by the host's launch rate). A program whose
  /// host code cannot be captured, or a driver without graphs, runs
  /// uncaptured.
  void useCudaGraphs(bool on);
  /// Calls that launched a captured graph, and graphs captured (tests).
  unsigned graphLaunches() const { return numGraphLaunches; }
  unsigned graphsCaptured() const { return numGraphsCaptured; }

private:
  Program() = default;
  Signature signature;
  Target target = Target::GPU;
  int deviceOrdinal = 0;
  std::unique_ptr<mlir::ExecutionEngine> engine;
  /// The entry's packed wrapper, looked up once: a JIT symbol lookup per
  /// call costs more host time than launching a small kernel.
  void (*packedEntry)(void **) = nullptr;

  struct CapturedGraph {
    std::vector<void *> buffers;
    void *stream;
    cuda::CUgraphExec exec;
  };
  /// Launches the entry with `args` on the caller's `stream`, through a
  /// graph when enabled and capturable.
  llvm::Error launch(llvm::ArrayRef<void *> buffers, void *stream, void **args);
  /// Captures one call into a graph, or returns null (and turns graphs off
  /// for this program) when its host code cannot be captured.
  cuda::CUgraphExec capture(void **args);
  bool cudaGraphs = false;
  std::vector<CapturedGraph> graphs; ///< Most recently used last.
  cuda::CUstream captureStream = nullptr;
  unsigned numGraphLaunches = 0, numGraphsCaptured = 0;
};

} // namespace ks::runtime

#endif // KS_DRIVER_PROGRAM_H
