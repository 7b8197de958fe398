//===- lib-bench.cpp - Library baselines for bench/backends.sh ------------===//
//
// This file implements the yardsticks of bench/backends.sh: single-precision
// GEMM, batched GEMM and NHWC convolutions through one of OpenBLAS (CBLAS),
// BLIS (its native typed API) or oneDNN (`dnnl_sgemm` and the direct
// convolution primitive), timed over repeated calls. The script builds it
// once per library (-DLIB_BENCH_OPENBLAS, -DLIB_BENCH_BLIS,
// -DLIB_BENCH_DNNL): the BLAS symbols of OpenBLAS and BLIS clash, so no
// binary links two of them. It is not built by the project.
//
//   lib-bench gemm M N K REPS
//   lib-bench bmm B M N K REPS                  (B independent GEMMs)
//   lib-bench conv N H W C KH KW F SH SW REPS   (valid, NHWC/HWCF)
//   lib-bench dwconv N H W C KH KW SH SW REPS   (valid, depthwise, NHWC/HWC)
//
// The thread count is the library's own default, read from the environment
// (OPENBLAS_NUM_THREADS, BLIS_NUM_THREADS, OMP_NUM_THREADS): the caller sets
// all of them alike. The BLAS libraries run a convolution as an im2col copy
// plus one GEMM, both timed; they have no depthwise convolution. oneDNN runs
// `convolution_direct` on NHWC activations with the weights in the layout it
// picks (`any`), reordered once outside the timed calls, as PyTorch does.
//
// Prints one line: `<kernel> <threads> <min s> <median s> <max s> <GFLOP/s
// at median>`, or `n/a <reason>` for an operation the library lacks.
//
//===----------------------------------------------------------------------===//

#if defined(LIB_BENCH_OPENBLAS)
#include <cblas.h>
#elif defined(LIB_BENCH_BLIS)
#include <blis.h>
#elif defined(LIB_BENCH_DNNL)
#include <oneapi/dnnl/dnnl.hpp>
#else
#error "define one of LIB_BENCH_OPENBLAS, LIB_BENCH_BLIS, LIB_BENCH_DNNL"
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#if defined(LIB_BENCH_OPENBLAS)
extern "C" char *openblas_get_corename(void);
extern "C" int openblas_get_num_threads(void);
#elif defined(LIB_BENCH_DNNL)
// oneDNN's OpenMP runtime is GNU's (libgomp); ask it, not another runtime.
extern "C" int omp_get_max_threads(void);
#endif

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

#if defined(LIB_BENCH_DNNL)
const char *isaName(dnnl_cpu_isa_t isa) {
  switch (isa) {
  case dnnl_cpu_isa_avx2:
    return "avx2";
  case dnnl_cpu_isa_avx512_core:
    return "avx512_core";
  case dnnl_cpu_isa_avx512_core_vnni:
    return "avx512_core_vnni";
  case dnnl_cpu_isa_avx512_core_bf16:
    return "avx512_core_bf16";
  case dnnl_cpu_isa_avx512_core_amx:
    return "avx512_core_amx";
  default:
    return "other";
  }
}
#endif

/// The library, its kernel and its threading runtime, as one word.
std::string kernelName() {
#if defined(LIB_BENCH_OPENBLAS)
  return std::string("OpenBLAS:") + openblas_get_corename();
#elif defined(LIB_BENCH_BLIS)
  return std::string("BLIS-") + bli_info_get_version_str() + ":" +
         bli_arch_string(bli_arch_query_id());
#else
  const dnnl_version_t *version = dnnl_version();
  const char *runtime = version->cpu_runtime == DNNL_RUNTIME_OMP   ? "omp"
                        : version->cpu_runtime == DNNL_RUNTIME_SEQ ? "seq"
                        : version->cpu_runtime == DNNL_RUNTIME_TBB ? "tbb"
                                                                   : "other";
  return "oneDNN-" + std::to_string(version->major) + "." +
         std::to_string(version->minor) + "." + std::to_string(version->patch) +
         ":" + runtime + ":" + isaName(dnnl_get_effective_cpu_isa());
#endif
}

