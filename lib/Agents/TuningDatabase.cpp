//===- TuningDatabase.cpp - Winners remembered across compiles ------------===//

#include "ks/Agents/TuningDatabase.h"

#include "ks/Support/Json.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

using namespace ks::agents;
namespace json = llvm::json;

json::Object TuningRecord::toJson() const {
  json::Object p;
  for (const auto &kv : params)
    p[kv.first().str()] = kv.second;
  json::Object o{{"signature", signature}, {"chip", chip},
                 {"skill", skill.empty() ? json::Value(nullptr) : json::Value(skill)},
                 {"params", std::move(p)}, {"source", source},
                 {"seed_us", seedUs}, {"tuned_us", tunedUs},
                 {"rounds", rounds}, {"module", module}};
  if (!note.empty())
    o["note"] = note;
  return o;
}

llvm::Expected<TuningRecord> TuningRecord::fromJson(const json::Value &v,
                                                   llvm::StringRef where) {
  auto bad = [&](const llvm::Twine &what) {
    return llvm::createStringError(where + what);
  };
  const json::Object *o = v.getAsObject();
  if (!o)
    return bad(" must be an object");
  TuningRecord r;
  if (const char *key = ks::copyNonEmptyStrings(
          *o, {{"signature", &r.signature}, {"chip", &r.chip}, {"source", &r.source}}))
    return bad(llvm::Twine(": field '") + key + "' must be a non-empty string");
  if (r.source != "gpu" && r.source != "model")
    return bad(": field 'source' must be \"gpu\" or \"model\"");
  const json::Value *skill = o->get("skill");
  if (!skill || (!skill->getAsNull() && !skill->getAsString()))
    return bad(": field 'skill' must be a skill id or null");
  if (std::optional<llvm::StringRef> s = skill->getAsString())
    r.skill = s->str();
  if (const json::Object *p = o->getObject("params"))
    for (const auto &kv : *p) {
      std::optional<int64_t> n = kv.second.getAsInteger();
      if (!n)
        return bad(": field 'params." + kv.first.str() + "' must be an integer");
      r.params[kv.first.str()] = *n;
    }
  r.seedUs = o->getNumber("seed_us").value_or(0);
  r.tunedUs = o->getNumber("tuned_us").value_or(0);
  r.rounds = o->getInteger("rounds").value_or(0);
  r.module = o->getString("module").value_or("").str();
  r.note = o->getString("note").value_or("").str();
  return r;
}

/// Each element of `list`, the field `field` of a database, as a T (a
/// record or a calibration sample) appended to `out`.
template <typename T>
static llvm::Error parseEach(const json::Array &list, llvm::StringRef field,
                             std::vector<T> &out) {
  for (auto [i, v] : llvm::enumerate(list)) {
    llvm::Expected<T> item = T::fromJson(v, llvm::formatv("{0}[{1}]", field, i).str());
    if (!item)
      return item.takeError();
    out.push_back(std::move(*item));
  }
  return llvm::Error::success();
}

llvm::Error TuningDatabase::parseInto(llvm::StringRef path, std::vector<TuningRecord> &out,
                                      std::vector<CalibrationSample> &samples) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    if (buffer.getError() == std::errc::no_such_file_or_directory)
      return llvm::Error::success();
    return llvm::createStringError("cannot read the tuning database " + path + ": " +
                                   buffer.getError().message());
  }
  auto bad = [&](const llvm::Twine &what) {
    return llvm::createStringError("tuning database " + path + ": " + what);
  };
  llvm::Expected<json::Value> value = ks::parseJson((*buffer)->getBuffer());
  if (!value)
    return bad("not JSON: " + llvm::toString(value.takeError()));
  const json::Object *root = value->getAsObject();
  const json::Array *list = root ? root->getArray("records") : nullptr;
  if (!list)
    return bad("field 'records' must be an array");
  if (llvm::Error err = parseEach(*list, "records", out))
    return bad(llvm::toString(std::move(err)));
  if (const json::Value *cal = root->get("calibration")) {
    const json::Array *list = cal->getAsArray();
    if (!list)
      return bad("field 'calibration' must be an array");
    if (llvm::Error err = parseEach(*list, "calibration", samples))
      return bad(llvm::toString(std::move(err)));
  }
  return llvm::Error::success();
}

llvm::Expected<TuningDatabase> TuningDatabase::open(llvm::StringRef path) {
  TuningDatabase db;
  db.file = path.str();
  db.sqlite = isSqlite(path);
  if (llvm::Error err = db.sqlite ? readSqlite(path, db.records, db.calibration)
                                  : parseInto(path, db.records, db.calibration))
    return std::move(err);
  return db;
}

const TuningRecord *TuningDatabase::lookup(llvm::StringRef signature, llvm::StringRef chip,
                                           bool measuredOnly) const {
  for (const TuningRecord &r : records)
    if (r.signature == signature && r.chip == chip && (!measuredOnly || r.source == "gpu"))
      return &r;
  return nullptr;
}

