"""Elementwise ops: arithmetic, comparisons, activations, casts.

Each becomes one parallel `linalg.generic` over the result's shape, its
operands broadcast numpy-style and converted to the op's computation type
(torch's promotion), its result converted to the result's dtype. Written
as generics rather than arith ops on tensors so that no elementwise-to-
linalg conversion is needed in the pipeline.
"""

import math

from . import register
from ._utils import cast, check_tensor, out_meta, result_dtype
from .._ir import Value, is_float


def pointwise(em, node, operands, compute, fn, out_dtype=None):
    """A generic applying `fn(body, dtype, *scalars)` to `operands`
    (Values or Python scalars) converted to `compute`; the result of
    `fn` has dtype `out_dtype or compute` and is converted to the node's
    result dtype."""
    meta = out_meta(em, node)
    tensors = [v for v in operands if isinstance(v, Value)]

    def body(b, ins, outs):
        it = iter(ins)
        scalars = []
        for v in operands:
            if isinstance(v, Value):
                scalars.append(b.cast(next(it), v.dtype, compute))
            else:
                scalars.append(b.const(v, compute))
        result = fn(b, compute, *scalars)
        return b.cast(result, out_dtype or compute, meta.dtype)

    return em.b.elementwise(tensors, meta.shape, meta.dtype, body)


def _args(em, node):
    args, kwargs = em.args(node)
    return list(args), kwargs


# Scalar helpers on one dtype ---------------------------------------------
def _bin(op_f, op_i):
    def fn(b, dtype, x, y):
        return b.binary(op_f if is_float(dtype) else op_i, x, y, dtype)
    return fn


def _mul(b, dtype, x, y):
    return b.binary("arith.mulf" if is_float(dtype) else "arith.muli", x, y, dtype)


def _add(b, dtype, x, y):
    return b.binary("arith.addf" if is_float(dtype) else "arith.addi", x, y, dtype)


def _sub(b, dtype, x, y):
    return b.binary("arith.subf" if is_float(dtype) else "arith.subi", x, y, dtype)


def _max(b, dtype, x, y):
    return b.binary("arith.maximumf" if is_float(dtype) else "arith.maxsi", x, y, dtype)


def _min(b, dtype, x, y):
    return b.binary("arith.minimumf" if is_float(dtype) else "arith.minsi", x, y, dtype)


def _cmp(b, dtype, predicate, x, y):
    if is_float(dtype):
        fpred = {"eq": "oeq", "ne": "une", "lt": "olt", "le": "ole", "gt": "ogt",
                 "ge": "oge"}[predicate]
        return b.raw("arith.cmpf %s, %s, %s : %s" % (fpred, x, y, dtype))
    ipred = {"eq": "eq", "ne": "ne", "lt": "slt", "le": "sle", "gt": "sgt",
             "ge": "sge"}[predicate]
    if dtype == "i1":
        ipred = {"lt": "ult", "le": "ule", "gt": "ugt", "ge": "uge"}.get(predicate, ipred)
    return b.raw("arith.cmpi %s, %s, %s : %s" % (ipred, x, y, dtype))


def _exp(b, dtype, x):
    return b.unary("math.exp", x, dtype)


def _sigmoid(b, dtype, x):
    one = b.const(1.0, dtype)
    negated = b.unary("arith.negf", x, dtype)
    e = _exp(b, dtype, negated)
    return b.binary("arith.divf", one, b.binary("arith.addf", one, e, dtype), dtype)


# The odd numerator and even denominator of a rational approximation of erf
# on [-4, 4] (|error| < 5e-7 in f32), outside of which erf is +-1 in f32.
_ERF_ALPHA = (-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06,
              -5.69250639462346e-05, -7.34990630326855e-04, -2.95459980854025e-03,
              -1.60960333262415e-02)
_ERF_BETA = (-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03,
             -7.37332916720468e-03, -1.42647390514189e-02)


