# Shared set-up for scripts/test.sh, scripts/demo.sh and scripts/fuzz.sh:
# install the Debian packages, configure and build scopeir, run its tests.
# Source it; do not run it.
#
# Environment:
#   BUILD_DIR            build directory, relative to the repository root or
#                        absolute (default: build, or build-asan with
#                        SCOPEIR_SANITIZE=1)
#   SCOPEIR_SANITIZE     1: configure with -DSCOPEIR_ENABLE_SANITIZERS=ON
#                        (AddressSanitizer + UndefinedBehaviorSanitizer on
#                        scopeir's own code)
#   SCOPEIR_CMAKE_ARGS   extra arguments for the cmake configure step,
#                        split at whitespace (no quoting)
#   SCOPEIR_INSTALL_TIMEOUT, SCOPEIR_CONFIGURE_TIMEOUT, SCOPEIR_BUILD_TIMEOUT,
#   SCOPEIR_TEST_TIMEOUT wall-clock caps in seconds per stage: install,
#                        configure, build, check-scopeir
#                        (defaults 600, 300, 2400, 1800)

SCOPEIR_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCOPEIR_SANITIZE="${SCOPEIR_SANITIZE:-0}"
if [ "$SCOPEIR_SANITIZE" = 1 ]; then
  BUILD_DIR="${BUILD_DIR:-build-asan}"
else
  BUILD_DIR="${BUILD_DIR:-build}"
