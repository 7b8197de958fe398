//===- Trace.cpp - scopeir's tracing runtime --------------------*- C++ -*-===//
//
// This file implements the tracing runtime: the entry points compiled code
// calls (per-thread event buffers, no allocation or lock per event), the
// trace clock, pairing events into slices, the zone summary and the Chrome
// trace-event JSON writer.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runtime/Trace.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#define SCOPEIR_TRACE_HAVE_TSC 1
#else
#define SCOPEIR_TRACE_HAVE_TSC 0
#endif

using namespace scopeir::runtime;

//===----------------------------------------------------------------------===//
// Trace clock
//===----------------------------------------------------------------------===//

namespace {

/// How raw clock readings ("ticks") become nanoseconds: with the TSC, a
/// linear map calibrated once against steady_clock; with steady_clock,
/// ticks are nanoseconds already.
struct Clock {
  bool useTsc = false;
  uint64_t tick0 = 0;
  uint64_t nanoseconds0 = 0;
  double nanosecondsPerTick = 1;

  Clock();
  uint64_t toNanoseconds(uint64_t ticks) const {
    if (!useTsc)
      return ticks;
    // Readings before the calibration (none in practice) clamp to its start.
    if (ticks < tick0)
      return nanoseconds0;
    return nanoseconds0 +
           static_cast<uint64_t>(static_cast<double>(ticks - tick0) *
                                 nanosecondsPerTick);
  }
};

uint64_t readSteadyNanoseconds() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

/// Returns true if the CPU's time stamp counter ticks at a constant rate in
/// every power state and on every core (CPUID's "invariant TSC" bit), so
/// that it can time events on any thread.
bool hasInvariantTsc() {
#if SCOPEIR_TRACE_HAVE_TSC
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(0x80000000u, &eax, &ebx, &ecx, &edx) || eax < 0x80000007u)
    return false;
  if (!__get_cpuid(0x80000007u, &eax, &ebx, &ecx, &edx))
    return false;
  return (edx >> 8) & 1;
#else
  return false;
#endif
}

Clock::Clock() {
  // SCOPEIR_TRACE_CLOCK=steady_clock forces the portable clock (to compare
  // the two, or where the TSC misbehaves).
  const char *choice = std::getenv("SCOPEIR_TRACE_CLOCK");
  bool forceSteady = choice && std::strcmp(choice, "steady_clock") == 0;
  useTsc = !forceSteady && hasInvariantTsc();
#if SCOPEIR_TRACE_HAVE_TSC
  if (useTsc) {
    // Two readings of both clocks 2 ms apart. Both slices of a trace and the
    // host's slices use this one map, so its error (about the cost of a
    // clock reading over 2 ms) scales durations slightly but never skews
    // one kind of event against another.
    uint64_t steadyStart = readSteadyNanoseconds();
    uint64_t tickStart = __rdtsc();
    uint64_t steadyEnd, tickEnd;
    do {
      steadyEnd = readSteadyNanoseconds();
      tickEnd = __rdtsc();
    } while (steadyEnd - steadyStart < 2000000);
    if (tickEnd > tickStart) {
      tick0 = tickStart;
      nanoseconds0 = steadyStart;
      nanosecondsPerTick = static_cast<double>(steadyEnd - steadyStart) /
                           static_cast<double>(tickEnd - tickStart);
      return;
    }
    useTsc = false;
  }
#endif
}

/// The clock, calibrated on first use and never destroyed (threads may
/// record while the process exits).
const Clock &getClock() {
  static const Clock *clock = new Clock();
  return *clock;
}

/// Whether events read the TSC; set when a thread registers (after the
/// clock is calibrated), read on every event.
std::atomic<bool> useTscForEvents{false};

inline uint64_t readTicks() {
#if SCOPEIR_TRACE_HAVE_TSC
  if (useTscForEvents.load(std::memory_order_relaxed))
    return __rdtsc();
#endif
  return readSteadyNanoseconds();
}

} // namespace

