//===- fma-peak.cpp - The core's f32 FMA peak for bench/backends.sh -------===//
//
// This file implements the register-only probe that bench/backends.sh takes
// as the machine's f32 peak: independent chains of fused multiply-adds on
// 512-bit (`_mm512_fmadd_ps`) and 256-bit (`_mm256_fmadd_ps`) vectors, no
// memory traffic in the loop, timed with steady_clock, on 1 to T threads
// (one chain set per thread). It is built by the script with
// `-O2 -march=native`, not by the project.
//
//   fma-peak THREADS[,THREADS...] [SECONDS]
//
// Prints one line per vector width and thread count:
// `fma<bits> <threads> <GFLOP/s>`, the best of runs of about a millisecond
// repeated for SECONDS (default 1): other processes can only slow a run
// down, so the fastest is the closest to the peak, and a short run can fit
// between two preemptions on a shared machine. Then
// `mhz <cpu MHz of /proc/cpuinfo>` (information only: under a hypervisor it
// is often the nominal clock, not the one the core runs at).
//
//===----------------------------------------------------------------------===//

#include <immintrin.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

/// Independent accumulators per thread: enough to cover the FMA latency (4
/// cycles on recent x86 cores) times the FMA issue width (2 per cycle) with
/// room to spare, so that no chain waits on its own previous result, and
/// few enough that the chains, the scale and the offset stay in registers:
/// 16 of the 32 vector registers of AVX-512, 12 of the 16 of AVX2 (where 16
/// chains spilled to the stack and the probe gave 59 GFLOP/s on a Zen 3
/// core on which OpenBLAS's sgemm ran at 93).
#ifdef __AVX512F__
constexpr int kChains = 16;
#else
constexpr int kChains = 12;
#endif

/// The chains' start values come from memory at run time: with constant
/// ones clang-22 emitted 15 FMAs per iteration for the 16 chains, and the
/// probe counted flops it did not execute.
volatile float chainSeed = 0.5f;

/// Runs `iterations` x kChains FMAs on `Vec`; returns a value that depends
/// on every chain so that none is optimized away.
template <typename Vec, Vec (*Set1)(float), Vec (*Fma)(Vec, Vec, Vec),
          Vec (*Add)(Vec, Vec)>
float chains(long iterations) {
  Vec acc[kChains];
  for (int i = 0; i < kChains; ++i)
    acc[i] = Set1(chainSeed + float(i));
  // acc = acc * 0.999999 + 1e-6 converges towards 1: no overflow and no
  // denormals, whose assists would be slower than the peak.
  Vec scale = Set1(0.999999f), offset = Set1(1e-6f);
  for (long it = 0; it < iterations; ++it)
    for (int i = 0; i < kChains; ++i)
      acc[i] = Fma(acc[i], scale, offset);
  Vec sum = acc[0];
  for (int i = 1; i < kChains; ++i)
    sum = Add(sum, acc[i]);
  float lanes[sizeof(Vec) / sizeof(float)];
  std::memcpy(lanes, &sum, sizeof(Vec));
  return lanes[0];
}

#ifdef __AVX512F__
__m512 set1x16(float v) { return _mm512_set1_ps(v); }
__m512 fmax16(__m512 a, __m512 b, __m512 c) { return _mm512_fmadd_ps(a, b, c); }
__m512 addx16(__m512 a, __m512 b) { return _mm512_add_ps(a, b); }
float chains512(long n) { return chains<__m512, set1x16, fmax16, addx16>(n); }
#endif
__m256 set1x8(float v) { return _mm256_set1_ps(v); }
__m256 fmax8(__m256 a, __m256 b, __m256 c) { return _mm256_fmadd_ps(a, b, c); }
__m256 addx8(__m256 a, __m256 b) { return _mm256_add_ps(a, b); }
float chains256(long n) { return chains<__m256, set1x8, fmax8, addx8>(n); }

/// Pins the calling thread to the `index`-th CPU of `allowed`, if there is
/// one: on a busy machine the scheduler may otherwise leave a new thread on
/// its parent's core for a second or more, and the probe then measures one
/// core shared by two threads.
void pinToCpu(const cpu_set_t &allowed, int index) {
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &allowed) || index-- > 0)
      continue;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    sched_setaffinity(0, sizeof(one), &one);
    return;
  }
}

