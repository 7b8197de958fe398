#!/usr/bin/env bash
# Compile time and peak memory of every scope pass and of upstream's dataflow
# passes on scoped, scf.execute_region and scope-free forms of the same ops,
# as ratios to parse+print measured in the same run (medians, CPU time),
# with scaling rows and a --mlir-disable-threading comparison
# (bench/compile-time.py says what each table holds).
#
#   bench/compile-time.sh [--full] [--runs=N] [any bench/compile-time.py option]
#
#   (default)   100k ops: about ten minutes on a loaded 2-core machine
#   --full      1M ops, the size of the goals (an hour and more)
#
# Builds scopeir first (scripts/lib.sh) in $BUILD_DIR (default build), which
# must be a Release build for the figures to mean anything.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

scopeir_setup >&2

exec python3 "$SCOPEIR_ROOT/bench/compile-time.py" --build "$SCOPEIR_BUILD" "$@"
