"""Lowerings of aten ops to linalg-on-tensors, one module per op family
(as torch-mlir's TorchToLinalg is split): elementwise, linear (matmuls),
conv (convolutions and pooling), data_movement (views, slices,
concatenation, padding, gathers, resizing, factories), reduction (sums,
means, extrema, softmax) and normalization.

A lowering is a function `lower(emitter, node)` registered for aten op
names, either one overload (`aten.add.Tensor`) or every overload of an op
(`aten.add`); it returns the node's value (a `Value`, a list of them for
ops with several results, or a Python scalar) and raises
`emitter.unsupported(node, reason)` for uses it does not cover.
"""

_HANDLERS = {}


def register(*names):
    """Registers the decorated lowering for each aten op name."""
    def decorate(function):
        for name in names:
            if name in _HANDLERS:
                raise ValueError("two lowerings for %s" % name)
            _HANDLERS[name] = function
        return function
    return decorate


def lookup(overload, packet):
    """The lowering of an op: by overload name, else by op name."""
    return _HANDLERS.get(overload) or _HANDLERS.get(packet)


def supported_ops():
    """The names of every op (or overload) with a lowering."""
    return sorted(_HANDLERS)


from . import conv, data_movement, elementwise, linear, normalization, reduction  # noqa: E402,F401
