//===- trace-recorders.cpp - scopeir's trace runtime against LLVM's -------===//
//
// This file implements a benchmark harness comparing two recorders of
// begin/end pairs that both end in Chrome trace-event JSON: scopeir's
// tracing runtime (scopeir_trace_begin/end, lib/Runtime/Trace) and LLVM's
// TimeTraceProfiler (llvm/Support/TimeProfiler.h). bench/tracing.py builds
// it against libLLVM and the build's libScopeirTraceRuntime.a and runs it;
// it is not part of the project's build.
//
// For each recorder and each thread count it prints one line:
//
//   <recorder> <threads> <ns per pair> <heap bytes per pair> <write ns/pair>
//
// - ns per pair: the wall time of `--pairs` begin/end pairs recorded back to
//   back on each of `threads` threads at once, divided by `--pairs` (so with
//   two threads on two idle cores it stays what one thread pays if the
//   recorder scales);
// - heap bytes per pair: what the process's heap grew by while recording,
//   over all threads' pairs (glibc's mallinfo2, mmapped blocks included);
// - write ns per pair: collecting and writing the JSON to /dev/null, per
//   pair recorded.
//
// Each figure is the median of `--rounds` rounds; the recorders run in turn
// within a round, so that a drifting machine moves them alike. The LLVM
// recorder runs with granularity 0 (every entry is kept, as scopeir keeps
// every event) in two variants: a name only, and a name plus a detail string
// as long as the args scopeir's sites carry (a scope path and a location).
// scopeir runs twice: into fresh chunks (`scopeir`, freed after each round)
// and into chunks an untimed first recording of the round touched
// (`scopeir-reused`, resetTrace), which separates the cost of first touching
// memory from the cost of recording. The threads besides the main one live
// for all the rounds of a thread count, as a thread pool's do.
// After the recorders, two lines `clock <name> <ns>` give the cost of one
// reading of scopeir's trace clock and of std::chrono::steady_clock.
//
// Usage: trace-recorders [--pairs N] [--rounds N] [--threads 1,2]
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runtime/Trace.h"

#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"

#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

/// The site of a zone as util-lower-trace-markers emits it.
constexpr char kSite[] =
    "zone\0step\0{\"scope\":\"encoder/layer1/step\",\"loc\":\"model.mlir:"
    "42:7\"}";
/// The same information as an LLVM detail string.
constexpr const char *kDetail =
    "{\"scope\":\"encoder/layer1/step\",\"loc\":\"model.mlir:42:7\"}";

size_t heapBytes() {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

double seconds(std::chrono::steady_clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

/// A recorder under test.
struct Recorder {
  const char *name;
  /// Makes the recorder ready on the calling (main) thread.
  std::function<void()> setUp;
  /// Records `pairs` pairs on the calling thread (which it sets up and
  /// finishes if it is not the main thread).
  std::function<void(size_t pairs, bool worker)> record;
  /// Writes everything recorded to `out`.
  std::function<void(std::FILE *out)> write;
  /// Drops everything recorded.
  std::function<void()> tearDown;
  /// If set, every round records once untimed and calls this to drop the
  /// events but keep the memory, then records the timed pairs.
  std::function<void()> rewind = nullptr;
};

struct Figures {
  double nsPerPair;
  double bytesPerPair;
  double writeNsPerPair;
};

/// Threads that live for the whole run, as a thread pool running device
/// code does: a recorder's per-thread state outlives a round.
class Workers {
public:
  /// Starts `count` workers besides the main thread.
  explicit Workers(unsigned count) {
    for (unsigned t = 1; t <= count; ++t)
      threads.emplace_back([this, t] { loop(t); });
  }
  ~Workers() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
      ++generation;
    }
    wake.notify_all();
    for (std::thread &thread : threads)
      thread.join();
  }

  /// Runs `job(t)` on the main thread (t = 0) and on every worker
  /// (t = 1..count) at once and returns when all are done.
  void run(const std::function<void(unsigned)> &job) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      current = &job;
      pending = threads.size();
      ++generation;
    }
    wake.notify_all();
    job(0);
    std::unique_lock<std::mutex> lock(mutex);
    done.wait(lock, [&] { return pending == 0; });
  }

private:
  void loop(unsigned t) {
    uint64_t seen = 0;
    while (true) {
      const std::function<void(unsigned)> *job;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return generation != seen; });
        seen = generation;
        if (stopping)
          return;
        job = current;
      }
      (*job)(t);
      std::lock_guard<std::mutex> lock(mutex);
      if (--pending == 0)
        done.notify_one();
    }
  }

  std::vector<std::thread> threads;
  std::mutex mutex;
  std::condition_variable wake, done;
  const std::function<void(unsigned)> *current = nullptr;
  size_t pending = 0;
  uint64_t generation = 0;
  bool stopping = false;
};

Figures runOnce(const Recorder &recorder, size_t pairs, Workers &workers,
                unsigned threads) {
  recorder.setUp();
  auto job = [&](unsigned t) { recorder.record(pairs, t != 0); };
  if (recorder.rewind) {
    workers.run(job);
    recorder.rewind();
  }
  size_t heapBefore = heapBytes();
  auto start = std::chrono::steady_clock::now();
  workers.run(job);
  double wall = seconds(std::chrono::steady_clock::now() - start);
  size_t heapAfter = heapBytes();

  std::FILE *null = std::fopen("/dev/null", "w");
  auto writeStart = std::chrono::steady_clock::now();
  recorder.write(null);
  double writeSeconds = seconds(std::chrono::steady_clock::now() - writeStart);
  std::fclose(null);
  recorder.tearDown();

  double total = static_cast<double>(pairs) * threads;
  return {wall / static_cast<double>(pairs) * 1e9,
          heapAfter > heapBefore
              ? static_cast<double>(heapAfter - heapBefore) / total
              : 0.0,
          writeSeconds / total * 1e9};
}

