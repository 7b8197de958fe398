#!/usr/bin/env bash
# Installs what scopeir needs (Debian 12, as root), builds it and shows the
# bundled example going from util.annotate to util.scope to no scope at all,
# then the examples compiled and run, and last a PyTorch ResNet-18 through
# scopeir.torch with one layer on a second backend.
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

# The main job: the 2-layer MLP of examples/mlp.mlir, layer 1 on llvm-cpu
# (tiled + vectorized) and layer 2 on llvm-cpu-loops (plain loops), compiled
# and run in-process by scope-run.
run="$SCOPEIR_BUILD/bin/scope-run"
mlp="$SCOPEIR_ROOT/examples/mlp.mlir"
rel_run="${run#"$SCOPEIR_ROOT"/}"
rel_mlp="${mlp#"$SCOPEIR_ROOT"/}"
if [ ! -x "$run" ]; then
  scopeir_err "$run was not built"
  exit 1
fi

stage "$step. The registered devices" "$rel_run --list-devices"
"$run" --list-devices
step=$((step + 1))

# Two rows of 16 features; the batch dimension of @main is dynamic.
x2="0.5 -0.25 1 0 0.75 -1 0.125 0.5 -0.5 1 0.25 -0.75 0 0.5 -0.125 1"
x2="$x2 -1 0.5 0.25 -0.5 1 0.125 -0.75 0 0.5 -0.25 1 0.75 -1 0 0.25 -0.5"
stage "$step. Run the MLP on two devices (dispatch regions formed inside each device scope): 2 rows in, 2 probability rows out" \
  "$rel_run $rel_mlp --function=main --input=\"2x16xf32=$x2\""
"$run" "$mlp" --function=main --input="2x16xf32=$x2"
step=$((step + 1))

stage "$step. Which dispatch runs where: the scope -> dispatch map" \
  "$rel_run $rel_mlp --input=... --dump-dispatches"
"$run" "$mlp" --function=main --input="2x16xf32=$x2" --dump-dispatches
step=$((step + 1))

stage "$step. The same batch with every scope stripped (all on the host backend)" \
  "$rel_opt $rel_mlp --util-strip-scopes | $rel_run - --input=..."
"$opt" "$mlp" --util-strip-scopes | "$run" - --function=main --input="2x16xf32=$x2"
step=$((step + 1))

# Kernel replacement: a transform spec wraps layer 1 (matmul, bias, ReLU) in
# an extern scope; the OpenBLAS kernel of examples/kernels computes it, and
# --check-kernels compares it with the ops it replaced.
spec="$SCOPEIR_ROOT/examples/kernels/mlp-layer-spec.mlir"
rel_spec="${spec#"$SCOPEIR_ROOT"/}"
kernels="$SCOPEIR_BUILD/lib/libscopeir_kernels_openblas.so"
rel_kernels="${kernels#"$SCOPEIR_ROOT"/}"
if [ -f "$kernels" ]; then
  stage "$step. Layer 1 replaced by a hand-written OpenBLAS kernel (matched by a spec file), checked against its decomposition" \
    "$rel_run $rel_mlp --input=... --kernel-spec=$rel_spec --kernel-library=$rel_kernels --check-kernels --dump-dispatches"
  "$run" "$mlp" --function=main --input="2x16xf32=$x2" --kernel-spec="$spec" \
    --kernel-library="$kernels" --check-kernels --dump-dispatches 2>&1
  stage "$step b. The same without the library: the decomposition runs (one warning), same probabilities" \
    "$rel_run $rel_mlp --input=... --kernel-spec=$rel_spec"
  "$run" "$mlp" --function=main --input="2x16xf32=$x2" --kernel-spec="$spec" 2>&1
else
  stage "$step. (kernel replacement skipped: $rel_kernels was not built; OpenBLAS missing?)"
fi
step=$((step + 1))

# Two translation units in one function (examples/codegen-tu.mlir): each
# codegen.scope.tu runs its own strategy, the function is bufferized whole.
tu="$SCOPEIR_ROOT/examples/codegen-tu.mlir"
rel_tu="${tu#"$SCOPEIR_ROOT"/}"
stage "$step. One function, two strategies: a matmul tu feeding a row-reduction tu tied to the output" \
  "$rel_run $rel_tu --host-backend=llvm-cpu --input=\"4x8xf32=1\" --input=\"8x4xf32=0.5\" --input=\"4xf32=0\""
"$run" "$tu" --host-backend=llvm-cpu --function=main --input="4x8xf32=1" --input="8x4xf32=0.5" --input="4xf32=0"
step=$((step + 1))

stage "$step. A batch of 4 rows: one splat row in .npy, round-tripped" \
  "$rel_run $rel_mlp --input=\"4x16xf32=0.25\" --output=@probs.npy; $rel_run ... --input=@probs.npy"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$run" "$mlp" --input="4x16xf32=0.25" --output="@$tmp/probs.npy"
echo "wrote probs.npy ($(wc -c <"$tmp/probs.npy") bytes); read back through an identity function:"
cat >"$tmp/id.mlir" <<'MLIR'
func.func @main(%x: tensor<?x10xf32>) -> tensor<?x10xf32> {
  return %x : tensor<?x10xf32>
}
MLIR
"$run" "$tmp/id.mlir" --input="@$tmp/probs.npy"
step=$((step + 1))

# A TOSA model (what TFLite and other frontends export), its layers in
# scopes: scope-run converts TOSA to linalg inside the scopes first.
cnn="$SCOPEIR_ROOT/examples/tosa-cnn.mlir"
rel_cnn="${cnn#"$SCOPEIR_ROOT"/}"
images=""
for i in $(seq 0 127); do
  images="$images $(awk -v i="$i" 'BEGIN { print ((37 * i) % 17 - 8) / 8 }')"
done
stage "$step. A TOSA CNN (conv on llvm-cpu, classifier on llvm-cpu-loops): 2 images in, 2 probability rows out" \
  "$rel_run $rel_cnn --input=\"2x8x8x1xf32=...\" --dump-dispatches"
"$run" "$cnn" --input="2x8x8x1xf32=$images" --dump-dispatches
step=$((step + 1))

# A PyTorch model through scopeir.torch: ResNet-18 captured from
# torchvision, its modules as zones, layer4 placed on the vectorizing
# backend (with a strategy of small tiles: its default tiling of NCHW ops
# compiles slowly, docs/torch.md), compiled and run in-process, compared
# with eager PyTorch; then the five modules whose own dispatches took
# longest.
strategy="llvm-cpu-tile-and-vectorize{tile-sizes=1,8,1,8,16,1,1},canonicalize,cse"
if "$SCOPEIR_PYTHON" -c "import torch, torchvision" 2>/dev/null; then
  stage "$step. A PyTorch model: ResNet-18 with layer4 on llvm-cpu, the rest on llvm-cpu-loops, against eager PyTorch; the five slowest modules" \
    "PYTHONPATH=python $SCOPEIR_PYTHON -m scopeir.torch run torchvision.models:resnet18 --input-shape 1x3x224x224 --place layer4=llvm-cpu --strategy 'layer4=$strategy' --slowest 5"
  SCOPEIR_BUILD_DIR="$SCOPEIR_BUILD" PYTHONPATH="$SCOPEIR_ROOT/python" \
    "$SCOPEIR_PYTHON" -m scopeir.torch run torchvision.models:resnet18 \
    --input-shape 1x3x224x224 --place layer4=llvm-cpu \
    --strategy "layer4=$strategy" --slowest 5
else
  stage "$step. (the PyTorch step skipped: $SCOPEIR_PYTHON cannot import torch and torchvision)"
fi
