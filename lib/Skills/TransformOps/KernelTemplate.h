//===- KernelTemplate.h - Kernels written as MLIR text with named slots ---===//
//
// The skills' hand-scheduled kernels (wgmma GEMMs, scans) are MLIR text
// instantiated with the problem's sizes, then parsed and spliced in place of
// the op they replace. One mechanism serves them all:
//   - named slots: `{rows}` is replaced by the slot `rows`'s value; `{{`
//     stands for a literal `{` (as in llvm::formatv, so `}` needs no escape);
//   - line macros: a line `      NAME(arg, ...)` is replaced by the text a
//     callback makes from its arguments.
// A slot the text names but the caller does not give, or one given but never
// used, is a bug in the skill and aborts with its name.
//
//===----------------------------------------------------------------------===//

#ifndef KS_LIB_SKILLS_TRANSFORMOPS_KERNELTEMPLATE_H
#define KS_LIB_SKILLS_TRANSFORMOPS_KERNELTEMPLATE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"

#include <string>
#include <utility>

namespace ks {

/// One named slot and its text (numbers and types as llvm::formatv prints
/// them).
struct Slot {
  template <typename T>
  Slot(llvm::StringRef name, T &&value)
      : name(name), value(llvm::formatv("{0}", std::forward<T>(value)).str()) {}
  llvm::StringRef name;
  std::string value;
};

/// `text` with every `{name}` replaced by its slot's value and `{{` by `{`.
std::string fillSlots(llvm::StringRef text, llvm::ArrayRef<Slot> slots);

/// Replaces each line `      NAME(arg, ...)` (any indentation) of `text`
/// by `expand(args, n)`, n counting the expansions from 0; an expansion that
/// starts with a newline drops it (it replaces the line).
void expandLineMacro(
    std::string &text, llvm::StringRef name,
    llvm::function_ref<std::string(llvm::ArrayRef<llvm::StringRef>, int)> expand);

} // namespace ks

#endif // KS_LIB_SKILLS_TRANSFORMOPS_KERNELTEMPLATE_H
