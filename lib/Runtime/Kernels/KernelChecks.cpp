//===- KernelChecks.cpp - The kernel-check entry points ---------*- C++ -*-===//
//
// This file implements what code compiled with hal-lower-dispatch-externs
// {check} calls: the per-element-type comparison of a kernel's result with
// its decomposition's, and the report of a kernel's failing status. C++
// standard library only.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runtime/KernelChecks.h"

#include "scopeir/Runtime/KernelABI.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <type_traits>

using namespace scopeir::runtime;

namespace {

struct CheckState {
  std::mutex mutex;
  KernelTolerance tolerance;
  /// By symbol, in name order.
  std::map<std::string, KernelCheckRecord> records;
};

CheckState &getCheckState() {
  static CheckState state;
  return state;
}

/// A ranked memref descriptor behind an unranked one.
struct Descriptor {
  const int64_t *words;
  int64_t rank;
  const char *aligned() const {
    return reinterpret_cast<const char *>(words[1]);
  }
  int64_t offset() const { return words[2]; }
  int64_t size(int64_t i) const { return words[3 + i]; }
  int64_t stride(int64_t i) const { return words[3 + rank + i]; }
};

} // namespace

namespace {
/// Element types without a C++ arithmetic type of their own: the bits of an
/// f16 or bf16 element, an i1 element's byte.
struct Half {
  uint16_t bits;
};
struct BFloat16 {
  uint16_t bits;
};
struct Bool {
  uint8_t byte;
};
} // namespace

/// Returns the value of an element as a double (exact for every type but
/// i64 beyond 2^53).
template <typename T> static double toDouble(T value) {
  return static_cast<double>(value);
}
static double toDouble(Half value) {
  int exponent = (value.bits >> 10) & 0x1f;
  int mantissa = value.bits & 0x3ff;
  double magnitude;
  if (exponent == 0)
    magnitude = std::ldexp(mantissa, -24);
  else if (exponent == 0x1f)
    magnitude = mantissa ? NAN : INFINITY;
  else
    magnitude = std::ldexp(mantissa + 0x400, exponent - 25);
  return (value.bits & 0x8000) ? -magnitude : magnitude;
}
static double toDouble(BFloat16 value) {
  // A bf16 is the upper half of the f32 of the same value.
  uint32_t bits = static_cast<uint32_t>(value.bits) << 16;
  float result;
  std::memcpy(&result, &bits, sizeof(result));
  return result;
}
// LLVM stores an i1 as a byte of 0 or 1; only its low bit is the value.
static double toDouble(Bool value) { return value.byte & 1; }

/// Compares two memrefs of element type T element by element.
template <typename T>
static void checkOutput(int64_t symbolAddress, int64_t result,
                        scopeir_unranked_memref *kernel,
                        scopeir_unranked_memref *reference) {
  static_assert(std::is_trivially_copyable_v<T>);
  CheckState &state = getCheckState();
  std::lock_guard<std::mutex> lock(state.mutex);
  std::string symbol(reinterpret_cast<const char *>(symbolAddress));
  KernelCheckRecord &record = state.records[symbol];
  record.symbol = symbol;
  if (result == 0)
    ++record.calls;
  Descriptor k{static_cast<const int64_t *>(kernel->descriptor), kernel->rank};
  Descriptor r{static_cast<const int64_t *>(reference->descriptor),
               reference->rank};
  bool sameShape = k.rank == r.rank;
  for (int64_t d = 0; sameShape && d < k.rank; ++d)
    sameShape = k.size(d) == r.size(d);
  if (!sameShape) {
    if (record.shapeError.empty())
      record.shapeError = "result #" + std::to_string(result) +
                          " has another shape than the decomposition's";
    ++record.mismatchingCalls;
    return;
  }
  int64_t count = 1;
  for (int64_t d = 0; d < k.rank; ++d)
    count *= k.size(d);
  std::vector<int64_t> index(k.rank, 0);
  bool callMismatched = false;
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t kOffset = k.offset(), rOffset = r.offset();
    for (int64_t d = 0; d < k.rank; ++d) {
      kOffset += index[d] * k.stride(d);
      rOffset += index[d] * r.stride(d);
    }
    T kElement, rElement;
    std::memcpy(&kElement, k.aligned() + kOffset * sizeof(T), sizeof(T));
    std::memcpy(&rElement, r.aligned() + rOffset * sizeof(T), sizeof(T));
    double kv = toDouble(kElement), rv = toDouble(rElement);
    bool match;
    if (kv == rv) {
      // Equal infinities too, whose difference is NaN.
      match = true;
    } else if (std::isnan(kv) || std::isnan(rv)) {
      match = std::isnan(kv) && std::isnan(rv);
    } else {
      double abs = std::fabs(kv - rv);
      double rel = rv != 0 ? abs / std::fabs(rv) : (abs != 0 ? INFINITY : 0);
      record.maxAbs = std::max(record.maxAbs, abs);
      record.maxRel = std::max(record.maxRel, rel);
      match =
          abs <= state.tolerance.atol + state.tolerance.rtol * std::fabs(rv);
    }
    if (!match) {
      if (!callMismatched)
        ++record.mismatchingCalls;
      callMismatched = true;
      if (record.mismatchResult < 0) {
        record.mismatchCall = record.calls;
        record.mismatchResult = result;
        record.mismatchIndex = index;
        record.mismatchKernel = kv;
        record.mismatchReference = rv;
      }
    }
    for (int64_t d = k.rank - 1; d >= 0; --d) {
      if (++index[d] < k.size(d))
        break;
      index[d] = 0;
    }
  }
}

