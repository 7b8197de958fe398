"""Capturing an nn.Module: an aten-level FX graph whose nodes know the
module calls they were made in and the model's source line.

torch 1.13's ``make_fx`` traces every model the front door covers (it runs
the Python forward, so data-dependent Python works), but records neither
module paths nor source lines. Module hooks fire while it runs the forward:
forward pre/post hooks keep a stack of the module calls in progress, and a
wrapper of the tracer's ``create_node`` stamps each node with that stack and
with the innermost frame of the model's own code. An Interpreter run of the
graph then gives every node's shapes and dtypes.

Dynamic batch: the model is traced at two batch sizes; the graphs must be
the same, and every size that differs between them is a :class:`Sym`,
``a * batch + c``, in shapes and in the ops' arguments (view sizes, slice
bounds) alike.
"""

import os
import sys

import torch
import torch.fx
from torch.fx.experimental.proxy_tensor import PythonKeyTracer, make_fx
from torch.utils import _pytree as pytree

from ._errors import CaptureError, UnsupportedError
from ._ir import Sym

try:  # torch 1.13's functionalization (torch.func arrived later)
    import functorch as _functorch
    from functorch import functionalize as _functionalize
    _FUNCTORCH_DIR = os.path.dirname(os.path.abspath(_functorch.__file__)) + os.sep
except ImportError:  # pragma: no cover - Debian's torch ships functorch
    _functionalize = None
    _FUNCTORCH_DIR = None

_TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__)) + os.sep
_TORCH_MODULES_DIR = os.path.join(_TORCH_DIR, "nn", "modules") + os.sep
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep

DTYPES = {
    torch.float32: "f32",
    torch.float64: "f64",
    torch.float16: "f16",
    torch.bfloat16: "bf16",
    torch.int64: "i64",
    torch.int32: "i32",
    torch.int16: "i16",
    torch.int8: "i8",
    torch.bool: "i1",
}
TORCH_DTYPES = {v: k for k, v in DTYPES.items()}


class TensorMeta:
    """The shape (ints and Syms) and element type of a tensor value."""

    __slots__ = ("shape", "dtype")

    def __init__(self, shape, dtype):
        self.shape = tuple(shape)
        self.dtype = dtype

    def __repr__(self):
        return "TensorMeta(%s, %s)" % (self.shape, self.dtype)


class ModuleCall:
    """One call of a submodule: its qualified name, the call it was made
    in (None: the model's forward) and the module's class name."""

    __slots__ = ("id", "name", "parent", "type_name", "depth")

    def __init__(self, id, name, parent, type_name, depth):
        self.id = id
        self.name = name
        self.parent = parent
        self.type_name = type_name
        self.depth = depth


class Captured:
    """What the emitter needs: the graph's nodes in execution order, each
    node's module-call stack, source line, metadata and symbolic
    arguments, the inputs, the parameters and the outputs."""

    def __init__(self):
        self.gm = None
        self.nodes = []
        self.inputs = []
        self.params = {}  # get_attr node -> (name, tensor)
        self.outputs = []  # flat list of output nodes (or constants)
        self.out_spec = None
        self.meta = {}  # node -> TensorMeta | list | python value
        self.values = {}  # node -> value of the first trace (constants)
        self.sym_args = {}  # node -> (args, kwargs) with Syms
        self.stack = {}  # node -> tuple of ModuleCall ids, outermost first
        self.source = {}  # node -> "file:line" | None
        self.calls = {}  # id -> ModuleCall
        self.dynamic_batch = False
        self.module_names = set()


def _user_frame():
    """The innermost frame of the model's own code: outside torch and this
    package; else the innermost frame of a torch.nn module's forward."""
    frame = sys._getframe(2)
    fallback = None
    while frame is not None:
        filename = frame.f_code.co_filename
        if not filename.startswith(_TORCH_DIR) and not filename.startswith(_PACKAGE_DIR) \
                and not (_FUNCTORCH_DIR and filename.startswith(_FUNCTORCH_DIR)) \
                and not filename.startswith("<"):
            return "%s:%d" % (filename, frame.f_lineno)
        if fallback is None and filename.startswith(_TORCH_MODULES_DIR):
            fallback = "%s:%d" % (filename, frame.f_lineno)
        frame = frame.f_back
    return fallback


