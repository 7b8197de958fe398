#!/usr/bin/env python3
"""Counts chosen ops in printed MLIR, per `// -----` split.

    count-ops.py FILE [--op NAME]... [--total]
        prints one line per split input (as written by `--split-input-file`):
            split 0: bufferization.clone=0 bufferization.dealloc=1 ...
    count-ops.py FILE --at-most REFERENCE [--at-most-ops OP,...]
        compares the deallocation code of FILE (a program with scopes, after
        buffer deallocation) with REFERENCE (the same program without
        scopes, after the same pipeline), split by split, and exits 1 on a
        difference:
        - FILE has no more calls of @dealloc_helper, bufferization.clone,
          cf.cond_br, scf.if (a free guarded by a run-time ownership check)
          and bufferization.dealloc left unlowered than REFERENCE (or of the
          ops given with --at-most-ops): a scope adds no run-time
          deallocation work;
        - memref.dealloc minus the allocations (memref.alloc and
          bufferization.clone) is the same in both: every buffer either
          program allocates is freed (or returned) alike, even when
          bufferization allocates differently or a scope lets a buffer be
          freed at the end of the scope instead of through a helper.

An op is counted where it is the operation of a line (after the results, if
any); `call @NAME` counts calls of the function NAME. No count is written in
a test: both sides are computed by the same pipeline in the same run.

Standard library only.
"""

import argparse
import re
import sys

DEFAULT_OPS = [
    "bufferization.clone",
    "bufferization.dealloc",
    "call @dealloc_helper",
    "cf.cond_br",
    "memref.alloc",
    "memref.copy",
    "memref.dealloc",
    "scf.if",
]

# The operation of a line: optional results (`%a, %b:2 = `), then the name.
LINE_RE = re.compile(r"^\s*(?:(?:%[\w.$-]+(?::\d+)?\s*,\s*)*%[\w.$-]+(?::\d+)?\s*=\s*)?(.*)$")


def count(text, ops):
    counts = dict.fromkeys(ops, 0)
    for line in text.splitlines():
        match = LINE_RE.match(line)
        rest = match.group(1) if match else line
        for op in ops:
            if op.startswith("call @"):
                callee = op[len("call ") :]
                if re.match(r"(?:func\.)?call\s+" + re.escape(callee) + r"\b", rest):
                    counts[op] += 1
            elif re.match(re.escape(op) + r"(?![\w.])", rest):
                counts[op] += 1
    return counts


AT_MOST_OPS = [
    "bufferization.clone",
    "bufferization.dealloc",
    "call @dealloc_helper",
    "cf.cond_br",
    "scf.if",
]


def read(path):
    if path == "-":
        return sys.stdin.read()
    with open(path) as f:
        return f.read()


def split_counts(text, ops):
    return [count(split, ops) for split in re.split(r"^// -----\s*$", text, flags=re.M)]


def compare(path, reference, at_most_ops):
    ops = DEFAULT_OPS
    mine = split_counts(read(path), ops)
    theirs = split_counts(read(reference), ops)
    if len(mine) != len(theirs):
        print("%s has %d splits, %s has %d" % (path, len(mine), reference, len(theirs)))
        return 1
    failures = 0
    for index, (a, b) in enumerate(zip(mine, theirs)):
        for op in at_most_ops:
            if a[op] > b[op]:
                print("split %d: %s=%d, more than %d without scopes" % (index, op, a[op], b[op]))
                failures += 1
        balance_a = a["memref.dealloc"] - a["memref.alloc"] - a["bufferization.clone"]
        balance_b = b["memref.dealloc"] - b["memref.alloc"] - b["bufferization.clone"]
        if balance_a != balance_b:
            print(
                "split %d: memref.dealloc - memref.alloc - bufferization.clone"
                " = %d, %d without scopes" % (index, balance_a, balance_b)
            )
            failures += 1
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="printed MLIR ('-' for stdin)")
    parser.add_argument("--op", action="append", dest="ops")
    parser.add_argument("--total", action="store_true")
    parser.add_argument("--at-most", metavar="REFERENCE")
    parser.add_argument("--at-most-ops", metavar="OP,...")
    args = parser.parse_args()
    if args.at_most:
        at_most_ops = args.at_most_ops.split(",") if args.at_most_ops else AT_MOST_OPS
        for op in at_most_ops:
            if op not in DEFAULT_OPS:
                parser.error("--at-most-ops: '%s' is not one of %s" % (op, ", ".join(DEFAULT_OPS)))
        return compare(args.file, args.at_most, at_most_ops)
    ops = sorted(args.ops) if args.ops else DEFAULT_OPS
    totals = dict.fromkeys(ops, 0)
    for index, counts in enumerate(split_counts(read(args.file), ops)):
        for op in ops:
            totals[op] += counts[op]
        print(
            "split %d: %s" % (index, " ".join("%s=%d" % (op, counts[op]) for op in ops))
        )
    if args.total:
        print("total: %s" % " ".join("%s=%d" % (op, totals[op]) for op in ops))
    return 0


if __name__ == "__main__":
    sys.exit(main())
