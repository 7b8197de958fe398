"""Ops that move data: views and reshapes (`tensor.expand_shape` /
`collapse_shape`), transposes (`linalg.transpose`), broadcasts, slices
(`tensor.extract_slice`), concatenation (`tensor.insert_slice` into a new
tensor), padding (`tensor.pad`), gathers (embedding, index_select, gather,
advanced indexing: `tensor.extract` in a generic's body), repeats, flips,
rolls, resizing (nearest and bilinear upsampling) and factories."""

from . import register
from ._utils import cast, check_tensor, drop_unit_dims, insert_unit_dims, \
    normalize_dim, out_meta
from .._ir import Sym, Value, affine_map, is_float, is_static

# A stand-in batch size for ordering products of sizes (dims are a*B or
# static; B is never this large).
_NOMINAL_BATCH = 1000003


def _weight(dim):
    return dim if is_static(dim) else dim.a * _NOMINAL_BATCH


def dim_add(a, b):
    """a + b for sizes that are ints or Syms (None if not linear)."""
    if is_static(a) and is_static(b):
        return a + b
    if is_static(a):
        a, b = b, a
    if is_static(b):
        return Sym(a.a, a.c + b) if a.a else a.c + b
    total = a.a + b.a
    return Sym(total, a.c + b.c) if total else a.c + b.c


def _groups(src, dst):
    """Reassociation groups (src indices, dst indices) between two shapes
    with equal products, or None."""
    if any(not is_static(d) and d.c != 0 for d in list(src) + list(dst)):
        return None
    groups = []
    i = j = 0
    n, m = len(src), len(dst)
    while i < n or j < m:
        gs, gd = [], []
        ps = pd = 1
        if i < n:
            gs.append(i)
            ps *= _weight(src[i])
            i += 1
        if j < m:
            gd.append(j)
            pd *= _weight(dst[j])
            j += 1
        while ps != pd:
            if ps < pd and i < n:
                gs.append(i)
                ps *= _weight(src[i])
                i += 1
            elif pd < ps and j < m:
                gd.append(j)
                pd *= _weight(dst[j])
                j += 1
            else:
                return None
        groups.append((gs, gd))
    # Unit dims left over on one side join the previous group.
    merged = []
    for gs, gd in groups:
        if (not gs or not gd) and merged:
            merged[-1][0].extend(gs)
            merged[-1][1].extend(gd)
        else:
            merged.append((list(gs), list(gd)))
    if merged and (not merged[0][0] or not merged[0][1]) and len(merged) > 1:
        first = merged.pop(0)
        merged[0] = (first[0] + merged[0][0], first[1] + merged[0][1])
    if any(not gs or not gd for gs, gd in merged):
        return None
    return merged


def reshape(em, x, out_shape):
    """`x` viewed with `out_shape` (same elements, row-major order)."""
    out_shape = tuple(out_shape)
    if x.shape == out_shape:
        return x
    if x.rank == 0:
        return em.b.expand(x, [], out_shape)
    if not out_shape:
        return em.b.collapse(x, [], out_shape)
    groups = _groups(x.shape, out_shape)
    if groups is not None:
        if all(len(gs) == 1 for gs, _ in groups):
            return em.b.expand(x, [gd for _, gd in groups], out_shape)
        if all(len(gd) == 1 for _, gd in groups):
            return em.b.collapse(x, [gs for gs, _ in groups], out_shape)
        # Collapse each group to one dim, then expand it.
        middle = []
        for gs, gd in groups:
            size = 1
            dynamic = None
            for i in gs:
                d = x.shape[i]
                if is_static(d):
                    size *= d
                else:
                    dynamic = d
            middle.append(size if dynamic is None else Sym(dynamic.a * size, 0))
        collapsed = em.b.collapse(x, [gs for gs, _ in groups], tuple(middle))
        return em.b.expand(collapsed, [gd for _, gd in groups], out_shape)
    # Through one dimension.
    total = 1
    dynamic = None
    for d in x.shape:
        if is_static(d):
            total *= d
        elif dynamic is None:
            dynamic = d
        else:
            dynamic = None
            break
    flat_dim = total if dynamic is None and all(is_static(d) for d in x.shape) else \
        Sym(dynamic.a * total, dynamic.c * total) if dynamic is not None else None
    if flat_dim is None:
        raise ValueError("a reshape of %s to %s" % (x.shape, out_shape))
    flat = em.b.collapse(x, [list(range(x.rank))], (flat_dim,))
    return em.b.expand(flat, [list(range(len(out_shape)))], out_shape)


