#!/usr/bin/env python3
"""A scope-run with a planted miscompile, to test the differential oracle and
its reduction: it runs the real scope-run ($PLANTED_SCOPE_RUN) and, when the
program has a `linalg.transpose` and a zone annotation, changes one bit of the
last element of every result it writes. The programs without scopes (and
any run with --strip-scopes) are computed right, so the seed fails as a mismatch with and without scopes, and
what must survive reduction is a transpose and a zone."""

import os
import subprocess
import sys

args = sys.argv[1:]
rc = subprocess.call([os.environ["PLANTED_SCOPE_RUN"]] + args)
program = next(a for a in args if not a.startswith("-"))
with open(program) as f:
    text = f.read()
if rc == 0 and "--strip-scopes" not in args and \
        "linalg.transpose" in text and "#util.zone" in text:
    for arg in args:
        if arg.startswith("--output=@"):
            path = arg[len("--output=@"):]
            with open(path, "r+b") as f:
                f.seek(-2, os.SEEK_END)
                byte = f.read(1)[0]
                f.seek(-2, os.SEEK_END)
                f.write(bytes([byte ^ 0x40]))
sys.exit(rc)
