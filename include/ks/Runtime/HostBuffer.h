//===- HostBuffer.h - Typed host arrays: random fill, .npy, compare -*- C++ -*-===//
#ifndef KS_RUNTIME_HOSTBUFFER_H
#define KS_RUNTIME_HOSTBUFFER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ks::runtime {

enum class DType { F16, BF16, F32, F64, I1, I8, I16, I32, I64 };

/// "f32", "bf16", "i64", ...
llvm::StringRef dtypeName(DType type);
/// Bytes per element (i1 is stored as one byte, as MLIR's LLVM lowering does).
size_t dtypeSize(DType type);
bool isFloat(DType type);
/// Parses "f32", "i64", ...; an error names the unsupported type.
llvm::Expected<DType> parseDType(llvm::StringRef name);

/// "4x8xf32", without allocating the array.
std::string describeArray(DType type, llvm::ArrayRef<int64_t> shape);
/// Bytes of a dense array of `shape`; none where a dim is negative or the
/// size overflows 64 bits.
std::optional<uint64_t> denseBytes(DType type, llvm::ArrayRef<int64_t> shape);
/// Host memory the system can still give (Linux's MemAvailable); none where
/// it cannot be read.
std::optional<uint64_t> availableHostMemory();
/// An error naming `what` where `bytes` of host memory are more than the
/// system has available.
llvm::Error checkHostMemory(uint64_t bytes, const llvm::Twine &what);

/// A dense row-major array on the host.
struct HostBuffer {
  DType type = DType::F32;
  llvm::SmallVector<int64_t> shape;
  std::vector<uint8_t> bytes;

  HostBuffer() = default;
  HostBuffer(DType type, llvm::ArrayRef<int64_t> shape);
  int64_t numElements() const;
  /// Element `i` converted to double (for comparison and printing).
  double get(int64_t i) const;
  void set(int64_t i, double value);
  /// "4x8xf32".
  std::string describe() const;
};

/// Fills `buffer` from a seeded generator: floats uniform in [-1, 1), integers
/// uniform in [intLow, intHigh), i1 as fair coin flips. Never all zeros.
void fillRandom(HostBuffer &buffer, uint64_t seed, int64_t intLow = 0,
                int64_t intHigh = 8);

/// Reads a NumPy .npy file (format 1.x/2.x, little-endian, C order).
llvm::Expected<HostBuffer> readNpy(llvm::StringRef path);
/// Writes `buffer` as .npy (bf16 as uint16 bit patterns, said in the header).
llvm::Error writeNpy(llvm::StringRef path, const HostBuffer &buffer);

/// How a result compares with its reference.
struct Comparison {
  double maxAbsError = 0;
  double maxRelError = 0;
  int64_t mismatches = 0;
  int64_t firstMismatch = -1; ///< Linear index, or -1.
  bool passed() const { return mismatches == 0; }
};

/// |actual - expected| <= atol + rtol * |expected| + floor per element, as
/// numpy.allclose but for `floor`: 16 units in the last place of the
/// expected output's largest finite magnitude (0 for integers, and where
/// rtol = 0 asks for the reference's own rounding). Sums taken
/// in another order (a GEMM's K split or on tensor cores) differ by a few
/// ulps of their largest terms, not of the result: an element that cancels
/// near zero in a program whose outputs reach 1000 would otherwise fail
/// any order but the reference's. A NaN where the reference has none is a
/// mismatch.
Comparison compare(const HostBuffer &actual, const HostBuffer &expected,
                   double atol, double rtol);

/// "[i, j, k]" for a linear index into `shape`.
std::string formatIndex(llvm::ArrayRef<int64_t> shape, int64_t linear);

} // namespace ks::runtime

#endif // KS_RUNTIME_HOSTBUFFER_H
