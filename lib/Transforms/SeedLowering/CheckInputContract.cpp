//===- CheckInputContract.cpp - Reject input ks cannot lower --------------===//
//
// The seed lowering trusts its input to be linalg-on-tensors with static
// shapes. This pass makes that trust explicit: everything else is reported
// on the op that breaks the contract, by name, instead of failing (or
// crashing) deep inside bufferization or GPU mapping.
//
//===----------------------------------------------------------------------===//

#include "ks/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

#include <functional>

namespace ks {
#define GEN_PASS_DEF_KSCHECKINPUTCONTRACT
#include "ks/Transforms/Passes.h.inc"
} // namespace ks

using namespace mlir;

namespace {

/// Ops that may appear at the top level of a function body.
bool isSupportedHostOp(Operation *op) {
  if (isa<linalg::LinalgOp>(op))
    return true;
  return isa<func::ReturnOp, func::CallOp, tensor::EmptyOp, tensor::PadOp,
             tensor::ExtractSliceOp, tensor::InsertSliceOp,
             tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::ConcatOp,
             tensor::CastOp>(op) ||
         isa<arith::ArithDialect>(op->getDialect());
}

/// Ops that may appear inside the body of a linalg op or a tensor.pad.
bool isSupportedBodyOp(Operation *op) {
  Dialect *dialect = op->getDialect();
  return isa<linalg::YieldOp, linalg::IndexOp, tensor::YieldOp,
             tensor::ExtractOp>(op) ||
         isa_and_nonnull<arith::ArithDialect, math::MathDialect>(dialect);
}

/// Signless integers, index, and the float types NVPTX computes with.
bool isSupportedElementType(Type type) {
  return type.isSignlessIntOrIndex() ||
         isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type);
}

struct CheckInputContract
    : public ks::impl::KSCheckInputContractBase<CheckInputContract> {
  unsigned errors = 0;

  InFlightDiagnostic error(Operation *op) {
    ++errors;
    return op->emitError();
  }

  /// Dynamic dimensions and element types the seed lowering can't handle.
  /// How diagnostics name the owner of a value: "'tensor.empty'" or
  /// "function @main".
  static std::string ownerName(Operation *op) {
    if (auto func = dyn_cast<func::FuncOp>(op))
      return ("function @" + func.getSymName()).str();
    return ("'" + op->getName().getStringRef() + "'").str();
  }

  void checkType(Operation *op, Type type, StringRef what, unsigned index) {
    std::string owner = ownerName(op);
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped) {
      if (!isSupportedElementType(type) && !isa<FunctionType>(type))
        error(op) << "unsupported type " << type << " in " << what << " #"
                  << index << " of " << owner
                  << "; ks supports signless integers, index, f16, bf16, f32 "
                     "and f64";
      return;
    }
    if (!isa<RankedTensorType>(shaped)) {
      error(op) << what << " #" << index << " of " << owner << " has type "
                << type
                << "; ks expects ranked tensors (linalg-on-tensors input)";
      return;
    }
    if (!shaped.hasStaticShape()) {
      error(op) << "dynamic dimension in " << what << " #" << index << " of "
                << owner << " (" << type << "); ks requires static shapes";
      return;
    }
    if (!isSupportedElementType(shaped.getElementType()))
      error(op) << "unsupported element type " << shaped.getElementType()
                << " in " << what << " #" << index << " of " << owner
                << "; ks supports signless integers, index, f16, bf16, f32 "
                   "and f64";
  }

  void checkFunction(func::FuncOp func) {
    if (func.isExternal()) {
      error(func) << "function @" << func.getSymName()
                  << " has no body; ks compiles whole programs";
      return;
    }
    if (!func.getBody().hasOneBlock()) {
      error(func) << "function @" << func.getSymName()
                  << " has control flow between blocks; ks expects one block";
      return;
    }
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
      checkType(func, type, "argument", i);
    for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
      checkType(func, type, "result", i);

    for (Operation &op : func.getBody().front()) {
      if (!isSupportedHostOp(&op)) {
        error(&op) << "unsupported op '" << op.getName()
                   << "': the seed lowering cannot map it to GPU kernels";
        continue;
      }
      for (auto [i, type] : llvm::enumerate(op.getResultTypes()))
        checkType(&op, type, "result", i);
      for (Region &region : op.getRegions())
        region.walk([&](Operation *inner) {
          if (!isSupportedBodyOp(inner))
            error(inner) << "unsupported op '" << inner->getName()
                         << "' inside '" << op.getName()
                         << "': the seed lowering cannot map it to GPU kernels";
          else if (auto extract = dyn_cast<tensor::ExtractOp>(inner))
            checkConstantIndices(extract);
        });
    }
  }

  /// A read at constant indices outside its tensor: the kernels would read
  /// past their buffers (and the CPU reference fault).
  void checkConstantIndices(tensor::ExtractOp extract) {
    ArrayRef<int64_t> shape = extract.getTensor().getType().getShape();
    for (auto [dim, index] : llvm::enumerate(extract.getIndices())) {
      std::optional<int64_t> at = getConstantIntValue(index);
      if (!at || ShapedType::isDynamic(shape[dim]) ||
          (*at >= 0 && *at < shape[dim]))
        continue;
      error(extract) << "'tensor.extract' reads index " << *at << " of dim "
                     << dim << " of " << extract.getTensor().getType()
                     << ", outside the tensor";
      return;
    }
  }

  /// Calls that lead back to their caller: ks inlines every call, which
  /// recursion would never end.
  void checkRecursion(ModuleOp module) {
    SymbolTable symbols(module);
    llvm::DenseMap<Operation *, int> state; // 1: on the call path, 2: done.
    std::function<void(func::FuncOp)> visit = [&](func::FuncOp func) {
      state[func] = 1;
      func.walk([&](func::CallOp call) {
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        if (!callee)
          return;
        if (state.lookup(callee) == 1)
          error(call) << "call to @" << call.getCallee() << " from @"
                      << func.getSymName()
                      << " is recursive; ks inlines calls and compiles no "
                         "recursion";
        else if (!state.lookup(callee))
          visit(callee);
      });
      state[func] = 2;
    };
    for (auto func : module.getOps<func::FuncOp>())
      if (!state.lookup(func))
        visit(func);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (Operation &op : module.getBody()->getOperations()) {
      if (auto func = dyn_cast<func::FuncOp>(op)) {
        checkFunction(func);
        continue;
      }
      error(&op) << "unsupported op '" << op.getName()
                 << "' at module level; ks expects only func.func";
    }
    checkRecursion(module);
    if (errors)
      signalPassFailure();
  }
};

} // namespace