std::vector<Recorder> makeRecorders() {
  std::vector<Recorder> recorders;
  recorders.push_back({"scopeir", [] {},
                       [](size_t pairs, bool) {
                         for (size_t i = 0; i < pairs; ++i) {
                           scopeir_trace_begin(kSite);
                           scopeir_trace_end(kSite);
                         }
                       },
                       [](std::FILE *out) {
                         scopeir::runtime::CollectedTrace trace =
                             scopeir::runtime::collectTrace();
                         scopeir::runtime::writeChromeTrace(out, trace, {}, 1);
                       },
                       [] { scopeir::runtime::releaseTrace(); }});
  // The same recording into chunks a first recording has touched
  // (resetTrace keeps them): no page is written for the first time.
  Recorder reused = recorders.back();
  reused.name = "scopeir-reused";
  reused.rewind = [] { scopeir::runtime::resetTrace(); };
  recorders.push_back(reused);
  auto llvmRecorder = [](const char *name, const char *detail) {
    return Recorder{
        name, [] { llvm::timeTraceProfilerInitialize(0, "trace-recorders"); },
        [detail](size_t pairs, bool worker) {
          // Every thread needs its own profiler instance, and hands it over
          // to the main thread's before it exits.
          if (worker)
            llvm::timeTraceProfilerInitialize(0, "trace-recorders");
          for (size_t i = 0; i < pairs; ++i) {
            llvm::TimeTraceProfilerEntry *entry =
                llvm::timeTraceProfilerBegin("step", detail);
            llvm::timeTraceProfilerEnd(entry);
          }
          if (worker)
            llvm::timeTraceProfilerFinishThread();
        },
        [](std::FILE *out) {
          std::fflush(out);
          llvm::raw_fd_ostream os(fileno(out), /*shouldClose=*/false);
          llvm::timeTraceProfilerWrite(os);
        },
        [] { llvm::timeTraceProfilerCleanup(); }};
  };
  recorders.push_back(llvmRecorder("llvm", ""));
  recorders.push_back(llvmRecorder("llvm+detail", kDetail));
  return recorders;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

[[noreturn]] void usage() {
  std::fprintf(stderr, "usage: trace-recorders [--pairs N] [--rounds N] "
                       "[--threads 1,2]\n");
  std::exit(2);
}

} // namespace

int main(int argc, char **argv) {
  size_t pairs = 200000;
  unsigned rounds = 5;
  std::vector<unsigned> threadCounts = {1, 2};
  for (int i = 1; i < argc; ++i) {
    if (i + 1 >= argc)
      usage();
    if (!std::strcmp(argv[i], "--pairs")) {
      pairs = std::strtoull(argv[++i], nullptr, 10);
    } else if (!std::strcmp(argv[i], "--rounds")) {
      rounds = std::strtoul(argv[++i], nullptr, 10);
    } else if (!std::strcmp(argv[i], "--threads")) {
      threadCounts.clear();
      for (char *p = argv[++i]; *p;) {
        threadCounts.push_back(std::strtoul(p, &p, 10));
        if (*p == ',')
          ++p;
      }
    } else {
      usage();
    }
  }
  if (!pairs || !rounds || threadCounts.empty() ||
      llvm::is_contained(threadCounts, 0u))
    usage();

  std::vector<Recorder> recorders = makeRecorders();
  for (unsigned threads : threadCounts) {
    Workers workers(threads - 1);
    // Warm-up: calibrates scopeir's clock and faults in the allocators.
    for (const Recorder &recorder : recorders)
      runOnce(recorder, 1000, workers, threads);
    std::vector<std::vector<Figures>> figures(recorders.size());
    for (unsigned round = 0; round < rounds; ++round)
      for (size_t r = 0; r < recorders.size(); ++r)
        figures[r].push_back(runOnce(recorders[r], pairs, workers, threads));
    for (size_t r = 0; r < recorders.size(); ++r) {
      std::vector<double> ns, bytes, write;
      for (const Figures &f : figures[r]) {
        ns.push_back(f.nsPerPair);
        bytes.push_back(f.bytesPerPair);
        write.push_back(f.writeNsPerPair);
      }
      std::printf("%s %u %.2f %.1f %.2f\n", recorders[r].name, threads,
                  median(ns), median(bytes), median(write));
    }
  }
  scopeir::runtime::releaseTrace();

  // What one reading of each clock costs, median of `rounds` runs of
  // `pairs` readings.
  auto clockCost = [&](auto read) {
    std::vector<double> ns;
    for (unsigned round = 0; round < rounds; ++round) {
      uint64_t sink = 0;
      auto start = std::chrono::steady_clock::now();
      for (size_t i = 0; i < pairs; ++i)
        sink += read();
      double elapsed = seconds(std::chrono::steady_clock::now() - start);
      asm volatile("" : : "r"(sink));
      ns.push_back(elapsed / static_cast<double>(pairs) * 1e9);
    }
    return median(ns);
  };
  std::printf("clock %s %.2f\n", scopeir::runtime::getTraceClockName(),
              clockCost([] { return scopeir::runtime::traceNow(); }));
  std::printf(
      "clock steady_clock %.2f\n", clockCost([] {
        return static_cast<uint64_t>(
            std::chrono::steady_clock::now().time_since_epoch().count());
      }));
  return 0;
}
