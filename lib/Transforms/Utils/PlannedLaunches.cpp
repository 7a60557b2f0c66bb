//===- PlannedLaunches.cpp - The launches a plan's launch-level field names ===//

#include "ks/Transforms/Utils/PlannedLaunches.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

std::optional<int64_t> ks::dispatchOf(gpu::LaunchOp launch) {
  if (auto id = launch->getAttrOfType<IntegerAttr>("ks.dispatch"))
    return id.getInt();
  auto func = launch->getParentOfType<func::FuncOp>();
  auto map = func ? func->getAttrOfType<DictionaryAttr>("ks.kernel_dispatches") : nullptr;
  if (!map || !launch.getFunction())
    return std::nullopt;
  if (auto id = map.getAs<IntegerAttr>(*launch.getFunction()))
    return id.getInt();
  return std::nullopt;
}

FailureOr<SmallVector<std::pair<int64_t, gpu::LaunchOp>>>
ks::takeRequestedLaunches(ModuleOp module, StringRef request, StringRef field) {
  SmallVector<std::pair<int64_t, gpu::LaunchOp>> launches;
  auto ids = module->getAttrOfType<DenseI64ArrayAttr>(request);
  if (!ids)
    return launches;
  module->removeAttr(request);
  llvm::DenseSet<int64_t> wanted(ids.asArrayRef().begin(), ids.asArrayRef().end());
  llvm::DenseSet<int64_t> found;
  module.walk([&](gpu::LaunchOp launch) {
    std::optional<int64_t> dispatch = dispatchOf(launch);
    if (dispatch && wanted.contains(*dispatch)) {
      found.insert(*dispatch);
      launches.emplace_back(*dispatch, launch);
    }
  });
  for (int64_t dispatch : ids.asArrayRef())
    if (!found.contains(dispatch)) {
      module.emitError() << field << ": no kernel computes dispatch " << dispatch
                         << " (it is not in the program, or runs in another dispatch's kernel)";
      return failure();
    }
  return launches;
}
