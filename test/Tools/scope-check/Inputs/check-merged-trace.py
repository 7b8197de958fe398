#!/usr/bin/env python3
"""Checks the trace `scope-check --trace` writes: one process per test.

Parses the file with Python's json module and prints, per process in the
order of their first event, the name its process_name metadata gives it,
how many compile-pass slices (category "pass") and zone and dispatch slices
it holds; exits 1 if the file is not a Chrome trace of complete events and
metadata, or a process has no name.
"""

import json
import sys


def main():
    with open(sys.argv[1]) as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    names = {}
    counts = {}
    order = []
    for event in events:
        pid = event["pid"]
        if pid not in counts:
            counts[pid] = {"pass": 0, "zone": 0, "dispatch": 0}
            order.append(pid)
        if event["ph"] == "M":
            if event["name"] == "process_name":
                names[pid] = event["args"]["name"]
            continue
        if event["ph"] != "X" or event["dur"] < 0 or event["ts"] < 0:
            print("bad event: %r" % event)
            sys.exit(1)
        category = event["cat"]
        if category in counts[pid]:
            counts[pid][category] += 1
    for pid in order:
        if pid not in names:
            print("process %d has no name" % pid)
            sys.exit(1)
        c = counts[pid]
        print("%s: passes %s, zones %d, dispatches %d" % (
            names[pid], "yes" if c["pass"] > 0 else "no", c["zone"],
            c["dispatch"]))


if __name__ == "__main__":
    main()
