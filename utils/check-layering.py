#!/usr/bin/env python3
"""Checks scopeir's layering rules on the #include lines of its sources.

Each rule names folders (relative to the repository root) and the includes
their files must not have; a violation prints `file:line: rule: include`
and the script exits 1. The rules are the README's layout:

- what compiled code calls (lib/Runtime, include/scopeir/Runtime) uses the
  C++ standard library only;
- the run session (lib/Runner) and the mains of scope-run and scope-check
  know no dialect and no target: they ask the pipeline library;
- the pipeline (lib/Pipeline) names no backend;
- nothing under lib/Dialect builds or names a backend, a runner or the
  pipeline;
- util knows no other dialect of ours;
- flow reaches devices and kernels through util's interfaces, not hal's
  headers;
- a target (lib/Target) is built into a pipeline, and knows neither the
  pipeline nor the runner;
- a target knows no other target (each is one backend folder, registered
  with the backend registry: LLVMCPU, Vulkan).

Usage: check-layering.py REPO_ROOT [--list]
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')

# (name, folders, predicate on (kind, path) -> True when forbidden)
RULES = [
    ("runtime-standard-library-only",
     ["lib/Runtime", "include/scopeir/Runtime"],
     lambda kind, path: (kind == '"' and not path.startswith("scopeir/Runtime/"))
     or path.startswith(("llvm/", "mlir/", "llvm-c/", "mlir-c/"))),
    ("runner-names-no-dialect-or-target",
     ["lib/Runner", "include/scopeir/Runner", "tools/scope-run",
      "tools/scope-check"],
     lambda kind, path: path.startswith(("scopeir/Dialect/",
                                         "scopeir/Target/"))),
    ("pipeline-names-no-backend",
     ["lib/Pipeline", "include/scopeir/Pipeline"],
     lambda kind, path: path.startswith("scopeir/Target/")),
    ("dialects-build-no-backend",
     ["lib/Dialect", "include/scopeir/Dialect"],
     lambda kind, path: path.startswith(("scopeir/Target/", "scopeir/Runner/",
                                         "scopeir/Pipeline/"))),
    ("util-knows-no-other-dialect",
     ["lib/Dialect/Util", "include/scopeir/Dialect/Util"],
     lambda kind, path: path.startswith("scopeir/Dialect/")
     and not path.startswith("scopeir/Dialect/Util/")),
    ("flow-knows-no-hal",
     ["lib/Dialect/Flow", "include/scopeir/Dialect/Flow"],
     lambda kind, path: path.startswith("scopeir/Dialect/HAL/")),
    ("targets-know-no-pipeline-or-runner",
     ["lib/Target", "include/scopeir/Target"],
     lambda kind, path: path.startswith(("scopeir/Pipeline/",
                                         "scopeir/Runner/"))),
]


def knows_other_target(own):
    """Forbids the headers of every target folder but `own`."""
    return lambda kind, path: path.startswith("scopeir/Target/") \
        and not path.startswith("scopeir/Target/%s/" % own)


for _target in ["LLVMCPU", "Vulkan"]:
    RULES.append(("target-knows-no-other-target",
                  ["lib/Target/" + _target, "include/scopeir/Target/" + _target],
                  knows_other_target(_target)))

SOURCE_SUFFIXES = (".h", ".cpp", ".c", ".inc")


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = sys.argv[1]
    if "--list" in sys.argv[2:]:
        for name, folders, _ in RULES:
            print("%s: %s" % (name, ", ".join(folders)))
        return 0
    violations = 0
    checked = 0
    for name, folders, forbidden in RULES:
        for folder in folders:
            base = os.path.join(root, folder)
            if not os.path.isdir(base):
                print("check-layering: %s: no folder %s" % (name, folder))
                violations += 1
                continue
            for dirpath, _, files in os.walk(base):
                for file in sorted(files):
                    if not file.endswith(SOURCE_SUFFIXES):
                        continue
                    path = os.path.join(dirpath, file)
                    checked += 1
                    with open(path, errors="replace") as f:
                        for number, line in enumerate(f, 1):
                            m = INCLUDE.match(line)
                            if m and forbidden(m.group(1), m.group(2)):
                                print("%s:%d: %s: %s" % (
                                    os.path.relpath(path, root), number, name,
                                    m.group(2)))
                                violations += 1
    print("check-layering: %d rules, %d files checked, %d violations" %
          (len(RULES), checked, violations))
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
