//===- WgmmaKernelText.cpp - Pieces of the wgmma kernels' MLIR text -------===//

#include "WgmmaKernelText.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

void ks::wgmma::expandLineMacro(
    std::string &text, llvm::StringRef name,
    llvm::function_ref<std::string(llvm::ArrayRef<llvm::StringRef>, int)> expand) {
  std::string call = name.str() + "(";
  int counter = 0;
  for (size_t at; (at = text.find(call)) != std::string::npos; ++counter) {
    size_t lineStart = text.rfind('\n', at) + 1; // 0 when on the first line
    size_t open = at + call.size(), close = text.find(')', open);
    llvm::SmallVector<llvm::StringRef, 4> args;
    llvm::StringRef(text).slice(open, close).split(args, ",");
    for (llvm::StringRef &arg : args)
      arg = arg.trim();
    std::string replacement = expand(args, counter);
    // The expansion starts with a newline of its own: it replaces the line.
    if (!replacement.empty() && replacement.front() == '\n')
      replacement.erase(0, 1);
    text.replace(lineStart, close + 1 - lineStart, replacement);
  }
}

void ks::wgmma::expandSharedPieces(std::string &text) {
  for (auto [name, piece] : {std::pair<llvm::StringRef, const char *>{"TILE_WALK", kGroupedTileWalk},
                             {"ALIGNED_SLOTS", kAlignedSlots},
                             {"INIT_BARRIERS", kInitBarriers}})
    expandLineMacro(text, name, [&](llvm::ArrayRef<llvm::StringRef>, int) { return std::string(piece); });
}

gpu::LaunchOp ks::wgmma::spliceKernel(RewriterBase &rewriter, llvm::StringRef text,
                                      Operation *op) {
  ParserConfig config(op->getContext());
  OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(text, config, "ks-wgmma-kernel");
  if (!parsed)
    return nullptr;
  auto gemm = parsed->lookupSymbol<func::FuncOp>("gemm");
  IRMapping map;
  for (auto [arg, operand] : llvm::zip(gemm.getArguments(), op->getOperands()))
    map.map(arg, operand);
  rewriter.setInsertionPoint(op);
  gpu::LaunchOp launch;
  for (Operation &inner : gemm.getBody().front().without_terminator())
    if (auto copy = dyn_cast<gpu::LaunchOp>(rewriter.clone(inner, map)))
      launch = copy;
  auto module = op->getParentOfType<ModuleOp>();
  OpBuilder atEnd = OpBuilder::atBlockEnd(module.getBody());
  for (auto declaration : parsed->getOps<func::FuncOp>())
    if (declaration.isDeclaration() && !module.lookupSymbol(declaration.getSymName()))
      atEnd.clone(*declaration);
  return launch;
}
