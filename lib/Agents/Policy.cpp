//===- Policy.cpp - Long-term memory: the decision policy -----------------===//

#include "ks/Agents/Policy.h"

#include "ks/Skills/Expr.h"
#include "ks/Support/Json.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace ks::agents;
namespace json = llvm::json;

namespace {
llvm::Error fieldError(llvm::StringRef path, const llvm::Twine &field,
                       const llvm::Twine &what) {
  return llvm::createStringError(path.str() + ": field '" + field.str() + "': " + what.str());
}

/// A list of strings at `o[key]` (absent: empty), or an error.
llvm::Error strings(llvm::StringRef path, const json::Object &o, llvm::StringRef key,
                    const llvm::Twine &field, std::vector<std::string> &out) {
  const json::Value *v = o.get(key);
  if (!v)
    return llvm::Error::success();
  const json::Array *a = v->getAsArray();
  if (!a)
    return fieldError(path, field, "expected a list of strings");
  for (const json::Value &item : *a) {
    std::optional<llvm::StringRef> s = item.getAsString();
    if (!s)
      return fieldError(path, field, "expected a list of strings");
    out.push_back(s->str());
  }
  return llvm::Error::success();
}

/// Calls `parse(field, entry, name)` on each entry of the list `root[key]`,
/// objects with a "name"; `field` ("key[i]") locates the entry's errors, and
/// `needs` says what an entry without a name lacks. The list must be there
/// and, unless `mayBeEmpty`, not empty: else `expected` is the error.
llvm::Error forEachNamed(
    llvm::StringRef path, const json::Object &root, llvm::StringRef key,
    bool mayBeEmpty, llvm::StringRef expected, llvm::StringRef needs,
    llvm::function_ref<llvm::Error(const std::string &field, const json::Object &entry,
                                   llvm::StringRef name)>
        parse) {
  const json::Array *list = root.getArray(key);
  if (!list || (!mayBeEmpty && list->empty()))
    return fieldError(path, key, expected);
  for (auto [i, value] : llvm::enumerate(*list)) {
    std::string field = key.str() + "[" + std::to_string(i) + "]";
    const json::Object *o = value.getAsObject();
    std::optional<llvm::StringRef> name = o ? o->getString("name") : std::nullopt;
    if (!name)
      return fieldError(path, field, needs);
    if (llvm::Error e = parse(field, *o, *name))
      return e;
  }
  return llvm::Error::success();
}

llvm::Error checkExpressions(llvm::StringRef path, const llvm::Twine &field,
                             const std::vector<std::string> &exprs) {
  for (const std::string &e : exprs)
    if (llvm::Expected<std::vector<std::string>> names = namesIn(e); !names)
      return fieldError(path, field, llvm::toString(names.takeError()));
  return llvm::Error::success();
}

/// The non-empty list `root[key]` of entries {"name", `listKey`: [strings]}
/// (the bottlenecks, the structures) into `out`; with `expressions`, the
/// strings must parse as expressions.
template <typename Entry>
llvm::Error readNamedLists(llvm::StringRef path, const json::Object &root,
                           llvm::StringRef key, llvm::StringRef listKey,
                           llvm::StringRef expected, bool expressions,
                           std::vector<Entry> &out) {
  return forEachNamed(
      path, root, key, /*mayBeEmpty=*/false, expected, "needs a \"name\"",
      [&](const std::string &field, const json::Object &o,
          llvm::StringRef name) -> llvm::Error {
        std::string listField = field + "." + listKey.str();
        std::vector<std::string> list;
        if (llvm::Error err = strings(path, o, listKey, listField, list))
          return err;
        if (expressions)
          if (llvm::Error err = checkExpressions(path, listField, list))
            return err;
        out.push_back(Entry{name.str(), std::move(list)});
        return llvm::Error::success();
      });
}

/// Whether `list` (tiers, bottlenecks or structures) has one named `name`.
template <typename List> bool known(const List &list, llvm::StringRef name) {
  return llvm::any_of(list, [&](const auto &x) { return x.name == name; });
}

/// The case `o` (`field` in errors) of the policy `p` read so far, its
/// names checked against `p` and `library`.
llvm::Expected<Policy::Case> parseCase(llvm::StringRef path, const std::string &field,
                                       const json::Object &o, llvm::StringRef name,
                                       const Policy &p, const SkillLibrary &library) {
  Policy::Case k;
  k.name = name.str();
  k.why = o.getString("why").value_or("").str();
  for (auto [key, into] :
       {std::pair{"tiers", &k.tiers}, {"structures", &k.structures},
        {"bottlenecks", &k.bottlenecks}, {"when", &k.when},
        {"allow", &k.allow}, {"forbid", &k.forbid}})
    if (llvm::Error e = strings(path, o, key, field + "." + key, *into))
      return std::move(e);
  for (const std::string &t : k.tiers)
    if (!known(p.tiers, t))
      return fieldError(path, field + ".tiers", "unknown tier '" + t + "'");
  for (const std::string &s : k.structures)
    if (!known(p.structures, s))
      return fieldError(path, field + ".structures", "unknown structure '" + s + "'");
  // "none": no signature matched.
  for (const std::string &b : k.bottlenecks)
    if (b != "none" && !known(p.bottlenecks, b))
      return fieldError(path, field + ".bottlenecks", "unknown bottleneck '" + b + "'");
  for (const std::string &s : k.allow)
    if (!library.find(s))
      return fieldError(path, field + ".allow", "unknown skill '" + s + "'");
  for (const std::string &s : k.forbid)
    if (s != "*" && !library.find(s))
      return fieldError(path, field + ".forbid", "unknown skill '" + s + "'");
  if (llvm::Error e = checkExpressions(path, field + ".when", k.when))
    return std::move(e);
  if (const json::Value *start = o.get("start")) {
    const json::Object *bySkill = start->getAsObject();
    if (!bySkill)
      return fieldError(path, field + ".start", "expected {\"SKILL\": {\"PARAM\": value}}");
    for (const auto &[id, values] : *bySkill) {
      std::string at = field + ".start." + id.str();
      if (!llvm::is_contained(k.allow, id.str()))
        return fieldError(path, at, "'" + id.str() + "' is not allowed by the case");
      const Skill *skill = library.find(id);
      const json::Object *given = values.getAsObject();
      if (!given)
        return fieldError(path, at, "expected {\"PARAM\": value}");
      ParamValues &into = k.start[id.str()];
      for (const auto &[param, v] : *given) {
        auto space = llvm::find_if(skill->params, [&](const auto &q) { return q.first == param; });
        std::optional<int64_t> n = v.getAsInteger();
        if (space == skill->params.end())
          return fieldError(path, at, "'" + param.str() + "' is no parameter of " + id.str());
        if (!n || !llvm::is_contained(space->second, *n))
          return fieldError(path, at + "." + param.str(), "not one of the allowed values");
        into[param] = *n;
      }
    }
  }
  return k;
}
} // namespace

