//===- Kernels.cpp - Kernel libraries and kernel checks ---------*- C++ -*-===//
//
// This file implements the loading of kernel libraries, the binding of
// compiled kernel calls to their symbols, and the starting and report of
// kernel checks (their entry points are the kernel runtime's,
// lib/Runtime/Kernels).
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runner/Kernels.h"

#include "scopeir/Runtime/KernelABI.h"
#include "scopeir/Runtime/KernelChecks.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"


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

void KernelLibraries::bindKernel(RunOptions &options, llvm::StringRef symbol,
                                 void *address) {
  options.symbols.emplace_back(
      (llvm::Twine(runtime::kKernelCallPrefix) + symbol).str(), address);
  bool haveFailureReport = llvm::any_of(options.symbols, [](const auto &entry) {
    return entry.first == runtime::kKernelFailedFunction;
  });
  if (haveFailureReport)
    return;
  for (auto &[name, entry] : runtime::getKernelCheckSymbols())
    if (name == runtime::kKernelFailedFunction)
      options.symbols.emplace_back(name, entry);
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

void scopeir::runner::startKernelChecks(RunOptions &options,
                                        KernelTolerance tolerance) {
  runtime::startKernelChecks(tolerance);
  for (auto &[name, address] : runtime::getKernelCheckSymbols())
    if (name != runtime::kKernelFailedFunction)
      options.symbols.emplace_back(name, address);
}

bool scopeir::runner::reportKernelChecks(llvm::raw_ostream &os) {
  KernelTolerance tolerance = runtime::getKernelCheckTolerance();
  std::vector<runtime::KernelCheckRecord> records =
      runtime::getKernelCheckRecords();
  bool allMatched = true;
  os << "kernel check (rtol " << tolerance.rtol << ", atol " << tolerance.atol
     << "):\n";
  if (records.empty())
    os << "  no kernel was called\n";
  for (const runtime::KernelCheckRecord &record : records) {
    os << "  " << record.symbol << ": " << record.calls << " call"
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
