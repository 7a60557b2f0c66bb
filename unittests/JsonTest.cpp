//===- JsonTest.cpp - JSON from input files -------------------------------===//

#include "ks/Support/Json.h"

#include "gtest/gtest.h"

#include <string>

TEST(Json, NestingIsMeasuredOutsideStrings) {
  EXPECT_EQ(ks::jsonNesting(R"({"a": [1, {"b": []}]})"), 4);
  EXPECT_EQ(ks::jsonNesting(R"({"a": "[[[{{{\"[["})"), 1);
  EXPECT_EQ(ks::jsonNesting("7"), 0);
}

// A plan nested 50,000 deep overflowed the stack of llvm::json::parse.
TEST(Json, DeepNestingIsRefusedBeforeParsing) {
  std::string deep = std::string(50000, '[') + std::string(50000, ']');
  llvm::Expected<llvm::json::Value> v = ks::parseJson(deep);
  ASSERT_FALSE(bool(v));
  EXPECT_EQ(llvm::toString(v.takeError()),
            "JSON nested 50000 deep (at most 256 is accepted)");
  std::string fine = std::string(256, '[') + std::string(256, ']');
  llvm::Expected<llvm::json::Value> ok = ks::parseJson(fine);
  EXPECT_TRUE(bool(ok)) << (ok ? "" : llvm::toString(ok.takeError()));
}