class _Recorder:
    """Module hooks and the tracer's node stamping for one trace."""

    def __init__(self, module):
        self.module = module
        self.stack = []
        self.calls = {}
        self.next_id = 0
        self.handles = []
        self.node_stack = {}
        self.node_source = {}

    def __enter__(self):
        for name, submodule in self.module.named_modules():
            if not name:
                continue
            self.handles.append(submodule.register_forward_pre_hook(self._pre(name)))
            self.handles.append(submodule.register_forward_hook(self._post()))
        recorder = self
        base = PythonKeyTracer.create_node

        def create_node(tracer, kind, target, args, kwargs, name=None, type_expr=None):
            node = base(tracer, kind, target, args, kwargs, name, type_expr)
            recorder.node_stack[node] = tuple(recorder.stack)
            if kind == "call_function":
                recorder.node_source[node] = _user_frame()
            return node

        PythonKeyTracer.create_node = create_node
        return self

    def __exit__(self, *exc):
        del PythonKeyTracer.create_node
        for handle in self.handles:
            handle.remove()

    def reset(self):
        """Forgets a failed trace."""
        self.stack.clear()
        self.calls.clear()
        self.next_id = 0
        self.node_stack.clear()
        self.node_source.clear()

    def _pre(self, name):
        def hook(module, args):
            parent = self.stack[-1] if self.stack else None
            call = ModuleCall(self.next_id, name, parent, type(module).__name__,
                              len(self.stack) + 1)
            self.next_id += 1
            self.calls[call.id] = call
            self.stack.append(call.id)
        return hook

    def _post(self):
        def hook(module, args, output):
            self.stack.pop()
        return hook


def _make_fx(forward, inputs, recorder):
    """make_fx of the functionalized forward: in-place updates, of views
    too (torch's own Python writes padding and scatters that way), become
    functional ops (`relu`, `slice_scatter`), so nothing depends on
    aliasing. A forward that functionalization cannot run is traced as it
    is; its in-place ops are then checked by the emitter."""
    if _functionalize is not None:
        try:
            return make_fx(_functionalize(forward))(*inputs)
        except UnsupportedError:
            raise
        except Exception:
            recorder.reset()
    return make_fx(forward)(*inputs)


def _trace(module, inputs):
    """Traces `module` on `inputs`; returns the GraphModule, the recorder
    and the value of every node (an Interpreter run)."""
    # Under grad mode the fused fast paths of nn.TransformerEncoderLayer
    # and nn.MultiheadAttention are not taken when a parameter requires
    # grad: frozen parameters are made to require it while tracing.
    frozen = [p for p in module.parameters() if not p.requires_grad]
    for p in frozen:
        p.requires_grad_(True)
    try:
        with _Recorder(module) as recorder, torch.enable_grad():
            def forward(*args):
                return module(*args)
            try:
                gm = _make_fx(forward, inputs, recorder)
            except UnsupportedError:
                raise
            except Exception as error:  # the model's own failure while traced
                raise CaptureError("tracing the model failed: %s: %s" % (
                    type(error).__name__, error)) from error
    finally:
        for p in frozen:
            p.requires_grad_(False)

    values = {}

    class Recording(torch.fx.Interpreter):
        def run_node(self, node):
            result = super().run_node(node)
            values[node] = result
            return result

    with torch.no_grad():
        Recording(gm).run(*inputs)
    return gm, recorder, values


def _meta_of(value):
    if isinstance(value, torch.Tensor):
        dtype = DTYPES.get(value.dtype)
        return TensorMeta(value.shape, dtype if dtype else str(value.dtype))
    if isinstance(value, (list, tuple)):
        return [_meta_of(v) for v in value]
    return value


