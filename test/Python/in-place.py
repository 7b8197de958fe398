# In-place updates of intermediate tensors, of their views too, are made
# functional before emission (functorch's functionalize under make_fx), so a
# write through a view and a read through an older alias compute what eager
# PyTorch computes. Updates of model inputs and of buffers stay errors
# (errors.py).
# RUN: %python %s | FileCheck %s --implicit-check-not=DIFFERENT

import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare  # noqa: E402

import scopeir.torch as st  # noqa: E402

nn = torch.nn


# A write into a column of a fresh tensor must reach the tensor.
class UpdatesView(nn.Module):
    def forward(self, x):
        y = x * 1
        view = y[:, 0]
        view.mul_(2)
        return y


# A read through a view taken before the update must see the update.
class ReadsOldAlias(nn.Module):
    def forward(self, x):
        y = x + 0
        flat = y.view(-1)
        y.add_(1)
        return flat * 2


# Writes through two overlapping views, then a read of the base.
class OverlappingViews(nn.Module):
    def forward(self, x):
        y = x.clone()
        y[:, 1:].relu_()
        y.select(1, 2).fill_(0.5)
        return y.sum(dim=1)


torch.manual_seed(0)
x = torch.randn(3, 4)
for model in (UpdatesView(), ReadsOldAlias(), OverlappingViews()):
    compare(type(model).__name__, st.compile(model.eval(), x), model, x)
# CHECK: UpdatesView: equal
# CHECK: ReadsOldAlias: equal
# CHECK: OverlappingViews: equal
