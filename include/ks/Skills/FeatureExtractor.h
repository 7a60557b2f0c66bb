//===- FeatureExtractor.h - Static features of every dispatch --*- C++ -*-===//
//
// The Feature Extractor of the optimizer: what the planner knows about each
// dispatch before anything runs. A dispatch is one linalg structured op
// (named or generic, on tensors or memrefs) inside a func.func; its features
// are read off its iteration space, indexing maps, operand types and body:
// what kind of computation it is, how much work and traffic it implies, and
// how its operands are laid out along the loop the threads are spread over.
//
// It is an MLIR analysis (`getAnalysis<FeatureExtractor>()` on a module or a
// function); `ks-print-features` prints it as JSON.
//
//===----------------------------------------------------------------------===//
#ifndef KS_SKILLS_FEATUREEXTRACTOR_H
#define KS_SKILLS_FEATUREEXTRACTOR_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace ks::agents {

/// What kind of computation a dispatch is, decided by its structure (maps,
/// iterators, body), with named ops as a shortcut where the name is certain.
enum class OpClass {
  Elementwise,
  Broadcast,
  Reduction,
  Matmul,
  BatchedMatmul,
  Convolution,
  Pooling,
  /// No upstream linalg structured op is a scan (a prefix sum is not
  /// expressible as one); kept so the vocabulary matches the planner's.
  Scan,
  Transpose,
  Gather,
  Fill,
  Copy,
  Other,
};

/// "elementwise", "batched_matmul", ...
llvm::StringRef stringifyOpClass(OpClass opClass);

/// How one operand is accessed.
struct OperandFeatures {
  unsigned index = 0; ///< operand number of the op
  bool isOutput = false;
  std::string type; ///< e.g. "tensor<8x16xf32>", "f32"
  /// The loop dim that indexes the operand's innermost dim; -1 when that dim
  /// is indexed by a constant (or the operand is a scalar / 0-d). When
  /// several loop dims index it (a convolution's `ow + kw`), the innermost
  /// parallel one of them, else the innermost one.
  int64_t innermostLoopDim = -1;
  /// Elements between consecutive iterations of the innermost parallel loop
  /// (see DispatchFeatures::threadLoopDim) in this operand: the indexing
  /// map's coefficients times the operand's strides (row-major for tensors,
  /// the layout's for memrefs). 0 = the operand does not move along that loop
  /// (broadcast). std::nullopt when it cannot be known statically (dynamic
  /// strides, non-affine-linear index).
  std::optional<int64_t> strideAlongInnermostLoop;
  /// strideAlongInnermostLoop == 1: consecutive threads over the innermost
  /// parallel loop touch consecutive elements (coalesced).
  bool innermostContiguous = false;
};

/// The static features of one dispatch. Everything that depends on sizes is
/// unset when `dynamic`.
struct DispatchFeatures {
  mlir::Operation *op = nullptr;
  int64_t id = 0;
  std::string func;
  std::string opName;
  OpClass opClass = OpClass::Other;
  /// Some loop range or operand shape is dynamic.
  bool dynamic = false;

  llvm::SmallVector<int64_t> loopRanges; ///< empty when dynamic
  llvm::SmallVector<std::string> iteratorTypes;
  int64_t parallelDims = 0;
  int64_t reductionDims = 0;
  /// The loop the threads are spread over fastest: the innermost parallel
  /// loop dim, or the innermost loop when there is no parallel one; -1 for a
  /// 0-d iteration space.
  int64_t threadLoopDim = -1;
  std::optional<int64_t> outputElements;       ///< elements of all outputs
  llvm::SmallVector<std::string> elementTypes; ///< distinct, in operand order
  /// Bits of the first input's element type (0: none, or not a number):
  /// what separates a bf16 GEMM from an f32 one for the skills' requirements.
  int64_t inputElementBits = 0;

  std::optional<int64_t> flops;
  std::optional<int64_t> transcendentals;
  std::optional<int64_t> minBytes;
  std::optional<double> arithmeticIntensity; ///< flops / minBytes

