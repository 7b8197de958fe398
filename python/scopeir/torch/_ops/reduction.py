"""Reductions: sum, mean, prod, amax/amin, max/min with indices,
argmax/argmin, var/std, all/any, logsumexp, norms, cumsum, and softmax /
log_softmax (max, exp, sum, divide: written as generics, since the
pipeline does not lower `linalg.softmax`)."""

from . import register
from ._utils import cast, check_tensor, count_scalar, normalize_dim, out_meta, \
    reduce, reduced_map, unsqueeze_to
from .._ir import Value, affine_map, identity_map, is_float

_NEG_INF = float("-inf")
_POS_INF = float("inf")


def _dims(em, node, x, dims):
    if dims is None or (isinstance(dims, (list, tuple)) and len(dims) == 0):
        return list(range(x.rank))
    if not isinstance(dims, (list, tuple)):
        dims = [dims]
    return sorted({normalize_dim(d, x.rank) for d in dims})


def _finish(em, reduced, x, dims, keepdim, meta):
    result = unsqueeze_to(em, reduced, x.rank, dims) if keepdim and x.rank else reduced
    return cast(em, result, meta.dtype)


def _add(b, dtype, acc, v):
    return b.binary("arith.addf" if is_float(dtype) else "arith.addi", acc, v, dtype)


def _sum_like(em, node, mean=False):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    dims = _dims(em, node, x, args[1] if len(args) > 1 else kwargs.get("dim"))
    keepdim = args[2] if len(args) > 2 else kwargs.get("keepdim", False)
    dtype = meta.dtype
    if not is_float(dtype) and mean:
        raise em.unsupported(node, "mean of integers")
    acc_dtype = dtype if dtype != "i1" else "i64"
    if x.rank == 0:
        return cast(em, x, dtype)
    reduced = reduce(em, x, dims, 0.0 if is_float(acc_dtype) else 0,
                     lambda b, acc, v: _add(b, acc_dtype, acc, v), dtype=acc_dtype)
    if mean:
        shape = [x.shape[d] for d in dims]
        reduced = em.b.elementwise([reduced], reduced.shape, dtype, lambda b, ins, outs: b.binary(
            "arith.divf", ins[0], count_scalar(em, b, shape, dtype), dtype))
    return _finish(em, reduced, x, dims, keepdim, meta)


@register("aten.sum")
def _sum(em, node):
    return _sum_like(em, node)


@register("aten.mean")
def _mean(em, node):
    return _sum_like(em, node, mean=True)


@register("aten.prod")
def _prod(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    dims = _dims(em, node, x, args[1] if len(args) > 1 and not isinstance(args[1], bool)
                 else kwargs.get("dim"))
    keepdim = args[2] if len(args) > 2 else kwargs.get("keepdim", False)
    dtype = meta.dtype
    reduced = reduce(em, x, dims, 1.0 if is_float(dtype) else 1, lambda b, acc, v: b.binary(
        "arith.mulf" if is_float(dtype) else "arith.muli", acc, v, dtype), dtype=dtype)
    return _finish(em, reduced, x, dims, keepdim, meta)


def _extremum_op(dtype, is_max):
    if is_float(dtype):
        return "arith.maximumf" if is_max else "arith.minimumf"
    return "arith.maxsi" if is_max else "arith.minsi"


def _extremum_init(dtype, is_max):
    if is_float(dtype):
        return _NEG_INF if is_max else _POS_INF
    if dtype == "i1":
        return 0 if is_max else 1
    bits = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}[dtype]
    return -(2 ** (bits - 1)) if is_max else 2 ** (bits - 1) - 1


