//===- SkillLibrary.cpp - Long-term memory: the skills --------------------===//

#include "ks/Skills/SkillLibrary.h"

#include "ks/Skills/Expr.h"
#include "ks/Support/Json.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <algorithm>
#include <dlfcn.h>
#include <cstdlib>
#include <set>

using namespace ks::agents;
namespace json = llvm::json;

namespace {
/// Errors while reading one descriptor, each naming the file and the field.
class Reader {
public:
  Reader(llvm::StringRef path, const json::Object &root) : path(path), root(root) {}

  llvm::Error fieldError(llvm::StringRef field, const llvm::Twine &what) const {
    return llvm::createStringError(path + ": field '" + field.str() + "': " + what.str());
  }

  /// An object PARAM -> "larger" | "smaller" (prefer, and each repair), every
  /// PARAM one of `params`, into `out`.
  llvm::Error directions(llvm::StringRef field, const json::Object &moves,
                         const json::Object &params,
                         llvm::StringMap<std::string> &out) const {
    for (const auto &kv : moves) {
      std::optional<llvm::StringRef> way = kv.second.getAsString();
      if (!params.get(kv.first))
        return fieldError(field, "'" + kv.first.str() + "' is no parameter");
      if (!way || (*way != "larger" && *way != "smaller"))
        return fieldError(field, "'" + kv.first.str() + "' must be \"larger\" or \"smaller\"");
      out[kv.first.str()] = way->str();
    }
    return llvm::Error::success();
  }

  llvm::Expected<std::string> string(llvm::StringRef field, bool required = true) const {
    const json::Value *v = root.get(field);
    if (!v) {
      if (!required)
        return std::string();
      return fieldError(field, "missing");
    }
    std::optional<llvm::StringRef> s = v->getAsString();
    if (!s || (required && s->empty()))
      return fieldError(field, "expected a non-empty string");
    return s->str();
  }

  llvm::Expected<std::vector<std::string>> strings(llvm::StringRef field,
                                                   bool required = false) const {
    std::vector<std::string> out;
    const json::Value *v = root.get(field);
    if (!v) {
      if (required)
        return fieldError(field, "missing");
      return out;
    }
    const json::Array *a = v->getAsArray();
    if (!a)
      return fieldError(field, "expected a list of strings");
    for (const json::Value &item : *a) {
      std::optional<llvm::StringRef> s = item.getAsString();
      if (!s)
        return fieldError(field, "expected a list of strings");
      out.push_back(s->str());
    }
    return out;
  }

  /// Checks that `expr` (of `field`; `label` in messages) parses and names
  /// only `known` names.
  llvm::Error usesOnly(llvm::StringRef field, llvm::StringRef label, llvm::StringRef expr,
                       const std::set<std::string> &known) const {
    llvm::Expected<std::vector<std::string>> refs = namesIn(expr);
    if (!refs)
      return fieldError(field, llvm::toString(refs.takeError()));
    for (const std::string &ref : *refs)
      if (!known.count(ref))
        return fieldError(field, "'" + label + "' uses '" + ref + "', which is no parameter");
    return llvm::Error::success();
  }

private:
  std::string path;
  const json::Object &root;
};

std::string kSourceSkills =
#ifdef KS_SOURCE_SKILLS_DIR
    KS_SOURCE_SKILLS_DIR;
#else
    "";
#endif
} // namespace

llvm::Expected<ParamValues> ks::agents::parseParamList(llvm::StringRef text) {
  ParamValues values;
  llvm::SmallVector<llvm::StringRef> items;
  text.split(items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef item : items) {
    auto [name, value] = item.trim().split('=');
    int64_t v = 0;
    if (name.trim().empty() || value.trim().getAsInteger(10, v))
      return llvm::createStringError("bad parameter '" + item.trim().str() +
                                     "': expected NAME=INTEGER");
    values[name.trim()] = v;
  }
  return values;
}

llvm::ArrayRef<llvm::StringRef> ks::agents::numericsLevels() {
  static const llvm::StringRef levels[] = {"exact", "tf32x3", "tf32"};
  return levels;
}