def _erf(b, dtype, x):
    """erf as a rational polynomial: the pipeline has no lowering of
    math.erf to LLVM."""
    clamped = _min(b, dtype, _max(b, dtype, x, b.const(-4.0, dtype)), b.const(4.0, dtype))
    x2 = b.binary("arith.mulf", clamped, clamped, dtype)

    def horner(coefficients):
        acc = b.const(coefficients[0], dtype)
        for c in coefficients[1:]:
            acc = b.binary("arith.addf", b.binary("arith.mulf", acc, x2, dtype),
                           b.const(c, dtype), dtype)
        return acc

    numerator = b.binary("arith.mulf", horner(_ERF_ALPHA), clamped, dtype)
    return b.binary("arith.divf", numerator, horner(_ERF_BETA), dtype)


def _gelu(approximate):
    def fn(b, dtype, x):
        half = b.const(0.5, dtype)
        one = b.const(1.0, dtype)
        if approximate == "tanh":
            cube = b.binary("arith.mulf", b.binary("arith.mulf", x, x, dtype), x, dtype)
            inner = b.binary("arith.addf", x, b.binary(
                "arith.mulf", b.const(0.044715, dtype), cube, dtype), dtype)
            scaled = b.binary("arith.mulf", b.const(math.sqrt(2 / math.pi), dtype), inner, dtype)
            t = b.unary("math.tanh", scaled, dtype)
        else:
            scaled = b.binary("arith.mulf", x, b.const(1 / math.sqrt(2), dtype), dtype)
            t = _erf(b, dtype, scaled)
        return b.binary("arith.mulf", b.binary("arith.mulf", half, x, dtype),
                        b.binary("arith.addf", one, t, dtype), dtype)
    return fn


def _relu6ish(b, dtype, x, low, high):
    return _min(b, dtype, _max(b, dtype, x, b.const(low, dtype)), b.const(high, dtype))


def _softplus(b, dtype, x, beta=1.0, threshold=20.0):
    scaled = b.binary("arith.mulf", x, b.const(beta, dtype), dtype)
    soft = b.binary("arith.divf", b.unary("math.log1p", _exp(b, dtype, scaled), dtype),
                    b.const(beta, dtype), dtype)
    above = _cmp(b, dtype, "gt", scaled, b.const(threshold, dtype))
    return b.select(above, x, soft, dtype)


