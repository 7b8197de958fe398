"""Emitting MLIR text: values, types, dynamic sizes and linalg-on-tensors.

The importer writes MLIR's textual form directly (the tools parse it; no
MLIR Python bindings exist for the MLIR this project builds on). A
:class:`Builder` appends lines to the current region; :class:`Value` is a
tensor SSA value with its shape and element type. A dynamic size is a
:class:`Sym`, ``a * batch + c`` of the function's batch size, computed once
at the top of the function so that every scope sees it.
"""

import math
import struct

from ._errors import InternalError

# torch dtypes by name -> MLIR element types.
FLOAT_TYPES = ("f16", "bf16", "f32", "f64")
INT_TYPES = ("i1", "i8", "i16", "i32", "i64")


def is_float(dtype):
    return dtype in FLOAT_TYPES


def bitwidth(dtype):
    return {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "f16": 16,
            "bf16": 16, "f32": 32, "f64": 64}[dtype]


class Sym:
    """A dynamic size: ``a * batch + c`` (a != 0)."""

    __slots__ = ("a", "c")

    def __init__(self, a, c=0):
        self.a = a
        self.c = c

    def __eq__(self, other):
        return isinstance(other, Sym) and self.a == other.a and self.c == other.c

    def __hash__(self):
        return hash((self.a, self.c))

    def __repr__(self):
        return "Sym(%d*B%+d)" % (self.a, self.c)


def is_static(dim):
    return not isinstance(dim, Sym)


def dim_str(dim):
    return str(dim) if is_static(dim) else "?"


def tensor_type(shape, dtype):
    if not shape:
        return "tensor<%s>" % dtype
    return "tensor<%sx%s>" % ("x".join(dim_str(d) for d in shape), dtype)


class Value:
    """A tensor SSA value."""

    __slots__ = ("name", "shape", "dtype")

    def __init__(self, name, shape, dtype):
        self.name = name
        self.shape = tuple(shape)
        self.dtype = dtype

    @property
    def type(self):
        return tensor_type(self.shape, self.dtype)

    @property
    def rank(self):
        return len(self.shape)

    def __repr__(self):
        return "%s : %s" % (self.name, self.type)


def float_literal(value, dtype):
    """An MLIR float literal that parses back to exactly `value` rounded to
    `dtype` (hex bit patterns for non-finite values)."""
    value = float(value)
    if math.isnan(value) or math.isinf(value):
        if dtype == "f32":
            bits = struct.unpack("<I", struct.pack("<f", value))[0]
            return "0x%08X" % bits
        if dtype == "f64":
            bits = struct.unpack("<Q", struct.pack("<d", value))[0]
            return "0x%016X" % bits
        if dtype == "f16":
            bits = struct.unpack("<H", struct.pack("<e", value))[0]
            return "0x%04X" % bits
        if dtype == "bf16":
            bits = struct.unpack("<I", struct.pack("<f", value))[0] >> 16
            return "0x%04X" % bits
    text = repr(value)
    if "e" in text and "." not in text:
        text = text.replace("e", ".0e")  # MLIR wants a fraction: 1.0e-05
    return text


def scalar_literal(value, dtype):
    if is_float(dtype):
        return float_literal(value, dtype)
    if dtype == "i1":
        return "true" if value else "false"
    return str(int(value))


def affine_map(num_dims, results):
    dims = ", ".join("d%d" % i for i in range(num_dims))
    return "affine_map<(%s) -> (%s)>" % (dims, ", ".join(str(r) for r in results))


def identity_map(rank):
    return affine_map(rank, ["d%d" % i for i in range(rank)])


