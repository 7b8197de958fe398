#!/usr/bin/env bash
# Runs upstream MLIR's CPU integration tests with random scopes inserted:
# each RUN line as written, with the scopes kept through the test's own
# pipeline (stripped right before LLVM lowering), and with them outlined;
# outputs and FileCheck verdicts must match. utils/upstream-integration.py
# does the work; docs/testing.md records the counts.
#
#   scripts/upstream-integration.sh TESTS_DIR [upstream-integration.py options]
#
# TESTS_DIR holds the upstream test files, e.g. a copy of llvm-project's
# mlir/test/Integration/Dialect/{Linalg,Tensor,SCF,Vector}/CPU with the
# lit.local.cfg files above them. Options go to the driver as they are
# (--seeds=1,2,3, --density=0.5, --filter=REGEX, -j N, -v, ...); the default
# is seeds 1 and 2 at density 0.3, two jobs.
#
# Builds scope-opt first if the build directory exists (see scripts/lib.sh
# for BUILD_DIR); otherwise run scripts/test.sh once. Exits non-zero when a
# run crashes, fails or differs. Not part of scripts/test.sh: on two cores
# the whole suite takes a few minutes per seed pair.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  scopeir_err "usage: $0 TESTS_DIR [upstream-integration.py options]"
  exit 2
fi
tests_dir="$1"
shift

if [ ! -f "$SCOPEIR_BUILD/build.ninja" ]; then
  scopeir_err "no build in $SCOPEIR_BUILD: run scripts/test.sh first"
  exit 2
fi
scopeir_log "building scope-opt in $SCOPEIR_BUILD"
cmake --build "$SCOPEIR_BUILD" --target scope-opt

work_dir="$(mktemp -d)"
trap 'rm -rf "$work_dir"' EXIT
scopeir_log "running the tests under $tests_dir"
/usr/bin/python3 "$SCOPEIR_ROOT/utils/upstream-integration.py" "$tests_dir" \
  --scope-opt="$SCOPEIR_BUILD/bin/scope-opt" \
  --llvm-bin="$SCOPEIR_LLVM_PREFIX/bin" \
  --mlir-lib-dir="$SCOPEIR_LLVM_PREFIX/lib" \
  --work-dir="$work_dir" "$@"
