//===- TraceSession.h - Tracing a compile and its runs ----------*- C++ -*-===//
//
// This file declares what a tool that compiles and runs a module does to
// trace it: open the trace file before compiling, time every pass of the
// compile pipeline, let the compiled code reach the tracing runtime, and at
// the end write the Chrome trace and the per-zone summary.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNNER_TRACESESSION_H
#define SCOPEIR_RUNNER_TRACESESSION_H

#include "scopeir/Runner/Runner.h"
#include "scopeir/Runtime/Trace.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace scopeir::runner {

/// One traced compile-and-run of a tool.
class TraceSession {
public:
  ~TraceSession();

  /// Starts a session that writes Chrome trace-event JSON to `tracePath`
  /// (none if empty) and prints the zone summary if `printZones`, each
  /// recording thread keeping about `maxEventsPerThread` events (0: all;
  /// runtime::setTraceEventLimit). Opens the file now, so that a path that
  /// cannot be written is an error before anything is compiled.
  static llvm::Expected<std::unique_ptr<TraceSession>>
  create(llvm::StringRef tracePath, bool printZones,
         uint64_t maxEventsPerThread = 0);

  /// Adds an instrumentation to `pm` that records one slice per pass run
  /// (pass adaptors included, so nested pipelines nest) on the `compile`
  /// track, or on `compile worker N` for passes run on other threads.
  void instrument(mlir::PassManager &pm);

  /// Records a compile phase that is not a pass (LLVM's optimizer and code
  /// generation) on the `compile` track; times from traceNow().
  void recordCompilePhase(llvm::StringRef name, uint64_t begin, uint64_t end);

  /// Returns the trace clock's current time (runtime::traceNow).
  static uint64_t now();

  /// Adds the tracing runtime's entry points to the symbols the JIT
  /// resolves.
  static void addRuntimeSymbols(RunOptions &options);

  /// Adds the wall time of one call of the traced code (the share of run
  /// time in the zone summary is relative to their sum).
  void addRunTime(double seconds) { runSeconds += seconds; }

  /// Collects what the compiled code recorded, writes the trace file and
  /// prints the zone summary to `os`. Call once, after the last traced call
  /// and while the compiled code (which owns the site strings) is loaded.
  llvm::Error finish(llvm::raw_ostream &os);

private:
  TraceSession() = default;

  class Instrumentation;
  friend class Instrumentation;

  std::string tracePath;
  std::FILE *file = nullptr;
  bool printZones = false;
  double runSeconds = 0;
  std::mutex mutex;
  std::vector<runtime::HostSlice> compileSlices;
};

} // namespace scopeir::runner

#endif // SCOPEIR_RUNNER_TRACESESSION_H