  llvm::SmallVector<OperandFeatures, 4> operands;
  /// Every reduction dim indexes the innermost dim of some input (of those
  /// indexed by every loop, where there are such), or a dim followed there
  /// only by dims indexed by reduction dims alone (a sum over all of a
  /// tensor, or over H and W of NCHW): the reduction walks contiguous
  /// memory. False without reduction dims.
  bool reductionInnermost = false;
  /// Every output is combined by an addition with its previous value (a
  /// sum): partial results may be added in any order. False without
  /// reduction dims.
  bool additiveReduction = false;
  /// Non-yield ops of the body.
  int64_t fusedOps = 0;
  /// The next linalg op in the block is elementwise and reads this op's
  /// only output at the indices it is written (a bias add, an activation):
  /// an epilogue fuse_elementwise_epilogue can compute in this op's kernel.
  bool elementwiseEpilogue = false;
  /// For a matmul: whether it has one K loop and both inputs have K
  /// innermost (a linear layer's x W^T), the layout wgmma reads f32 (TF32)
  /// in. Unset for other ops.
  std::optional<bool> kContiguousOperands;
  /// For a matmul or batched matmul: the loops both inputs and the output
  /// read (torch.bmm's batch), 0 for a plain GEMM. Unset for other ops.
  std::optional<int64_t> batchDims;
  /// On buffers: the next linalg op in the block is elementwise over this
  /// op's loops (the same extents, in any order), reads one of this op's
  /// outputs (any view of its buffer, any map: RMS norm's normalization
  /// reads the channels' sum broadcast along them) and reads one of this
  /// op's inputs again: reduce_strided_epilogue and
  /// reduce_strided_split_epilogue compute both in one kernel, the input
  /// crossing DRAM once.
  bool rereadingEpilogue = false;
  /// How many ops after this reduction (and the fill before it) one kernel
  /// can compute row by row with it (ks/Skills/RowChain.h); 0 when none.
  int64_t rowChainOps = 0;
  /// The most points per row any op of that chain computes (RowChain).
  int64_t rowChainRowPoints = 0;
  /// The partial stage of a whole buffer's split sum, the elements of the
  /// buffer where one kernel can compute the sum and the elementwise op
  /// after that reads it (ks/Skills/GridChain.h); 0 otherwise.
  int64_t gridChainElements = 0;
  /// On buffers: the float inputs that are a padded copy of another buffer
  /// read by this op alone (Torch-MLIR's tensor.pad: a fill, then a copy
  /// into a window), which transform.ks.read_padding_in_place can read
  /// from their source in place (ks/Transforms/Utils/KernelInit.h).
  int64_t paddedInputs = 0;
  /// For a scan (OpClass::Scan, static): the product of its output's dims
  /// after the scanned one, 1 for a scan along the innermost dim (rows); a
  /// scan along another dim is a column scan. Unset for other ops.
  std::optional<int64_t> scanInner;
  /// For a scan along the innermost dim (scanInner == 1) of R rows of N:
  /// the chunk PyTorch's CUDA scan associates it by, 2^(1 + clamp(floor((9
  /// + ceil(log2 N) - ceil(log2 R)) / 2), 4, 9)), the row scans' W that
  /// gives eager's results bit for bit. Unset for other ops.
  std::optional<int64_t> torchScanChunk;
  /// See extractFeatures for the rule; unset when dynamic.
  std::optional<bool> tensorCoreEligible;
  /// max over the shaped inputs the body reads of (iteration-space size /
  /// input elements): how many times each element of the most reused input
  /// is needed, on average. Unset when dynamic or without such inputs.
  std::optional<double> dataReuse;
};

/// The features of one linalg op, given its dispatch id and its function's
/// name.
DispatchFeatures extractFeatures(mlir::linalg::LinalgOp op, int64_t id,
                                 llvm::StringRef func);

/// The features of every dispatch under `root` (a module or a function):
/// every linalg structured op inside a func.func, in walk order. Its id is
/// its integer `ks.dispatch` attribute if it has one, else its position in
/// that order (0, 1, ...).
std::vector<DispatchFeatures> extractAllFeatures(mlir::Operation *root);

/// The analysis: extractAllFeatures of the op it is computed on.
class FeatureExtractor {
public:
  explicit FeatureExtractor(mlir::Operation *root);
  llvm::ArrayRef<DispatchFeatures> getDispatches() const { return dispatches; }

private:
  std::vector<DispatchFeatures> dispatches;
};

/// The attribute that names a dispatch's id.
constexpr llvm::StringLiteral kDispatchIdAttrName = "ks.dispatch";

llvm::json::Value toJSON(const OperandFeatures &operand);
llvm::json::Value toJSON(const DispatchFeatures &dispatch);
/// {"dispatches": [...]}
llvm::json::Value toJSON(llvm::ArrayRef<DispatchFeatures> dispatches);

/// Prints JSON with keys sorted, one key per line, and objects and arrays
/// whose members are all scalars on one line (so each operand is one line):
/// stable and easy to FileCheck.
void printJSON(const llvm::json::Value &value, llvm::raw_ostream &os);

} // namespace ks::agents

#endif // KS_SKILLS_FEATUREEXTRACTOR_H
