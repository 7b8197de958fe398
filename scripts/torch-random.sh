#!/usr/bin/env bash
# Random nn.Modules through scopeir.torch against eager PyTorch
# (utils/torch-random-modules.py: random layers, shapes, options and
# placements; a seed fails on a mismatch or any error). Installs what is
# missing (Debian 12, as root), builds libScopeirCAPI.so, then runs N seeds
# from START. Prints one line per failing seed and a summary; exits 1 if a
# seed failed.
#
# Usage: scripts/torch-random.sh N [START] [-- torch-random-modules.py options]
#   e.g. scripts/torch-random.sh 1000 0 -- --quiet
#        scripts/torch-random.sh 1000 0 -- --time-limit 150 --quiet   (CI)
#
# Environment: scripts/lib.sh's build settings (BUILD_DIR, ...).
set -euo pipefail

usage() {
  echo "usage: scripts/torch-random.sh N [START] [-- torch-random-modules.py options...]" >&2
  exit 2
}
count="${1:-}"
start=0
if ! [[ "$count" =~ ^[0-9]+$ ]] || [ "$count" -eq 0 ]; then
  usage
fi
shift
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  [[ "$1" =~ ^[0-9]+$ ]] || usage
  start="$1"
  shift
fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then
  shift
fi

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [ -f "$SCOPEIR_BUILD/build.ninja" ]; then
  scopeir_run_capped install "$SCOPEIR_INSTALL_TIMEOUT" scopeir_install_packages
  scopeir_run_capped build "$SCOPEIR_BUILD_TIMEOUT" \
    cmake --build "$SCOPEIR_BUILD" --target ScopeirCAPI
else
  scopeir_setup
fi

export SCOPEIR_BUILD_DIR="$SCOPEIR_BUILD"
export PYTHONPATH="$SCOPEIR_ROOT/python${PYTHONPATH:+:$PYTHONPATH}"
# Eager PyTorch, the reference, on one thread as the compiled models run.
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
exec "$SCOPEIR_PYTHON" "$SCOPEIR_ROOT/utils/torch-random-modules.py" \
  --seeds "$count" --start "$start" "$@"
