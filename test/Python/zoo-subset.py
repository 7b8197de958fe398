# A fast subset of the model zoo (scripts/torch-zoo.sh runs all of it):
# ResNet-18 at batch 1 with its classifier on llvm-cpu, a 2-layer
# pre-norm GELU transformer encoder with a dynamic batch at batches 1 and
# 3, and a small VisionTransformer at batch 2, each equal to eager PyTorch
# with random batch-norm statistics and weights where torchvision zeroes
# them.
# REQUIRES: torchvision
# RUN: %python %s | FileCheck %s

import os
import sys

import torch
import torchvision

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare  # noqa: E402

import scopeir.torch as st  # noqa: E402


def randomize(model):
    generator = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, torch.nn.BatchNorm2d):
                n = module.num_features
                module.running_mean.copy_(torch.randn(n, generator=generator) * 0.1)
                module.running_var.copy_(torch.rand(n, generator=generator) + 0.5)
            for parameter in module.parameters(recurse=False):
                if not parameter.abs().sum():
                    parameter.copy_(torch.randn(parameter.shape, generator=generator) * 0.05)
    return model


torch.manual_seed(0)
resnet = randomize(torchvision.models.resnet18(weights=None).eval())
x = torch.rand(1, 3, 224, 224)
run = st.compile(resnet, x, place={"fc": "llvm-cpu"})
print("resnet18: %d scopes" % run.num_scopes)
compare("resnet18", run, resnet, x)
# CHECK: resnet18: {{[0-9]+}} scopes
# CHECK: resnet18: equal

layer = torch.nn.TransformerEncoderLayer(64, 4, 128, activation="gelu", batch_first=True,
                                         norm_first=True)
encoder = torch.nn.TransformerEncoder(layer, 2, enable_nested_tensor=False).eval()
x = torch.rand(2, 16, 64)
run = st.compile(encoder, x, dynamic_batch=True)
compare("encoder batch 1", run, encoder, torch.rand(1, 16, 64))
compare("encoder batch 3", run, encoder, torch.rand(3, 16, 64))
# CHECK: encoder batch 1: equal
# CHECK: encoder batch 3: equal

vit = randomize(torchvision.models.VisionTransformer(image_size=32, patch_size=8, num_layers=2,
                                                     num_heads=2, hidden_dim=32,
                                                     mlp_dim=64).eval())
x = torch.rand(2, 3, 32, 32)
compare("vit", st.compile(vit, x), vit, x)
# CHECK: vit: equal
