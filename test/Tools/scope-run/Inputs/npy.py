#!/usr/bin/env python3
"""Writes and dumps NumPy .npy files byte by byte, independently of scope-run.

  npy.py write OUT.npy DESCR DIMS HEX   e.g. write a.npy '<V2' 2x2 803f0040...
  npy.py dump IN.npy                    prints `DESCR DIMS HEX`

DIMS is `2x2` (`-` for rank 0); HEX is the little-endian data. Standard
library only: this is how a test states bytes it expects, e.g. bf16 values
as numpy.save writes an ml_dtypes.bfloat16 array (descr `<V2`).
"""

import ast
import struct
import sys


def write(path, descr, dims, data):
    shape = [] if dims == "-" else [int(d) for d in dims.split("x")]
    shape_text = "(" + "".join(f"{d}, " for d in shape) + ")"
    if len(shape) == 1:
        shape_text = f"({shape[0]},)"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        descr,
        shape_text,
    )
    header += " " * (-(10 + len(header) + 1) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1") + bytes.fromhex(data))


def dump(path):
    with open(path, "rb") as f:
        blob = f.read()
    if blob[:6] != b"\x93NUMPY":
        sys.exit("npy.py: not a .npy file")
    major = blob[6]
    if major == 1:
        (length,) = struct.unpack("<H", blob[8:10])
        start = 10
    else:
        (length,) = struct.unpack("<I", blob[8:12])
        start = 12
    header = ast.literal_eval(blob[start : start + length].decode("latin1"))
    dims = "x".join(str(d) for d in header["shape"]) or "-"
    print(header["descr"], dims, blob[start + length :].hex())


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "write":
        write(*sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == "dump":
        dump(sys.argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