# Unary ops: name -> fn(b, dtype, x, *extra_args)
def _unary_table():
    def neg(b, dtype, x):
        if is_float(dtype):
            return b.unary("arith.negf", x, dtype)
        return b.binary("arith.subi", b.const(0, dtype), x, dtype)

    def absolute(b, dtype, x):
        return b.unary("math.absf" if is_float(dtype) else "math.absi", x, dtype)

    def relu(b, dtype, x):
        return _max(b, dtype, x, b.const(0, dtype))

    def sign(b, dtype, x):
        zero = b.const(0, dtype)
        one = b.const(1, dtype)
        minus = b.const(-1, dtype)
        positive = b.select(_cmp(b, dtype, "gt", x, zero), one, zero, dtype)
        return b.select(_cmp(b, dtype, "lt", x, zero), minus, positive, dtype)

    def reciprocal(b, dtype, x):
        return b.binary("arith.divf", b.const(1.0, dtype), x, dtype)

    def rsqrt(b, dtype, x):
        return b.unary("math.rsqrt", x, dtype)

    def silu(b, dtype, x):
        return b.binary("arith.mulf", x, _sigmoid(b, dtype, x), dtype)

    def hardsigmoid(b, dtype, x):
        shifted = b.binary("arith.addf", x, b.const(3.0, dtype), dtype)
        return b.binary("arith.divf", _relu6ish(b, dtype, shifted, 0.0, 6.0),
                        b.const(6.0, dtype), dtype)

    def hardswish(b, dtype, x):
        return b.binary("arith.mulf", x, hardsigmoid(b, dtype, x), dtype)

    def mish(b, dtype, x):
        return b.binary("arith.mulf", x, b.unary("math.tanh", _softplus(b, dtype, x),
                                                 dtype), dtype)

    def logical_not(b, dtype, x):
        return _cmp(b, dtype, "eq", x, b.const(0, dtype))

    def bitwise_not(b, dtype, x):
        return b.binary("arith.xori", x, b.const(-1 if dtype != "i1" else 1, dtype), dtype)

    def log_sigmoid(b, dtype, x):
        # -softplus(-x), stable for large |x|.
        negated = b.unary("arith.negf", x, dtype)
        return b.unary("arith.negf", _softplus(b, dtype, negated), dtype)

    def isnan(b, dtype, x):
        return b.raw("arith.cmpf uno, %s, %s : %s" % (x, x, dtype))

    def math_op(name):
        return lambda b, dtype, x: b.unary(name, x, dtype)

    table = {
        "neg": (neg, False), "abs": (absolute, False), "relu": (relu, False),
        "sign": (sign, False), "reciprocal": (reciprocal, True),
        "rsqrt": (rsqrt, True), "sqrt": (math_op("math.sqrt"), True),
        "exp": (math_op("math.exp"), True), "exp2": (math_op("math.exp2"), True),
        "expm1": (math_op("math.expm1"), True), "log": (math_op("math.log"), True),
        "log2": (math_op("math.log2"), True), "log10": (math_op("math.log10"), True),
        "log1p": (math_op("math.log1p"), True), "sin": (math_op("math.sin"), True),
        "cos": (math_op("math.cos"), True), "tan": (math_op("math.tan"), True),
        "tanh": (math_op("math.tanh"), True), "atan": (math_op("math.atan"), True),
        "sigmoid": (_sigmoid, True), "erf": (_erf, True), "silu": (silu, True),
        "hardsigmoid": (hardsigmoid, True), "hardswish": (hardswish, True),
        "mish": (mish, True), "floor": (math_op("math.floor"), False),
        "ceil": (math_op("math.ceil"), False), "round": (math_op("math.roundeven"), False),
        "trunc": (math_op("math.trunc"), False),
        "logical_not": (logical_not, "bool"), "bitwise_not": (bitwise_not, False),
        "log_sigmoid_forward": (log_sigmoid, True), "isnan": (isnan, "bool"),
    }
    return table


_UNARY = _unary_table()


def _unary_lowering(name, fn, kind):
    def lower(em, node):
        args, kwargs = _args(em, node)
        x = check_tensor(em, node, args[0])
        meta = out_meta(em, node)
        if kind == "bool":
            return pointwise(em, node, [x], x.dtype, fn, out_dtype="i1")
        compute = meta.dtype
        if kind is True and not is_float(compute):
            compute = "f32"
        if name in ("floor", "ceil", "round", "trunc") and not is_float(compute):
            return cast(em, x, meta.dtype)
        return pointwise(em, node, [x], compute, fn)
    return lower


for _name, (_fn, _kind) in _UNARY.items():
    if _name == "log_sigmoid_forward":
        continue  # two results: below
    _names = ["aten.%s" % _name]
    if _name not in ("log_sigmoid_forward", "isnan"):
        _names.append("aten.%s_" % _name)
    register(*_names)(_unary_lowering(_name, _fn, _kind))


@register("aten.log_sigmoid_forward")
def _log_sigmoid_forward(em, node):
    # Returns (output, buffer); the buffer is only used by the backward.
    args, _ = _args(em, node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node, 0)
    value = em.b.elementwise([x], meta.shape, meta.dtype, lambda b, ins, outs: _UNARY[
        "log_sigmoid_forward"][0](b, meta.dtype, ins[0]))
    return [value, None]


@register("aten.gelu", "aten.gelu_")
def _gelu_lowering(em, node):
    args, kwargs = _args(em, node)
    approximate = kwargs.get("approximate", args[1] if len(args) > 1 else "none")
    x = check_tensor(em, node, args[0])
    return pointwise(em, node, [x], out_meta(em, node).dtype, _gelu(approximate))


