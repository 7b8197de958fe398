# The module hierarchy as zones: one #util.zone per module call, named by
# its qualified name, nested as the calls nest; a module called twice gives
# two zones; modules that compute nothing give none; zones=False,
# zone_depth and zone_filter reduce them, and none of it changes results.
# RUN: %python %s | FileCheck %s

import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare  # noqa: E402

import scopeir.torch as st  # noqa: E402

nn = torch.nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(8, 8)
        self.act = nn.ReLU()
        self.drop = nn.Dropout(0.5)

    def forward(self, x):
        # The same ReLU module twice: two calls, two zones.
        return self.act(self.drop(self.act(self.linear(x)) + x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        return self.out(self.blocks(x))


torch.manual_seed(0)
model = Model().eval()
x = torch.randn(4, 8)

print(st.export(model, x))
# CHECK-LABEL: func.func @main
#       CHECK: util.annotate [#util.zone<"blocks">] {
#       CHECK:   util.annotate [#util.zone<"blocks.0">] {
#       CHECK:     util.annotate [#util.zone<"blocks.0.linear">] {
#       CHECK:       linalg.matmul
#       CHECK:     } : tensor<4x8xf32> loc("blocks.0.linear")
#       CHECK:     util.annotate [#util.zone<"blocks.0.act">] {
#       CHECK:     util.annotate [#util.zone<"blocks.0.act">] {
#   CHECK-NOT:     blocks.0.drop
#       CHECK:   } : tensor<4x8xf32> loc("blocks.0")
#       CHECK:   util.annotate [#util.zone<"blocks.1">] {
#       CHECK: } : tensor<4x8xf32> loc("blocks")
#       CHECK: util.annotate [#util.zone<"out">] {

print(st.export(model, x, zones=False))
# CHECK-LABEL: func.func @main
#   CHECK-NOT: util.annotate
#       CHECK: func.return

print(st.export(model, x, zone_depth=2))
# CHECK-LABEL: func.func @main
#       CHECK: util.annotate [#util.zone<"blocks">] {
#       CHECK:   util.annotate [#util.zone<"blocks.0">] {
#   CHECK-NOT:     util.annotate [#util.zone<"blocks.0.linear">]
#       CHECK:   util.annotate [#util.zone<"blocks.1">] {
#       CHECK: util.annotate [#util.zone<"out">] {

print(st.export(model, x, zone_filter=r"linear$"))
# CHECK-LABEL: func.func @main
#   CHECK-NOT: #util.zone<"blocks">
#       CHECK: util.annotate [#util.zone<"blocks.0.linear">] {
#       CHECK: util.annotate [#util.zone<"blocks.1.linear">] {
#   CHECK-NOT: #util.zone<"out">
#       CHECK: func.return

print(st.export(model, x, zone_filter=lambda name: name == "out"))
# CHECK-LABEL: func.func @main
#       CHECK: util.annotate [#util.zone<"out">] {
#   CHECK-NOT: util.annotate

for options in ({}, {"zones": False}, {"zone_depth": 1}):
    compare("zones %s" % options, st.compile(model, x, **options), model, x)
# CHECK: zones {}: equal
# CHECK: zones {'zones': False}: equal
# CHECK: zones {'zone_depth': 1}: equal
