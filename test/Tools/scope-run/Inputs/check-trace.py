#!/usr/bin/env python3
"""Checks a Chrome trace-event file written by `scope-run --trace`.

Parses the file with Python's json module and checks its structure
independently of scope-run: complete events ("ph": "X") with names,
categories, timestamps and non-negative durations; a thread_name for every
track; slices of a track nesting properly; every zone slice nested in the
zone slice of its parent scope path; every dispatch slice carrying a device,
executable, index and scope path (an extern kernel call's: a device, its
kernel and scope path), nested in a zone that is a prefix of its path. Expectations given on the command line are checked too. Prints one
summary line and exits 0, or prints the first problem and exits 1.
"""

import argparse
import json
import sys


def fail(message):
    print("check-trace: " + message)
    sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("trace")
    parser.add_argument("--zone", action="append", default=[],
                        help="PATH=N: exactly N slices of zone PATH (a/b)")
    parser.add_argument("--max-zone-slices", action="append", default=[],
                        help="PATH=N: at most N slices of zone PATH, and "
                             "at least one")
    parser.add_argument("--dispatches", type=int,
                        help="exactly N dispatch slices")
    parser.add_argument("--device", action="append", default=[],
                        help="a dispatch ran on this device")
    parser.add_argument("--pass", dest="passes", action="append", default=[],
                        help="a slice of this pass is on a compile track")
    args = parser.parse_args()

    with open(args.trace) as f:
        try:
            trace = json.load(f)
        except json.JSONDecodeError as e:
            fail(f"not valid JSON: {e}")
    if not isinstance(trace, dict) or not isinstance(
            trace.get("traceEvents"), list):
        fail("expected an object with a 'traceEvents' list")

    names = {}
    slices = []
    for i, event in enumerate(trace["traceEvents"]):
        if not isinstance(event, dict):
            fail(f"event #{i} is not an object")
        ph = event.get("ph")
        for key in ("pid", "tid"):
            if not isinstance(event.get(key), int):
                fail(f"event #{i} has no integer '{key}'")
        if ph == "M":
            if event.get("name") == "thread_name":
                names[event["tid"]] = event["args"]["name"]
            continue
        if ph != "X":
            fail(f"event #{i} has phase {ph!r}; expected complete events")
        for key in ("name", "cat"):
            if not isinstance(event.get(key), str) or not event[key]:
                fail(f"event #{i} has no '{key}'")
        for key in ("ts", "dur"):
            if not isinstance(event.get(key), (int, float)) or event[key] < 0:
                fail(f"event #{i} has no non-negative '{key}'")
        if not isinstance(event.get("args"), dict):
            fail(f"event #{i} has no 'args' object")
        slices.append(event)

    # Nesting per track: a slice starting inside another ends inside it.
    parents = {}
    by_track = {}
    for s in slices:
        if s["tid"] not in names:
            fail(f"track {s['tid']} has no thread_name")
        by_track.setdefault(s["tid"], []).append(s)
    # Times in integer nanoseconds (the file has three decimals of
    # microseconds), so that comparisons are exact.
    def begin(s):
        return round(s["ts"] * 1000)

    def end(s):
        return begin(s) + round(s["dur"] * 1000)

    for track in by_track.values():
        track.sort(key=lambda s: (begin(s), -end(s)))
        stack = []
        for s in track:
            while stack and begin(s) >= end(stack[-1]) and s is not stack[-1]:
                stack.pop()
            if stack and end(s) > end(stack[-1]):
                top = stack[-1]
                fail(f"slice {s['name']} at {s['ts']} overlaps "
                     f"{top['name']} at {top['ts']} without nesting")
            parents[id(s)] = stack[-1] if stack else None
            stack.append(s)

    def enclosing_zone(s):
        p = parents[id(s)]
        while p is not None and p["cat"] != "zone":
            p = parents[id(p)]
        return p

    zone_counts = {}
    devices = set()
    num_dispatches = 0
    for s in slices:
        if s["cat"] == "zone":
            path = s["args"].get("scope")
            if not isinstance(path, list) or not path or path[-1] != s["name"]:
                fail(f"zone {s['name']} has scope {path!r}, which does not "
                     "end with its name")
            outer = enclosing_zone(s)
            if outer is not None and outer["args"]["scope"] != path[:len(outer["args"]["scope"])]:
                fail(f"zone {path} is nested in zone {outer['args']['scope']}, "
                     "which is not a prefix of its path")
            chain = []
            z = s
            while z is not None:
                chain.append(z["name"])
                z = enclosing_zone(z)
            key = "/".join(reversed(chain))
            zone_counts[key] = zone_counts.get(key, 0) + 1
        elif s["cat"] == "dispatch":
            num_dispatches += 1
            a = s["args"]
            if not isinstance(a.get("device"), str) or not a["device"]:
                fail(f"dispatch {s['name']} has no device")
            if "extern" in a:
                # An extern kernel call: named after its kernel, no
                # executable and no index (it is not in the dispatch map).
                if a["extern"] != s["name"]:
                    fail(f"kernel call {s['name']} names the kernel {a['extern']}")
            else:
                if not isinstance(a.get("executable"), str) or s["name"] not in a["executable"]:
                    fail(f"dispatch {s['name']} has no matching executable")
                if not isinstance(a.get("index"), int):
                    fail(f"dispatch {s['name']} has no index")
            if not isinstance(a.get("scope"), list):
                fail(f"dispatch {s['name']} has no scope path")
            devices.add(a["device"])
            outer = enclosing_zone(s)
            if outer is not None and outer["args"]["scope"] != a["scope"][:len(outer["args"]["scope"])]:
                fail(f"dispatch {s['name']} (scope {a['scope']}) runs in zone "
                     f"{outer['args']['scope']}, not a prefix of its scope")
        elif s["cat"] == "pass" and not names[s["tid"]].startswith("compile"):
            fail(f"pass {s['name']} is not on a compile track")

    for spec in args.zone:
        path, _, count = spec.rpartition("=")
        if zone_counts.get(path, 0) != int(count):
            fail(f"zone {path}: {zone_counts.get(path, 0)} slices, expected "
                 f"{count} (zones: {zone_counts})")
    for spec in args.max_zone_slices:
        path, _, count = spec.rpartition("=")
        if not 0 < zone_counts.get(path, 0) <= int(count):
            fail(f"zone {path}: {zone_counts.get(path, 0)} slices, expected "
                 f"1 to {count} (zones: {zone_counts})")
    if args.dispatches is not None and num_dispatches != args.dispatches:
        fail(f"{num_dispatches} dispatch slices, expected {args.dispatches}")
    for device in args.device:
        if device not in devices:
            fail(f"no dispatch on {device} (devices: {sorted(devices)})")
    passes = {s["name"] for s in slices if s["cat"] == "pass"}
    for name in args.passes:
        if name not in passes:
            fail(f"no slice of pass {name}")
    print(f"trace ok: {len(slices)} slices, {num_dispatches} dispatches, "
          f"{sum(zone_counts.values())} zone slices")


if __name__ == "__main__":
    main()