bool ks::agents::precisionAllows(llvm::StringRef policy, llvm::StringRef numerics) {
  auto levels = numericsLevels();
  auto rank = [&](llvm::StringRef level) { return llvm::find(levels, level) - levels.begin(); };
  return rank(numerics) <= rank(policy);
}

std::string ks::agents::outsidePrecision(llvm::StringRef numerics, llvm::StringRef policy) {
  if (precisionAllows(policy, numerics))
    return "";
  return "its numerics (" + numerics.str() + ") are outside the precision policy (" +
         policy.str() + ")";
}

llvm::Error ks::agents::checkPrecision(llvm::StringRef policy) {
  if (llvm::is_contained(numericsLevels(), policy))
    return llvm::Error::success();
  return llvm::createStringError("unknown precision '" + policy.str() + "': expected " +
                                 llvm::join(numericsLevels(), ", "));
}

namespace {
/// The descriptor's plain fields into `s`, and its script's file name.
llvm::Error readFields(const Reader &r, Skill &s, std::string &script) {
  auto take = [](auto expected, auto &into) -> llvm::Error {
    if (!expected)
      return expected.takeError();
    into = std::move(*expected);
    return llvm::Error::success();
  };
  if (llvm::Error e = take(r.string("id"), s.id)) return e;
  if (llvm::Error e = take(r.string("category"), s.category)) return e;
  if (llvm::Error e = take(r.string("summary"), s.summary)) return e;
  if (llvm::Error e = take(r.string("script"), script)) return e;
  if (llvm::Error e = take(r.strings("op_classes", true), s.opClasses)) return e;
  if (llvm::Error e = take(r.strings("applies_when"), s.appliesWhen)) return e;
  if (llvm::Error e = take(r.strings("addresses", true), s.addresses)) return e;
  if (llvm::Error e = take(r.strings("constraints"), s.constraints)) return e;
  if (llvm::Error e = take(r.strings("requires"), s.requires)) return e;
  if (llvm::Error e = take(r.strings("choose"), s.chooses)) return e;
  if (llvm::Error e = take(r.strings("folds_producers_when"), s.foldsProducersWhen)) return e;
  if (llvm::Error e = take(r.strings("pitfalls"), s.pitfalls)) return e;
  if (llvm::Error e = take(r.string("test"), s.test)) return e;
  if (llvm::Error e = take(r.string("falls_back_to", /*required=*/false), s.fallsBackTo))
    return e;
  std::string numerics;
  if (llvm::Error e = take(r.string("numerics", /*required=*/false), numerics))
    return e;
  if (!numerics.empty()) {
    if (!llvm::is_contained(numericsLevels(), numerics))
      return r.fieldError("numerics", "'" + numerics + "' is not one of " +
                                          llvm::join(numericsLevels(), ", "));
    s.numerics = numerics;
  }
  return llvm::Error::success();
}

/// The parameters (sorted by name), each with its allowed values and its
/// default, into `s`.
llvm::Error readParams(const Reader &r, const json::Object &root, Skill &s) {
  // A skill may have no parameters (a rewrite, a draft), but says so: {}.
  const json::Object *params = root.getObject("params");
  if (!params)
    return r.fieldError("params", "expected an object NAME -> [allowed integers]");
  std::vector<std::string> names;
  for (const auto &kv : *params)
    names.push_back(kv.first.str());
  std::sort(names.begin(), names.end());
  for (const std::string &name : names) {
    const json::Array *values = params->getArray(name);
    std::vector<int64_t> allowed;
    for (const json::Value &v : values ? *values : json::Array()) {
      std::optional<int64_t> i = v.getAsInteger();
      if (!i)
        return r.fieldError("params", "'" + name + "' must list integers");
      allowed.push_back(*i);
    }
    if (allowed.empty())
      return r.fieldError("params", "'" + name + "' must list its allowed integers");
    s.params.push_back({name, allowed});
  }
  const json::Object *defaults = root.getObject("defaults");
  if (!defaults)
    return r.fieldError("defaults", "missing: every parameter needs a default");
  for (const auto &[name, allowed] : s.params) {
    std::optional<int64_t> d = defaults->getInteger(name);
    if (!d)
      return r.fieldError("defaults", "no integer default for '" + name + "'");
    if (!llvm::is_contained(allowed, *d))
      return r.fieldError("defaults", "'" + name + "' = " + std::to_string(*d) +
                                          " is not among its allowed values");
    s.defaults[name] = *d;
  }
  return llvm::Error::success();
}

/// The optional fields over the parameters (derived, prefer, repairs) and
/// the expected metric moves, into `s`.
llvm::Error readHints(const Reader &r, const json::Object &root, Skill &s) {
  const json::Object &params = *root.getObject("params");
  if (const json::Array *derived = root.getArray("derived")) {
    for (const json::Value &item : *derived) {
      const json::Object *o = item.getAsObject();
      std::optional<llvm::StringRef> name = o ? o->getString("name") : std::nullopt;
      std::optional<llvm::StringRef> expr = o ? o->getString("expr") : std::nullopt;
      if (!name || !expr)
        return r.fieldError("derived", "expected a list of {\"name\", \"expr\"}");
      s.derived.push_back({name->str(), expr->str()});
    }
  } else if (root.get("derived")) {
    return r.fieldError("derived", "expected a list of {\"name\", \"expr\"}");
  }
  if (const json::Value *prefer = root.get("prefer")) {
    const json::Object *o = prefer->getAsObject();
    if (!o)
      return r.fieldError("prefer", "expected an object PARAM -> \"larger\" | \"smaller\"");
    if (llvm::Error err = r.directions("prefer", *o, params, s.prefer))
      return err;
  }
  if (const json::Value *repairs = root.get("repairs")) {
    const json::Object *o = repairs->getAsObject();
    const char *shape = "expected an object FAILURE -> {PARAM: \"larger\" | \"smaller\"} "
                        "(FAILURE: shared_memory_overflow, register_spills, "
                        "registers_limit_occupancy)";
    if (!o)
      return r.fieldError("repairs", shape);
    for (const auto &kind : *o) {
      const json::Object *moves = kind.second.getAsObject();
      if (!llvm::is_contained({"shared_memory_overflow", "register_spills",
                               "registers_limit_occupancy"},
                              kind.first) ||
          !moves || moves->empty())
        return r.fieldError("repairs", shape);
      if (llvm::Error err = r.directions("repairs", *moves, params, s.repairs[kind.first.str()]))
        return err;
    }
  }
  if (const json::Value *expected = root.get("expected")) {
    if (!expected->getAsObject())
      return r.fieldError("expected", "expected an object METRIC -> \"up\" | \"down\"");
    s.expected = *expected->getAsObject();
    for (const auto &kv : s.expected) {
      std::optional<llvm::StringRef> way = kv.second.getAsString();
      if (!way || (*way != "up" && *way != "down"))
        return r.fieldError("expected", "'" + kv.first.str() + "' must be \"up\" or \"down\"");
    }
  }
  return llvm::Error::success();
}

/// Checks that the expressions parse and name only parameters (or, for
/// applies_when, features, which are checked when a dispatch is at hand);
/// the parameters and derived names into `known`.
llvm::Error checkExpressions(const Reader &r, const Skill &s, std::set<std::string> &known) {
  for (const auto &p : s.params)
    known.insert(p.first);
  for (const auto &[name, expr] : s.derived) {
    if (llvm::Error err = r.usesOnly("derived", name, expr, known))
      return err;
    known.insert(name);
  }
  for (const std::string &c : s.constraints)
    if (llvm::Error err = r.usesOnly("constraints", c, c, known))
      return err;
  for (const std::string &c : s.foldsProducersWhen)
    if (llvm::Error err = r.usesOnly("folds_producers_when", c, c, known))
      return err;
  for (const std::string &c : s.appliesWhen)
    if (llvm::Expected<std::vector<std::string>> refs = namesIn(c); !refs)
      return r.fieldError("applies_when", llvm::toString(refs.takeError()));
  for (const std::string &c : s.requires)
    if (llvm::Expected<std::vector<std::string>> refs = namesIn(c); !refs)
      return r.fieldError("requires", llvm::toString(refs.takeError()));
  for (const std::string &c : s.chooses)
    if (llvm::Expected<std::vector<std::string>> refs = namesIn(c); !refs)
      return r.fieldError("choose", llvm::toString(refs.takeError()));
  return llvm::Error::success();
}

/// The script `script` next to the descriptor in `dir` into `s`: present,
/// and every ${NAME} in it one of `known`.
llvm::Error readScript(const Reader &r, llvm::StringRef dir, llvm::StringRef script,
                       const std::set<std::string> &known, Skill &s) {
  llvm::SmallString<256> scriptPath(dir);
  llvm::sys::path::append(scriptPath, script);
  auto scriptBuffer = llvm::MemoryBuffer::getFile(scriptPath);
  if (!scriptBuffer)
    return r.fieldError("script", "cannot read " + scriptPath.str().str() + ": " +
                                      scriptBuffer.getError().message());
  s.scriptPath = scriptPath.str().str();
  s.scriptText = (*scriptBuffer)->getBuffer().str();
  if (!llvm::StringRef(s.scriptText).contains("@apply"))
    return r.fieldError("script", s.scriptPath + " defines no transform.named_sequence @apply");
  llvm::StringRef rest = s.scriptText;
  while (true) {
    size_t at = rest.find("${");
    if (at == llvm::StringRef::npos)
      break;
    size_t end = rest.find('}', at);
    if (end == llvm::StringRef::npos)
      return r.fieldError("script", "unterminated '${' in " + s.scriptPath);
    std::string name = rest.slice(at + 2, end).str();
    if (!known.count(name))
      return r.fieldError("script", "${" + name + "} in " + s.scriptPath +
                                        " is no parameter");
    rest = rest.substr(end + 1);
  }
  return llvm::Error::success();
}
} // namespace

