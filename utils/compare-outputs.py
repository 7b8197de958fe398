#!/usr/bin/env python3
"""Compares the arrays printed by scope-run and by mlir-runner.

Each input file holds one or more arrays, in either format (detected per
file):

  scope-run (iree-run-module style), one array per line:
      2x3xf32=[1 2 3][4 5 6]
  mlir-runner's printMemrefF32 / printMemrefI64 ...:
      Unranked Memref base@ = 0x... rank = 2 offset = 0 sizes = [2, 3]
      strides = [3, 1] data =
      [[1,   2,   3],
       [4,   5,   6]]

The arrays are compared pairwise, in order: shapes must be equal and every
pair of values must satisfy |a - b| <= atol + rtol * |b| (NaNs must match).
With --exact, values must be equal as printed numbers. Exits 0 when
everything matches, 1 otherwise (printing the first mismatches).

Standard library only.
"""

import argparse
import math
import re
import sys

NUMBER = r"[-+]?(?:nan|inf|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
NUMBER_RE = re.compile(NUMBER, re.IGNORECASE)


def parse_memref_prints(text):
    arrays = []
    for chunk in text.split("Unranked Memref")[1:]:
        sizes = re.search(r"sizes = \[([^\]]*)\]", chunk)
        data = chunk.split("data =", 1)
        if not sizes or len(data) != 2:
            raise ValueError("malformed memref print: " + chunk[:80])
        shape = [int(s) for s in sizes.group(1).split(",") if s.strip()]
        values = [float(v) for v in NUMBER_RE.findall(data[1])]
        arrays.append((shape, values))
    return arrays


def parse_scope_run(text):
    arrays = []
    for line in text.splitlines():
        line = line.strip()
        match = re.match(r"^((?:\d+x)*)([a-z]+\d+)=(.*)$", line)
        if not match:
            continue
        shape = [int(d) for d in match.group(1).split("x") if d]
        values = [float(v) for v in NUMBER_RE.findall(match.group(3))]
        arrays.append((shape, values))
    return arrays


def parse_file(path):
    with open(path) as f:
        text = f.read()
    if "Unranked Memref" in text:
        return parse_memref_prints(text)
    return parse_scope_run(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("actual")
    parser.add_argument("expected")
    parser.add_argument("--rtol", type=float, default=1e-5)
    parser.add_argument("--atol", type=float, default=1e-6)
    parser.add_argument("--exact", action="store_true")
    args = parser.parse_args()

    actual = parse_file(args.actual)
    expected = parse_file(args.expected)
    if not expected:
        print("error: no array in " + args.expected)
        return 1
    if len(actual) != len(expected):
        print("error: %d arrays in %s but %d in %s" %
              (len(actual), args.actual, len(expected), args.expected))
        return 1
    failures = 0
    worst = 0.0
    for index, ((shape_a, a), (shape_e, e)) in enumerate(zip(actual,
                                                              expected)):
        if shape_a != shape_e:
            print("error: array #%d has shape %s but %s expected" %
                  (index, shape_a, shape_e))
            return 1
        count = 1
        for dim in shape_e:
            count *= dim
        if len(a) != count or len(e) != count:
            print("error: array #%d: %d and %d values for shape %s" %
                  (index, len(a), len(e), shape_e))
            return 1
        for position, (x, y) in enumerate(zip(a, e)):
            if math.isnan(x) or math.isnan(y):
                ok = math.isnan(x) and math.isnan(y)
            elif args.exact:
                ok = x == y
            else:
                diff = abs(x - y)
                worst = max(worst, diff)
                ok = diff <= args.atol + args.rtol * abs(y)
            if not ok:
                failures += 1
                if failures <= 10:
                    print("mismatch: array #%d element %d: %r vs %r" %
                          (index, position, x, y))
    if failures:
        print("error: %d mismatching values" % failures)
        return 1
    total = sum(len(v) for _, v in expected)
    print("match: %d arrays, %d values (max abs diff %g)" %
          (len(expected), total, worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
