#!/usr/bin/env python3
"""Compile time and peak memory of every scope pass at up to a million ops.

Generates a module of `--ops` integer `arith` ops in `--functions` functions,
grouped into `--scopes` scopes nested `--depth` deep (every scope holds the
same number of ops, before its nested scope), in three forms: `util.scope`
with an equal `#util.zone` on every scope, `scf.execute_region`, and no
scopes at all (the same ops inline). The ops repeat a cycle of three pairs
(and/add, cmp/select, mul/dead xor) so that `--sccp`,
`--int-range-optimizations` and `--remove-dead-values` have something to do.

Prints, in one run:

1. every `util-*`, `flow-*` and `codegen-*` pass `scope-opt` registers
   (test passes aside) on the `util.scope` module: the median CPU time
   (user + system; `--wall` for elapsed time) of the whole run, its ratio to parse+print of the same module (the two run in
   turn; the ratio is the median of the per-pair ratios), the pass alone
   (from --mlir-timing) and the maximum resident set size against
   parse+print's, and the whole run with `--verify-each=0` (MLIR verifies
   the whole module again after a pass that changed it); `--cse` and
   `--canonicalize` follow, for comparison. A pass whose
   output is at least 1.1x its input is also measured against parse+print
   of its output (time and max RSS).
1b. (`linalg`) the same passes on a module of linalg ops on small tensors
   (elementwise named ops and `linalg.generic`, matmuls) in the same kind of
   scopes (`--linalg-ops`, default `--ops`/10), so that dispatch region and
   tu scope formation have work to do; a pass that needs the output of
   others (outlining needs dispatch regions, ...) runs on that output,
   against parse+print of it (LINALG_BEFORE); `--cse` and `--canonicalize`
   follow, for what an upstream pass costs on the same module.
2. `--sccp`, `--remove-dead-values` and `--int-range-optimizations` on the
   three forms, run in turn, with the ratio of the scoped forms to the
   scope-free one, per round, and the peak memory of each.
3. scaling rows (the same number of functions, so every function grows):
   the scope passes at `--ops`/10 and `--ops` ops, and at depth 2, 8 and 32
   (same ops and scopes).
4. `--mlir-disable-threading` against the default: every pass of table 1
   on a many-function module must print the same bytes.

The default (100k ops) takes about ten minutes on a loaded 2-core machine;
`--full` measures at 1M ops (an hour and more). Standard library only.

Usage: bench/compile-time.py [--build build] [--ops N] [--scopes K]
                             [--depth D] [--functions F] [--runs 3] [--full]
                             [--only table1,linalg,table2,scaling,threading]
                             [--linalg-ops N]
"""

import argparse
import hashlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

FORMS = ("util.scope", "scf.execute_region", "none")

# Passes that need an option to do anything, or to run at all.
PASS_OPTIONS = {
    "util-extract-scope": "index=0",
}

# The passes of the scaling rows by default (`--scaling-passes=all` for every
# pass of table 1): those that rewrite every scope of the generated module,
# and two that only walk it.
SCALING = ("util-capture-scope-values", "util-strip-scopes",
           "util-outline-scopes", "util-induce-tied-operands",
           "util-trace-zones", "util-extract-scope", "util-print-scope-tree",
           "flow-form-dispatch-regions", "codegen-form-tu-scopes")

# Upstream passes measured after ours in tables 1 and 1b, for what any pass
# that changes the module costs.
UPSTREAM_REFERENCE = ("cse", "canonicalize")

# The linalg table: what runs on the generated module before each pass so
# that the pass has its input (regions to outline, tu scopes whose
# strategies run, ...). Passes not listed run on the generated module.
LINALG_BEFORE = {
    "flow-outline-dispatch-regions": ["flow-form-dispatch-regions"],
    "flow-link-executables": ["flow-form-dispatch-regions",
                              "flow-outline-dispatch-regions"],
    "flow-print-dispatch-graph": ["flow-form-dispatch-regions",
                                  "flow-outline-dispatch-regions"],
    "flow-trace-dispatches": ["util-trace-zones",
                              "flow-form-dispatch-regions",
                              "flow-outline-dispatch-regions"],
    "flow-verify-placement": ["flow-form-dispatch-regions"],
    "codegen-run-scope-pipelines": ["codegen-form-tu-scopes"],
    "codegen-inline-scopes": ["codegen-form-tu-scopes"],
}

