//===- PtxIssue.cpp - The issue slots a kernel's threads take -------------===//
#include "ks/Target/PtxIssue.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"

using namespace ks;
using llvm::StringRef;

namespace {

/// The issue slots of one PTX instruction (`op`: its opcode with the
/// modifiers, "add.s64"). Reads of special registers (a few a kernel)
/// count as moves.
double slotsOf(StringRef op) {
  llvm::SmallVector<StringRef, 6> parts;
  op.split(parts, '.');
  StringRef base = parts.front();
  auto has = [&](StringRef part) { return llvm::is_contained(parts, part); };
  // Register renames, address-space conversions and the parameters' loads
  // (constant bank operands), saturation and negation (operand modifiers).
  if (base == "mov" || base == "cvta" || base == "ret" || (base == "ld" && has("param")) ||
      (base == "neg" && (has("f32") || has("f16"))) ||
      (base == "cvt" && has("sat") && has("f32") && parts.size() == 4))
    return 0;
  // A correctly rounded f32 division or square root: a reciprocal
  // approximation refined by a few fused multiply-adds, and its check.
  if ((base == "div" && has("rn")) || ((base == "sqrt" || base == "rcp") && has("rn")))
    return has("f64") ? 20 : 10;
  bool wide = has("s64") || has("u64") || has("b64");
  static const llvm::StringSet<> integerAlu = {"add", "sub", "shl",  "shr", "min", "max",
                                               "or",  "and", "xor",  "not", "mul", "mad",
                                               "setp", "selp", "neg", "abs"};
  if (wide && integerAlu.contains(base))
    return 2;
  return 1;
}

/// The body of `.entry kernel(...)`: from its opening brace to the
/// matching closing one.
StringRef entryBody(StringRef ptx, StringRef kernel) {
  size_t at = ptx.find((llvm::Twine(".entry ") + kernel + "(").str());
  if (at == StringRef::npos)
    return {};
  size_t open = ptx.find("\n{", at);
  if (open == StringRef::npos)
    return {};
  int depth = 0;
  for (size_t i = open + 1; i < ptx.size(); ++i) {
    if (ptx[i] == '{')
      ++depth;
    else if (ptx[i] == '}' && --depth == 0)
      return ptx.slice(open + 2, i);
  }
  return {};
}

} // namespace

PtxIssueCount ks::countIssueSlots(StringRef ptx, StringRef kernel) {
  PtxIssueCount count;
  StringRef body = entryBody(ptx, kernel);
  if (body.empty())
    return count;
  count.found = true;
  llvm::StringSet<> labelsSeen;
  llvm::SmallVector<StringRef> lines;
  body.split(lines, '\n', -1, false);
  for (StringRef line : lines) {
    line = line.trim();
    if (line.empty() || line.starts_with("//") || line.starts_with(".") ||
        line.starts_with("{") || line.starts_with("}"))
      continue;
    if (line.ends_with(":")) {
      labelsSeen.insert(line.drop_back());
      continue;
    }
    if (line.starts_with("@")) // a guard predicate: the instruction after it
      line = line.split(' ').second.ltrim();
    StringRef op = line.take_until([](char c) { return c == ' ' || c == '\t' || c == ';'; });
    if (op.starts_with("bra")) {
      StringRef target = line.drop_front(op.size()).trim().rtrim(';').trim();
      if (labelsSeen.contains(target))
        count.loops = true;
    }
    count.slots += slotsOf(op);
  }
  return count;
}
