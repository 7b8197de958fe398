"""Convolutions and pooling, NCHW as torch lays them out: padding as
`tensor.pad`, then `linalg.conv_{1,2,3}d_nc*_fc*` (groups:
`linalg.conv_2d_ngchw_gfchw`, depthwise: `linalg.depthwise_conv_2d_nchw_chw`),
accumulating into the broadcast bias; transposed convolutions as a
convolution of the zero-dilated input with the flipped kernel; pooling as
`linalg.pooling_nchw_{max,sum}` on the padded input."""

from . import register
from ._utils import check_tensor, out_meta
from .._ir import Value, affine_map, is_float, is_static, string_literal
from .data_movement import reshape

_NEG_INF = float("-inf")


def _dense_i64(values):
    return "dense<[%s]> : tensor<%dxi64>" % (", ".join(str(v) for v in values), len(values))


def _bias_init(em, bias, shape, dtype):
    """The accumulator: zeros, or the bias broadcast along dim 1."""
    if bias is None:
        return em.b.fill(0.0 if is_float(dtype) else 0, shape, dtype)
    rank = len(shape)
    return em.b.generic([bias], [affine_map(rank, ["d1"])], shape, dtype,
                        ["parallel"] * rank,
                        lambda b, ins, outs: b.cast(ins[0], bias.dtype, dtype))


def _pad_spatial(em, x, low, high, value):
    if not any(low) and not any(high):
        return x
    lows = [0, 0] + list(low)
    highs = [0, 0] + list(high)
    shape = tuple(d if i < 2 else d + lows[i] + highs[i] for i, d in enumerate(x.shape))
    return em.b.pad(x, lows, highs, value, shape)


def _check_spatial_static(em, node, value, what):
    if not all(is_static(d) for d in value.shape[2:]):
        raise em.unsupported(node, "%s with dynamic spatial dims" % what)


@register("aten.convolution", "aten._convolution", "aten.conv2d", "aten.conv1d")
def _convolution(em, node):
    args, _ = em.args(node)
    x, w = check_tensor(em, node, args[0]), check_tensor(em, node, args[1])
    bias = args[2]
    stride, padding, dilation = list(args[3]), list(args[4]), list(args[5])
    transposed = args[6] if len(args) > 6 else False
    output_padding = list(args[7]) if len(args) > 7 else [0] * len(stride)
    groups = args[8] if len(args) > 8 else 1
    meta = out_meta(em, node)
    spatial = x.rank - 2
    if spatial not in (1, 2, 3):
        raise em.unsupported(node, "a %d-d convolution" % spatial)
    _check_spatial_static(em, node, x, "a convolution")
    if len(padding) == 1 and spatial > 1:
        padding = padding * spatial
    if isinstance(padding, str):
        raise em.unsupported(node, "string padding")
    if transposed:
        return _transposed(em, node, x, w, bias, stride, padding, dilation, output_padding,
                           groups, meta)
    x = _pad_spatial(em, x, padding, padding, 0.0)
    return conv_nchw(em, node, x, w, bias, stride, dilation, groups, meta.shape, meta.dtype)


