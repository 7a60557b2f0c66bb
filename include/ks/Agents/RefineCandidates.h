//===- RefineCandidates.h - Which estimates the GPU measures ----*- C++ -*-===//
//
// The measured refinement hands the GPU a few of the cost model's best
// candidates for a dispatch. Where the model ties (many points at its DRAM
// floor), the first few in estimate order are neighbours in the search's
// order and tell the GPU little; a spread of the tie tells it more.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_REFINECANDIDATES_H
#define KS_AGENTS_REFINECANDIDATES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ks::agents {

/// One estimated candidate of a dispatch: a skill, its parameters, the
/// model's time of the program's work it changes (its kernel less the seed
/// kernels it takes in: negative where those took longer) and of its
/// kernel alone.
struct EstimatedCandidate {
  std::string skill;
  llvm::StringMap<int64_t> params;
  double estimateUs = 0;
  double kernelUs = 0;
};

/// Estimates apart by less than this share of a kernel's time are a tie:
/// finer than the model's resolution.
constexpr double kEstimateTie = 0.03;

/// How far apart two candidates are: another skill is farther than any
/// parameters; within a skill, the sum over parameters of how many
/// doublings separate their values (1 for a change of sign or from 0).
double candidateDistance(const EstimatedCandidate &a, const EstimatedCandidate &b);

/// The indices of `n` candidates of `sorted` (ascending estimates) to
/// measure: the best first; then, each time, among the candidates left
/// that tie with the best of them (estimates within `tie` of its kernel's
/// time), the one farthest from those already picked (from the nearest of
/// them; then from all; then the better estimate).
std::vector<size_t> pickCandidatesToMeasure(llvm::ArrayRef<EstimatedCandidate> sorted, unsigned n,
                                            double tie = kEstimateTie);

} // namespace ks::agents

#endif // KS_AGENTS_REFINECANDIDATES_H
