#!/usr/bin/env python3
"""Writes a NumPy .npy file of float32 values for tests and benchmarks.

  make-npy.py OUT.npy DIM [DIM ...] [--seed N]

The values are a deterministic pseudo-random sequence in [-1, 1) (a linear
congruential generator seeded with --seed), so that two runs with the same
arguments write the same bytes. Standard library only.
"""

import argparse
import struct
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("dims", type=int, nargs="+")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    count = 1
    for dim in args.dims:
        if dim < 0:
            sys.exit("make-npy.py: dimensions must be >= 0")
        count *= dim
    shape = "".join(f"{d}, " for d in args.dims)
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % shape
    # The header is padded so that the data starts at a multiple of 64.
    header += " " * (-(10 + len(header) + 1) % 64) + "\n"
    state = args.seed & 0xFFFFFFFF
    values = []
    for _ in range(count):
        state = (1664525 * state + 1013904223) & 0xFFFFFFFF
        values.append((state >> 8) / float(1 << 23) - 1.0)
    with open(args.output, "wb") as out:
        out.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        out.write(header.encode("latin1"))
        out.write(struct.pack("<%df" % count, *values))


if __name__ == "__main__":
    main()
