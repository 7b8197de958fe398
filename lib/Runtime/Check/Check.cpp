//===- Check.cpp - scopeir's check runtime ----------------------*- C++ -*-===//
//
// This file implements the check runtime: the entry points compiled
// expectations call (comparing tensors element by element through their
// memref descriptors, strided or not) and the reports of failed ones.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runtime/Check.h"

#include <atomic>
#include <cmath>
#include <cstring>
#include <mutex>
#include <string>

using namespace scopeir::runtime;

namespace {

//===----------------------------------------------------------------------===//
// Reports
//===----------------------------------------------------------------------===//

std::atomic<uint64_t> failureCount{0};
std::atomic<std::FILE *> reportStream{nullptr};
std::atomic<unsigned> reportLimit{10};
/// Keeps reports of expectations on different threads apart.
std::mutex reportMutex;

/// The two parts of a check site (see CheckABI.h).
struct Site {
  const char *location;
  const char *op;

  explicit Site(const char *site)
      : location(site), op(site + std::strlen(site) + 1) {}
};

/// Writes one report: "<location>: error: <op> failed: <message>" and the
/// lines of `details`, then counts the failure.
void report(const Site &site, const std::string &message,
            const std::string &details = "") {
  std::lock_guard<std::mutex> lock(reportMutex);
  std::FILE *stream = reportStream.load();
  if (!stream)
    stream = stderr;
  std::fprintf(stream, "%s: error: %s failed: %s\n%s", site.location, site.op,
               message.c_str(), details.c_str());
  std::fflush(stream);
  ++failureCount;
}

//===----------------------------------------------------------------------===//
// Elements
//===----------------------------------------------------------------------===//

/// How the bits of one element are read.
enum class Kind { Bool, Signed, Half, BFloat, Float, Double };

struct ElementType {
  Kind kind;
  size_t size;
};

/// Returns the float an IEEE half-precision value holds.
float halfToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1fu;
  uint32_t mantissa = bits & 0x3ffu;
  uint32_t result;
  if (exponent == 0x1f) {
    // Infinity or NaN.
    result = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent != 0) {
    result = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    result = sign;
  } else {
    // Subnormal: normalize.
    exponent = 113;
    while (!(mantissa & 0x400u)) {
      mantissa <<= 1;
      --exponent;
    }
    result = sign | (exponent << 23) | ((mantissa & 0x3ffu) << 13);
  }
  float value;
  std::memcpy(&value, &result, sizeof(value));
  return value;
}

float bfloatToFloat(uint16_t bits) {
  uint32_t widened = static_cast<uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &widened, sizeof(value));
  return value;
}

/// Reads the element at `address` as an integer (Bool, Signed).
int64_t readInteger(const char *address, ElementType type) {
  switch (type.size) {
  case 1: {
    int8_t value;
    std::memcpy(&value, address, 1);
    return type.kind == Kind::Bool ? (value & 1) : value;
  }
  case 2: {
    int16_t value;
    std::memcpy(&value, address, 2);
    return value;
  }
  case 4: {
    int32_t value;
    std::memcpy(&value, address, 4);
    return value;
  }
  default: {
    int64_t value;
    std::memcpy(&value, address, 8);
    return value;
  }
  }
}

/// Reads the element at `address` as a double (float kinds).
double readFloat(const char *address, ElementType type) {
  switch (type.kind) {
  case Kind::Half:
  case Kind::BFloat: {
    uint16_t bits;
    std::memcpy(&bits, address, 2);
    return type.kind == Kind::Half ? halfToFloat(bits) : bfloatToFloat(bits);
  }
  case Kind::Float: {
    float value;
    std::memcpy(&value, address, 4);
    return value;
  }
  case Kind::Double: {
    double value;
    std::memcpy(&value, address, 8);
    return value;
  }
  default:
    return static_cast<double>(readInteger(address, type));
  }
}

bool isFloatKind(Kind kind) {
  return kind == Kind::Half || kind == Kind::BFloat || kind == Kind::Float ||
         kind == Kind::Double;
}

/// Returns the element at `address` as text.
std::string formatElement(const char *address, ElementType type) {
  char text[64];
  if (type.kind == Kind::Bool)
    return readInteger(address, type) ? "true" : "false";
  if (!isFloatKind(type.kind)) {
    std::snprintf(text, sizeof(text), "%lld",
                  static_cast<long long>(readInteger(address, type)));
    return text;
  }
  double value = readFloat(address, type);
  std::snprintf(text, sizeof(text), type.kind == Kind::Double ? "%.17g" : "%.9g",
                value);
  return text;
}

/// True if the two elements have the same bits (for i1, the same value).
bool bitwiseEqual(const char *lhs, const char *rhs, ElementType type) {
  if (type.kind == Kind::Bool)
    return (lhs[0] & 1) == (rhs[0] & 1);
  return std::memcmp(lhs, rhs, type.size) == 0;
}