@register("aten.hardtanh", "aten.hardtanh_", "aten.clamp", "aten.clamp_",
          "aten.clamp_min", "aten.clamp_min_", "aten.clamp_max", "aten.clamp_max_",
          "aten.relu6", "aten.relu6_")
def _clamp(em, node):
    args, kwargs = _args(em, node)
    x = check_tensor(em, node, args[0])
    packet = node.target.overloadpacket.__name__.rstrip("_")
    if packet == "hardtanh":
        low = args[1] if len(args) > 1 else kwargs.get("min_val", -1.0)
        high = args[2] if len(args) > 2 else kwargs.get("max_val", 1.0)
    elif packet == "relu6":
        low, high = 0.0, 6.0
    elif packet == "clamp_min":
        low, high = args[1], None
    elif packet == "clamp_max":
        low, high = None, args[1]
    else:
        low = args[1] if len(args) > 1 else kwargs.get("min")
        high = args[2] if len(args) > 2 else kwargs.get("max")
    meta = out_meta(em, node)
    bounds = [v for v in (low, high) if v is not None]
    compute = meta.dtype

    def fn(b, dtype, v, *rest):
        it = iter(rest)
        if low is not None:
            v = _max(b, dtype, v, next(it))
        if high is not None:
            v = _min(b, dtype, v, next(it))
        return v

    return pointwise(em, node, [x] + bounds, compute, fn)


@register("aten.leaky_relu", "aten.leaky_relu_")
def _leaky_relu(em, node):
    args, kwargs = _args(em, node)
    x = check_tensor(em, node, args[0])
    slope = args[1] if len(args) > 1 else kwargs.get("negative_slope", 0.01)

    def fn(b, dtype, v):
        positive = _cmp(b, dtype, "gt", v, b.const(0.0, dtype))
        return b.select(positive, v, b.binary("arith.mulf", v, b.const(slope, dtype), dtype),
                        dtype)
    return pointwise(em, node, [x], out_meta(em, node).dtype, fn)


@register("aten.elu", "aten.elu_")
def _elu(em, node):
    args, kwargs = _args(em, node)
    x = check_tensor(em, node, args[0])
    alpha = args[1] if len(args) > 1 else kwargs.get("alpha", 1.0)
    scale = args[2] if len(args) > 2 else kwargs.get("scale", 1.0)
    input_scale = args[3] if len(args) > 3 else kwargs.get("input_scale", 1.0)

    def fn(b, dtype, v):
        positive = _cmp(b, dtype, "gt", v, b.const(0.0, dtype))
        scaled = b.binary("arith.mulf", v, b.const(input_scale, dtype), dtype)
        negative = b.binary("arith.mulf", b.const(alpha, dtype),
                            b.unary("math.expm1", scaled, dtype), dtype)
        chosen = b.select(positive, v, negative, dtype)
        return b.binary("arith.mulf", chosen, b.const(scale, dtype), dtype)
    return pointwise(em, node, [x], out_meta(em, node).dtype, fn)


@register("aten.celu", "aten.celu_")
def _celu(em, node):
    args, kwargs = _args(em, node)
    x = check_tensor(em, node, args[0])
    alpha = args[1] if len(args) > 1 else kwargs.get("alpha", 1.0)

    def fn(b, dtype, v):
        # max(0, x) + min(0, alpha * (exp(x / alpha) - 1))
        scaled = b.binary("arith.divf", v, b.const(alpha, dtype), dtype)
        negative = b.binary("arith.mulf", b.const(alpha, dtype),
                            b.unary("math.expm1", scaled, dtype), dtype)
        zero = b.const(0.0, dtype)
        return b.binary("arith.addf", _max(b, dtype, v, zero), _min(b, dtype, negative, zero),
                        dtype)
    return pointwise(em, node, [x], out_meta(em, node).dtype, fn)


