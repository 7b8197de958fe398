#!/usr/bin/env bash
# Builds the scope-fuzz libFuzzer target in its own build directory, makes the
# seed corpus from the lit tests, fuzzes for SECONDS (default 60) and reports
# executions per second and whether anything was found.  Exits non-zero on a
# finding in our code (crash, sanitizer report, leak, timeout, out-of-memory)
# or when the set-up fails.
#
# A finding is classified by its stack (utils/classify-fuzz-finding.py): a
# crash with no frame of scopeir's sources but the harness's is upstream
# MLIR's. An upstream crash whose signature is listed in
# tools/scope-fuzz/known-upstream-crashes.txt is logged and fuzzing goes on
# for the time left; a new one is reported (to be minimized, reproduced with
# mlir-opt and listed) without failing the run, unless
# SCOPEIR_FUZZ_FAIL_ON_NEW_UPSTREAM=1.
#
# Usage: scripts/fuzz.sh [SECONDS]
#
# Environment (besides scripts/lib.sh's install/configure/build caps):
#   SCOPEIR_FUZZ_BUILD_DIR   build directory (default build-fuzz)
#   SCOPEIR_FUZZ_UNIT_TIMEOUT  seconds one input may take (default 30)
#   SCOPEIR_FUZZ_FAIL_ON_NEW_UPSTREAM  1: a new upstream crash fails the run
# A finding is written to $SCOPEIR_FUZZ_BUILD_DIR/fuzz/artifacts/ (upstream
# ones are moved to fuzz/upstream/); reproduce it with
# `<build>/bin/scope-fuzz <artifact>`.
set -euo pipefail

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS]" >&2
  exit 2
fi

# The fuzzer always has its own build directory, whatever BUILD_DIR the
# caller uses for the tests.
BUILD_DIR="${SCOPEIR_FUZZ_BUILD_DIR:-build-fuzz}"
SCOPEIR_CMAKE_ARGS="-DSCOPEIR_ENABLE_FUZZER=ON"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Only the fuzzer is built here: the tests have their own build.
scopeir_build_fuzzer() {
  scopeir_log "building scope-fuzz in $SCOPEIR_BUILD"
  cmake --build "$SCOPEIR_BUILD" --target scope-fuzz
}

# Splits every lit test under test/ at its `// -----` lines into one seed per
# case, without comment lines (RUN/CHECK lines only make mutation slower).
scopeir_make_seeds() {
  local seeds="$1"
  rm -rf "$seeds"
  mkdir -p "$seeds"
  "$SCOPEIR_PYTHON" - "$SCOPEIR_ROOT/test" "$seeds" <<'PY'
import os, re, sys

root, out = sys.argv[1], sys.argv[2]
count = 0
for dirpath, _, files in os.walk(root):
    for name in sorted(files):
        if not name.endswith(".mlir"):
            continue
        path = os.path.join(dirpath, name)
        data = open(path, "rb").read()
        rel = os.path.relpath(path, root).replace(os.sep, "_")
        for i, case in enumerate(re.split(rb"(?m)^// -----\s*$", data)):
            lines = [l for l in case.split(b"\n") if not l.lstrip().startswith(b"//")]
            case = b"\n".join(lines).strip() + b"\n"
            if len(case) > 1:
                open(os.path.join(out, "%s.%d" % (rel, i)), "wb").write(case)
                count += 1
print(count)
PY
}

fuzzer="$SCOPEIR_BUILD/bin/scope-fuzz"
work="$SCOPEIR_BUILD/fuzz"

scopeir_run_capped install "$SCOPEIR_INSTALL_TIMEOUT" scopeir_install_packages
scopeir_run_capped configure "$SCOPEIR_CONFIGURE_TIMEOUT" scopeir_configure
scopeir_run_capped build "$SCOPEIR_BUILD_TIMEOUT" scopeir_build_fuzzer