def _symbolic(a, b, b1, b2, where):
    """Merges two traces' values of one thing: equal parts stay, ints that
    differ become Syms."""
    if isinstance(a, bool) or isinstance(b, bool):
        if a != b:
            raise CaptureError("%s changes with the batch size" % where)
        return a
    if isinstance(a, int) and isinstance(b, int):
        if a == b:
            return a
        step = (b - a)
        if step % (b2 - b1):
            raise CaptureError("%s is not linear in the batch size (%d at batch %d, "
                               "%d at batch %d)" % (where, a, b1, b, b2))
        coefficient = step // (b2 - b1)
        return Sym(coefficient, a - coefficient * b1)
    if isinstance(a, TensorMeta) and isinstance(b, TensorMeta):
        if len(a.shape) != len(b.shape) or a.dtype != b.dtype:
            raise CaptureError("%s changes rank or dtype with the batch size" % where)
        return TensorMeta([_symbolic(x, y, b1, b2, where) for x, y in zip(a.shape, b.shape)],
                          a.dtype)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            raise CaptureError("%s changes length with the batch size" % where)
        merged = [_symbolic(x, y, b1, b2, where) for x, y in zip(a, b)]
        return type(a)(merged) if isinstance(a, tuple) else merged
    if isinstance(a, dict):
        return {k: _symbolic(a[k], b[k], b1, b2, where) for k in a}
    if isinstance(a, torch.fx.Node) or isinstance(b, torch.fx.Node):
        return a
    if isinstance(a, torch.Tensor):
        return a
    if a != b:
        raise CaptureError("%s changes with the batch size (%r, %r)" % (where, a, b))
    return a


def _with_batch(tensor, batch):
    """`tensor` with its first dimension resized to `batch` (rows
    repeated)."""
    reps = (batch + tensor.shape[0] - 1) // tensor.shape[0]
    return tensor.repeat((reps,) + (1,) * (tensor.dim() - 1))[:batch].contiguous()


def capture(module, inputs, dynamic_batch=False):
    """Captures `module` called on `inputs` (a tuple of tensors)."""
    if not isinstance(module, torch.nn.Module):
        raise CaptureError("expected an nn.Module, got %s" % type(module).__name__)
    if module.training:
        raise CaptureError("the model is in training mode: call model.eval() first "
                           "(the front door captures inference)")
    for i, x in enumerate(inputs):
        if not isinstance(x, torch.Tensor):
            raise CaptureError("example input #%d is a %s; inputs are tensors"
                               % (i, type(x).__name__))
        if x.dtype not in DTYPES:
            raise UnsupportedError("input dtype %s" % x.dtype, "", None,
                                   "input #%d; supported: %s" % (
                                       i, ", ".join(str(d) for d in DTYPES)))

    result = Captured()
    result.module_names = {name for name, _ in module.named_modules()}
    if dynamic_batch:
        if not inputs or any(x.dim() == 0 for x in inputs):
            raise CaptureError("dynamic_batch needs inputs with a batch dimension")
        b1, b2 = 2, 3
        first = tuple(_with_batch(x, b1) for x in inputs)
        second = tuple(_with_batch(x, b2) for x in inputs)
        gm, recorder, values = _trace(module, first)
        gm2, _, values2 = _trace(module, second)
        nodes, nodes2 = list(gm.graph.nodes), list(gm2.graph.nodes)
        if len(nodes) != len(nodes2) or any(
                n.op != m.op or n.target != m.target for n, m in zip(nodes, nodes2)):
            raise CaptureError("the model's graph changes with the batch size; "
                               "export it with dynamic_batch=False")
    else:
        gm, recorder, values = _trace(module, inputs)
        nodes = list(gm.graph.nodes)

    result.gm = gm
    result.nodes = nodes
    result.calls = recorder.calls
    result.dynamic_batch = dynamic_batch
    result.values = values
    ids = {}
    for name, tensor in list(module.named_parameters()) + list(module.named_buffers()):
        ids.setdefault(id(tensor), name)

    for index, node in enumerate(nodes):
        result.stack[node] = recorder.node_stack.get(node, ())
        result.source[node] = recorder.node_source.get(node)
        meta = _meta_of(values.get(node))
        args, kwargs = node.args, node.kwargs
        if dynamic_batch:
            other = nodes2[index]
            where = "the %s of %s" % ("output", node.format_node() or node.name)
            meta = _symbolic(meta, _meta_of(values2.get(other)), b1, b2, where)
            args = _symbolic(tuple(args), tuple(other.args), b1, b2,
                             "an argument of %s" % node.name)
            kwargs = _symbolic(dict(kwargs), dict(other.kwargs), b1, b2,
                               "an argument of %s" % node.name)
        result.meta[node] = meta
        result.sym_args[node] = (args, kwargs)
        if node.op == "placeholder":
            result.inputs.append(node)
        elif node.op == "get_attr":
            tensor = getattr(gm, node.target)
            name = ids.get(id(tensor))
            result.params[node] = (name, tensor)
        elif node.op == "output":
            flat, spec = pytree.tree_flatten(node.args[0])
            result.outputs = flat
            result.out_spec = spec
    return result
