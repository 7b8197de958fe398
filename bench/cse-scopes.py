#!/usr/bin/env python3
"""CSE/canonicalize cost on many capture-less scopes with equal attributes.

The compile-time hazard behind the scope ops' trait choice (docs/util.md,
"Effects, CSE and LICM"): upstream `--cse` on many capture-less
`scf.execute_region` ops with equal attributes takes many times parse+print,
because CSE hashes region ops without their regions, so equal-looking ones
collide and their bodies are compared pairwise. `util.annotate` and
capture-free `util.scope` have the same shape. This benchmark generates such
modules and prints, for each pass, the median wall time and its ratio to
parse+print of the same module, the two run in turn (the ratio is the median
of the per-pair ratios).

Usage: bench/cse-scopes.py [--build build] [--scopes 50000] [--ops-per-scope 4]
                           [--runs 5]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

LLVM_BIN = "/usr/lib/llvm-22/bin"


def generate(kind, scopes, ops_per_scope):
    """Returns a module with `scopes` region ops of `kind`, each holding
    `ops_per_scope` arith ops, chained through their results so no op is dead
    and bodies differ only in the value they use from above."""
    lines = ["func.func @main(%arg0: f32) -> f32 {",
             "  %c = arith.constant 1.000000e+00 : f32"]
    prev = "%arg0"
    for i in range(scopes):
        if kind == "util.scope":
            lines.append(f'  %s{i} = util.scope [#util.zone<"z">] -> (f32) {{')
        elif kind == "util.annotate":
            lines.append(f'  %s{i} = util.annotate [#util.zone<"z">] {{')
        else:  # scf.execute_region
            lines.append(f"  %s{i} = scf.execute_region -> f32 no_inline "
                         '{')
        cur = prev
        for j in range(ops_per_scope - 1):
            op = ("arith.addf", "arith.mulf", "arith.subf")[j % 3]
            lines.append(f"    %v{i}_{j} = {op} {cur}, %c : f32")
            cur = f"%v{i}_{j}"
        term = "scf.yield" if kind == "scf.execute_region" else "util.return"
        lines.append(f"    {term} {cur} : f32")
        lines.append("  } : f32" if kind == "util.annotate" else "  }")
        prev = f"%s{i}"
    lines.append(f"  return {prev} : f32")
    lines.append("}")
    return "\n".join(lines) + "\n"


def run_seconds(cmd):
    """Wall seconds of one run of `cmd`; exits on failure."""
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"command failed: {' '.join(cmd)}\n"
                 f"{proc.stderr.decode()[:2000]}")
    return elapsed


def paired(cmd, base, runs):
    """Runs `base` and `cmd` in turn `runs` times (after one warm-up pair) and
    returns the median seconds of each and the median of the per-pair ratios
    cmd/base: pairing keeps the ratio meaningful on a machine whose speed
    drifts during the measurement."""
    run_seconds(base)
    run_seconds(cmd)
    bases, cmds = [], []
    for _ in range(runs):
        bases.append(run_seconds(base))
        cmds.append(run_seconds(cmd))
    ratios = [c / b for c, b in zip(cmds, bases)]
    return (statistics.median(cmds), statistics.median(bases),
            statistics.median(ratios))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--scopes", type=int, default=50000)
    parser.add_argument("--ops-per-scope", type=int, default=4,
                        help="ops per scope, terminator included")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline-scopes", type=int, default=2000,
                        help="scopes in the scf.execute_region baseline; its "
                        "--cse is quadratic, so 50k would take many minutes")
    args = parser.parse_args()

    scope_opt = os.path.join(args.build, "bin", "scope-opt")
    mlir_opt = os.path.join(LLVM_BIN, "mlir-opt")
    total_ops = args.scopes * (args.ops_per_scope + 1)
    print(f"{args.scopes} scopes, {total_ops} ops; wall seconds, medians of "
          f"{args.runs} runs, each pass run in turn with parse+print of the "
          "same module (the ratio is the median of the per-pair ratios)\n")
    header = (f"{'op (scopes)':<28} {'pass':<14} {'pass s':>9} "
              f"{'parse+print s':>13} {'x parse+print':>14}")
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as tmp:
        cases = [("scf.execute_region", mlir_opt, args.baseline_scopes),
                 ("util.scope", scope_opt, args.scopes),
                 ("util.annotate", scope_opt, args.scopes)]
        for kind, tool, scopes in cases:
            path = os.path.join(tmp, kind + ".mlir")
            with open(path, "w") as f:
                f.write(generate(kind, scopes, args.ops_per_scope))
            kind = f"{kind} ({scopes})"
            for flag in ("--cse", "--canonicalize"):
                t, base, ratio = paired([tool, flag, path], [tool, path],
                                        args.runs)
                print(f"{kind:<28} {flag:<14} {t:>9.3f} {base:>13.3f} "
                      f"{ratio:>14.2f}")


if __name__ == "__main__":
    main()