@register("aten.softplus")
def _softplus_lowering(em, node):
    args, kwargs = _args(em, node)
    x = check_tensor(em, node, args[0])
    beta = args[1] if len(args) > 1 else kwargs.get("beta", 1.0)
    threshold = args[2] if len(args) > 2 else kwargs.get("threshold", 20.0)
    return pointwise(em, node, [x], out_meta(em, node).dtype,
                     lambda b, dtype, v: _softplus(b, dtype, v, beta, threshold))


@register("aten.pow", "aten.pow_")
def _pow(em, node):
    args, _ = _args(em, node)
    base, exponent = args[0], args[1]
    meta = out_meta(em, node)
    compute = meta.dtype
    if not isinstance(exponent, Value) and exponent == 2:
        return pointwise(em, node, [base], compute, lambda b, d, x: _mul(b, d, x, x))
    if not isinstance(exponent, Value) and exponent == 0.5 and is_float(compute):
        return pointwise(em, node, [base], compute,
                         lambda b, d, x: b.unary("math.sqrt", x, d))
    if is_float(compute):
        return pointwise(em, node, [base, exponent], compute,
                         lambda b, d, x, y: b.binary("math.powf", x, y, d))
    return pointwise(em, node, [base, exponent], compute,
                     lambda b, d, x, y: b.binary("math.ipowi", x, y, d))


def _alpha_operand(em, node, value, alpha):
    return value if alpha == 1 else ("alpha", value, alpha)


@register("aten.add", "aten.add_", "aten.sub", "aten.sub_", "aten.rsub")
def _add_sub(em, node):
    args, kwargs = _args(em, node)
    a, b_ = args[0], args[1]
    alpha = kwargs.get("alpha", args[2] if len(args) > 2 else 1)
    packet = node.target.overloadpacket.__name__.rstrip("_")
    if packet == "rsub":
        a, b_ = b_, a
    meta = out_meta(em, node)
    compute = meta.dtype
    combine = _add if packet == "add" else _sub
    if alpha == 1:
        return pointwise(em, node, [a, b_], compute, lambda b, d, x, y: combine(b, d, x, y))
    return pointwise(em, node, [a, b_, alpha], compute,
                     lambda b, d, x, y, s: combine(b, d, x, _mul(b, d, y, s)))


@register("aten.mul", "aten.mul_")
def _mul_lowering(em, node):
    args, _ = _args(em, node)
    meta = out_meta(em, node)
    if meta.dtype == "i1":
        return pointwise(em, node, args[:2], "i1",
                         lambda b, d, x, y: b.binary("arith.andi", x, y, d))
    return pointwise(em, node, args[:2], meta.dtype, _mul)


@register("aten.div", "aten.div_")
def _div(em, node):
    args, kwargs = _args(em, node)
    mode = kwargs.get("rounding_mode", args[2] if len(args) > 2 else None)
    meta = out_meta(em, node)
    compute = meta.dtype
    if mode is None:
        return pointwise(em, node, args[:2], compute,
                         lambda b, d, x, y: b.binary("arith.divf", x, y, d))
    if is_float(compute):
        rounder = "math.trunc" if mode == "trunc" else "math.floor"
        return pointwise(em, node, args[:2], compute, lambda b, d, x, y: b.unary(
            rounder, b.binary("arith.divf", x, y, d), d))
    op = "arith.divsi" if mode == "trunc" else "arith.floordivsi"
    return pointwise(em, node, args[:2], compute, lambda b, d, x, y: b.binary(op, x, y, d))


@register("aten.floor_divide")
def _floor_divide(em, node):
    args, _ = _args(em, node)
    compute = out_meta(em, node).dtype
    if is_float(compute):
        return pointwise(em, node, args[:2], compute, lambda b, d, x, y: b.unary(
            "math.floor", b.binary("arith.divf", x, y, d), d))
    return pointwise(em, node, args[:2], compute,
                     lambda b, d, x, y: b.binary("arith.floordivsi", x, y, d))


