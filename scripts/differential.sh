#!/usr/bin/env bash
# Differential testing on random programs: for N seeds from START (default
# 0), scope-gen writes a program with random scopes and the same program
# without them; the program is run by scope-run with its scopes, by
# scope-run with its scopes stripped, and by upstream mlir-opt + mlir-runner,
# and the results compared (utils/differential.py explains the oracle and
# docs/testing.md the tolerances). Every failing seed is kept with the
# command that reproduces it and shrunk by scope-reduce under an
# interestingness script. Prints seeds/s, programs by feature and the
# failures; exits 1 if any seed failed.
#
# Usage: scripts/differential.sh N [START] [-- differential.py options...]
#
# The opt-in program shapes of scope-gen (arith ops on tensors, layers on
# strided views, tu scopes with strategies, workgroups scopes, extern kernel
# scopes) are generated when named:
#   scripts/differential.sh N 0 -- \
#     --gen-arg=--ops=all,tensor-elementwise,mlp-layer \
#     --gen-arg=--scopes=all,codegen-tu,workgroups,extern
#
# Environment (besides scripts/lib.sh's build settings):
#   SCOPEIR_DIFFERENTIAL_JOBS     seeds run at once (default: nproc)
#   SCOPEIR_DIFFERENTIAL_WORK     work directory (default <build>/differential)
#   SCOPEIR_DIFFERENTIAL_REDUCE   0: keep failing seeds but do not shrink them
#   SCOPEIR_DIFFERENTIAL_DEVICE_BACKEND
#                                 a backend with memory of its own (vulkan)
#                                 that mixed-backend programs also place
#                                 device scopes on (scope-gen --device-backend;
#                                 same as `-- --device-backend=vulkan`)
set -euo pipefail

usage() {
  echo "usage: scripts/differential.sh N [START] [-- differential.py options...]" >&2
  exit 2
}
count="${1:-}"
start="${2:-0}"
if ! [[ "$count" =~ ^[0-9]+$ ]] || [ "$count" -eq 0 ]; then
  usage
fi
shift
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  if ! [[ "$1" =~ ^[0-9]+$ ]]; then
    usage
  fi
  start="$1"
  shift
fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then
  shift
fi

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Build what the oracle runs (configuring first when there is no build): the
# tools, and the kernel library extern scopes call.
if [ -f "$SCOPEIR_BUILD/build.ninja" ]; then
  scopeir_run_capped build "$SCOPEIR_BUILD_TIMEOUT" \
    cmake --build "$SCOPEIR_BUILD" --target scope-gen scope-opt scope-run \
    scope-reduce scopeir_kernels_reference
else
  scopeir_setup
fi

args=(--build-dir "$SCOPEIR_BUILD" --jobs "${SCOPEIR_DIFFERENTIAL_JOBS:-$(nproc)}")
if [ -n "${SCOPEIR_DIFFERENTIAL_WORK:-}" ]; then
  args+=(--work "$SCOPEIR_DIFFERENTIAL_WORK")
fi
if [ "${SCOPEIR_DIFFERENTIAL_REDUCE:-1}" != 0 ]; then
  args+=(--reduce)
fi
if [ -n "${SCOPEIR_DIFFERENTIAL_DEVICE_BACKEND:-}" ]; then
  args+=(--device-backend "$SCOPEIR_DIFFERENTIAL_DEVICE_BACKEND")
fi
# The standard library is all the driver needs; like every script, call
# /usr/bin/python3 (SCOPEIR_PYTHON): another python3 may come first on PATH.
exec "$SCOPEIR_PYTHON" "$SCOPEIR_ROOT/utils/differential.py" "${args[@]}" "$@" \
  "$count" "$start"