@register("aten.view", "aten._reshape_alias", "aten._unsafe_view", "aten.reshape",
          "aten.view_as", "aten.flatten", "aten.unflatten", "aten.expand_as",
          "aten.squeeze", "aten.unsqueeze", "aten.squeeze_", "aten.unsqueeze_")
def _view(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    packet = node.target.overloadpacket.__name__.rstrip("_")
    if packet == "expand_as":
        return _broadcast_to(em, x, meta.shape)
    if packet == "unsqueeze":
        dim = normalize_dim(args[1], x.rank + 1)
        return insert_unit_dims(em, x, [dim])
    if packet == "squeeze":
        if len(args) > 1:
            dims = args[1] if isinstance(args[1], (list, tuple)) else [args[1]]
            dims = [normalize_dim(d, x.rank) for d in dims]
            dims = [d for d in dims if x.shape[d] == 1]
        else:
            dims = [i for i, d in enumerate(x.shape) if d == 1]
        return drop_unit_dims(em, x, dims)
    return reshape(em, x, meta.shape)


def _broadcast_to(em, x, shape):
    shape = tuple(shape)
    if x.shape == shape:
        return x
    return em.b.elementwise([x], shape, x.dtype, lambda b, ins, outs: ins[0])


@register("aten.expand", "aten.broadcast_to")
def _expand(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    return _broadcast_to(em, x, out_meta(em, node).shape)


@register("aten.permute", "aten.transpose", "aten.t", "aten.numpy_T", "aten.swapaxes",
          "aten.movedim", "aten.transpose_", "aten.t_")
def _permute(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    packet = node.target.overloadpacket.__name__.rstrip("_")
    rank = x.rank
    if packet == "permute":
        perm = [normalize_dim(d, rank) for d in args[1]]
    elif packet in ("t", "numpy_T"):
        perm = list(range(rank))[::-1]
    elif packet == "movedim":
        src = args[1] if isinstance(args[1], (list, tuple)) else [args[1]]
        dst = args[2] if isinstance(args[2], (list, tuple)) else [args[2]]
        src = [normalize_dim(d, rank) for d in src]
        dst = [normalize_dim(d, rank) for d in dst]
        perm = [None] * rank
        for s, d in zip(src, dst):
            perm[d] = s
        rest = iter(i for i in range(rank) if i not in src)
        perm = [p if p is not None else next(rest) for p in perm]
    else:
        d0, d1 = normalize_dim(args[1], rank), normalize_dim(args[2], rank)
        perm = list(range(rank))
        perm[d0], perm[d1] = perm[d1], perm[d0]
    if perm == list(range(rank)):
        return x
    return em.b.transpose(x, perm, out_meta(em, node).shape)


def _normalize_bound(value, size, default):
    """A slice bound as torch clamps it: None -> default, negative ->
    from the end, clamped to [0, size]."""
    if value is None:
        return default
    if is_static(value) and value >= 2 ** 62:
        return size
    if is_static(value) and value < 0:
        value = dim_add(size, value)
        if is_static(value) and value < 0:
            return 0
        return value
    if is_static(value) and is_static(size):
        return min(value, size)
    return value


@register("aten.slice")
def _slice(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    dim = normalize_dim(args[1] if len(args) > 1 else kwargs.get("dim", 0), x.rank)
    start = args[2] if len(args) > 2 else kwargs.get("start")
    step = args[4] if len(args) > 4 else kwargs.get("step", 1)
    meta = out_meta(em, node)
    start = _normalize_bound(start, x.shape[dim], 0)
    if meta.shape == x.shape:
        return x
    offsets = [0] * x.rank
    offsets[dim] = start
    strides = [1] * x.rank
    strides[dim] = step
    return em.b.extract_slice(x, offsets, list(meta.shape), strides, meta.shape)


@register("aten.narrow")
def _narrow(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    dim = normalize_dim(args[1], x.rank)
    start = _normalize_bound(args[2], x.shape[dim], 0)
    meta = out_meta(em, node)
    offsets = [0] * x.rank
    offsets[dim] = start
    return em.b.extract_slice(x, offsets, list(meta.shape), [1] * x.rank, meta.shape)


def _select(em, x, dim, index, out_shape):
    if is_static(index) and index < 0:
        index = dim_add(x.shape[dim], index)
    offsets = [0] * x.rank
    offsets[dim] = index
    sizes = list(x.shape)
    sizes[dim] = 1
    return em.b.extract_slice(x, offsets, sizes, [1] * x.rank, out_shape)


@register("aten.select")
def _select_lowering(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    dim = normalize_dim(args[1], x.rank)
    return _select(em, x, dim, args[2], out_meta(em, node).shape)


@register("aten.unbind")
def _unbind(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    dim = normalize_dim(args[1] if len(args) > 1 else 0, x.rank)
    metas = em.meta(node)
    return [_select(em, x, dim, i, m.shape) for i, m in enumerate(metas)]


@register("aten.split", "aten.split_with_sizes", "aten.chunk", "aten.tensor_split")
def _split(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    dim = normalize_dim(args[2] if len(args) > 2 else 0, x.rank)
    metas = em.meta(node)
    results = []
    offset = 0
    for m in metas:
        offsets = [0] * x.rank
        offsets[dim] = offset
        results.append(em.b.extract_slice(x, offsets, list(m.shape), [1] * x.rank, m.shape)
                       if m.shape != x.shape else x)
        offset = dim_add(offset, m.shape[dim])
    return results


@register("aten.pixel_shuffle", "aten.pixel_unshuffle")
def _pixel_shuffle(em, node):
    """(N, C r^2, H, W) <-> (N, C, H r, W r): a reshape, a transpose, a
    reshape."""
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    r = args[1]
    meta = out_meta(em, node)
    n = x.shape[0]
    if node.target.overloadpacket.__name__ == "pixel_shuffle":
        c, h, w = meta.shape[1], x.shape[2], x.shape[3]
        split = reshape(em, x, (n, c, r, r, h, w))
        moved = em.b.transpose(split, [0, 1, 4, 2, 5, 3], (n, c, h, r, w, r))
    else:
        c, h, w = x.shape[1], meta.shape[2], meta.shape[3]
        split = reshape(em, x, (n, c, h, r, w, r))
        moved = em.b.transpose(split, [0, 1, 3, 5, 2, 4], (n, c, r, r, h, w))
    return reshape(em, moved, meta.shape)


@register("aten.slice_scatter")
def _slice_scatter(em, node):
    """`input` with `src` written into input[..., start:end:step, ...]
    (what functionalization makes of writes into a slice)."""
    args, kwargs = em.args(node)
    x, src = check_tensor(em, node, args[0]), check_tensor(em, node, args[1])
    dim = normalize_dim(args[2] if len(args) > 2 else kwargs.get("dim", 0), x.rank)
    start = args[3] if len(args) > 3 else kwargs.get("start")
    step = args[5] if len(args) > 5 else kwargs.get("step", 1)
    start = _normalize_bound(start, x.shape[dim], 0)
    offsets = [0] * x.rank
    offsets[dim] = start
    strides = [1] * x.rank
    strides[dim] = step
    src = cast(em, src, x.dtype)
    if src.shape == x.shape and step == 1:
        return src
    return em.b.insert_slice(src, x, offsets, list(src.shape), strides)


@register("aten.select_scatter")
def _select_scatter(em, node):
    """`input` with `src` written into input.select(dim, index)."""
    args, _ = em.args(node)
    x, src = check_tensor(em, node, args[0]), check_tensor(em, node, args[1])
    dim = normalize_dim(args[2], x.rank)
    index = args[3]
    if is_static(index) and index < 0:
        index = dim_add(x.shape[dim], index)
    src = insert_unit_dims(em, cast(em, src, x.dtype), [dim])
    offsets = [0] * x.rank
    offsets[dim] = index
    return em.b.insert_slice(src, x, offsets, list(src.shape), [1] * x.rank)


@register("aten.cat", "aten.concat", "aten.concatenate")
def _cat(em, node):
    args, kwargs = em.args(node)
    tensors = list(args[0])
    dim = args[1] if len(args) > 1 else kwargs.get("dim", 0)
    meta = out_meta(em, node)
    rank = len(meta.shape)
    dim = normalize_dim(dim, rank)
    # torch skips 1-D empty tensors in cat.
    tensors = [check_tensor(em, node, t) for t in tensors]
    tensors = [t for t in tensors if not (t.rank == 1 and t.shape[0] == 0 and rank != 1)]
    if len(tensors) == 1:
        return cast(em, tensors[0], meta.dtype)
    result = em.b.empty(meta.shape, meta.dtype)
    offset = 0
    for t in tensors:
        t = cast(em, t, meta.dtype)
        offsets = [0] * rank
        offsets[dim] = offset
        result = em.b.insert_slice(t, result, offsets, list(t.shape), [1] * rank)
        offset = dim_add(offset, t.shape[dim])
    return result


@register("aten.stack")
def _stack(em, node):
    args, kwargs = em.args(node)
    tensors = [check_tensor(em, node, t) for t in args[0]]
    dim = args[1] if len(args) > 1 else kwargs.get("dim", 0)
    meta = out_meta(em, node)
    rank = len(meta.shape)
    dim = normalize_dim(dim, rank)
    result = em.b.empty(meta.shape, meta.dtype)
    for i, t in enumerate(tensors):
        t = insert_unit_dims(em, cast(em, t, meta.dtype), [dim])
        offsets = [0] * rank
        offsets[dim] = i
        result = em.b.insert_slice(t, result, offsets, list(t.shape), [1] * rank)
    return result


@register("aten.constant_pad_nd", "aten.pad")
def _pad(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    pads = list(args[1])
    value = args[2] if len(args) > 2 else kwargs.get("value", 0)
    if node.target.overloadpacket.__name__ == "pad":
        mode = args[2] if len(args) > 2 else kwargs.get("mode", "constant")
        if mode != "constant":
            return _pad_mode(em, node, x, pads, mode)
        value = args[3] if len(args) > 3 else kwargs.get("value", 0)
        value = 0 if value is None else value
    meta = out_meta(em, node)
    low = [0] * x.rank
    high = [0] * x.rank
    for i in range(len(pads) // 2):
        dim = x.rank - 1 - i
        low[dim], high[dim] = pads[2 * i], pads[2 * i + 1]
    # Negative pads crop first.
    if any(p < 0 for p in low + high):
        offsets = [max(0, -p) for p in low]
        sizes = [dim_add(dim_add(d, -max(0, -lo)), -max(0, -hi))
                 for d, lo, hi in zip(x.shape, low, high)]
        x = em.b.extract_slice(x, offsets, sizes, [1] * x.rank, tuple(sizes))
        low = [max(0, p) for p in low]
        high = [max(0, p) for p in high]
    if not any(low) and not any(high):
        return x
    return em.b.pad(x, low, high, value, meta.shape)


@register("aten.reflection_pad1d", "aten.reflection_pad2d", "aten.reflection_pad3d",
          "aten.replication_pad1d", "aten.replication_pad2d", "aten.replication_pad3d")
def _pad_op(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    name = node.target.overloadpacket.__name__
    mode = "reflect" if name.startswith("reflection") else "replicate"
    return _pad_mode(em, node, x, list(args[1]), mode)


def _pad_mode(em, node, x, pads, mode):
    """reflect / replicate / circular padding: a gather of clamped or
    mirrored coordinates."""
    meta = out_meta(em, node)
    low = [0] * x.rank
    for i in range(len(pads) // 2):
        low[x.rank - 1 - i] = pads[2 * i]
    if any(not is_static(d) for i, d in enumerate(x.shape) if low[i] or i >= x.rank - len(pads) // 2):
        raise em.unsupported(node, "padding a dynamic dim")
    padded_dims = set(range(x.rank - len(pads) // 2, x.rank))

    def body(b, ins, outs):
        coords = []
        for i in range(x.rank):
            idx = b.index(i)
            if i in padded_dims:
                size = x.shape[i]
                shifted = b.raw("arith.subi %s, %s : index" % (idx, em.b.index(low[i])))
                if mode == "replicate":
                    clamped = b.raw("arith.maxsi %s, %s : index" % (shifted, em.b.index(0)))
                    idx = b.raw("arith.minsi %s, %s : index" % (clamped, em.b.index(size - 1)))
                elif mode == "reflect":
                    # |i| then size-1 - |size-1 - |i||
                    neg = b.raw("arith.subi %s, %s : index" % (em.b.index(0), shifted))
                    absolute = b.raw("arith.maxsi %s, %s : index" % (shifted, neg))
                    far = b.raw("arith.subi %s, %s : index" % (em.b.index(size - 1), absolute))
                    negfar = b.raw("arith.subi %s, %s : index" % (em.b.index(0), far))
                    absfar = b.raw("arith.maxsi %s, %s : index" % (far, negfar))
                    idx = b.raw("arith.subi %s, %s : index" % (em.b.index(size - 1), absfar))
                elif mode == "circular":
                    plus = b.raw("arith.addi %s, %s : index" % (shifted, em.b.index(size)))
                    idx = b.raw("arith.remsi %s, %s : index" % (plus, em.b.index(size)))
                else:
                    raise em.unsupported(node, "padding mode '%s'" % mode)
            coords.append(idx)
        return b.raw("tensor.extract %s[%s] : %s" % (x.name, ", ".join(coords), x.type))

    rank = len(meta.shape)
    return em.b.generic([], [], meta.shape, meta.dtype, ["parallel"] * rank, body)


def _clamped_index(b, em, value, dtype, size, wrap_negative=False):
    """An index scalar from an integer element, negative ones counted from
    the end (when asked) and clamped into [0, size): out-of-range indices
    are an error in torch; clamped here, they never read out of bounds."""
    idx = b.raw("arith.index_cast %s : %s to index" % (value, dtype))
    size_index = em.b.index(size)
    if wrap_negative:
        negative = b.raw("arith.cmpi slt, %s, %s : index" % (idx, em.b.index(0)))
        wrapped = b.raw("arith.addi %s, %s : index" % (idx, size_index))
        idx = b.raw("arith.select %s, %s, %s : index" % (negative, wrapped, idx))
    last = b.raw("arith.subi %s, %s : index" % (size_index, em.b.index(1)))
    idx = b.raw("arith.maxsi %s, %s : index" % (idx, em.b.index(0)))
    return b.raw("arith.minsi %s, %s : index" % (idx, last))


@register("aten.embedding")
def _embedding(em, node):
    args, _ = em.args(node)
    weight, indices = check_tensor(em, node, args[0]), check_tensor(em, node, args[1])
    meta = out_meta(em, node)
    rank = len(meta.shape)
    in_map = affine_map(rank, ["d%d" % i for i in range(rank - 1)])

    def body(b, ins, outs):
        row = _clamped_index(b, em, ins[0], indices.dtype, weight.shape[0])
        column = b.index(rank - 1)
        return b.raw("tensor.extract %s[%s, %s] : %s" % (weight.name, row, column,
                                                         weight.type))

    return em.b.generic([indices], [in_map], meta.shape, meta.dtype, ["parallel"] * rank,
                        body)


@register("aten.index_select")
def _index_select(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    dim = normalize_dim(args[1], x.rank)
    index = check_tensor(em, node, args[2])
    meta = out_meta(em, node)
    rank = len(meta.shape)
    index_map = affine_map(rank, ["d%d" % dim] if index.rank == 1 else [])

    def body(b, ins, outs):
        coords = [b.index(i) for i in range(rank)]
        coords[dim] = _clamped_index(b, em, ins[0], index.dtype, x.shape[dim], True)
        return b.raw("tensor.extract %s[%s] : %s" % (x.name, ", ".join(coords), x.type))

    return em.b.generic([index], [index_map], meta.shape, meta.dtype, ["parallel"] * rank,
                        body)


@register("aten.gather")
def _gather(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    dim = normalize_dim(args[1], x.rank)
    index = check_tensor(em, node, args[2])
    meta = out_meta(em, node)
    rank = len(meta.shape)

    def body(b, ins, outs):
        coords = [b.index(i) for i in range(rank)]
        coords[dim] = _clamped_index(b, em, ins[0], index.dtype, x.shape[dim], True)
        return b.raw("tensor.extract %s[%s] : %s" % (x.name, ", ".join(coords), x.type))

    return em.b.generic([index], [affine_map(rank, ["d%d" % i for i in range(rank)])],
                        meta.shape, meta.dtype, ["parallel"] * rank, body)


@register("aten.index")
def _index(em, node):
    """x[..., idx, ...]: adjacent integer index tensors (broadcast
    together); boolean masks have data-dependent shapes."""
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    indices = list(args[1])
    positions = [i for i, v in enumerate(indices) if v is not None]
    if not positions:
        return x
    if positions != list(range(positions[0], positions[-1] + 1)):
        raise em.unsupported(node, "indexing with non-adjacent index tensors")
    tensors = [check_tensor(em, node, indices[i]) for i in positions]
    if any(t.dtype == "i1" for t in tensors):
        raise em.unsupported(node, "indexing with a boolean mask (the result's shape "
                             "depends on the data)")
    meta = out_meta(em, node)
    rank = len(meta.shape)
    first = positions[0]
    broadcast_rank = rank - (x.rank - len(positions))
    maps = []
    for t in tensors:
        offset = broadcast_rank - t.rank
        results = []
        for i, d in enumerate(t.shape):
            out_dim = first + offset + i
            results.append("0" if d == 1 and meta.shape[out_dim] != 1 else "d%d" % out_dim)
        maps.append(affine_map(rank, results))

    def body(b, ins, outs):
        coords = [b.index(i) for i in range(first)]
        for k, (t, value) in enumerate(zip(tensors, ins)):
            coords.append(_clamped_index(b, em, value, t.dtype, x.shape[positions[k]], True))
        for i in range(positions[-1] + 1, x.rank):
            coords.append(b.index(first + broadcast_rank + (i - positions[-1] - 1)))
        return b.raw("tensor.extract %s[%s] : %s" % (x.name, ", ".join(coords), x.type))

    return em.b.generic(tensors, maps, meta.shape, meta.dtype, ["parallel"] * rank, body)


def _coordinate_gather(em, node, x, coordinate):
    """A generic over the result reading x at coordinate(b, i, index)."""
    meta = out_meta(em, node)
    rank = len(meta.shape)

    def body(b, ins, outs):
        coords = [coordinate(b, i, b.index(i)) for i in range(rank)]
        return b.raw("tensor.extract %s[%s] : %s" % (x.name, ", ".join(coords), x.type))

    return em.b.generic([], [], meta.shape, meta.dtype, ["parallel"] * rank, body)


@register("aten.repeat")
def _repeat(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    rank = len(meta.shape)
    if x.rank < rank:
        x = insert_unit_dims(em, x, range(rank - x.rank))

    def coordinate(b, i, idx):
        if x.shape[i] == meta.shape[i]:
            return idx
        if x.shape[i] == 1:
            return em.b.index(0)
        return b.raw("arith.remui %s, %s : index" % (idx, em.b.index(x.shape[i])))

    return _coordinate_gather(em, node, x, coordinate)


@register("aten.flip")
def _flip(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    dims = {normalize_dim(d, x.rank) for d in args[1]}

    def coordinate(b, i, idx):
        if i not in dims:
            return idx
        last = b.raw("arith.subi %s, %s : index" % (em.b.index(x.shape[i]), em.b.index(1)))
        return b.raw("arith.subi %s, %s : index" % (last, idx))

    return _coordinate_gather(em, node, x, coordinate)


@register("aten.roll")
def _roll(em, node):
    args, _ = em.args(node)
    x = check_tensor(em, node, args[0])
    shifts = list(args[1])
    dims = list(args[2]) if len(args) > 2 else []
    if not dims:
        raise em.unsupported(node, "roll without dims (of the flattened tensor)")
    shift_of = {normalize_dim(d, x.rank): s for d, s in zip(dims, shifts)}

    def coordinate(b, i, idx):
        if i not in shift_of or not is_static(x.shape[i]):
            return idx
        size = x.shape[i]
        shift = (-shift_of[i]) % size
        plus = b.raw("arith.addi %s, %s : index" % (idx, em.b.index(shift)))
        return b.raw("arith.remui %s, %s : index" % (plus, em.b.index(size)))

    return _coordinate_gather(em, node, x, coordinate)


# Factories ------------------------------------------------------------
@register("aten.zeros", "aten.ones", "aten.full", "aten.empty", "aten.zeros_like",
          "aten.ones_like", "aten.full_like", "aten.empty_like", "aten.new_zeros",
          "aten.new_ones", "aten.new_full", "aten.new_empty", "aten.scalar_tensor",
          "aten.empty_strided", "aten.new_empty_strided")
def _factory(em, node):
    args, kwargs = em.args(node)
    meta = out_meta(em, node)
    name = node.target.overloadpacket.__name__
    if name in ("zeros", "zeros_like", "new_zeros", "empty", "empty_like", "new_empty",
                "empty_strided", "new_empty_strided"):
        value = 0
    elif name in ("ones", "ones_like", "new_ones"):
        value = 1
    elif name == "full":
        value = args[1] if len(args) > 1 else kwargs["fill_value"]
    elif name in ("full_like", "new_full"):
        value = args[2] if name == "new_full" else args[1]
    else:  # scalar_tensor
        value = args[0]
    if isinstance(value, Value):
        raise em.unsupported(node, "a fill value that is a tensor")
    return em.b.fill(value, meta.shape, meta.dtype)


@register("aten.arange")
def _arange(em, node):
    args, kwargs = em.args(node)
    meta = out_meta(em, node)
    overload = node.target._overloadname
    numbers = [a for a in args if not isinstance(a, Value)]
    if overload == "default" or len(numbers) == 1:
        start, step = 0, 1
    else:
        start = numbers[0]
        step = numbers[2] if len(numbers) > 2 else kwargs.get("step", 1)
    dtype = meta.dtype

    def body(b, ins, outs):
        i = b.raw("arith.index_cast %s : index to i64" % b.index(0))
        if is_float(dtype):
            value = b.raw("arith.sitofp %s : i64 to %s" % (i, dtype))
            value = b.binary("arith.mulf", value, b.const(step, dtype), dtype)
            return b.binary("arith.addf", value, b.const(start, dtype), dtype)
        value = b.cast(i, "i64", dtype)
        value = b.binary("arith.muli", value, b.const(step, dtype), dtype)
        return b.binary("arith.addi", value, b.const(start, dtype), dtype)

    return em.b.generic([], [], meta.shape, dtype, ["parallel"], body)


# Resizing ---------------------------------------------------------------
def _scales(args, kwargs, node, in_sizes, out_sizes, first_scale_arg):
    """torch's source-coordinate scales: 1/scale_factor when given, else
    in/out."""
    overload = node.target._overloadname
    given = None
    if overload == "vec":
        factors = args[first_scale_arg] if len(args) > first_scale_arg else \
            kwargs.get("scale_factors")
        if factors is not None:
            given = list(factors)
    else:
        values = list(args[first_scale_arg:first_scale_arg + len(in_sizes)])
        if values and all(v is not None for v in values):
            given = values
    scales = []
    for k, (i, o) in enumerate(zip(in_sizes, out_sizes)):
        if given is not None and given[k] is not None and given[k] > 0:
            scales.append(1.0 / given[k])
        else:
            scales.append(i / o)
    return scales


@register("aten.upsample_nearest2d", "aten.upsample_nearest1d")
def _upsample_nearest(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    spatial = len(meta.shape) - 2
    in_sizes = x.shape[2:]
    out_sizes = meta.shape[2:]
    if not all(is_static(d) for d in list(in_sizes) + list(out_sizes)):
        raise em.unsupported(node, "resizing dynamic spatial dims")
    scales = _scales(args, kwargs, node, in_sizes, out_sizes,
                     2 if node.target._overloadname == "vec" else 2)

    def coordinate(b, i, idx):
        if i < 2:
            return idx
        k = i - 2
        as_int = b.raw("arith.index_cast %s : index to i64" % idx)
        as_float = b.raw("arith.sitofp %s : i64 to f32" % as_int)
        scaled = b.binary("arith.mulf", as_float, b.const(scales[k], "f32"), "f32")
        floored = b.unary("math.floor", scaled, "f32")
        src = b.raw("arith.fptosi %s : f32 to i64" % floored)
        src_index = b.raw("arith.index_cast %s : i64 to index" % src)
        return b.raw("arith.minsi %s, %s : index" % (src_index, em.b.index(in_sizes[k] - 1)))

    del spatial
    return _coordinate_gather(em, node, x, coordinate)


@register("aten.upsample_bilinear2d")
def _upsample_bilinear(em, node):
    args, kwargs = em.args(node)
    x = check_tensor(em, node, args[0])
    meta = out_meta(em, node)
    align = args[2] if len(args) > 2 else kwargs.get("align_corners", False)
    in_sizes = x.shape[2:]
    out_sizes = meta.shape[2:]
    if not all(is_static(d) for d in list(in_sizes) + list(out_sizes)):
        raise em.unsupported(node, "resizing dynamic spatial dims")
    scales = _scales(args, kwargs, node, in_sizes, out_sizes, 3)
    dtype = x.dtype
    if not is_float(dtype):
        raise em.unsupported(node, "bilinear resizing of integers")

    def body(b, ins, outs):
        lows, highs, weights = [], [], []
        for k in range(2):
            idx = b.index(2 + k)
            as_int = b.raw("arith.index_cast %s : index to i64" % idx)
            dst = b.raw("arith.sitofp %s : i64 to f32" % as_int)
            if align:
                ratio = (in_sizes[k] - 1) / (out_sizes[k] - 1) if out_sizes[k] > 1 else 0.0
                src = b.binary("arith.mulf", dst, b.const(ratio, "f32"), "f32")
            else:
                half = b.const(0.5, "f32")
                shifted = b.binary("arith.addf", dst, half, "f32")
                src = b.binary("arith.subf", b.binary("arith.mulf", shifted, b.const(
                    scales[k], "f32"), "f32"), half, "f32")
                src = b.binary("arith.maximumf", src, b.const(0.0, "f32"), "f32")
            floored = b.unary("math.floor", src, "f32")
            low = b.raw("arith.fptosi %s : f32 to i64" % floored)
            low_index = b.raw("arith.index_cast %s : i64 to index" % low)
            last = em.b.index(in_sizes[k] - 1)
            low_index = b.raw("arith.minsi %s, %s : index" % (low_index, last))
            plus = b.raw("arith.addi %s, %s : index" % (low_index, em.b.index(1)))
            high_index = b.raw("arith.minsi %s, %s : index" % (plus, last))
            low_float = b.raw("arith.sitofp %s : i64 to f32" % b.raw(
                "arith.index_cast %s : index to i64" % low_index))
            weight = b.binary("arith.subf", src, low_float, "f32")
            lows.append(low_index)
            highs.append(high_index)
            weights.append(b.cast(weight, "f32", dtype))
        n, c = b.index(0), b.index(1)

        def at(h, w):
            return b.raw("tensor.extract %s[%s, %s, %s, %s] : %s" % (x.name, n, c, h, w,
                                                                   x.type))
        one = b.const(1.0, dtype)
        wh, ww = weights
        top = b.binary("arith.addf", b.binary("arith.mulf", at(lows[0], lows[1]),
                                              b.binary("arith.subf", one, ww, dtype), dtype),
                       b.binary("arith.mulf", at(lows[0], highs[1]), ww, dtype), dtype)
        bottom = b.binary("arith.addf", b.binary("arith.mulf", at(highs[0], lows[1]),
                                                 b.binary("arith.subf", one, ww, dtype),
                                                 dtype),
                          b.binary("arith.mulf", at(highs[0], highs[1]), ww, dtype), dtype)
        return b.binary("arith.addf", b.binary("arith.mulf", top, b.binary(
            "arith.subf", one, wh, dtype), dtype), b.binary("arith.mulf", bottom, wh, dtype),
            dtype)

    return em.b.generic([], [], meta.shape, meta.dtype, ["parallel"] * 4, body)
