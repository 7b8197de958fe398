"""The command line of scopeir.torch:

  python3 -m scopeir.torch export MODULE:FACTORY --input-shape 1x3x224x224 [-o model.mlir]
  python3 -m scopeir.torch run    MODULE:FACTORY --input-shape 1x3x224x224 [--print-zones]
  python3 -m scopeir.torch bench  MODULE:FACTORY --input-shape 1x3x224x224 [--iterations 10]

MODULE:FACTORY names a callable returning the model (`torchvision.models:
resnet18`, or `path/to/file.py:make_model`); it is called without
arguments and put in eval mode. Inputs are random (`--seed`), one
`--input-shape` (and `--input-dtype`) per model input. `run` prints the
largest absolute and relative difference against eager PyTorch and exits 1
if it exceeds the tolerance; `bench` prints the per-call times beside
eager's. `run` and `bench` also take an exported module (`model.mlir
--parameters model.npz`) instead of a factory. Errors print
`scopeir.torch: error: ...` and exit 1.
"""

import argparse
import importlib
import importlib.util
import os
import statistics
import sys
import time

import torch

import scopeir.torch as st
from scopeir import runtime as _runtime
from ._capture import TORCH_DTYPES


class UsageError(Exception):
    pass


def _load_factory(spec):
    module_name, sep, attribute = spec.rpartition(":")
    if not sep or not module_name or not attribute:
        raise UsageError("expected MODULE:FACTORY (e.g. torchvision.models:resnet18), "
                         "got '%s'" % spec)
    if module_name.endswith(".py"):
        if not os.path.isfile(module_name):
            raise UsageError("no file '%s'" % module_name)
        loader = importlib.util.spec_from_file_location("scopeir_model", module_name)
        module = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(module)
    else:
        try:
            module = importlib.import_module(module_name)
        except ImportError as error:
            raise UsageError("cannot import '%s': %s" % (module_name, error))
    factory = getattr(module, attribute, None)
    if factory is None:
        raise UsageError("'%s' has no '%s'" % (module_name, attribute))
    model = factory()
    if not isinstance(model, torch.nn.Module):
        raise UsageError("%s returned a %s, not an nn.Module" % (spec, type(model).__name__))
    return model.eval()


def _shape(text):
    try:
        return tuple(int(d) for d in text.lower().split("x")) if text else ()
    except ValueError:
        raise argparse.ArgumentTypeError("expected a shape like 1x3x224x224, got '%s'" % text)


def _pairs(values, what):
    result = {}
    for value in values or []:
        name, sep, target = value.partition("=")
        if not sep:
            raise UsageError("--%s expects MODULE=VALUE, got '%s'" % (what, value))
        result[name] = target
    return result


def _inputs(args, batch=None):
    generator = torch.Generator().manual_seed(args.seed)
    shapes = args.input_shape or []
    dtypes = args.input_dtype or []
    if len(dtypes) > len(shapes):
        raise UsageError("more --input-dtype than --input-shape")
    inputs = []
    for i, shape in enumerate(shapes):
        if batch is not None and shape:
            shape = (batch,) + shape[1:]
        dtype = dtypes[i] if i < len(dtypes) else "f32"
        if dtype not in TORCH_DTYPES:
            raise UsageError("unknown --input-dtype '%s'; known: %s" % (
                dtype, ", ".join(TORCH_DTYPES)))
        torch_dtype = TORCH_DTYPES[dtype]
        if torch_dtype.is_floating_point:
            inputs.append(torch.rand(shape, generator=generator).to(torch_dtype))
        elif torch_dtype == torch.bool:
            inputs.append(torch.rand(shape, generator=generator) > 0.5)
        else:
            inputs.append(torch.randint(0, args.int_high, shape, generator=generator,
                                        dtype=torch_dtype))
    if not inputs:
        raise UsageError("no --input-shape given")
    return inputs