llvm::Expected<Skill> ks::agents::loadSkill(llvm::StringRef descriptorPath) {
  auto buffer = llvm::MemoryBuffer::getFile(descriptorPath);
  if (!buffer)
    return llvm::createStringError(descriptorPath + ": cannot read: " +
                                   buffer.getError().message());
  llvm::Expected<json::Value> parsed = ks::parseJson((*buffer)->getBuffer());
  if (!parsed)
    return llvm::createStringError(descriptorPath + ": not valid JSON: " +
                                   llvm::toString(parsed.takeError()));
  const json::Object *root = parsed->getAsObject();
  if (!root)
    return llvm::createStringError(descriptorPath + ": expected a JSON object");
  Reader r(descriptorPath, *root);
  Skill s;
  s.descriptorPath = descriptorPath.str();

  std::string script;
  if (llvm::Error e = readFields(r, s, script))
    return std::move(e);
  // The directory must be named after the id: one place to look for it.
  llvm::StringRef dir = llvm::sys::path::parent_path(descriptorPath);
  if (llvm::sys::path::filename(dir) != s.id)
    return r.fieldError("id", "'" + s.id + "' does not match its directory '" +
                                  llvm::sys::path::filename(dir).str() + "'");
  if (llvm::Error e = readParams(r, *root, s))
    return std::move(e);
  if (llvm::Error e = readHints(r, *root, s))
    return std::move(e);
  std::set<std::string> known;
  if (llvm::Error e = checkExpressions(r, s, known))
    return std::move(e);
  if (llvm::Error e = readScript(r, dir, script, known, s))
    return std::move(e);
  return s;
}