/// The best GFLOP/s of `threads` threads each running `probe` for
/// `iterations` at once, over runs repeated for about `seconds`: all flops
/// of a run over the time from its common start to the last thread's end.
/// The calling thread is one of them and the others are started once and
/// spin between runs, each pinned to its own CPU, so that a run costs no
/// thread start-up or wake-up (yielding instead hands the core to another
/// process for a whole time slice on a busy machine).
double best(float (*probe)(long), int lanes, int threads, long iterations,
            double seconds) {
  std::atomic<int> generation{0}, done{0};
  std::atomic<bool> stop{false};
  std::vector<float> sink(threads);
  std::vector<std::thread> workers;
  cpu_set_t callerCpus;
  bool pinned =
      threads > 1 && !sched_getaffinity(0, sizeof(callerCpus), &callerCpus);
  if (pinned)
    pinToCpu(callerCpus, 0);
  for (int t = 1; t < threads; ++t)
    workers.emplace_back([&, t] {
      if (pinned)
        pinToCpu(callerCpus, t);
      for (int seen = 0;;) {
        while (generation.load() == seen && !stop.load())
          ;
        if (stop.load())
          return;
        seen = generation.load();
        sink[t] += probe(iterations);
        done.fetch_add(1);
      }
    });
  double top = 0;
  auto begin = std::chrono::steady_clock::now();
  for (int run = 1;; ++run) {
    auto start = std::chrono::steady_clock::now();
    generation.store(run);
    sink[0] += probe(iterations);
    while (done.load() != run * (threads - 1))
      ;
    auto end = std::chrono::steady_clock::now();
    double elapsed = std::chrono::duration<double>(end - start).count();
    // One FMA is two flops per lane.
    top = std::max(top, 2.0 * lanes * kChains * double(iterations) * threads /
                            elapsed / 1e9);
    if (std::chrono::duration<double>(end - begin).count() > seconds)
      break;
  }
  stop.store(true);
  for (std::thread &worker : workers)
    worker.join();
  if (pinned)
    sched_setaffinity(0, sizeof(callerCpus), &callerCpus);
  volatile float keep = 0;
  for (float value : sink)
    keep = keep + value;
  (void)keep;
  return top;
}

/// Iterations of `probe` that take about a millisecond on an idle core:
/// short enough that a run often fits between two preemptions on a busy
/// machine, long enough for steady_clock (tens of ns) not to matter.
long calibrate(float (*probe)(long)) {
  long iterations = 1 << 14;
  double fastest = 1e9;
  volatile float keep = 0; // or the unused chains are dead code
  for (int i = 0; i < 20; ++i) {
    auto start = std::chrono::steady_clock::now();
    keep = keep + probe(iterations);
    fastest = std::min(fastest, std::chrono::duration<double>(
                                    std::chrono::steady_clock::now() - start)
                                    .count());
  }
  return std::max(1L, long(iterations * 1e-3 / fastest));
}

std::string cpuMhz() {
  std::ifstream info("/proc/cpuinfo");
  std::string line;
  while (std::getline(info, line))
    if (line.rfind("cpu MHz", 0) == 0)
      return line.substr(line.find(':') + 2);
  return "unknown";
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: fma-peak THREADS[,THREADS...] [SECONDS]\n");
    return 2;
  }
  double seconds = argc > 2 ? std::atof(argv[2]) : 1.0;
  std::vector<int> counts;
  for (const char *p = argv[1]; *p;) {
    counts.push_back(std::atoi(p));
    p = std::strchr(p, ',') ? std::strchr(p, ',') + 1 : p + std::strlen(p);
  }
  for (int threads : counts) {
#ifdef __AVX512F__
    std::printf("fma512 %d %.2f\n", threads,
                best(chains512, 16, threads, calibrate(chains512), seconds));
#endif
    std::printf("fma256 %d %.2f\n", threads,
                best(chains256, 8, threads, calibrate(chains256), seconds));
  }
  std::printf("mhz %s\n", cpuMhz().c_str());
  return 0;
}
