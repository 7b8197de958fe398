#!/usr/bin/env bash
# The vulkan backend on a machine with a GPU and a Vulkan driver, in one
# short run over an existing build (no configure, no build): prints
# `vulkaninfo --summary` (where installed) and `scope-run --list-devices`,
# picks the first device that is not Mesa's llvmpipe (lavapipe, the CPU
# device; it is picked only when nothing else exists, which makes a run on
# a machine without a GPU a dry run), runs the vulkan end-to-end tests
# (test/Integration's `REQUIRES: vulkan` tests) on it through
# SCOPEIR_VULKAN_DEVICE, and times one benchmark row: the two-layer MLP of
# examples/mlp.mlir with both layers on vulkan and on llvm-cpu, the median
# of N calls each (scope-run --benchmark). Writes a summary to
# "${OUT:-/tmp}/vulkan-gpu.txt" and prints it. Exits 0 when the tests pass
# and the benchmark ran, 1 otherwise (2: no build, no Vulkan device).
#
# Usage: scripts/vulkan-gpu-check.sh
#
# Environment (besides scripts/lib.sh's BUILD_DIR):
#   OUT                        directory of the summary (default /tmp)
#   SCOPEIR_GPU_CHECK_CALLS    calls per benchmark (default 20)
#   SCOPEIR_GPU_CHECK_BATCH    rows of the MLP's input (default 4096)
#   SCOPEIR_GPU_CHECK_TIMEOUT  cap in seconds on the tests (default 300)
#   SCOPEIR_VULKAN_DEVICE      the device to use instead of the first
#                              non-llvmpipe one (N or part of its name)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

calls="${SCOPEIR_GPU_CHECK_CALLS:-20}"
batch="${SCOPEIR_GPU_CHECK_BATCH:-4096}"
test_timeout="${SCOPEIR_GPU_CHECK_TIMEOUT:-300}"
out_dir="${OUT:-/tmp}"
summary="$out_dir/vulkan-gpu.txt"
scope_run="$SCOPEIR_BUILD/bin/scope-run"
if [ ! -x "$scope_run" ]; then
  scopeir_err "no scope-run in $SCOPEIR_BUILD/bin: build first (ninja -C $BUILD_DIR)"
  exit 2
fi
mkdir -p "$out_dir"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

scopeir_log "vulkaninfo --summary"
if command -v vulkaninfo >/dev/null; then
  # It warns about XDG_RUNTIME_DIR on headless machines: harmless.
  timeout 60 vulkaninfo --summary 2>&1 | tee "$work/vulkaninfo.txt"
else
  echo "(vulkaninfo is not installed: apt-get install vulkan-tools)" |
    tee "$work/vulkaninfo.txt"
fi

scopeir_log "scope-run --list-devices"
# The listing marks the device the environment selects: list without it.
env -u SCOPEIR_VULKAN_DEVICE "$scope_run" --list-devices 2>&1 |
  tee "$work/devices.txt"

# "  vulkan device N: NAME (TYPE, Vulkan X.Y)": the first one whose name is
# not llvmpipe's, else llvmpipe (a dry run).
device="${SCOPEIR_VULKAN_DEVICE:-}"
if [ -z "$device" ]; then
  device="$(sed -n 's/^ *vulkan device \([0-9]*\): .*/\1 &/p' "$work/devices.txt" |
    grep -v -i llvmpipe | head -n 1 | cut -d' ' -f1)"
fi
if [ -z "$device" ]; then
  device="$(sed -n 's/^ *vulkan device \([0-9]*\): .*/\1/p' "$work/devices.txt" |
    head -n 1)"
fi
if [ -z "$device" ]; then
  scopeir_err "no Vulkan device (see the listing above)"
  exit 2
fi
export SCOPEIR_VULKAN_DEVICE="$device"
device_line="$("$scope_run" --list-devices 2>&1 | grep '\[selected\]' |
  sed 's/^ *//')"
if [ -z "$device_line" ]; then
  scopeir_err "SCOPEIR_VULKAN_DEVICE=$device selects no usable device"
  exit 2
fi
dry_run=no
if grep -qi llvmpipe <<<"$device_line"; then
  dry_run="yes (llvmpipe: no other Vulkan device; its figures say nothing about a GPU)"
fi
scopeir_log "device: $device_line"

# The end-to-end tests, every tool on the chosen device.
scopeir_log "vulkan end-to-end tests on device $device"
mapfile -t tests < <(cd "$SCOPEIR_ROOT" &&
  grep -l '^// REQUIRES:.*\bvulkan\b' test/Integration/*.mlir | sort)
lit_args=()
for test in "${tests[@]}"; do
  lit_args+=("$SCOPEIR_BUILD/$test")
done
timeout "$test_timeout" "$SCOPEIR_LIT" -sv "${lit_args[@]}" 2>&1 |
  tee "$work/lit.txt"
lit_status=${PIPESTATUS[0]}
lit_result="$(grep -E '^ *(Passed|Failed|Unsupported|Unresolved|Timed Out|Skipped)' \
  "$work/lit.txt" | sed 's/^ *//' | paste -sd ';' -)"
[ "$lit_status" = 124 ] && lit_result="timed out after $test_timeout s; $lit_result"
failed_tests="$(grep -E '^(FAIL|UNRESOLVED|TIMEOUT):' "$work/lit.txt" || true)"

# One benchmark row: the MLP with both layers on a backend, N calls each.
scopeir_log "benchmark: examples/mlp.mlir, ${batch}x16 input, $calls calls per backend"
bench_status=0
declare -A medians
for backend in vulkan llvm-cpu; do
  sed -e "s/#hal.device.target<\"[a-z-]*\">/#hal.device.target<\"$backend\">/g" \
    "$SCOPEIR_ROOT/examples/mlp.mlir" >"$work/mlp-$backend.mlir"
  if "$scope_run" "$work/mlp-$backend.mlir" --input="${batch}x16xf32=0.25" \
    --benchmark="$calls" >"$work/bench-$backend.txt" 2>&1; then
    # "BM_main/real_time  MIN ms  MEDIAN ms  MAX ms  N".
    medians[$backend]="$(awk '/real_time/ { print "median " $4 " " $5 \
      " (min " $2 " " $3 ", max " $6 " " $7 ")" }' "$work/bench-$backend.txt")"
  else
    bench_status=1
    medians[$backend]="failed: $(tail -n 1 "$work/bench-$backend.txt")"
  fi
  sed "s/^/  $backend: /" "$work/bench-$backend.txt"
done

{
  echo "scopeir vulkan GPU check, $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname)"
  echo "commit: $(git -C "$SCOPEIR_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "device (SCOPEIR_VULKAN_DEVICE=$device): $device_line"
  echo "dry run: $dry_run"
  echo "vulkaninfo --summary devices:"
  grep -E 'deviceName|deviceType|driverName|driverInfo|apiVersion' \
    "$work/vulkaninfo.txt" | sed 's/^[[:space:]]*/  /' || echo "  (none)"
  echo "end-to-end tests (${#tests[@]} files): ${lit_result:-no result}"
  [ -n "$failed_tests" ] && sed 's/^/  /' <<<"$failed_tests"
  echo "benchmark: examples/mlp.mlir, both layers on one backend, input ${batch}x16xf32, $calls calls:"
  for backend in vulkan llvm-cpu; do
    echo "  $backend: ${medians[$backend]}"
    grep -i '^compile time' "$work/bench-$backend.txt" | sed 's/^/    /'
  done
} >"$summary"
scopeir_log "summary: $summary"
cat "$summary"

[ "$lit_status" = 0 ] && [ "$bench_status" = 0 ]
