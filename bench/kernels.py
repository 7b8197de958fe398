#!/usr/bin/env python3
"""The MLP layer (matmul, bias, ReLU) as generated code against extern kernels.

Usage: bench/kernels.py [--build build] [--rounds 5] [--reps 10]
                        [--sizes 1024x16x32,1024x256x256,512x1024x1024]

For each size MxKxN, a function computing relu(x * w + b) on `llvm-cpu`
(x: MxK, w: KxN, b: N, all arguments) is run with `scope-run --benchmark`
three ways, in turn for --rounds rounds so that a drifting machine moves all
alike:
  - generated: the layer compiled by llvm-cpu (no spec);
  - openblas:  the layer replaced, through examples/kernels/mlp-layer-spec.mlir,
               by mlp_layer_f32 of libscopeir_kernels_openblas (cblas_sgemm
               and a bias/ReLU loop);
  - scalar:    the same with libscopeir_kernels_reference (plain loops).
Prints the median ms per call of each and the median of the per-round
ratios generated time / kernel time (above 1: the kernel is faster). One
thread everywhere (--threads=1, OPENBLAS_NUM_THREADS=1); OPENBLAS_CORETYPE
passes through untouched. Standard library only.
"""

import argparse
import os
import statistics
import sys
import tempfile

from benchlib import median_seconds

LAYER = """func.func @main(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32>,
                %b: tensor<{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {{
    %empty = tensor.empty() : tensor<{m}x{n}xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
    %mm = linalg.matmul ins(%x, %w : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>)
                        outs(%acc : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
    %act = linalg.generic {{
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                         affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}}
        ins(%mm, %b : tensor<{m}x{n}xf32>, tensor<{n}xf32>) outs(%empty : tensor<{m}x{n}xf32>) {{
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      %t = arith.maximumf %s, %zero : f32
      linalg.yield %t : f32
    }} -> tensor<{m}x{n}xf32>
    util.return %act : tensor<{m}x{n}xf32>
  }} : tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--sizes", default="1024x16x32,1024x256x256,512x1024x1024")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    scope_run = os.path.join(args.build, "bin", "scope-run")
    libs = os.path.join(args.build, "lib")
    spec = os.path.join(root, "examples", "kernels", "mlp-layer-spec.mlir")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    kernels = {
        "openblas": os.path.join(libs, "libscopeir_kernels_openblas.so"),
        "scalar": os.path.join(libs, "libscopeir_kernels_reference.so"),
    }
    for path in [scope_run] + list(kernels.values()):
        if not os.path.exists(path):
            sys.exit("kernels.py: %s is missing (build the project first)" % path)

    print("| MxKxN | generated (ms) | openblas (ms) | scalar (ms) | generated / openblas | generated / scalar |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for size in args.sizes.split(","):
            m, k, n = (int(v) for v in size.split("x"))
            model = os.path.join(work, "layer-%s.mlir" % size)
            with open(model, "w") as out:
                out.write(LAYER.format(m=m, k=k, n=n))
            base = [scope_run, model, "--benchmark=%d" % args.reps, "--threads=1",
                    "--input=%dx%dxf32=0.5" % (m, k), "--input=%dx%dxf32=-0.25" % (k, n),
                    "--input=%dxf32=1" % n]
            times = {"generated": [], "openblas": [], "scalar": []}
            ratios = {"openblas": [], "scalar": []}
            for _ in range(args.rounds):
                generated = median_seconds(base, env)
                times["generated"].append(generated)
                for name, lib in kernels.items():
                    t = median_seconds(base + ["--kernel-spec=" + spec,
                                               "--kernel-library=" + lib,
                                               "--require-kernels"], env)
                    times[name].append(t)
                    ratios[name].append(generated / t)
            med = {name: statistics.median(v) * 1e3 for name, v in times.items()}
            print("| %s | %.3f | %.3f | %.3f | %.2fx | %.2fx |" % (
                size, med["generated"], med["openblas"], med["scalar"],
                statistics.median(ratios["openblas"]), statistics.median(ratios["scalar"])))


if __name__ == "__main__":
    main()
