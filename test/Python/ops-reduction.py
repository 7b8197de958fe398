# Reductions beyond the zoo's, one output each: sum, mean, prod, amax,
# amin over one or several dims with and without keepdim; max/min with
# indices; argmax/argmin (first index of ties); var/std with and without
# correction; all/any; logsumexp; norms; cumsum; softmax and log_softmax
# over any dim. Each output equals eager PyTorch.
# RUN: %python %s | FileCheck %s --implicit-check-not=DIFFERENT

import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare_each  # noqa: E402

import scopeir.torch as st  # noqa: E402

OPS = {
    "sum-all": lambda x, i: x.sum(),
    "sum-dims": lambda x, i: x.sum(dim=(0, 2)),
    "sum-keepdim": lambda x, i: x.sum(dim=-1, keepdim=True),
    "sum-int": lambda x, i: i.sum(dim=1),
    "sum-bool": lambda x, i: (x > 0).sum(dim=0),
    "mean-dims": lambda x, i: x.mean(dim=(1, 2), keepdim=True),
    "prod": lambda x, i: (x * 0.5 + 1).prod(dim=1),
    "amax": lambda x, i: x.amax(dim=(0, 1)),
    "amin-keepdim": lambda x, i: x.amin(dim=2, keepdim=True),
    "max-all": lambda x, i: x.max(),
    "max-dim-values": lambda x, i: x.max(dim=1)[0],
    "max-dim-indices": lambda x, i: x.max(dim=1)[1],
    "min-dim-keepdim": lambda x, i: x.min(dim=-1, keepdim=True)[0],
    "argmax": lambda x, i: x.argmax(dim=2),
    "argmax-ties": lambda x, i: (x > 0).float().argmax(dim=0),
    "argmin-all": lambda x, i: x.argmin(),
    "argmax-int": lambda x, i: i.argmax(dim=1, keepdim=True),
    "var": lambda x, i: x.var(dim=1),
    "var-biased": lambda x, i: x.var(dim=(0, 2), unbiased=False),
    "std-keepdim": lambda x, i: x.std(dim=-1, keepdim=True),
    "var-all": lambda x, i: x.var(),
    "all": lambda x, i: (x > -2).all(dim=1),
    "any": lambda x, i: (x > 1.5).any(),
    "logsumexp": lambda x, i: torch.logsumexp(x * 10, dim=1),
    "norm-2": lambda x, i: torch.linalg.vector_norm(x, dim=-1),
    "norm-1": lambda x, i: torch.linalg.vector_norm(x, ord=1, dim=(0, 1)),
    "norm-inf": lambda x, i: torch.linalg.vector_norm(x, ord=float("inf"), dim=0),
    "normalize": lambda x, i: torch.nn.functional.normalize(x, dim=1),
    "cumsum": lambda x, i: x.cumsum(dim=2),
    "cumsum-int": lambda x, i: i.cumsum(dim=0),
    "softmax-0": lambda x, i: torch.softmax(x, dim=0),
    "softmax-1": lambda x, i: torch.softmax(x * 5, dim=1),
    "log-softmax": lambda x, i: torch.log_softmax(x * 5, dim=-1),
    "softmin": lambda x, i: torch.nn.functional.softmin(x, dim=-1),
}


class Ops(torch.nn.Module):
    def forward(self, x, i):
        return tuple(op(x, i) for op in OPS.values())


torch.manual_seed(0)
x = torch.randn(3, 4, 5)
i = torch.randint(-5, 6, (4, 3))
model = Ops().eval()
compare_each(list(OPS), st.compile(model, x, i), model, x, i)
# CHECK: sum-all: equal
# CHECK: softmin: equal