uint64_t scopeir::runtime::traceNow() {
  const Clock &clock = getClock();
#if SCOPEIR_TRACE_HAVE_TSC
  if (clock.useTsc)
    return clock.toNanoseconds(__rdtsc());
#endif
  return readSteadyNanoseconds();
}

const char *scopeir::runtime::getTraceClockName() {
  return getClock().useTsc ? "tsc" : "steady_clock";
}

//===----------------------------------------------------------------------===//
// Recording
//===----------------------------------------------------------------------===//

namespace {

/// One begin or end: the clock reading (with kEndBit for an end) and the
/// site.
struct Event {
  uint64_t stamp;
  const char *site;
};
constexpr uint64_t kEndBit = uint64_t(1) << 63;

/// 65536 events (1 MiB) per chunk: a thread allocates once per that many
/// events.
constexpr size_t kChunkEvents = size_t(1) << 16;

/// Allocated with `new Chunk` (default-initialized): the events are written
/// before they are read, and value-initializing would zero 1 MiB, touching
/// every page at once in the call that happens to fill the previous chunk.
struct Chunk {
  Chunk *next = nullptr;
  Event events[kChunkEvents];
};

/// What the oldest events of a thread left behind once their chunk was
/// reused (the thread reached the event limit): the zone time they add up
/// to, the slices still open, and counts. Zones are identified by interned
/// paths (a parent path and a site), so that folding a chunk builds no
/// string.
struct FoldState {
  struct Open {
    const char *site;
    uint64_t begin;
    /// The zone path of the slice (its own for a zone, else the enclosing
    /// zones'); -1: none.
    int32_t path;
  };
  struct Path {
    int32_t parent;
    const char *site;
    uint64_t calls = 0;
    uint64_t nanoseconds = 0;
    uint64_t firstBegin = UINT64_MAX;
  };
  std::vector<Open> stack;
  std::vector<Path> paths;
  std::unordered_map<uint64_t, int32_t> pathIndex;
  uint64_t numEvents = 0;
  uint64_t numMismatchedEnds = 0;

  /// Returns the id of zone `site` inside path `parent`.
  int32_t internPath(int32_t parent, const char *site) {
    uint64_t key = reinterpret_cast<uintptr_t>(site) * 31 +
                   static_cast<uint64_t>(parent + 1);
    // Keys may collide: check the entry, probe linearly on a mismatch.
    for (;; ++key) {
      auto [it, inserted] = pathIndex.try_emplace(key, paths.size());
      if (inserted) {
        paths.push_back({parent, site});
        return it->second;
      }
      const Path &path = paths[it->second];
      if (path.parent == parent && path.site == site)
        return it->second;
    }
  }

  void clear() { *this = FoldState(); }
};

/// Returns true if `site` is a zone's (its category is `zone`).
static bool isZoneSite(const char *site) {
  return site && std::strcmp(site, "zone") == 0;
}

/// One thread's events: a list of chunks, `tail` being filled. Chunks after
/// `tail` are spare ones kept by resetTrace() for reuse: memory a thread has
/// written once costs no page fault when it records again. A thread with
/// an event limit that fills its last allowed chunk folds the oldest chunk
/// into `fold` and reuses it. Each log has a cache line of its own: every
/// event writes `cursor`, and two threads' logs allocated side by side would
/// otherwise share a line.
struct alignas(64) ThreadLog {
  Event *cursor = nullptr;
  Event *limit = nullptr;
  Chunk *head = nullptr;
  Chunk *tail = nullptr;
  unsigned index = 0;
  /// Chunks allocated (the ring's size once the limit is reached).
  size_t numChunks = 0;
  FoldState fold;

  ~ThreadLog() { release(); }

  void startChunk(Chunk *chunk) {
    tail = chunk;
    cursor = chunk->events;
    limit = chunk->events + kChunkEvents;
  }

