"""Helpers shared by the lowerings: output metadata, dtype promotion,
casts, broadcasting, dims and reductions."""

import torch

from .._capture import TORCH_DTYPES, TensorMeta
from .._ir import Sym, Value, affine_map, is_float, is_static


def out_meta(em, node, index=None):
    """The TensorMeta of the node's (index-th) result."""
    meta = em.meta(node)
    if index is not None:
        meta = meta[index]
    if not isinstance(meta, TensorMeta):
        raise em.unsupported(node, "a result that is not a tensor")
    if meta.dtype not in TORCH_DTYPES:
        raise em.unsupported(node, "a result of dtype %s" % meta.dtype)
    return meta


def check_tensor(em, node, value, what="input"):
    if not isinstance(value, Value):
        raise em.unsupported(node, "a non-tensor %s (%r)" % (what, value))
    return value


def _dummy(operand):
    if isinstance(operand, Value):
        shape = (1,) if operand.rank else ()
        return torch.zeros(shape, dtype=TORCH_DTYPES[operand.dtype])
    return operand


def result_dtype(a, b):
    """torch's type promotion of two operands (Values or Python scalars):
    dimensioned tensors over zero-dim tensors over scalars."""
    from .._capture import DTYPES
    if not isinstance(a, Value) and not isinstance(b, Value):
        return DTYPES[torch.result_type(torch.tensor(a), b)]
    if not isinstance(a, Value):
        a, b = b, a
    return DTYPES[torch.result_type(_dummy(a), _dummy(b))]


def normalize_dim(dim, rank):
    return dim + rank if dim < 0 else dim


def cast(em, value, dtype):
    """`value` converted to `dtype` (a generic), or itself."""
    if value.dtype == dtype:
        return value
    return em.b.elementwise([value], value.shape, dtype,
                            lambda body, ins, outs: body.cast(ins[0], value.dtype, dtype))


def dims_equal(a, b):
    return a == b


def numel(shape):
    """The number of elements as (static product, list of Sym dims)."""
    static = 1
    syms = []
    for d in shape:
        if is_static(d):
            static *= d
        else:
            syms.append(d)
    return static, syms


def count_scalar(em, body, shape, dtype):
    """A scalar of `dtype` holding the number of elements of `shape` (in
    a generic's body; dynamic sizes read from above)."""
    static, syms = numel(shape)
    if not syms:
        return body.const(static, dtype)
    value = em.b.index(syms[0])
    for sym in syms[1:]:
        value = body.raw("arith.muli %s, %s : index" % (value, em.b.index(sym)))
    if static != 1:
        value = body.raw("arith.muli %s, %s : index" % (value, em.b.index(static)))
    as_int = body.raw("arith.index_cast %s : index to i64" % value)
    if is_float(dtype):
        return body.raw("arith.sitofp %s : i64 to %s" % (as_int, dtype))
    return body.cast(as_int, "i64", dtype)


def reduce(em, value, dims, init, combine, dtype=None):
    """Reduces `value` over `dims` (sorted, non-negative) into a tensor of
    the remaining dims; `combine(body, acc, x)` returns the new
    accumulator; `init` is its start value (a scalar)."""
    dtype = dtype or value.dtype
    rank = value.rank
    out_shape = tuple(d for i, d in enumerate(value.shape) if i not in dims)
    acc = em.b.fill(init, out_shape, dtype)
    iterators = ["reduction" if i in dims else "parallel" for i in range(rank)]
    in_map = affine_map(rank, ["d%d" % i for i in range(rank)])
    out_map = affine_map(rank, ["d%d" % i for i in range(rank) if i not in dims])

    def body(b, ins, outs):
        x = b.cast(ins[0], value.dtype, dtype)
        return combine(b, outs[0], x)

    return em.b.generic([value], [in_map], out_shape, dtype, iterators, body,
                        out_map=out_map, init=acc)


def reduced_map(rank, dims):
    """The map reading a tensor reduced over `dims` from the full
    iteration space."""
    return affine_map(rank, ["d%d" % i for i in range(rank) if i not in dims])


def keepdim_shape(shape, dims):
    return tuple(1 if i in dims else d for i, d in enumerate(shape))


def unsqueeze_to(em, value, full_rank, dims):
    """Reinserts unit dims at `dims` (a reduced tensor made keepdim)."""
    return insert_unit_dims(em, value, sorted(dims), full_rank)


def _unit_dim_groups(rank, positions):
    """The reassociation groups of a shape of `rank` dims whose dims at
    `positions` are units: each unit joins the group of the next other dim,
    trailing ones the last group; no groups when every dim is a unit (the
    other side is rank 0)."""
    groups, current = [], []
    for i in range(rank):
        current.append(i)
        if i not in positions:
            groups.append(current)
            current = []
    if current and groups:
        groups[-1].extend(current)
    return groups


def insert_unit_dims(em, value, positions, out_rank=None):
    """`value` with unit dims inserted so that they sit at `positions` of
    the result (tensor.expand_shape; each unit joins the group of the next
    source dim, trailing ones the last group)."""
    positions = set(positions)
    if not positions:
        return value
    out_rank = out_rank if out_rank is not None else value.rank + len(positions)
    out_shape = []
    it = iter(value.shape)
    for i in range(out_rank):
        out_shape.append(1 if i in positions else next(it))
    return em.b.expand(value, _unit_dim_groups(out_rank, positions),
                       tuple(out_shape))


def drop_unit_dims(em, value, positions):
    """`value` without the unit dims at `positions`
    (tensor.collapse_shape)."""
    positions = set(positions)
    if not positions:
        return value
    out_shape = tuple(d for i, d in enumerate(value.shape) if i not in positions)
    return em.b.collapse(value, _unit_dim_groups(value.rank, positions),
                         out_shape)


def float_dtype(em, node, value):
    if not is_float(value.dtype):
        raise em.unsupported(node, "a tensor of dtype %s (a float is expected)" % value.dtype)
    return value.dtype


def sym_to_int(em, node, value, what):
    if isinstance(value, Sym):
        raise em.unsupported(node, "a %s that depends on the batch size" % what)
    return value
