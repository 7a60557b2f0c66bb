//===- KernelTemplate.cpp - Kernels written as MLIR text with named slots -===//

#include "KernelTemplate.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ErrorHandling.h"

std::string ks::fillSlots(llvm::StringRef text, llvm::ArrayRef<Slot> slots) {
  llvm::StringMap<std::pair<llvm::StringRef, bool>> byName;
  for (const Slot &slot : slots)
    if (!byName.try_emplace(slot.name, slot.value, false).second)
      llvm::report_fatal_error(llvm::Twine("kernel template: slot '") + slot.name +
                               "' given twice");
  std::string out;
  out.reserve(text.size());
  for (size_t at = 0; at < text.size();) {
    size_t open = text.find('{', at);
    out += text.slice(at, open).str();
    if (open == llvm::StringRef::npos)
      break;
    if (text.substr(open).starts_with("{{")) {
      out += '{';
      at = open + 2;
      continue;
    }
    size_t close = text.find('}', open);
    llvm::StringRef name = text.slice(open + 1, close);
    auto it = byName.find(name);
    if (close == llvm::StringRef::npos || it == byName.end())
      llvm::report_fatal_error(llvm::Twine("kernel template: no slot '") + name + "'");
    out += it->second.first.str();
    it->second.second = true;
    at = close + 1;
  }
  for (const auto &entry : byName)
    if (!entry.second.second)
      llvm::report_fatal_error(llvm::Twine("kernel template: slot '") + entry.first() +
                               "' is given but the text does not use it");
  return out;
}

void ks::expandLineMacro(
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
    if (!replacement.empty() && replacement.front() == '\n')
      replacement.erase(0, 1);
    text.replace(lineStart, close + 1 - lineStart, replacement);
  }
}
