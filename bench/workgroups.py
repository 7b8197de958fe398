#!/usr/bin/env python3
"""Hand-distributed code, fused and unfused (examples/workgroups.mlir).

relu(a * b + bias) at M = K = N = 1024 on the llvm-cpu host backend, 1 and 2
threads: the codegen.scope.workgroups matmul followed by the bias add and
ReLU as written (512x512 tiles, unfused: two dispatches), the same after
codegen-fuse-into-workgroups (one dispatch), the fused program with 32x32
tiles (bench/inputs/workgroups-32x32.mlir: every slice packed 32 times), and
@reference (a plain linalg.matmul, llvm-cpu's own strategy). Each figure is the median per-call
time of `scope-run --benchmark=N`; the three programs are measured in turn
for --rounds rounds, and each ratio is the median of the per-round ratios,
because the machine is shared and its speed drifts. Standard library only.

  bench/workgroups.py --build build --reps 10 --rounds 5
"""

import argparse
import os
import statistics
import subprocess
import tempfile

from benchlib import make_npy, median_ratio, median_seconds

SIZE = 1024


def program_seconds(args, program, function, threads, inputs):
    """Returns the median seconds of one call of @function in `program`."""
    cmd = [os.path.join(args.build, "bin", "scope-run"), program,
           "--function=" + function, "--host-backend=llvm-cpu",
           "--threads=%d" % threads, "--benchmark=%d" % args.reps]
    cmd += ["--input=@" + path for path in inputs]
    return median_seconds(cmd)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", default="1,2")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    example = os.path.join(root, "examples", "workgroups.mlir")

    with tempfile.TemporaryDirectory() as work:
        fused = os.path.join(work, "fused.mlir")
        small = os.path.join(work, "fused-32x32.mlir")
        for source, target in [(example, fused),
                               (os.path.join(root, "bench", "inputs", "workgroups-32x32.mlir"),
                                small)]:
            subprocess.run([os.path.join(args.build, "bin", "scope-opt"),
                            "--codegen-fuse-into-workgroups", source, "-o", target],
                           check=True)
        inputs = [make_npy(root, os.path.join(work, name + ".npy"), dims, seed)
                  for name, dims, seed in [("a", [SIZE, SIZE], 1), ("b", [SIZE, SIZE], 2),
                                           ("bias", [SIZE], 3)]]

        programs = [("unfused", example, "main"), ("fused", fused, "main"),
                    ("fused 32x32", small, "main"), ("reference", example, "reference")]
        times = {}
        for threads in [int(t) for t in args.threads.split(",")]:
            rounds = {name: [] for name, _, _ in programs}
            for _ in range(args.rounds):
                for name, program, function in programs:
                    rounds[name].append(program_seconds(args, program, function, threads, inputs))
            times[threads] = rounds

    print("relu(a * b + bias), %d^3, llvm-cpu, median of %d calls x %d rounds"
          % (SIZE, args.reps, args.rounds))
    print()
    print("| threads | unfused (ms) | fused (ms) | fused 32x32 (ms) | reference (ms) "
          "| unfused / fused | fused / reference | fused 32x32 / reference |")
    print("|---|---|---|---|---|---|---|---|")
    for threads, rounds in times.items():
        med = {name: statistics.median(v) * 1e3 for name, v in rounds.items()}
        print("| %d | %.2f | %.2f | %.2f | %.2f | %.2fx | %.2fx | %.2fx |" % (
            threads, med["unfused"], med["fused"], med["fused 32x32"], med["reference"],
            median_ratio(rounds["unfused"], rounds["fused"]),
            median_ratio(rounds["fused"], rounds["reference"]),
            median_ratio(rounds["fused 32x32"], rounds["reference"])))
    if 1 in times and len(times) > 1:
        print()
        for threads, rounds in times.items():
            if threads == 1:
                continue
            print("1 / %d threads: unfused %.2fx, fused %.2fx, reference %.2fx" % (
                threads,
                median_ratio(times[1]["unfused"], rounds["unfused"]),
                median_ratio(times[1]["fused"], rounds["fused"]),
                median_ratio(times[1]["reference"], rounds["reference"])))


if __name__ == "__main__":
    main()