  /// Moves to the next chunk (the current one is full, or there is none
  /// yet): a spare one if there is one, else the oldest one once
  /// `maxChunks` (0: no limit) are allocated, else a fresh one.
  void grow(size_t maxChunks) {
    if (!tail) {
      head = new Chunk;
      numChunks = 1;
      startChunk(head);
      return;
    }
    if (!tail->next && maxChunks && numChunks >= maxChunks &&
        head != tail) {
      Chunk *oldest = head;
      foldChunk(*oldest, oldest->events + kChunkEvents);
      head = oldest->next;
      oldest->next = nullptr;
      tail->next = oldest;
      startChunk(oldest);
      return;
    }
    if (!tail->next) {
      tail->next = new Chunk;
      ++numChunks;
    }
    startChunk(tail->next);
  }

  /// Pairs the events of `chunk` up to `end` into `fold`: zone time into
  /// the paths, opens onto the stack.
  void foldChunk(const Chunk &chunk, const Event *end);

  /// Forgets every event, keeping the chunks as spares.
  void rewind() {
    fold.clear();
    if (head)
      startChunk(head);
  }

  /// Frees every chunk; the next event allocates a fresh one.
  void release() {
    for (Chunk *chunk = head; chunk;) {
      Chunk *next = chunk->next;
      delete chunk;
      chunk = next;
    }
    head = tail = nullptr;
    cursor = limit = nullptr;
    numChunks = 0;
    fold.clear();
  }
};

/// Every thread's log, in the order threads first recorded. Never
/// destroyed: threads may record while the process exits.
struct Registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<ThreadLog>> logs;
};

Registry &getRegistry() {
  static Registry *registry = new Registry();
  return *registry;
}

thread_local ThreadLog *currentLog = nullptr;

/// The most chunks a thread keeps (0: no limit): setTraceEventLimit.
std::atomic<size_t> maxChunksPerThread{0};

/// The first event of a thread: calibrates the clock if nobody has yet and
/// registers a log with its first chunk.
[[gnu::noinline]] ThreadLog *registerThread() {
  useTscForEvents.store(getClock().useTsc, std::memory_order_relaxed);
  Registry &registry = getRegistry();
  auto log = std::make_unique<ThreadLog>();
  log->grow(maxChunksPerThread.load(std::memory_order_relaxed));
  std::lock_guard<std::mutex> lock(registry.mutex);
  log->index = registry.logs.size();
  currentLog = log.get();
  registry.logs.push_back(std::move(log));
  return currentLog;
}

[[gnu::noinline]] ThreadLog *makeRoom() {
  if (!currentLog)
    return registerThread();
  currentLog->grow(maxChunksPerThread.load(std::memory_order_relaxed));
  return currentLog;
}

inline void record(uint64_t stamp, const char *site) {
  ThreadLog *log = currentLog;
  if (__builtin_expect(!log || log->cursor == log->limit, 0))
    log = makeRoom();
  *log->cursor++ = Event{stamp, site};
}

} // namespace

extern "C" void scopeir_trace_begin(const char *site) {
  // The first event of a thread registers it, which calibrates the clock:
  // only then is the kind of reading known.
  if (__builtin_expect(!currentLog, 0))
    registerThread();
  record(readTicks(), site);
}

extern "C" void scopeir_trace_end(const char *site) {
  if (__builtin_expect(!currentLog, 0))
    registerThread();
  uint64_t stamp = readTicks();
  record(stamp | kEndBit, site);
}

//===----------------------------------------------------------------------===//
// Collecting
//===----------------------------------------------------------------------===//

TraceSite TraceSite::parse(const char *site) {
  TraceSite result;
  if (!site)
    return result;
  result.category = site;
  const char *name = site + result.category.size() + 1;
  result.name = name;
  result.args = name + result.name.size() + 1;
  return result;
}

