"""scopeir's PyTorch front door.

    import torch, torchvision, scopeir.torch as st
    model = torchvision.models.resnet18(weights=None).eval()
    x = torch.rand(1, 3, 224, 224)
    text = st.export(model, x, place={"layer4": "llvm-cpu"})   # MLIR, scopes included
    run = st.compile(model, x, place={"layer4": "llvm-cpu"}, threads=2)
    y = run(x)                                                  # computed in-process

Every call of a submodule becomes a `#util.zone<"qualified.name">` scope,
nested as the modules nest; `place`, `strategy` and `kernels` put a device,
a `#codegen.strategy` or a kernel (`#hal.extern`) on the scopes of the
modules they name. An annotation that cannot be honoured is an
AnnotationError naming the module; an op the importer does not lower is an
UnsupportedError naming the op, the module and the model's source line.
docs/torch.md describes all of it.
"""

import time

import numpy as np
import torch
from torch.utils import _pytree as pytree

from .. import runtime as _runtime
from ._capture import DTYPES, capture as _capture
from ._emit import Annotations as _Annotations, emit_module as _emit_module
from ._errors import (AnnotationError, CaptureError, CompileError, InternalError,
                      ScopeirError, UnsupportedError)
from ._ir import is_static as _is_static
from . import _params

__all__ = [
    "export", "compile", "load", "CompiledModule", "Exported", "supported_ops",
    "ScopeirError", "UnsupportedError", "AnnotationError", "CaptureError",
    "CompileError", "InternalError",
]

# The backend compiling what no placement names. llvm-cpu-loops is
# scope-run's default: plain loops, the quickest to compile.
DEFAULT_HOST_BACKEND = "llvm-cpu-loops"


class Exported:
    """A captured and emitted model: the module text, its parameters (the
    function's arguments after the inputs, by name and tensor) and what
    calling it needs (input and output signature)."""

    def __init__(self, text, emitter, captured, seconds):
        self.text = text
        self.parameters = [(name, tensor) for name, tensor, _ in emitter.param_args]
        self.inputs = [(v.shape, v.dtype) for v in emitter.input_values]
        self.outputs = [(v.shape, v.dtype) for v in emitter.results]
        self.out_spec = captured.out_spec
        self.num_ops = emitter.op_count
        self.num_scopes = emitter.scope_count
        self.dynamic_batch = captured.dynamic_batch
        self.seconds = seconds

    def save(self, path, parameters=None):
        """Writes the module to `path` and, if `parameters` is a path, the
        parameters there (.npz)."""
        with open(path, "w") as file:
            file.write(self.text)
        if parameters:
            _params.save(parameters, self.parameters)


def _annotations(place, strategy, kernels, zones, zone_depth, zone_filter, host_backend):
    return _Annotations(place=place, strategy=strategy, kernels=kernels, zones=zones,
                        zone_depth=zone_depth, zone_filter=zone_filter,
                        host_backend=host_backend or DEFAULT_HOST_BACKEND)


def _check_backends(place, host_backend):
    """Rejects a placement on a backend the library does not register."""
    names = set(_runtime.target_backends())
    for module, value in (place or {}).items():
        if isinstance(value, str):
            backend = value
        elif isinstance(value, (tuple, list)) and len(value) == 2 and \
                isinstance(value[0], str) and isinstance(value[1], dict):
            backend = value[0]
        else:
            raise AnnotationError("place[%r]: expected a backend name or (name, {config}), "
                                  "got %r" % (module, value))
        if backend not in names:
            raise AnnotationError("place: module '%s' is placed on unknown backend '%s'; "
                                  "registered backends: %s" % (module or "(the model)",
                                                               backend, ", ".join(sorted(names))))
    if host_backend and host_backend not in names:
        raise AnnotationError("host_backend: unknown backend '%s'; registered backends: %s"
                              % (host_backend, ", ".join(sorted(names))))