int threadCount() {
#if defined(LIB_BENCH_OPENBLAS)
  return openblas_get_num_threads();
#elif defined(LIB_BENCH_BLIS)
  return int(bli_thread_get_num_threads());
#else
  return omp_get_max_threads();
#endif
}

template <typename Fn>
int report(const std::string &kernel, int reps, double flops, Fn &&call) {
  call(); // warm-up: page faults, thread start-up, oneDNN's JIT
  std::vector<double> times;
  for (int i = 0; i < reps; ++i) {
    auto start = std::chrono::steady_clock::now();
    call();
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(times.begin(), times.end());
  double median =
      times.size() % 2
          ? times[times.size() / 2]
          : (times[times.size() / 2 - 1] + times[times.size() / 2]) / 2;
  std::printf("%s %d %.6g %.6g %.6g %.2f\n", kernel.c_str(), threadCount(),
              times.front(), median, times.back(), flops / median / 1e9);
  return 0;
}

/// C = A * B, row-major, M x K times K x N.
void sgemm(int m, int n, int k, const float *a, const float *b, float *c) {
#if defined(LIB_BENCH_OPENBLAS)
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a, k, b,
              n, 0.0f, c, n);
#elif defined(LIB_BENCH_BLIS)
  float one = 1.0f, zero = 0.0f;
  bli_sgemm(BLIS_NO_TRANSPOSE, BLIS_NO_TRANSPOSE, m, n, k, &one,
            const_cast<float *>(a), k, 1, const_cast<float *>(b), n, 1, &zero,
            c, n, 1);
#else
  dnnl_sgemm('N', 'N', m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
#endif
}

#if defined(LIB_BENCH_DNNL)
/// A direct convolution (grouped when `groups` > 1) on NHWC activations.
int dnnlConv(int batch, int h, int w, int ch, int kh, int kw, int f, int sh,
             int sw, int groups, int reps, double flops) {
  using namespace dnnl;
  using tag = memory::format_tag;
  using dt = memory::data_type;
  int oh = (h - kh) / sh + 1, ow = (w - kw) / sw + 1;
  engine eng(engine::kind::cpu, 0);
  stream strm(eng);
  memory::desc srcDesc({batch, ch, h, w}, dt::f32, tag::nhwc);
  memory::desc dstDesc({batch, f, oh, ow}, dt::f32, tag::nhwc);
  // The filter as the caller holds it (HWCF, or HWC for depthwise) and as
  // oneDNN wants it (`any`: its blocked layout for this ISA).
  memory::dims weightDims =
      groups > 1 ? memory::dims{groups, f / groups, ch / groups, kh, kw}
                 : memory::dims{f, ch, kh, kw};
  memory::desc userWeights(weightDims, dt::f32,
                           groups > 1 ? tag::hwigo : tag::hwio);
  memory::desc anyWeights(weightDims, dt::f32, tag::any);
  convolution_forward::desc desc(prop_kind::forward_inference,
                                 algorithm::convolution_direct, srcDesc,
                                 anyWeights, dstDesc, {sh, sw}, {0, 0}, {0, 0});
  convolution_forward::primitive_desc pd(desc, eng);

  std::vector<float> input = makeData(size_t(batch) * h * w * ch, 1);
  std::vector<float> filter = makeData(size_t(kh) * kw * (ch / groups) * f, 2);
  std::vector<float> output(size_t(batch) * oh * ow * f);
  memory src(srcDesc, eng, input.data());
  memory dst(dstDesc, eng, output.data());
  memory user(userWeights, eng, filter.data());
  memory weights(pd.weights_desc(), eng);
  reorder(user, weights).execute(strm, user, weights);
  strm.wait();

  convolution_forward conv(pd);
  std::string kernel = kernelName() + ":" + pd.impl_info_str();
  return report(kernel, reps, flops, [&] {
    conv.execute(strm, {{DNNL_ARG_SRC, src},
                        {DNNL_ARG_WEIGHTS, weights},
                        {DNNL_ARG_DST, dst}});
    strm.wait();
  });
}
#endif

} // namespace

