//===- Kernels.cpp - Kernel libraries and kernel checks ---------*- C++ -*-===//
//
// This file implements the loading of kernel libraries, the binding of
// compiled kernel calls to their symbols, and the check entry points that
// code compiled with hal-lower-dispatch-externs{check} calls after each
// kernel.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runner/Kernels.h"

#include "scopeir/Runtime/KernelABI.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <cstdlib>
#include <map>
#include <mutex>

using namespace scopeir;
using namespace scopeir::runner;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

//===----------------------------------------------------------------------===//
// KernelLibraries
//===----------------------------------------------------------------------===//

llvm::Error KernelLibraries::load(llvm::StringRef path) {
  std::string error;
  llvm::sys::DynamicLibrary library =
      llvm::sys::DynamicLibrary::getLibrary(path.str().c_str(), &error);
  if (!library.isValid())
    return makeError("cannot load kernel library '" + path + "': " + error);
  libraries.emplace_back(path.str(), library);
  return llvm::Error::success();
}

void *KernelLibraries::lookup(llvm::StringRef symbol) const {
  for (const auto &[path, library] : libraries) {
    // DynamicLibrary takes a mutable copy by value.
    llvm::sys::DynamicLibrary copy = library;
    if (void *address = copy.getAddressOfSymbol(symbol.str().c_str()))
      return address;
  }
  return nullptr;
}

/// Called by the compiled program when a kernel returned a nonzero status.
extern "C" void scopeir_kernel_failed(int64_t symbol, int32_t status) {
  llvm::outs().flush();
  llvm::errs() << "scope-run: error: kernel '"
               << reinterpret_cast<const char *>(symbol)
               << "' returned status " << status << "\n";
  llvm::errs().flush();
  std::exit(1);
}

void KernelLibraries::bindKernel(RunOptions &options, llvm::StringRef symbol,
                                 void *address) {
  options.symbols.emplace_back(
      (llvm::Twine(runtime::kKernelCallPrefix) + symbol).str(), address);
  bool haveFailureReport = llvm::any_of(options.symbols, [](const auto &entry) {
    return entry.first == runtime::kKernelFailedFunction;
  });
  if (!haveFailureReport)
    options.symbols.emplace_back(
        runtime::kKernelFailedFunction,
        reinterpret_cast<void *>(&scopeir_kernel_failed));
}

//===----------------------------------------------------------------------===//
// Kernel checks
//===----------------------------------------------------------------------===//

llvm::Expected<KernelTolerance>
scopeir::runner::parseKernelTolerance(llvm::StringRef text) {
  KernelTolerance tolerance;
  if (text.empty())
    return tolerance;
  auto [rtolText, atolText] = text.split(',');
  double rtol, atol;
  if (atolText.empty() || rtolText.trim().getAsDouble(rtol) ||
      atolText.trim().getAsDouble(atol) || !(rtol >= 0) || !(atol >= 0))
    return makeError("--check-kernels takes 'rtol,atol' (two non-negative "
                     "numbers, e.g. 1e-4,1e-5), not '" +
                     text + "'");
  tolerance.rtol = rtol;
  tolerance.atol = atol;
  return tolerance;
}

namespace {
/// What the checks of one kernel symbol found.
struct KernelRecord {
  unsigned calls = 0;
  unsigned mismatchingCalls = 0;
  double maxAbs = 0;
  double maxRel = 0;
  /// The first mismatch: call number, result and index (empty: none).
  unsigned mismatchCall = 0;
  int64_t mismatchResult = -1;
  llvm::SmallVector<int64_t> mismatchIndex;
  double mismatchKernel = 0, mismatchReference = 0;
  std::string shapeError;
};

struct CheckState {
  std::mutex mutex;
  KernelTolerance tolerance;
  /// By symbol, in name order.
  std::map<std::string, KernelRecord> records;
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
  KernelRecord &record = state.records[symbol];
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
  llvm::SmallVector<int64_t> index(k.rank, 0);
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
/// (KernelABI.h), so that the definitions and their registration in
/// startKernelChecks cannot fall out of step.
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

void scopeir::runner::startKernelChecks(RunOptions &options,
                                        KernelTolerance tolerance) {
  CheckState &state = getCheckState();
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    state.tolerance = tolerance;
    state.records.clear();
  }
  auto add = [&](llvm::StringRef suffix, void *address) {
    options.symbols.emplace_back(
        ("_mlir_ciface_" + llvm::Twine(runtime::kCheckKernelOutputPrefix) +
         suffix)
            .str(),
        address);
  };
#define ADD_CHECK_ENTRY_POINT(TYPE, SUFFIX)                                    \
  add(#SUFFIX, reinterpret_cast<void *>(                                       \
                   &_mlir_ciface_scopeir_check_kernel_output_##SUFFIX));
  SCOPEIR_FOR_EACH_CHECKED_ELEMENT_TYPE(ADD_CHECK_ENTRY_POINT)
#undef ADD_CHECK_ENTRY_POINT
}

bool scopeir::runner::reportKernelChecks(llvm::raw_ostream &os) {
  CheckState &state = getCheckState();
  std::lock_guard<std::mutex> lock(state.mutex);
  bool allMatched = true;
  os << "kernel check (rtol " << state.tolerance.rtol << ", atol "
     << state.tolerance.atol << "):\n";
  if (state.records.empty())
    os << "  no kernel was called\n";
  for (const auto &[symbol, record] : state.records) {
    os << "  " << symbol << ": " << record.calls << " call"
       << (record.calls == 1 ? "" : "s") << ", max abs diff "
       << llvm::format("%.3g", record.maxAbs) << ", max rel diff "
       << llvm::format("%.3g", record.maxRel);
    if (record.mismatchingCalls == 0) {
      os << ", ok\n";
      continue;
    }
    allMatched = false;
    os << ", MISMATCH in " << record.mismatchingCalls << " call"
       << (record.mismatchingCalls == 1 ? "" : "s");
    if (!record.shapeError.empty())
      os << ": " << record.shapeError;
    if (record.mismatchResult >= 0) {
      os << "; first: call " << record.mismatchCall << ", result #"
         << record.mismatchResult << " at [";
      llvm::interleaveComma(record.mismatchIndex, os);
      os << "]: kernel " << llvm::format("%g", record.mismatchKernel)
         << ", decomposition " << llvm::format("%g", record.mismatchReference);
    }
    os << "\n";
  }
  return allMatched;
}
