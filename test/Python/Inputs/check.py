"""What the Python tests share: comparing a compiled model with eager
PyTorch and printing one line that FileCheck reads."""

import torch
from torch.utils import _pytree as pytree


def max_diff(got, expected):
    got_flat, _ = pytree.tree_flatten(got)
    expected_flat, _ = pytree.tree_flatten(expected)
    assert len(got_flat) == len(expected_flat), (len(got_flat), len(expected_flat))
    worst = 0.0
    for g, e in zip(got_flat, expected_flat):
        assert tuple(g.shape) == tuple(e.shape), (tuple(g.shape), tuple(e.shape))
        assert g.dtype == e.dtype, (g.dtype, e.dtype)
        if e.dtype == torch.bool:
            worst = max(worst, float((g != e).sum()))
        else:
            worst = max(worst, (g.double() - e.double()).abs().max().item() if e.numel() else 0)
    return worst


def scale(expected):
    flat, _ = pytree.tree_flatten(expected)
    return max([t.double().abs().max().item() for t in flat if t.numel()] + [0.0])


def compare(name, compiled, model, *inputs, rtol=1e-4, atol=1e-5):
    """Prints `name: equal` when max |compiled - eager| <= rtol * max |eager|
    + atol, else the difference."""
    with torch.no_grad():
        expected = model(*inputs)
    got = compiled(*inputs)
    diff = max_diff(got, expected)
    bound = rtol * scale(expected) + atol
    if diff <= bound:
        print("%s: equal" % name)
    else:
        print("%s: DIFFERENT max diff %g > %g" % (name, diff, bound))
    return diff


def compare_each(names, compiled, model, *inputs, rtol=1e-4, atol=1e-5):
    """Compares a model returning one output per name, printing one line
    per output: `name: equal` or its difference."""
    with torch.no_grad():
        expected = model(*inputs)
    got = compiled(*inputs)
    assert len(expected) == len(names) == len(got), (len(expected), len(names), len(got))
    for name, g, e in zip(names, got, expected):
        try:
            diff = max_diff(g, e)
        except AssertionError as error:
            print("%s: DIFFERENT %s" % (name, error))
            continue
        bound = rtol * scale(e) + atol if e.dtype != torch.bool else 0
        if diff <= bound:
            print("%s: equal" % name)
        else:
            print("%s: DIFFERENT max diff %g > %g" % (name, diff, bound))
