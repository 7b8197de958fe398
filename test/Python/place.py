# Placements and strategies by module name: the modules named in `place`
# get a #hal.device.target scope (a config included), nested placements
# nest, "" places the whole model, `strategy` adds #codegen.strategy; the
# trace shows each module's dispatches on its device, and every variant
# equals eager PyTorch.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s %t | FileCheck %s

import json
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from check import compare  # noqa: E402

import scopeir.torch as st  # noqa: E402

nn = torch.nn
work = sys.argv[1]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16))
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        return torch.softmax(self.head(torch.tanh(self.encoder(x))), dim=-1)


torch.manual_seed(0)
model = Model().eval()
x = torch.randn(3, 8)

print(st.export(model, x, place={"encoder.2": "llvm-cpu",
                                 "head": ("llvm-cpu", {"threads": 1})}))
# CHECK-LABEL: func.func @main
#       CHECK: util.annotate [#util.zone<"encoder">] {
#       CHECK:   util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"encoder.2">] {
#       CHECK:     linalg.matmul
#       CHECK: util.annotate [#hal.device.target<"llvm-cpu", {threads = 1 : i64}>, #util.zone<"head">] {


def dispatch_devices(trace_path):
    """(device, innermost zone) of every dispatch in a trace."""
    with open(trace_path) as file:
        events = json.load(file)
    events = events["traceEvents"] if isinstance(events, dict) else events
    found = set()
    for event in events:
        if event.get("cat") == "dispatch":
            scope = event["args"].get("scope") or ["(none)"]
            found.add((event["args"]["device"], scope[-1]))
    return sorted(found)


trace = os.path.join(work, "placed.json")
run = st.compile(model, x, place={"encoder.2": "llvm-cpu", "head": "llvm-cpu"}, trace=trace)
compare("placed", run, model, x)
run.zone_summary()
print(dispatch_devices(trace))
# CHECK: placed: equal
# CHECK: ('llvm-cpu', 'encoder.2'), ('llvm-cpu', 'head')

# A placement inside a placed module: the inner one wins for its ops.
trace = os.path.join(work, "nested.json")
run = st.compile(model, x, place={"encoder": "llvm-cpu", "encoder.1": "llvm-cpu-loops"},
                 trace=trace)
compare("nested", run, model, x)
run.zone_summary()
print([d for d in dispatch_devices(trace) if d[1].startswith("encoder")])
# CHECK: nested: equal
# CHECK: ('llvm-cpu', 'encoder.{{[02]}}'), {{.*}}('llvm-cpu-loops', 'encoder.1')

# The whole model: one scope around the function's body.
text = st.export(model, x, place={"": "llvm-cpu"}, zones=False)
print(text)
# CHECK-LABEL: func.func @main
#       CHECK: util.annotate [#hal.device.target<"llvm-cpu">] {
#   CHECK-NOT: util.annotate
#       CHECK: } : tensor<3x4xf32> loc("forward")
#  CHECK-NEXT: func.return
compare("whole model", st.compile(model, x, place={"": "llvm-cpu"}), model, x)
# CHECK: whole model: equal

# A strategy for a module on llvm-cpu: its contractions tiled 4x8x8.
pipeline = "llvm-cpu-tile-and-vectorize{tile-sizes=4,8,8},canonicalize,cse"
options = dict(place={"head": "llvm-cpu"}, strategy={"head": {"contraction": pipeline}})
print(st.export(model, x, **options))
# CHECK-LABEL: func.func @main
#       CHECK: util.annotate [#hal.device.target<"llvm-cpu">, #codegen.strategy<contraction = "llvm-cpu-tile-and-vectorize{tile-sizes=4,8,8},canonicalize,cse">, #util.zone<"head">] {
compare("strategy", st.compile(model, x, **options), model, x)
# CHECK: strategy: equal
