# Elementwise ops beyond the zoo's, in one model with one output each:
# arithmetic with broadcasting, scalars and dtype promotion, division
# rounding modes, comparisons and logical ops (bool results), where and
# masked_fill, clamps, every activation of torch.nn, math functions,
# casts. Each output equals eager PyTorch.
# RUN: %python %s | FileCheck %s --implicit-check-not=DIFFERENT

import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare_each  # noqa: E402

import scopeir.torch as st  # noqa: E402

F = torch.nn.functional

OPS = {
    "add-broadcast": lambda x, y, i: x + y,
    "sub-alpha": lambda x, y, i: torch.sub(x, y, alpha=0.5),
    "rsub-scalar": lambda x, y, i: 2 - x,
    "mul-int-tensor": lambda x, y, i: x * i,
    "div": lambda x, y, i: x / (y.abs() + 0.5),
    "div-floor": lambda x, y, i: torch.div(x * 4, y, rounding_mode="floor"),
    "div-trunc": lambda x, y, i: torch.div(x * 4, y, rounding_mode="trunc"),
    "int-div-floor": lambda x, y, i: torch.div(i, 3, rounding_mode="floor"),
    "int-true-div": lambda x, y, i: i / 4,
    "remainder": lambda x, y, i: torch.remainder(x * 5, 1.5),
    "int-remainder": lambda x, y, i: torch.remainder(i, 3),
    "fmod": lambda x, y, i: torch.fmod(x * 5, 1.5),
    "pow-scalar": lambda x, y, i: x.abs() ** 1.7,
    "pow-square": lambda x, y, i: x ** 2,
    "pow-tensor": lambda x, y, i: x.abs() ** y,
    "maximum": lambda x, y, i: torch.maximum(x, y),
    "minimum": lambda x, y, i: torch.minimum(x, y),
    "eq": lambda x, y, i: i == 2,
    "lt": lambda x, y, i: x < y,
    "ge-scalar": lambda x, y, i: x >= 0.25,
    "logical-and": lambda x, y, i: (x > 0) & (y > 0),
    "logical-or": lambda x, y, i: torch.logical_or(x > 0.5, y < 0),
    "logical-not": lambda x, y, i: ~(x > 0),
    "where": lambda x, y, i: torch.where(x > y, x, y * 2),
    "where-scalar": lambda x, y, i: torch.where(x > 0, x, 0.0),
    "masked-fill": lambda x, y, i: x.masked_fill(y > 0, -1.0),
    "clamp": lambda x, y, i: x.clamp(-0.5, 0.75),
    "clamp-min": lambda x, y, i: x.clamp(min=0.1),
    "int-clamp": lambda x, y, i: i.clamp(1, 3),
    "lerp": lambda x, y, i: torch.lerp(x, y, 0.3),
    "addcmul": lambda x, y, i: torch.addcmul(x, x, y, value=0.5),
    "relu6": lambda x, y, i: F.relu6(x * 8),
    "leaky-relu": lambda x, y, i: F.leaky_relu(x, 0.2),
    "elu": lambda x, y, i: F.elu(x, alpha=1.5),
    "selu": lambda x, y, i: F.selu(x),
    "celu": lambda x, y, i: F.celu(x, alpha=0.7),
    "gelu": lambda x, y, i: F.gelu(x * 3),
    "gelu-tanh": lambda x, y, i: F.gelu(x * 3, approximate="tanh"),
    "silu": lambda x, y, i: F.silu(x),
    "mish": lambda x, y, i: F.mish(x),
    "hardswish": lambda x, y, i: F.hardswish(x * 4),
    "hardsigmoid": lambda x, y, i: F.hardsigmoid(x * 4),
    "hardtanh": lambda x, y, i: F.hardtanh(x, -0.3, 0.3),
    "softplus": lambda x, y, i: F.softplus(x, beta=2, threshold=1),
    "logsigmoid": lambda x, y, i: F.logsigmoid(x * 10),
    "softsign": lambda x, y, i: F.softsign(x),
    "tanhshrink": lambda x, y, i: F.tanhshrink(x),
    "sigmoid": lambda x, y, i: torch.sigmoid(x * 10),
    "tanh": lambda x, y, i: torch.tanh(x),
    "exp": lambda x, y, i: torch.exp(x),
    "log": lambda x, y, i: torch.log(x.abs() + 0.1),
    "log1p": lambda x, y, i: torch.log1p(x.abs()),
    "sqrt-rsqrt": lambda x, y, i: torch.sqrt(x.abs()) + torch.rsqrt(x.abs() + 1),
    "reciprocal": lambda x, y, i: torch.reciprocal(x.abs() + 0.5),
    "sin-cos": lambda x, y, i: torch.sin(x) * torch.cos(y),
    "erf": lambda x, y, i: torch.erf(x * 2),
    "abs-neg-sign": lambda x, y, i: x.abs() - (-x) + torch.sign(x),
    "floor-ceil-round": lambda x, y, i: x.mul(4).floor() + x.mul(4).ceil() + x.mul(4).round(),
    "to-int": lambda x, y, i: (x * 10).to(torch.int64),
    "to-float-from-int": lambda x, y, i: i.float() * 0.5,
    "to-double": lambda x, y, i: x.double() * 3,
    "bool-to-float": lambda x, y, i: (x > 0).float(),
}


class Ops(torch.nn.Module):
    def forward(self, x, y, i):
        return tuple(op(x, y, i) for op in OPS.values())


torch.manual_seed(0)
x = torch.randn(2, 3, 4)
y = torch.randn(3, 1)
i = torch.randint(-5, 6, (3, 4))
model = Ops().eval()
compare_each(list(OPS), st.compile(model, x, y, i), model, x, y, i)
# CHECK: add-broadcast: equal
# CHECK: to-double: equal
# CHECK: bool-to-float: equal
