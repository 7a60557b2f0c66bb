//===- Expr.h - Arithmetic over skill parameters and features ---*- C++ -*-===//
//
// Skill descriptors state derived parameters ("TX": "BN / TN") and
// constraints ("TX * TY <= 1024") as small expressions over parameter and
// feature names. Integers only (tile sizes, thread counts): + - * / %
// (integer division and remainder), comparisons (< <= > >= == !=) giving 0
// or 1, && and ||, unary minus, parentheses, decimal literals.
//
//===----------------------------------------------------------------------===//
#ifndef KS_SKILLS_EXPR_H
#define KS_SKILLS_EXPR_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ks::agents {

/// Evaluates `expr` with names looked up in `vars`. An unknown name, a
/// division by zero or a syntax error is an error naming it.
llvm::Expected<int64_t> evaluate(llvm::StringRef expr,
                                 const llvm::StringMap<int64_t> &vars);

/// The names `expr` refers to (to check a descriptor without evaluating).
llvm::Expected<std::vector<std::string>> namesIn(llvm::StringRef expr);

/// Whether every condition in `conditions` evaluates to nonzero with
/// `vars`; `why` says which does not hold or cannot be evaluated.
bool allHold(const std::vector<std::string> &conditions,
             const llvm::StringMap<int64_t> &vars, std::string *why = nullptr);

} // namespace ks::agents

#endif // KS_SKILLS_EXPR_H
