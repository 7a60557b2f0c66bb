//===- WgmmaKernelText.cpp - Pieces of the wgmma kernels' MLIR text -------===//

#include "WgmmaKernelText.h"

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
