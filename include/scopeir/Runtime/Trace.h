//===- Trace.h - scopeir's tracing runtime ----------------------*- C++ -*-===//
//
// This file declares the host side of the tracing runtime: collecting what
// compiled code recorded through the entry points of TraceABI.h, pairing it
// into slices, and writing it as Chrome trace-event JSON or as a per-zone
// summary. The runtime uses the C++ standard library only (no MLIR, no LLVM).
//
// Recording: each thread appends 16-byte events (a timestamp and the site's
// address) to a buffer of its own, allocated when the thread records its
// first event and grown by whole chunks of 65536 events (1 MiB), so no event
// allocates and no event takes a lock; with an event limit, the oldest chunk
// is folded into zone totals and reused. Collecting reads every thread's
// buffer: call it when no thread records any more (after the traced code
// has returned).
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNTIME_TRACE_H
#define SCOPEIR_RUNTIME_TRACE_H

#include "scopeir/Runtime/TraceABI.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace scopeir::runtime {

/// The three parts of a trace site (see TraceABI.h).
struct TraceSite {
  std::string_view category;
  std::string_view name;
  /// A JSON object, or empty.
  std::string_view args;

  static TraceSite parse(const char *site);
};

/// Returns the current time of the trace clock in nanoseconds. The clock is
/// monotonic and shared by all threads; its origin is arbitrary.
uint64_t traceNow();

/// Returns how the trace clock reads time: "tsc" (the CPU's invariant time
/// stamp counter, calibrated against std::chrono::steady_clock) or
/// "steady_clock".
const char *getTraceClockName();

/// A slice recorded by the host rather than by compiled code (a compile
/// phase); its strings are owned.
struct HostSlice {
  /// The track (one per thread of the trace) the slice is drawn on.
  std::string track;
  std::string category;
  std::string name;
  /// A JSON object, or empty.
  std::string args;
  /// Trace clock times (traceNow).
  uint64_t begin = 0;
  uint64_t end = 0;
};

/// One slice paired from a begin and an end event of compiled code. The
/// strings point into the site.
struct Slice {
  TraceSite site;
  uint64_t begin = 0;
  uint64_t end = 0;
  /// The recording thread, numbered from 0 in the order threads first
  /// recorded.
  unsigned thread = 0;
  /// Slices open around this one on its thread.
  unsigned depth = 0;
  /// The names of the enclosing `zone` slices and, for a zone, its own,
  /// joined by '/' (`encoder/layer1`).
  std::string zonePath;
  /// True if no end event closed the slice (it ends at the thread's last
  /// event).
  bool unfinished = false;
};

/// The zone time of events dropped from a thread's buffer (once the
/// thread reached its event limit) for one zone path.
struct FoldedZone {
  std::string path;
  uint64_t calls = 0;
  uint64_t totalNanoseconds = 0;
  /// When the path was first entered.
  uint64_t firstBegin = 0;
};

/// Everything recorded so far, paired into slices.
struct CollectedTrace {
  /// Slices in the order they were opened, thread after thread.
  std::vector<Slice> slices;
  /// Threads that recorded at least one event.
  unsigned numThreads = 0;
  /// Events recorded.
  uint64_t numEvents = 0;
  /// End events whose site was not the one of the innermost open slice (the
  /// innermost slice is closed anyway) or that closed nothing.
  uint64_t numMismatchedEnds = 0;
  /// Events dropped from the threads' buffers at their event limit
  /// (setTraceEventLimit): no slice of theirs is in `slices`, but their zone
  /// time is in `foldedZones` and the slices they left open are in
  /// `slices`, from their begin.
  uint64_t numDroppedEvents = 0;
  std::vector<FoldedZone> foldedZones;
};

/// Bounds the events a thread keeps to about `maxEventsPerThread` (rounded
/// up to whole chunks of 65536, at least two; 0: no bound, the default).
/// A thread that reaches the bound folds its oldest chunk into zone totals
/// and reuses it: the zone summary still counts every zone call, the trace
/// holds the most recent events, and CollectedTrace::numDroppedEvents says
/// how many it lacks. Recording costs what it costs without a bound, but
/// for the fold once per chunk. Call before the traced code runs.
void setTraceEventLimit(uint64_t maxEventsPerThread);

/// Pairs every thread's events recorded since the last reset() into slices.
/// No thread may record while this runs.
CollectedTrace collectTrace();

/// Drops every recorded event; threads keep their chunks and reuse them.
/// No thread may record while this runs.
void resetTrace();

/// Drops every recorded event and frees every thread's chunks (what a
/// collected trace no longer needs); a thread that records again allocates
/// anew. No thread may record while this runs.
void releaseTrace();

/// One row of the zone summary.
struct ZoneSummaryRow {
  /// Slice::zonePath, or `(transfer <from>-><to>)` for the transfers
  /// between memories in one direction.
  std::string path;
  uint64_t calls = 0;
  uint64_t totalNanoseconds = 0;
};

/// Sums the `zone` slices of `trace` by zone path, and the `transfer`
/// slices by direction, in the order they were first entered (a zone before
/// the zones nested in it).
std::vector<ZoneSummaryRow> summarizeZones(const CollectedTrace &trace);

/// Formats `rows` as a table: zone path, calls, total ms, mean us and share
/// of `runNanoseconds` (the wall time of the traced calls).
std::string formatZoneSummary(const std::vector<ZoneSummaryRow> &rows,
                              uint64_t runNanoseconds);

/// Writes `trace` and `hostSlices` as Chrome trace-event JSON (an object
/// with `traceEvents`; opens in Perfetto and chrome://tracing): one complete
/// event (`"ph":"X"`) per slice, timestamps in microseconds from the
/// earliest slice, host tracks first, then one track per recording thread
/// (named `run thread N`), all in process `pid`. Returns false if writing
/// failed.
bool writeChromeTrace(std::FILE *out, const CollectedTrace &trace,
                      const std::vector<HostSlice> &hostSlices, int pid);

/// Appends `text` to `out` as a JSON string literal (quoted, escaped).
void appendJSONString(std::string &out, std::string_view text);

} // namespace scopeir::runtime

#endif // SCOPEIR_RUNTIME_TRACE_H
