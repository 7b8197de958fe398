#!/usr/bin/env python3
"""Cost of util-outline-scopes, util-extract-scope and util-induce-tied-operands.

Generates a module of `--functions` functions, each a chain of
`--scopes-per-function` scopes with an explicit dynamically shaped capture and
its dim, a result with dims, a linalg.fill into the capture (so
util-induce-tied-operands ties every result) and two elementwise ops; every
other scope carries a unique #util.zone. The defaults give 50k scopes and
250k ops. Prints, for each pass, the median wall time over `--runs` runs and
its ratio to parse+print (scope-opt with no pass) of the same module measured
in the same run.

Usage: bench/outline-extract-induce.py [--build build] [--functions 1000]
                                       [--scopes-per-function 50] [--runs 3]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def generate(functions, scopes_per_function):
    lines = []
    for f in range(functions):
        lines.append(f"func.func @f{f}(%t: tensor<?xf32>, %d: index) "
                     "-> tensor<?xf32> {")
        lines.append("  %cst = arith.constant 0.000000e+00 : f32")
        prev = "%t"
        for s in range(scopes_per_function):
            zone = f' [#util.zone<"z{f}_{s}">]' if s % 2 == 0 else ""
            lines += [
                f"  %s{s} = util.scope{zone} ({prev} as %a{s}: "
                "tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {",
                f"    %e{s} = math.exp %a{s} : tensor<?xf32>",
                f"    %b{s} = math.absf %e{s} : tensor<?xf32>",
                f"    %c{s} = linalg.fill ins(%cst : f32) outs(%a{s} : "
                "tensor<?xf32>) -> tensor<?xf32>",
                f"    util.return %c{s} : tensor<?xf32>",
                "  }",
            ]
            prev = f"%s{s}"
        lines.append(f"  return {prev} : tensor<?xf32>")
        lines.append("}")
    return "\n".join(lines) + "\n"


def median_seconds(cmd, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr.decode()}")
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--functions", type=int, default=1000)
    parser.add_argument("--scopes-per-function", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    opt = os.path.join(args.build, "bin", "scope-opt")
    last_zone = f"z{args.functions - 1}_0"
    passes = [
        ("util-outline-scopes", ["--util-outline-scopes"]),
        ("util-induce-tied-operands", ["--util-induce-tied-operands"]),
        ("util-extract-scope (zone)", [f"--util-extract-scope=zone={last_zone}"]),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "scopes.mlir")
        with open(path, "w") as f:
            f.write(generate(args.functions, args.scopes_per_function))
        base = median_seconds([opt, path, "-o", "/dev/null"], args.runs)
        print(f"{args.functions * args.scopes_per_function} scopes; "
              f"parse+print {base:.2f} s (median of {args.runs})")
        print("| pass | seconds | / parse+print |")
        print("|---|---|---|")
        for name, flags in passes:
            secs = median_seconds([opt, *flags, path, "-o", "/dev/null"],
                                  args.runs)
            print(f"| `{name}` | {secs:.2f} | {secs / base:.2f}x |")


if __name__ == "__main__":
    main()