def conv_nchw(em, node, x, w, bias, stride, dilation, groups, out_shape, dtype):
    """A convolution of the padded input `x` (N, C, spatial...) with `w`
    (F, C/groups, kernel...)."""
    spatial = x.rank - 2
    attrs = "{dilations = %s, strides = %s}" % (_dense_i64(dilation), _dense_i64(stride))
    channels = x.shape[1]
    filters = w.shape[0]
    if groups == 1:
        op = {1: "linalg.conv_1d_ncw_fcw", 2: "linalg.conv_2d_nchw_fchw",
              3: "linalg.conv_3d_ncdhw_fcdhw"}[spatial]
        init = _bias_init(em, bias, out_shape, dtype)
        return em.b.named(op, [x, w], init, attrs)
    if spatial != 2:
        raise em.unsupported(node, "a grouped %d-d convolution" % spatial)
    if groups == channels and filters == channels and w.shape[1] == 1:
        # Depthwise: the kernel without its unit dim.
        kernel = em.b.collapse(w, [[0, 1], [2], [3]], (channels,) + tuple(w.shape[2:]))
        init = _bias_init(em, bias, out_shape, dtype)
        return em.b.named("linalg.depthwise_conv_2d_nchw_chw", [x, kernel], init, attrs)
    # Grouped: N, G, C/G, H, W and G, F/G, C/G, kh, kw.
    g = groups
    x5 = em.b.expand(x, [[0], [1, 2], [3], [4]],
                     (x.shape[0], g, channels // g) + tuple(x.shape[2:]))
    w5 = em.b.expand(w, [[0, 1], [2], [3], [4]], (g, filters // g) + tuple(w.shape[1:]))
    out5 = (out_shape[0], g, filters // g) + tuple(out_shape[2:])
    init = _bias_init(em, bias, out_shape, dtype)
    init5 = em.b.expand(init, [[0], [1, 2], [3], [4]], out5)
    result = em.b.named("linalg.conv_2d_ngchw_gfchw", [x5, w5], init5, attrs)
    return em.b.collapse(result, [[0], [1, 2], [3], [4]], out_shape)


def _transposed(em, node, x, w, bias, stride, padding, dilation, output_padding, groups,
                meta):
    """conv_transpose = conv(zero-dilated, padded input, flipped kernel
    with in/out channels swapped)."""
    spatial = x.rank - 2
    kernel = [d for d in w.shape[2:]]
    if not all(is_static(k) for k in kernel):
        raise em.unsupported(node, "a transposed convolution with a dynamic kernel")
    # The input with stride-1 zeros between elements.
    if any(s != 1 for s in stride):
        dilated_shape = tuple(x.shape[:2]) + tuple(
            (d - 1) * s + 1 for d, s in zip(x.shape[2:], stride))
        zeros = em.b.fill(0.0 if is_float(x.dtype) else 0, dilated_shape, x.dtype)
        x = em.b.insert_slice(x, zeros, [0] * x.rank, list(x.shape),
                              [1, 1] + list(stride))
    low = [dl * (k - 1) - p for dl, k, p in zip(dilation, kernel, padding)]
    high = [lo + op for lo, op in zip(low, output_padding)]
    if any(v < 0 for v in low + high):
        raise em.unsupported(node, "a transposed convolution whose padding exceeds "
                             "dilation * (kernel - 1)")
    x = _pad_spatial(em, x, low, high, 0.0)
    # w: (C_in, F/groups, k...) -> (F, C_in/groups, k...) flipped.
    c_in, f_per_group = w.shape[0], w.shape[1]
    g = groups
    flipped_shape = (f_per_group * g, c_in // g) + tuple(kernel)
    rank = w.rank
    results = []
    # Iteration over the new kernel (f, c, k...): read w[gi*C/g + c, f % Fg, K-1-k].
    if g == 1:
        results = ["d1", "d0"] + ["%d - d%d" % (k - 1, 2 + i) for i, k in enumerate(kernel)]
        flipped = em.b.generic([w], [affine_map(rank, results)], flipped_shape, w.dtype,
                               ["parallel"] * rank, lambda b, ins, outs: ins[0])
    else:
        cg = c_in // g

        def body(b, ins, outs):
            f = b.index(0)
            c = b.index(1)
            group = b.raw("arith.divui %s, %s : index" % (f, em.b.index(f_per_group)))
            f_in_group = b.raw("arith.remui %s, %s : index" % (f, em.b.index(f_per_group)))
            base = b.raw("arith.muli %s, %s : index" % (group, em.b.index(cg)))
            row = b.raw("arith.addi %s, %s : index" % (base, c))
            coords = [row, f_in_group]
            for i, k in enumerate(kernel):
                coords.append(b.raw("arith.subi %s, %s : index" % (
                    em.b.index(k - 1), b.index(2 + i))))
            return b.raw("tensor.extract %s[%s] : %s" % (w.name, ", ".join(coords), w.type))
        flipped = em.b.generic([], [], flipped_shape, w.dtype, ["parallel"] * rank, body)
    return conv_nchw(em, node, x, flipped, bias, [1] * spatial, dilation, g, meta.shape,
                     meta.dtype)


def _pool_window(em, kernel, dtype):
    return em.b.empty(tuple(kernel), dtype)


def _ceil_extra(in_size, out_size, kernel, stride, padding, dilation):
    """Right padding beyond `padding` that ceil_mode's last window needs."""
    needed = (out_size - 1) * stride + dilation * (kernel - 1) + 1
    return max(0, needed - (in_size + 2 * padding))


def _pool_args(args, spatial, first):
    kernel = list(args[first])
    kernel = kernel * spatial if len(kernel) == 1 else kernel
    stride = list(args[first + 1]) if len(args) > first + 1 and args[first + 1] else kernel
    stride = stride * spatial if len(stride) == 1 else stride
    padding = list(args[first + 2]) if len(args) > first + 2 else [0] * spatial
    padding = padding * spatial if len(padding) == 1 else padding
    return kernel, stride, padding


@register("aten.max_pool2d_with_indices", "aten.max_pool2d")
def _max_pool2d(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    kernel, stride, padding = _pool_args(args, 2, 1)
    dilation = list(args[4]) if len(args) > 4 else [1, 1]
    dilation = dilation * 2 if len(dilation) == 1 else dilation
    with_indices = node.target.overloadpacket.__name__ == "max_pool2d_with_indices"
    meta = out_meta(em, node, 0 if with_indices else None)
    _check_spatial_static(em, node, x, "pooling")
    if with_indices:
        for user in em.live_users(node):
            if user.args[1] != 0:
                raise em.unsupported(node, "the indices of max_pool2d_with_indices "
                                     "(return_indices=True)")
    low = padding
    high = [p + _ceil_extra(x.shape[2 + i], meta.shape[2 + i], kernel[i], stride[i],
                            padding[i], dilation[i]) for i, p in enumerate(padding)]
    if not is_float(x.dtype):
        raise em.unsupported(node, "max pooling of integers")
    padded = _pad_spatial(em, x, low, high, _NEG_INF)
    init = em.b.fill(_NEG_INF, meta.shape, meta.dtype)
    window = _pool_window(em, kernel, meta.dtype)
    attrs = "{dilations = %s, strides = %s}" % (_dense_i64(dilation), _dense_i64(stride))
    result = em.b.named("linalg.pooling_nchw_max", [padded, window], init, attrs)
    return [result, None] if with_indices else result


@register("aten.avg_pool2d")
def _avg_pool2d(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    kernel, stride, padding = _pool_args(args, 2, 1)
    # ceil_mode shows in the result's shape: the extra right padding below.
    count_include_pad = args[5] if len(args) > 5 else kwargs.get("count_include_pad", True)
    divisor = args[6] if len(args) > 6 else kwargs.get("divisor_override")
    meta = out_meta(em, node)
    _check_spatial_static(em, node, x, "pooling")
    dtype = meta.dtype
    extra = [_ceil_extra(x.shape[2 + i], meta.shape[2 + i], kernel[i], stride[i],
                         padding[i], 1) for i in range(2)]
    high = [p + e for p, e in zip(padding, extra)]
    padded = _pad_spatial(em, x, padding, high, 0.0)
    init = em.b.fill(0.0, meta.shape, dtype)
    window = _pool_window(em, kernel, dtype)
    attrs = "{dilations = %s, strides = %s}" % (_dense_i64([1, 1]), _dense_i64(stride))
    sums = em.b.named("linalg.pooling_nchw_sum", [padded, window], init, attrs)
    if divisor:
        return em.b.elementwise([sums], meta.shape, dtype, lambda b, ins, outs: b.binary(
            "arith.divf", ins[0], b.const(divisor, dtype), dtype))
    # The divisor of each window: the window clipped to the padded input
    # (count_include_pad) or to the input itself, as torch counts it.
    counts = []
    for i in range(2):
        size = x.shape[2 + i]
        row = []
        for o in range(meta.shape[2 + i]):
            start = o * stride[i] - padding[i]
            end = min(start + kernel[i], size + padding[i])
            if count_include_pad:
                row.append(end - start)
            else:
                row.append(min(end, size) - max(start, 0))
        counts.append(row)
    import numpy as np
    table = np.outer(np.array(counts[0], np.float64), np.array(counts[1], np.float64))
    divisors = em.b.constant(table.astype(np.float32), dtype) if dtype == "f32" else \
        em.b.constant(table, dtype)
    rank = 4
    return em.b.generic([sums, divisors], [affine_map(rank, ["d0", "d1", "d2", "d3"]),
                                           affine_map(rank, ["d2", "d3"])],
                        meta.shape, dtype, ["parallel"] * rank,
                        lambda b, ins, outs: b.binary("arith.divf", ins[0], ins[1], dtype))


@register("aten._adaptive_avg_pool2d", "aten.adaptive_avg_pool2d",
          "aten.adaptive_max_pool2d")
def _adaptive_pool2d(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    is_max = node.target.overloadpacket.__name__ == "adaptive_max_pool2d"
    meta = out_meta(em, node, 0 if is_max else None)
    _check_spatial_static(em, node, x, "adaptive pooling")
    in_sizes = x.shape[2:]
    out_sizes = meta.shape[2:]
    if is_max:
        for user in em.live_users(node):
            if user.args[1] != 0:
                raise em.unsupported(node, "the indices of adaptive_max_pool2d")
    dtype = meta.dtype
    if all(i % o == 0 for i, o in zip(in_sizes, out_sizes)):
        kernel = [i // o for i, o in zip(in_sizes, out_sizes)]
        window = _pool_window(em, kernel, dtype)
        attrs = "{dilations = %s, strides = %s}" % (_dense_i64([1, 1]), _dense_i64(kernel))
        if is_max:
            init = em.b.fill(_NEG_INF, meta.shape, dtype)
            result = em.b.named("linalg.pooling_nchw_max", [x, window], init, attrs)
            return [result, None]
        init = em.b.fill(0.0, meta.shape, dtype)
        sums = em.b.named("linalg.pooling_nchw_sum", [x, window], init, attrs)
        count = kernel[0] * kernel[1]
        return em.b.elementwise([sums], meta.shape, dtype, lambda b, ins, outs: b.binary(
            "arith.divf", ins[0], b.const(count, dtype), dtype))
    # Windows of different sizes: [floor(o*in/out), ceil((o+1)*in/out)).
    return _adaptive_general(em, node, x, meta, is_max)


def _adaptive_general(em, node, x, meta, is_max):
    """Adaptive pooling whose windows differ in size: a reduction over the
    largest window with out-of-window positions masked."""
    in_h, in_w = x.shape[2:]
    out_h, out_w = meta.shape[2:]

    def bounds(o, size, out):
        return (o * size) // out, -((-(o + 1) * size) // out)

    kh = max(bounds(o, in_h, out_h)[1] - bounds(o, in_h, out_h)[0] for o in range(out_h))
    kw = max(bounds(o, in_w, out_w)[1] - bounds(o, in_w, out_w)[0] for o in range(out_w))
    dtype = meta.dtype
    rank = 6  # n, c, oh, ow, kh, kw
    init = em.b.fill(_NEG_INF if is_max else 0.0, meta.shape, dtype)
    out_map = affine_map(rank, ["d0", "d1", "d2", "d3"])

    def start_and_size(b, o, size, out):
        # start = o*size/out; end = ceil((o+1)*size/out).
        oi = b.index(o)
        start = b.raw("arith.divui %s, %s : index" % (
            b.raw("arith.muli %s, %s : index" % (oi, em.b.index(size))), em.b.index(out)))
        next_ = b.raw("arith.addi %s, %s : index" % (oi, em.b.index(1)))
        end = b.raw("arith.ceildivui %s, %s : index" % (
            b.raw("arith.muli %s, %s : index" % (next_, em.b.index(size))), em.b.index(out)))
        return start, end

    def body(b, ins, outs):
        hs, he = start_and_size(b, 2, in_h, out_h)
        ws, we = start_and_size(b, 3, in_w, out_w)
        h = b.raw("arith.addi %s, %s : index" % (hs, b.index(4)))
        w = b.raw("arith.addi %s, %s : index" % (ws, b.index(5)))
        inside = b.raw("arith.andi %s, %s : i1" % (
            b.raw("arith.cmpi ult, %s, %s : index" % (h, he)),
            b.raw("arith.cmpi ult, %s, %s : index" % (w, we))))
        hc = b.raw("arith.minui %s, %s : index" % (h, em.b.index(in_h - 1)))
        wc = b.raw("arith.minui %s, %s : index" % (w, em.b.index(in_w - 1)))
        value = b.raw("tensor.extract %s[%s, %s, %s, %s] : %s" % (
            x.name, b.index(0), b.index(1), hc, wc, x.type))
        if is_max:
            candidate = b.binary("arith.maximumf", outs[0], value, dtype)
            return b.select(inside, candidate, outs[0], dtype)
        count = b.raw("arith.muli %s, %s : index" % (
            b.raw("arith.subi %s, %s : index" % (he, hs)),
            b.raw("arith.subi %s, %s : index" % (we, ws))))
        count_f = b.raw("arith.sitofp %s : i64 to %s" % (
            b.raw("arith.index_cast %s : index to i64" % count), dtype))
        share = b.binary("arith.divf", value, count_f, dtype)
        return b.select(inside, b.binary("arith.addf", outs[0], share, dtype), outs[0], dtype)

    # The window dims only shape the iteration space: a dummy input.
    window = em.b.empty((kh, kw), dtype)
    result = em.b.generic([window], [affine_map(rank, ["d4", "d5"])], meta.shape, dtype,
                          ["parallel"] * 4 + ["reduction"] * 2, body, out_map=out_map,
                          init=init)
    return [result, None] if is_max else result


@register("aten.max_pool1d", "aten.avg_pool1d", "aten.max_pool1d_with_indices")
def _pool1d(em, node):
    raise em.unsupported(node, "1-d pooling")


del Value, string_literal, reshape