/// Returns true if an end of site `b` may close a slice of site `a`: the
/// same address, or the same category and name (two modules may each hold a
/// copy; args, such as locations, may differ).
static bool closes(const char *a, const char *b) {
  if (a == b)
    return true;
  if (!a || !b)
    return false;
  TraceSite x = TraceSite::parse(a), y = TraceSite::parse(b);
  return x.category == y.category && x.name == y.name;
}

void ThreadLog::foldChunk(const Chunk &chunk, const Event *end) {
  const Clock &clock = getClock();
  for (const Event *event = chunk.events; event != end; ++event) {
    ++fold.numEvents;
    uint64_t time = clock.toNanoseconds(event->stamp & ~kEndBit);
    if (!(event->stamp & kEndBit)) {
      int32_t outer = fold.stack.empty() ? -1 : fold.stack.back().path;
      int32_t path =
          isZoneSite(event->site) ? fold.internPath(outer, event->site) : outer;
      fold.stack.push_back({event->site, time, path});
      continue;
    }
    if (fold.stack.empty()) {
      ++fold.numMismatchedEnds;
      continue;
    }
    FoldState::Open open = fold.stack.back();
    fold.stack.pop_back();
    if (!closes(open.site, event->site))
      ++fold.numMismatchedEnds;
    if (isZoneSite(open.site)) {
      FoldState::Path &path = fold.paths[open.path];
      ++path.calls;
      path.nanoseconds += time >= open.begin ? time - open.begin : 0;
      path.firstBegin = std::min(path.firstBegin, open.begin);
    }
  }
}

void scopeir::runtime::setTraceEventLimit(uint64_t maxEventsPerThread) {
  size_t chunks =
      maxEventsPerThread == 0
          ? 0
          : std::max<size_t>(2, (maxEventsPerThread + kChunkEvents - 1) /
                                    kChunkEvents);
  maxChunksPerThread.store(chunks, std::memory_order_relaxed);
}

/// Returns the zone path of `id` in `fold` as names joined by '/'.
static std::string getFoldedPath(const FoldState &fold, int32_t id) {
  std::vector<std::string_view> names;
  for (; id >= 0; id = fold.paths[id].parent)
    names.push_back(TraceSite::parse(fold.paths[id].site).name);
  std::string text;
  for (auto it = names.rbegin(); it != names.rend(); ++it) {
    if (!text.empty())
      text += '/';
    text += *it;
  }
  return text;
}

