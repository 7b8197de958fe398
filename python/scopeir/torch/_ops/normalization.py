"""Normalizations: batch norm (inference with running statistics, or
batch statistics as instance norm uses it), layer norm and group norm, as
reductions for the statistics and one generic for the normalization."""

from . import register
from ._utils import cast, check_tensor, count_scalar, reduce, reduced_map
from .._ir import Value, affine_map, identity_map, is_float


def _mean_and_rstd(em, x, dims, eps, dtype):
    """The mean and 1/sqrt(var + eps) (biased variance) of `x` over `dims`,
    in two passes (mean, then the mean of squared deviations)."""
    shape = [x.shape[d] for d in dims]
    rank = x.rank
    xd = cast(em, x, dtype)
    total = reduce(em, xd, dims, 0.0, lambda b, acc, v: b.binary("arith.addf", acc, v, dtype))
    mean = em.b.elementwise([total], total.shape, dtype, lambda b, ins, outs: b.binary(
        "arith.divf", ins[0], count_scalar(em, b, shape, dtype), dtype))
    squares = em.b.generic(
        [xd, mean], [identity_map(rank), reduced_map(rank, dims)],
        tuple(d for i, d in enumerate(x.shape) if i not in dims), dtype,
        ["reduction" if i in dims else "parallel" for i in range(rank)],
        lambda b, ins, outs: b.binary("arith.addf", outs[0], b.binary(
            "arith.mulf", b.binary("arith.subf", ins[0], ins[1], dtype),
            b.binary("arith.subf", ins[0], ins[1], dtype), dtype), dtype),
        out_map=reduced_map(rank, dims),
        init=em.b.fill(0.0, tuple(d for i, d in enumerate(x.shape) if i not in dims), dtype))

    def rstd(b, ins, outs):
        var = b.binary("arith.divf", ins[0], count_scalar(em, b, shape, dtype), dtype)
        return b.unary("math.rsqrt", b.binary("arith.addf", var, b.const(eps, dtype), dtype),
                       dtype)

    return mean, em.b.elementwise([squares], squares.shape, dtype, rstd)


def _normalize(em, x, mean, rstd, stat_map, weight, bias, param_map, dtype, out_dtype):
    """(x - mean) * rstd * weight + bias, statistics and parameters read
    through their maps."""
    rank = x.rank
    inputs = [x, mean, rstd]
    maps = [identity_map(rank), stat_map, stat_map]
    if isinstance(weight, Value):
        inputs.append(weight)
        maps.append(param_map)
    if isinstance(bias, Value):
        inputs.append(bias)
        maps.append(param_map)

    def body(b, ins, outs):
        v = b.cast(ins[0], x.dtype, dtype)
        y = b.binary("arith.mulf", b.binary("arith.subf", v, ins[1], dtype), ins[2], dtype)
        k = 3
        if isinstance(weight, Value):
            y = b.binary("arith.mulf", y, b.cast(ins[k], weight.dtype, dtype), dtype)
            k += 1
        if isinstance(bias, Value):
            y = b.binary("arith.addf", y, b.cast(ins[k], bias.dtype, dtype), dtype)
        return b.cast(y, dtype, out_dtype)

    return em.b.generic(inputs, maps, x.shape, out_dtype, ["parallel"] * rank, body)


@register("aten.native_batch_norm", "aten._native_batch_norm_legit",
          "aten._native_batch_norm_legit_no_training", "aten.batch_norm",
          "aten.cudnn_batch_norm", "aten.miopen_batch_norm")
