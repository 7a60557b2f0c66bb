//===- DeviceTable.cpp - What the cost model knows of each GPU ------------===//

#include "ks/Agents/DeviceTable.h"

#include "ks/Support/Json.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace ks::agents;
namespace json = llvm::json;

namespace {
/// Reads the fields of one device, naming the first one that is missing or
/// wrong.
class DeviceReader {
public:
  DeviceReader(const json::Object &o, std::string where) : o(o), where(std::move(where)) {}

  std::string text(llvm::StringRef key) {
    if (std::optional<llvm::StringRef> s = o.getString(key); s && !s->empty())
      return s->str();
    fail(key, "a non-empty string");
    return "";
  }
  double positive(llvm::StringRef key) {
    if (std::optional<double> d = o.getNumber(key); d && *d > 0)
      return *d;
    fail(key, "a positive number");
    return 0;
  }
  int64_t count(llvm::StringRef key) { return int64_t(positive(key)); }
  llvm::StringMap<double> rates(llvm::StringRef key) {
    llvm::StringMap<double> out;
    const json::Object *r = o.getObject(key);
    if (!r || !r->getNumber("f32")) {
      fail(key, "an object of GFLOP/s by unit with at least \"f32\"");
      return out;
    }
    for (const auto &kv : *r) {
      std::optional<double> d = kv.second.getAsNumber();
      if (!d || *d <= 0)
        fail((key + "." + kv.first.str()).str(), "a positive number");
      else
        out[kv.first.str()] = *d;
    }
    return out;
  }
  llvm::Error take() {
    return error.empty() ? llvm::Error::success() : llvm::createStringError(error);
  }

private:
  const json::Object &o;
  std::string where, error;
  void fail(llvm::StringRef key, llvm::StringRef what) {
    if (error.empty())
      error = llvm::formatv("{0}: field '{1}' must be {2}", where, key, what).str();
  }
};
} // namespace

llvm::Expected<DeviceTable> DeviceTable::load(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError("cannot read " + path + ": " + buffer.getError().message());
  llvm::Expected<json::Value> value = ks::parseJson((*buffer)->getBuffer());
  if (!value)
    return llvm::createStringError(path + ": not JSON: " + llvm::toString(value.takeError()));
  const json::Object *root = value->getAsObject();
  const json::Array *list = root ? root->getArray("devices") : nullptr;
  if (!list || list->empty())
    return llvm::createStringError(path + ": field 'devices' must be a non-empty array");
  DeviceTable table;
  table.path = path.str();
  for (auto [i, v] : llvm::enumerate(*list)) {
    const json::Object *o = v.getAsObject();
    std::string where = llvm::formatv("{0}: devices[{1}]", path, i).str();
    if (!o)
      return llvm::createStringError(where + " must be an object");
    DeviceReader r(*o, where);
    DeviceSpec d;
    d.name = r.text("name");
    d.title = r.text("title");
    d.chip = r.text("chip");
    d.sms = r.count("sms");
    d.clockGHz = r.positive("clock_ghz");
    d.dramGBps = r.positive("dram_gbps");
    d.l2GBps = r.positive("l2_gbps");
    d.l1BytesPerClockPerSM = r.positive("l1_bytes_per_clock_per_sm");
    d.gflops = r.rates("gflops");
    d.sharedBytesPerSM = r.count("shared_bytes_per_sm");
    d.sharedBytesPerBlock = r.count("shared_bytes_per_block");
    d.registersPerSM = r.count("registers_per_sm");
    d.maxThreadsPerSM = r.count("max_threads_per_sm");
    d.maxBlocksPerSM = r.count("max_blocks_per_sm");
    d.launchUs = r.positive("launch_us");
    if (o->get("memory_latency_us"))
      d.memoryLatencyUs = r.positive("memory_latency_us");
    if (o->get("l2_bytes"))
      d.l2Bytes = r.count("l2_bytes");
    if (llvm::Error err = r.take())
      return std::move(err);
    for (const DeviceSpec &other : table.devices)
      if (other.name == d.name)
        return llvm::createStringError(where + ": device '" + d.name + "' is listed twice");
    table.devices.push_back(std::move(d));
  }
  return table;
}

llvm::Expected<DeviceTable> DeviceTable::loadFrom(llvm::ArrayRef<std::string> skillRoots) {
  if (skillRoots.empty())
    return llvm::createStringError("no skill directory to find devices.json in");
  llvm::SmallString<256> p(skillRoots.front());
  llvm::sys::path::append(p, "devices.json");
  return load(p);
}

llvm::Expected<const DeviceSpec *> DeviceTable::find(llvm::StringRef name,
                                                     llvm::StringRef chip) const {
  std::vector<std::string> names;
  for (const DeviceSpec &d : devices) {
    if (name.empty() ? d.chip == chip : d.name == name)
      return &d;
    names.push_back(d.name);
  }
  if (name.empty())
    return llvm::createStringError("no device in " + path + " is a " + chip +
                                   " (name one of: " + llvm::join(names, ", ") + ")");
  return llvm::createStringError("unknown device '" + name + "' (" + path +
                                 " has: " + llvm::join(names, ", ") + ")");
}

llvm::Expected<DeviceSpec> DeviceTable::adopt(const DriverFacts &facts) const {
  const DeviceSpec *base = nullptr;
  for (const DeviceSpec &d : devices) {
    if (d.chip != facts.chip)
      continue;
    if (!base)
      base = &d;
    if (!facts.name.empty() && llvm::StringRef(d.title).starts_with(facts.name)) {
      base = &d;
      break;
    }
  }
  if (!base)
    return llvm::createStringError("no device in " + path + " is a " + facts.chip + " (the " +
                                   facts.name + " here)");
  DeviceSpec spec = *base;
  spec.title = facts.name + " (" + std::to_string(facts.sms) + " SMs";
  if (facts.sms > 0)
    spec.sms = facts.sms;
  if (facts.l2Bytes > 0) {
    spec.l2Bytes = facts.l2Bytes;
    spec.title += llvm::formatv(", {0} MB L2", facts.l2Bytes >> 20).str();
  }
  if (facts.dramGBps > 0) {
    spec.dramGBps = facts.dramGBps;
    spec.title += llvm::formatv(", {0:f0} GB/s", facts.dramGBps).str();
  }
  spec.title += " from the driver; the rest as " + base->name + ")";
  return spec;
}
