"""Shared pieces of the bench/ scripts. Standard library only.

- median_seconds: runs a `scope-run --benchmark=N` command and returns the
  median seconds per call it reports;
- make_npy: writes a seeded pseudo-random .npy input (utils/make-npy.py);
- median_ratio: the median of per-round ratios, the figure every script
  reports because the machine is shared and its speed drifts.
"""

import os
import re
import statistics
import subprocess
import sys

UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6}
# The row `scope-run --benchmark` prints: name, min, median, max, iterations.
ROW = re.compile(r"^BM_\S+\s+([\d.]+) (s|ms|us)\s+([\d.]+) (s|ms|us)")


def median_seconds(cmd, env=None, timeout=None):
    """Runs `cmd`, a scope-run command line with --benchmark=N, and returns
    the median seconds per call it reports; exits naming the calling script
    if it reports none. With `timeout` (seconds), raises
    subprocess.TimeoutExpired when the run takes longer."""
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env,
                         timeout=timeout).stdout
    for line in out.splitlines():
        m = ROW.match(line)
        if m:
            return float(m.group(3)) * UNITS[m.group(4)]
    sys.exit("%s: no benchmark row in the output of %s:\n%s"
             % (os.path.basename(sys.argv[0]), " ".join(cmd), out))


def make_npy(root, path, dims, seed):
    """Writes float32 values of shape `dims`, pseudo-random from `seed`, to
    `path` with the project's utils/make-npy.py; returns `path`."""
    subprocess.run([sys.executable, os.path.join(root, "utils", "make-npy.py"), path]
                   + [str(d) for d in dims] + ["--seed", str(seed)], check=True)
    return path


def median_ratio(a, b):
    """Returns the median of the per-round ratios a[i] / b[i]."""
    return statistics.median(x / y for x, y in zip(a, b))