def _trace_and_emit(module, example_inputs, place=None, strategy=None, kernels=None,
                   zones=True, zone_depth=None, zone_filter=None, dynamic_batch=False,
                   host_backend=None):
    """Captures and emits `module`; returns an Exported."""
    start = time.perf_counter()
    captured = _capture(module, tuple(example_inputs), dynamic_batch=dynamic_batch)
    text, emitter = _emit_module(captured, _annotations(
        place, strategy, kernels, zones, zone_depth, zone_filter, host_backend))
    return Exported(text, emitter, captured, time.perf_counter() - start)


def export(module, *example_inputs, place=None, zones=True, dynamic_batch=False,
           strategy=None, kernels=None, zone_depth=None, zone_filter=None,
           host_backend=None, parameters=None):
    """Returns the MLIR text of `module` called on `example_inputs`.

    - `place`: {qualified module name: backend or (backend, {config})};
      `""` names the whole model.
    - `strategy`: {name: pass pipeline, {kind: pipeline} or a
      `#codegen.strategy<...>` attribute}; only for modules running on a
      backend that runs strategies (llvm-cpu).
    - `kernels`: {name: C symbol}: the module's ops become an extern scope
      computed by that kernel, its ops kept as the decomposition.
    - `zones`, `zone_depth`, `zone_filter` (a regex or a predicate on the
      qualified name): which module calls become zones.
    - `dynamic_batch`: dim 0 of every input (and what follows from it) is
      dynamic.
    - `parameters`: a path to write the parameters to (.npz); the function
      takes them as arguments after the inputs, named by
      `{scopeir.param = "..."}`.
    """
    try:
        _check_backends(place, host_backend)
    except _runtime.LibraryNotFoundError:
        pass  # no library: names are checked when compiled
    exported = _trace_and_emit(module, example_inputs, place=place, strategy=strategy,
                              kernels=kernels, zones=zones, zone_depth=zone_depth,
                              zone_filter=zone_filter, dynamic_batch=dynamic_batch,
                              host_backend=host_backend)
    if parameters:
        _params.save(parameters, exported.parameters)
    return exported.text


def _element_type(dtype):
    name = DTYPES.get(dtype)
    if name is None:
        raise ScopeirError("unsupported input dtype %s" % dtype)
    return name


def _to_buffer(value, index):
    """A runtime buffer of a tensor or array, in place when it is
    contiguous."""
    if isinstance(value, torch.Tensor):
        if value.device.type != "cpu":
            raise ScopeirError("input #%d is on %s; the runtime reads CPU memory" % (
                index, value.device))
        tensor = value.detach()
        if not tensor.is_contiguous():
            tensor = tensor.contiguous()
        address = tensor.data_ptr() if tensor.numel() else None
        if address is None:
            return _runtime.Buffer.from_numpy(np.zeros(tuple(tensor.shape), np.float32))
        return _runtime.Buffer(_element_type(tensor.dtype), tuple(tensor.shape), address,
                               tensor)
    return _runtime.Buffer.from_numpy(np.asarray(value))


