# Kernel replacement by module name: `kernels` makes a module's ops an
# extern scope (#hal.extern, its captures the kernel's arguments, the weights
# included since parameters are arguments); with a library providing the
# symbol the kernel runs (its call counter moves), without one the ops run
# as the decomposition with a warning, or fail with require_kernels.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %cc -shared -fPIC -O2 -I %scopeir_src_root/include %S/Inputs/linear_kernel.c -o %t/liblinear.so
# RUN: %python %s %t/liblinear.so | FileCheck %s

import ctypes
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare  # noqa: E402

import scopeir.torch as st  # noqa: E402

nn = torch.nn
library = sys.argv[1]

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4)).eval()
x = torch.randn(3, 8)

print(st.export(model, x, kernels={"2": "linear_f32"}))
# CHECK-LABEL: func.func @main
#       CHECK: util.annotate [#hal.extern<"linear_f32">, #util.zone<"2">] {
#       CHECK:   linalg.matmul

run = st.compile(model, x, kernels={"2": "linear_f32"}, kernel_libraries=[library])
counter = ctypes.c_int64.in_dll(ctypes.CDLL(library), "linear_f32_calls")
compare("kernel", run, model, x)
compare("kernel again", run, model, torch.randn(3, 8))
print("kernel calls:", counter.value, "warnings:", repr(run.warnings))
# CHECK: kernel: equal
# CHECK: kernel again: equal
# CHECK: kernel calls: 2 warnings: ''

run = st.compile(model, x, kernels={"2": "linear_f32"})
compare("decomposition", run, model, x)
print(run.warnings.strip())
# CHECK: decomposition: equal
# CHECK: scopeir: warning: no kernel library provides kernel 'linear_f32'; running its decomposition instead

try:
    st.compile(model, x, kernels={"2": "linear_f32"}, require_kernels=True)
except st.CompileError as error:
    print("CompileError:", error)
# CHECK: CompileError: no kernel library provides kernel 'linear_f32' (--require-kernels)
