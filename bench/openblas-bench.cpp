//===- openblas-bench.cpp - OpenBLAS baselines for bench/backends.sh ------===//
//
// This file implements the yardstick of bench/backends.sh: single-precision
// GEMM and an im2col + GEMM convolution through OpenBLAS's CBLAS interface,
// timed over repeated calls. It is built by the script, not by the project.
//
//   openblas-bench gemm M N K REPS THREADS
//   openblas-bench conv N H W C KH KW F REPS THREADS   (valid, stride 1, NHWC/HWCF)
//
// Prints one line: `<kernel> <min s> <median s> <max s> <GFLOP/s at median>`.
//
//===----------------------------------------------------------------------===//

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

extern "C" char *openblas_get_corename(void);
extern "C" void openblas_set_num_threads(int);

namespace {

std::vector<float> makeData(size_t count, unsigned seed) {
  std::vector<float> data(count);
  unsigned state = seed;
  for (float &value : data) {
    state = 1664525u * state + 1013904223u;
    value = static_cast<float>(state >> 8) / static_cast<float>(1 << 23) - 1;
  }
  return data;
}

template <typename Fn> int report(int reps, double flops, Fn &&call) {
  call(); // warm-up: page faults, thread start-up
  std::vector<double> times;
  for (int i = 0; i < reps; ++i) {
    auto start = std::chrono::steady_clock::now();
    call();
    times.push_back(std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - start)
                        .count());
  }
  std::sort(times.begin(), times.end());
  double median = times.size() % 2
                      ? times[times.size() / 2]
                      : (times[times.size() / 2 - 1] + times[times.size() / 2]) / 2;
  std::printf("%s %.6g %.6g %.6g %.2f\n", openblas_get_corename(), times.front(),
              median, times.back(), flops / median / 1e9);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc >= 7 && !std::strcmp(argv[1], "gemm")) {
    int m = std::atoi(argv[2]), n = std::atoi(argv[3]), k = std::atoi(argv[4]);
    int reps = std::atoi(argv[5]);
    openblas_set_num_threads(std::atoi(argv[6]));
    std::vector<float> a = makeData(size_t(m) * k, 1), b = makeData(size_t(k) * n, 2);
    std::vector<float> c(size_t(m) * n);
    return report(reps, 2.0 * m * n * k, [&] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f,
                  a.data(), k, b.data(), n, 0.0f, c.data(), n);
    });
  }
  if (argc >= 11 && !std::strcmp(argv[1], "conv")) {
    int batch = std::atoi(argv[2]), h = std::atoi(argv[3]), w = std::atoi(argv[4]);
    int ch = std::atoi(argv[5]), kh = std::atoi(argv[6]), kw = std::atoi(argv[7]);
    int f = std::atoi(argv[8]), reps = std::atoi(argv[9]);
    openblas_set_num_threads(std::atoi(argv[10]));
    int oh = h - kh + 1, ow = w - kw + 1;
    std::vector<float> input = makeData(size_t(batch) * h * w * ch, 1);
    std::vector<float> filter = makeData(size_t(kh) * kw * ch * f, 2);
    size_t rows = size_t(batch) * oh * ow, depth = size_t(kh) * kw * ch;
    std::vector<float> columns(rows * depth), output(rows * f);
    return report(reps, 2.0 * rows * depth * f, [&] {
      // im2col: one row of kh*kw*ch values per output pixel (HWC order,
      // matching the HWCF filter's rows), then one GEMM.
      for (int b = 0; b < batch; ++b)
        for (int y = 0; y < oh; ++y)
          for (int x = 0; x < ow; ++x) {
            float *row = &columns[((size_t(b) * oh + y) * ow + x) * depth];
            for (int dy = 0; dy < kh; ++dy)
              std::memcpy(row + size_t(dy) * kw * ch,
                          &input[((size_t(b) * h + y + dy) * w + x) * ch],
                          sizeof(float) * kw * ch);
          }
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(rows), f,
                  int(depth), 1.0f, columns.data(), int(depth), filter.data(), f,
                  0.0f, output.data(), f);
    });
  }
  std::fprintf(stderr, "usage: openblas-bench gemm M N K REPS THREADS\n"
                       "       openblas-bench conv N H W C KH KW F REPS THREADS\n");
  return 2;
}
