#!/usr/bin/env bash
# The PyTorch model zoo through scopeir.torch: installs what is missing
# (Debian 12, as root: the build's packages and python3-torch,
# python3-torchvision, python3-numpy), builds libScopeirCAPI.so, then runs
# utils/torch-zoo.py, which checks every model against eager PyTorch at
# batch 1 and 2, with dynamic_batch, with zones off and with one module on
# the other backend, and prints one row per model (ops, scopes, export s,
# compile s, max diff). Exits 1 if a check failed.
#
# Usage: scripts/torch-zoo.sh [torch-zoo.py options: --only a,b --quick --threads N]
#
# Environment: scripts/lib.sh's build settings (BUILD_DIR, ...).
set -euo pipefail

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
exec "$SCOPEIR_PYTHON" "$SCOPEIR_ROOT/utils/torch-zoo.py" "$@"