def _batch_norm(em, node):
    args, kwargs = em.args(node)
    name = node.target.overloadpacket.__name__
    x = check_tensor(em, node, args[0])
    weight, bias, running_mean, running_var = args[1], args[2], args[3], args[4]
    if name == "_native_batch_norm_legit_no_training":
        training, eps = False, args[6]
    elif name == "batch_norm":
        training, eps = args[5], args[7]
    else:
        training, eps = args[5], args[7]
    metas = em.meta(node)
    meta = metas[0] if isinstance(metas, list) else metas
    dtype = meta.dtype if is_float(meta.dtype) else "f32"
    rank = x.rank
    channel_map = affine_map(rank, ["d1"])
    if training or running_mean is None:
        # Statistics of the batch (instance norm runs batch norm this way on
        # a reshaped input); running statistics are not updated.
        if isinstance(running_mean, Value) and training:
            raise em.unsupported(node, "batch norm in training mode (it updates the "
                                 "running statistics)")
        dims = [0] + list(range(2, rank))
        mean, rstd = _mean_and_rstd(em, x, dims, eps, dtype)
        stat_map = channel_map
    else:
        mean = cast(em, running_mean, dtype)
        rstd = em.b.elementwise([running_var], running_var.shape, dtype,
                                lambda b, ins, outs: b.unary("math.rsqrt", b.binary(
                                    "arith.addf", b.cast(ins[0], running_var.dtype, dtype),
                                    b.const(eps, dtype), dtype), dtype))
        stat_map = channel_map
    out = _normalize(em, x, mean, rstd, stat_map, weight, bias, channel_map, dtype,
                     meta.dtype)
    if name == "batch_norm":
        return out
    return [out, None, None] if name != "cudnn_batch_norm" else [out, None, None, None]


@register("aten.native_layer_norm", "aten.layer_norm")
def _layer_norm(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    normalized = list(args[1])
    weight = args[2] if len(args) > 2 else kwargs.get("weight")
    bias = args[3] if len(args) > 3 else kwargs.get("bias")
    eps = args[4] if len(args) > 4 else kwargs.get("eps", 1e-5)
    name = node.target.overloadpacket.__name__
    metas = em.meta(node)
    meta = metas[0] if isinstance(metas, list) else metas
    dtype = meta.dtype
    rank = x.rank
    axis = rank - len(normalized)
    dims = list(range(axis, rank))
    mean, rstd = _mean_and_rstd(em, x, dims, eps, dtype)
    stat_map = reduced_map(rank, dims)
    param_map = affine_map(rank, ["d%d" % i for i in dims])
    out = _normalize(em, x, mean, rstd, stat_map, weight, bias, param_map, dtype, meta.dtype)
    if name == "layer_norm":
        return out
    # The statistics keep the normalized dims as units.
    from ._utils import unsqueeze_to
    return [out, unsqueeze_to(em, mean, rank, dims), unsqueeze_to(em, rstd, rank, dims)]


@register("aten.native_group_norm", "aten.group_norm")
def _group_norm(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    name = node.target.overloadpacket.__name__
    if name == "group_norm":
        groups, weight, bias, eps = args[1], args[2], args[3], args[4]
    else:
        weight, bias, groups, eps = args[1], args[2], args[6], args[7]
    metas = em.meta(node)
    meta = metas[0] if isinstance(metas, list) else metas
    dtype = meta.dtype
    rank = x.rank
    channels = x.shape[1]
    # (N, G, C/G, spatial...) and statistics over dims 2..
    from .data_movement import reshape
    grouped_shape = (x.shape[0], groups, channels // groups) + tuple(x.shape[2:])
    xg = reshape(em, x, grouped_shape)
    dims = list(range(2, rank + 1))
    mean, rstd = _mean_and_rstd(em, xg, dims, eps, dtype)
    stat_map = affine_map(rank + 1, ["d0", "d1"])
    # Parameters per channel: channel = g * C/G + c.
    if isinstance(weight, Value):
        weight = reshape(em, weight, (groups, channels // groups))
    if isinstance(bias, Value):
        bias = reshape(em, bias, (groups, channels // groups))
    param_map = affine_map(rank + 1, ["d1", "d2"])
    out = _normalize(em, xg, mean, rstd, stat_map, weight, bias, param_map, dtype,
                     meta.dtype)
    out = reshape(em, out, meta.shape)
    if name == "group_norm":
        return out
    return [out, mean, rstd]
