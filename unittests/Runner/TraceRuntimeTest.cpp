//===- TraceRuntimeTest.cpp - Tests of the tracing runtime ------*- C++ -*-===//
//
// This file tests the tracing runtime: pairing of events into nested slices,
// recording from several threads at once, chunk growth, reuse and release,
// mismatched ends, the zone summary and the JSON string escaping of the
// writer.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runtime/Trace.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <map>
#include <string>
#include <thread>
#include <vector>

using namespace scopeir::runtime;

namespace {

// Sites as compiled code holds them: category, name, args, NUL-separated.
const char kOuter[] = "zone\0outer\0{\"scope\":[\"outer\"]}";
const char kInner[] = "zone\0inner\0{}";
const char kDispatch[] = "dispatch\0f_0\0{\"device\":\"llvm-cpu\"}";

class TraceRuntimeTest : public ::testing::Test {
protected:
  void SetUp() override { resetTrace(); }
  void TearDown() override { resetTrace(); }
};

TEST_F(TraceRuntimeTest, SiteParsing) {
  TraceSite site = TraceSite::parse(kOuter);
  EXPECT_EQ(site.category, "zone");
  EXPECT_EQ(site.name, "outer");
  EXPECT_EQ(site.args, "{\"scope\":[\"outer\"]}");
}

TEST_F(TraceRuntimeTest, NestedSlicesAndZonePaths) {
  scopeir_trace_begin(kOuter);
  scopeir_trace_begin(kInner);
  scopeir_trace_begin(kDispatch);
  scopeir_trace_end(kDispatch);
  scopeir_trace_end(kInner);
  scopeir_trace_end(kOuter);
  CollectedTrace trace = collectTrace();
  ASSERT_EQ(trace.slices.size(), 3u);
  EXPECT_EQ(trace.numEvents, 6u);
  EXPECT_EQ(trace.numMismatchedEnds, 0u);
  const Slice &outer = trace.slices[0], &inner = trace.slices[1],
              &dispatch = trace.slices[2];
  EXPECT_EQ(outer.zonePath, "outer");
  EXPECT_EQ(inner.zonePath, "outer/inner");
  // A dispatch is in the zones around it.
  EXPECT_EQ(dispatch.zonePath, "outer/inner");
  EXPECT_EQ(outer.depth, 0u);
  EXPECT_EQ(inner.depth, 1u);
  EXPECT_EQ(dispatch.depth, 2u);
  EXPECT_LE(outer.begin, inner.begin);
  EXPECT_LE(inner.begin, dispatch.begin);
  EXPECT_LE(dispatch.end, inner.end);
  EXPECT_LE(inner.end, outer.end);
  EXPECT_FALSE(outer.unfinished);
}

TEST_F(TraceRuntimeTest, UnfinishedAndMismatched) {
  scopeir_trace_end(kInner); // closes nothing
  scopeir_trace_begin(kOuter);
  scopeir_trace_begin(kInner);
  scopeir_trace_end(kOuter); // closes inner: mismatched
  CollectedTrace trace = collectTrace();
  EXPECT_EQ(trace.numMismatchedEnds, 2u);
  ASSERT_EQ(trace.slices.size(), 2u);
  EXPECT_TRUE(trace.slices[0].unfinished);
  EXPECT_FALSE(trace.slices[1].unfinished);
}

// Several threads record at once, each more events than a chunk holds: every
// thread's slices pair up on its own track, none lost.
TEST_F(TraceRuntimeTest, ThreadsAndChunks) {
  constexpr unsigned kThreads = 4;
  constexpr unsigned kPairs = 70000; // 140000 events: three chunks each
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < kThreads; ++t)
    threads.emplace_back([] {
      for (unsigned i = 0; i < kPairs; ++i) {
        scopeir_trace_begin(kOuter);
        scopeir_trace_begin(kInner);
        scopeir_trace_end(kInner);
        scopeir_trace_end(kOuter);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  CollectedTrace trace = collectTrace();
  EXPECT_EQ(trace.numMismatchedEnds, 0u);
  EXPECT_EQ(trace.numEvents, uint64_t(kThreads) * kPairs * 4);
  std::map<unsigned, unsigned> perThread;
  for (const Slice &slice : trace.slices) {
    ++perThread[slice.thread];
    EXPECT_FALSE(slice.unfinished);
    EXPECT_LE(slice.begin, slice.end);
  }
  ASSERT_EQ(perThread.size(), kThreads);
  for (auto [thread, count] : perThread)
    EXPECT_EQ(count, 2 * kPairs) << "thread " << thread;

  std::vector<ZoneSummaryRow> rows = summarizeZones(trace);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].path, "outer");
  EXPECT_EQ(rows[0].calls, uint64_t(kThreads) * kPairs);
  EXPECT_EQ(rows[1].path, "outer/inner");
  EXPECT_LE(rows[1].totalNanoseconds, rows[0].totalNanoseconds);
}

// Transfers between memories get a summary row per direction, beside the
// zones, in the order first entered; dispatches get none.
TEST_F(TraceRuntimeTest, TransferRows) {
  static const char up[] = "transfer\0host->vulkan\0{\"bytes\":64}";
  static const char down[] = "transfer\0vulkan->host\0{}";
  static const char dispatch[] = "dispatch\0f_0\0{}";
  scopeir_trace_begin(kOuter);
  for (int i = 0; i < 2; ++i) {
    scopeir_trace_begin(up);
    scopeir_trace_end(up);
  }
  scopeir_trace_begin(dispatch);
  scopeir_trace_end(dispatch);
  scopeir_trace_begin(down);
  scopeir_trace_end(down);
  scopeir_trace_end(kOuter);
  std::vector<ZoneSummaryRow> rows = summarizeZones(collectTrace());
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].path, "outer");
  EXPECT_EQ(rows[1].path, "(transfer host->vulkan)");
  EXPECT_EQ(rows[1].calls, 2u);
  EXPECT_EQ(rows[2].path, "(transfer vulkan->host)");
  EXPECT_EQ(rows[2].calls, 1u);
}