@register("aten.amax", "aten.amin")
def _amax(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    is_max = node.target.overloadpacket.__name__ == "amax"
    dims = _dims(em, node, x, args[1] if len(args) > 1 else kwargs.get("dim"))
    keepdim = args[2] if len(args) > 2 else kwargs.get("keepdim", False)
    dtype = x.dtype
    op = _extremum_op(dtype, is_max)
    reduced = reduce(em, x, dims, _extremum_init(dtype, is_max),
                     lambda b, acc, v: b.binary(op, acc, v, dtype))
    return _finish(em, reduced, x, dims, keepdim, meta)


def _arg_reduce(em, node, x, dim, is_max, want_values):
    """(values, indices) of the first extremum along `dim`, NaN counting as
    the extremum (as torch's max/argmax do)."""
    dtype = x.dtype
    rank = x.rank
    out_shape = tuple(d for i, d in enumerate(x.shape) if i != dim)
    values_init = em.b.fill(_extremum_init(dtype, is_max), out_shape, dtype)
    index_init = em.b.fill(0, out_shape, "i64")
    out_map = reduced_map(rank, [dim])

    def body(b, ins, outs):
        v, best, best_index = ins[0], outs[0], outs[1]
        if is_float(dtype):
            predicate = "ogt" if is_max else "olt"
            better = b.raw("arith.cmpf %s, %s, %s : %s" % (predicate, v, best, dtype))
            is_nan = b.raw("arith.cmpf uno, %s, %s : %s" % (v, v, dtype))
            best_nan = b.raw("arith.cmpf uno, %s, %s : %s" % (best, best, dtype))
            not_best_nan = b.raw("arith.xori %s, %s : i1" % (best_nan, b.const(True, "i1")))
            take_nan = b.raw("arith.andi %s, %s : i1" % (is_nan, not_best_nan))
            better = b.raw("arith.ori %s, %s : i1" % (better, take_nan))
        else:
            predicate = "sgt" if is_max else "slt"
            better = b.raw("arith.cmpi %s, %s, %s : %s" % (predicate, v, best, dtype))
        index = b.raw("arith.index_cast %s : index to i64" % b.index(dim))
        return [b.select(better, v, best, dtype), b.select(better, index, best_index, "i64")]

    values, indices = em.b.generic(
        [x], [identity_map(rank)], None, None,
        ["reduction" if i == dim else "parallel" for i in range(rank)], body,
        outputs=[(out_shape, dtype, out_map, values_init),
                 (out_shape, "i64", out_map, index_init)])
    return values, indices


@register("aten.max", "aten.min")
def _max(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    is_max = node.target.overloadpacket.__name__ == "max"
    if len(args) > 1 and isinstance(args[1], Value):
        # max(a, b): elementwise.
        from .elementwise import pointwise
        meta = out_meta(em, node)
        return pointwise(em, node, args[:2], meta.dtype, lambda b, d, p, q: b.binary(
            _extremum_op(d, is_max), p, q, d))
    if len(args) == 1 and "dim" not in kwargs:
        meta = out_meta(em, node)
        dims = list(range(x.rank))
        op = _extremum_op(x.dtype, is_max)
        return reduce(em, x, dims, _extremum_init(x.dtype, is_max),
                      lambda b, acc, v: b.binary(op, acc, v, x.dtype))
    dim = normalize_dim(args[1] if len(args) > 1 else kwargs["dim"], x.rank)
    keepdim = args[2] if len(args) > 2 else kwargs.get("keepdim", False)
    values, indices = _arg_reduce(em, node, x, dim, is_max, True)
    if keepdim:
        values = unsqueeze_to(em, values, x.rank, [dim])
        indices = unsqueeze_to(em, indices, x.rank, [dim])
    return [values, indices]


@register("aten.argmax", "aten.argmin")
def _argmax(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    is_max = node.target.overloadpacket.__name__ == "argmax"
    dim = args[1] if len(args) > 1 else kwargs.get("dim")
    keepdim = args[2] if len(args) > 2 else kwargs.get("keepdim", False)
    meta = out_meta(em, node)
    if dim is None:
        from .data_movement import reshape
        total = 1
        for d in x.shape:
            total = total * d if isinstance(d, int) and isinstance(total, int) else None
        if total is None:
            raise em.unsupported(node, "argmax over every dim of a dynamic tensor")
        x = reshape(em, x, (total,))
        dim = 0
        _, indices = _arg_reduce(em, node, x, 0, is_max, False)
        return reshape(em, indices, meta.shape)
    dim = normalize_dim(dim, x.rank)
    _, indices = _arg_reduce(em, node, x, dim, is_max, False)
    if keepdim:
        indices = unsqueeze_to(em, indices, x.rank, [dim])
    return indices


def _broadcast_back(em, full, reduced, dims, dtype, fn):
    """A generic over `full`'s shape reading `reduced` (the reduction over
    `dims`) at the matching position: fn(b, x, r)."""
    rank = full.rank
    return em.b.generic([full, reduced], [identity_map(rank), reduced_map(rank, dims)],
                        full.shape, dtype, ["parallel"] * rank,
                        lambda b, ins, outs: fn(b, ins[0], ins[1]))


def _var(em, node, x, dims, correction, keepdim, meta, take_sqrt):
    dtype = meta.dtype
    shape = [x.shape[d] for d in dims]
    total = reduce(em, x, dims, 0.0, lambda b, acc, v: b.binary("arith.addf", acc, v, dtype),
                   dtype=dtype)
    mean = em.b.elementwise([total], total.shape, dtype, lambda b, ins, outs: b.binary(
        "arith.divf", ins[0], count_scalar(em, b, shape, dtype), dtype))
    centered = _broadcast_back(em, x, mean, dims, dtype, lambda b, v, m: b.binary(
        "arith.mulf", b.binary("arith.subf", b.cast(v, x.dtype, dtype), m, dtype),
        b.binary("arith.subf", b.cast(v, x.dtype, dtype), m, dtype), dtype))
    squares = reduce(em, centered, dims, 0.0,
                     lambda b, acc, v: b.binary("arith.addf", acc, v, dtype))

    def divide(b, ins, outs):
        n = count_scalar(em, b, shape, dtype)
        n = b.binary("arith.subf", n, b.const(correction, dtype), dtype)
        n = b.binary("arith.maximumf", n, b.const(0.0, dtype), dtype)
        v = b.binary("arith.divf", ins[0], n, dtype)
        return b.unary("math.sqrt", v, dtype) if take_sqrt else v

    result = em.b.elementwise([squares], squares.shape, dtype, divide)
    return _finish(em, result, x, dims, keepdim, meta)


@register("aten.var", "aten.std")
def _var_lowering(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    overload = node.target._overloadname
    dim = args[1] if len(args) > 1 else kwargs.get("dim")
    if overload == "default" or isinstance(dim, bool):
        unbiased = dim if isinstance(dim, bool) else kwargs.get("unbiased", True)
        dims, correction, keepdim = list(range(x.rank)), 1 if unbiased else 0, False
    elif overload == "correction":
        dims = _dims(em, node, x, dim)
        correction = kwargs.get("correction", args[2] if len(args) > 2 else 1)
        correction = 1 if correction is None else correction
        keepdim = kwargs.get("keepdim", args[3] if len(args) > 3 else False)
    else:
        dims = _dims(em, node, x, dim)
        unbiased = args[2] if len(args) > 2 else kwargs.get("unbiased", True)
        correction = 1 if unbiased else 0
        keepdim = args[3] if len(args) > 3 else kwargs.get("keepdim", False)
    return _var(em, node, x, dims, correction, keepdim, meta,
                node.target.overloadpacket.__name__ == "std")


@register("aten.all", "aten.any")
def _all_any(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    is_all = node.target.overloadpacket.__name__ == "all"
    dims = _dims(em, node, x, args[1] if len(args) > 1 else kwargs.get("dim"))
    keepdim = args[2] if len(args) > 2 else kwargs.get("keepdim", False)
    op = "arith.andi" if is_all else "arith.ori"
    reduced = reduce(em, x, dims, is_all, lambda b, acc, v: b.raw("%s %s, %s : i1" % (
        op, acc, v)), dtype="i1")
    return _finish(em, reduced, x, dims, keepdim, meta)


def softmax(em, x, dim, dtype, log=False):
    """softmax / log_softmax along `dim`: max, exp(x - max), sum, then
    divide (or x - max - log(sum))."""
    dims = [dim]
    xd = cast(em, x, dtype)
    maximum = reduce(em, xd, dims, _NEG_INF,
                     lambda b, acc, v: b.binary("arith.maximumf", acc, v, dtype))
    exps = _broadcast_back(em, xd, maximum, dims, dtype, lambda b, v, m: b.unary(
        "math.exp", b.binary("arith.subf", v, m, dtype), dtype))
    total = reduce(em, exps, dims, 0.0,
                   lambda b, acc, v: b.binary("arith.addf", acc, v, dtype))
    if not log:
        return _broadcast_back(em, exps, total, dims, dtype,
                               lambda b, e, s: b.binary("arith.divf", e, s, dtype))
    rank = xd.rank
    return em.b.generic([xd, maximum, total], [identity_map(rank), reduced_map(rank, dims),
                                               reduced_map(rank, dims)],
                        xd.shape, dtype, ["parallel"] * rank,
                        lambda b, ins, outs: b.binary("arith.subf", b.binary(
                            "arith.subf", ins[0], ins[1], dtype),
                            b.unary("math.log", ins[2], dtype), dtype))


@register("aten._softmax", "aten.softmax", "aten._log_softmax", "aten.log_softmax")
def _softmax(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    dim = normalize_dim(args[1], max(1, x.rank))
    if x.rank == 0:
        raise em.unsupported(node, "softmax of a scalar")
    log = "log" in node.target.overloadpacket.__name__
    return softmax(em, x, dim, meta.dtype, log)


@register("aten.logsumexp")
def _logsumexp(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    dims = _dims(em, node, x, args[1] if len(args) > 1 else kwargs.get("dim"))
    keepdim = args[2] if len(args) > 2 else kwargs.get("keepdim", False)
    dtype = meta.dtype
    xd = cast(em, x, dtype)
    maximum = reduce(em, xd, dims, _NEG_INF,
                     lambda b, acc, v: b.binary("arith.maximumf", acc, v, dtype))
    # Where the max is -inf (all -inf), use 0 so that exp(-inf - 0) = 0.
    safe = em.b.elementwise([maximum], maximum.shape, dtype, lambda b, ins, outs: b.select(
        b.raw("arith.cmpf oeq, %s, %s : %s" % (ins[0], b.const(_NEG_INF, dtype), dtype)),
        b.const(0.0, dtype), ins[0], dtype))
    exps = _broadcast_back(em, xd, safe, dims, dtype, lambda b, v, m: b.unary(
        "math.exp", b.binary("arith.subf", v, m, dtype), dtype))
    total = reduce(em, exps, dims, 0.0,
                   lambda b, acc, v: b.binary("arith.addf", acc, v, dtype))
    result = em.b.generic([total, safe], [identity_map(total.rank), identity_map(total.rank)],
                          total.shape, dtype, ["parallel"] * total.rank,
                          lambda b, ins, outs: b.binary("arith.addf", b.unary(
                              "math.log", ins[0], dtype), ins[1], dtype))
    return _finish(em, result, x, dims, keepdim, meta)


@register("aten.linalg_vector_norm", "aten.norm")
def _norm(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    order = args[1] if len(args) > 1 else kwargs.get("ord", kwargs.get("p", 2))
    order = 2 if order is None else order
    dims = _dims(em, node, x, args[2] if len(args) > 2 else kwargs.get("dim"))
    keepdim = args[3] if len(args) > 3 else kwargs.get("keepdim", False)
    dtype = meta.dtype
    if order == 2:
        squares = reduce(em, x, dims, 0.0, lambda b, acc, v: b.binary(
            "arith.addf", acc, b.binary("arith.mulf", v, v, dtype), dtype), dtype=dtype)
        result = em.b.elementwise([squares], squares.shape, dtype,
                                  lambda b, ins, outs: b.unary("math.sqrt", ins[0], dtype))
    elif order == 1:
        result = reduce(em, x, dims, 0.0, lambda b, acc, v: b.binary(
            "arith.addf", acc, b.unary("math.absf", v, dtype), dtype), dtype=dtype)
    elif order in (float("inf"), float("-inf")):
        op = "arith.maximumf" if order > 0 else "arith.minimumf"
        result = reduce(em, x, dims, 0.0 if order > 0 else _POS_INF, lambda b, acc, v: b.binary(
            op, acc, b.unary("math.absf", v, dtype), dtype), dtype=dtype)
    else:
        raise em.unsupported(node, "a %r-norm" % (order,))
    return _finish(em, result, x, dims, keepdim, meta)


@register("aten.cumsum")
def _cumsum(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    dim = normalize_dim(args[1], x.rank)
    dtype = meta.dtype
    rank = x.rank
    # out[..., i, ...] = sum over k <= i of x[..., k, ...]: a reduction over
    # k with the terms beyond i masked (quadratic in the dim's size).
    k = "d%d" % rank
    in_results = ["d%d" % i if i != dim else k for i in range(rank)]
    init = em.b.fill(0.0 if is_float(dtype) else 0, meta.shape, dtype)

    def body(b, ins, outs):
        i = b.index(dim)
        kk = b.index(rank)
        take = b.raw("arith.cmpi ule, %s, %s : index" % (kk, i))
        v = b.cast(ins[0], x.dtype, dtype)
        added = b.binary("arith.addf" if is_float(dtype) else "arith.addi", outs[0], v, dtype)
        return b.select(take, added, outs[0], dtype)

    return em.b.generic([x], [affine_map(rank + 1, in_results)], meta.shape, dtype,
                        ["parallel"] * rank + ["reduction"], body,
                        out_map=affine_map(rank + 1, ["d%d" % i for i in range(rank)]),
                        init=init)