llvm::Expected<ParamValues> Skill::resolve(const ParamValues &given) const {
  ParamValues values;
  for (const auto &kv : given) {
    if (llvm::any_of(params, [&](const auto &p) { return p.first == kv.first(); }))
      continue;
    auto d = llvm::find_if(derived, [&](const auto &n) { return n.first == kv.first(); });
    if (d != derived.end())
      return llvm::createStringError("skill " + id + ": '" + kv.first().str() +
                                     "' is derived (" + d->second +
                                     "), not a parameter a plan sets");
    return llvm::createStringError("skill " + id + " has no parameter '" +
                                   kv.first().str() + "'");
  }
  for (const auto &[name, allowed] : params) {
    auto it = given.find(name);
    int64_t v = it != given.end() ? it->second : defaults.lookup(name);
    if (!llvm::is_contained(allowed, v))
      return llvm::createStringError("skill " + id + ": " + name + " = " +
                                     std::to_string(v) +
                                     " is outside its allowed values");
    values[name] = v;
  }
  for (const auto &[name, expr] : derived) {
    llvm::Expected<int64_t> v = evaluate(expr, values);
    if (!v)
      return llvm::createStringError("skill " + id + ": " + name + ": " +
                                     llvm::toString(v.takeError()));
    values[name] = *v;
  }
  for (const std::string &c : constraints) {
    llvm::Expected<int64_t> v = evaluate(c, values);
    if (!v)
      return v.takeError();
    if (!*v)
      return llvm::createStringError("skill " + id + ": constraint '" + c +
                                     "' does not hold");
  }
  return values;
}

