# Convolution, batch norm and ReLU (the block of every CNN of the zoo) and
# its variants: stride, padding, dilation, groups, depthwise, no bias,
# transposed convolutions, 1-d convolutions, and the pooling around them.
# Each compiled model equals eager PyTorch at batch 1 and 2.
# RUN: %python %s | FileCheck %s

import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare  # noqa: E402

import scopeir.torch as st  # noqa: E402

nn = torch.nn


def block(conv, channels):
    bn = nn.BatchNorm2d(channels)
    with torch.no_grad():
        bn.running_mean.uniform_(-0.5, 0.5)
        bn.running_var.uniform_(0.5, 1.5)
        bn.weight.uniform_(0.5, 1.5)
        bn.bias.uniform_(-0.5, 0.5)
    return nn.Sequential(conv, bn, nn.ReLU(inplace=True))


torch.manual_seed(0)
cases = {
    "plain": block(nn.Conv2d(3, 8, 3), 8),
    "stride-padding": block(nn.Conv2d(3, 8, 3, stride=2, padding=1, bias=False), 8),
    "dilation": block(nn.Conv2d(3, 8, 3, padding=2, dilation=2), 8),
    "groups": block(nn.Conv2d(4, 8, 3, padding=1, groups=2), 8),
    "depthwise": block(nn.Conv2d(4, 4, 3, padding=1, groups=4), 4),
    "depth-multiplier": block(nn.Conv2d(4, 8, 3, padding=1, groups=4), 8),
    "rectangular": block(nn.Conv2d(3, 6, (1, 5), stride=(2, 1), padding=(0, 2)), 6),
    "transposed": nn.Sequential(nn.ConvTranspose2d(3, 5, 3, stride=2, padding=1,
                                                   output_padding=1)),
    "transposed-groups": nn.Sequential(nn.ConvTranspose2d(4, 6, 2, stride=2, groups=2)),
    "maxpool": nn.Sequential(nn.Conv2d(3, 4, 3), nn.MaxPool2d(3, stride=2, padding=1)),
    "maxpool-ceil": nn.Sequential(nn.MaxPool2d(3, stride=2, ceil_mode=True)),
    "avgpool": nn.Sequential(nn.AvgPool2d(3, stride=2, padding=1)),
    "avgpool-exclude-pad": nn.Sequential(nn.AvgPool2d(3, stride=2, padding=1,
                                                      count_include_pad=False)),
    "adaptive-avgpool": nn.Sequential(nn.AdaptiveAvgPool2d((3, 2))),
    "adaptive-avgpool-uneven": nn.Sequential(nn.AdaptiveAvgPool2d((3, 4))),
    "adaptive-maxpool": nn.Sequential(nn.AdaptiveMaxPool2d(1)),
}
for name, model in cases.items():
    model.eval()
    channels = 4 if name.startswith(("groups", "depth", "transposed-groups")) else 3
    for batch in (1, 2):
        x = torch.randn(batch, channels, 11, 10)
        compare("%s batch %d" % (name, batch), st.compile(model, x), model, x)

conv1d = nn.Sequential(nn.Conv1d(3, 4, 5, stride=2, padding=2), nn.ReLU()).eval()
x = torch.randn(2, 3, 17)
compare("conv1d", st.compile(conv1d, x), conv1d, x)

# CHECK: plain batch 1: equal
# CHECK: plain batch 2: equal
# CHECK: stride-padding batch 1: equal
# CHECK: stride-padding batch 2: equal
# CHECK: dilation batch 1: equal
# CHECK: dilation batch 2: equal
# CHECK: groups batch 1: equal
# CHECK: groups batch 2: equal
# CHECK: depthwise batch 1: equal
# CHECK: depthwise batch 2: equal
# CHECK: depth-multiplier batch 1: equal
# CHECK: depth-multiplier batch 2: equal
# CHECK: rectangular batch 1: equal
# CHECK: rectangular batch 2: equal
# CHECK: transposed batch 1: equal
# CHECK: transposed batch 2: equal
# CHECK: transposed-groups batch 1: equal
# CHECK: transposed-groups batch 2: equal
# CHECK: maxpool batch 1: equal
# CHECK: maxpool batch 2: equal
# CHECK: maxpool-ceil batch 1: equal
# CHECK: maxpool-ceil batch 2: equal
# CHECK: avgpool batch 1: equal
# CHECK: avgpool batch 2: equal
# CHECK: avgpool-exclude-pad batch 1: equal
# CHECK: avgpool-exclude-pad batch 2: equal
# CHECK: adaptive-avgpool batch 1: equal
# CHECK: adaptive-avgpool batch 2: equal
# CHECK: adaptive-avgpool-uneven batch 1: equal
# CHECK: adaptive-avgpool-uneven batch 2: equal
# CHECK: adaptive-maxpool batch 1: equal
# CHECK: adaptive-maxpool batch 2: equal
# CHECK: conv1d: equal

# The block as written: pad, convolution into the broadcast bias, then
# one generic per batch norm and ReLU, in the zones of their modules.
print(st.export(cases["plain"], torch.randn(1, 3, 11, 10)))
# CHECK-LABEL: func.func @main
#       CHECK: util.annotate [#util.zone<"0">] {
#       CHECK:   linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>}
#       CHECK: util.annotate [#util.zone<"1">] {
#       CHECK:   math.rsqrt
#       CHECK: util.annotate [#util.zone<"2">] {
#       CHECK:   arith.maximumf