def string_literal(text):
    """An MLIR string literal."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) > 0x7E:
            for byte in ch.encode("utf-8"):
                out.append("\\%02X" % byte)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


class Body:
    """The region of a linalg.generic being written: scalar SSA values."""

    def __init__(self, builder):
        self.b = builder
        self.lines = []

    def op(self, text, type_):
        """Emits `%v = text : type_` and returns %v."""
        name = self.b.fresh("s")
        self.lines.append("%s = %s : %s" % (name, text, type_))
        return name

    def raw(self, result_text):
        """Emits `%v = result_text` (the text carries its own types)."""
        name = self.b.fresh("s")
        self.lines.append("%s = %s" % (name, result_text))
        return name

    def const(self, value, dtype):
        if dtype == "i1":  # `true`/`false` carry their type
            return self.raw("arith.constant %s" % scalar_literal(value, dtype))
        return self.op("arith.constant %s" % scalar_literal(value, dtype), dtype)

    def index(self, dim):
        return self.raw("linalg.index %d : index" % dim)

    # Arithmetic helpers, on one element type.
    def binary(self, op, lhs, rhs, dtype):
        return self.op("%s %s, %s" % (op, lhs, rhs), dtype)

    def unary(self, op, operand, dtype):
        return self.op("%s %s" % (op, operand), dtype)

    def cast(self, value, src, dst):
        """Converts a scalar between element types as torch's `to` does
        (floats to integers truncate toward zero; to i1: nonzero)."""
        if src == dst:
            return value
        if dst == "i1":
            zero = self.const(0, src)
            if is_float(src):
                return self.raw("arith.cmpf une, %s, %s : %s" % (value, zero, src))
            return self.raw("arith.cmpi ne, %s, %s : %s" % (value, zero, src))
        if is_float(src) and is_float(dst):
            op = "arith.extf" if bitwidth(dst) > bitwidth(src) or (
                src, dst) == ("f16", "bf16") else "arith.truncf"
            if {src, dst} == {"f16", "bf16"}:
                wide = self.raw("arith.extf %s : %s to f32" % (value, src))
                return self.raw("arith.truncf %s : f32 to %s" % (wide, dst))
            return self.raw("%s %s : %s to %s" % (op, value, src, dst))
        if is_float(src):
            return self.raw("arith.fptosi %s : %s to %s" % (value, src, dst))
        if is_float(dst):
            op = "arith.uitofp" if src == "i1" else "arith.sitofp"
            return self.raw("%s %s : %s to %s" % (op, value, src, dst))
        if bitwidth(dst) > bitwidth(src):
            op = "arith.extui" if src == "i1" else "arith.extsi"
            return self.raw("%s %s : %s to %s" % (op, value, src, dst))
        return self.raw("arith.trunci %s : %s to %s" % (value, src, dst))

    def select(self, cond, a, b, dtype):
        return self.raw("arith.select %s, %s, %s : %s" % (cond, a, b, dtype))


class Builder:
    """Writes one function: a prologue of sizes above every scope, then the
    body lines (scopes open and close as the graph's modules do)."""

    def __init__(self):
        self.counter = 0
        self.prologue = []
        self.lines = []
        self.indent = 1
        self.index_cache = {}
        self.batch = None  # the SSA name of the batch size, if dynamic
        self.location = None  # the location of the ops being written

    def fresh(self, prefix="v"):
        self.counter += 1
        return "%%%s%d" % (prefix, self.counter)

    def emit(self, text):
        loc = " loc(%s)" % self.location if self.location else ""
        for i, line in enumerate(text.split("\n")):
            self.lines.append("  " * self.indent + line)
        if loc:
            self.lines[-1] += loc

    def emit_raw(self, text):
        """Emits a line without a location (region delimiters)."""
        self.lines.append("  " * self.indent + text)

    # Sizes ------------------------------------------------------------
    def index(self, dim):
        """Returns an `index` SSA value of a size: a constant, or computed
        from the batch size in the prologue."""
        key = dim
        if key in self.index_cache:
            return self.index_cache[key]
        if is_static(dim):
            name = "%%c%d" % dim if dim >= 0 else "%%cm%d" % -dim
            self.prologue.append("%s = arith.constant %d : index" % (name, dim))
        else:
            if self.batch is None:
                raise InternalError("a dynamic size without a batch size")
            value = self.batch
            if dim.a != 1:
                name = self.fresh("d")
                self.prologue.append(
                    "%s = arith.muli %s, %s : index" % (name, value, self.index(dim.a)))
                value = name
            if dim.c != 0:
                name = self.fresh("d")
                self.prologue.append(
                    "%s = arith.addi %s, %s : index" % (name, value, self.index(dim.c)))
                value = name
            name = value
        self.index_cache[key] = name
        return name

    def dynamic_operands(self, shape):
        return [self.index(d) for d in shape if not is_static(d)]

    # Tensors ----------------------------------------------------------
    def empty(self, shape, dtype):
        name = self.fresh()
        self.emit("%s = tensor.empty(%s) : %s" % (
            name, ", ".join(self.dynamic_operands(shape)), tensor_type(shape, dtype)))
        return Value(name, shape, dtype)

    def fill(self, value, shape, dtype):
        """A tensor of `shape` filled with the scalar `value`."""
        init = self.empty(shape, dtype)
        scalar = self.scalar_constant(value, dtype)
        name = self.fresh()
        self.emit("%s = linalg.fill ins(%s : %s) outs(%s : %s) -> %s" % (
            name, scalar, dtype, init.name, init.type, init.type))
        return Value(name, shape, dtype)

    def constant(self, array, dtype):
        """A dense constant from a NumPy array (small tensors only)."""
        shape = tuple(array.shape)
        flat = array.reshape(-1).tolist()
        if len(set(flat)) == 1 and flat:
            body = scalar_literal(flat[0], dtype)
        elif not flat:
            body = ""
        else:
            body = "[%s]" % ", ".join(scalar_literal(v, dtype) for v in flat)
            if shape != (len(flat),):
                # Nested brackets for rank > 1.
                def nest(values, dims):
                    if len(dims) == 1:
                        return "[%s]" % ", ".join(values)
                    step = len(values) // dims[0]
                    return "[%s]" % ", ".join(
                        nest(values[i * step:(i + 1) * step], dims[1:])
                        for i in range(dims[0]))
                if shape:
                    body = nest([scalar_literal(v, dtype) for v in flat], list(shape))
                else:
                    body = scalar_literal(flat[0], dtype)
        name = self.fresh("cst")
        type_ = tensor_type(shape, dtype)
        self.emit("%s = arith.constant dense<%s> : %s" % (name, body, type_))
        return Value(name, shape, dtype)

    def generic(self, inputs, maps, out_shape, out_dtype, iterators, body_fn,
                out_map=None, init=None, outputs=None):
        """Emits a linalg.generic over the iteration space of `out_shape`
        (or of the maps, when the output map is not the identity).

        `inputs` are Values with their indexing `maps`; `body_fn(body,
        in_args, out_args)` returns the yielded scalar names. `outputs`, if
        given, is a list of (shape, dtype, map, init) for several results;
        else one result of `out_shape`/`out_dtype`, initialized from `init`
        (a Value) or a fresh empty tensor."""
        if outputs is None:
            if init is None:
                init = self.empty(out_shape, out_dtype)
            outputs = [(out_shape, out_dtype, out_map or identity_map(len(iterators)), init)]
        else:
            outputs = [(s, d, m, i if i is not None else self.empty(s, d))
                       for (s, d, m, i) in outputs]
        body = Body(self)
        in_args = [self.fresh("a") for _ in inputs]
        out_args = [self.fresh("o") for _ in outputs]
        yielded = body_fn(body, in_args, out_args)
        if isinstance(yielded, str):
            yielded = [yielded]
        all_maps = list(maps) + [o[2] for o in outputs]
        results = [self.fresh() for _ in outputs]
        result_types = [o[3].type for o in outputs]
        header = "%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]}" % (
            ", ".join(results), ", ".join(all_maps),
            ", ".join('"%s"' % it for it in iterators))
        ins = ""
        if inputs:
            ins = " ins(%s : %s)" % (", ".join(v.name for v in inputs),
                                     ", ".join(v.type for v in inputs))
        outs = " outs(%s : %s) {" % (", ".join(o[3].name for o in outputs),
                                     ", ".join(result_types))
        self.emit_raw(header + ins + outs)
        block_args = ["%s: %s" % (a, v.dtype) for a, v in zip(in_args, inputs)]
        block_args += ["%s: %s" % (a, o[1]) for a, o in zip(out_args, outputs)]
        self.indent += 1
        self.emit_raw("^bb0(%s):" % ", ".join(block_args))
        self.indent += 1
        for line in body.lines:
            self.emit(line)
        self.emit("linalg.yield %s : %s" % (", ".join(yielded),
                                            ", ".join(o[1] for o in outputs)))
        self.indent -= 2
        self.emit("} -> (%s)" % ", ".join(result_types))
        values = [Value(r, o[0], o[1]) for r, o in zip(results, outputs)]
        return values if len(values) > 1 else values[0]

    def elementwise(self, inputs, out_shape, out_dtype, body_fn):
        """A parallel linalg.generic over `out_shape`, each input broadcast
        to it numpy-style (its trailing dims aligned; a static 1 against a
        larger dim repeats)."""
        rank = len(out_shape)
        maps = []
        for v in inputs:
            offset = rank - v.rank
            if offset < 0:
                raise InternalError("broadcast of rank %d to rank %d" % (v.rank, rank))
            results = []
            for i, d in enumerate(v.shape):
                out_dim = out_shape[offset + i]
                if d == 1 and out_dim != 1:
                    results.append("0")
                else:
                    results.append("d%d" % (offset + i))
            maps.append(affine_map(rank, results))
        return self.generic(inputs, maps, out_shape, out_dtype,
                            ["parallel"] * rank, body_fn)

    def named(self, op, inputs, init, attrs=""):
        """A named linalg op (`linalg.matmul`, convolutions, pooling) writing
        into `init`."""
        name = self.fresh()
        attr_text = " " + attrs if attrs else ""
        self.emit("%s = %s%s ins(%s : %s) outs(%s : %s) -> %s" % (
            name, op, attr_text, ", ".join(v.name for v in inputs),
            ", ".join(v.type for v in inputs), init.name, init.type, init.type))
        return Value(name, init.shape, init.dtype)

    # Shapes -----------------------------------------------------------
    def mixed_sizes(self, shape):
        """Sizes in the mixed static/dynamic form of tensor ops: `[2, %d]`."""
        return "[%s]" % ", ".join(
            str(d) if is_static(d) else self.index(d) for d in shape)

    def collapse(self, value, groups, out_shape):
        name = self.fresh()
        self.emit("%s = tensor.collapse_shape %s [%s] : %s into %s" % (
            name, value.name,
            ", ".join("[%s]" % ", ".join(str(i) for i in g) for g in groups),
            value.type, tensor_type(out_shape, value.dtype)))
        return Value(name, out_shape, value.dtype)

    def expand(self, value, groups, out_shape):
        name = self.fresh()
        self.emit("%s = tensor.expand_shape %s [%s] output_shape %s : %s into %s" % (
            name, value.name,
            ", ".join("[%s]" % ", ".join(str(i) for i in g) for g in groups),
            self.mixed_sizes(out_shape), value.type,
            tensor_type(out_shape, value.dtype)))
        return Value(name, out_shape, value.dtype)

    def extract_slice(self, value, offsets, sizes, strides, out_shape):
        """tensor.extract_slice; offsets, sizes and strides are ints or Syms;
        `out_shape` may drop unit dims (rank-reducing)."""
        name = self.fresh()
        self.emit("%s = tensor.extract_slice %s%s%s%s : %s to %s" % (
            name, value.name, self.mixed_sizes(offsets), self.mixed_sizes(sizes),
            self.mixed_sizes(strides), value.type,
            tensor_type(out_shape, value.dtype)))
        return Value(name, out_shape, value.dtype)

    def insert_slice(self, source, dest, offsets, sizes, strides):
        name = self.fresh()
        self.emit("%s = tensor.insert_slice %s into %s%s%s%s : %s into %s" % (
            name, source.name, dest.name, self.mixed_sizes(offsets),
            self.mixed_sizes(sizes), self.mixed_sizes(strides), source.type,
            dest.type))
        return Value(name, dest.shape, dest.dtype)

    def scalar_constant(self, value, dtype):
        """An arith.constant scalar (i1 as `true`/`false`, which carry
        their type)."""
        name = self.fresh("cst")
        if dtype == "i1":
            self.emit("%s = arith.constant %s" % (name, scalar_literal(value, dtype)))
        else:
            self.emit("%s = arith.constant %s : %s" % (name, scalar_literal(value, dtype), dtype))
        return name

    def pad(self, value, low, high, pad_value, out_shape):
        name = self.fresh()
        scalar = self.scalar_constant(pad_value, value.dtype)
        self.emit_raw("%s = tensor.pad %s low%s high%s {" % (
            name, value.name, self.mixed_sizes(low), self.mixed_sizes(high)))
        self.indent += 1
        self.emit_raw("^bb0(%s):" % ", ".join(
            "%s: index" % self.fresh("i") for _ in value.shape))
        self.emit("tensor.yield %s : %s" % (scalar, value.dtype))
        self.indent -= 1
        self.emit("} : %s to %s" % (value.type, tensor_type(out_shape, value.dtype)))
        return Value(name, out_shape, value.dtype)

    def transpose(self, value, permutation, out_shape):
        init = self.empty(out_shape, value.dtype)
        name = self.fresh()
        self.emit("%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [%s]" % (
            name, value.name, value.type, init.name, init.type,
            ", ".join(str(p) for p in permutation)))
        return Value(name, out_shape, value.dtype)
