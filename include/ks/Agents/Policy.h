//===- Policy.h - Long-term memory: the decision policy ---------*- C++ -*-===//
//
// skills/policy.json says what may be tried when: headroom tiers by speed
// of light, bottleneck signatures over the profiler's metrics (first match
// wins), kernel structures by op class, and cases (tier x structure x
// bottleneck, optionally conditions over features) listing the skills
// allowed, in priority order, and those forbidden. Data, checked when
// loaded: a broken file is an error naming the file and the field.
//
//===----------------------------------------------------------------------===//
#ifndef KS_AGENTS_POLICY_H
#define KS_AGENTS_POLICY_H

#include "ks/Skills/SkillLibrary.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace ks::agents {

struct Policy {
  struct Tier {
    std::string name;
    double speedOfLightBelow;
  };
  struct Signature {
    std::string name;
    std::vector<std::string> when; ///< All must hold (Expr.h, metrics rounded).
  };
  struct Structure {
    std::string name;
    std::vector<std::string> opClasses;
  };
  struct Case {
    std::string name, why;
    /// Empty = any.
    std::vector<std::string> tiers, structures, bottlenecks;
    std::vector<std::string> when; ///< Over features.
    std::vector<std::string> allow, forbid;
    /// Where the parameter search starts for an allowed skill in this case,
    /// over the skill's defaults (e.g. larger GEMM tiles for large GEMMs).
    std::map<std::string, ParamValues> start;
  };
  std::string path;
  std::vector<Tier> tiers;
  std::vector<Signature> bottlenecks;
  std::vector<Structure> structures;
  std::vector<Case> cases;

  /// Loads and checks `path`; skills named in cases must exist in `library`
  /// and bottlenecks named by skills must exist in the policy.
  static llvm::Expected<Policy> load(llvm::StringRef path, const SkillLibrary &library);

  /// `path`, or where none is given, policy.json of the library's first
  /// skill directory.
  static llvm::Expected<Policy> loadFor(const SkillLibrary &library,
                                        llvm::StringRef path = "");
};

} // namespace ks::agents

#endif // KS_AGENTS_POLICY_H
