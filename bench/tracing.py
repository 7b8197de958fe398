#!/usr/bin/env python3
"""What tracing costs at run time.

Two figures, each measured with and without tracing in the same run, the two
run in turn (`--rounds` times) so that a drifting machine moves both alike:

- the cost of one zone begin/end pair: a loop of `--iterations` iterations
  whose body is a zone around one scalar add, timed per call by
  `scope-run --benchmark`; (traced - untraced) / iterations;
- the example model (examples/encoder.mlir, a batch of 5 rows): per-call
  time with and without tracing and their ratio.

Each round's figure is the median per-call time that `scope-run --benchmark`
reports; the table shows the median over rounds, and the ratio is the median
of the per-round ratios. Tracing is on through `--print-zones` (the events
are recorded exactly as with `--trace`, without writing a file at exit).

A second table compares the recorder with LLVM's own TimeTraceProfiler
(llvm/Support/TimeProfiler.h, which writes the same JSON):
bench/trace-recorders.cpp, built here with the build's C++ compiler against
libLLVM (llvm-config of the build's LLVM) and the build's
libScopeirTraceRuntime.a, records `--pairs` begin/end pairs per thread on 1
and 2 threads with each recorder in turn and prints ns per pair, heap bytes
per pair and the cost of writing the JSON per pair (medians of `--rounds`),
and what one reading of each clock costs. `--no-recorders` skips it.

Usage: bench/tracing.py [--build build] [--rounds 5] [--calls 20]
                        [--iterations 10000] [--pairs 200000]
                        [--no-recorders]
"""

import argparse
import os
import re
import statistics
import subprocess
import tempfile

from benchlib import median_seconds

LOOP = """\
func.func @main(%x: tensor<f32>) -> tensor<f32> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant {iterations} : index
  %x0 = tensor.extract %x[] : tensor<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x0) -> f32 {{
    %s = util.annotate [#util.zone<"step">] {{
      %d = arith.addf %acc, %x0 : f32
      util.return %d : f32
    }} : f32
    scf.yield %s : f32
  }}
  %t = tensor.from_elements %r : tensor<f32>
  return %t : tensor<f32>
}}
"""

ENCODER_INPUT = ("5x8xf32=0.5 -1 0.25 0 1 -0.5 0.75 -0.25 1 0 -1 0.5 0.25 "
                 "-0.75 0 1 -0.125 0.375 -0.625 0.875 -1.25 1.5 -0.375 0.125 "
                 "0.625 -0.875 1.125 -1.375 0.25 -0.5 0.75 -1 1.5 0.25 -0.25 "
                 "0.5 -0.75 1 -1.25 0")

def median_call_seconds(scope_run, args, calls, traced):
    """Runs scope-run --benchmark and returns its median per-call time."""
    command = [scope_run] + args + [f"--benchmark={calls}"]
    if traced:
        command.append("--print-zones")
    return median_seconds(command)


def measure(scope_run, args, calls, rounds):
    """Returns (untraced medians, traced medians), one per round."""
    plain, traced = [], []
    for _ in range(rounds):
        plain.append(median_call_seconds(scope_run, args, calls, False))
        traced.append(median_call_seconds(scope_run, args, calls, True))
    return plain, traced


def read_cmake_cache(build):
    """Returns the build's CMake cache as a dict of names to values."""
    cache = {}
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        for line in f:
            match = re.match(r"^([A-Za-z_0-9]+):[A-Z]+=(.*)$", line.strip())
            if match:
                cache[match.group(1)] = match.group(2)
    return cache


def build_recorders(build, root, out):
    """Builds bench/trace-recorders.cpp into `out`."""
    cache = read_cmake_cache(build)
    cxx = cache.get("CMAKE_CXX_COMPILER", "clang++")
    llvm_dir = cache.get("LLVM_DIR", "")
    # LLVM_DIR is <prefix>/lib/cmake/llvm.
    llvm_config = os.path.join(os.path.dirname(os.path.dirname(
        os.path.dirname(llvm_dir))), "bin", "llvm-config")

    def config(*flags):
        return subprocess.run([llvm_config, *flags], check=True,
                              capture_output=True, text=True).stdout.split()

    runtime = os.path.join(build, "lib", "Runtime", "Trace",
                           "libScopeirTraceRuntime.a")
    command = ([cxx, "-O2"] + config("--cxxflags") +
               ["-I", os.path.join(root, "include"),
                os.path.join(root, "bench", "trace-recorders.cpp"), runtime] +
               config("--ldflags") + config("--libs", "support") +
               ["-Wl,-rpath," + config("--libdir")[0], "-lpthread",
                "-o", out])
    subprocess.run(command, check=True)


