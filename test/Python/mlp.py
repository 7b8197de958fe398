# An MLP over an embedding, exported with a zone per module call and run
# in-process: the function takes the token ids then the parameters (named
# by scopeir.param), the zones nest as the modules do, and the compiled
# model equals eager PyTorch, also when called again and with NumPy input.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare  # noqa: E402

import scopeir.torch as st  # noqa: E402


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(16, 32)
        self.act = torch.nn.GELU()
        self.fc2 = torch.nn.Linear(32, 10)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = torch.nn.Embedding(50, 16)
        self.head = Head()

    def forward(self, ids):
        return torch.log_softmax(self.head(self.embedding(ids).mean(dim=1)), dim=-1)


torch.manual_seed(0)
model = Model().eval()
ids = torch.randint(0, 50, (3, 7))

text = st.export(model, ids)
print(text)
# CHECK-LABEL: func.func @main(%arg0: tensor<3x7xi64>,
#  CHECK-NEXT:   %p0: tensor<50x16xf32> {scopeir.param = "embedding.weight"},
#  CHECK-NEXT:   %p1: tensor<32x16xf32> {scopeir.param = "head.fc1.weight"},
#       CHECK:   %p4: tensor<10xf32> {scopeir.param = "head.fc2.bias"}) -> (tensor<3x10xf32>) {
#       CHECK: util.annotate [#util.zone<"embedding">] {
#       CHECK:   tensor.extract
#       CHECK: util.annotate [#util.zone<"head">] {
#       CHECK:   util.annotate [#util.zone<"head.fc1">] {
#       CHECK:     linalg.matmul
#       CHECK:   util.annotate [#util.zone<"head.act">] {
#       CHECK:   util.annotate [#util.zone<"head.fc2">] {
#       CHECK:     linalg.matmul
#       CHECK:   math.log
#       CHECK:   func.return

run = st.compile(model, ids)
compare("mlp", run, model, ids)
compare("mlp again", run, model, torch.randint(0, 50, (3, 7)))
# CHECK: mlp: equal
# CHECK: mlp again: equal

# NumPy in, NumPy out.
result = run(ids.numpy())
print("numpy result:", type(result).__name__, result.dtype, result.shape)
with torch.no_grad():
    print("numpy equal:", np.allclose(result, model(ids).numpy(), rtol=1e-4, atol=1e-5))
# CHECK: numpy result: ndarray float32 (3, 10)
# CHECK: numpy equal: True

# A wrong shape is an error before the call.
try:
    run(torch.randint(0, 50, (2, 7)))
except st.ScopeirError as error:
    print("error:", error)
# CHECK: error: input #0 has shape [2, 7]; the model was exported for [3, 7]
