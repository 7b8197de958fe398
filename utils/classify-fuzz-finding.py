#!/usr/bin/env python3
"""Tells a scope-fuzz finding in our code from one in upstream MLIR.

    classify-fuzz-finding.py LOG --root SRC --known FILE

LOG is libFuzzer's output for one finding (scripts/fuzz.sh's fuzz.log). The
first stack trace in it decides:
  - `ours`: a frame whose source file is under SRC (scopeir's checkout)
    outside tools/scope-fuzz (the harness) -- but for one of our custom op
    parsers (`scopeir::...::parse`) below upstream frames, which only handed
    its regions back to MLIR's parser --, or a frame of the fuzzer binary
    that is not symbolized, or no stack trace at all (a finding of the
    harness's own checks, a timeout, an out-of-memory): a problem of ours;
  - otherwise the crash is upstream's: `upstream-known` when its signature
    is listed in FILE, else `upstream-new`.
The signature is the first named frame that is not the sanitizer's,
libFuzzer's, the C library's or LLVM's signal handling, and its caller, as
`function < caller` (argument lists dropped; `MODULE+OFFSET` for a caller
without a name).
FILE lists one signature a line; `#` starts a comment.

Prints `<classification> <signature>` and exits 0 (1 on a usage error).
Standard library only.
"""

import argparse
import os
import re
import sys

# A sanitizer's frame: `#3 0x7f12 in func(args) /path/file.cpp:12:3`,
# `#3 0x7f12 in func(args) (module+0x1f)` or `#3 0x7f12 (module+0x1f)`;
# LLVM's own: `#3 0x00007f12 func(args) (module+0x1f)`.
FRAME_RE = re.compile(r"^\s*#(\d+)\s+0x[0-9a-fA-F]+\s+(?:in\s+)?(.*?)\s*(?:\((\S+?)\+(0x[0-9a-fA-F]+)\))?\s*(?:\(BuildId: [0-9a-fA-F]+\))?\s*$")

LOCATION_RE = re.compile(r"(?:^|\s)(\S+\.(?:c|cc|cpp|cxx|h|hpp|inc)(?::\d+){0,2})$")
ANONYMOUS = "(anonymous namespace)"

RUNTIME_PREFIXES = (
    "__sanitizer", "__asan", "__ubsan", "__lsan", "__interceptor",
    "___interceptor", "__interception", "fuzzer::", "LLVMFuzzerRunDriver",
    "__libc", "_start", "abort", "raise", "gsignal", "__GI_", "__pthread",
    "pthread_kill", "llvm::sys::", "SignalHandler", "__restore_rt",
    # The sanitizers' interceptors of the C library's memory functions.
    "MemcmpInterceptorCommon", "memcmp", "memcpy", "memmove", "memset",
    "strlen", "strcmp",
)
# A custom op parser of ours (`scopeir::util::AnnotateOp::parse`): it hands
# its regions back to MLIR's parser, so a crash in an op nested in them is
# not in our code when upstream frames come first.
OUR_PARSER_RE = re.compile(r"^scopeir::.*::parse$")
RUNTIME_MODULES = ("libc.so", "libc-", "libpthread", "ld-linux")


def parse_frames(text):
    """Returns the frames (function, location, module) of the first stack."""
    frames, started = [], False
    for line in text.splitlines():
        match = FRAME_RE.match(line)
        if not match:
            if started and frames:
                break
            continue
        number = int(match.group(1))
        if number == 0 and frames:
            break  # A second stack trace.
        started = True
        rest = (match.group(2) or "").strip()
        function, location = rest, ""
        # The source location, if any, ends the line: `file.cpp:12:3`, with
        # or without its directory.
        loc = LOCATION_RE.search(rest)
        if loc:
            function, location = rest[: loc.start()].strip(), loc.group(1)
        frames.append((function, location, match.group(3) or "", match.group(4) or ""))
    return frames


def strip_arguments(function):
    """`ns::f(int, x)` -> `ns::f`; keeps `operator()` and template args."""
    function = function.replace(ANONYMOUS, "{anonymous}")
    depth = 0
    for i, c in enumerate(function):
        # `operator<`, `operator<<`, `operator->` are names, not brackets.
        if c in "<>" and function[:i].rstrip("<>=-").endswith("operator"):
            continue
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0:
            if function[:i].endswith("operator"):
                continue
            return function[:i]
    return function


def is_runtime(frame):
    function, _, module, _ = frame
    if function and function.startswith(RUNTIME_PREFIXES):
        return True
    return not function and any(m in os.path.basename(module) for m in RUNTIME_MODULES)


def source_basenames(root):
    """The file names of scopeir's library sources (a sanitizer may print a
    frame's file without its directory)."""
    names = set()
    for sub in ("lib", "include", "test/lib"):
        for _, _, files in os.walk(os.path.join(root, sub)):
            names.update(f for f in files if f.endswith((".cpp", ".h", ".inc")))
    return names


def classify(text, root, known, fuzzer_name="scope-fuzz"):
    frames = parse_frames(text)
    if not frames:
        return "ours", "(no stack trace)"
    # The harness's own checks (a pass leaving invalid IR, a round trip)
    # report with `scope-fuzz: ...` and abort.
    if any(strip_arguments(f[0]).endswith("::reportFinding") for f in frames):
        messages = [l for l in text.splitlines() if l.startswith("scope-fuzz: ")]
        return "ours", messages[-1] if messages else "reportFinding"
    ours_files = source_basenames(root)
    root = os.path.realpath(root).rstrip("/") + "/"
    harness = root + "tools/scope-fuzz/"
    names = []
    for frame in frames:
        function, location, module, offset = frame
        file = location.split(":", 1)[0]
        if names and OUR_PARSER_RE.match(strip_arguments(function)):
            continue
        if (file.startswith(root) and not file.startswith(harness)) or (
                "/" not in file and file in ours_files) or "scopeir::" in function:
            return "ours", strip_arguments(function) or location
        if not function and os.path.basename(module) == fuzzer_name:
            return "ours", "%s+%s" % (os.path.basename(module), offset)
        if location and not function:
            function, location = location, ""
        if not is_runtime(frame) and (names or function):
            names.append(strip_arguments(function) if function else "%s+%s" % (os.path.basename(module), offset))
    # The crashing function and its caller: a function such as
    # Attribute::getContext crashes for many callers' reasons.
    signature = " < ".join(names[:2]) or "(runtime only)"
    return ("upstream-known" if signature in known else "upstream-new"), signature


def read_known(path):
    known = set()
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                known.add(line)
    return known


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log")
    parser.add_argument("--root", required=True, help="scopeir's source directory")
    parser.add_argument("--known", required=True, help="known upstream crash signatures")
    args = parser.parse_args()
    with open(args.log, errors="replace") as f:
        text = f.read()
    kind, signature = classify(text, args.root, read_known(args.known))
    print("%s %s" % (kind, signature))
    return 0


if __name__ == "__main__":
    sys.exit(main())
