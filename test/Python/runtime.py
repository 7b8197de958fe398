# scopeir.runtime, the ctypes binding of the runtime C API, with NumPy:
# compile once, call with arrays read in place (a non-contiguous one is
# copied first), results as arrays viewing the results' memory, failures as
# scopeir.runtime.RuntimeError with the compiler's diagnostics, and a clear
# error when the library cannot be found.
# RUN: %python %s | FileCheck %s

import os
import subprocess
import sys

import numpy as np

import scopeir.runtime as rt

MODULE = """
#id = affine_map<(i, j) -> (i, j)>
func.func @main(%x: tensor<?x3xf32>, %k: tensor<3xi64>) -> (tensor<?x3xf32>, tensor<3xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3xf32>
  %e = tensor.empty(%n) : tensor<?x3xf32>
  %y = util.annotate [#util.zone<"scale">] {
    %r = linalg.generic {indexing_maps = [#id, affine_map<(i, j) -> (j)>, #id],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x, %k : tensor<?x3xf32>, tensor<3xi64>) outs(%e : tensor<?x3xf32>) {
    ^bb0(%a: f32, %b: i64, %o: f32):
      %f = arith.sitofp %b : i64 to f32
      %m = arith.mulf %a, %f : f32
      linalg.yield %m : f32
    } -> tensor<?x3xf32>
    util.return %r : tensor<?x3xf32>
  } : tensor<?x3xf32>
  %eb = tensor.empty() : tensor<3xi1>
  %pos = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
      ins(%k : tensor<3xi64>) outs(%eb : tensor<3xi1>) {
  ^bb0(%b: i64, %o: i1):
    %z = arith.constant 0 : i64
    %c = arith.cmpi sgt, %b, %z : i64
    linalg.yield %c : i1
  } -> tensor<3xi1>
  return %y, %pos : tensor<?x3xf32>, tensor<3xi1>
}
"""

print("backends:", rt.target_backends())
# CHECK: backends: [{{.*}}'llvm-cpu', 'llvm-cpu-loops'{{.*}}]

session = rt.Session(MODULE, threads=1, print_zones=True)
print("inputs", session.num_inputs, "results", session.num_results)
# CHECK: inputs 2 results 2
x = np.arange(12, dtype=np.float32).reshape(4, 3)
k = np.array([2, -1, 0], dtype=np.int64)
(y, positive), seconds = session.call([x, k])
print(y.tolist(), positive.tolist(), seconds >= 0)
# CHECK: {{\[\[}}0.0, -1.0, 0.0], [6.0, -4.0, 0.0], [12.0, -7.0, 0.0], [18.0, -10.0, 0.0]] [True, False, False] True
print("views the results:", y.base is not None and not y.flags.owndata)
# CHECK: views the results: True

# Columns of a wider array: not contiguous, copied before the call.
wide = np.arange(24, dtype=np.float32).reshape(4, 6)[:, ::2]
(y2, _), _ = session.call([wide, k])
print(y2[:, 0].tolist())
# CHECK: [0.0, 12.0, 24.0, 36.0]
print(session.finish_trace().splitlines()[1].split()[:2])
# CHECK: ['scale', '2']

for inputs in ([x], [x.astype(np.float64), k], [np.zeros((4, 2), np.float32), k]):
    try:
        session.call(inputs)
    except rt.RuntimeError as error:
        print("call error:", error)
# CHECK: call error: the function takes 2 inputs but 1 were given
# CHECK: call error: input #0 is 4x3xf64 but argument #0 has type tensor<?x3xf32>
# CHECK: call error: input #0 is 4x2xf32 but argument #0 has type tensor<?x3xf32>

# The same buffer objects in every call (a model's parameters): their views
# are kept between calls, and one whose shape or address changed is seen.
kb = rt.Buffer.from_numpy(k)
for rows in (4, 2):
    (y3, _), _ = session.call([rt.Buffer("f32", (rows, 3), x.ctypes.data, x), kb])
    print(y3[:, 0].tolist())
# CHECK: [0.0, 6.0, 12.0, 18.0]
# CHECK: [0.0, 6.0]
k2 = np.array([1, 1, 1], dtype=np.int64)
(y4, _), _ = session.call([x[1:3], rt.Buffer.from_numpy(k2)])
print(y4.tolist())
# CHECK: {{\[\[}}3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]
session.close()

try:
    rt.Session("func.func @main() {\n  return %x\n}\n", name="bad.mlir")
except rt.RuntimeError as error:
    print("compile error:", error)
# CHECK: compile error: bad.mlir:2:12: error: expected ':'


try:
    rt.Session(MODULE, thread=2)
except rt.RuntimeError as error:
    print("option error:", error)
# CHECK: option error: unknown option 'thread'; known: function,

environment = dict(os.environ, SCOPEIR_LIBRARY="/nonexistent/libScopeirCAPI.so")
child = subprocess.run([sys.executable, "-c", "import scopeir.runtime as rt; rt.Session('')"],
                       env=environment, capture_output=True, text=True)
print(child.stderr.strip().splitlines()[-1])
# CHECK: scopeir.runtime.LibraryNotFoundError: cannot find libScopeirCAPI.so (looked at /nonexistent/libScopeirCAPI.so); build scopeir, or set SCOPEIR_BUILD_DIR