UPSTREAM = ("sccp", "remove-dead-values", "int-range-optimizations")

# Set by --wall: measure elapsed rather than CPU time.
USE_WALL = False
# Set by --warmup: the rounds run and dropped before the measured ones.
WARMUP = 1


def emit_ops(lines, indent, count, prev, counter):
    """Appends `count` ops (rounded up to whole pairs) of the cycle to
    `lines`, each pair using only `prev` and the values of the pair, so that
    a scope can end between any two pairs. Returns the new `prev`."""
    pad = " " * indent
    for _ in range((count + 1) // 2):
        n = counter[0]
        counter[0] += 1
        kind = n % 3
        if kind == 0:
            lines.append(f"{pad}%a{n} = arith.andi {prev}, %c255 : i32")
            lines.append(f"{pad}%b{n} = arith.addi %a{n}, %c1 : i32")
            prev = f"%b{n}"
        elif kind == 1:
            lines.append(f"{pad}%p{n} = arith.cmpi ult, {prev}, %c1000 : i32")
            lines.append(f"{pad}%s{n} = arith.select %p{n}, {prev}, %x : i32")
            prev = f"%s{n}"
        else:
            lines.append(f"{pad}%m{n} = arith.muli {prev}, %c3 : i32")
            lines.append(f"{pad}%d{n} = arith.xori %m{n}, %c7 : i32")
            prev = f"%m{n}"
    return prev


# The tensor type of the linalg body.
TENSOR = "tensor<8x8xf32>"


def emit_linalg_ops(lines, indent, count, prev, counter):
    """Appends `count` linalg ops on small tensors to `lines`: a cycle of
    elementwise named ops, elementwise `linalg.generic` and matmuls, each
    reading only `prev` and values of the function's entry (`%w`, the
    `%init` and `%zero` destinations). Returns the new `prev`."""
    pad = " " * indent
    t = TENSOR
    for _ in range(count):
        n = counter[0]
        counter[0] += 1
        kind = n % 4
        if kind == 0:
            lines.append(f"{pad}%l{n} = linalg.add ins({prev}, %w : {t}, {t}) "
                         f"outs(%init : {t}) -> {t}")
        elif kind == 1:
            lines.append(f"{pad}%l{n} = linalg.generic {{indexing_maps = "
                         "[#id, #id, #id], iterator_types = [\"parallel\", "
                         f"\"parallel\"]}} ins({prev}, %w : {t}, {t}) "
                         f"outs(%init : {t}) {{")
            lines.append(f"{pad}^bb0(%i{n}: f32, %j{n}: f32, %o{n}: f32):")
            lines.append(f"{pad}  %v{n} = arith.mulf %i{n}, %j{n} : f32")
            lines.append(f"{pad}  linalg.yield %v{n} : f32")
            lines.append(f"{pad}}} -> {t}")
        elif kind == 2:
            lines.append(f"{pad}%l{n} = linalg.matmul ins({prev}, %w : {t}, "
                         f"{t}) outs(%zero : {t}) -> {t}")
        else:
            lines.append(f"{pad}%l{n} = linalg.max ins({prev}, %init : {t}, "
                         f"{t}) outs(%init : {t}) -> {t}")
        prev = f"%l{n}"
    return prev


def emit_nest(lines, form, indent, depth, ops_per_scope, prev, counter,
              body="arith"):
    """Appends one nest of `depth` scopes, each with `ops_per_scope` ops
    before its nested scope, returning the nest's result value."""
    pad = " " * indent
    emit = emit_ops if body == "arith" else emit_linalg_ops
    type = "i32" if body == "arith" else TENSOR
    if form == "none":
        for _ in range(depth):
            prev = emit(lines, indent, ops_per_scope, prev, counter)
        return prev
    result = f"%r{counter[0]}_{depth}"
    if form == "util.scope":
        lines.append(f'{pad}{result} = util.scope [#util.zone<"hot">] '
                     f"-> ({type}) {{")
        terminator = "util.return"
    else:
        lines.append(f"{pad}{result} = scf.execute_region -> {type} {{")
        terminator = "scf.yield"
    inner = emit(lines, indent + 2, ops_per_scope, prev, counter)
    if depth > 1:
        inner = emit_nest(lines, form, indent + 2, depth - 1, ops_per_scope,
                          inner, counter, body)
    lines.append(f"{pad}  {terminator} {inner} : {type}")
    lines.append(f"{pad}}}")
    return result


def generate(form, ops, scopes, depth, functions, body="arith"):
    """The module as text: `functions` functions, `scopes` scopes (rounded
    to whole nests of `depth` per function), `ops` ops in all: `arith` ops
    on `i32`, or (`body="linalg"`) linalg ops on small tensors."""
    nests = max(1, scopes // depth // functions)
    ops_per_scope = max(2, ops // (nests * depth * functions))
    lines = []
    if body == "linalg":
        lines.append("#id = affine_map<(d0, d1) -> (d0, d1)>")
    counter = [0]
    for f in range(functions):
        if body == "linalg":
            lines.append(f"func.func @f{f}(%x: {TENSOR}, %w: {TENSOR}) -> "
                         f"{TENSOR} {{")
            lines.append(f"  %init = tensor.empty() : {TENSOR}")
            lines.append("  %cst = arith.constant 0.0 : f32")
            lines.append(f"  %zero = linalg.fill ins(%cst : f32) "
                         f"outs(%init : {TENSOR}) -> {TENSOR}")
        else:
            lines.append(f"func.func @f{f}(%x: i32) -> i32 {{")
            for name, value in (("c1", 1), ("c3", 3), ("c7", 7),
                                ("c255", 255), ("c1000", 1000)):
                lines.append(f"  %{name} = arith.constant {value} : i32")
        prev = "%x"
        for _ in range(nests):
            prev = emit_nest(lines, form, 2, depth, ops_per_scope, prev,
                             counter, body)
        type = "i32" if body == "arith" else TENSOR
        lines.append(f"  return {prev} : {type}")
        lines.append("}")
    return "\n".join(lines) + "\n"


def run_once(cmd, output=None):
    """Runs `cmd` with --mlir-timing; returns (seconds, seconds the timer
    attributes to the passes, max RSS in MiB). The first figure is the CPU
    time of the process (user + system, all threads; `--wall` for elapsed
    time): on a shared machine with more runnable processes than cores the
    elapsed time mostly measures waiting. The pass time is MLIR's timer
    (elapsed) total minus parsing, printing and the untracked rest, scaled
    by CPU / elapsed time of the run so that it is CPU time too."""
    full = cmd + ["--mlir-timing", "--mlir-timing-display=list",
                  "-o", output or os.devnull]
    start = time.perf_counter()
    proc = subprocess.Popen(full, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(err.strip().splitlines()[0] if err.strip()
                           else f"exit {proc.returncode}")
    times = {}
    for line in err.splitlines():
        m = re.match(r"^\s+([\d.]+) \(\s*[\d.]+%\)\s+(.+)$", line)
        if m:
            times.setdefault(m.group(2).strip(), float(m.group(1)))
    alone = times.get("Total", 0.0) - sum(
        times.get(k, 0.0) for k in ("Parser", "Output", "Rest"))
    cpu = usage.ru_utime + usage.ru_stime
    if USE_WALL:
        return wall, alone, usage.ru_maxrss / 1024.0
    return cpu, alone * cpu / max(wall, 1e-9), usage.ru_maxrss / 1024.0


def rounds(cmds, runs):
    """Runs the commands in turn, `runs` rounds after WARMUP warm-up rounds;
    returns, per command, the list of (wall, alone, rss) per round."""
    for _ in range(WARMUP):
        for cmd in cmds:
            run_once(cmd)
    results = [[] for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            results[i].append(run_once(cmd))
    return results


def med(values):
    return statistics.median(values)


def pass_flag(name):
    """The command-line flag running pass `name` with its options."""
    option = PASS_OPTIONS.get(name)
    return f"--{name}=" + option if option else f"--{name}"


def registered_passes(opt):
    """The util-, flow- and codegen- passes of `scope-opt --help` (test
    passes start with `test-`: test-util-insert-scopes, ...)."""
    out = subprocess.run([opt, "--help"], capture_output=True, text=True,
                         check=True).stdout
    names = []
    for line in out.splitlines():
        m = re.match(r"^\s+--((?:util|flow|codegen)-[\w-]+)\s+-\s", line)
        if m and m.group(1) not in names:
            names.append(m.group(1))
    return names


# An output at least this much larger than its input (bytes) is also
# measured against parse+print of the output.
GROWN = 1.10


def measure(opt, source, name, runs, tmp):
    """Pass `name` on `source` against parse+print of `source`: returns the
    table cells (whole run s, parse+print s, ratio, whole run without the
    pass manager's verification after the pass / parse+print, pass alone s,
    ratio, max RSS MiB, ratio) and a note on a grown output, or raises
    RuntimeError."""
    base = [opt, source]
    cmd = [opt, pass_flag(name), source]
    # MLIR verifies the whole module again after every pass that changed
    # it; --verify-each=0 is the pass's own cost.
    unverified = cmd + ["--verify-each=0"]
    b, c, u = rounds([base, cmd, unverified], runs)
    cells = [
        f"{med([ci[0] for ci in c]):.2f}",
        f"{med([bi[0] for bi in b]):.2f}",
        f"{med([ci[0] / bi[0] for bi, ci in zip(b, c)]):.2f}x",
        f"{med([ui[0] / bi[0] for bi, ui in zip(b, u)]):.2f}x",
        f"{med([ci[1] for ci in c]):.2f}",
        f"{med([ci[1] / bi[0] for bi, ci in zip(b, c)]):.2f}x",
        f"{med([ci[2] for ci in c]):.0f}",
        f"{med([ci[2] / bi[2] for bi, ci in zip(b, c)]):.2f}x",
    ]
    out = os.path.join(tmp, "out.mlir")
    run_once(cmd, output=out)
    grown = os.path.getsize(out) / os.path.getsize(source)
    note = ""
    if grown >= GROWN:
        ob, oc = rounds([[opt, out], cmd], runs)
        out_ratio = med([ci[0] / bi[0] for bi, ci in zip(ob, oc)])
        out_rss = med([ci[2] / bi[2] for bi, ci in zip(ob, oc)])
        note = (f"output {grown:.2f}x the input; {out_ratio:.2f}x "
                f"parse+print of the output, max RSS {out_rss:.2f}x its")
    os.remove(out)
    return cells, note


COLUMNS = ("whole run s | parse+print s | / parse+print | without "
           "verification after the pass / parse+print | pass alone s "
           "| / parse+print | max RSS MiB | / parse+print | note")


def table_passes(opt, path, passes, runs, tmp):
    print(f"\n### Scope passes on the `util.scope` module\n")
    print(f"| pass | {COLUMNS} |")
    print("|---" * 10 + "|")
    for name in list(passes) + list(UPSTREAM_REFERENCE):
        try:
            cells, note = measure(opt, path, name, runs, tmp)
        except RuntimeError as e:
            print(f"| `{name}` | failed |" + " |" * 7 + f" {e} |")
            continue
        print(f"| `{name}` | " + " | ".join(cells) + f" | {note} |",
              flush=True)


def table_linalg(opt, path, passes, runs, tmp):
    """Table 1 on the linalg module: each flow-/codegen- pass (and the
    scope passes) on its input, the generated module after the passes of
    LINALG_BEFORE, against parse+print of that input; then upstream's
    `--cse` and `--canonicalize` on the generated module, for what any
    pass that changes this module pays."""
    print("\n### Passes on the linalg module (`util.scope` form)\n")
    print(f"| pass | input | {COLUMNS} |")
    print("|---" * 11 + "|")
    inputs = {(): path}
    for name in list(passes) + list(UPSTREAM_REFERENCE):
        before = tuple(LINALG_BEFORE.get(name, ()))
        label = " + ".join(before) if before else "generated"
        if before not in inputs:
            out = os.path.join(tmp, f"linalg-{len(inputs)}.mlir")
            try:
                run_once([opt, *(f"--{p}" for p in before), path],
                         output=out)
            except RuntimeError as e:
                print(f"| `{name}` | {label} | failed |" + " |" * 7 +
                      f" {e} |")
                continue
            inputs[before] = out
        try:
            cells, note = measure(opt, inputs[before], name, runs, tmp)
        except RuntimeError as e:
            print(f"| `{name}` | {label} | failed |" + " |" * 7 + f" {e} |")
            continue
        print(f"| `{name}` | {label} | " + " | ".join(cells) +
              f" | {note} |", flush=True)


def table_upstream(opt, paths, runs):
    print(f"\n### Upstream dataflow passes on the three forms\n")
    print("| pass | form | whole run s | / parse+print | pass alone s "
          "| / same pass scope-free (whole; alone) | max RSS MiB "
          "| / scope-free |")
    print("|---|---|---|---|---|---|---|---|")
    # Parse+print first: the scoped module's memory after parsing.
    pp = rounds([[opt, paths[f]] for f in FORMS], runs)
    for f, r in zip(FORMS, pp):
        print(f"| parse+print | {f} | {med([x[0] for x in r]):.2f} | 1.00x | "
              f"| {med([x[0] / y[0] for x, y in zip(r, pp[2])]):.2f}x; | "
              f"{med([x[2] for x in r]):.0f} | "
              f"{med([x[2] / y[2] for x, y in zip(r, pp[2])]):.2f}x |",
              flush=True)
    for name in UPSTREAM:
        cmds = []
        for f in FORMS:
            cmds += [[opt, paths[f]], [opt, f"--{name}", paths[f]]]
        res = rounds(cmds, runs)
        free = res[5]
        for i, f in enumerate(FORMS):
            b, c = res[2 * i], res[2 * i + 1]
            print(f"| `{name}` | {f} | {med([x[0] for x in c]):.2f} | "
                  f"{med([x[0] / y[0] for x, y in zip(c, b)]):.2f}x | "
                  f"{med([x[1] for x in c]):.2f} | "
                  f"{med([x[0] / y[0] for x, y in zip(c, free)]):.2f}x; "
                  f"{med([x[1] / max(y[1], 1e-6) for x, y in zip(c, free)]):.2f}x | "
                  f"{med([x[2] for x in c]):.0f} | "
                  f"{med([x[2] / y[2] for x, y in zip(c, free)]):.2f}x |",
                  flush=True)


def table_scaling(opt, args, passes, tmp):
    print(f"\n### Scaling (`util.scope` form; whole run / parse+print of the "
          "same module, and the pass alone in seconds)\n")
    small = args.ops // 10
    sizes = [("ops", small, 2), ("ops", args.ops, 2)]
    sizes += [("depth", args.ops, d) for d in (8, 32)]
    files = []
    for kind, ops, depth in sizes:
        scopes = args.scopes * ops // args.ops
        path = os.path.join(tmp, f"scale-{kind}-{ops}-{depth}.mlir")
        with open(path, "w") as f:
            f.write(generate("util.scope", ops, scopes, depth, args.functions))
        files.append((kind, ops, depth, path))
    header = " | ".join(f"{o:,} ops, depth {d}" for _, o, d, _ in files)
    print(f"{args.functions} functions in every module: 10x the ops makes "
          "every function 10x longer. Cells: whole run / parse+print of the "
          "same module; the whole run and the pass alone in seconds.\n")
    print(f"| pass | {header} | 10x ops / 1x: whole run (parse+print); "
          "pass alone | depth 32 / 2: whole run; pass alone |")
    print("|---|" + "---|" * (len(files) + 2))
    for name in [""] + list(passes):
        cells, whole, base, alone = [], [], [], []
        try:
            for _, _, _, path in files:
                cmd = [opt, pass_flag(name), path] if name else [opt, path]
                b, c = rounds([[opt, path], cmd], args.runs)
                ratio = med([ci[0] / bi[0] for bi, ci in zip(b, c)])
                w = med([ci[0] for ci in c])
                a = med([ci[1] for ci in c])
                cells.append(f"{ratio:.2f}x; {w:.2f}; {a:.2f}")
                whole.append(w)
                alone.append(a)
                base.append(med([bi[0] for bi in b]))
        except RuntimeError as e:
            print(f"| `{name}` | failed: {e} |")
            continue
        growth = whole[1] / max(whole[0], 1e-3)
        base_growth = base[1] / max(base[0], 1e-3)
        depth = whole[3] / max(whole[1], 1e-3)
        alone_growth = alone[1] / max(alone[0], 1e-3)
        alone_depth = alone[3] / max(alone[1], 1e-3)
        label = f"`{name}`" if name else "parse+print"
        print(f"| {label} | {' | '.join(cells)} | "
              f"{growth:.1f}x ({base_growth:.1f}x); {alone_growth:.1f}x | "
              f"{depth:.2f}x; {alone_depth:.2f}x |",
              flush=True)


def table_threading(opt, args, passes, tmp):
    print("\n### `--mlir-disable-threading` against the default "
          "(many-function module)\n")
    path = os.path.join(tmp, "threads.mlir")
    functions = max(args.functions, 256)
    with open(path, "w") as f:
        f.write(generate("util.scope", min(args.ops, 200000),
                         min(args.scopes, 20000), args.depth, functions))
    print("| pass | output identical |")
    print("|---|---|")
    same = True
    for name in list(passes) + list(UPSTREAM) + ["canonicalize", "cse"]:
        option = PASS_OPTIONS.get(name)
        element = f"{name}{{{option}}}" if option else name
        # Nested under func.func, the pass manager runs a pass on the
        # functions in parallel; a pass on modules only runs at the top.
        for pipeline, where in ((f"builtin.module(func.func({element}))",
                                 "on each function"),
                                (f"builtin.module({element})", "on the module")):
            digests = []
            for extra in ([], ["--mlir-disable-threading"]):
                proc = subprocess.run(
                    [opt, f"--pass-pipeline={pipeline}", *extra, path],
                    capture_output=True)
                digests.append((proc.returncode,
                                hashlib.sha256(proc.stdout).hexdigest()))
            if digests[0][0] == 0:
                break
        ok = digests[0] == digests[1]
        same &= ok
        print(f"| `{name}` {where} | {'yes' if ok else 'NO'}"
              f"{'' if digests[0][0] == 0 else ' (both fail)'} |", flush=True)
    return same


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--ops", type=int, default=100000)
    parser.add_argument("--scopes", type=int, default=None,
                        help="default: one per 20 ops")
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--functions", type=int, default=None,
                        help="default: one per 1000 ops")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=1,
                        help="warm-up rounds before the measured ones")
    parser.add_argument("--full", action="store_true",
                        help="1M ops (overrides --ops)")
    parser.add_argument("--only",
                        default="table1,linalg,table2,scaling,threading")
    parser.add_argument("--linalg-ops", type=int, default=None,
                        help="linalg ops of the linalg table (default: "
                        "--ops / 10, one scope per 10 ops)")
    parser.add_argument("--scaling-passes", default=",".join(SCALING),
                        help="comma-separated, or `all`")
    parser.add_argument("--wall", action="store_true",
                        help="elapsed time instead of CPU time")
    parser.add_argument("--passes", default=None,
                        help="comma-separated subset of table 1's passes")
    args = parser.parse_args()
    if args.full:
        args.ops = 1000000
    if args.scopes is None:
        args.scopes = args.ops // 20
    if args.functions is None:
        args.functions = max(1, args.ops // 1000)
    only = set(args.only.split(","))
    global USE_WALL, WARMUP
    USE_WALL = args.wall
    WARMUP = args.warmup

    opt = os.path.join(args.build, "bin", "scope-opt")
    passes = registered_passes(opt)
    if args.passes:
        passes = [p for p in args.passes.split(",")]
    load = os.getloadavg()
    print(f"{args.ops} ops, {args.scopes} scopes, depth {args.depth}, "
          f"{args.functions} functions; {'elapsed' if args.wall else 'CPU'} "
          f"seconds, medians of {args.runs} runs after {args.warmup} "
          "warm-up; load "
          f"average at start {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on "
          f"{os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for form in FORMS:
            paths[form] = os.path.join(tmp, form.replace(".", "-") + ".mlir")
            with open(paths[form], "w") as f:
                f.write(generate(form, args.ops, args.scopes, args.depth,
                                 args.functions))
        if "table1" in only:
            table_passes(opt, paths["util.scope"], passes, args.runs, tmp)
        if "linalg" in only:
            lops = args.linalg_ops or args.ops // 10
            lpath = os.path.join(tmp, "linalg.mlir")
            with open(lpath, "w") as f:
                f.write(generate("util.scope", lops, lops // 10, args.depth,
                                 max(1, lops // 100), body="linalg"))
            print(f"\nlinalg module: {lops} linalg ops, {lops // 10} "
                  f"scopes, depth {args.depth}, {max(1, lops // 100)} "
                  "functions")
            table_linalg(opt, lpath, passes, args.runs, tmp)
        if "table2" in only:
            table_upstream(opt, paths, args.runs)
        if "scaling" in only:
            scaling = (passes if args.scaling_passes == "all" else
                       args.scaling_passes.split(","))
            table_scaling(opt, args, scaling, tmp)
        same = True
        if "threading" in only:
            same = table_threading(opt, args, passes, tmp)
    load = os.getloadavg()
    print(f"\nload average at end {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
