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

TEST(Json, NonFiniteNumbersPrintAsParsableJson) {
  llvm::json::Object o{{"finite", ks::jsonNumber(0.5)},
                       {"inf", ks::jsonNumber(std::numeric_limits<double>::infinity())},
                       {"minus_inf", ks::jsonNumber(-std::numeric_limits<double>::infinity())},
                       {"nan", ks::jsonNumber(std::nan(""))}};
  std::string text;
  llvm::raw_string_ostream(text) << llvm::json::Value(std::move(o));
  llvm::Expected<llvm::json::Value> back = ks::parseJson(text);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError()) << ": " << text;
  const llvm::json::Object &r = *back->getAsObject();
  EXPECT_EQ(r.getNumber("finite"), 0.5);
  EXPECT_EQ(r.getString("inf"), "inf");
  EXPECT_EQ(r.getString("minus_inf"), "-inf");
  EXPECT_EQ(r.getString("nan"), "nan");
}
