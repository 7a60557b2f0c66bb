//===- RefineCandidates.cpp - Which estimates the GPU measures ------------===//

#include "ks/Agents/RefineCandidates.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ks::agents {

double candidateDistance(const EstimatedCandidate &a, const EstimatedCandidate &b) {
  if (a.skill != b.skill)
    return 1000.0;
  auto steps = [](int64_t x, int64_t y) -> double {
    if (x == y)
      return 0.0;
    if (x <= 0 || y <= 0)
      return 1.0;
    return std::fabs(std::log2(double(x) / double(y)));
  };
  double d = 0.0;
  for (const auto &[key, x] : a.params) {
    auto it = b.params.find(key);
    d += it == b.params.end() ? 1.0 : steps(x, it->second);
  }
  for (const auto &[key, y] : b.params)
    if (!a.params.count(key))
      d += 1.0;
  return d;
}

std::vector<size_t> pickCandidatesToMeasure(llvm::ArrayRef<EstimatedCandidate> sorted, unsigned n,
                                            double tie) {
  std::vector<size_t> picked;
  std::vector<bool> taken(sorted.size(), false);
  while (picked.size() < n && picked.size() < sorted.size()) {
    size_t first = 0;
    while (taken[first])
      ++first;
    size_t choice = first;
    if (!picked.empty()) {
      // Among the untaken that tie with the best untaken one, the farthest
      // from every candidate picked so far.
      // (On equal distance to the nearest, the farther from all of them.)
      std::pair<double, double> best{-1.0, -1.0};
      double band = tie * std::max(sorted[first].kernelUs, 0.0);
      for (size_t i = first; i < sorted.size(); ++i) {
        if (taken[i])
          continue;
        if (sorted[i].estimateUs - sorted[first].estimateUs > band)
          break;
        std::pair<double, double> distance{std::numeric_limits<double>::infinity(), 0.0};
        for (size_t p : picked) {
          double d = candidateDistance(sorted[i], sorted[p]);
          distance.first = std::min(distance.first, d);
          distance.second += d;
        }
        if (distance > best) {
          best = distance;
          choice = i;
        }
      }
    }
    taken[choice] = true;
    picked.push_back(choice);
  }
  return picked;
}

} // namespace ks::agents
