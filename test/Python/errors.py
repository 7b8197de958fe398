# Errors name what is wrong and where: an op without a lowering is an
# UnsupportedError naming the aten op, the qualified module and the model's
# source line (only when the outputs need it); in-place updates of model
# inputs, parameters and buffers are too; every annotation that cannot be honoured is an
# AnnotationError naming the module; a model in training mode and a failing
# forward are CaptureErrors. Nothing is a traceback from inside the
# importer.
# RUN: %python %s | FileCheck %s -DFILE=%s

import torch

import scopeir.torch as st

nn = torch.nn
F = torch.nn.functional


class Sampler(nn.Module):
    def forward(self, x, grid):
        return F.grid_sample(x, grid, align_corners=False)
# CHECK: UnsupportedError: unsupported: aten.grid_sampler_2d.default in module 'sampler' ([[FILE]]:[[# @LINE - 1]]): no lowering for this op
# CHECK: fields: aten.grid_sampler_2d.default | sampler | errors.py:[[# @LINE - 2]]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, padding=1)
        self.sampler = Sampler()
        self.drop = nn.Dropout()

    def forward(self, x, grid):
        return self.sampler(self.conv(x), grid)


x = torch.randn(1, 1, 5, 5)
grid = torch.rand(1, 3, 3, 2) * 2 - 1
try:
    st.export(Model().eval(), x, grid)
except st.UnsupportedError as error:
    print("UnsupportedError:", error)
    print("fields:", error.op, "|", error.module, "|", error.source.rsplit("/", 1)[-1])


class DeadUnsupported(nn.Module):
    def forward(self, x):
        unused = torch.fft.rfft(x)  # noqa: F841 (never reaches the outputs)
        return x * 2


compiled = st.compile(DeadUnsupported().eval(), torch.randn(8))
print("dead op:", compiled(torch.ones(8)).tolist()[:2])
# CHECK: dead op: [2.0, 2.0]


class UpdatesInput(nn.Module):
    def forward(self, x):
        x.relu_()
# CHECK: UnsupportedError: unsupported: aten.relu.default in the model's forward ([[FILE]]:[[# @LINE - 1]]): it updates model input #0 in place
        return x + 1


class UpdatesBuffer(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(3))

    def forward(self, x):
        self.count.add_(1)
# CHECK: UnsupportedError: unsupported: aten.add_.Tensor in the model's forward ([[FILE]]:[[# @LINE - 1]]): an in-place update of a parameter or buffer
        return x + self.count


for model in (UpdatesInput(), UpdatesBuffer()):
    try:
        st.export(model.eval(), torch.randn(2, 3))
    except st.UnsupportedError as error:
        print("UnsupportedError:", error)

model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(), nn.Linear(4, 2)).eval()
x = torch.randn(2, 4)
for options in ({"place": {"3": "llvm-cpu"}},
                {"place": {"00": "llvm-cpu"}},
                {"place": {"1": "llvm-cpu"}},
                {"place": {"0": "gpu"}},
                {"place": {"0": 42}},
                {"strategy": {"0": "canonicalize"}},
                {"place": {"0": "llvm-cpu"}, "strategy": {"0": {"matmul": "cse"}}},
                {"kernels": {"0": "not a symbol"}},
                {"kernels": {"": "whole_model"}},
                {"kernels": {"0": "my_linear"}, "place": {"0.weight": "llvm-cpu"}},
                {"host_backend": "tpu"}):
    try:
        st.compile(model, x, **options)
        print("accepted:", options)
    except st.AnnotationError as error:
        print("AnnotationError:", error)
# CHECK: AnnotationError: place: the model has no module '3'
# CHECK: AnnotationError: place: the model has no module '00'; did you mean '0'?
# CHECK: AnnotationError: place: module '1' computes nothing in the captured graph (it is never called, or all it does is return its input)
# CHECK: AnnotationError: place: module '0' is placed on unknown backend 'gpu'; registered backends: {{.*}}llvm-cpu, llvm-cpu-loops
# CHECK: AnnotationError: place[{{.*}}]: expected a backend name or (name, {config}), got 42
# CHECK: AnnotationError: strategy: module '0' runs on 'llvm-cpu-loops', whose code generation does not run strategies (backends that do: llvm-cpu); place it on one of those
# CHECK: AnnotationError: strategy['0']: unknown kind 'matmul'; kinds: contraction, convolution, reduction, elementwise, other, default
# CHECK: AnnotationError: kernels['0']: 'not a symbol' is not a C identifier
# CHECK: AnnotationError: kernels: the whole model ('') cannot be a kernel; name a submodule
# CHECK: AnnotationError: place: the model has no module '0.weight'
# CHECK: AnnotationError: host_backend: unknown backend 'tpu'

# A bad config key reaches the compiler, whose error names the device.
try:
    st.compile(model, x, place={"0": ("llvm-cpu", {"bogus": 1})})
except st.CompileError as error:
    print("CompileError:", error)
# CHECK: CompileError: compilation failed
# CHECK-NEXT: error: loc("0"): unknown llvm-cpu config key 'bogus'; known keys:


class Training(nn.Module):
    def forward(self, x):
        return x


class Raises(nn.Module):
    def forward(self, x):
        raise ValueError("no forward for you")


try:
    st.export(Training(), x)
except st.CaptureError as error:
    print("CaptureError:", error)
try:
    st.export(Raises().eval(), x)
except st.CaptureError as error:
    print("CaptureError:", error)
# CHECK: CaptureError: the model is in training mode: call model.eval() first (the front door captures inference)
# CHECK: CaptureError: tracing the model failed: ValueError: no forward for you
