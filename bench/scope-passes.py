#!/usr/bin/env python3
"""Cost of the scope passes against parse+print of the same module.

Generates a module of `--functions` functions, each a chain of
`--scopes-per-function` scopes with an explicit dynamically shaped capture and
its dim, a result with dims, a linalg.fill into the capture (so
util-induce-tied-operands ties every result) and two elementwise ops; every
other scope carries a unique #util.zone. A second module has the same shape
written as util.annotate with implicit captures, for util-lower-annotations.
The defaults give 50k scopes and 250k ops. Prints, for each pass, the median
wall time over `--runs` runs, the pass's own time (from --mlir-timing), and
their ratios to parse+print (scope-opt with no pass) of the same module, the
two run in turn (each ratio is the median of the per-pair ratios).

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


def run_once(cmd):
    """Returns (wall seconds, seconds MLIR's timer attributes to the passes)
    of one run of `cmd` with --mlir-timing; the pass time is the total minus
    parsing, printing and the untracked rest."""
    start = time.perf_counter()
    proc = subprocess.run(cmd + ["--mlir-timing", "--mlir-timing-display=list"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr[:2000]}")
    times = {}
    for line in proc.stderr.splitlines():
        m = re.match(r"^\s+([\d.]+) \(\s*[\d.]+%\)\s+(.+)$", line)
        if m:
            times.setdefault(m.group(2).strip(), float(m.group(1)))
    alone = times.get("Total", 0.0) - sum(
        times.get(k, 0.0) for k in ("Parser", "Output", "Rest"))
    return wall, alone


def paired(cmd, base, runs):
    """Runs `base` and `cmd` in turn `runs` times after one warm-up pair;
    returns the medians of cmd's wall time, base's wall time, the per-pair
    ratio, cmd's pass time and the per-pair ratio of that to base's wall
    time. Pairing keeps the ratios meaningful on a machine whose speed
    drifts during the measurement."""
    run_once(base)
    run_once(cmd)
    rows = []
    for _ in range(runs):
        b, _ = run_once(base)
        c, alone = run_once(cmd)
        rows.append((c, b, c / b, alone, alone / b))
    return tuple(statistics.median(col) for col in zip(*rows))


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
        base_cmd = [opt, path, "-o", "/dev/null"]
        print(f"{args.functions * args.scopes_per_function} scopes; wall "
              f"seconds, medians of {args.runs} runs, each run in turn with "
              "parse+print of the same module")
        print("| pass | whole run s | parse+print s | / parse+print "
              "| the pass alone s | / parse+print |")
        print("|---|---|---|---|---|---|")
        for name, flags in passes:
            cmd = [opt, *flags, path, "-o", "/dev/null"]
            secs, base, ratio, alone, alone_ratio = paired(cmd, base_cmd,
                                                           args.runs)
            print(f"| `{name}` | {secs:.2f} | {base:.2f} | {ratio:.2f}x | "
                  f"{alone:.2f} | {alone_ratio:.2f}x |")

        path = os.path.join(tmp, "annotations.mlir")
        with open(path, "w") as f:
            f.write(generate(args.functions, args.scopes_per_function,
                             annotate=True))
        base_cmd = [opt, path, "-o", "/dev/null"]
        cmd = [opt, "--util-lower-annotations", path, "-o", "/dev/null"]
        secs, base, ratio, alone, alone_ratio = paired(cmd, base_cmd,
                                                       args.runs)
        print(f"| `util-lower-annotations` (on the `util.annotate` module) | "
              f"{secs:.2f} | {base:.2f} | {ratio:.2f}x | {alone:.2f} | "
              f"{alone_ratio:.2f}x |")


if __name__ == "__main__":
    main()