namespace {
/// Adds `r` to `records`, replacing the record for the same dispatch and
/// chip unless that one was measured and `r` is an estimate.
void merge(std::vector<TuningRecord> &records, const TuningRecord &r) {
  for (TuningRecord &old : records)
    if (old.signature == r.signature && old.chip == r.chip) {
      if (!(old.source == "gpu" && r.source == "model"))
        old = r;
      return;
    }
  records.push_back(r);
}
} // namespace

void TuningDatabase::record(TuningRecord r) { merge(records, r); }

namespace {
void mergeSample(std::vector<CalibrationSample> &samples, const CalibrationSample &s) {
  if (llvm::none_of(samples, [&](const CalibrationSample &old) { return old.sameAs(s); }))
    samples.push_back(s);
}
} // namespace

llvm::Error TuningDatabase::save() const {
  if (sqlite)
    return saveSqlite(file, records, calibration);
  // Whatever another compile saved since this one opened the file stays,
  // unless this one knows better about the same dispatch.
  std::vector<TuningRecord> now;
  std::vector<CalibrationSample> samplesNow;
  if (llvm::Error err = parseInto(file, now, samplesNow))
    return err;
  for (const TuningRecord &r : records)
    merge(now, r);
  for (const CalibrationSample &s : calibration)
    mergeSample(samplesNow, s);
  json::Array list, samples;
  for (const TuningRecord &r : now)
    list.push_back(r.toJson());
  json::Object root{{"version", 1}, {"records", std::move(list)}};
  if (!samplesNow.empty()) {
    for (const CalibrationSample &s : samplesNow)
      samples.push_back(s.toJson());
    root["calibration"] = std::move(samples);
  }
  if (llvm::Error err = llvm::writeToOutput(file, [&](llvm::raw_ostream &os) {
        os << llvm::formatv("{0:2}", json::Value(std::move(root))) << "\n";
        return llvm::Error::success();
      }))
    return llvm::createStringError("cannot write the tuning database " + file + ": " +
                                   llvm::toString(std::move(err)));
  return llvm::Error::success();
}

/// `text` with every SSA name (%name) replaced by %0, %1, ... in order of
/// first appearance.
static std::string canonicalValueNames(llvm::StringRef text) {
  llvm::StringMap<unsigned> numbers;
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (text[i] != '%') {
      out += text[i++];
      continue;
    }
    size_t end = i + 1;
    while (end < text.size() && (llvm::isAlnum(text[end]) || text[end] == '_'))
      ++end;
    unsigned number = numbers.try_emplace(text.slice(i + 1, end), numbers.size()).first->second;
    out += "%" + std::to_string(number);
    i = end;
  }
  return out;
}

std::string ks::agents::dispatchSignature(mlir::Operation *dispatch) {
  // The printed op says everything that makes its kernel: op name, indexing
  // maps, iterators, body, operand types. Its id and location do not.
  mlir::NamedAttrList saved(dispatch->getAttrDictionary());
  for (mlir::NamedAttribute a : saved)
    if (a.getName().getValue().starts_with("ks."))
      dispatch->removeAttr(a.getName());
  std::string text;
  llvm::raw_string_ostream os(text);
  dispatch->print(os, mlir::OpPrintingFlags().printGenericOpForm().useLocalScope());
  dispatch->setAttrs(saved.getDictionary(dispatch->getContext()));
  // Which values it reads and writes is not what it is: results, operands
  // and block arguments print with names numbered in the function
  // ("%4 = ...(%1, %arg2, %5)", "^bb0(%arg248: f32"), which differ between
  // the identical layers of a model. The operand list goes, and the other
  // names are renumbered in order of appearance.
  llvm::StringRef op = llvm::StringRef(text).drop_until([](char c) { return c == '"'; });
  size_t open = op.find('('), close = op.find(')');
  std::string withoutOperands =
      open < close && close != llvm::StringRef::npos
          ? (op.take_front(open) + op.drop_front(close + 1)).str()
          : op.str();
  std::string body = canonicalValueNames(withoutOperands);
  std::string prefix = dispatch->getName().getStringRef().str();
  for (mlir::Type t : dispatch->getOperandTypes()) {
    std::string s;
    llvm::raw_string_ostream ts(s);
    t.print(ts);
    prefix += ":" + s;
  }
  // memref<2048x2048xf32> -> 2048x2048xf32: shorter, same meaning here.
  std::string readable;
  for (llvm::StringRef part : llvm::split(prefix, ':')) {
    part.consume_front("memref<");
    part.consume_front("tensor<");
    part.consume_back(">");
    readable += (readable.empty() ? "" : ":") + part.str();
  }
  return readable + "#" + llvm::utohexstr(llvm::xxh3_64bits(body), /*LowerCase=*/true, 16);
}
