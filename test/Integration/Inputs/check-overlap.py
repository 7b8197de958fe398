#!/usr/bin/env python3
"""Checks, in a Chrome trace of `scope-run --trace` (vulkan-overlap.mlir),
that the host issued the device's dispatch, then ran the CPU dispatch, and
only then asked for the device's result: the order in which the two
branches can overlap. Prints one line and exits 0, or the problem and 1.
"""

import json
import sys


def main():
    with open(sys.argv[1]) as f:
        events = json.load(f)["traceEvents"]
    slices = [e for e in events if e.get("ph") == "X"]

    def find(category, predicate, what):
        found = [e for e in slices if e.get("cat") == category and predicate(e)]
        if len(found) != 1:
            print("check-overlap: expected one %s slice, found %d" % (what, len(found)))
            sys.exit(1)
        return found[0]

    device = find("dispatch", lambda e: e["args"].get("device") == "vulkan", "vulkan dispatch")
    cpu = find("dispatch", lambda e: e["args"].get("device") == "llvm-cpu-loops", "CPU dispatch")
    download = find("transfer", lambda e: e["name"] == "vulkan->host", "download")
    end = lambda e: e["ts"] + e["dur"]
    if not (end(device) <= cpu["ts"] and end(cpu) <= download["ts"]):
        print("check-overlap: the host ran vulkan dispatch [%.1f, %.1f], CPU dispatch "
              "[%.1f, %.1f], download from %.1f: not issue, compute, wait"
              % (device["ts"], end(device), cpu["ts"], end(cpu), download["ts"]))
        sys.exit(1)
    print("check-overlap: issued at %.1f us, CPU work %.1f us, waited %.1f us"
          % (device["ts"], cpu["dur"], download["dur"]))


if __name__ == "__main__":
    main()