fi
case "$BUILD_DIR" in
  /*) SCOPEIR_BUILD="$BUILD_DIR" ;;
  *) SCOPEIR_BUILD="$SCOPEIR_ROOT/$BUILD_DIR" ;;
esac

SCOPEIR_LLVM_PREFIX=/usr/lib/llvm-22
SCOPEIR_LIT="$SCOPEIR_LLVM_PREFIX/bin/lit"
SCOPEIR_CC=clang-22
SCOPEIR_CXX=clang++-22

SCOPEIR_INSTALL_TIMEOUT="${SCOPEIR_INSTALL_TIMEOUT:-600}"
SCOPEIR_CONFIGURE_TIMEOUT="${SCOPEIR_CONFIGURE_TIMEOUT:-300}"
SCOPEIR_BUILD_TIMEOUT="${SCOPEIR_BUILD_TIMEOUT:-2400}"
SCOPEIR_TEST_TIMEOUT="${SCOPEIR_TEST_TIMEOUT:-1800}"

# Everything the build, the tests and the demo need on Debian 12
# (libomp-22-dev: LLVM's OpenMP runtime, loaded by scope-run when device
# code runs on several threads; graphviz: `dot`, which renders the dispatch
# graph in docs/; libopenblas-dev: cblas_sgemm for the example kernel
# library in examples/kernels; python3-torch, python3-torchvision,
# python3-numpy: the PyTorch front door, scopeir.torch, and its tests, run
# by /usr/bin/python3; libvulkan-dev: the Vulkan headers the Vulkan
# runtime builds with, and the loader; mesa-vulkan-drivers: lavapipe, the
# Vulkan device on the CPU that the `vulkan` tests run on; spirv-tools:
# spirv-val, which validates every SPIR-V binary the tests compile;
# vulkan-tools: vulkaninfo, to look at the device by hand).
SCOPEIR_DEBIAN_PACKAGES=(
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools
  clang-22 libclang-rt-22-dev lld-22
  cmake ninja-build libgtest-dev python3
  libomp-22-dev graphviz libopenblas-dev
  python3-torch python3-torchvision python3-numpy
  libvulkan-dev mesa-vulkan-drivers spirv-tools vulkan-tools
)

# The Python with Debian's torch: another python3 may come first on PATH.
SCOPEIR_PYTHON=/usr/bin/python3

scopeir_log() { printf '==> %s\n' "$*"; }
scopeir_err() { printf 'error: %s\n' "$*" >&2; }

# scopeir_run_capped STAGE SECONDS COMMAND...
#
# Runs COMMAND (a program or a function of this file) under a wall-clock cap.
# `timeout` kills the whole process group when the cap is hit.  Returns the
# command's exit status; 124 means the cap was hit.
scopeir_run_capped() {
  local stage="$1" secs="$2"
  shift 2
  local rc=0 start="$SECONDS"
  if declare -F "$1" >/dev/null; then
    # A shell function: hand it to a fresh bash together with this file's
    # functions and the current SCOPEIR_* settings (arrays cannot be exported).
    local state
    state="$(declare -p BUILD_DIR $(compgen -v SCOPEIR_); declare -f)"
    timeout -k 30 "$secs" bash -c \
      "set -euo pipefail; $state"$'\n''"$@"' scopeir-stage "$@" || rc=$?
  else
    timeout -k 30 "$secs" "$@" || rc=$?
  fi
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    scopeir_err "stage '$stage' hit its wall-clock cap of ${secs}s and was stopped"
  elif [ "$rc" -ne 0 ]; then
    scopeir_err "stage '$stage' failed (exit $rc)"
  fi
  scopeir_log "stage '$stage': $((SECONDS - start))s"
  return "$rc"
}

# Installs whichever of SCOPEIR_DEBIAN_PACKAGES is missing; touches apt only
# when something is.
scopeir_install_packages() {
  local missing=() pkg
  for pkg in "${SCOPEIR_DEBIAN_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
        grep -q 'install ok installed'; then
      missing+=("$pkg")
    fi
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    scopeir_log "all Debian packages present"
    return 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    scopeir_err "missing packages (${missing[*]}); run as root to install them"
    return 1
  fi
  scopeir_log "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# Configures $SCOPEIR_BUILD with Ninja, clang-22 and lld.
scopeir_configure() {
  local linker_args=()
  # HandleLLVMOptions rejects LLVM_USE_LINKER=lld outright if the compiler
  # cannot link with it, so probe first and fall back to the default linker.
  local probe
  probe="$(mktemp -d)"
  printf 'int main() { return 0; }\n' >"$probe/t.cpp"
  if "$SCOPEIR_CXX" -fuse-ld=lld "$probe/t.cpp" -o "$probe/t" >/dev/null 2>&1; then
    linker_args=(-DLLVM_USE_LINKER=lld)
  else
    scopeir_log "warning: $SCOPEIR_CXX cannot link with lld; using the default linker"
  fi
  rm -rf "$probe"

  local extra=()
  if [ "$SCOPEIR_SANITIZE" = 1 ]; then
    extra+=(-DSCOPEIR_ENABLE_SANITIZERS=ON)
  fi
  if [ -n "${SCOPEIR_CMAKE_ARGS:-}" ]; then
    # Word-split on purpose: SCOPEIR_CMAKE_ARGS is a list of arguments.
    local args=()
    read -r -a args <<<"$SCOPEIR_CMAKE_ARGS"
    extra+=("${args[@]}")
  fi

  scopeir_log "configuring $SCOPEIR_BUILD"
  # LLVM_LIT_ARGS: check-scopeir prints each failing test's output.
  cmake -G Ninja -S "$SCOPEIR_ROOT" -B "$SCOPEIR_BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DLLVM_LIT_ARGS=-sv \
    -DCMAKE_C_COMPILER="$SCOPEIR_CC" \
    -DCMAKE_CXX_COMPILER="$SCOPEIR_CXX" \
    "${linker_args[@]}" \
    "${extra[@]}"
}

# Builds every default target (tools, libraries, unit tests).
scopeir_build() {
  scopeir_log "building in $SCOPEIR_BUILD"
  cmake --build "$SCOPEIR_BUILD"
}

# Runs every lit test and GoogleTest case: the check-scopeir target, which
# rebuilds what it needs first (nothing, after scopeir_build).
scopeir_check() {
  cmake --build "$SCOPEIR_BUILD" --target check-scopeir
}

# Install, configure and build, each stage capped.  Returns non-zero at the
# first stage that fails.
scopeir_setup() {
  scopeir_run_capped install "$SCOPEIR_INSTALL_TIMEOUT" scopeir_install_packages &&
    scopeir_run_capped configure "$SCOPEIR_CONFIGURE_TIMEOUT" scopeir_configure &&
    scopeir_run_capped build "$SCOPEIR_BUILD_TIMEOUT" scopeir_build
}
