# dynamic_batch: dim 0 of the inputs is dynamic, and so is every size that
# follows from it (reshapes that fold the batch into another dim included);
# one compiled model runs at any batch size and equals eager at each. A
# model whose graph depends on the batch size is a CaptureError.
# RUN: %python %s | FileCheck %s

import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare  # noqa: E402

import scopeir.torch as st  # noqa: E402

nn = torch.nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.fc = nn.Linear(4 * 6 * 6, 5)

    def forward(self, x):
        y = torch.relu(self.conv(x))
        # (N, 4, 6, 6) -> (N * 4, 36) -> softmax -> (N, 144)
        y = torch.softmax(y.reshape(-1, 36), dim=-1).reshape(x.shape[0], -1)
        return self.fc(y), y.sum(dim=0)


torch.manual_seed(0)
model = Model().eval()
x = torch.randn(2, 3, 6, 6)
print(st.export(model, x, dynamic_batch=True))
# CHECK-LABEL: func.func @main(%arg0: tensor<?x3x6x6xf32>,
#       CHECK: -> (tensor<?x5xf32>, tensor<144xf32>) {
#       CHECK: %batch = tensor.dim %arg0, %c0 : tensor<?x3x6x6xf32>
#       CHECK: tensor.collapse_shape {{.*}} : tensor<?x4x6x6xf32> into tensor<?x36xf32>

run = st.compile(model, x, dynamic_batch=True)
for batch in (1, 2, 5):
    compare("batch %d" % batch, run, model, torch.randn(batch, 3, 6, 6))
# CHECK: batch 1: equal
# CHECK: batch 2: equal
# CHECK: batch 5: equal


class BatchDependent(nn.Module):
    def forward(self, x):
        if x.shape[0] > 2:
            return x * 2
        return x + 1


try:
    st.export(BatchDependent().eval(), x, dynamic_batch=True)
except st.CaptureError as error:
    print("CaptureError:", error)
# CHECK: CaptureError: the model's graph changes with the batch size; export it with dynamic_batch=False