def _export_options(args):
    options = dict(place=_pairs(args.place, "place"), strategy=_pairs(args.strategy, "strategy"),
                   kernels=_pairs(args.kernel, "kernel"), zones=not args.no_zones,
                   zone_depth=args.zone_depth, zone_filter=args.zone_filter,
                   dynamic_batch=args.dynamic_batch, host_backend=args.host_backend)
    return options


def _compile_options(args):
    return dict(threads=args.threads, trace=args.trace,
                print_zones=args.print_zones or bool(args.slowest),
                kernel_libraries=args.kernel_library, require_kernels=args.require_kernels)


def _compiled(args):
    """(compiled, model or None, inputs)."""
    inputs = _inputs(args)
    if args.target.endswith(".mlir"):
        if not args.parameters:
            raise UsageError("an exported module needs --parameters FILE.npz")
        compiled = st.load(args.target, args.parameters, host_backend=args.host_backend,
                           **_compile_options(args))
        print("loaded %s in %.2f s, compiled in %.2f s" % (
            args.target, compiled.load_seconds, compiled.compile_seconds))
        model = _load_factory(args.reference) if args.reference else None
        return compiled, model, inputs
    model = _load_factory(args.target)
    compiled = st.compile(model, *inputs, **_export_options(args), **_compile_options(args))
    print("exported in %.2f s (%d ops, %d scopes), compiled in %.2f s" % (
        compiled.export_seconds, compiled.num_ops, compiled.num_scopes,
        compiled.compile_seconds))
    return compiled, model, inputs


def _flat(value):
    from torch.utils import _pytree as pytree
    return pytree.tree_flatten(value)[0]


def _report_zones(args, compiled):
    if not (args.print_zones or args.slowest or args.trace):
        return
    summary = compiled.zone_summary()
    if args.print_zones:
        sys.stdout.write(summary)
    if args.slowest:
        rows = compiled.zones()
        run_ms = sum(self_ms for _, _, _, self_ms in rows) or 1.0
        print("slowest modules (time in their own dispatches, of %.3f ms in zones):" % run_ms)
        for path, calls, total, self_ms in rows[:args.slowest]:
            print("  %-32s %10.3f ms %5.1f%%  (total with sub-modules %.3f ms, %d call%s)" % (
                path.rsplit("/", 1)[-1], self_ms, 100 * self_ms / run_ms, total, calls,
                "" if calls == 1 else "s"))
    if args.trace:
        print("trace written to %s" % args.trace)


def command_export(args):
    model = _load_factory(args.target)
    inputs = _inputs(args)
    exported = st._trace_and_emit(model, inputs, **_export_options(args))
    if args.output and args.output != "-":
        exported.save(args.output, args.parameters)
        print("exported %s in %.2f s (%d ops, %d scopes, %d parameters%s)" % (
            args.output, exported.seconds, exported.num_ops, exported.num_scopes,
            len(exported.parameters), ", written to %s" % args.parameters
            if args.parameters else ""))
    else:
        if args.parameters:
            from . import _params
            _params.save(args.parameters, exported.parameters)
        sys.stdout.write(exported.text)
    return 0


def command_run(args):
    compiled, model, inputs = _compiled(args)
    results = _flat(compiled(*inputs))
    print("call: %.3f s" % compiled.last_call_seconds)
    status = 0
    if model is not None:
        with torch.no_grad():
            expected = _flat(model(*inputs))
        for i, (got, want) in enumerate(zip(results, expected)):
            diff = (got.double() - want.double()).abs().max().item() if want.numel() else 0.0
            scale = want.double().abs().max().item() if want.numel() else 0.0
            relative = diff / scale if scale else 0.0
            ok = diff <= args.rtol * scale + args.atol
            status |= not ok
            print("output #%d %s: max abs diff %.3g, max rel diff %.3g (max |eager| %.3g): %s" % (
                i, list(got.shape), diff, relative, scale, "ok" if ok else "MISMATCH"))
    else:
        for i, got in enumerate(results):
            print("output #%d %s: %s" % (i, list(got.shape), got.reshape(-1)[:8].tolist()))
    _report_zones(args, compiled)
    return status


