# On llvm-cpu, compile() prepares the parameters apart (prepare_parameters,
# the default): the convolution filters are packed as the taps read them
# once, by the first call, not in every call. The results are bit for bit
# those of the unprepared module and match eager; an in-place update of the
# model's tensors (their version counter) makes the next call prepare them
# again, so it sees the new weights, as eager does.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s %t | FileCheck %s --implicit-check-not=DIFFERENT

import json
import os
import sys

import torch

import scopeir.torch as st

nn = torch.nn
work = sys.argv[1]
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.wide = nn.Conv2d(8, 16, 3, padding=1)
        self.narrow = nn.Conv2d(16, 32, 3, stride=2)
        self.point = nn.Conv2d(32, 32, 1)

    def forward(self, x):
        return self.point(torch.relu(self.narrow(torch.relu(self.wide(x)))))


def report(name, actual, expected, exact=False):
    same = torch.equal(actual, expected) if exact else torch.allclose(
        actual, expected, rtol=1e-4, atol=1e-4)
    print(name, "same" if same else "DIFFERENT %g" % (actual - expected).abs().max())


model = Net().eval()
x = torch.randn(1, 8, 16, 16)
trace = os.path.join(work, "trace.json")
prepared = st.compile(model, x, host_backend="llvm-cpu", threads=1, trace=trace)
whole = st.compile(model, x, host_backend="llvm-cpu", threads=1, prepare_parameters=False)
with torch.no_grad():
    expected = model(x)
# CHECK: first call same
report("first call", prepared(x), expected)
# CHECK: unprepared same
report("unprepared", prepared(x), whole(x), exact=True)
# CHECK: third call same
report("third call", prepared(x), expected)

# The filters were packed by the first call only: the dispatches of
# @main$prepare ran once in three calls, those of @main$run three times.
prepared.zone_summary()
with open(trace) as file:
    events = json.load(file)["traceEvents"]
names = [e["name"] for e in events if e.get("cat") == "dispatch" and e.get("ph") == "X"]
runs = {n for n in names if "$run" in n}
packs = [n for n in names if "$prepare" in n]
# CHECK: prepare dispatches run once: True
print("prepare dispatches run once:", bool(packs) and len(packs) == len(set(packs)))
# CHECK: run dispatches run three times: True
print("run dispatches run three times:",
      bool(runs) and all(names.count(n) == 3 for n in runs))

# In place, as an optimizer step would: the next call sees the new filters.
with torch.no_grad():
    model.wide.weight.mul_(-2.0)
    model.narrow.weight.add_(0.5)
    expected = model(x)
# CHECK: after an in-place update same
report("after an in-place update", prepared(x), expected)
# CHECK: unprepared after the update same
report("unprepared after the update", prepared(x), whole(x), exact=True)
# load_state_dict copies into the same tensors, in place too.
state = {k: torch.randn_like(v) for k, v in model.state_dict().items()}
model.load_state_dict(state)
with torch.no_grad():
    expected = model(x)
# CHECK: after load_state_dict same
report("after load_state_dict", prepared(x), expected)
