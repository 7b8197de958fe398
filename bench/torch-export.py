#!/usr/bin/env python3
"""Export and load times of scopeir.torch on one model (ResNet-50 by
default): capture + emission + writing the module and its parameter file
(export), reading both back (load), and compiling the loaded module
(compile), each the median of --rounds runs. docs/torch.md states the
goals (ResNet-50: export <= 20 s, load <= 5 s).

  PYTHONPATH=python /usr/bin/python3 bench/torch-export.py [--model resnet50]
      [--rounds 3] [--work DIR] [--no-compile]
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

import torch
import torchvision

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import scopeir.torch as st  # noqa: E402
from scopeir.torch import _params  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="resnet50",
                        help="a torchvision.models factory (default resnet50)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", help="directory for the files (default: a temporary one)")
    parser.add_argument("--no-compile", action="store_true")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="torch-export-")
    module_path = os.path.join(work, args.model + ".mlir")
    params_path = os.path.join(work, args.model + ".npz")
    model = getattr(torchvision.models, args.model)(weights=None).eval()
    parameters = sum(p.numel() for p in model.parameters())
    x = torch.rand(1, 3, 224, 224)

    exports, loads, compiles = [], [], []
    for _ in range(args.rounds):
        start = time.perf_counter()
        exported = st._trace_and_emit(model, (x,))
        exported.save(module_path, params_path)
        exports.append(time.perf_counter() - start)
        start = time.perf_counter()
        with open(module_path) as file:
            loaded = file.read()
        names = [name for _, _, name in _params.parameter_names(loaded)]
        arrays = _params.load(params_path, names)
        loads.append(time.perf_counter() - start)
        del arrays
        if not args.no_compile:
            compiled = st.load(module_path, params_path, threads=1)
            compiles.append(compiled.compile_seconds)
            compiled.close()
    print("%s: %.1f M parameters, module %.0f KB, parameters %.0f MB (%d arrays)" % (
        args.model, parameters / 1e6, os.path.getsize(module_path) / 1e3,
        os.path.getsize(params_path) / 1e6, len(names)))
    print("export (capture, emit, write both): median %.2f s of %s" % (
        statistics.median(exports), ["%.2f" % t for t in exports]))
    print("load (read the module and the parameters): median %.2f s of %s" % (
        statistics.median(loads), ["%.2f" % t for t in loads]))
    if compiles:
        print("compile (the loaded module, llvm-cpu-loops): median %.2f s of %s" % (
            statistics.median(compiles), ["%.2f" % t for t in compiles]))


if __name__ == "__main__":
    main()
