#!/usr/bin/env python3
"""The measuring half of bench/backends.sh (run that script, not this one).

Runs every case with `scope-run --benchmark=N` (llvm-cpu, llvm-cpu-loops)
and the OpenBLAS harness, and prints one table of medians: GFLOP/s and the
ratio to OpenBLAS for the matmuls and the convolution, milliseconds per call
for the models. On a shared machine the speed drifts, so llvm-cpu and
OpenBLAS are measured in alternation for --rounds rounds and the ratio is
the median of the per-round ratios. Standard library only.
"""

import argparse
import os
import statistics
import subprocess

import benchlib


def scope_run(args, model, inputs, reps, threads, backend_sed=None):
    """Returns the median seconds of one call of @main in `model`."""
    path = model
    if backend_sed:
        # The same program with every device replaced (e.g. all llvm-cpu-loops).
        text = open(model).read()
        for old, new in backend_sed:
            text = text.replace(old, new)
        path = os.path.join(args.work, os.path.basename(model) + ".%s.mlir" % backend_sed[0][1].strip('"'))
        with open(path, "w") as out:
            out.write(text)
    cmd = [args.scope_run, path, "--benchmark=%d" % reps, "--threads=%d" % threads]
    cmd += ["--input=@%s" % i for i in inputs]
    return benchlib.median_seconds(cmd)


def openblas(args, what, reps, threads):
    """Returns (kernel name, median seconds)."""
    out = subprocess.run([args.openblas_bench] + what + [str(reps), str(threads)],
                         check=True, capture_output=True, text=True).stdout.split()
    return out[0], float(out[2])


def alternate(args, run_ours, blas_case, threads, kernels):
    """Measures ours and OpenBLAS in turn for args.rounds rounds; returns the
    median seconds of each and the median of the per-round ratios
    (OpenBLAS time / our time)."""
    ours, theirs, ratios = [], [], []
    for _ in range(args.rounds):
        t = run_ours()
        kernel, b = openblas(args, blas_case, args.reps, threads)
        kernels.add(kernel)
        ours.append(t)
        theirs.append(b)
        ratios.append(b / t)
    return statistics.median(ours), statistics.median(theirs), statistics.median(ratios)


def make_npy(args, name, dims, seed):
    path = os.path.join(args.work, name)
    if not os.path.exists(path):
        benchlib.make_npy(args.root, path, dims, seed)
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scope-run", required=True)
    parser.add_argument("--openblas-bench", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()

    matmul = os.path.join(args.root, "test", "Integration", "Inputs", "dynamic-matmul.mlir")
    conv = os.path.join(args.root, "bench", "inputs", "conv2d.mlir")
    to_loops = [('"llvm-cpu"', '"llvm-cpu-loops"')]
    to_vec = [('"llvm-cpu-loops"', '"llvm-cpu"')]
    kernels = set()
    rows = []
    for threads in [int(t) for t in args.threads.split(",")]:
        for n in (256, 512, 1024):
            a = make_npy(args, "a%d.npy" % n, (n, n), 1)
            b = make_npy(args, "b%d.npy" % n, (n, n), 2)
            flops = 2.0 * n * n * n
            vec, blas, ratio = alternate(
                args, lambda: scope_run(args, matmul, [a, b], args.reps, threads),
                ["gemm", str(n), str(n), str(n)], threads, kernels)
            loops = None
            if not args.quick:
                loops = scope_run(args, matmul, [a, b], 3 if n <= 256 else 1, threads, to_loops)
            rows.append((threads, "matmul %d^3" % n, flops, vec, loops, blas, ratio))
        image = make_npy(args, "conv-input.npy", (1, 56, 56, 64), 1)
        filt = make_npy(args, "conv-filter.npy", (3, 3, 64, 64), 2)
        flops = 2.0 * 54 * 54 * 64 * 3 * 3 * 64
        vec, blas, ratio = alternate(
            args, lambda: scope_run(args, conv, [image, filt], args.reps, threads),
            ["conv", "1", "56", "56", "64", "3", "3", "64"], threads, kernels)
        loops = None if args.quick else scope_run(args, conv, [image, filt], 1, threads, to_loops)
        rows.append((threads, "conv 3x3 NHWC (im2col)", flops, vec, loops, blas, ratio))
        for model, width in (("mlp", 16), ("encoder", 8)):
            path = os.path.join(args.root, "examples", model + ".mlir")
            x = make_npy(args, "%s-x.npy" % model, (1024, width), 3)
            as_written = scope_run(args, path, [x], args.reps, threads)
            all_vec = scope_run(args, path, [x], args.reps, threads, to_vec)
            all_loops = None if args.quick else scope_run(args, path, [x], args.reps, threads, to_loops)
            rows.append((threads, "%s batch 1024" % model, None, all_vec, all_loops, as_written, None))

    # Thread scaling, measured in alternation like the ratios to OpenBLAS.
    counts = [int(t) for t in args.threads.split(",")]
    scaling = []
    if 1 in counts and max(counts) > 1:
        many = max(counts)
        a, b = make_npy(args, "a1024.npy", (1024, 1024), 1), make_npy(args, "b1024.npy", (1024, 1024), 2)
        image = make_npy(args, "conv-input.npy", (1, 56, 56, 64), 1)
        filt = make_npy(args, "conv-filter.npy", (3, 3, 64, 64), 2)
        for case, model, inputs in (("matmul 1024^3", matmul, [a, b]),
                                    ("conv 3x3 NHWC", conv, [image, filt])):
            ratios = []
            for _ in range(args.rounds):
                one = scope_run(args, model, inputs, args.reps, 1)
                several = scope_run(args, model, inputs, args.reps, many)
                ratios.append(one / several)
            scaling.append((case, many, statistics.median(ratios), min(ratios), max(ratios)))

    core = os.environ.get("OPENBLAS_CORETYPE")
    print("OpenBLAS kernel: %s (OPENBLAS_CORETYPE %s)" % (
        ", ".join(sorted(kernels)), "=" + core if core else "unset"))
    print("Matmuls and convolution: GFLOP/s (median of %d rounds of %d calls) and the" % (args.rounds, args.reps))
    print("median per-round ratio to OpenBLAS (OpenBLAS time / llvm-cpu time);")
    print("models: ms per call (median), llvm-cpu / llvm-cpu-loops = every device replaced,")
    print("last column = as written (llvm-cpu and llvm-cpu-loops scopes).")
    header = "| threads | case | llvm-cpu | llvm-cpu-loops | OpenBLAS / as written | llvm-cpu : OpenBLAS | loops : OpenBLAS |"
    print(header)
    print("|---|---|---|---|---|---|---|")
    for threads, case, flops, vec, loops, base, ratio in rows:
        if flops is None:
            fmt = lambda t: "-" if t is None else "%.3f ms" % (t * 1e3)
            print("| %d | %s | %s | %s | %s | | |" % (threads, case, fmt(vec), fmt(loops), fmt(base)))
            continue
        g = lambda t: "-" if t is None else "%.2f" % (flops / t / 1e9)
        r = lambda t: "-" if t is None else "%.1f%%" % (100.0 * base / t)
        print("| %d | %s | %s | %s | %s | %.1f%% | %s |" % (
            threads, case, g(vec), g(loops), g(base), 100.0 * ratio, r(loops)))
    if scaling:
        print()
        print("llvm-cpu speed-up over one thread (median of %d alternating rounds, min-max):" % args.rounds)
        for case, many, median, low, high in scaling:
            print("  %s, %d threads: %.2fx (%.2f-%.2f)" % (case, many, median, low, high))


if __name__ == "__main__":
    main()
