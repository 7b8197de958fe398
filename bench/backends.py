#!/usr/bin/env python3
"""The measuring half of bench/backends.sh (run that script, not this one).

Probes the f32 FMA peak of the machine (fma-peak), then runs every case with
`scope-run --benchmark=N` (llvm-cpu, llvm-cpu-loops) and with each library
harness (lib-bench built for OpenBLAS, BLIS and oneDNN), and prints one
table of medians: GFLOP/s with its share of the peak at the same thread
count, and the ratio of llvm-cpu to the best library of the row, for the
matmuls and the convolutions; milliseconds per call for the models. On a
shared machine the speed drifts, so llvm-cpu and the libraries are measured
in turn for --rounds rounds and the ratio is the median of the per-round
ratios. The thread count reaches every library the same way, through
OMP_NUM_THREADS, BLIS_NUM_THREADS and OPENBLAS_NUM_THREADS (scope-run gets
it with --threads as well). Standard library only.
"""

import argparse
import os
import statistics
import subprocess

import benchlib

# The libraries in the order they are run each round and printed.
LIBRARIES = ("OpenBLAS", "BLIS", "oneDNN")


class NotAvailable(Exception):
    """A case that llvm-cpu could not run; the message says why."""


def thread_env(threads):
    env = dict(os.environ)
    for name in ("OMP_NUM_THREADS", "BLIS_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        env[name] = str(threads)
    return env


def scope_run(args, model, inputs, reps, threads, backend_sed=None):
    """Returns the median seconds of one call of @main in `model`; raises
    NotAvailable if scope-run fails or takes over --timeout seconds."""
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
    try:
        return benchlib.median_seconds(cmd, env=thread_env(threads), timeout=args.timeout)
    except subprocess.TimeoutExpired:
        raise NotAvailable("no result in %d s" % args.timeout)
    except subprocess.CalledProcessError as e:
        raise NotAvailable("scope-run exit %d" % e.returncode)


def or_reason(run):
    """Returns run() or the NotAvailable it raised, for a table cell."""
    try:
        return run()
    except NotAvailable as e:
        return e


def library(args, name, what, threads):
    """Returns (kernel name, median seconds) of one harness run, or None
    where the library lacks the operation."""
    out = subprocess.run([args.lib_bench[name]] + what + [str(args.reps)],
                         check=True, capture_output=True, text=True,
                         env=thread_env(threads)).stdout.split()
    if out[0] == "n/a":
        return None
    if int(out[1]) != threads:
        raise SystemExit("backends.py: %s ran on %s threads, not %d" % (name, out[1], threads))
    return out[0], float(out[3])


def measure_row(args, run_ours, lib_case, threads, kernels):
    """Measures llvm-cpu and each library in turn for args.rounds rounds.
    Returns (our median seconds or the NotAvailable, {library: median
    seconds}, the best library, the median over rounds of best time / our
    time)."""
    ours, theirs = [], {name: [] for name in LIBRARIES}
    failure = None
    for _ in range(args.rounds):
        if failure is None:
            try:
                ours.append(run_ours())
            except NotAvailable as e:
                failure = e
        for name in LIBRARIES:
            result = library(args, name, lib_case, threads)
            if result:
                kernels.setdefault(name, set()).add(result[0])
                theirs[name].append(result[1])
    medians = {name: statistics.median(t) for name, t in theirs.items() if t}
    best = min(medians, key=medians.get) if medians else None
    if failure is not None:
        return failure, medians, best, None
    ratio = statistics.median(b / o for b, o in zip(theirs[best], ours)) if best else None
    return statistics.median(ours), medians, best, ratio


def make_npy(args, name, dims, seed):
    path = os.path.join(args.work, name)
    if not os.path.exists(path):
        benchlib.make_npy(args.root, path, dims, seed)
    return path


def probe_peak(args):
    """Returns ({threads: best GFLOP/s}, {(bits, threads): GFLOP/s}, MHz)."""
    out = subprocess.run([args.fma_peak, args.threads], check=True,
                         capture_output=True, text=True).stdout
    widths, mhz = {}, None
    for line in out.splitlines():
        word = line.split()
        if word[0] == "mhz":
            mhz = word[1]
        else:
            widths[(int(word[0][3:]), int(word[1]))] = float(word[2])
    peak = {}
    for (_, threads), gflops in widths.items():
        peak[threads] = max(peak.get(threads, 0.0), gflops)
    return peak, widths, mhz


def cases(args):
    """The matmul and convolution rows: (name, FLOPs, MLIR file, inputs,
    harness arguments)."""
    matmul = os.path.join(args.root, "test", "Integration", "Inputs", "dynamic-matmul.mlir")
    inputs = os.path.join(args.root, "bench", "inputs")
    rows = []
    for n in (256, 512, 1024):
        rows.append(("matmul %d^3" % n, 2.0 * n ** 3, matmul,
                     [make_npy(args, "a%d.npy" % n, (n, n), 1), make_npy(args, "b%d.npy" % n, (n, n), 2)],
                     ["gemm", str(n), str(n), str(n)]))
    # The encoder's feed-forward up-projection: 128 tokens x 256 -> 1024.
    rows.append(("matmul 128x256 @ 256x1024", 2.0 * 128 * 256 * 1024, matmul,
                 [make_npy(args, "a128x256.npy", (128, 256), 1), make_npy(args, "b256x1024.npy", (256, 1024), 2)],
                 ["gemm", "128", "1024", "256"]))
    # QK^T of the encoder's 4 heads.
    rows.append(("batch matmul 4 x (128x64 @ 64x128)", 2.0 * 4 * 128 * 128 * 64,
                 os.path.join(inputs, "batch-matmul.mlir"),
                 [make_npy(args, "q4x128x64.npy", (4, 128, 64), 1), make_npy(args, "k4x64x128.npy", (4, 64, 128), 2)],
                 ["bmm", "4", "128", "128", "64"]))
    rows.append(("conv 3x3 1x56x56x64 -> 64", 2.0 * 54 * 54 * 64 * 3 * 3 * 64,
                 os.path.join(inputs, "conv2d.mlir"),
                 [make_npy(args, "conv-input.npy", (1, 56, 56, 64), 1), make_npy(args, "conv-filter.npy", (3, 3, 64, 64), 2)],
                 ["conv", "1", "56", "56", "64", "3", "3", "64", "1", "1"]))
    rows.append(("conv 7x7/2 stem 1x230x230x3 -> 64", 2.0 * 112 * 112 * 64 * 7 * 7 * 3,
                 os.path.join(inputs, "conv-stem.mlir"),
                 [make_npy(args, "stem-input.npy", (1, 230, 230, 3), 1), make_npy(args, "stem-filter.npy", (7, 7, 3, 64), 2)],
                 ["conv", "1", "230", "230", "3", "7", "7", "64", "2", "2"]))
    rows.append(("conv 1x1 1x56x56x64 -> 256", 2.0 * 56 * 56 * 64 * 256,
                 os.path.join(inputs, "conv-1x1.mlir"),
                 [make_npy(args, "pw-input.npy", (1, 56, 56, 64), 1), make_npy(args, "pw-filter.npy", (1, 1, 64, 256), 2)],
                 ["conv", "1", "56", "56", "64", "1", "1", "256", "1", "1"]))
    rows.append(("depthwise 3x3 1x114x114x32", 2.0 * 112 * 112 * 32 * 3 * 3,
                 os.path.join(inputs, "conv-depthwise.mlir"),
                 [make_npy(args, "dw-input.npy", (1, 114, 114, 32), 1), make_npy(args, "dw-filter.npy", (3, 3, 32), 2)],
                 ["dwconv", "1", "114", "114", "32", "3", "3", "1", "1"]))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scope-run", required=True)
    parser.add_argument("--lib-bench", action="append", required=True,
                        help="LIBRARY=PATH of a lib-bench build, for each of %s" % ", ".join(LIBRARIES))
    parser.add_argument("--fma-peak", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    args.lib_bench = dict(item.split("=", 1) for item in args.lib_bench)
    if sorted(args.lib_bench) != sorted(LIBRARIES):
        parser.error("--lib-bench needs one of each: %s" % ", ".join(LIBRARIES))

    load_before = os.getloadavg()
    peak, widths, mhz = probe_peak(args)
    to_loops = [('"llvm-cpu"', '"llvm-cpu-loops"')]
    to_vec = [('"llvm-cpu-loops"', '"llvm-cpu"')]
    kernels = {}
    rows = []
    counts = [int(t) for t in args.threads.split(",")]
    for threads in counts:
        for name, flops, model, inputs, lib_case in cases(args):
            vec, libs, best, ratio = measure_row(
                args, lambda: scope_run(args, model, inputs, args.reps, threads),
                lib_case, threads, kernels)
            loops = None
            if not args.quick:
                # One call of the scalar loops takes up to seconds.
                loops = or_reason(lambda: scope_run(args, model, inputs, 3 if flops < 5e8 else 1,
                                                    threads, to_loops))
            rows.append((threads, name, flops, vec, loops, libs, best, ratio))
        for model, width in (("mlp", 16), ("encoder", 8)):
            path = os.path.join(args.root, "examples", model + ".mlir")
            x = make_npy(args, "%s-x.npy" % model, (1024, width), 3)
            as_written = or_reason(lambda: scope_run(args, path, [x], args.reps, threads))
            all_vec = or_reason(lambda: scope_run(args, path, [x], args.reps, threads, to_vec))
            all_loops = None if args.quick else or_reason(
                lambda: scope_run(args, path, [x], args.reps, threads, to_loops))
            rows.append((threads, "%s batch 1024" % model, None, all_vec, all_loops, as_written, None, None))

    # Thread scaling, measured in alternation like the ratios to the libraries.
    scaling = []
    if 1 in counts and max(counts) > 1:
        many = max(counts)
        picked = {name: (model, inputs) for name, _, model, inputs, _ in cases(args)}
        matmul = picked["matmul 1024^3"]
        conv = picked["conv 3x3 1x56x56x64 -> 64"]
        for case, (model, inputs) in (("matmul 1024^3", matmul), ("conv 3x3", conv)):
            ratios = []
            try:
                for _ in range(args.rounds):
                    one = scope_run(args, model, inputs, args.reps, 1)
                    several = scope_run(args, model, inputs, args.reps, many)
                    ratios.append(one / several)
            except NotAvailable as e:
                scaling.append((case, many, e, None, None))
                continue
            scaling.append((case, many, statistics.median(ratios), min(ratios), max(ratios)))
    load_after = os.getloadavg()

    core = os.environ.get("OPENBLAS_CORETYPE")
    print("Load average (1, 5, 15 min): %.2f %.2f %.2f before, %.2f %.2f %.2f after" % (load_before + load_after))
    for name in LIBRARIES:
        print("%s: %s" % (name, ", ".join(sorted(kernels.get(name, ["-"])))))
    print("OPENBLAS_CORETYPE %s" % ("=" + core if core else "unset"))
    for threads in counts:
        line = ", ".join("%d-bit %.1f" % (bits, g) for (bits, t), g in sorted(widths.items()) if t == threads)
        print("f32 FMA peak, %d thread(s): %.1f GFLOP/s (%s)" % (threads, peak[threads], line), end="")
        if mhz:
            print("; %.1f FLOP/cycle/core at /proc/cpuinfo's %s MHz" % (
                peak[threads] / threads / (float(mhz) / 1e3), mhz), end="")
        print()
    print("Matmuls and convolutions: GFLOP/s (median of %d rounds of %d calls) and its share of the"
          % (args.rounds, args.reps))
    print("peak at the same thread count; llvm-cpu : best = median per-round ratio")
    print("(best library's time / llvm-cpu time) against the library with the best median.")
    print("| threads | case | llvm-cpu | llvm-cpu-loops | %s | llvm-cpu : best |" % " | ".join(LIBRARIES))
    print("|---|---|---|---|%s---|" % ("---|" * len(LIBRARIES)))
    for threads, case, flops, vec, loops, libs, best, ratio in rows:
        if flops is None:
            continue

        def g(t):
            if t is None:
                return "-"
            if isinstance(t, NotAvailable):
                return "n/a (%s)" % t
            gflops = flops / t / 1e9
            return "%.1f (%.0f%%)" % (gflops, 100.0 * gflops / peak[threads])
        lib_cells = [g(libs[name]) if name in libs else "n/a" for name in LIBRARIES]
        r = "-" if ratio is None else "%.1f%% (%s)" % (100.0 * ratio, best)
        print("| %d | %s | %s | %s | %s | %s |" % (threads, case, g(vec), g(loops), " | ".join(lib_cells), r))
    print()
    print("Models: ms per call (median of %d calls), llvm-cpu / llvm-cpu-loops = every device" % args.reps)
    print("replaced, as written = layer 1 on llvm-cpu, the rest on llvm-cpu-loops.")
    print("| threads | model | llvm-cpu | llvm-cpu-loops | as written |")
    print("|---|---|---|---|---|")
    def fmt(t):
        if isinstance(t, NotAvailable):
            return "n/a (%s)" % t
        return "-" if t is None else "%.3f" % (t * 1e3)
    for threads, case, flops, vec, loops, as_written, _, _ in rows:
        if flops is None:
            print("| %d | %s | %s | %s | %s |" % (threads, case, fmt(vec), fmt(loops), fmt(as_written)))
    if scaling:
        print()
        print("llvm-cpu speed-up over one thread (median of %d alternating rounds, min-max):" % args.rounds)
        for case, many, median, low, high in scaling:
            if isinstance(median, NotAvailable):
                print("  %s, %d threads: n/a (%s)" % (case, many, median))
            else:
                print("  %s, %d threads: %.2fx (%.2f-%.2f)" % (case, many, median, low, high))


if __name__ == "__main__":
    main()
