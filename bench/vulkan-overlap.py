#!/usr/bin/env python3
"""Overlap of a vulkan branch and a CPU branch (bench/inputs/vulkan-overlap.mlir).

@both runs a matmul on vulkan and an independent one on llvm-cpu-loops and
sums them on the host; @vulkan_only and @cpu_only run one branch each. The
device's work is submitted when its function returns and the host waits
only for the value it sums, so @both should take about the longer branch,
not the sum of both. Each figure is the median per-call time of
`scope-run --benchmark=N` (one host thread); the three are measured in turn
for --rounds rounds, and each ratio is the median of the per-round ratios,
because the machine is shared and its speed drifts. Lavapipe (the Vulkan
device of a machine without a GPU) runs on the same cores as the host: it
is given one thread (LP_NUM_THREADS=1, --device-threads) so that each branch
has a core of a 2-core machine. Standard library only.

  bench/vulkan-overlap.py --build build --reps 5 --rounds 3
"""

import argparse
import os
import statistics

from benchlib import median_ratio, median_seconds

INPUTS = ["256x256xf32=0.5", "256x256xf32=0.25", "256x2048xf32=0.125",
          "2048x256xf32=0.0625"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--device-threads", default="1",
                        help="LP_NUM_THREADS for lavapipe (empty: its default)")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    program = os.path.join(root, "bench", "inputs", "vulkan-overlap.mlir")
    env = dict(os.environ)
    if args.device_threads:
        env["LP_NUM_THREADS"] = args.device_threads

    def seconds(function):
        cmd = [os.path.join(args.build, "bin", "scope-run"), program,
               "--function=" + function, "--threads=1",
               "--benchmark=%d" % args.reps]
        cmd += ["--input=" + spec for spec in INPUTS]
        return median_seconds(cmd, env=env)

    both, device, cpu = [], [], []
    for _ in range(args.rounds):
        both.append(seconds("both"))
        device.append(seconds("vulkan_only"))
        cpu.append(seconds("cpu_only"))
    sums = [d + c for d, c in zip(device, cpu)]
    longest = [max(d, c) for d, c in zip(device, cpu)]
    print("| program | median ms |")
    print("|---|---|")
    for name, values in [("@both", both), ("@vulkan_only", device),
                         ("@cpu_only", cpu)]:
        print("| %s | %.1f |" % (name, statistics.median(values) * 1e3))
    print("| @both / (vulkan + cpu) | %.2f |" % median_ratio(both, sums))
    print("| @both / max(vulkan, cpu) | %.2f |" % median_ratio(both, longest))


if __name__ == "__main__":
    main()