@register("aten.remainder", "aten.fmod")
def _remainder(em, node):
    args, _ = _args(em, node)
    compute = out_meta(em, node).dtype
    python_style = node.target.overloadpacket.__name__ == "remainder"

    def fn(b, d, x, y):
        r = b.binary("arith.remf" if is_float(d) else "arith.remsi", x, y, d)
        if not python_style:
            return r
        zero = b.const(0, d)
        nonzero = _cmp(b, d, "ne", r, zero)
        sign_differs = b.raw("arith.xori %s, %s : i1" % (
            _cmp(b, d, "lt", r, zero), _cmp(b, d, "lt", y, zero)))
        fix = b.raw("arith.andi %s, %s : i1" % (nonzero, sign_differs))
        return b.select(fix, _add(b, d, r, y), r, d)

    return pointwise(em, node, args[:2], compute, fn)


@register("aten.maximum", "aten.minimum", "aten.fmax", "aten.fmin")
def _extremum(em, node):
    args, _ = _args(em, node)
    compute = out_meta(em, node).dtype
    name = node.target.overloadpacket.__name__
    if is_float(compute):
        op = {"maximum": "arith.maximumf", "minimum": "arith.minimumf",
              "fmax": "arith.maxnumf", "fmin": "arith.minnumf"}[name]
    else:
        op = "arith.maxsi" if name in ("maximum", "fmax") else "arith.minsi"
    return pointwise(em, node, args[:2], compute, lambda b, d, x, y: b.binary(op, x, y, d))


@register("aten.atan2")
def _atan2(em, node):
    args, _ = _args(em, node)
    compute = out_meta(em, node).dtype
    return pointwise(em, node, args[:2], compute,
                     lambda b, d, x, y: b.binary("math.atan2", x, y, d))


def _comparison(predicate):
    def lower(em, node):
        args, _ = _args(em, node)
        compute = result_dtype(args[0], args[1])
        return pointwise(em, node, args[:2], compute,
                         lambda b, d, x, y: _cmp(b, d, predicate, x, y), out_dtype="i1")
    return lower


for _predicate in ("eq", "ne", "lt", "le", "gt", "ge"):
    register("aten.%s" % _predicate, "aten.%s_" % _predicate)(_comparison(_predicate))


def _logical(op):
    def lower(em, node):
        args, _ = _args(em, node)

        def fn(b, d, x, y):
            xb = b.cast(x, d, "i1")
            yb = b.cast(y, d, "i1")
            return b.raw("%s %s, %s : i1" % (op, xb, yb))
        compute = result_dtype(args[0], args[1])
        return pointwise(em, node, args[:2], compute, fn, out_dtype="i1")
    return lower


register("aten.logical_and", "aten.logical_and_")(_logical("arith.andi"))
register("aten.logical_or", "aten.logical_or_")(_logical("arith.ori"))
register("aten.logical_xor", "aten.logical_xor_")(_logical("arith.xori"))


def _bitwise(op):
    def lower(em, node):
        args, _ = _args(em, node)
        compute = out_meta(em, node).dtype
        if is_float(compute):
            raise em.unsupported(node, "bitwise ops on floats")
        return pointwise(em, node, args[:2], compute,
                         lambda b, d, x, y: b.binary(op, x, y, d))
    return lower


register("aten.bitwise_and", "aten.bitwise_and_")(_bitwise("arith.andi"))
register("aten.bitwise_or", "aten.bitwise_or_")(_bitwise("arith.ori"))
register("aten.bitwise_xor", "aten.bitwise_xor_")(_bitwise("arith.xori"))


@register("aten.where")
def _where(em, node):
    args, _ = _args(em, node)
    if len(args) < 3:
        raise em.unsupported(node, "where(condition) with one argument (data-dependent "
                             "shape)")
    condition, a, b_ = args[0], args[1], args[2]
    compute = out_meta(em, node).dtype
    cond_dtype = condition.dtype if isinstance(condition, Value) else "i1"

    def fn(b, d, c, x, y):
        return b.select(c, x, y, d)

    meta = out_meta(em, node)
    operands = [condition, a, b_]
    tensors = [v for v in operands if isinstance(v, Value)]

    def body(bd, ins, outs):
        it = iter(ins)
        values = []
        for i, v in enumerate(operands):
            target = "i1" if i == 0 else compute
            if isinstance(v, Value):
                values.append(bd.cast(next(it), v.dtype, target))
            else:
                values.append(bd.const(v, target))
        return bd.cast(fn(bd, compute, *values), compute, meta.dtype)

    del cond_dtype
    return em.b.elementwise(tensors, meta.shape, meta.dtype, body)