class CompiledModule:
    """A model compiled in-process: call it with tensors (or NumPy arrays)
    as the model; results come back as torch tensors (NumPy arrays when
    the inputs were)."""

    def __init__(self, exported, session, compile_seconds, parameter_arrays=None):
        self.exported = exported
        self.text = exported.text
        self._session = session
        self.compile_seconds = compile_seconds
        self.export_seconds = exported.seconds
        self.num_ops = exported.num_ops
        self.num_scopes = exported.num_scopes
        self.warnings = session.warnings
        self.last_call_seconds = None
        self._zone_summary = None
        # The model's tensors, read in place: an in-place update (an
        # optimizer step, load_state_dict) bumps a tensor's version, and the
        # next call prepares the parameters again.
        self._parameter_tensors = []
        if parameter_arrays is None:
            self._parameters = [_to_buffer(t, i) for i, (_, t) in
                                enumerate(exported.parameters)]
            self._parameter_tensors = [t for _, t in exported.parameters]
        else:
            self._parameters = [_runtime.Buffer.from_numpy(a) for a in parameter_arrays]
        self._parameter_versions = [t._version for t in self._parameter_tensors]

    def _check_inputs(self, inputs):
        expected = self.exported.inputs
        if len(inputs) != len(expected):
            raise ScopeirError("the model takes %d inputs, %d given" % (len(expected),
                                                                        len(inputs)))
        for i, (value, (shape, dtype)) in enumerate(zip(inputs, expected)):
            actual = tuple(value.shape)
            if len(actual) != len(shape) or any(
                    _is_static(d) and d != a for d, a in zip(shape, actual)):
                raise ScopeirError("input #%d has shape %s; the model was exported for %s" % (
                    i, list(actual), [d if _is_static(d) else "?" for d in shape]))

    def __call__(self, *inputs):
        self._check_inputs(inputs)
        as_numpy = bool(inputs) and all(isinstance(v, np.ndarray) for v in inputs)
        buffers = [_to_buffer(v, i) for i, v in enumerate(inputs)] + self._parameters
        versions = [t._version for t in self._parameter_tensors]
        if versions != self._parameter_versions:
            self._session.reset_parameters()
            self._parameter_versions = versions
        try:
            arrays, seconds = self._session.call(buffers)
        except _runtime.RuntimeError as error:
            raise CompileError(str(error)) from None
        self.last_call_seconds = seconds
        results = []
        for array, (_, dtype) in zip(arrays, self.exported.outputs):
            if as_numpy:
                results.append(array)
            elif dtype == "bf16":
                results.append(torch.from_numpy(array.view(np.int16)).view(torch.bfloat16))
            else:
                results.append(torch.from_numpy(array))
        return pytree.tree_unflatten(results, self.exported.out_spec)

    def zone_summary(self):
        """Finishes the trace (the file given as `trace`) and returns the
        zone table (with `print_zones=True`); call after the last call."""
        if self._zone_summary is None:
            try:
                self._zone_summary = self._session.finish_trace()
            except _runtime.RuntimeError as error:
                raise ScopeirError(str(error)) from None
        return self._zone_summary

    def zones(self):
        """The zone table as (path, calls, total ms, self ms) rows, by self
        time, slowest first. A zone's path is its module's zone and those
        around it (`layer1/layer1.0`); its self time is its total less its
        direct sub-zones' totals: the time of the dispatches it holds
        itself. A dispatch fused from several modules' ops is timed in
        their innermost common zone (docs/tracing.md), so a block's self
        time holds its fused convolutions, normalizations and
        activations."""
        rows = []
        for line in self.zone_summary().splitlines()[1:]:
            parts = line.split()
            if len(parts) < 5 or line.startswith("run time"):
                continue
            try:
                rows.append((parts[0], int(parts[1]), float(parts[2])))
            except ValueError:
                continue
        children = {}
        for path, _, total in rows:
            parent = path.rpartition("/")[0]
            if parent:
                children[parent] = children.get(parent, 0.0) + total
        table = [(path, calls, total, max(0.0, total - children.get(path, 0.0)))
                 for path, calls, total in rows]
        return sorted(table, key=lambda row: -row[3])

    def close(self):
        self._session.close()


def _session(text, threads, host_backend, trace, print_zones, kernel_libraries,
             require_kernels, dispatch, opt_level, prepare_parameters):
    start = time.perf_counter()
    try:
        session = _runtime.Session(
            text, name="model.mlir", threads=threads,
            host_backend=host_backend or DEFAULT_HOST_BACKEND, trace=trace,
            print_zones=True if (print_zones or trace) else None,
            kernel_library=list(kernel_libraries or []) or None,
            require_kernels=require_kernels or None, dispatch=dispatch,
            opt_level=opt_level, prepare_parameters=bool(prepare_parameters))
    except _runtime.LibraryNotFoundError:
        raise
    except _runtime.RuntimeError as error:
        raise CompileError(str(error)) from None
    return session, time.perf_counter() - start


