//===- HostBuffer.cpp - Typed host arrays: random fill, .npy, compare -----===//

#include "ks/Runtime/HostBuffer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <random>
#include <system_error>
#include <thread>

using namespace ks::runtime;
using llvm::StringRef;

namespace {
struct DTypeInfo {
  DType type;
  const char *name;
  size_t size;
  const char *npy; ///< NumPy's descr.
};
const DTypeInfo kTypes[] = {
    {DType::F16, "f16", 2, "<f2"},  {DType::BF16, "bf16", 2, "<u2"},
    {DType::F32, "f32", 4, "<f4"},  {DType::F64, "f64", 8, "<f8"},
    {DType::I1, "i1", 1, "|b1"},    {DType::I8, "i8", 1, "|i1"},
    {DType::I16, "i16", 2, "<i2"},  {DType::I32, "i32", 4, "<i4"},
    {DType::I64, "i64", 8, "<i8"},
};
const DTypeInfo &info(DType type) {
  for (const DTypeInfo &i : kTypes)
    if (i.type == type)
      return i;
  llvm_unreachable("unknown dtype");
}

float halfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  uint32_t bits;
  if (exp == 0) {
    if (man == 0) {
      bits = sign;
    } else { // Subnormal: normalize.
      exp = 127 - 15 + 1;
      while (!(man & 0x400)) {
        man <<= 1;
        --exp;
      }
      bits = sign | (exp << 23) | ((man & 0x3ff) << 13);
    }
  } else if (exp == 31) {
    bits = sign | 0x7f800000u | (man << 13);
  } else {
    bits = sign | ((exp - 15 + 127) << 23) | (man << 13);
  }
  return llvm::bit_cast<float>(bits);
}

