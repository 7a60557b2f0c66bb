//===- DropFalsePredicatedOps.cpp - Ops that never run, erased ------------===//
//
// A predicated NVVM op (BasicPtxBuilderInterface) whose predicate is the
// constant false would be printed as `@0 ...`, which is no PTX. It never
// runs, so it goes.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"

namespace ks {
#define GEN_PASS_DEF_KSDROPFALSEPREDICATEDOPS
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

struct DropFalsePredicatedOps
    : public ks::impl::KSDropFalsePredicatedOpsBase<DropFalsePredicatedOps> {
  void runOnOperation() override {
    SmallVector<Operation *> never;
    getOperation().walk([&](NVVM::BasicPtxBuilderInterface op) {
      std::optional<Value> predicate = op.getPredicate();
      if (predicate && *predicate && matchPattern(*predicate, m_Zero()) &&
          op->getNumResults() == 0)
        never.push_back(op);
    });
    for (Operation *op : never)
      op->erase();
    numErased += never.size();
  }
};

} // namespace
