"""From a captured graph to a function in linalg-on-tensors with scopes.

Each call of a submodule that carries something (a zone, a placement, a
strategy, a kernel) becomes a ``util.annotate`` around the ops made during
that call, nested as the calls nest. A call's ops are contiguous in the
graph (hooks bracket the call), so the scopes are opened and closed while
the live nodes are written in order; a scope's results are the values made
inside it and used after it, renamed outside.

Parameters and buffers become function arguments after the model's inputs
(``{scopeir.param = "layer1.0.conv1.weight"}``), so a compiled model reads
the module's own tensors in place on every call (see docs/torch.md).
"""

import difflib
import operator
import re

import torch

from . import _ops
from ._capture import TensorMeta
from ._errors import AnnotationError, InternalError, UnsupportedError
from ._ir import Builder, Value, string_literal

# Tensors that are not a module's parameters or buffers and have at most
# this many elements are written into the module as constants.
INLINE_CONSTANT_LIMIT = 256

# Backends whose code generation runs `#codegen.strategy` (the others form
# no codegen.scope.tu: a strategy there would have no effect).
STRATEGY_BACKENDS = ("llvm-cpu",)

# Ops whose result aliases their first argument (a view).
VIEW_OPS = {
    "aten.view", "aten._reshape_alias", "aten._unsafe_view", "aten.slice",
    "aten.select", "aten.transpose", "aten.t", "aten.permute", "aten.expand",
    "aten.unsqueeze", "aten.squeeze", "aten.split", "aten.split_with_sizes",
    "aten.unbind", "aten.as_strided", "aten.diagonal", "aten.narrow",
    "aten.alias", "aten.detach", "aten.unfold", "aten.chunk",
    "aten.expand_as", "aten.view_as", "aten.reshape", "aten.flatten",
    "aten.movedim", "aten.unflatten", "aten.indices", "aten.values",
}


def op_name(node):
    """`aten.add.Tensor` for an OpOverload, `getitem` for operator.getitem."""
    target = node.target
    if target is operator.getitem:
        return "getitem"
    if isinstance(target, torch._ops.OpOverload):
        return "%s.%s" % (target.overloadpacket._qualified_op_name.replace("::", "."),
                          target._overloadname)
    return getattr(target, "__name__", str(target))


def packet_name(node):
    target = node.target
    if isinstance(target, torch._ops.OpOverload):
        return target.overloadpacket._qualified_op_name.replace("::", ".")
    return op_name(node)


class Annotations:
    """The user's annotations by qualified module name, and the zone
    options."""

    def __init__(self, place=None, strategy=None, kernels=None, zones=True,
                 zone_depth=None, zone_filter=None, host_backend="llvm-cpu"):
        self.place = dict(place or {})
        self.strategy = dict(strategy or {})
        self.kernels = dict(kernels or {})
        self.zones = zones
        self.zone_depth = zone_depth
        if isinstance(zone_filter, str):
            pattern = re.compile(zone_filter)
            zone_filter = lambda name: pattern.search(name) is not None  # noqa: E731
        self.zone_filter = zone_filter
        self.host_backend = host_backend


def _device_attr(value, module):
    if isinstance(value, str):
        return '#hal.device.target<%s>' % string_literal(value), value
    if isinstance(value, (tuple, list)) and len(value) == 2 and isinstance(value[1], dict):
        backend, config = value
        entries = []
        for key, item in sorted(config.items()):
            if isinstance(item, bool):
                text = "true" if item else "false"
            elif isinstance(item, int):
                text = "%d : i64" % item
            elif isinstance(item, str):
                text = string_literal(item)
            else:
                raise AnnotationError("place[%r]: config value %r of key %r is not a "
                                      "bool, int or string" % (module, item, key))
            entries.append("%s = %s" % (key, text))
        return '#hal.device.target<%s, {%s}>' % (string_literal(backend),
                                                 ", ".join(entries)), backend
    raise AnnotationError("place[%r]: expected a backend name or (name, {config}), "
                          "got %r" % (module, value))