llvm::Expected<Policy> Policy::load(llvm::StringRef path, const SkillLibrary &library) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError(path.str() + ": cannot read: " +
                                   buffer.getError().message());
  llvm::Expected<json::Value> parsed = ks::parseJson((*buffer)->getBuffer());
  if (!parsed)
    return llvm::createStringError(path.str() + ": not valid JSON: " +
                                   llvm::toString(parsed.takeError()));
  const json::Object *root = parsed->getAsObject();
  if (!root)
    return llvm::createStringError(path.str() + ": expected a JSON object");
  Policy p;
  p.path = path.str();

  if (llvm::Error e = forEachNamed(
          path, *root, "headroom_tiers", /*mayBeEmpty=*/false,
          "expected a list of {name, speed_of_light_below}",
          "needs \"name\" and \"speed_of_light_below\"",
          [&](const std::string &field, const json::Object &o,
              llvm::StringRef name) -> llvm::Error {
            std::optional<double> below = o.getNumber("speed_of_light_below");
            if (!below)
              return fieldError(path, field, "needs \"name\" and \"speed_of_light_below\"");
            if (!p.tiers.empty() && *below <= p.tiers.back().speedOfLightBelow)
              return fieldError(path, field, "tiers must be in increasing speed_of_light_below");
            p.tiers.push_back({name.str(), *below});
            return llvm::Error::success();
          }))
    return std::move(e);

  if (llvm::Error e = readNamedLists(path, *root, "bottlenecks", "when",
                                     "expected a list of {name, when}",
                                     /*expressions=*/true, p.bottlenecks))
    return std::move(e);
  if (llvm::Error e = readNamedLists(path, *root, "structures", "op_classes",
                                     "expected a list of {name, op_classes}",
                                     /*expressions=*/false, p.structures))
    return std::move(e);

  if (llvm::Error e = forEachNamed(
          path, *root, "cases", /*mayBeEmpty=*/true, "expected a list of cases",
          "needs a \"name\"",
          [&](const std::string &field, const json::Object &o,
              llvm::StringRef name) -> llvm::Error {
            llvm::Expected<Case> k = parseCase(path, field, o, name, p, library);
            if (!k)
              return k.takeError();
            p.cases.push_back(std::move(*k));
            return llvm::Error::success();
          }))
    return std::move(e);

  // What skills say they address must be a bottleneck the policy knows.
  for (const Skill &s : library.skills())
    for (const std::string &b : s.addresses)
      if (!known(p.bottlenecks, b))
        return llvm::createStringError(s.descriptorPath + ": field 'addresses': '" + b +
                                       "' is no bottleneck of " + p.path);
  return p;
}

llvm::Expected<Policy> Policy::loadFor(const SkillLibrary &library, llvm::StringRef path) {
  if (!path.empty())
    return load(path, library);
  if (library.roots().empty())
    return llvm::createStringError("no skill directory to find policy.json in");
  llvm::SmallString<256> p(library.roots().front());
  llvm::sys::path::append(p, "policy.json");
  return load(p, library);
}
