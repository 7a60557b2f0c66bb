//===- ExprTest.cpp - Skill parameter expressions -------------------------===//

#include "ks/Skills/Expr.h"

#include "gtest/gtest.h"

using namespace ks::agents;

namespace {
int64_t eval(llvm::StringRef expr, const llvm::StringMap<int64_t> &vars = {}) {
  llvm::Expected<int64_t> v = evaluate(expr, vars);
  EXPECT_TRUE(bool(v)) << (v ? "" : llvm::toString(v.takeError()));
  return v ? *v : -999;
}

std::string error(llvm::StringRef expr, const llvm::StringMap<int64_t> &vars = {}) {
  llvm::Expected<int64_t> v = evaluate(expr, vars);
  if (v)
    return "no error";
  return llvm::toString(v.takeError());
}
} // namespace

TEST(Expr, PrecedenceAndIntegerDivision) {
  EXPECT_EQ(eval("2 + 3 * 4"), 14);
  EXPECT_EQ(eval("(2 + 3) * 4"), 20);
  EXPECT_EQ(eval("7 / 2"), 3);
  EXPECT_EQ(eval("7 % 4"), 3);
  EXPECT_EQ(eval("-3 + 10"), 7);
  EXPECT_EQ(eval("10 - 4 - 3"), 3); // left-associative
}

TEST(Expr, ComparisonsAndLogic) {
  llvm::StringMap<int64_t> v{{"BM", 64}, {"TM", 4}, {"BN", 32}, {"TN", 4}};
  EXPECT_EQ(eval("BM % TM == 0", v), 1);
  EXPECT_EQ(eval("(BM / TM) * (BN / TN) <= 1024", v), 1);
  EXPECT_EQ(eval("BM / TM * (BN / TN) >= 256", v), 0); // 16 * 8 = 128
  EXPECT_EQ(eval("BM > BN && TM == TN", v), 1);
  EXPECT_EQ(eval("BM < BN || TN != 4", v), 0);
  EXPECT_EQ(eval("BM >= 64", v), 1);
  EXPECT_EQ(eval("BM != 64", v), 0);
}

TEST(Expr, ErrorsNameTheProblem) {
  EXPECT_EQ(error("A + 1"), "in 'A + 1': unknown name 'A'");
  EXPECT_EQ(error("4 / (2 - 2)"), "in '4 / (2 - 2)': division by zero");
  EXPECT_EQ(error("(1 + 2"), "in '(1 + 2': missing ')'");
  EXPECT_EQ(error("1 +"), "in '1 +': unexpected end");
  EXPECT_EQ(error("1 2"), "in '1 2': unexpected '2'");
  EXPECT_EQ(error("3 $ 4"), "in '3 $ 4': unexpected '$'");
}

TEST(Expr, LogicShortCircuits) {
  // The side that cannot change the result is not evaluated: it may name
  // what is not defined (a two-loop clause for a one-loop op) or divide by
  // zero; syntax errors there still count.
  llvm::StringMap<int64_t> v{{"rank", 1}, {"r0", 1024}};
  EXPECT_EQ(eval("rank != 2 || r1 % 4 == 0", v), 1);
  EXPECT_EQ(eval("rank == 2 && r1 % 4 == 0", v), 0);
  EXPECT_EQ(eval("rank == 1 || r0 / 0 > 1", v), 1);
  EXPECT_EQ(error("rank == 2 || r1 > 0", v), "in 'rank == 2 || r1 > 0': unknown name 'r1'");
  EXPECT_EQ(error("rank == 1 || (r1 > 0", v), "in 'rank == 1 || (r1 > 0': missing ')'");
}

TEST(Expr, NamesWithoutValues) {
  llvm::Expected<std::vector<std::string>> names = namesIn("BN / TN * TY <= limit_1");
  ASSERT_TRUE(bool(names));
  EXPECT_EQ(*names, (std::vector<std::string>{"BN", "TN", "TY", "limit_1"}));
  EXPECT_FALSE(bool(namesIn("BN /")));
  llvm::consumeError(namesIn("BN /").takeError());
}

// Skill files are input: an expression must end in an error, never a trap
// (INT64_MIN / -1), undefined overflow or a stack overflow.
TEST(Expr, OverflowIsAnError) {
  EXPECT_EQ(error("(0 - 9223372036854775807 - 1) / (0 - 1)"),
            "in '(0 - 9223372036854775807 - 1) / (0 - 1)': overflow of a 64-bit integer");
  EXPECT_EQ(error("(0 - 9223372036854775807 - 1) % (0 - 1)"),
            "in '(0 - 9223372036854775807 - 1) % (0 - 1)': overflow of a 64-bit integer");
  EXPECT_EQ(error("9223372036854775807 + 1"),
            "in '9223372036854775807 + 1': overflow of a 64-bit integer");
  EXPECT_EQ(error("0 - 9223372036854775807 - 2"),
            "in '0 - 9223372036854775807 - 2': overflow of a 64-bit integer");
  EXPECT_EQ(error("4294967296 * 4294967296"),
            "in '4294967296 * 4294967296': overflow of a 64-bit integer");
  EXPECT_EQ(error("-(0 - 9223372036854775807 - 1)"),
            "in '-(0 - 9223372036854775807 - 1)': overflow of a 64-bit integer");
  EXPECT_EQ(eval("(0 - 9223372036854775807 - 1) / 1"), INT64_MIN);
  // Not evaluated: the other side of || decided.
  EXPECT_EQ(eval("1 || 9223372036854775807 + 1"), 1);
}

TEST(Expr, DeepNestingIsAnError) {
  std::string parens = std::string(100000, '(') + "1" + std::string(100000, ')');
  EXPECT_EQ(error(parens), "in '" + parens.substr(0, 80) + "...': nested more than 200 deep");
  std::string minus = std::string(100000, '-') + "1";
  EXPECT_EQ(error(minus), "in '" + minus.substr(0, 80) + "...': nested more than 200 deep");
  EXPECT_EQ(eval(std::string(100, '(') + "7" + std::string(100, ')')), 7);
  EXPECT_EQ(eval(std::string(100, '-') + "7"), 7);
}