def compare_recorders(binary, pairs, rounds):
    """Runs trace-recorders and prints its figures as a table."""
    out = subprocess.run([binary, "--pairs", str(pairs), "--rounds",
                          str(rounds), "--threads", "1,2"], check=True,
                         capture_output=True, text=True).stdout
    rows, clocks = [], []
    for line in out.splitlines():
        fields = line.split()
        if fields[0] == "clock":
            clocks.append((fields[1], float(fields[2])))
        else:
            rows.append((fields[0], int(fields[1]), *map(float, fields[2:])))
    base = {threads: ns for name, threads, ns, _, _ in rows
            if name == "scopeir"}
    print()
    print(f"{'recorder':<16} {'threads':>7} {'ns/pair':>9} {'vs scopeir':>10} "
          f"{'heap B/pair':>11} {'write ns/pair':>13}")
    for name, threads, ns, heap, write in rows:
        print(f"{name:<16} {threads:>7} {ns:>9.1f} {ns / base[threads]:>9.2f}x "
              f"{heap:>11.1f} {write:>13.1f}")
    print("one clock reading: " + ", ".join(
        f"{name} {ns:.1f} ns" for name, ns in clocks))
    print(f"({pairs} pairs per thread; medians of {rounds} rounds; ns/pair "
          "is the wall time over the pairs of one thread)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=10000)
    parser.add_argument("--pairs", type=int, default=200000)
    parser.add_argument("--no-recorders", action="store_true")
    args = parser.parse_args()
    scope_run = os.path.join(args.build, "bin", "scope-run")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

    with tempfile.TemporaryDirectory() as tmp:
        loop = os.path.join(tmp, "loop.mlir")
        with open(loop, "w") as f:
            f.write(LOOP.format(iterations=args.iterations))
        loop_plain, loop_traced = measure(
            scope_run, [loop, "--input=f32=1"], args.calls, args.rounds)
    enc_plain, enc_traced = measure(
        scope_run,
        [os.path.join(root, "examples", "encoder.mlir"),
         "--input=" + ENCODER_INPUT], args.calls, args.rounds)

    pair_ns = [(t - p) / args.iterations * 1e9
               for p, t in zip(loop_plain, loop_traced)]
    print(f"{'measure':<44} {'off':>12} {'on':>12} {'on/off':>8}")
    print(f"{'zone loop, ' + str(args.iterations) + ' iterations (per call)':<44} "
          f"{statistics.median(loop_plain) * 1e6:>9.1f} us "
          f"{statistics.median(loop_traced) * 1e6:>9.1f} us "
          f"{statistics.median(t / p for p, t in zip(loop_plain, loop_traced)):>7.1f}x")
    print(f"{'  one zone begin/end pair':<44} {'':>12} "
          f"{statistics.median(pair_ns):>9.1f} ns")
    print(f"{'examples/encoder.mlir, 5 rows (per call)':<44} "
          f"{statistics.median(enc_plain) * 1e6:>9.1f} us "
          f"{statistics.median(enc_traced) * 1e6:>9.1f} us "
          f"{statistics.median(t / p for p, t in zip(enc_plain, enc_traced)):>7.2f}x")
    print(f"({args.rounds} rounds of {args.calls} calls; medians; the ratio is "
          "the median of the per-round ratios)")

    if not args.no_recorders:
        with tempfile.TemporaryDirectory() as tmp:
            binary = os.path.join(tmp, "trace-recorders")
            build_recorders(args.build, root, binary)
            compare_recorders(binary, args.pairs, args.rounds)


if __name__ == "__main__":
    main()