/// IREE's fuzzy comparison (NumPy's isclose, NaNs equal).
bool almostEqual(double lhs, double rhs, double atol, double rtol) {
  if (lhs == rhs)
    return true;
  if (std::isnan(lhs) && std::isnan(rhs))
    return true;
  if (!std::isfinite(rhs))
    return false;
  return std::fabs(lhs - rhs) <= atol + rtol * std::fabs(rhs);
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

/// A tensor as its memref descriptor shows it.
struct View {
  int64_t rank = 0;
  const char *aligned = nullptr;
  int64_t offset = 0;
  const int64_t *sizes = nullptr;
  const int64_t *strides = nullptr;

  explicit View(const scopeir_check_memref *memref) : rank(memref->rank) {
    // {allocated, aligned, offset, sizes[rank], strides[rank]}.
    const char *descriptor = static_cast<const char *>(memref->descriptor);
    std::memcpy(&aligned, descriptor + sizeof(void *), sizeof(void *));
    std::memcpy(&offset, descriptor + 2 * sizeof(void *), sizeof(int64_t));
    sizes = reinterpret_cast<const int64_t *>(descriptor + 2 * sizeof(void *) +
                                              sizeof(int64_t));
    strides = sizes + rank;
  }

  int64_t getNumElements() const {
    int64_t count = 1;
    for (int64_t d = 0; d < rank; ++d)
      count *= sizes[d];
    return count;
  }

  /// The address of the element at `indices` (rank entries).
  const char *address(const int64_t *indices, ElementType type) const {
    int64_t linear = offset;
    for (int64_t d = 0; d < rank; ++d)
      linear += indices[d] * strides[d];
    return aligned + linear * static_cast<int64_t>(type.size);
  }

  std::string formatShape() const {
    std::string text = "[";
    for (int64_t d = 0; d < rank; ++d)
      text += (d ? ", " : "") + std::to_string(sizes[d]);
    return text + "]";
  }
};

std::string formatIndices(const std::vector<int64_t> &indices) {
  std::string text = "[";
  for (size_t d = 0; d < indices.size(); ++d)
    text += (d ? ", " : "") + std::to_string(indices[d]);
  return text + "]";
}

/// Compares `lhs` and `rhs` element by element with `equal(lhsAddress,
/// rhsAddress)` and reports at `site` if their shapes or any elements
/// differ; `criterion` ends the report's first line.
template <typename Equal>
void compare(const scopeir_check_memref *lhsMemref,
             const scopeir_check_memref *rhsMemref, ElementType type,
             const char *siteText, const std::string &criterion,
             Equal equal) {
  Site site(siteText);
  View lhs(lhsMemref), rhs(rhsMemref);
  bool sameShape = lhs.rank == rhs.rank;
  for (int64_t d = 0; sameShape && d < lhs.rank; ++d)
    sameShape = lhs.sizes[d] == rhs.sizes[d];
  if (!sameShape) {
    report(site, "shapes differ: lhs " + lhs.formatShape() + ", rhs " +
                     rhs.formatShape());
    return;
  }
  int64_t total = lhs.getNumElements();
  unsigned limit = reportLimit.load();
  int64_t mismatches = 0;
  std::string details;
  std::vector<int64_t> indices(lhs.rank, 0);
  for (int64_t n = 0; n < total; ++n) {
    const char *l = lhs.address(indices.data(), type);
    const char *r = rhs.address(indices.data(), type);
    if (!equal(l, r)) {
      if (mismatches < limit)
        details += "  at " + formatIndices(indices) + ": lhs " +
                   formatElement(l, type) + ", rhs " + formatElement(r, type) +
                   "\n";
      ++mismatches;
    }
    // The next index in row-major order.
    for (int64_t d = lhs.rank - 1; d >= 0; --d) {
      if (++indices[d] < lhs.sizes[d])
        break;
      indices[d] = 0;
    }
  }
  if (mismatches == 0)
    return;
  if (mismatches > limit)
    details += "  ... and " + std::to_string(mismatches - limit) + " more\n";
  report(site,
         std::to_string(mismatches) + " of " + std::to_string(total) +
             " elements differ" + criterion + " (shape " + lhs.formatShape() +
             ")",
         details);
}

void expectEq(const scopeir_check_memref *lhs, const scopeir_check_memref *rhs,
              ElementType type, const char *site) {
  compare(lhs, rhs, type, site, "", [&](const char *l, const char *r) {
    return bitwiseEqual(l, r, type);
  });
}

void expectAlmostEq(const scopeir_check_memref *lhs,
                    const scopeir_check_memref *rhs, ElementType type,
                    float atol, float rtol, const char *site) {
  char criterion[96];
  std::snprintf(criterion, sizeof(criterion),
                " by more than atol %g + rtol %g * |rhs|", atol, rtol);
  compare(lhs, rhs, type, site, criterion, [&](const char *l, const char *r) {
    return almostEqual(readFloat(l, type), readFloat(r, type), atol, rtol);
  });
}

/// The ElementType of each suffix of CheckABI.h.
constexpr ElementType kType_i1{Kind::Bool, 1};
constexpr ElementType kType_i8{Kind::Signed, 1};
constexpr ElementType kType_i16{Kind::Signed, 2};
constexpr ElementType kType_i32{Kind::Signed, 4};
constexpr ElementType kType_i64{Kind::Signed, 8};
constexpr ElementType kType_index{Kind::Signed, 8};
constexpr ElementType kType_f16{Kind::Half, 2};
constexpr ElementType kType_bf16{Kind::BFloat, 2};
constexpr ElementType kType_f32{Kind::Float, 4};
constexpr ElementType kType_f64{Kind::Double, 8};

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

extern "C" void scopeir_check_expect_true(int64_t value, const char *site) {
  if (!value)
    report(Site(site), "expected 0 to be nonzero");
}

extern "C" void scopeir_check_expect_false(int64_t value, const char *site) {
  if (value)
    report(Site(site), "expected " + std::to_string(value) + " to be zero");
}

#define SCOPEIR_CHECK_DEFINE_EXPECT_EQ(suffix, storage)                        \
  extern "C" void _mlir_ciface_scopeir_check_expect_eq_##suffix(               \
      scopeir_check_memref *lhs, scopeir_check_memref *rhs,                    \
      const char *site) {                                                      \
    static_assert(sizeof(storage) == kType_##suffix.size);                     \
    expectEq(lhs, rhs, kType_##suffix, site);                                  \
  }
SCOPEIR_CHECK_ELEMENT_TYPES(SCOPEIR_CHECK_DEFINE_EXPECT_EQ)
#undef SCOPEIR_CHECK_DEFINE_EXPECT_EQ

#define SCOPEIR_CHECK_DEFINE_EXPECT_ALMOST_EQ(suffix, storage)                 \
  extern "C" void _mlir_ciface_scopeir_check_expect_almost_eq_##suffix(        \
      scopeir_check_memref *lhs, scopeir_check_memref *rhs, float atol,        \
      float rtol, const char *site) {                                          \
    expectAlmostEq(lhs, rhs, kType_##suffix, atol, rtol, site);                \
  }
SCOPEIR_CHECK_FLOAT_TYPES(SCOPEIR_CHECK_DEFINE_EXPECT_ALMOST_EQ)
#undef SCOPEIR_CHECK_DEFINE_EXPECT_ALMOST_EQ

//===----------------------------------------------------------------------===//
// Host side
//===----------------------------------------------------------------------===//

uint64_t scopeir::runtime::getCheckFailureCount() { return failureCount; }

void scopeir::runtime::resetCheckFailures() { failureCount = 0; }

void scopeir::runtime::setCheckReportStream(std::FILE *stream) {
  reportStream = stream;
}

void scopeir::runtime::setCheckReportLimit(unsigned elements) {
  reportLimit = elements;
}

std::vector<std::pair<std::string, void *>>
scopeir::runtime::getCheckEntryPoints() {
  std::vector<std::pair<std::string, void *>> entries = {
      {kCheckExpectTrueSymbol,
       reinterpret_cast<void *>(&scopeir_check_expect_true)},
      {kCheckExpectFalseSymbol,
       reinterpret_cast<void *>(&scopeir_check_expect_false)},
  };
  std::string eq = std::string("_mlir_ciface_") + kCheckExpectEqPrefix;
  std::string almostEq =
      std::string("_mlir_ciface_") + kCheckExpectAlmostEqPrefix;
#define SCOPEIR_CHECK_ADD_EXPECT_EQ(suffix, storage)                           \
  entries.emplace_back(                                                        \
      eq + #suffix,                                                            \
      reinterpret_cast<void *>(&_mlir_ciface_scopeir_check_expect_eq_##suffix));
  SCOPEIR_CHECK_ELEMENT_TYPES(SCOPEIR_CHECK_ADD_EXPECT_EQ)
#undef SCOPEIR_CHECK_ADD_EXPECT_EQ
#define SCOPEIR_CHECK_ADD_EXPECT_ALMOST_EQ(suffix, storage)                    \
  entries.emplace_back(almostEq + #suffix,                                     \
                       reinterpret_cast<void *>(                               \
                           &_mlir_ciface_scopeir_check_expect_almost_eq_##suffix));
  SCOPEIR_CHECK_FLOAT_TYPES(SCOPEIR_CHECK_ADD_EXPECT_ALMOST_EQ)
#undef SCOPEIR_CHECK_ADD_EXPECT_ALMOST_EQ
  return entries;
}