/// Calls X(C type, suffix) for every element type with a check entry point
/// (KernelABI.h), so that the definitions and the symbol list cannot fall
/// out of step.
#define SCOPEIR_FOR_EACH_CHECKED_ELEMENT_TYPE(X)                               \
  X(Bool, i1)                                                                  \
  X(int8_t, i8)                                                                \
  X(int16_t, i16)                                                              \
  X(int32_t, i32)                                                              \
  X(int64_t, i64)                                                              \
  X(Half, f16)                                                                 \
  X(BFloat16, bf16)                                                            \
  X(float, f32)                                                                \
  X(double, f64)

#define DEFINE_CHECK_ENTRY_POINT(TYPE, SUFFIX)                                 \
  extern "C" void _mlir_ciface_scopeir_check_kernel_output_##SUFFIX(           \
      int64_t symbol, int64_t result, scopeir_unranked_memref *kernel,         \
      scopeir_unranked_memref *reference) {                                    \
    checkOutput<TYPE>(symbol, result, kernel, reference);                      \
  }
SCOPEIR_FOR_EACH_CHECKED_ELEMENT_TYPE(DEFINE_CHECK_ENTRY_POINT)
#undef DEFINE_CHECK_ENTRY_POINT

/// Called by the compiled program when a kernel returned a nonzero status.
extern "C" void scopeir_kernel_failed(int64_t symbol, int32_t status) {
  std::fflush(stdout);
  std::fprintf(stderr, "scope-run: error: kernel '%s' returned status %d\n",
               reinterpret_cast<const char *>(symbol), status);
  std::fflush(stderr);
  std::exit(1);
}

void scopeir::runtime::startKernelChecks(KernelTolerance tolerance) {
  CheckState &state = getCheckState();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.tolerance = tolerance;
  state.records.clear();
}

KernelTolerance scopeir::runtime::getKernelCheckTolerance() {
  CheckState &state = getCheckState();
  std::lock_guard<std::mutex> lock(state.mutex);
  return state.tolerance;
}

std::vector<KernelCheckRecord> scopeir::runtime::getKernelCheckRecords() {
  CheckState &state = getCheckState();
  std::lock_guard<std::mutex> lock(state.mutex);
  std::vector<KernelCheckRecord> records;
  for (const auto &[symbol, record] : state.records)
    records.push_back(record);
  return records;
}

std::vector<std::pair<std::string, void *>>
scopeir::runtime::getKernelCheckSymbols() {
  std::vector<std::pair<std::string, void *>> symbols;
#define ADD_CHECK_ENTRY_POINT(TYPE, SUFFIX)                                    \
  symbols.emplace_back(                                                        \
      std::string("_mlir_ciface_") + kCheckKernelOutputPrefix + #SUFFIX,       \
      reinterpret_cast<void *>(                                                \
          &_mlir_ciface_scopeir_check_kernel_output_##SUFFIX));
  SCOPEIR_FOR_EACH_CHECKED_ELEMENT_TYPE(ADD_CHECK_ENTRY_POINT)
#undef ADD_CHECK_ENTRY_POINT
  symbols.emplace_back(kKernelFailedFunction,
                       reinterpret_cast<void *>(&scopeir_kernel_failed));
  return symbols;
}
