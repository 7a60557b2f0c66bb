//===- Expr.cpp - Arithmetic over skill parameters and features -----------===//

#include "ks/Skills/Expr.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cctype>
#include <limits>
#include <optional>

using namespace ks::agents;

namespace {
/// Recursive descent, lowest precedence first:
///   or := and ('||' and)* ; and := cmp ('&&' cmp)* ;
///   cmp := sum (('<'|'<='|'>'|'>='|'=='|'!=') sum)? ;
///   sum := prod (('+'|'-') prod)* ; prod := unary (('*'|'/'|'%') unary)* ;
///   unary := '-' unary | atom ; atom := number | name | '(' or ')'
class Parser {
public:
  Parser(llvm::StringRef text, const llvm::StringMap<int64_t> *vars)
      : text(text), vars(vars) {}

  llvm::Expected<int64_t> parse() {
    int64_t v = parseOr();
    skipSpace();
    if (error.empty() && pos != text.size())
      fail("unexpected '" + text.substr(pos, 1).str() + "'");
    if (!error.empty())
      return llvm::createStringError("in '" + quoted() + "': " + error);
    return v;
  }
  std::vector<std::string> names;

private:
  llvm::StringRef text;
  const llvm::StringMap<int64_t> *vars;
  size_t pos = 0;
  std::string error;
  /// Inside a side of `||` / `&&` the other side has decided.
  int skipping = 0;

  /// The expression for a message, cut where it is long.
  std::string quoted() const {
    constexpr size_t kQuoted = 80;
    return text.size() <= kQuoted ? text.str()
                                  : text.take_front(kQuoted).str() + "...";
  }
  /// Deepest nesting of parentheses and unary minus: the parser recurses
  /// once a level, and a skill file is input, not trusted to be small.
  static constexpr int kMaxDepth = 200;
  int depth = 0;

  void fail(const std::string &message) {
    if (error.empty())
      error = message;
  }
  /// `result` of an operation that overflowed int64 or not; an overflow in
  /// a side that is not evaluated does not matter.
  int64_t checked(bool overflowed, int64_t result) {
    if (overflowed && !skipping)
      fail("overflow of a 64-bit integer");
    return overflowed ? 0 : result;
  }
  /// Enters one level of nesting; false (error recorded) past kMaxDepth.
  bool descend() {
    if (++depth <= kMaxDepth)
      return true;
    fail("nested more than " + std::to_string(kMaxDepth) + " deep");
    return false;
  }
  void skipSpace() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos])))
      ++pos;
  }
  bool eat(llvm::StringRef token) {
    skipSpace();
    if (!text.substr(pos).starts_with(token))
      return false;
    pos += token.size();
    return true;
  }

  // `||` and `&&` short-circuit: the side that cannot change the result is
  // parsed but not evaluated, so it may name what does not exist here (a
  // two-loop clause's loop_range_1, for an op of one loop).
  int64_t parseOr() {
    int64_t v = parseAnd();
    while (error.empty() && eat("||")) {
      bool decided = v != 0;
      skipping += decided;
      int64_t r = parseAnd();
      skipping -= decided;
      v = (v || r) ? 1 : 0;
    }
    return v;
  }
  int64_t parseAnd() {
    int64_t v = parseCmp();
    while (error.empty() && eat("&&")) {
      bool decided = v == 0;
      skipping += decided;
      int64_t r = parseCmp();
      skipping -= decided;
      v = (v && r) ? 1 : 0;
    }
    return v;
  }
  int64_t parseCmp() {
    int64_t v = parseSum();
    // Two-character operators first, so "<=" is not read as "<".
    for (llvm::StringRef op : {"<=", ">=", "==", "!=", "<", ">"}) {
      if (!eat(op))
        continue;
      int64_t r = parseSum();
      if (op == "<=") return v <= r;
      if (op == ">=") return v >= r;
      if (op == "==") return v == r;
      if (op == "!=") return v != r;
      if (op == "<") return v < r;
      return v > r;
    }
    return v;
  }
  int64_t parseSum() {
    int64_t v = parseProd();
    while (error.empty()) {
      int64_t result = 0;
      if (eat("+")) {
        int64_t r = parseProd();
        bool overflowed = llvm::AddOverflow(v, r, result);
        v = checked(overflowed, result);
      } else if (eat("-")) {
        int64_t r = parseProd();
        bool overflowed = llvm::SubOverflow(v, r, result);
        v = checked(overflowed, result);
      } else {
        break;
      }
    }
    return v;
  }
  int64_t parseProd() {
    int64_t v = parseUnary();
    while (error.empty()) {
      bool mul = eat("*"), div = !mul && eat("/"), rem = !mul && !div && eat("%");
      if (!mul && !div && !rem)
        break;
      int64_t r = parseUnary();
      if (mul) {
        int64_t result = 0;
        bool overflowed = llvm::MulOverflow(v, r, result);
        v = checked(overflowed, result);
      } else if (r == 0) {
        if (!skipping)
          fail("division by zero");
        return 0;
      } else if (v == std::numeric_limits<int64_t>::min() && r == -1) {
        // The one quotient of two int64s that int64 cannot hold (the
        // hardware traps on it, remainder included).
        return checked(true, 0);
      } else {
        v = div ? v / r : v % r;
      }
    }
    return v;
  }
  int64_t parseUnary() {
    if (!eat("-"))
      return parseAtom();
    if (!descend())
      return 0;
    int64_t v = parseUnary();
    --depth;
    return checked(v == std::numeric_limits<int64_t>::min(), -v);
  }
  int64_t parseAtom() {
    skipSpace();
    if (pos >= text.size()) {
      fail("unexpected end");
      return 0;
    }
    if (eat("(")) {
      if (!descend())
        return 0;
      int64_t v = parseOr();
      --depth;
      if (!eat(")"))
        fail("missing ')'");
      return v;
    }
    char c = text[pos];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t start = pos;
      while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])))
        ++pos;
      int64_t v = 0;
      if (text.substr(start, pos - start).getAsInteger(10, v))
        fail("number out of range");
      return v;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t start = pos;
      while (pos < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_'))
        ++pos;
      std::string name = text.substr(start, pos - start).str();
      names.push_back(name);
      if (!vars || skipping)
        return 1;
      auto it = vars->find(name);
      if (it == vars->end()) {
        fail("unknown name '" + name + "'");
        return 0;
      }
      return it->second;
    }
    fail("unexpected '" + std::string(1, c) + "'");
    return 0;
  }
};
} // namespace

llvm::Expected<int64_t> ks::agents::evaluate(llvm::StringRef expr,
                                             const llvm::StringMap<int64_t> &vars) {
  return Parser(expr, &vars).parse();
}

llvm::Expected<std::vector<std::string>> ks::agents::namesIn(llvm::StringRef expr) {
  Parser parser(expr, nullptr);
  // Without values, division may see a zero-free 1 everywhere: syntax only.
  if (llvm::Expected<int64_t> v = parser.parse(); !v)
    return v.takeError();
  return parser.names;
}

bool ks::agents::allHold(const std::vector<std::string> &conditions,
                         const llvm::StringMap<int64_t> &vars, std::string *why) {
  for (const std::string &c : conditions) {
    llvm::Expected<int64_t> v = evaluate(c, vars);
    if (!v) {
      if (why)
        *why = "cannot evaluate " + llvm::toString(v.takeError());
      else
        llvm::consumeError(v.takeError());
      return false;
    }
    if (!*v) {
      if (why)
        *why = "'" + c + "' does not hold";
      return false;
    }
  }
  return true;
}
