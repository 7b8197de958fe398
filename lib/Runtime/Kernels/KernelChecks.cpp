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
#include <map>
#include <mutex>

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

/// Compares two memrefs of element type T element by element.
template <typename T>
static void checkOutput(int64_t symbolAddress, int64_t result,
                        scopeir_unranked_memref *kernel,
                        scopeir_unranked_memref *reference) {
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
    double kv =
        static_cast<double>(reinterpret_cast<const T *>(k.aligned())[kOffset]);
    double rv =
        static_cast<double>(reinterpret_cast<const T *>(r.aligned())[rOffset]);
    bool match;
    if (std::isnan(kv) || std::isnan(rv)) {
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
  X(float, f32)                                                                \
  X(double, f64)                                                               \
  X(int32_t, i32)                                                              \
  X(int64_t, i64)

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