CollectedTrace scopeir::runtime::collectTrace() {
  CollectedTrace trace;
  const Clock &clock = getClock();
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  struct Open {
    const char *site;
    size_t slice;
  };
  for (const std::unique_ptr<ThreadLog> &log : registry.logs) {
    std::vector<Open> stack;
    uint64_t last = 0;
    const FoldState &fold = log->fold;
    bool any = fold.numEvents != 0;
    // What the folded events add up to, and the slices they left open,
    // which the events still in the chunks may close.
    trace.numEvents += fold.numEvents;
    trace.numDroppedEvents += fold.numEvents;
    trace.numMismatchedEnds += fold.numMismatchedEnds;
    for (size_t id = 0; id < fold.paths.size(); ++id)
      if (fold.paths[id].calls)
        trace.foldedZones.push_back(
            {getFoldedPath(fold, static_cast<int32_t>(id)),
             fold.paths[id].calls, fold.paths[id].nanoseconds,
             fold.paths[id].firstBegin});
    for (const FoldState::Open &open : fold.stack) {
      Slice slice;
      slice.site = TraceSite::parse(open.site);
      slice.begin = slice.end = open.begin;
      slice.thread = log->index;
      slice.depth = stack.size();
      slice.zonePath = open.path >= 0 ? getFoldedPath(fold, open.path) : "";
      last = std::max(last, open.begin);
      stack.push_back({open.site, trace.slices.size()});
      trace.slices.push_back(std::move(slice));
    }
    for (Chunk *chunk = log->head; chunk; chunk = chunk->next) {
      bool isTail = chunk == log->tail;
      const Event *end = isTail ? log->cursor : chunk->events + kChunkEvents;
      for (const Event *event = chunk->events; event != end; ++event) {
        any = true;
        ++trace.numEvents;
        bool isEnd = event->stamp & kEndBit;
        uint64_t time = clock.toNanoseconds(event->stamp & ~kEndBit);
        last = std::max(last, time);
        if (!isEnd) {
          Slice slice;
          slice.site = TraceSite::parse(event->site);
          slice.begin = time;
          slice.end = time;
          slice.thread = log->index;
          slice.depth = stack.size();
          // The innermost open slice knows the enclosing zones (a
          // dispatch's path is the one of the zones around it).
          const std::string &outer =
              stack.empty() ? std::string()
                            : trace.slices[stack.back().slice].zonePath;
          if (slice.site.category == "zone")
            slice.zonePath = outer.empty()
                                 ? std::string(slice.site.name)
                                 : outer + "/" + std::string(slice.site.name);
          else
            slice.zonePath = outer;
          stack.push_back({event->site, trace.slices.size()});
          trace.slices.push_back(std::move(slice));
          continue;
        }
        if (stack.empty()) {
          ++trace.numMismatchedEnds;
          continue;
        }
        Open open = stack.back();
        stack.pop_back();
        if (!closes(open.site, event->site))
          ++trace.numMismatchedEnds;
        trace.slices[open.slice].end = time;
      }
      // Chunks after the tail are spares.
      if (isTail)
        break;
    }
    for (const Open &open : stack) {
      trace.slices[open.slice].end = last;
      trace.slices[open.slice].unfinished = true;
    }
    if (any)
      ++trace.numThreads;
  }
  return trace;
}

void scopeir::runtime::resetTrace() {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const std::unique_ptr<ThreadLog> &log : registry.logs)
    log->rewind();
}

void scopeir::runtime::releaseTrace() {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const std::unique_ptr<ThreadLog> &log : registry.logs)
    log->release();
}

//===----------------------------------------------------------------------===//
// Zone summary
//===----------------------------------------------------------------------===//

std::vector<ZoneSummaryRow>
scopeir::runtime::summarizeZones(const CollectedTrace &trace) {
  struct Entry {
    ZoneSummaryRow row;
    uint64_t firstBegin;
  };
  std::vector<Entry> entries;
  std::unordered_map<std::string, size_t> index;
  // Zones of events dropped from the trace once a thread reached its event
  // limit: counted, though no slice of theirs is left.
  for (const FoldedZone &folded : trace.foldedZones) {
    auto [it, inserted] = index.try_emplace(folded.path, entries.size());
    if (inserted)
      entries.push_back(
          {ZoneSummaryRow{folded.path, 0, 0}, folded.firstBegin});
    Entry &entry = entries[it->second];
    entry.row.calls += folded.calls;
    entry.row.totalNanoseconds += folded.totalNanoseconds;
    entry.firstBegin = std::min(entry.firstBegin, folded.firstBegin);
  }
  for (const Slice &slice : trace.slices) {
    // Zones by path; transfers between memories by direction.
    std::string path;
    if (slice.site.category == "zone")
      path = slice.zonePath;
    else if (slice.site.category == "transfer")
      path = "(transfer " + std::string(slice.site.name) + ")";
    else
      continue;
    auto [it, inserted] = index.try_emplace(path, entries.size());
    if (inserted)
      entries.push_back({ZoneSummaryRow{path, 0, 0}, slice.begin});
    Entry &entry = entries[it->second];
    ++entry.row.calls;
    entry.row.totalNanoseconds += slice.end - slice.begin;
    entry.firstBegin = std::min(entry.firstBegin, slice.begin);
  }
  // A zone is entered before the zones nested in it; sibling threads'
  // zones interleave by time.
  std::vector<size_t> order(entries.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::make_pair(entries[a].firstBegin, a) <
           std::make_pair(entries[b].firstBegin, b);
  });
  std::vector<ZoneSummaryRow> rows;
  rows.reserve(entries.size());
  for (size_t i : order)
    rows.push_back(std::move(entries[i].row));
  return rows;
}