llvm::Expected<std::string> Skill::instantiate(const ParamValues &values) const {
  std::string out;
  llvm::StringRef rest = scriptText;
  while (true) {
    size_t at = rest.find("${");
    if (at == llvm::StringRef::npos) {
      out += rest.str();
      return out;
    }
    size_t end = rest.find('}', at);
    std::string name = rest.slice(at + 2, end).str();
    auto it = values.find(name);
    if (it == values.end())
      return llvm::createStringError("skill " + id + ": no value for ${" + name + "}");
    out += rest.substr(0, at).str() + std::to_string(it->second);
    rest = rest.substr(end + 1);
  }
}

namespace {
/// A skill's `falls_back_to` names another skill of the library with the
/// same parameters (a step's values must mean the same to both).
llvm::Error checkFallback(const SkillLibrary &lib, const Skill &s) {
  if (s.fallsBackTo.empty())
    return llvm::Error::success();
  auto names = [](const Skill &k) {
    std::vector<std::string> n;
    for (const auto &p : k.params)
      n.push_back(p.first);
    std::sort(n.begin(), n.end());
    return n;
  };
  const Skill *other = lib.find(s.fallsBackTo);
  if (!other || other->id == s.id)
    return llvm::createStringError(s.descriptorPath + ": field 'falls_back_to': '" +
                                   s.fallsBackTo + "' is no other skill of the library");
  if (names(*other) != names(s))
    return llvm::createStringError(s.descriptorPath + ": field 'falls_back_to': '" +
                                   s.fallsBackTo + "' takes other parameters");
  return llvm::Error::success();
}
} // namespace

llvm::Expected<SkillLibrary> SkillLibrary::load(llvm::ArrayRef<std::string> roots) {
  SkillLibrary lib;
  for (const std::string &root : roots) {
    if (!llvm::sys::fs::is_directory(root))
      return llvm::createStringError("skill directory " + root + " does not exist");
    lib.rootDirs.push_back(root);
    std::error_code ec;
    std::vector<std::string> descriptors;
    for (llvm::sys::fs::directory_iterator it(root, ec), end; it != end && !ec;
         it.increment(ec)) {
      llvm::SmallString<256> descriptor(it->path());
      llvm::sys::path::append(descriptor, "skill.json");
      if (llvm::sys::fs::exists(descriptor))
        descriptors.push_back(descriptor.str().str());
    }
    if (ec)
      return llvm::createStringError("cannot list " + root + ": " + ec.message());
    std::sort(descriptors.begin(), descriptors.end());
    for (const std::string &d : descriptors) {
      llvm::Expected<Skill> skill = loadSkill(d);
      if (!skill)
        return skill.takeError();
      if (const Skill *other = lib.find(skill->id))
        return llvm::createStringError(d + ": field 'id': '" + skill->id +
                                       "' is already defined by " +
                                       other->descriptorPath);
      lib.all.push_back(std::move(*skill));
    }
  }
  for (const Skill &s : lib.all)
    if (llvm::Error err = checkFallback(lib, s))
      return std::move(err);
  return lib;
}