/// Records `pairs` begin/end pairs of kOuter on the calling thread.
static void recordPairs(unsigned pairs) {
  for (unsigned i = 0; i < pairs; ++i) {
    scopeir_trace_begin(kOuter);
    scopeir_trace_end(kOuter);
  }
}

TEST_F(TraceRuntimeTest, ResetReusesChunksAndReleaseFreesThem) {
  // Three chunks, then a reset: the spare chunks after the first are not
  // read as events.
  recordPairs(70000);
  EXPECT_EQ(collectTrace().numEvents, 140000u);
  resetTrace();
  recordPairs(3);
  CollectedTrace afterReset = collectTrace();
  EXPECT_EQ(afterReset.numEvents, 6u);
  EXPECT_EQ(afterReset.slices.size(), 3u);
  // Refilling past the first chunk moves into the spare ones.
  recordPairs(40000);
  EXPECT_EQ(collectTrace().numEvents, 80006u);

  releaseTrace();
  CollectedTrace afterRelease = collectTrace();
  EXPECT_EQ(afterRelease.numEvents, 0u);
  EXPECT_EQ(afterRelease.numThreads, 0u);
  // A thread whose chunks were freed records again.
  recordPairs(2);
  CollectedTrace again = collectTrace();
  EXPECT_EQ(again.numEvents, 4u);
  ASSERT_EQ(again.slices.size(), 2u);
  EXPECT_EQ(again.slices[1].zonePath, "outer");
  EXPECT_EQ(again.numMismatchedEnds, 0u);
}