def command_bench(args):
    compiled, model, inputs = _compiled(args)
    torch.set_num_threads(args.threads or torch.get_num_threads())
    times = []
    for _ in range(args.iterations):
        compiled(*inputs)
        times.append(compiled.last_call_seconds)
    print("scopeir: min %.3f ms, median %.3f ms over %d calls" % (
        1e3 * min(times), 1e3 * statistics.median(times), len(times)))
    if model is not None:
        eager = []
        with torch.no_grad():
            for _ in range(args.iterations):
                start = time.perf_counter()
                model(*inputs)
                eager.append(time.perf_counter() - start)
        print("eager:   min %.3f ms, median %.3f ms over %d calls (%d threads)" % (
            1e3 * min(eager), 1e3 * statistics.median(eager), len(eager),
            torch.get_num_threads()))
        print("scopeir / eager (median): %.2fx" % (statistics.median(times) /
                                                  statistics.median(eager)))
    _report_zones(args, compiled)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python3 -m scopeir.torch",
        description="Export, run or benchmark a PyTorch model through scopeir.")
    sub = parser.add_subparsers(dest="command", required=True)
    commands = {}
    for name, help_text in (("export", "print or write the module's MLIR"),
                            ("run", "compile, run once, compare with eager"),
                            ("bench", "compile, time calls beside eager")):
        p = sub.add_parser(name, help=help_text)
        commands[name] = p
        p.add_argument("target", help="MODULE:FACTORY, or (run, bench) an exported .mlir")
        p.add_argument("--input-shape", action="append", type=_shape,
                       help="shape of one input, e.g. 1x3x224x224 (one per input)")
        p.add_argument("--input-dtype", action="append",
                       help="element type of one input: f32 (default), i64, ...")
        p.add_argument("--int-high", type=int, default=1000,
                       help="integer inputs are drawn from [0, this) (default 1000)")
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--place", action="append", metavar="MODULE=BACKEND")
        p.add_argument("--strategy", action="append", metavar="MODULE=PIPELINE")
        p.add_argument("--kernel", action="append", metavar="MODULE=SYMBOL")
        p.add_argument("--no-zones", action="store_true", help="no zone scopes")
        p.add_argument("--zone-depth", type=int)
        p.add_argument("--zone-filter", metavar="REGEX")
        p.add_argument("--dynamic-batch", action="store_true")
        p.add_argument("--host-backend")
        p.add_argument("--parameters", metavar="FILE.npz",
                       help="export: write the parameters there; run/bench: read them")
        if name == "export":
            p.add_argument("-o", "--output", help="module file (default: standard output)")
            continue
        p.add_argument("--reference", metavar="MODULE:FACTORY",
                       help="for an exported module: the model to compare with")
        p.add_argument("--threads", type=int)
        p.add_argument("--trace", metavar="FILE.json", help="write a Chrome trace")
        p.add_argument("--print-zones", action="store_true", help="print the zone table")
        p.add_argument("--slowest", type=int, default=0, metavar="N",
                       help="print the N slowest modules (innermost zones)")
        p.add_argument("--kernel-library", action="append", metavar="PATH")
        p.add_argument("--require-kernels", action="store_true")
        p.add_argument("--rtol", type=float, default=1e-4)
        p.add_argument("--atol", type=float, default=1e-5)
        if name == "bench":
            p.add_argument("--iterations", type=int, default=10)
    args = parser.parse_args(argv)
    try:
        return {"export": command_export, "run": command_run,
                "bench": command_bench}[args.command](args)
    except (UsageError, st.ScopeirError, _runtime.RuntimeError) as error:
        sys.stdout.flush()
        print("scopeir.torch: error: %s" % error, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