std::vector<std::string> SkillLibrary::defaultRoots() {
  std::vector<std::string> roots;
  if (const char *env = std::getenv("KS_SKILL_PATH")) {
    llvm::SmallVector<llvm::StringRef> parts;
    llvm::StringRef(env).split(parts, ':', -1, false);
    for (llvm::StringRef p : parts)
      roots.push_back(p.str());
    return roots;
  }
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, &anchor);
  // Beside the tool, then beside the library this code is in: a program
  // that loads libKernelSkill.so (PyTorch through the C API) is no tool of
  // ours, and the bundle's skills sit at lib/../skills.
  llvm::SmallVector<std::string, 2> binaries = {exe};
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&SkillLibrary::defaultRoots), &info) && info.dli_fname)
    binaries.push_back(info.dli_fname);
  for (const std::string &binary : binaries) {
    llvm::SmallString<256> dir = llvm::sys::path::parent_path(binary);
    for (const char *up : {"..", "../.."}) {
      llvm::SmallString<256> candidate(dir);
      llvm::sys::path::append(candidate, up, "skills");
      if (llvm::sys::fs::is_directory(candidate)) {
        llvm::sys::fs::real_path(candidate, candidate);
        return {candidate.str().str()};
      }
    }
  }
  if (!kSourceSkills.empty() && llvm::sys::fs::is_directory(kSourceSkills))
    return {kSourceSkills};
  return roots;
}

std::vector<std::string> SkillLibrary::rootsFrom(llvm::StringRef option) {
  if (option.empty())
    return defaultRoots();
  std::vector<std::string> roots;
  llvm::SmallVector<llvm::StringRef> parts;
  option.split(parts, ',', -1, false);
  for (llvm::StringRef p : parts)
    roots.push_back(p.trim().str());
  return roots;
}

const Skill *SkillLibrary::find(llvm::StringRef id) const {
  for (const Skill &s : all)
    if (s.id == id)
      return &s;
  return nullptr;
}

llvm::StringMap<int64_t>
ks::agents::featureVariables(const json::Object &features) {
  llvm::StringMap<int64_t> vars;
  for (const auto &kv : features) {
    if (std::optional<int64_t> i = kv.second.getAsInteger())
      vars[kv.first] = *i;
    else if (std::optional<bool> b = kv.second.getAsBoolean())
      vars[kv.first] = *b;
  }
  if (const json::Array *ranges = features.getArray("loop_ranges"))
    for (auto [i, r] : llvm::enumerate(*ranges))
      if (std::optional<int64_t> v = r.getAsInteger()) {
        vars["loop_range_" + std::to_string(i)] = *v;
        // The innermost loop, whatever the rank (a scan's length).
        vars["loop_range_last"] = *v;
      }
  // Which loop walks each operand's contiguous dim: a transpose's
  // operand_0_innermost_loop_dim says which two loops it swaps.
  if (const json::Array *operands = features.getArray("operands"))
    for (auto [i, operand] : llvm::enumerate(*operands))
      if (const json::Object *o = operand.getAsObject())
        if (std::optional<int64_t> d = o->getInteger("innermost_loop_dim"))
          vars["operand_" + std::to_string(i) + "_innermost_loop_dim"] = *d;
  // Counts the features print only when nonzero.
  vars.try_emplace("padded_inputs", 0);
  return vars;
}

namespace {
/// The dispatch's feature variables with a choice's parameters beside them.
llvm::StringMap<int64_t> withParams(const llvm::StringMap<int64_t> &features,
                                    const ParamValues &values) {
  llvm::StringMap<int64_t> vars = features;
  for (const auto &kv : values)
    vars[kv.first()] = kv.second;
  return vars;
}
} // namespace

bool ks::agents::meetsRequirements(const Skill &skill, const ParamValues &values,
                                   const llvm::StringMap<int64_t> &features, std::string *why) {
  return allHold(skill.requires, withParams(features, values), why);
}

bool ks::agents::meetsChoiceRules(const Skill &skill, const ParamValues &values,
                                  const llvm::StringMap<int64_t> &features) {
  return allHold(skill.chooses, withParams(features, values));
}