uint16_t floatToHalf(float f) {
  uint32_t x = llvm::bit_cast<uint32_t>(f);
  uint32_t sign = (x >> 16) & 0x8000u;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t man = x & 0x7fffffu;
  if (((x >> 23) & 0xff) == 0xff)
    return uint16_t(sign | 0x7c00u | (man ? 0x200u : 0));
  if (exp >= 31)
    return uint16_t(sign | 0x7c00u);
  if (exp <= 0) {
    if (exp < -10)
      return uint16_t(sign);
    man |= 0x800000u;
    uint32_t shift = uint32_t(14 - exp);
    uint32_t half = man >> shift;
    if ((man >> (shift - 1)) & 1) // Round half up.
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t half = sign | (uint32_t(exp) << 10) | (man >> 13);
  if ((man & 0x1fffu) > 0x1000u || ((man & 0x1fffu) == 0x1000u && (half & 1)))
    ++half; // Round to nearest even.
  return uint16_t(half);
}

float bf16ToFloat(uint16_t b) { return llvm::bit_cast<float>(uint32_t(b) << 16); }

uint16_t floatToBf16(float f) {
  uint32_t x = llvm::bit_cast<uint32_t>(f);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((x >> 16) | 0x40); // Quiet NaN.
  x += 0x7fffu + ((x >> 16) & 1);     // Round to nearest even.
  return uint16_t(x >> 16);
}

template <typename T> T load(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T> void store(uint8_t *p, T v) { std::memcpy(p, &v, sizeof(T)); }
} // namespace

StringRef ks::runtime::dtypeName(DType type) { return info(type).name; }
size_t ks::runtime::dtypeSize(DType type) { return info(type).size; }
bool ks::runtime::isFloat(DType type) {
  return type == DType::F16 || type == DType::BF16 || type == DType::F32 ||
         type == DType::F64;
}

llvm::Expected<DType> ks::runtime::parseDType(StringRef name) {
  for (const DTypeInfo &i : kTypes)
    if (name == i.name)
      return i.type;
  return llvm::createStringError("unsupported element type '" + name + "'");
}

std::optional<uint64_t> ks::runtime::denseBytes(DType type,
                                               llvm::ArrayRef<int64_t> shape) {
  uint64_t bytes = dtypeSize(type);
  bool overflowed = false;
  for (int64_t d : shape) {
    if (d < 0)
      return std::nullopt;
    bool step = false;
    bytes = llvm::SaturatingMultiply(bytes, uint64_t(d), &step);
    overflowed |= step;
  }
  if (overflowed)
    return std::nullopt;
  return bytes;
}

std::optional<uint64_t> ks::runtime::availableHostMemory() {
  auto meminfo = llvm::MemoryBuffer::getFileAsStream("/proc/meminfo");
  if (!meminfo)
    return std::nullopt;
  llvm::SmallVector<StringRef> lines;
  (*meminfo)->getBuffer().split(lines, '\n');
  for (StringRef line : lines) {
    uint64_t kb = 0;
    if (line.consume_front("MemAvailable:") && line.consume_back(" kB") &&
        !line.trim().getAsInteger(10, kb))
      return kb * 1024;
  }
  return std::nullopt;
}

llvm::Error ks::runtime::checkHostMemory(uint64_t bytes, const llvm::Twine &what) {
  std::optional<uint64_t> available = availableHostMemory();
  if (!available || bytes <= *available)
    return llvm::Error::success();
  auto gb = [](uint64_t b) { return llvm::formatv("{0:f1} GB", b / 1e9).str(); };
  return llvm::createStringError(what + " need " + gb(bytes) +
                                 " of host memory and this machine has " +
                                 gb(*available) + " available");
}

HostBuffer::HostBuffer(DType type, llvm::ArrayRef<int64_t> shape)
    : type(type), shape(shape.begin(), shape.end()) {
  bytes.assign(size_t(numElements()) * dtypeSize(type), 0);
}

int64_t HostBuffer::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

double HostBuffer::get(int64_t i) const {
  const uint8_t *p = bytes.data() + size_t(i) * dtypeSize(type);
  switch (type) {
  case DType::F16: return halfToFloat(load<uint16_t>(p));
  case DType::BF16: return bf16ToFloat(load<uint16_t>(p));
  case DType::F32: return load<float>(p);
  case DType::F64: return load<double>(p);
  case DType::I1: return *p ? 1 : 0;
  case DType::I8: return load<int8_t>(p);
  case DType::I16: return load<int16_t>(p);
  case DType::I32: return load<int32_t>(p);
  case DType::I64: return double(load<int64_t>(p));
  }
  llvm_unreachable("unknown dtype");
}

void HostBuffer::set(int64_t i, double v) {
  uint8_t *p = bytes.data() + size_t(i) * dtypeSize(type);
  switch (type) {
  case DType::F16: return store(p, floatToHalf(float(v)));
  case DType::BF16: return store(p, floatToBf16(float(v)));
  case DType::F32: return store(p, float(v));
  case DType::F64: return store(p, v);
  case DType::I1: *p = v != 0; return;
  case DType::I8: return store(p, int8_t(v));
  case DType::I16: return store(p, int16_t(v));
  case DType::I32: return store(p, int32_t(v));
  case DType::I64: return store(p, int64_t(v));
  }
}

std::string ks::runtime::describeArray(DType type, llvm::ArrayRef<int64_t> shape) {
  std::string s;
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + dtypeName(type).str();
}

std::string HostBuffer::describe() const { return describeArray(type, shape); }

namespace {

/// Elements a task of the random fill or the comparison takes: buffers of
/// a few GB are done by all cores, a chunk each at a time.
constexpr int64_t kChunk = int64_t(1) << 20;

int64_t chunkCount(int64_t n) { return (n + kChunk - 1) / kChunk; }

/// Runs `work(chunk)` for every chunk of `n` elements, on up to 16 threads,
/// the caller's among them (alone for one chunk, or where no thread can be
/// started).
template <typename Work> void forEachChunk(int64_t n, Work work) {
  int64_t chunks = chunkCount(n);
  unsigned threads = std::min<int64_t>(
      chunks, std::clamp(std::thread::hardware_concurrency(), 1u, 16u));
  std::atomic<int64_t> next{0};
  auto drain = [&] {
    for (int64_t c = next++; c < chunks; c = next++)
      work(c);
  };
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < threads; ++t) {
    try {
      helpers.emplace_back(drain);
    } catch (const std::system_error &) {
      break;
    }
  }
  drain();
  for (std::thread &t : helpers)
    t.join();
}

/// Chunk `c`'s generator: the first chunk's is seeded with `seed` itself
/// (small buffers keep the values they always had), the others with a mix
/// of both, so that the values do not depend on the number of threads.
std::mt19937_64 chunkGenerator(uint64_t seed, int64_t c) {
  if (c == 0)
    return std::mt19937_64(seed);
  uint64_t z = seed + uint64_t(c) * 0x9E3779B97F4A7C15ull; // splitmix64
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return std::mt19937_64(z ^ (z >> 31));
}

} // namespace