def _strategy_attr(value, module):
    if isinstance(value, str):
        if value.startswith("#codegen.strategy<"):
            return value
        return "#codegen.strategy<%s>" % string_literal(value)
    if isinstance(value, dict):
        kinds = ("contraction", "convolution", "reduction", "elementwise", "other",
                 "default")
        entries = []
        for kind, pipeline in value.items():
            if kind not in kinds:
                raise AnnotationError("strategy[%r]: unknown kind %r; kinds: %s" % (
                    module, kind, ", ".join(kinds)))
            if not isinstance(pipeline, str):
                raise AnnotationError("strategy[%r][%r]: expected a pass pipeline "
                                      "string" % (module, kind))
            entries.append("%s = %s" % (kind, string_literal(pipeline)))
        return "#codegen.strategy<%s>" % ", ".join(entries)
    raise AnnotationError("strategy[%r]: expected a pass pipeline, a dict of them by "
                          "kind or a #codegen.strategy attribute, got %r" % (module, value))


class _Scope:
    """A scope being written: the call it stands for, its attributes and
    the live nodes inside."""

    def __init__(self, call_id, attrs, name):
        self.call_id = call_id
        self.attrs = attrs
        self.name = name
        self.members = set()
        self.outputs = []
        self.kernel = False


class Emitter:
    """Writes the function of one captured model."""

    def __init__(self, captured, annotations, function_name="main"):
        self.c = captured
        self.ann = annotations
        self.function_name = function_name
        self.b = Builder()
        self.env = {}
        self.param_args = []  # (name, tensor, Value)
        self.input_values = []
        self.node_index = {n: i for i, n in enumerate(captured.nodes)}
        self.scope_count = 0
        self.op_count = 0
        self.constant_lines = []

    # Errors -----------------------------------------------------------
    def module_of(self, node):
        stack = self.c.stack.get(node, ())
        return self.c.calls[stack[-1]].name if stack else ""

    def unsupported(self, node, reason="", op=None):
        return UnsupportedError(op or op_name(node), self.module_of(node),
                                self.c.source.get(node), reason)

    # Values -----------------------------------------------------------
    def value(self, arg):
        """Resolves an argument: nodes to their values, lists element-wise."""
        if isinstance(arg, torch.fx.Node):
            if arg not in self.env:
                raise InternalError("node %s used before it was emitted" % arg.name)
            return self.env[arg]
        if isinstance(arg, (list, tuple)):
            return type(arg)(self.value(a) for a in arg)
        return arg

    def meta(self, node):
        return self.c.meta[node]

    def args(self, node):
        args, kwargs = self.c.sym_args[node]
        return self.value(args), self.value(kwargs)

    def live_users(self, node):
        """The users of `node` whose values the model's outputs need."""
        return [u for u in node.users if u in self.live_set]

    # Liveness ---------------------------------------------------------
    def _live_nodes(self):
        live = set()
        work = [n for n in self.c.outputs if isinstance(n, torch.fx.Node)]
        while work:
            node = work.pop()
            if node in live:
                continue
            live.add(node)
            work.extend(node.all_input_nodes)
        # An in-place op is live if what it updates is.
        return [n for n in self.c.nodes if n in live]

    def _check_mutations(self, live):
        """In-place ops are written as their functional forms (or not at all
        when their own result is unused, as make_fx leaves them). That is
        only right when no other alias of the updated tensor is read
        afterwards, and when the tensor is the op's own (not an input, a
        parameter or a view). Every in-place op of the graph is checked,
        live or not: a dead one may still update a live tensor."""
        order = self.node_index
        live = set(live)
        for node in self.c.nodes:
            if node.op != "call_function" or not isinstance(node.target, torch._ops.OpOverload):
                continue
            packet = packet_name(node)
            if not packet.endswith("_") or packet.endswith("__"):
                continue
            target = node.args[0] if node.args else None
            if not isinstance(target, torch.fx.Node):
                continue
            # Every alias: the views of the target, transitively.
            aliases = {target}
            work = [target]
            while work:
                current = work.pop()
                for user in current.users:
                    if user.op == "call_function" and packet_name(user) in VIEW_OPS \
                            and user not in aliases:
                        aliases.add(user)
                        work.append(user)
            if target.op == "placeholder":
                if packet == "aten.copy_" and len(node.args) > 1 and \
                        isinstance(node.args[1], torch.fx.Node):
                    # Functionalization writes an updated input back at the
                    # end: name the op that computed the update.
                    update = node.args[1]
                    raise UnsupportedError(op_name(update), self.module_of(update),
                                           self.c.source.get(update),
                                           "it updates model input #%d in place" %
                                           self.c.inputs.index(target))
                raise self.unsupported(node, "an in-place update of a model input")
            if target.op == "get_attr":
                raise self.unsupported(node, "an in-place update of a parameter or buffer")
            if target.op == "call_function" and packet_name(target) in VIEW_OPS:
                raise self.unsupported(node, "an in-place update of a view")
            for alias in aliases:
                for user in alias.users:
                    if user is node or user in aliases or user not in live:
                        continue
                    if order[user] > order[node]:
                        raise self.unsupported(
                            node, "an in-place update of a tensor that is read "
                            "afterwards through another alias (%s)" % user.name)

    # Scopes -----------------------------------------------------------
    def _plan_scopes(self, live):
        """Decides which module calls become scopes and with what
        attributes; checks every annotation names a module with ops."""
        ann = self.ann
        names = self.c.module_names
        for kind, table in (("place", ann.place), ("strategy", ann.strategy),
                            ("kernels", ann.kernels)):
            for name in table:
                if name not in names:
                    close = difflib.get_close_matches(name, sorted(n for n in names if n), 3)
                    raise AnnotationError(
                        "%s: the model has no module '%s'%s" % (
                            kind, name, "; did you mean %s?" % ", ".join(
                                "'%s'" % c for c in close) if close else ""))
        called = {}
        for node in live:
            for call_id in self.c.stack.get(node, ()):
                called.setdefault(self.c.calls[call_id].name, set()).add(call_id)
        for kind, table in (("place", ann.place), ("strategy", ann.strategy),
                            ("kernels", ann.kernels)):
            for name in table:
                if name and name not in called:
                    raise AnnotationError(
                        "%s: module '%s' computes nothing in the captured graph (it is "
                        "never called, or all it does is return its input)" % (kind, name))

        plan = {}
        self.root_scope = None
        root_attrs = []
        for call_id, call in self.c.calls.items():
            attrs = []
            name = call.name
            if name in ann.place:
                attrs.append(_device_attr(ann.place[name], name)[0])
            if name in ann.strategy:
                attrs.append(_strategy_attr(ann.strategy[name], name))
            if name in ann.kernels:
                symbol = ann.kernels[name]
                if not isinstance(symbol, str) or not re.match(r"^[A-Za-z_]\w*$", symbol):
                    raise AnnotationError("kernels[%r]: %r is not a C identifier" % (
                        name, symbol))
                attrs.append('#hal.extern<%s>' % string_literal(symbol))
            zoned = ann.zones and (ann.zone_depth is None or call.depth <= ann.zone_depth) \
                and (ann.zone_filter is None or ann.zone_filter(name))
            if zoned:
                attrs.append('#util.zone<%s>' % string_literal(name))
            if attrs:
                plan[call_id] = attrs
        if "" in ann.place:
            root_attrs.append(_device_attr(ann.place[""], "")[0])
        if "" in ann.strategy:
            root_attrs.append(_strategy_attr(ann.strategy[""], ""))
        if "" in ann.kernels:
            raise AnnotationError("kernels: the whole model ('') cannot be a kernel; "
                                  "name a submodule")
        self._check_strategies()
        return plan, root_attrs

    def _effective_backend(self, name):
        """The backend running module `name`: its own placement or its
        innermost placed ancestor's, else the host backend."""
        parts = name.split(".") if name else []
        for i in range(len(parts), -1, -1):
            prefix = ".".join(parts[:i])
            if prefix in self.ann.place:
                return _device_attr(self.ann.place[prefix], prefix)[1]
        return self.ann.host_backend

    def _check_strategies(self):
        for name in self.ann.strategy:
            backend = self._effective_backend(name)
            if backend not in STRATEGY_BACKENDS:
                raise AnnotationError(
                    "strategy: module '%s' runs on '%s', whose code generation does not "
                    "run strategies (backends that do: %s); place it on one of those" % (
                        name or "(the model)", backend, ", ".join(STRATEGY_BACKENDS)))

    # Writing ----------------------------------------------------------
    def _location(self, node):
        module = self.module_of(node)
        source = self.c.source.get(node)
        child = ""
        if source:
            path, _, line = source.rpartition(":")
            child = "(%s:%s:0)" % (string_literal(path), line)
        return "%s%s" % (string_literal(module or "forward"), child)

    def _emit_node(self, node):
        if node.op == "get_attr":
            return
        if node.op == "placeholder":
            return
        self.b.location = self._location(node)
        if node.target is operator.getitem:
            source, index = node.args
            self.env[node] = self.value(source)[index]
            return
        handler = _ops.lookup(op_name(node), packet_name(node))
        if handler is None:
            raise self.unsupported(node, "no lowering for this op")
        before = len(self.b.lines)
        try:
            result = handler(self, node)
        except UnsupportedError:
            raise
        except (AnnotationError, InternalError):
            raise
        except Exception as error:  # a bug of a lowering: say where
            raise InternalError("lowering %s in module '%s' (%s) failed: %s: %s" % (
                op_name(node), self.module_of(node), self.c.source.get(node),
                type(error).__name__, error)) from error
        if len(self.b.lines) > before:
            self.op_count += 1
        self.env[node] = result

    def _open_scope(self, scope):
        outputs = scope.outputs
        results = [self.b.fresh("z") for _ in outputs]
        self.scope_count += 1
        scope.results = results
        lhs = ""
        if results:
            lhs = "%s = " % (results[0] if len(results) == 1 else "%s:%d" % (
                results[0], len(results)))
            scope.result_names = (
                [results[0]] if len(results) == 1
                else ["%s#%d" % (results[0], i) for i in range(len(results))])
        else:
            scope.result_names = []
        self.b.emit_raw("%sutil.annotate [%s] {" % (lhs, ", ".join(scope.attrs)))
        self.b.indent += 1

    def _close_scope(self, scope):
        values = []
        for node in scope.outputs:
            value = self.env[node]
            if not isinstance(value, Value):
                raise InternalError("scope of module '%s' returns a %s (node %s)" % (
                    scope.name, type(value).__name__, node.name))
            values.append(value)
        if values:
            self.b.emit("util.return %s : %s" % (", ".join(v.name for v in values),
                                                  ", ".join(v.type for v in values)))
        else:
            self.b.emit("util.return")
        self.b.indent -= 1
        types = ", ".join(v.type for v in values)
        self.b.location = string_literal(scope.name or "forward")
        self.b.emit("}%s" % (" : %s" % types if types else ""))
        for node, value, name in zip(scope.outputs, values, scope.result_names):
            self.env[node] = Value(name, value.shape, value.dtype)

    def emit(self):
        """Returns the text of the function."""
        live = self._live_nodes()
        self.live_set = set(live)
        self._check_mutations(live)
        plan, root_attrs = self._plan_scopes(live)
        b = self.b

        # Arguments: the inputs, then the parameters the live graph reads.
        args = []
        for i, node in enumerate(self.c.inputs):
            meta = self.meta(node)
            value = Value("%%arg%d" % i, meta.shape, meta.dtype)
            self.env[node] = value
            self.input_values.append(value)
            args.append("%s: %s" % (value.name, value.type))
        seen = {}
        constant_index = 0
        for node in live:
            if node.op != "get_attr":
                continue
            name, tensor = self.c.params[node]
            if name is None and tensor.numel() <= INLINE_CONSTANT_LIMIT:
                continue  # written where it is used
            key = id(tensor)
            if key in seen:
                self.env[node] = seen[key]
                continue
            if name is None:
                name = "_constant%d" % constant_index
                constant_index += 1
            meta = self.meta(node)
            value = Value("%%p%d" % len(self.param_args), tuple(tensor.shape), meta.dtype)
            seen[key] = value
            self.env[node] = value
            self.param_args.append((name, tensor, value))
            args.append("%s: %s {scopeir.param = %s}" % (
                value.name, value.type, string_literal(name)))

        # The batch size, when dynamic: dim 0 of the first input.
        prologue_batch = []
        if self.c.dynamic_batch:
            prologue_batch.append("%c0 = arith.constant 0 : index")
            prologue_batch.append("%%batch = tensor.dim %s, %%c0 : %s" % (
                self.input_values[0].name, self.input_values[0].type))
            b.index_cache[0] = "%c0"
            b.batch = "%batch"

        # Scopes: their members and outputs.
        live_set = set(live)
        scopes = {}
        for node in live:
            if node.op in ("placeholder", "get_attr", "output"):
                continue
            for call_id in self.c.stack.get(node, ()):
                if call_id in plan:
                    if call_id not in scopes:
                        scopes[call_id] = _Scope(call_id, plan[call_id],
                                                 self.c.calls[call_id].name)
                    scopes[call_id].members.add(node)
        for scope in scopes.values():
            outputs = []
            for node in live:
                if node not in scope.members:
                    continue
                used_outside = any(u in live_set and u not in scope.members
                                   for u in node.users)
                if used_outside or node in self.c.outputs:
                    outputs.append(node)
            scope.outputs = outputs
            scope.kernel = any(a.startswith("#hal.extern") for a in scope.attrs)

        root = None
        if root_attrs:
            root = _Scope(None, root_attrs, "")
            root.members = {n for n in live if n.op not in ("placeholder", "get_attr",
                                                             "output")}
            root.outputs = [n for n in self.c.outputs
                            if isinstance(n, torch.fx.Node) and n in root.members]

        # The body, scopes opened and closed as the calls nest.
        open_scopes = []
        if root is not None:
            self._open_scope(root)
        kernel_depth = None
        for node in live:
            if node.op in ("placeholder", "get_attr", "output"):
                if node.op == "get_attr" and node not in self.env:
                    self._emit_constant(node)
                continue
            wanted = [cid for cid in self.c.stack.get(node, ()) if cid in scopes]
            common = 0
            while common < len(open_scopes) and common < len(wanted) and \
                    open_scopes[common].call_id == wanted[common]:
                common += 1
            while len(open_scopes) > common:
                scope = open_scopes.pop()
                if scope.attrs:
                    self._close_scope(scope)
            for call_id in wanted[common:]:
                scope = scopes[call_id]
                if getattr(scope, "opened", False):
                    raise InternalError("the ops of module '%s' are not contiguous" %
                                        scope.name)
                scope.opened = True
                if kernel_depth is not None and len(open_scopes) >= kernel_depth:
                    # Inside a kernel only zones may nest; they are dropped
                    # (the kernel replaces the module's ops as a whole).
                    if any(not a.startswith("#util.zone") for a in scope.attrs):
                        raise AnnotationError(
                            "module '%s' is annotated inside module '%s', which is "
                            "replaced by a kernel" % (scope.name, open_scopes[
                                kernel_depth - 1].name))
                    scope.attrs = []
                self._open_scope(scope) if scope.attrs else None
                open_scopes.append(scope)
                if scope.kernel and kernel_depth is None:
                    kernel_depth = len(open_scopes)
            self._emit_node(node)
            if kernel_depth is not None and len(open_scopes) < kernel_depth:
                kernel_depth = None
        while open_scopes:
            scope = open_scopes.pop()
            if scope.attrs:
                self._close_scope(scope)
        if root is not None:
            self._close_scope(root)

        results = []
        for node in self.c.outputs:
            if not isinstance(node, torch.fx.Node):
                raise UnsupportedError("a non-tensor model output (%r)" % (node,), "",
                                       None, "outputs must be tensors")
            value = self.env[node]
            if not isinstance(value, Value):
                raise UnsupportedError("a model output of type %s" % type(value).__name__,
                                       "", None, "outputs must be tensors")
            results.append(value)
        b.location = None
        b.emit("func.return %s : %s" % (", ".join(v.name for v in results),
                                        ", ".join(v.type for v in results)))
        header = "func.func @%s(%s) -> (%s) {" % (
            self.function_name, ",\n    ".join(args),
            ", ".join(v.type for v in results))
        body = ["  " + line for line in prologue_batch + b.prologue] + \
            self.constant_lines + b.lines
        self.results = results
        return "\n".join([header] + body + ["}"])

    def _emit_constant(self, node):
        """A small tensor that is no parameter: a dense constant."""
        name, tensor = self.c.params[node]
        meta = self.meta(node)
        if not isinstance(meta, TensorMeta):
            raise self.unsupported(node, "a constant that is not a tensor")
        array = tensor.detach().cpu()
        if meta.dtype == "bf16":
            array = array.float()
        # Above every scope: any scope may use it.
        b = self.b
        lines, indent, location = b.lines, b.indent, b.location
        b.lines, b.indent, b.location = self.constant_lines, 1, None
        try:
            self.env[node] = b.constant(array.numpy(), meta.dtype)
        finally:
            b.lines, b.indent, b.location = lines, indent, location


def emit_module(captured, annotations, function_name="main"):
    """Returns (the module's text, the Emitter) for a captured model."""
    emitter = Emitter(captured, annotations, function_name)
    function = emitter.emit()
    text = "// Exported by scopeir.torch.\nmodule {\n%s\n}\n" % "\n".join(
        "  " + line if line else line for line in function.split("\n"))
    return text, emitter
