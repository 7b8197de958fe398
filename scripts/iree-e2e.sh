#!/usr/bin/env bash
# Runs IREE's own end-to-end test suites (tests/e2e/tosa_ops, linalg and
# tensor_ops of an IREE checkout) with scope-check, on each backend, as
# written and with random scopes inserted (test-util-insert-scopes), and
# prints the counts per directory, backend and variant. docs/testing.md
# records them.
#
#   scripts/iree-e2e.sh IREE_DIR [options]
#
# IREE_DIR is a checkout (or an archive) of iree-org/iree, kept outside this
# repository. Options:
#   --backends=A,B   backends (default llvm-cpu,llvm-cpu-loops)
#   --seeds=K,...    seeds of the random-scope variants (default 1; "" for
#                    none)
#   --dirs=D,...     directories under tests/e2e (default
#                    tosa_ops,linalg,tensor_ops)
#   --timeout=S      per-test limit in seconds (default 300)
#   -v               print every failing test's messages
#
# A test that fails because it needs an element type scopeir does not
# handle (hal-verify-element-types: sub-byte integers, 4-, 6- and 8-bit
# floats) counts as "unsupported"; any other failure as "failed". Exits 1
# if a test failed. Not part of scripts/test.sh: CI has no IREE checkout,
# and a run of the three directories on both backends, with and without
# scopes, takes several minutes on two cores.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [ $# -lt 1 ] || [ ! -d "$1/tests/e2e" ]; then
  scopeir_err "usage: $0 IREE_DIR [--backends=A,B] [--seeds=K,...] [--dirs=D,...] [--timeout=S] [-v]"
  exit 2
fi
iree_dir="$1"
shift
backends="llvm-cpu,llvm-cpu-loops"
seeds="1"
dirs="tosa_ops,linalg,tensor_ops"
timeout=300
verbose=0
for arg in "$@"; do
  case "$arg" in
    --backends=*) backends="${arg#*=}" ;;
    --seeds=*) seeds="${arg#*=}" ;;
    --dirs=*) dirs="${arg#*=}" ;;
    --timeout=*) timeout="${arg#*=}" ;;
    -v) verbose=1 ;;
    *) scopeir_err "unknown option $arg"; exit 2 ;;
  esac
done

if [ ! -f "$SCOPEIR_BUILD/build.ninja" ]; then
  scopeir_err "no build in $SCOPEIR_BUILD: run scripts/test.sh first"
  exit 2
fi
scopeir_log "building scope-check and scope-opt in $SCOPEIR_BUILD"
cmake --build "$SCOPEIR_BUILD" --target scope-check scope-opt
scope_check="$SCOPEIR_BUILD/bin/scope-check"
scope_opt="$SCOPEIR_BUILD/bin/scope-opt"

work_dir="$(mktemp -d)"
trap 'rm -rf "$work_dir"' EXIT

# Classifies the merged output of one scope-check run: the messages before
# a PASS/FAIL line belong to that test. Prints "passed|failed|unsupported
# NAME" per test; with -v, the messages of the failed tests too.
classify() {
  awk -v verbose="$verbose" -v file="$1" '
    /^(PASS|FAIL) / {
      kind = $1 == "PASS" ? "passed" : \
             (text ~ /is not supported: scopeir.s backends handle/ ? "unsupported" : "failed")
      print kind, $2
      if (verbose && kind == "failed") printf "%s", text > "/dev/stderr"
      text = ""
      next
    }
    /^[0-9]+ passed, [0-9]+ failed$/ { next }
    { text = text "    " $0 "\n" }
    END { if (text != "") print "error", file; if (verbose && text != "") printf "%s", text > "/dev/stderr" }'
}

IFS=, read -r -a backend_list <<< "$backends"
IFS=, read -r -a dir_list <<< "$dirs"
IFS=, read -r -a seed_list <<< "$seeds"
variants=("none")
for seed in "${seed_list[@]}"; do
  [ -n "$seed" ] && variants+=("seed=$seed")
done

status=0
printf '%-11s %-15s %-8s %6s %6s %7s %7s %12s\n' \
  directory backend scopes files tests passed failed unsupported
for dir in "${dir_list[@]}"; do
  files=("$iree_dir"/tests/e2e/"$dir"/*.mlir)
  for backend in "${backend_list[@]}"; do
    for variant in "${variants[@]}"; do
      results="$work_dir/results"
      : > "$results"
      for file in "${files[@]}"; do
        name="$dir/$(basename "$file")"
        if [ "$variant" = none ]; then
          "$scope_check" "$file" --device="$backend" --timeout="$timeout" \
            2>&1 | classify "$name" >> "$results" || true
        else
          # The scoped module keeps the file's locations, so reports point
          # into the original file.
          if ! "$scope_opt" "$file" --mlir-print-debuginfo \
              --test-util-insert-scopes="${variant}" > "$work_dir/scoped.mlir" \
              2> "$work_dir/insert.err"; then
            echo "error $name" >> "$results"
            [ "$verbose" = 1 ] && sed 's/^/    /' "$work_dir/insert.err" >&2
            continue
          fi
          "$scope_check" "$work_dir/scoped.mlir" --device="$backend" \
            --timeout="$timeout" 2>&1 | classify "$name" >> "$results" || true
        fi
      done
      count() { grep -c "^$1 " "$results" || true; }
      passed=$(count passed)
      failed=$(( $(count failed) + $(count error) ))
      unsupported=$(count unsupported)
      printf '%-11s %-15s %-8s %6d %6d %7d %7d %12d\n' "$dir" "$backend" \
        "$variant" "${#files[@]}" $((passed + failed + unsupported)) \
        "$passed" "$failed" "$unsupported"
      if [ "$failed" -gt 0 ]; then
        status=1
        grep -E '^(failed|error) ' "$results" | sed 's/^/    /'
      fi
    done
  done
done
exit $status
