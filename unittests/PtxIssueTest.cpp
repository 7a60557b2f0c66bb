//===- PtxIssueTest.cpp - Counting the issue slots of a PTX entry ---------===//

#include "ks/Target/PtxIssue.h"

#include "gtest/gtest.h"

using namespace ks;

// Two entries: one straight through (parameters, an address in 64 bits, a
// guarded load, a correctly rounded division, a store), one that loops.
static const char *kTwoEntries = R"(.version 8.0
.target sm_90
.address_size 64

.visible .entry divide(
	.param .u64 .ptr .align 1 divide_param_0
)
.maxntid 128, 1, 1
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<5>;

	ld.param.b64 	%rd1, [divide_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, %tid.x;
	mul.wide.u32 	%rd3, %r1, 4;
	add.s64 	%rd4, %rd2, %rd3;
	setp.lt.u32 	%p1, %r1, 100;
	@%p1 ld.global.nc.b32 	%r2, [%rd4];
	neg.f32 	%r3, %r2;
	div.rn.f32 	%r4, %r3, 0f40400000;
	st.global.b32 	[%rd4], %r4;
	ret;

}
.visible .entry walk(
	.param .u64 .ptr .align 1 walk_param_0
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;

	mov.u32 	%r1, 0;
$L__BB1_1:
	add.s32 	%r1, %r1, 1;
	setp.lt.u32 	%p1, %r1, 64;
	@%p1 bra 	$L__BB1_1;
	ret;

}
)";

TEST(PtxIssue, WeighsAStraightEntry) {
  PtxIssueCount c = countIssueSlots(kTwoEntries, "divide");
  EXPECT_TRUE(c.found);
  EXPECT_FALSE(c.loops);
  // ld.param, cvta, mov, neg, ret: 0; mul.wide.u32 (32-bit sources), setp,
  // the load and the store: 1 each; add.s64: 2; div.rn.f32: 10.
  EXPECT_DOUBLE_EQ(c.slots, 16);
}

TEST(PtxIssue, SaysWhereAnEntryLoops) {
  PtxIssueCount c = countIssueSlots(kTwoEntries, "walk");
  EXPECT_TRUE(c.found);
  EXPECT_TRUE(c.loops);
  EXPECT_DOUBLE_EQ(c.slots, 3); // one trip: add, setp, bra
}

TEST(PtxIssue, KnowsNoMissingEntry) {
  PtxIssueCount c = countIssueSlots(kTwoEntries, "div");
  EXPECT_FALSE(c.found);
  EXPECT_DOUBLE_EQ(c.slots, 0);
}