void ks::runtime::fillRandom(HostBuffer &buffer, uint64_t seed, int64_t intLow,
                             int64_t intHigh) {
  int64_t n = buffer.numElements();
  forEachChunk(n, [&](int64_t c) {
    std::mt19937_64 rng = chunkGenerator(seed, c);
    std::uniform_real_distribution<double> real(-1.0, 1.0);
    std::uniform_int_distribution<int64_t> integer(intLow, std::max(intLow, intHigh - 1));
    int64_t end = std::min(n, (c + 1) * kChunk);
    auto *f32 = reinterpret_cast<float *>(buffer.bytes.data());
    for (int64_t i = c * kChunk; i < end; ++i) {
      if (buffer.type == DType::F32)
        f32[i] = float(real(rng));
      else if (isFloat(buffer.type))
        buffer.set(i, real(rng));
      else if (buffer.type == DType::I1)
        buffer.set(i, rng() & 1);
      else
        buffer.set(i, double(integer(rng)));
    }
  });
  // Tiny buffers could come out all zero; never hand one out.
  bool allZero = true;
  for (int64_t i = 0; i < n && allZero; ++i)
    allZero = buffer.get(i) == 0;
  if (allZero && n > 0)
    buffer.set(0, isFloat(buffer.type) ? 0.5 : 1);
}

llvm::Expected<HostBuffer> ks::runtime::readNpy(StringRef path) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!file)
    return llvm::createStringError("cannot read '" + path +
                                   "': " + file.getError().message());
  StringRef data = (*file)->getBuffer();
  auto bad = [&](const llvm::Twine &why) {
    return llvm::createStringError("'" + path + "' is not a valid .npy file: " + why);
  };
  if (data.size() < 10 || !data.starts_with("\x93NUMPY"))
    return bad("missing magic string");
  unsigned major = uint8_t(data[6]);
  size_t headerLen, offset;
  if (major == 1) {
    headerLen = uint8_t(data[8]) | (size_t(uint8_t(data[9])) << 8);
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (data.size() < 12)
      return bad("truncated header");
    headerLen = load<uint32_t>(reinterpret_cast<const uint8_t *>(data.data() + 8));
    offset = 12;
  } else {
    return bad("unknown format version " + llvm::Twine(major));
  }
  if (data.size() < offset + headerLen)
    return bad("truncated header");
  StringRef header = data.substr(offset, headerLen);

  auto field = [&](StringRef key) -> StringRef {
    size_t at = header.find("'" + key.str() + "'");
    if (at == StringRef::npos)
      return {};
    StringRef rest = header.substr(at + key.size() + 2).ltrim(" :");
    return rest;
  };
  StringRef descr = field("descr");
  if (!descr.consume_front("'"))
    return bad("no 'descr'");
  descr = descr.take_until([](char c) { return c == '\''; });
  if (field("fortran_order").starts_with("True"))
    return bad("Fortran order is not supported");
  StringRef shapeText = field("shape");
  if (!shapeText.consume_front("("))
    return bad("no 'shape'");
  shapeText = shapeText.take_until([](char c) { return c == ')'; });

  std::optional<DType> type;
  for (const DTypeInfo &i : kTypes)
    if (descr == i.npy || (descr.size() == 3 && descr[0] == '=' &&
                           descr.substr(1) == StringRef(i.npy).substr(1)))
      type = i.type;
  if (descr == "<u2")
    type = DType::BF16;
  if (!type)
    return bad("unsupported dtype '" + descr + "'");

  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<StringRef> dims;
  shapeText.split(dims, ',', -1, /*KeepEmpty=*/false);
  for (StringRef d : dims) {
    int64_t v;
    if (d.trim().getAsInteger(10, v))
      return bad("bad shape entry '" + d.trim() + "'");
    shape.push_back(v);
  }
  // The header is checked against the data before anything is allocated.
  std::optional<uint64_t> needed = denseBytes(*type, shape);
  if (!needed)
    return bad("its shape (" + shapeText + ") has a negative or too large size");
  size_t start = offset + headerLen;
  if (data.size() - start != *needed)
    return bad("holds " + llvm::Twine(data.size() - start) + " data bytes, " +
               describeArray(*type, shape) + " needs " + llvm::Twine(*needed));
  HostBuffer buffer(*type, shape);
  std::memcpy(buffer.bytes.data(), data.data() + start, buffer.bytes.size());
  return buffer;
}