/// snprintf into a std::string.
template <typename... Args>
static std::string format(const char *fmt, Args... args) {
  char buffer[256];
  int n = std::snprintf(buffer, sizeof(buffer), fmt, args...);
  if (n < 0)
    return {};
  if (static_cast<size_t>(n) < sizeof(buffer))
    return std::string(buffer, n);
  std::string text(n, '\0');
  std::snprintf(text.data(), n + 1, fmt, args...);
  return text;
}

std::string
scopeir::runtime::formatZoneSummary(const std::vector<ZoneSummaryRow> &rows,
                                    uint64_t runNanoseconds) {
  size_t width = 4;
  for (const ZoneSummaryRow &row : rows)
    width = std::max(width, row.path.size());
  int w = static_cast<int>(width);
  std::string text;
  text += format("%-*s %10s %12s %12s %10s\n", w, "zone", "calls", "total ms",
                 "mean us", "% of run");
  for (const ZoneSummaryRow &row : rows) {
    double totalMs = row.totalNanoseconds / 1e6;
    double meanUs =
        row.calls ? row.totalNanoseconds / 1e3 / static_cast<double>(row.calls)
                  : 0.0;
    double share = runNanoseconds
                       ? 100.0 * static_cast<double>(row.totalNanoseconds) /
                             static_cast<double>(runNanoseconds)
                       : 0.0;
    text += format("%-*s %10" PRIu64 " %12.3f %12.3f %9.1f%%\n", w,
                   row.path.c_str(), row.calls, totalMs, meanUs, share);
  }
  text += format("run time: %.3f ms\n", runNanoseconds / 1e6);
  return text;
}

//===----------------------------------------------------------------------===//
// Chrome trace-event JSON
//===----------------------------------------------------------------------===//

void scopeir::runtime::appendJSONString(std::string &out,
                                        std::string_view text) {
  out.push_back('"');
  for (char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20)
        out += format("\\u%04x", static_cast<unsigned>(c));
      else
        out.push_back(c);
    }
  }
  out.push_back('"');
}

/// Returns true if `args` holds a JSON object with at least one member.
static bool hasMembers(std::string_view args) {
  size_t open = args.find('{');
  if (open == std::string_view::npos)
    return false;
  size_t next = args.find_first_not_of(" \t\r\n", open + 1);
  return next != std::string_view::npos && args[next] != '}';
}

/// Appends the args of a slice: `args` (a JSON object, or empty) with
/// `"unfinished":true` added when `unfinished`.
static void appendArgs(std::string &out, std::string_view args,
                       bool unfinished) {
  if (args.empty() || args.find('{') == std::string_view::npos)
    args = "{}";
  if (!unfinished) {
    out += args;
    return;
  }
  size_t close = args.rfind('}');
  out += args.substr(0, close);
  if (hasMembers(args))
    out += ",";
  out += "\"unfinished\":true}";
}

/// Appends `value` in decimal (std::to_chars: no locale, no format string;
/// the writer appends several numbers per slice).
static void appendDecimal(std::string &out, uint64_t value) {
  char buffer[24];
  auto [end, error] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  (void)error;
  out.append(buffer, end);
}

/// Appends `nanoseconds` as microseconds with three decimals.
static void appendMicroseconds(std::string &out, uint64_t nanoseconds) {
  appendDecimal(out, nanoseconds / 1000);
  uint64_t fraction = nanoseconds % 1000;
  out.push_back('.');
  out.push_back(static_cast<char>('0' + fraction / 100));
  out.push_back(static_cast<char>('0' + fraction / 10 % 10));
  out.push_back(static_cast<char>('0' + fraction % 10));
}

