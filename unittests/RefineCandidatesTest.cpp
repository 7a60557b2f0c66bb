//===- RefineCandidatesTest.cpp - Which estimates the GPU measures --------===//

#include "ks/Agents/RefineCandidates.h"

#include "gtest/gtest.h"

using namespace ks::agents;

namespace {

EstimatedCandidate cluster(int64_t c, int64_t t, int64_t m, double us, double kernelUs = 0) {
  EstimatedCandidate e{"fuse_rows_cluster", {}, us, kernelUs > 0 ? kernelUs : us};
  e.params["C"] = c;
  e.params["T"] = t;
  e.params["M"] = m;
  return e;
}

} // namespace

TEST(RefineCandidates, DistanceCountsDoublingsAndSkills) {
  EXPECT_DOUBLE_EQ(candidateDistance(cluster(4, 256, 1, 1), cluster(4, 256, 1, 2)), 0.0);
  // T 256 -> 1024 is two doublings, M 1 -> 2 one.
  EXPECT_DOUBLE_EQ(candidateDistance(cluster(4, 256, 1, 1), cluster(4, 1024, 2, 1)), 3.0);
  EstimatedCandidate block{"fuse_rows_block", {}, 1};
  block.params["T"] = 256;
  EXPECT_GT(candidateDistance(cluster(4, 256, 1, 1), block), 100.0);
  // A parameter one side lacks, or a zero, counts one.
  EstimatedCandidate v0 = cluster(4, 256, 1, 1), v1 = cluster(4, 256, 1, 1);
  v0.params["V"] = 0;
  v1.params["V"] = 1;
  EXPECT_DOUBLE_EQ(candidateDistance(v0, v1), 1.0);
  EXPECT_DOUBLE_EQ(candidateDistance(v0, cluster(4, 256, 1, 1)), 1.0);
}

TEST(RefineCandidates, TiesAreSpread) {
  // Five points at the model's floor, in the search's order: neighbours
  // first. The spread takes the best, then the farthest of the tie.
  std::vector<EstimatedCandidate> sorted = {
      cluster(4, 256, 1, 1430), cluster(4, 256, 2, 1430), cluster(4, 512, 1, 1431),
      cluster(8, 1024, 2, 1432), cluster(2, 512, 1, 1433), cluster(4, 128, 1, 2000)};
  std::vector<size_t> picked = pickCandidatesToMeasure(sorted, 3);
  ASSERT_EQ(picked.size(), 3u);
  EXPECT_EQ(picked[0], 0u);
  EXPECT_EQ(picked[1], 3u); // C 4->8, T 256->1024, M 1->2: four doublings
  // Left: (4,256,2) 1 from the first; (4,512,1) 1; (2,512,1) 2 from the
  // first and 3 from the second; the far slower (4,128,1) is no tie.
  EXPECT_EQ(picked[2], 4u);
}

TEST(RefineCandidates, NetEstimatesTieOnTheKernelsScale) {
  // A row chain's kernel takes in the seed's other kernels: its net
  // estimate is negative (-16562 us here), its kernel 1430 us. A tie is
  // within 3% of the kernel (43 us), not of the net.
  std::vector<EstimatedCandidate> sorted = {
      cluster(4, 512, 1, -16562, 1430), cluster(4, 256, 1, -16562, 1430),
      cluster(4, 1024, 1, -16562, 1430), cluster(4, 256, 2, -16540, 1452),
      cluster(8, 256, 1, -16400, 1592)};
  std::vector<size_t> picked = pickCandidatesToMeasure(sorted, 3);
  // After the first (4,512,1): (4,256,2) is two doublings from it (T and
  // M), the others one. Then (4,256,1) and (4,1024,1) are both one from
  // their nearest pick, and (4,1024,1) three from (4,256,2): the spread
  // takes it. (8,256,1), 162 us behind, is no tie.
  EXPECT_EQ(picked, (std::vector<size_t>{0, 3, 2}));
}

TEST(RefineCandidates, WithoutTiesTheBestInOrder) {
  std::vector<EstimatedCandidate> sorted = {cluster(4, 256, 1, 100), cluster(4, 256, 2, 110),
                                            cluster(8, 1024, 2, 130)};
  EXPECT_EQ(pickCandidatesToMeasure(sorted, 2), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(pickCandidatesToMeasure(sorted, 5), (std::vector<size_t>{0, 1, 2}));
  EXPECT_TRUE(pickCandidatesToMeasure({}, 3).empty());
}
