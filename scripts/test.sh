#!/usr/bin/env bash
# Installs what scopeir needs (Debian 12, as root), configures and builds it,
# then runs the `check-scopeir` target: every lit test and GoogleTest case in
# one lit run. Ends with one line `N passed, N failed[, N skipped]`; exits
# non-zero on any failure, or when nothing ran.
#
# Fuzzing is not part of this script: it is its own stage of .ci/run
# (scripts/fuzz.sh), with its own build directory.
#
# Environment: see scripts/lib.sh (BUILD_DIR, SCOPEIR_SANITIZE,
# SCOPEIR_CMAKE_ARGS, stage caps).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Prints the summary line and exits: 0 only if something ran and nothing failed.
finish() {
  local passed="$1" failed="$2" skipped="$3"
  local line="$passed passed, $failed failed"
  if [ "$skipped" -gt 0 ]; then
    line+=", $skipped skipped"
  fi
  echo "$line"
  if [ "$failed" -gt 0 ] || [ "$passed" -eq 0 ]; then
    exit 1
  fi
  exit 0
}

if ! scopeir_setup; then
  echo "test.sh: set-up failed before any test ran; counting it as one failure"
  finish 0 1 0
fi

lit_log="$SCOPEIR_BUILD/lit-output.log"
scopeir_log "running check-scopeir in $SCOPEIR_BUILD"
check_rc=0
# With pipefail the pipeline's status is the check's (tee does not fail).
scopeir_run_capped test "$SCOPEIR_TEST_TIMEOUT" scopeir_check 2>&1 |
  tee "$lit_log" || check_rc=$?

# Count lit's closing summary block: after "Total Discovered Tests: N", one
# line per result kind ("  Passed     : 12 (100.00%)").
passed=0 failed=0 skipped=0
read -r passed failed skipped < <(
  "$SCOPEIR_PYTHON" - "$lit_log" <<'EOF'
import re, sys

counts, in_summary = {}, False
for line in open(sys.argv[1], errors="replace"):
    if line.startswith("Total Discovered Tests:"):
        counts, in_summary = {}, True  # only the last summary block counts
        continue
    m = in_summary and re.match(r"^\s+([A-Za-z][A-Za-z ]*?)\s*:\s*(\d+)\s+\(\d", line)
    if m:
        counts[m.group(1)] = int(m.group(2))

passed = sum(counts.get(k, 0) for k in
             ("Passed", "Passed With Retry", "Expectedly Failed"))
failed = sum(counts.get(k, 0) for k in
             ("Failed", "Unexpectedly Passed", "Unresolved", "Timed Out"))
skipped = sum(counts.get(k, 0) for k in ("Unsupported", "Skipped", "Excluded"))
print(passed, failed, skipped)
EOF
) || true
passed="${passed:-0}" failed="${failed:-0}" skipped="${skipped:-0}"

if [ "$check_rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
  # The check stopped without reporting a failing test (configuration error,
  # cap hit, no tests discovered): still a failure.
  echo "test.sh: check-scopeir exited with status $check_rc without a failing test in its summary"
  failed=1
fi
if [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ]; then
  echo "test.sh: check-scopeir ran no test"
fi
finish "$passed" "$failed" "$skipped"