bool scopeir::runtime::writeChromeTrace(
    std::FILE *out, const CollectedTrace &trace,
    const std::vector<HostSlice> &hostSlices, int pid) {
  uint64_t origin = UINT64_MAX;
  for (const Slice &slice : trace.slices)
    origin = std::min(origin, slice.begin);
  for (const HostSlice &slice : hostSlices)
    origin = std::min(origin, slice.begin);
  if (origin == UINT64_MAX)
    origin = 0;

  // Thread ids: host tracks in order of first appearance, then the
  // recording threads.
  std::vector<std::string> trackNames;
  std::unordered_map<std::string, unsigned> trackIds;
  for (const HostSlice &slice : hostSlices)
    if (trackIds.try_emplace(slice.track, trackNames.size() + 1).second)
      trackNames.push_back(slice.track);
  unsigned firstRunTid = trackNames.size() + 1;
  unsigned numRunThreads = 0;
  for (const Slice &slice : trace.slices)
    numRunThreads = std::max(numRunThreads, slice.thread + 1);

  std::string text;
  bool first = true;
  auto beginEvent = [&]() {
    text += first ? "\n" : ",\n";
    first = false;
  };
  auto flush = [&]() -> bool {
    if (text.empty())
      return true;
    bool ok = std::fwrite(text.data(), 1, text.size(), out) == text.size();
    text.clear();
    return ok;
  };
  auto metadata = [&](unsigned tid, const char *what, std::string_view name,
                      unsigned sortIndex) {
    beginEvent();
    text += format("{\"name\":\"%s\",\"ph\":\"M\",\"pid\":%d,\"tid\":%u,"
                   "\"args\":{\"name\":",
                   what, pid, tid);
    appendJSONString(text, name);
    text += "}}";
    beginEvent();
    text += format("{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":%d,"
                   "\"tid\":%u,\"args\":{\"sort_index\":%u}}",
                   pid, tid, sortIndex);
  };
  // `,"pid":<pid>,"tid":`, the same for every slice.
  const std::string pidField = format(",\"pid\":%d,\"tid\":", pid);
  auto slice = [&](unsigned tid, std::string_view category,
                   std::string_view name, std::string_view args, uint64_t begin,
                   uint64_t end, bool unfinished) {
    beginEvent();
    text += "{\"name\":";
    appendJSONString(text, name);
    text += ",\"cat\":";
    appendJSONString(text, category);
    text += ",\"ph\":\"X\",\"ts\":";
    appendMicroseconds(text, begin - origin);
    text += ",\"dur\":";
    appendMicroseconds(text, end >= begin ? end - begin : 0);
    text += pidField;
    appendDecimal(text, tid);
    text += ",\"args\":";
    appendArgs(text, args, unfinished);
    text += "}";
  };

  bool ok = true;
  text += "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[";
  for (unsigned i = 0, e = trackNames.size(); i < e; ++i)
    metadata(i + 1, "thread_name", trackNames[i], i);
  for (unsigned t = 0; t < numRunThreads; ++t)
    metadata(firstRunTid + t, "thread_name", "run thread " + std::to_string(t),
             firstRunTid - 1 + t);
  for (const HostSlice &host : hostSlices) {
    slice(trackIds[host.track], host.category, host.name, host.args, host.begin,
          host.end, /*unfinished=*/false);
    if (text.size() > (1 << 16))
      ok &= flush();
  }
  for (const Slice &s : trace.slices) {
    slice(firstRunTid + s.thread, s.site.category, s.site.name, s.site.args,
          s.begin, s.end, s.unfinished);
    if (text.size() > (1 << 16))
      ok &= flush();
  }
  text += "\n],\"otherData\":{\"droppedEvents\":";
  appendDecimal(text, trace.numDroppedEvents);
  text += "}}\n";
  ok &= flush();
  return ok && std::fflush(out) == 0;
}
