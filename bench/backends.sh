#!/usr/bin/env bash
# CPU backend benchmark: GFLOP/s of llvm-cpu and llvm-cpu-loops against
# OpenBLAS, BLIS and oneDNN on square, tall-skinny and batched matmuls and on
# 3x3, 7x7 stride-2, 1x1 and depthwise NHWC convolutions, each figure also as
# a share of the machine's f32 FMA peak (probed by bench/fma-peak.cpp), plus
# the per-call time of the example models, at 1 and 2 threads, printed as
# tables with ratios to the best library of each row measured in the same
# run (medians).
#
#   bench/backends.sh [--threads=LIST] [--reps=N] [--rounds=R] [--timeout=S]
#                     [--quick]
#
#   --threads=1,2  thread counts to measure (default: 1,2); every library
#                  gets it through OMP_NUM_THREADS, BLIS_NUM_THREADS and
#                  OPENBLAS_NUM_THREADS, scope-run through --threads too
#   --reps=N       timed calls per llvm-cpu / library measurement (default
#                  10; llvm-cpu-loops, whose 1024^3 matmul takes seconds,
#                  gets 1 to 3)
#   --rounds=R     llvm-cpu and the libraries measured in turn R times
#                  (default 3)
#   --timeout=S    a scope-run (compile and calls) taking longer is reported
#                  as n/a (default 60)
#   --quick        skip llvm-cpu-loops
#
# Installs libopenblas-dev, libblis-dev and libdnnl-dev (as root) if missing,
# builds scopeir (scripts/lib.sh), the harness bench/lib-bench.cpp once per
# library (OpenBLAS's and BLIS's BLAS symbols clash) and the peak probe
# bench/fma-peak.cpp (-march=native) into $BUILD_DIR/bench. OpenBLAS runs
# with the machine's configured kernel: OPENBLAS_CORETYPE is passed through
# as it is set (or not) in the environment, and the output names the kernel
# each library used.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

missing=()
for package in libopenblas-dev libblis-dev libdnnl-dev; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done
if [ "${#missing[@]}" -ne 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    scopeir_err "${missing[*]} missing; run as root to install them"
    exit 1
  fi
  scopeir_log "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

scopeir_setup >&2

bench_dir="$SCOPEIR_BUILD/bench"
mkdir -p "$bench_dir"
# build_tool OUTPUT SOURCE FLAGS...: compiles SOURCE if OUTPUT is older.
build_tool() {
  local output="$1" source="$2"
  shift 2
  if [ ! -x "$output" ] || [ "$source" -nt "$output" ]; then
    scopeir_log "building $output" >&2
    "$SCOPEIR_CXX" -O2 -std=c++17 -o "$output" "$source" "$@"
  fi
}
# Debian's libblis-dev puts the OpenMP build's header and library in their
# own directory; -lblis alone finds whichever BLIS the alternatives chose.
blis_dir=/usr/lib/x86_64-linux-gnu/blis-openmp
build_tool "$bench_dir/lib-bench-openblas" "$SCOPEIR_ROOT/bench/lib-bench.cpp" \
  -DLIB_BENCH_OPENBLAS -lopenblas
build_tool "$bench_dir/lib-bench-blis" "$SCOPEIR_ROOT/bench/lib-bench.cpp" \
  -DLIB_BENCH_BLIS -I/usr/include/x86_64-linux-gnu/blis-openmp \
  -L"$blis_dir" -Wl,-rpath,"$blis_dir" -lblis
build_tool "$bench_dir/lib-bench-dnnl" "$SCOPEIR_ROOT/bench/lib-bench.cpp" \
  -DLIB_BENCH_DNNL -ldnnl -lgomp
build_tool "$bench_dir/fma-peak" "$SCOPEIR_ROOT/bench/fma-peak.cpp" \
  -march=native -pthread

exec "$SCOPEIR_PYTHON" "$SCOPEIR_ROOT/bench/backends.py" \
  --scope-run "$SCOPEIR_BUILD/bin/scope-run" \
  --lib-bench "OpenBLAS=$bench_dir/lib-bench-openblas" \
  --lib-bench "BLIS=$bench_dir/lib-bench-blis" \
  --lib-bench "oneDNN=$bench_dir/lib-bench-dnnl" \
  --fma-peak "$bench_dir/fma-peak" \
  --work "$bench_dir" --root "$SCOPEIR_ROOT" "$@"
