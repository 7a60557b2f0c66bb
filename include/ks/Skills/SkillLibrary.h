//===- SkillLibrary.h - Long-term memory: the skills ------------*- C++ -*-===//
//
// A skill is data, not C++: a directory under a skill root holding
// `skill.json` (what it is for, when it applies, its parameter space and
// constraints, what it should move, its pitfalls) and a transform-dialect
// script (`transform.named_sequence @apply(%op)`, with `${NAME}` where a
// parameter goes). Adding one needs no rebuild. Every descriptor is checked
// when loaded; a broken one is an error naming the file and the field.
//
//===----------------------------------------------------------------------===//
#ifndef KS_SKILLS_SKILLLIBRARY_H
#define KS_SKILLS_SKILLLIBRARY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <utility>
#include <vector>

namespace ks::agents {

/// Parameter values by name.
using ParamValues = llvm::StringMap<int64_t>;

struct Skill {
  std::string id, category, summary;
  std::string descriptorPath, scriptPath, scriptText;
  /// Feature op classes it is written for (see FeatureExtractor).
  std::vector<std::string> opClasses;
  /// Conditions over integer features that must all hold (Expr.h).
  std::vector<std::string> appliesWhen;
  /// The bottlenecks (policy.json's names) it addresses.
  std::vector<std::string> addresses;
  /// The parameter space, in descriptor order: name -> allowed values.
  std::vector<std::pair<std::string, std::vector<int64_t>>> params;
  ParamValues defaults;
  /// Search hints: a parameter -> "larger" or "smaller", the direction in
  /// which the planner tries its values first (steps that way cost half).
  llvm::StringMap<std::string> prefer;
  /// How to repair a failed choice, by failure kind
  /// ("shared_memory_overflow", "register_spills", and
  /// "registers_limit_occupancy": a kernel that gained registers, such as
  /// for invariant loads, and lost blocks an SM): the parameters to move
  /// and which way, e.g. spills -> {"TM": "smaller", "TN": "smaller"}.
  llvm::StringMap<llvm::StringMap<std::string>> repairs;
  /// Parameters computed from others, in order: name -> expression.
  std::vector<std::pair<std::string, std::string>> derived;
  /// Conditions over parameters (and derived ones) a choice must meet.
  std::vector<std::string> constraints;
  /// Conditions over parameters and features a choice must meet on a given
  /// dispatch (e.g. "loop_range_0 % BM == 0").
  std::vector<std::string> requires;
  /// Conditions over parameters and features the planner's own choices
  /// meet beyond `requires` (a numerical choice: a scan's chunk as the
  /// reference framework's); a plan may name any values `requires` admits.
  std::vector<std::string> chooses;
  /// Conditions over parameters under which the skill reads its dispatch's
  /// producers in place and removes their kernels (a padded copy's fill and
  /// copy): a plan applies such a step before the producers' own steps.
  std::vector<std::string> foldsProducersWhen;
  /// A skill taking the same parameters without what this one takes in
  /// (its epilogue): where this one was decided once for identical
  /// dispatches and does not apply to one of them (its neighbours, decided
  /// by other steps, differ), that one takes its place. Empty: none.
  std::string fallsBackTo;
  /// Expected movement of metrics ("up" / "down"), and known pitfalls.
  llvm::json::Object expected;
  std::vector<std::string> pitfalls;
  std::string test;
  /// What it does to f32 arithmetic (the precision policy's scale):
  /// "exact" (f32 operations only, the default), "tf32x3" (three TF32
  /// tensor-core products per step: about fp32's accuracy, not bit-equal),
  /// "tf32" (one TF32 product: 10-bit mantissas). `precisionAllows` says
  /// whether a policy admits it.
  std::string numerics = "exact";

  /// `given` completed with defaults and derived parameters, checked against
  /// the space and the constraints; an error names the value or constraint.
  llvm::Expected<ParamValues> resolve(const ParamValues &given) const;

  /// The script with every `${NAME}` replaced by its value.
  llvm::Expected<std::string> instantiate(const ParamValues &values) const;
};

class SkillLibrary {
public:
  /// Loads every `<root>/<id>/skill.json` under each root, in order; a later
  /// root may not redefine an id.
  static llvm::Expected<SkillLibrary> load(llvm::ArrayRef<std::string> roots);

  /// Where skills are looked for when no root is given: $KS_SKILL_PATH
  /// (colon-separated), else `skills/` beside the tool (bin/../skills, as in
  /// the bundle, or bin/../../skills, as in a build tree), else beside the
  /// shared library this code is in (lib/../skills: PyTorch loading the
  /// bundle's libKernelSkill.so), else the source tree's.
  static std::vector<std::string> defaultRoots();

  /// The roots a `skill-dirs` option names (comma-separated), or the
  /// default ones when it is empty.
  static std::vector<std::string> rootsFrom(llvm::StringRef option);

  const Skill *find(llvm::StringRef id) const;
  const std::vector<Skill> &skills() const { return all; }
  const std::vector<std::string> &roots() const { return rootDirs; }

private:
  std::vector<Skill> all;
  std::vector<std::string> rootDirs;
};

/// The numerics a skill may declare, from the strictest: "exact", "tf32x3",
/// "tf32". A precision policy is one of them: the loosest numerics it
/// admits.
llvm::ArrayRef<llvm::StringRef> numericsLevels();
/// Whether the precision policy `policy` admits a skill of `numerics`.
bool precisionAllows(llvm::StringRef policy, llvm::StringRef numerics);
/// Why `policy` does not admit `numerics` ("its numerics (tf32x3) are
/// outside the precision policy (exact)"), or the empty string where it
/// does.
std::string outsidePrecision(llvm::StringRef numerics, llvm::StringRef policy);
/// An error naming the allowed values unless `policy` is one of them.
llvm::Error checkPrecision(llvm::StringRef policy);

/// Parses one descriptor (the directory holds the script). Exposed for tests.
llvm::Expected<Skill> loadSkill(llvm::StringRef descriptorPath);

/// "BM=64,BN=32" -> values; an error names the bad item.
llvm::Expected<ParamValues> parseParamList(llvm::StringRef text);

/// Integer variables for Expr from features: every integer feature, plus
/// loop_range_I for each loop range and loop_range_last for the last, and
/// operand_I_innermost_loop_dim for each operand's.
llvm::StringMap<int64_t> featureVariables(const llvm::json::Object &features);

/// Whether `values` of `skill` meet its requirements on the dispatch whose
/// integer features (featureVariables) are `features`; `why` says which
/// does not hold.
bool meetsRequirements(const Skill &skill, const ParamValues &values,
                       const llvm::StringMap<int64_t> &features, std::string *why = nullptr);

/// Whether `values` also meet the skill's `choose` conditions there: the
/// planner's own choices do.
bool meetsChoiceRules(const Skill &skill, const ParamValues &values,
                      const llvm::StringMap<int64_t> &features);

} // namespace ks::agents

#endif // KS_SKILLS_SKILLLIBRARY_H