TEST_F(TraceRuntimeTest, EventLimitFoldsTheOldestChunks) {
  // Two chunks at most: a zone around 100,000 inner zone calls (200,004
  // events) keeps the last chunks' events as slices, counts every call in
  // the zone summary, and the outer zone, opened in a dropped chunk, still
  // spans the run.
  releaseTrace();
  setTraceEventLimit(2 * 65536);
  scopeir_trace_begin(kOuter);
  for (int i = 0; i < 100000; ++i) {
    scopeir_trace_begin(kInner);
    scopeir_trace_end(kInner);
  }
  scopeir_trace_begin(kDispatch);
  scopeir_trace_end(kDispatch);
  scopeir_trace_end(kOuter);
  CollectedTrace trace = collectTrace();
  setTraceEventLimit(0);
  EXPECT_EQ(trace.numEvents, 200004u);
  EXPECT_EQ(trace.numMismatchedEnds, 0u);
  // Whole chunks are dropped, and at most two are kept.
  EXPECT_GT(trace.numDroppedEvents, 0u);
  EXPECT_EQ(trace.numDroppedEvents % 65536, 0u);
  EXPECT_LE(trace.numEvents - trace.numDroppedEvents, 2u * 65536);
  ASSERT_FALSE(trace.slices.empty());
  EXPECT_EQ(trace.slices.front().zonePath, "outer");
  EXPECT_FALSE(trace.slices.front().unfinished);
  EXPECT_EQ(trace.slices.back().site.name, "f_0");
  EXPECT_EQ(trace.slices.back().zonePath, "outer");
  std::map<std::string, uint64_t> calls;
  for (const ZoneSummaryRow &row : summarizeZones(trace))
    calls[row.path] = row.calls;
  EXPECT_EQ(calls["outer"], 1u);
  EXPECT_EQ(calls["outer/inner"], 100000u);
  // The trace file says how many events it lacks.
  std::FILE *out = std::tmpfile();
  ASSERT_TRUE(out);
  ASSERT_TRUE(writeChromeTrace(out, trace, {}, 1));
  std::rewind(out);
  std::string text;
  char buffer[4096];
  for (size_t n; (n = std::fread(buffer, 1, sizeof(buffer), out)) > 0;)
    text.append(buffer, n);
  std::fclose(out);
  EXPECT_NE(text.find("\"otherData\":{\"droppedEvents\":" +
                      std::to_string(trace.numDroppedEvents) + "}"),
            std::string::npos);
  releaseTrace();
}

TEST_F(TraceRuntimeTest, JSONStrings) {
  std::string out;
  appendJSONString(out, "a\"b\\c\nd\x01");
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\nd\\u0001\"");
}

TEST_F(TraceRuntimeTest, ChromeTraceFields) {
  // Times from the earliest slice, in microseconds with three decimals;
  // host tracks first (tid 1), then the recording threads.
  CollectedTrace trace;
  Slice slice;
  slice.site = TraceSite::parse(kDispatch);
  slice.begin = 1002003000;
  slice.end = 1012004007;
  slice.thread = 0;
  trace.slices.push_back(slice);
  std::vector<HostSlice> host = {
      {"compile", "pass", "cse", "", 1000000000, 1002000050}};
  std::FILE *file = std::tmpfile();
  ASSERT_TRUE(file);
  ASSERT_TRUE(writeChromeTrace(file, trace, host, 42));
  std::rewind(file);
  std::string text;
  char buffer[4096];
  for (size_t n; (n = std::fread(buffer, 1, sizeof(buffer), file)) > 0;)
    text.append(buffer, n);
  std::fclose(file);
  EXPECT_NE(text.find("{\"name\":\"cse\",\"cat\":\"pass\",\"ph\":\"X\","
                      "\"ts\":0.000,\"dur\":2000.050,\"pid\":42,\"tid\":1,"
                      "\"args\":{}}"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("{\"name\":\"f_0\",\"cat\":\"dispatch\",\"ph\":\"X\","
                      "\"ts\":2003.000,\"dur\":10001.007,\"pid\":42,"
                      "\"tid\":2,\"args\":{\"device\":\"llvm-cpu\"}}"),
            std::string::npos)
      << text;
}

} // namespace
