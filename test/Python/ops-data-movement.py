# Ops that move data, one output each: reshapes (flatten, unflatten,
# view mixing dims), permute/transpose, expand, repeat, cat/stack,
# split/chunk/unbind, slicing with steps and negative bounds, select,
# narrow, constant/reflect/replicate/circular padding, flip, roll,
# gathers (index_select, gather, advanced indexing, embedding), pixel
# shuffle, nearest and bilinear upsampling by size and by factor,
# factories (arange, zeros_like, full). Each output equals eager PyTorch.
# RUN: %python %s | FileCheck %s --implicit-check-not=DIFFERENT

import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare_each  # noqa: E402

import scopeir.torch as st  # noqa: E402

F = torch.nn.functional

OPS = {
    "flatten": lambda x, i, t: x.flatten(1),
    "unflatten": lambda x, i, t: x.flatten(2).unflatten(2, (2, 15)),
    "view-mixed": lambda x, i, t: x.reshape(10, 3, 10).reshape(6, 50),
    "unsqueeze-squeeze": lambda x, i, t: x.unsqueeze(1).squeeze(1).unsqueeze(-1),
    "permute": lambda x, i, t: x.permute(2, 0, 3, 1),
    "transpose": lambda x, i, t: x.transpose(1, 3) * 2,
    "expand": lambda x, i, t: x[:, :1].expand(2, 5, 5, 6),
    "repeat": lambda x, i, t: x[0, 0].repeat(2, 1, 3),
    "cat": lambda x, i, t: torch.cat([x, x * 2, x[:, :1]], dim=1),
    "stack": lambda x, i, t: torch.stack([x[0], x[1]], dim=2),
    "split": lambda x, i, t: x.split(2, dim=1)[1],
    "split-sizes": lambda x, i, t: x.split([1, 5], dim=3)[1],
    "chunk": lambda x, i, t: x.chunk(3, dim=-1)[2],
    "unbind": lambda x, i, t: x.unbind(1)[2],
    "slice-step": lambda x, i, t: x[:, ::2, 1:, 1::3],
    "slice-negative": lambda x, i, t: x[..., -3:-1],
    "select": lambda x, i, t: x[:, 1, :, -1],
    "narrow": lambda x, i, t: x.narrow(2, 1, 3),
    "pad-constant": lambda x, i, t: F.pad(x, (1, 2, 0, 1), value=0.5),
    "pad-negative": lambda x, i, t: F.pad(x, (-1, 1, 2, -2)),
    "pad-reflect": lambda x, i, t: F.pad(x, (2, 1, 1, 2), mode="reflect"),
    "pad-replicate": lambda x, i, t: F.pad(x, (2, 1, 1, 2), mode="replicate"),
    "pad-circular": lambda x, i, t: F.pad(x, (2, 1, 1, 2), mode="circular"),
    "flip": lambda x, i, t: x.flip(1, 3),
    "roll": lambda x, i, t: x.roll(shifts=(1, -2), dims=(2, 3)),
    "index-select": lambda x, i, t: x.index_select(1, i[:3]),
    "gather": lambda x, i, t: x.gather(3, (i[:2].reshape(2, 1, 1, 1) % 6).expand(2, 3, 5, 2)),
    "advanced-index": lambda x, i, t: x[:, i[:4]],
    "advanced-index-2": lambda x, i, t: x[0, i[:3], i[1:4]],
    "embedding": lambda x, i, t: F.embedding(i.reshape(2, 3), t),
    "pixel-shuffle": lambda x, i, t: F.pixel_shuffle(x[:, :4], 2),
    "upsample-nearest-factor": lambda x, i, t: F.interpolate(x, scale_factor=2, mode="nearest"),
    "upsample-nearest-size": lambda x, i, t: F.interpolate(x, size=(7, 9), mode="nearest"),
    "upsample-bilinear": lambda x, i, t: F.interpolate(x, scale_factor=2, mode="bilinear",
                                                       align_corners=False),
    "upsample-bilinear-corners": lambda x, i, t: F.interpolate(x, size=(8, 11), mode="bilinear",
                                                               align_corners=True),
    "arange": lambda x, i, t: torch.arange(6, dtype=torch.float32) * x[0, 0, 0],
    "arange-int": lambda x, i, t: torch.arange(2, 11, 3) + i[:3],
    "zeros-like": lambda x, i, t: torch.zeros_like(x) + 1,
    "full": lambda x, i, t: torch.full((2, 3), 1.5) * x[0, 0, :2, :3],
    "new-ones": lambda x, i, t: x.new_ones((2, 2)) - x[0, 0, :2, :2],
}


class Ops(torch.nn.Module):
    def forward(self, x, i, t):
        return tuple(op(x, i, t) for op in OPS.values())


torch.manual_seed(0)
x = torch.randn(2, 5, 5, 6)
i = torch.tensor([3, 0, 4, 1, 2, 4])
table = torch.randn(5, 4)
model = Ops().eval()
compare_each(list(OPS), st.compile(model, x, i, table), model, x, i, table)
# CHECK: flatten: equal
# CHECK: new-ones: equal
