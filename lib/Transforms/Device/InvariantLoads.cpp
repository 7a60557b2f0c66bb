//===- InvariantLoads.cpp - Loads from buffers no launch writes -----------===//
//
// After the NVVM conversion, in a kernel that ks-mark-invariant-args gave a
// list of arguments no launch writes (`ks.invariant_args`), each llvm.load
// whose address is one of those buffers (offset by getelementptr, cast
// between address spaces) is marked `invariant`. LLVM may then move it
// above the kernel's stores, and the NVPTX back end reads it with
// ld.global.nc; ptxas may issue it early. A memref argument is a pointer
// with bare pointers, or a descriptor (allocated and aligned pointers,
// offset, sizes and strides: 3 + 2 x rank values) otherwise.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/DenseSet.h"

namespace ks {
#define GEN_PASS_DEF_KSINVARIANTLOADS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {
/// The positions among `func`'s parameters of the pointers through which
/// the invariant arguments are read (their aligned pointers), or nothing
/// when the parameters do not match the ranks.
std::optional<llvm::DenseSet<unsigned>> invariantPointers(LLVM::LLVMFuncOp func,
                                                          ArrayRef<int64_t> invariant,
                                                          ArrayRef<int64_t> ranks) {
  unsigned params = func.getNumArguments();
  bool bare = params == ranks.size();
  SmallVector<unsigned> first;
  unsigned position = 0;
  for (int64_t rank : ranks) {
    first.push_back(position);
    position += rank < 0 || bare ? 1 : 3 + 2 * rank;
  }
  if (position != params)
    return std::nullopt;
  llvm::DenseSet<unsigned> pointers;
  for (int64_t i : invariant) {
    if (i < 0 || i >= int64_t(ranks.size()) || ranks[i] < 0)
      return std::nullopt;
    pointers.insert(first[i] + (bare ? 0 : 1));
  }
  return pointers;
}

/// The parameter `ptr` points into (through getelementptr and address-space
/// casts), if any.
std::optional<unsigned> parameterOf(Value ptr, LLVM::LLVMFuncOp func) {
  while (Operation *def = ptr.getDefiningOp()) {
    if (auto cast = dyn_cast<LLVM::AddrSpaceCastOp>(def))
      ptr = cast.getArg();
    else if (auto gep = dyn_cast<LLVM::GEPOp>(def))
      ptr = gep.getBase();
    else
      return std::nullopt;
  }
  auto arg = dyn_cast<BlockArgument>(ptr);
  if (!arg || arg.getOwner() != &func.getBody().front())
    return std::nullopt;
  return arg.getArgNumber();
}

struct InvariantLoads : public ks::impl::KSInvariantLoadsBase<InvariantLoads> {
  void runOnOperation() override {
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      auto invariant = func->getAttrOfType<DenseI64ArrayAttr>("ks.invariant_args");
      auto ranks = func->getAttrOfType<DenseI64ArrayAttr>("ks.arg_ranks");
      func->removeAttr("ks.invariant_args");
      func->removeAttr("ks.arg_ranks");
      if (!invariant || !ranks || func.isExternal())
        return;
      std::optional<llvm::DenseSet<unsigned>> pointers =
          invariantPointers(func, invariant.asArrayRef(), ranks.asArrayRef());
      if (!pointers) {
        func.emitError("ks.invariant_args does not match the kernel's parameters");
        return signalPassFailure();
      }
      func.walk([&](LLVM::LoadOp load) {
        std::optional<unsigned> param = parameterOf(load.getAddr(), func);
        if (param && pointers->contains(*param) && !load.getVolatile_())
          load.setInvariant(true);
      });
    });
  }
};
} // namespace