int main(int argc, char **argv) {
  auto arg = [&](int i) { return std::atoi(argv[i]); };
  if (argc == 6 && !std::strcmp(argv[1], "gemm")) {
    int m = arg(2), n = arg(3), k = arg(4), reps = arg(5);
    std::vector<float> a = makeData(size_t(m) * k, 1),
                       b = makeData(size_t(k) * n, 2);
    std::vector<float> c(size_t(m) * n);
    return report(kernelName(), reps, 2.0 * m * n * k,
                  [&] { sgemm(m, n, k, a.data(), b.data(), c.data()); });
  }
  if (argc == 7 && !std::strcmp(argv[1], "bmm")) {
    int batch = arg(2), m = arg(3), n = arg(4), k = arg(5), reps = arg(6);
    std::vector<float> a = makeData(size_t(batch) * m * k, 1),
                       b = makeData(size_t(batch) * k * n, 2);
    std::vector<float> c(size_t(batch) * m * n);
    // None of the three has a batched SGEMM in these versions: one call per
    // batch element, as a caller without one would do.
    return report(kernelName(), reps, 2.0 * batch * m * n * k, [&] {
      for (int i = 0; i < batch; ++i)
        sgemm(m, n, k, &a[size_t(i) * m * k], &b[size_t(i) * k * n],
              &c[size_t(i) * m * n]);
    });
  }
  if (argc == 12 && !std::strcmp(argv[1], "conv")) {
    int batch = arg(2), h = arg(3), w = arg(4), ch = arg(5), kh = arg(6),
        kw = arg(7), f = arg(8), sh = arg(9), sw = arg(10), reps = arg(11);
    int oh = (h - kh) / sh + 1, ow = (w - kw) / sw + 1;
    size_t rows = size_t(batch) * oh * ow, depth = size_t(kh) * kw * ch;
    double flops = 2.0 * rows * depth * f;
#if defined(LIB_BENCH_DNNL)
    return dnnlConv(batch, h, w, ch, kh, kw, f, sh, sw, 1, reps, flops);
#else
    std::vector<float> input = makeData(size_t(batch) * h * w * ch, 1);
    std::vector<float> filter = makeData(depth * f, 2);
    std::vector<float> columns(rows * depth), output(rows * f);
    return report(kernelName() + ":im2col", reps, flops, [&] {
      // im2col: one row of kh*kw*ch values per output pixel (HWC order,
      // matching the HWCF filter's rows), then one GEMM. A filter row's kw
      // pixels are adjacent in the input whatever the stride.
      for (int b = 0; b < batch; ++b)
        for (int y = 0; y < oh; ++y)
          for (int x = 0; x < ow; ++x) {
            float *row = &columns[((size_t(b) * oh + y) * ow + x) * depth];
            for (int dy = 0; dy < kh; ++dy)
              std::memcpy(
                  row + size_t(dy) * kw * ch,
                  &input[((size_t(b) * h + y * sh + dy) * w + x * sw) * ch],
                  sizeof(float) * kw * ch);
          }
      sgemm(int(rows), f, int(depth), columns.data(), filter.data(),
            output.data());
    });
#endif
  }
  if (argc == 11 && !std::strcmp(argv[1], "dwconv")) {
#if defined(LIB_BENCH_DNNL)
    int batch = arg(2), h = arg(3), w = arg(4), ch = arg(5), kh = arg(6),
        kw = arg(7), sh = arg(8), sw = arg(9), reps = arg(10);
    int oh = (h - kh) / sh + 1, ow = (w - kw) / sw + 1;
    double flops = 2.0 * batch * oh * ow * ch * kh * kw;
    return dnnlConv(batch, h, w, ch, kh, kw, ch, sh, sw, ch, reps, flops);
#else
    std::printf("n/a no-depthwise-convolution\n");
    return 0;
#endif
  }
  std::fprintf(stderr, "usage: lib-bench gemm M N K REPS\n"
                       "       lib-bench bmm B M N K REPS\n"
                       "       lib-bench conv N H W C KH KW F SH SW REPS\n"
                       "       lib-bench dwconv N H W C KH KW SH SW REPS\n");
  return 2;
}
