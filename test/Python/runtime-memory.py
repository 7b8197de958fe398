# scopeir.runtime keeps the memory a call frees for the next call: the
# option keep_freed_memory (default true) sets glibc's malloc thresholds as
# scope-run does, so that a module's intermediate buffers of a few MiB are
# reused from the heap instead of mapped fresh, and page-faulted, in every
# call (ShuffleNetV2 at batch 8 took 32,000 page faults and 80 ms of system
# time per 174 ms call). The setting is process-wide: each case runs in a
# process of its own. Page faults are counted, not timed.
# RUN: %python %s | FileCheck %s
# CHECK: keep_freed_memory=False: faults per call over 2048
# CHECK: keep_freed_memory=True: faults per call under 256

import resource
import subprocess
import sys

import numpy as np

# Intermediate tensors of 8 MiB, each op a dispatch of its own.
MODULE = """
func.func @main(%x: tensor<2048x1024xf32>) -> tensor<2048xf32> {
  %e = tensor.empty() : tensor<2048x1024xf32>
  %a = linalg.exp ins(%x : tensor<2048x1024xf32>) outs(%e : tensor<2048x1024xf32>) -> tensor<2048x1024xf32>
  %e2 = tensor.empty() : tensor<1024x2048xf32>
  %t = linalg.transpose ins(%a : tensor<2048x1024xf32>) outs(%e2 : tensor<1024x2048xf32>) permutation = [1, 0]
  %b = linalg.exp ins(%t : tensor<1024x2048xf32>) outs(%e2 : tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  %z = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<2048xf32>
  %f = linalg.fill ins(%z : f32) outs(%e3 : tensor<2048xf32>) -> tensor<2048xf32>
  %s = linalg.reduce ins(%b : tensor<1024x2048xf32>) outs(%f : tensor<2048xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  return %s : tensor<2048xf32>
}
"""


def faults_per_call(keep):
    import scopeir.runtime as rt

    session = rt.Session(MODULE, host_backend="llvm-cpu", keep_freed_memory=keep)
    x = np.full((2048, 1024), 0.01, np.float32)
    for _ in range(3):
        session.call([x])
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(5):
        (result,), _ = session.call([x])
    after = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    assert abs(result[0] - 1024 * np.exp(np.exp(np.float32(0.01)))) < 1e-1, result[0]
    return (after - before) / 5


if len(sys.argv) > 1:
    print(faults_per_call(sys.argv[1] == "True"))
    sys.exit(0)

for keep, bound in ((False, 2048), (True, 256)):
    out = subprocess.run([sys.executable, __file__, str(keep)], capture_output=True,
                         text=True, check=True).stdout
    faults = float(out.split()[-1])
    if keep:
        verdict = "under %d" % bound if faults < bound else "%g, not under %d" % (faults, bound)
    else:
        verdict = "over %d" % bound if faults > bound else "%g, not over %d" % (faults, bound)
    print("keep_freed_memory=%s: faults per call %s" % (keep, verdict))
