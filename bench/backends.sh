#!/usr/bin/env bash
# CPU backend benchmark: GFLOP/s of llvm-cpu, llvm-cpu-loops and OpenBLAS on
# 256/512/1024 matmuls and a 3x3 NHWC convolution (OpenBLAS through im2col),
# plus the per-call time of the example models, at 1 and 2 threads, printed
# as one table with ratios to OpenBLAS measured in the same run (medians).
#
#   bench/backends.sh [--threads=LIST] [--reps=N] [--rounds=R] [--quick]
#
#   --threads=1,2  thread counts to measure (default: 1,2)
#   --reps=N       timed calls per llvm-cpu / OpenBLAS measurement (default
#                  10; llvm-cpu-loops, whose 1024^3 matmul takes seconds,
#                  gets 1 to 3)
#   --rounds=R     llvm-cpu and OpenBLAS measured in turn R times (default 3)
#   --quick        skip llvm-cpu-loops
#
# Installs libopenblas-dev (as root) if missing, builds scopeir (scripts/lib.sh)
# and the OpenBLAS harness bench/openblas-bench.cpp into $BUILD_DIR/bench.
# OpenBLAS runs with the machine's configured kernel: OPENBLAS_CORETYPE is
# passed through as it is set (or not) in the environment, and the table
# names the kernel OpenBLAS used.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

if ! dpkg-query -W -f='${Status}' libopenblas-dev 2>/dev/null | grep -q 'install ok installed'; then
  if [ "$(id -u)" -ne 0 ]; then
    scopeir_err "libopenblas-dev is missing; run as root to install it"
    exit 1
  fi
  scopeir_log "installing libopenblas-dev"
  DEBIAN_FRONTEND=noninteractive apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends libopenblas-dev
fi

scopeir_setup >&2

mkdir -p "$SCOPEIR_BUILD/bench"
harness="$SCOPEIR_BUILD/bench/openblas-bench"
if [ ! -x "$harness" ] || [ "$SCOPEIR_ROOT/bench/openblas-bench.cpp" -nt "$harness" ]; then
  scopeir_log "building $harness" >&2
  "$SCOPEIR_CXX" -O2 -std=c++17 -o "$harness" "$SCOPEIR_ROOT/bench/openblas-bench.cpp" -lopenblas
fi

exec python3 "$SCOPEIR_ROOT/bench/backends.py" \
  --scope-run "$SCOPEIR_BUILD/bin/scope-run" --openblas-bench "$harness" \
  --work "$SCOPEIR_BUILD/bench" --root "$SCOPEIR_ROOT" "$@"
