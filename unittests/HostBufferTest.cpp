//===- HostBufferTest.cpp - Host arrays, .npy and the output check --------===//

#include "ks/Runtime/HostBuffer.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace ks::runtime;

TEST(HostBuffer, HalfAndBfloatRoundTrip) {
  HostBuffer h(DType::F16, {4}), b(DType::BF16, {4});
  const double values[] = {1.0, -2.5, 0.333251953125, 65504.0};
  for (int i = 0; i < 4; ++i) {
    h.set(i, values[i]);
    b.set(i, values[i]);
  }
  EXPECT_EQ(h.get(0), 1.0);
  EXPECT_EQ(h.get(1), -2.5);
  EXPECT_EQ(h.get(2), 0.333251953125); // Exactly representable in f16.
  EXPECT_EQ(h.get(3), 65504.0);        // Largest f16.
  EXPECT_EQ(b.get(0), 1.0);
  EXPECT_EQ(b.get(1), -2.5);
  EXPECT_NEAR(b.get(2), 0.333251953125, 1e-3); // bf16 keeps 8 bits.
}

TEST(HostBuffer, RandomIsSeededAndNeverZero) {
  HostBuffer a(DType::F32, {64}), b(DType::F32, {64}), c(DType::F32, {64});
  fillRandom(a, 1);
  fillRandom(b, 1);
  fillRandom(c, 2);
  EXPECT_EQ(a.bytes, b.bytes);
  EXPECT_NE(a.bytes, c.bytes);
  bool negative = false, nonzero = false;
  for (int i = 0; i < 64; ++i) {
    EXPECT_GE(a.get(i), -1.0);
    EXPECT_LT(a.get(i), 1.0);
    negative |= a.get(i) < 0;
    nonzero |= a.get(i) != 0;
  }
  EXPECT_TRUE(negative);
  EXPECT_TRUE(nonzero);

  HostBuffer ints(DType::I64, {100});
  fillRandom(ints, 3, 2, 5);
  for (int i = 0; i < 100; ++i) {
    EXPECT_GE(ints.get(i), 2);
    EXPECT_LT(ints.get(i), 5);
  }
  HostBuffer one(DType::I32, {1});
  fillRandom(one, 0, 0, 1); // Only zeros to draw from: still not all zero.
  EXPECT_NE(one.get(0), 0);
}

TEST(HostBuffer, LargeBuffersAreFilledAndComparedInChunks) {
  // 2.5 chunks of 2^20 elements, filled and compared by several threads:
  // the same values every time, the first chunk's those of one generator
  // seeded with the seed (as a small buffer's), the others not a repeat.
  const int64_t n = (int64_t(5) << 20) / 2;
  HostBuffer a(DType::F32, {n}), b(DType::F32, {n}), small(DType::F32, {1000});
  fillRandom(a, 7);
  fillRandom(b, 7);
  fillRandom(small, 7);
  EXPECT_EQ(a.bytes, b.bytes);
  for (int64_t i = 0; i < 1000; ++i)
    ASSERT_EQ(a.get(i), small.get(i)) << i;
  const int64_t chunk = int64_t(1) << 20;
  EXPECT_NE(a.get(chunk), a.get(0));
  EXPECT_NE(a.get(2 * chunk + 1), a.get(chunk + 1));

  Comparison same = compare(a, b, 1e-4, 1e-4);
  EXPECT_TRUE(same.passed());
  EXPECT_EQ(same.maxAbsError, 0.0);
  // Two planted errors in the last chunks: counted, the first located.
  b.set(2 * chunk + 5, b.get(2 * chunk + 5) + 0.5);
  b.set(chunk + 3, b.get(chunk + 3) - 0.25);
  Comparison c = compare(b, a, 1e-4, 1e-4);
  EXPECT_EQ(c.mismatches, 2);
  EXPECT_EQ(c.firstMismatch, chunk + 3);
  EXPECT_NEAR(c.maxAbsError, 0.5, 1e-6);
}

TEST(HostBuffer, NpyRoundTrip) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("ks-test", "npy", path));
  llvm::FileRemover remover(path);
  HostBuffer a(DType::I64, {2, 3});
  for (int i = 0; i < 6; ++i)
    a.set(i, i * 10 - 7);
  ASSERT_FALSE(static_cast<bool>(writeNpy(path, a)));
  llvm::Expected<HostBuffer> b = readNpy(path);
  ASSERT_TRUE(static_cast<bool>(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(b->describe(), "2x3xi64");
  EXPECT_EQ(b->bytes, a.bytes);
}

TEST(HostBuffer, NpyErrorsNameTheProblem) {
  llvm::Expected<HostBuffer> missing = readNpy("/nonexistent/x.npy");
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_EQ(llvm::toString(missing.takeError()),
            "cannot read '/nonexistent/x.npy': No such file or directory");
}

TEST(Compare, AllcloseSemantics) {
  HostBuffer expected(DType::F32, {4}), actual(DType::F32, {4});
  const double e[] = {1.0, 10.0, 0.0, 5.0};
  const double a[] = {1.00005, 10.0009, 0.0002, NAN};
  for (int i = 0; i < 4; ++i) {
    expected.set(i, e[i]);
    actual.set(i, a[i]);
  }
  Comparison c = compare(actual, expected, 1e-4, 1e-4);
  // 1.00005 is within 1e-4 + 1e-4; 10.0009 within 1e-4 + 1e-3; 0.0002 is
  // not (16 ulps of 10 add 1.9e-5); a NaN where the reference has a number
  // never matches.
  EXPECT_EQ(c.mismatches, 2);
  EXPECT_EQ(c.firstMismatch, 2);
  EXPECT_TRUE(std::isinf(c.maxAbsError));
  EXPECT_FALSE(c.passed());
  EXPECT_EQ(formatIndex({2, 3, 4}, 23), "[1, 2, 3]");
}

TEST(Compare, FloorOfSixteenUlpsOfTheLargestOutput) {
  // Outputs reaching 1000: 16 ulps of it (f32) are 1.9e-3. An element that
  // cancels to 0.02 may be 1e-3 off (a sum taken in another order), not
  // 3e-3.
  HostBuffer expected(DType::F32, {3}), actual(DType::F32, {3});
  const double e[] = {1000.0, 0.02, 0.02};
  const double a[] = {1000.0, 0.021, 0.023};
  for (int i = 0; i < 3; ++i) {
    expected.set(i, e[i]);
    actual.set(i, a[i]);
  }
  Comparison c = compare(actual, expected, 1e-4, 1e-4);
  EXPECT_EQ(c.mismatches, 1);
  EXPECT_EQ(c.firstMismatch, 2);
  // rtol = 0 asks for the reference's rounding: no floor.
  EXPECT_EQ(compare(actual, expected, 1e-4, 0).mismatches, 2);
  // Integers compare exactly but for atol: no floor.
  HostBuffer ie(DType::I32, {2}), ia(DType::I32, {2});
  ie.set(0, 1000000);
  ia.set(0, 1000000);
  ie.set(1, 0);
  ia.set(1, 1);
  EXPECT_EQ(compare(ia, ie, 0, 0).mismatches, 1);
}