nseeds="$(scopeir_make_seeds "$work/seeds")"
# The corpus of inputs libFuzzer found interesting persists between runs.
mkdir -p "$work/corpus" "$work/artifacts"
rm -f "$work/artifacts/"*
scopeir_log "fuzzing for ${seconds}s from $nseeds seeds (test/**/*.mlir cases)" \
  "and $(find "$work/corpus" -type f | wc -l) corpus inputs"

log="$work/fuzz.log"
known="$SCOPEIR_ROOT/tools/scope-fuzz/known-upstream-crashes.txt"
mkdir -p "$work/upstream"
stat() { sed -n "s/^stat::$1:[[:space:]]*//p" "$log" | tail -n 1; }
runs=0
upstream_new=()
deadline=$((SECONDS + seconds))
# libFuzzer stops at a finding: after an upstream one, fuzz on for the time
# left (the corpus persists), at most 20 times.
for attempt in $(seq 1 20); do
  left=$((deadline - SECONDS))
  [ "$left" -gt 0 ] || break
  rm -f "$work/artifacts/"*
  rc=0
  # libFuzzer's own clock stops it; the cap only catches a hang outside it.
  scopeir_run_capped fuzz "$((left + 120))" \
    "$fuzzer" -max_total_time="$left" -timeout="${SCOPEIR_FUZZ_UNIT_TIMEOUT:-30}" \
    -rss_limit_mb=4096 -print_final_stats=1 -dict="$SCOPEIR_ROOT/tools/scope-fuzz/scope.dict" \
    -artifact_prefix="$work/artifacts/" "$work/corpus" "$work/seeds" \
    >"$log" 2>&1 || rc=$?
  runs=$((runs + $(stat number_of_executed_units || true) + 0))
  findings=("$work/artifacts/"*)
  if [ "$rc" -eq 0 ] && [ ! -e "${findings[0]}" ]; then
    break
  fi
  verdict="$(python3 "$SCOPEIR_ROOT/utils/classify-fuzz-finding.py" "$log" \
    --root "$SCOPEIR_ROOT" --known "$known")"
  kind="${verdict%% *}"
  signature="${verdict#* }"
  if [ "$kind" = ours ] || [ ! -e "${findings[0]}" ]; then
    # The report: everything from the sanitizer's or libFuzzer's banner on.
    awk '/^==[0-9]+==|^scope-fuzz:|ERROR: libFuzzer|runtime error/ { on = 1 } on' \
      "$log" | head -n 80
    echo "scope-fuzz: FOUND a problem in scopeir (exit $rc, $signature); input(s): ${findings[*]}"
    echo "scope-fuzz: log: $log"
    exit 1
  fi
  cp "$log" "$work/upstream/$(basename "${findings[0]}").log"
  mv "${findings[@]}" "$work/upstream/"
  if [ "$kind" = upstream-known ]; then
    scopeir_log "known upstream crash ($signature), input in $work/upstream/; fuzzing on"
  else
    upstream_new+=("$signature: $work/upstream/$(basename "${findings[0]}")")
    scopeir_log "NEW upstream crash ($signature): no scopeir frame; input in $work/upstream/"
  fi
done

per_sec="$(stat average_exec_per_sec)"
echo "scope-fuzz: ${runs} executions in ${seconds}s (last run ${per_sec:-0} exec/s)," \
  "corpus $(find "$work/corpus" -type f | wc -l) inputs, peak RSS $(stat peak_rss_mb) MB"
grep -a '^scope-fuzz: [0-9]* inputs' "$log" | tail -n 1 || true
if [ "${#upstream_new[@]}" -gt 0 ]; then
  printf 'scope-fuzz: new upstream crash (minimize it, reproduce it with mlir-opt, list it in docs/testing.md and tools/scope-fuzz/known-upstream-crashes.txt): %s\n' "${upstream_new[@]}"
  if [ "${SCOPEIR_FUZZ_FAIL_ON_NEW_UPSTREAM:-0}" = 1 ]; then
    exit 1
  fi
fi
echo "scope-fuzz: no crash found in scopeir"
