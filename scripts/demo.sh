#!/usr/bin/env bash
# Installs what scopeir needs (Debian 12, as root), builds it and shows the
# bundled example going from util.annotate to util.scope to no scope at all.
#
# Environment: see scripts/lib.sh (BUILD_DIR, SCOPEIR_CMAKE_ARGS, stage caps).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

scopeir_setup

opt="$SCOPEIR_BUILD/bin/scope-opt"
example="$SCOPEIR_ROOT/examples/annotate.mlir"
if [ ! -x "$opt" ]; then
  scopeir_err "$opt was not built"
  exit 1
fi

# The pass flags scope-opt knows; `grep -q` straight on a pipe would make
# scope-opt die of SIGPIPE under pipefail.
help_text="$("$opt" --help)"
has_pass() { grep -qE -e "--$1([[:space:]=]|$)" <<<"$help_text"; }

stage() {
  printf '\n=== %s ===\n' "$1"
  if [ -n "${2:-}" ]; then
    printf '$ %s\n\n' "$2"
  fi
}

rel_example="${example#"$SCOPEIR_ROOT"/}"
rel_opt="${opt#"$SCOPEIR_ROOT"/}"

stage "1. Input: util.annotate, as written by a frontend" \
  "$rel_opt $rel_example"
"$opt" "$example"

# Each later stage adds one pass to the pipeline of the stage before.
pipeline=()
missing=()
step=2
for pass in util-lower-annotations util-strip-scopes; do
  pipeline+=("--$pass")
  case "$pass" in
    util-lower-annotations) what="util.scope with explicit captures" ;;
    util-strip-scopes) what="scopes stripped, bodies inlined" ;;
  esac
  stage "$step. After ${pipeline[*]}: $what" \
    "$rel_opt $rel_example ${pipeline[*]}"
  step=$((step + 1))
  if ! has_pass "$pass"; then
    missing+=("--$pass")
  fi
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "(pass not built yet: scope-opt has no ${missing[*]})"
    continue
  fi
  "$opt" "$example" "${pipeline[@]}"
done