@register("aten.masked_fill", "aten.masked_fill_")
def _masked_fill(em, node):
    args, _ = _args(em, node)
    x, mask, value = args[0], args[1], args[2]
    meta = out_meta(em, node)
    operands = [mask, x, value]
    tensors = [v for v in operands if isinstance(v, Value)]

    def body(bd, ins, outs):
        it = iter(ins)
        values = []
        for i, v in enumerate(operands):
            target = "i1" if i == 0 else meta.dtype
            if isinstance(v, Value):
                values.append(bd.cast(next(it), v.dtype, target))
            else:
                values.append(bd.const(v, target))
        return bd.select(values[0], values[2], values[1], meta.dtype)

    return em.b.elementwise(tensors, meta.shape, meta.dtype, body)


@register("aten.lerp", "aten.lerp_")
def _lerp(em, node):
    args, _ = _args(em, node)
    compute = out_meta(em, node).dtype

    def fn(b, d, start, end, weight):
        return b.binary("arith.addf", start, b.binary(
            "arith.mulf", weight, b.binary("arith.subf", end, start, d), d), d)
    return pointwise(em, node, args[:3], compute, fn)


@register("aten.addcmul", "aten.addcdiv")
def _addc(em, node):
    args, kwargs = _args(em, node)
    value = kwargs.get("value", args[3] if len(args) > 3 else 1)
    compute = out_meta(em, node).dtype
    op = "arith.mulf" if node.target.overloadpacket.__name__ == "addcmul" else "arith.divf"

    def fn(b, d, x, t1, t2, v):
        return b.binary("arith.addf", x, b.binary("arith.mulf", v, b.binary(op, t1, t2, d), d),
                        d)
    return pointwise(em, node, list(args[:3]) + [value], compute, fn)


# Copies and casts ---------------------------------------------------------
@register("aten.clone", "aten.detach", "aten.alias", "aten.lift_fresh_copy",
          "aten.contiguous", "aten.lift_fresh", "aten.dropout", "aten.feature_dropout",
          "aten.alpha_dropout", "aten.native_dropout")
def _identity(em, node):
    args, kwargs = _args(em, node)
    x = check_tensor(em, node, args[0])
    name = node.target.overloadpacket.__name__
    if name in ("dropout", "feature_dropout", "alpha_dropout", "native_dropout"):
        train = args[2] if len(args) > 2 else kwargs.get("train", False)
        if train:
            raise em.unsupported(node, "dropout in training mode")
        if name == "native_dropout":
            ones = em.b.fill(True, x.shape, "i1")
            return [x, ones]
    return x


@register("aten._to_copy", "aten.to", "aten.type_as", "aten._cast_Float")
def _to_copy(em, node):
    args, _ = _args(em, node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    return cast(em, x, meta.dtype)


@register("aten.copy", "aten.copy_")
def _copy(em, node):
    args, _ = _args(em, node)
    src = args[1]
    meta = out_meta(em, node)
    return pointwise(em, node, [src], meta.dtype, lambda b, d, x: x)


@register("aten.fill", "aten.fill_", "aten.zero_", "aten.zero")
def _fill(em, node):
    args, _ = _args(em, node)
    meta = out_meta(em, node)
    value = 0 if node.target.overloadpacket.__name__.startswith("zero") else args[1]
    if isinstance(value, Value):
        return pointwise(em, node, [value], meta.dtype, lambda b, d, x: x)
    return em.b.fill(value, meta.shape, meta.dtype)