def compile(module, *example_inputs, place=None, threads=None, host_backend=None,
            trace=None, print_zones=False, kernel_libraries=None, require_kernels=False,
            dispatch=None, opt_level=None, prepare_parameters=True, **export_options):
    """Exports `module` (same options as export) and compiles it once
    in-process; returns a CompiledModule to call many times.

    - `threads`: threads of device code (default: every core).
    - `host_backend`: the backend of what no placement names
      (default llvm-cpu-loops).
    - `trace`: a Chrome trace file written by `zone_summary()`;
      `print_zones`: keep the zone table (`zone_summary()`, `zones()`).
    - `kernel_libraries`: shared libraries providing the `kernels`'
      symbols; without one a kernel runs its decomposition (a warning in
      `.warnings`) unless `require_kernels`.
    - `prepare_parameters`: work on the parameters alone (llvm-cpu: the
      packing of convolution filters) runs once, at the first call, and
      again after the model's tensors change in place (their version
      counter), instead of in every call.
    """
    export_options = dict(export_options)
    export_options.pop("parameters", None)
    _check_backends(place, host_backend)
    exported = _trace_and_emit(module, example_inputs, place=place,
                              host_backend=host_backend, **export_options)
    session, seconds = _session(exported.text, threads, host_backend, trace, print_zones,
                                kernel_libraries, require_kernels, dispatch, opt_level,
                                prepare_parameters)
    return CompiledModule(exported, session, seconds)


class _LoadedExport:
    """What CompiledModule needs of an export, read back from its text."""

    def __init__(self, text, seconds):
        import re
        self.text = text
        self.seconds = seconds
        header = text[text.index("func.func @main("):]
        signature = header[:header.index("{\n")]
        arguments, _, results = signature.partition(") -> (")
        self.inputs = [(_parse_type(t)) for t in re.findall(r"%arg\d+: (tensor<[^>]*>)",
                                                              arguments)]
        self.outputs = [_parse_type(t) for t in re.findall(r"tensor<[^>]*>", results)]
        self.out_spec = pytree.tree_flatten(tuple(range(len(self.outputs))))[1] \
            if len(self.outputs) != 1 else pytree.tree_flatten(0)[1]
        self.parameters = []
        self.num_ops = None
        self.num_scopes = text.count("util.annotate")


def _parse_type(text):
    from ._ir import Sym
    body = text[len("tensor<"):-1]
    parts = body.split("x")
    dtype = parts[-1]
    shape = tuple(Sym(1) if p == "?" else int(p) for p in parts[:-1])
    return shape, dtype


def load(path, parameters, threads=None, host_backend=None, trace=None, print_zones=False,
         kernel_libraries=None, require_kernels=False, dispatch=None, opt_level=None,
         prepare_parameters=True):
    """Compiles a module written by export (`path`) with its parameter file
    (`parameters`); returns a CompiledModule. `load_seconds` is the time to
    read both, `compile_seconds` the compile."""
    start = time.perf_counter()
    with open(path) as file:
        text = file.read()
    names = [name for _, _, name in _params.parameter_names(text)]
    arrays = _params.load(parameters, names)
    load_seconds = time.perf_counter() - start
    exported = _LoadedExport(text, 0.0)
    session, seconds = _session(text, threads, host_backend, trace, print_zones,
                                kernel_libraries, require_kernels, dispatch, opt_level,
                                prepare_parameters)
    compiled = CompiledModule(exported, session, seconds, parameter_arrays=arrays)
    compiled.load_seconds = load_seconds
    return compiled


def supported_ops():
    """The aten ops (and overloads) the importer lowers."""
    from ._ops import supported_ops as _supported
    return _supported()
