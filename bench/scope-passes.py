#!/usr/bin/env python3
"""Cost of the scope passes against parse+print of the same module.

Generates a module of `--functions` functions, each a chain of
`--scopes-per-function` scopes with an explicit dynamically shaped capture and
its dim, a result with dims, a linalg.fill into the capture (so
util-induce-tied-operands ties every result) and two elementwise ops; every
other scope carries a unique #util.zone. A second module has the same shape
written as util.annotate with implicit captures, for util-lower-annotations.
The defaults give 50k scopes and 250k ops. Prints, for each pass, the median
wall time over `--runs` runs and its ratio to parse+print (scope-opt with no
pass) of the same module measured in the same run.

Usage: bench/scope-passes.py [--build build] [--functions 1000]
                             [--scopes-per-function 50] [--runs 3]
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def generate(functions, scopes_per_function, annotate=False):
    lines = []
    for f in range(functions):
        lines.append(f"func.func @f{f}(%t: tensor<?xf32>, %d: index) "
                     "-> tensor<?xf32> {")
        lines.append("  %cst = arith.constant 0.000000e+00 : f32")
        prev = "%t"
        for s in range(scopes_per_function):
            zone = f' [#util.zone<"z{f}_{s}">]' if s % 2 == 0 else ""
            if annotate:
                lines += [
                    f"  %s{s} = util.annotate{zone} {{",
                    f"    %e{s} = math.exp {prev} : tensor<?xf32>",
                    f"    %b{s} = math.absf %e{s} : tensor<?xf32>",
                    f"    %c{s} = linalg.fill ins(%cst : f32) outs({prev} : "
                    "tensor<?xf32>) -> tensor<?xf32>",
                    f"    util.return %c{s} : tensor<?xf32>",
                    "  } : tensor<?xf32>",
                ]
                prev = f"%s{s}"
                continue
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


def pass_seconds(cmd):
    """Wall time MLIR's own timer attributes to the passes of `cmd` (all of
    the run but parsing, printing and the untracked rest)."""
    proc = subprocess.run(cmd + ["--mlir-timing", "--mlir-timing-display=list"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    times = {}
    for line in proc.stderr.splitlines():
        m = re.match(r"^\s+([\d.]+) \(\s*[\d.]+%\)\s+(.+)$", line)
        if m:
            times.setdefault(m.group(2).strip(), float(m.group(1)))
    return times.get("Total", 0.0) - sum(
        times.get(k, 0.0) for k in ("Parser", "Output", "Rest"))


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
        ("util-capture-scope-values", ["--util-capture-scope-values"]),
        ("util-strip-scopes", ["--util-strip-scopes"]),
        ("util-outline-scopes", ["--util-outline-scopes"]),
        ("util-induce-tied-operands", ["--util-induce-tied-operands"]),
        ("util-extract-scope (zone)", [f"--util-extract-scope=zone={last_zone}"]),
        ("canonicalize", ["--canonicalize"]),
        ("cse", ["--cse"]),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "scopes.mlir")
        with open(path, "w") as f:
            f.write(generate(args.functions, args.scopes_per_function))
        base = median_seconds([opt, path, "-o", "/dev/null"], args.runs)
        print(f"{args.functions * args.scopes_per_function} scopes; "
              f"parse+print {base:.2f} s (median of {args.runs})")
        print("| pass | whole run s | / parse+print | the pass alone s "
              "| / parse+print |")
        print("|---|---|---|---|---|")
        for name, flags in passes:
            cmd = [opt, *flags, path, "-o", "/dev/null"]
            secs = median_seconds(cmd, args.runs)
            alone = pass_seconds(cmd)
            print(f"| `{name}` | {secs:.2f} | {secs / base:.2f}x | "
                  f"{alone:.2f} | {alone / base:.2f}x |")

        path = os.path.join(tmp, "annotations.mlir")
        with open(path, "w") as f:
            f.write(generate(args.functions, args.scopes_per_function,
                             annotate=True))
        base = median_seconds([opt, path, "-o", "/dev/null"], args.runs)
        cmd = [opt, "--util-lower-annotations", path, "-o", "/dev/null"]
        secs = median_seconds(cmd, args.runs)
        alone = pass_seconds(cmd)
        print(f"| `util-lower-annotations` (annotate module, parse+print "
              f"{base:.2f} s) | {secs:.2f} | {secs / base:.2f}x | "
              f"{alone:.2f} | {alone / base:.2f}x |")


if __name__ == "__main__":
    main()
