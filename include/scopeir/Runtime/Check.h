//===- Check.h - scopeir's check runtime ------------------------*- C++ -*-===//
//
// This file declares the host side of the check runtime: how many
// expectations failed, where reports go, and the entry points of CheckABI.h
// by name, for a JIT to resolve. The runtime uses the C++ standard library
// only (no MLIR, no LLVM).
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNTIME_CHECK_H
#define SCOPEIR_RUNTIME_CHECK_H

#include "scopeir/Runtime/CheckABI.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace scopeir::runtime {

/// Returns the number of failed expectations since the last reset (or the
/// start of the process). Thread-safe.
uint64_t getCheckFailureCount();

/// Sets the failure count to 0.
void resetCheckFailures();

/// Sends the reports of failed expectations to `stream` (stderr by
/// default); each report is flushed when written.
void setCheckReportStream(std::FILE *stream);

/// How many mismatching elements a report lists (10 by default); it counts
/// all of them.
void setCheckReportLimit(unsigned elements);

/// Returns every entry point of CheckABI.h as (symbol, address), the names
/// as compiled code calls them.
std::vector<std::pair<std::string, void *>> getCheckEntryPoints();

} // namespace scopeir::runtime

#endif // SCOPEIR_RUNTIME_CHECK_H
