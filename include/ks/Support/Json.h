//===- Json.h - JSON from files that are input ------------------*- C++ -*-===//
//
// llvm::json::parse recurses once a nesting level, so a plan, skill or
// database file nested tens of thousands deep overflows the stack. Input
// files are parsed here: the nesting is measured first (one pass, no
// recursion) and refused past a depth no file of ks's formats comes near.
//
//===----------------------------------------------------------------------===//
#ifndef KS_SUPPORT_JSON_H
#define KS_SUPPORT_JSON_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cmath>
#include <initializer_list>
#include <string>
#include <utility>

namespace ks {

inline constexpr int kMaxJsonDepth = 256;

/// A double as a JSON value that JSON readers accept: JSON has no inf or
/// nan (llvm::json prints them bare), so they become the strings "inf",
/// "-inf" and "nan" (a relative error against an expected 0 is inf).
inline llvm::json::Value jsonNumber(double v) {
  if (std::isfinite(v))
    return v;
  return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
}

/// The deepest nesting of arrays and objects in `text`, outside strings.
inline int jsonNesting(llvm::StringRef text) {
  int depth = 0, deepest = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i; // The escaped character cannot end the string.
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

/// Copies each field `key` of `o`, a string, into `*place`, in order; the
/// key of the first one missing, not a string or empty, or null when all are
/// there.
inline const char *copyNonEmptyStrings(
    const llvm::json::Object &o,
    std::initializer_list<std::pair<const char *, std::string *>> fields) {
  for (auto [key, place] : fields) {
    std::optional<llvm::StringRef> text = o.getString(key);
    if (!text || text->empty())
      return key;
    *place = text->str();
  }
  return nullptr;
}

/// llvm::json::parse, refusing input nested deeper than kMaxJsonDepth.
inline llvm::Expected<llvm::json::Value> parseJson(llvm::StringRef text) {
  if (int depth = jsonNesting(text); depth > kMaxJsonDepth)
    return llvm::createStringError(
        "JSON nested " + std::to_string(depth) + " deep (at most " +
        std::to_string(kMaxJsonDepth) + " is accepted)");
  return llvm::json::parse(text);
}

} // namespace ks

#endif // KS_SUPPORT_JSON_H
