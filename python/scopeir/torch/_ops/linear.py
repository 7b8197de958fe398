"""Matrix products: mm, addmm, bmm, baddbmm, matmul and linear, as
`linalg.matmul` / `linalg.batch_matmul` accumulating into zeros or into the
broadcast bias."""

from . import register
from ._utils import check_tensor, out_meta
from .._ir import Value, affine_map, is_float


def _zero(dtype):
    return 0.0 if is_float(dtype) else 0


def _broadcast(em, value, shape, dtype):
    """`value` (a Value or scalar) broadcast to `shape` in a new tensor."""
    if not isinstance(value, Value):
        return em.b.fill(value, shape, dtype)
    return em.b.elementwise([value], shape, dtype,
                            lambda b, ins, outs: b.cast(ins[0], value.dtype, dtype))


def _scale_add(em, node, product, bias, alpha, beta, meta):
    """beta * bias + alpha * product."""
    operands = [product] + ([bias] if isinstance(bias, Value) else [])

    def body(b, ins, outs):
        d = meta.dtype
        p = ins[0]
        if alpha != 1:
            p = b.binary("arith.mulf" if is_float(d) else "arith.muli", p,
                         b.const(alpha, d), d)
        if bias is None or beta == 0:
            return p
        bias_value = b.cast(ins[1], bias.dtype, d) if isinstance(bias, Value) else \
            b.const(bias, d)
        if beta != 1:
            bias_value = b.binary("arith.mulf" if is_float(d) else "arith.muli",
                                  bias_value, b.const(beta, d), d)
        return b.binary("arith.addf" if is_float(d) else "arith.addi", p, bias_value, d)

    return em.b.elementwise(operands, meta.shape, meta.dtype, body)


def matmul_into(em, a, b, out_shape, dtype, init=None, batch=False):
    if init is None:
        init = em.b.fill(_zero(dtype), out_shape, dtype)
    return em.b.named("linalg.batch_matmul" if batch else "linalg.matmul", [a, b], init)


@register("aten.mm")
def _mm(em, node):
    args, _ = em.args(node)
    a, b = check_tensor(em, node, args[0]), check_tensor(em, node, args[1])
    meta = out_meta(em, node)
    return matmul_into(em, a, b, meta.shape, meta.dtype)


@register("aten.bmm")
def _bmm(em, node):
    args, _ = em.args(node)
    a, b = check_tensor(em, node, args[0]), check_tensor(em, node, args[1])
    meta = out_meta(em, node)
    return matmul_into(em, a, b, meta.shape, meta.dtype, batch=True)


def _add_product(em, node, batch):
    args, kwargs = em.args(node)
    bias, a, b = args[0], check_tensor(em, node, args[1]), check_tensor(em, node, args[2])
    beta = kwargs.get("beta", args[3] if len(args) > 3 else 1)
    alpha = kwargs.get("alpha", args[4] if len(args) > 4 else 1)
    meta = out_meta(em, node)
    if alpha == 1 and beta == 1:
        init = _broadcast(em, bias, meta.shape, meta.dtype)
        return matmul_into(em, a, b, meta.shape, meta.dtype, init=init, batch=batch)
    product = matmul_into(em, a, b, meta.shape, meta.dtype, batch=batch)
    return _scale_add(em, node, product, bias, alpha, beta, meta)


@register("aten.addmm")
def _addmm(em, node):
    return _add_product(em, node, batch=False)


@register("aten.baddbmm")
def _baddbmm(em, node):
    return _add_product(em, node, batch=True)


@register("aten.matmul")
def _matmul(em, node):
    args, _ = em.args(node)
    a, b = check_tensor(em, node, args[0]), check_tensor(em, node, args[1])
    meta = out_meta(em, node)
    if a.rank == 2 and b.rank == 2:
        return matmul_into(em, a, b, meta.shape, meta.dtype)
    if a.rank == 3 and b.rank == 3:
        return matmul_into(em, a, b, meta.shape, meta.dtype, batch=True)
    if a.rank >= 2 and b.rank >= 2:
        return _general_matmul(em, a, b, meta)
    raise em.unsupported(node, "matmul of ranks %d and %d" % (a.rank, b.rank))


def _general_matmul(em, a, b, meta):
    """A batched matmul with broadcast batch dims, as one generic."""
    rank = len(meta.shape)
    # Iteration space: the result's dims, then k.
    k = "d%d" % rank

    def operand_map(v, last_two):
        offset = rank - v.rank
        results = []
        for i, d in enumerate(v.shape[:-2]):
            out_dim = meta.shape[offset + i]
            results.append("0" if d == 1 and out_dim != 1 else "d%d" % (offset + i))
        return affine_map(rank + 1, results + last_two)

    maps = [operand_map(a, ["d%d" % (rank - 2), k]), operand_map(b, [k, "d%d" % (rank - 1)])]
    init = em.b.fill(_zero(meta.dtype), meta.shape, meta.dtype)
    out_map = affine_map(rank + 1, ["d%d" % i for i in range(rank)])

    def body(bd, ins, outs):
        d = meta.dtype
        x = bd.cast(ins[0], a.dtype, d)
        y = bd.cast(ins[1], b.dtype, d)
        p = bd.binary("arith.mulf" if is_float(d) else "arith.muli", x, y, d)
        return bd.binary("arith.addf" if is_float(d) else "arith.addi", outs[0], p, d)

    return em.b.generic([a, b], maps, meta.shape, meta.dtype,
                        ["parallel"] * rank + ["reduction"], body, out_map=out_map,
                        init=init)


@register("aten.linear")
def _linear(em, node):
    args, _ = em.args(node)
    x, w = check_tensor(em, node, args[0]), check_tensor(em, node, args[1])
    bias = args[2] if len(args) > 2 else None
    meta = out_meta(em, node)
    wt = em.b.transpose(w, [1, 0], (w.shape[1], w.shape[0]))
    if x.rank == 2:
        init = _broadcast(em, bias, meta.shape, meta.dtype) if bias is not None else None
        return matmul_into(em, x, wt, meta.shape, meta.dtype, init=init)
    product = _general_matmul(em, x, wt, meta)
    if bias is None:
        return product
    return _scale_add(em, node, product, bias, 1, 1, meta)