llvm::Error ks::runtime::writeNpy(StringRef path, const HostBuffer &buffer) {
  std::string shape = "(";
  for (int64_t d : buffer.shape)
    shape += std::to_string(d) + ", ";
  if (buffer.shape.size() > 1)
    shape.resize(shape.size() - 2);
  else if (buffer.shape.size() == 1)
    shape.resize(shape.size() - 1);
  shape += ")";
  std::string header = "{'descr': '" + std::string(info(buffer.type).npy) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  return llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xff)
       << char(header.size() >> 8) << header;
    os.write(reinterpret_cast<const char *>(buffer.bytes.data()),
             buffer.bytes.size());
    return llvm::Error::success();
  });
}

/// The gap between 1 and the next value of the type (0 for integers).
static double machineEpsilon(DType type) {
  switch (type) {
  case DType::F16:
    return 0x1p-10;
  case DType::BF16:
    return 0x1p-7;
  case DType::F32:
    return 0x1p-23;
  case DType::F64:
    return 0x1p-52;
  default:
    return 0;
  }
}

namespace {

/// Element `i` of `b`, read directly where it is f32 (the common case of
/// multi-GB outputs).
double elementAt(const HostBuffer &b, int64_t i) {
  if (b.type == DType::F32)
    return reinterpret_cast<const float *>(b.bytes.data())[i];
  return b.get(i);
}

} // namespace

Comparison ks::runtime::compare(const HostBuffer &actual,
                                const HostBuffer &expected, double atol,
                                double rtol) {
  int64_t n = std::min(actual.numElements(), expected.numElements());
  int64_t chunks = chunkCount(n);
  std::vector<double> largestOf(chunks, 0.0);
  forEachChunk(n, [&](int64_t c) {
    for (int64_t i = c * kChunk, end = std::min(n, i + kChunk); i < end; ++i)
      if (double e = std::fabs(elementAt(expected, i)); std::isfinite(e))
        largestOf[c] = std::max(largestOf[c], e);
  });
  double largest = 0;
  for (double l : largestOf)
    largest = std::max(largest, l);
  double floor = rtol > 0 ? 16 * machineEpsilon(expected.type) * largest : 0;
  std::vector<Comparison> of(chunks);
  forEachChunk(n, [&](int64_t c) {
    Comparison &r = of[c];
    for (int64_t i = c * kChunk, end = std::min(n, i + kChunk); i < end; ++i) {
      double a = elementAt(actual, i), e = elementAt(expected, i);
      bool bothNaN = std::isnan(a) && std::isnan(e);
      double abs = bothNaN ? 0 : std::fabs(a - e);
      if (std::isnan(abs))
        abs = INFINITY;
      if (a == e) // Equal infinities.
        abs = 0;
      double rel = e != 0 ? abs / std::fabs(e) : (abs == 0 ? 0 : INFINITY);
      r.maxAbsError = std::max(r.maxAbsError, abs);
      r.maxRelError = std::max(r.maxRelError, rel);
      if (!(abs <= atol + rtol * std::fabs(e) + floor)) {
        if (r.firstMismatch < 0)
          r.firstMismatch = i;
        ++r.mismatches;
      }
    }
  });
  Comparison c;
  for (const Comparison &r : of) {
    c.maxAbsError = std::max(c.maxAbsError, r.maxAbsError);
    c.maxRelError = std::max(c.maxRelError, r.maxRelError);
    if (c.firstMismatch < 0)
      c.firstMismatch = r.firstMismatch;
    c.mismatches += r.mismatches;
  }
  return c;
}

std::string ks::runtime::formatIndex(llvm::ArrayRef<int64_t> shape,
                                     int64_t linear) {
  llvm::SmallVector<int64_t> index(shape.size());
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    index[d] = shape[d] ? linear % shape[d] : 0;
    linear = shape[d] ? linear / shape[d] : 0;
  }
  return "[" + llvm::join(llvm::map_range(index, [](int64_t v) {
                 return std::to_string(v);
               }), ", ") + "]";
}
