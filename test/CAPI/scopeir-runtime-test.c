/*===- scopeir-runtime-test.c - The runtime C API, from C ---------*- C -*-===*\
|*                                                                            *|
|* This file tests scopeir's runtime C API (scopeir-c/Runtime.h) from a C     *|
|* program linked against libScopeirCAPI.so only: a module with device and    *|
|* zone scopes compiled once and called several times with the program's own  *|
|* buffers (dynamic sizes, several element types, scalars, several results),  *|
|* inputs left unchanged by a function that could update them in place, the   *|
|* zone summary of a traced session, and every failure as a status with a     *|
|* message.                                                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

/* RUN: scopeir-runtime-test | FileCheck %s
 */

// CHECK-LABEL: element sizes: 1 2 8 0
//  CHECK-NEXT: backends: {{(.*,)?}}llvm-cpu,llvm-cpu-loops{{(,.*)?$}}

#include "scopeir-c/Runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what) {
  fprintf(stderr, "FAILED: %s\n", what);
  return 1;
}

/* Prints the status's message (or "ok") and destroys it; returns whether it
   was a failure. */
static int report(const char *what, ScopeirRuntimeStatus status) {
  if (!status) {
    printf("%s: ok\n", what);
    return 0;
  }
  printf("%s: error: %s\n", what, scopeirRuntimeStatusGetMessage(status));
  scopeirRuntimeStatusDestroy(status);
  return 1;
}

/* Creates a session of `function` in `module` with `threads` threads. */
static ScopeirRuntimeSession create(const char *module, const char *function,
                                    int printZones) {
  ScopeirRuntimeOptions options = scopeirRuntimeOptionsCreate();
  ScopeirRuntimeSession session = NULL;
  if (report("option function",
             scopeirRuntimeOptionsSet(options, "function", function)) ||
      report("option threads",
             scopeirRuntimeOptionsSet(options, "threads", "1")) ||
      (printZones &&
       report("option print-zones",
              scopeirRuntimeOptionsSet(options, "print-zones", "true")))) {
    scopeirRuntimeOptionsDestroy(options);
    return NULL;
  }
  ScopeirRuntimeStatus status = scopeirRuntimeSessionCreate(
      module, strlen(module), "module.mlir", options, &session);
  scopeirRuntimeOptionsDestroy(options);
  if (report("create", status))
    return NULL;
  return session;
}

/* Prints a result's type and its elements as doubles. */
static void printResult(ScopeirBufferView view) {
  intptr_t count = 1;
  for (intptr_t d = 0; d < view.rank; ++d) {
    printf("%lldx", (long long)view.shape[d]);
    count *= view.shape[d];
  }
  static const char *names[] = {"i1",  "i8",   "i16", "i32", "i64",
                                "f16", "bf16", "f32", "f64"};
  printf("%s=", names[view.elementType]);
  for (intptr_t i = 0; i < count; ++i) {
    double value = 0;
    switch (view.elementType) {
    case SCOPEIR_ELEMENT_TYPE_F32:
      value = ((const float *)view.data)[i];
      break;
    case SCOPEIR_ELEMENT_TYPE_F64:
      value = ((const double *)view.data)[i];
      break;
    case SCOPEIR_ELEMENT_TYPE_I32:
      value = ((const int32_t *)view.data)[i];
      break;
    case SCOPEIR_ELEMENT_TYPE_I64:
      value = (double)((const int64_t *)view.data)[i];
      break;
    default:
      value = -999;
    }
    printf("%s%g", i ? " " : "", value);
  }
  printf("\n");
}

/* Calls `session` and prints every result. */
static int callAndPrint(ScopeirRuntimeSession session,
                        const ScopeirBufferView *inputs, intptr_t numInputs) {
  ScopeirRuntimeResults results = NULL;
  double seconds = -1;
  if (report("call", scopeirRuntimeSessionCall(session, inputs, numInputs,
                                               &results, &seconds)))
    return 1;
  if (seconds < 0)
    return fail("call time");
  for (intptr_t i = 0; i < scopeirRuntimeResultsGetCount(results); ++i)
    printResult(scopeirRuntimeResultsGet(results, i));
  scopeirRuntimeResultsDestroy(results);
  return 0;
}

/* x * 2 + bias per row, the doubling on llvm-cpu in zone "scale", the bias
   on the host: a dynamic batch of rows of 3. */
static const char *kScaleModule =
    "#id = affine_map<(i, j) -> (i, j)>\n"
    "#row = affine_map<(i, j) -> (j)>\n"
    "func.func @main(%x: tensor<?x3xf32>, %bias: tensor<3xf32>)\n"
    "    -> tensor<?x3xf32> {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %n = tensor.dim %x, %c0 : tensor<?x3xf32>\n"
    "  %e = tensor.empty(%n) : tensor<?x3xf32>\n"
    "  %d = util.annotate [#hal.device.target<\"llvm-cpu\">,\n"
    "                      #util.zone<\"scale\">] {\n"
    "    %s = linalg.add ins(%x, %x : tensor<?x3xf32>, tensor<?x3xf32>)\n"
    "                    outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>\n"
    "    util.return %s : tensor<?x3xf32>\n"
    "  } : tensor<?x3xf32>\n"
    "  %r = linalg.generic {indexing_maps = [#row, #id, #id],\n"
    "                       iterator_types = [\"parallel\", \"parallel\"]}\n"
    "      ins(%bias, %d : tensor<3xf32>, tensor<?x3xf32>)\n"
    "      outs(%e : tensor<?x3xf32>) {\n"
    "  ^bb0(%b: f32, %v: f32, %o: f32):\n"
    "    %a = arith.addf %v, %b : f32\n"
    "    linalg.yield %a : f32\n"
    "  } -> tensor<?x3xf32>\n"
    "  return %r : tensor<?x3xf32>\n"
    "}\n"
    /* Integers and scalars: (v + k, k * 2) for an i64 vector v and an i32
       scalar k. The addition updates %v's buffer in place unless the
       argument is read-only. */
    "func.func @ints(%v: tensor<4xi64>, %k: i32) -> (tensor<4xi64>, i32) {\n"
    "  %k64 = arith.extsi %k : i32 to i64\n"
    "  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>],\n"
    "                       iterator_types = [\"parallel\"]}\n"
    "      outs(%v : tensor<4xi64>) {\n"
    "  ^bb0(%o: i64):\n"
    "    %a = arith.addi %o, %k64 : i64\n"
    "    linalg.yield %a : i64\n"
    "  } -> tensor<4xi64>\n"
    "  %two = arith.constant 2 : i32\n"
    "  %m = arith.muli %k, %two : i32\n"
    "  return %r, %m : tensor<4xi64>, i32\n"
    "}\n";

static int testCalls(void) {
  ScopeirRuntimeSession session = create(kScaleModule, "main", 0);
  if (!session)
    return fail("create main");
  printf("inputs %d results %d\n",
         (int)scopeirRuntimeSessionGetNumInputs(session),
         (int)scopeirRuntimeSessionGetNumResults(session));
  /* One compiled function, two batch sizes. */
  float x[6] = {1, 2, 3, 4, 5, 6};
  float bias[3] = {0.5f, 0.25f, -1};
  int64_t shape1[2] = {1, 3}, shape2[2] = {2, 3}, biasShape[1] = {3};
  ScopeirBufferView inputs[2] = {
      {SCOPEIR_ELEMENT_TYPE_F32, 2, shape1, x},
      {SCOPEIR_ELEMENT_TYPE_F32, 1, biasShape, bias}};
  if (callAndPrint(session, inputs, 2))
    return 1;
  inputs[0].shape = shape2;
  if (callAndPrint(session, inputs, 2))
    return 1;
  scopeirRuntimeSessionDestroy(session);

  session = create(kScaleModule, "ints", 0);
  if (!session)
    return fail("create ints");
  int64_t v[4] = {10, 20, 30, -40};
  int32_t k = 7;
  int64_t vShape[1] = {4};
  ScopeirBufferView intInputs[2] = {{SCOPEIR_ELEMENT_TYPE_I64, 1, vShape, v},
                                    {SCOPEIR_ELEMENT_TYPE_I32, 0, NULL, &k}};
  if (callAndPrint(session, intInputs, 2))
    return 1;
  /* The caller's buffer is read in place and never written. */
  printf("v after the call: %lld %lld %lld %lld\n", (long long)v[0],
         (long long)v[1], (long long)v[2], (long long)v[3]);
  scopeirRuntimeSessionDestroy(session);
  return 0;
}

// CHECK-LABEL: inputs 2 results 1
//       CHECK: 1x3xf32=2.5 4.25 5
//       CHECK: 2x3xf32=2.5 4.25 5 8.5 10.25 11
//       CHECK: 4xi64=17 27 37 -33
//  CHECK-NEXT: i32=14
//  CHECK-NEXT: v after the call: 10 20 30 -40

/* The zone of a traced session appears in its summary. */
static int testZoneSummary(void) {
  ScopeirRuntimeSession session = create(kScaleModule, "main", 1);
  if (!session)
    return fail("create traced");
  float x[3] = {1, 2, 3}, bias[3] = {0, 0, 0};
  int64_t shape[2] = {1, 3}, biasShape[1] = {3};
  ScopeirBufferView inputs[2] = {
      {SCOPEIR_ELEMENT_TYPE_F32, 2, shape, x},
      {SCOPEIR_ELEMENT_TYPE_F32, 1, biasShape, bias}};
  ScopeirRuntimeResults results = NULL;
  for (int i = 0; i < 3; ++i) {
    if (report("traced call",
               scopeirRuntimeSessionCall(session, inputs, 2, &results, NULL)))
      return 1;
    scopeirRuntimeResultsDestroy(results);
  }
  if (report("finish trace", scopeirRuntimeSessionFinishTrace(session)))
    return 1;
  printf("%s", scopeirRuntimeSessionGetZoneSummary(session));
  report("finish again", scopeirRuntimeSessionFinishTrace(session));
  scopeirRuntimeSessionDestroy(session);
  return 0;
}

// CHECK-LABEL: finish trace: ok
//       CHECK: zone calls total ms
//  CHECK-NEXT: scale 3 {{[0-9]}}
//       CHECK: run time:
//       CHECK: finish again: error: the trace was finished already

/* Every failure is a status with a message. */
static int testErrors(void) {
  ScopeirRuntimeOptions options = scopeirRuntimeOptionsCreate();
  report("unknown option", scopeirRuntimeOptionsSet(options, "thread", "1"));
  report("bad bool", scopeirRuntimeOptionsSet(options, "dispatch", "yes"));
  report("bad opt-level", scopeirRuntimeOptionsSet(options, "opt-level", "4"));
  report("bad backend",
         scopeirRuntimeOptionsSet(options, "host-backend", "gpu"));
  report("bad keep-freed-memory",
         scopeirRuntimeOptionsSet(options, "keep-freed-memory", "maybe"));

  ScopeirRuntimeSession session = NULL;
  const char *broken = "func.func @main() {\n  %x = arith.constant : f32\n}\n";
  report("parse error",
         scopeirRuntimeSessionCreate(broken, strlen(broken), "broken.mlir",
                                     options, &session));
  if (session)
    return fail("a session from a broken module");
  report("option function",
         scopeirRuntimeOptionsSet(options, "function", "nope"));
  report("no function",
         scopeirRuntimeSessionCreate(kScaleModule, strlen(kScaleModule),
                                     "module.mlir", options, &session));
  scopeirRuntimeOptionsDestroy(options);

  session = create(kScaleModule, "main", 0);
  if (!session)
    return fail("create");
  float x[4] = {0};
  int64_t shape[2] = {1, 4}, biasShape[1] = {3};
  ScopeirBufferView inputs[2] = {{SCOPEIR_ELEMENT_TYPE_F32, 2, shape, x},
                                 {SCOPEIR_ELEMENT_TYPE_F32, 1, biasShape, x}};
  ScopeirRuntimeResults results = NULL;
  report("too few inputs",
         scopeirRuntimeSessionCall(session, inputs, 1, &results, NULL));
  report("static size",
         scopeirRuntimeSessionCall(session, inputs, 2, &results, NULL));
  shape[1] = 3;
  inputs[1].elementType = SCOPEIR_ELEMENT_TYPE_F64;
  report("element type",
         scopeirRuntimeSessionCall(session, inputs, 2, &results, NULL));
  inputs[1].elementType = (ScopeirElementType)42;
  report("bad view",
         scopeirRuntimeSessionCall(session, inputs, 2, &results, NULL));
  report("not traced", scopeirRuntimeSessionFinishTrace(session));
  if (results)
    return fail("results from a failed call");
  scopeirRuntimeSessionDestroy(session);
  return 0;
}

// CHECK-LABEL: unknown option: error: unknown option 'thread'; known: function,
//       CHECK: bad bool: error: option 'dispatch': expected true or false, got
//       'yes' CHECK: bad opt-level: error: option 'opt-level': expected an
//       integer from 0 to 3, got '4' CHECK: bad backend: error: option
//       'host-backend': unknown {{.*}}'gpu' CHECK: bad keep-freed-memory:
//       error: option 'keep-freed-memory': expected true or false, got 'maybe'
//       CHECK: parse error: error: broken.mlir:2:22: error: expected attribute
//       value CHECK: no function: error: no function '@nope' with a body in
//       module.mlir CHECK: too few inputs: error: the function takes 2 inputs
//       but 1 were given CHECK: static size: error: input #0 is 1x4xf32 but
//       argument #0 has type tensor<?x3xf32> CHECK: element type: error: input
//       #1 is 3xf64 but argument #1 has type tensor<3xf32> CHECK: bad view:
//       error: input #1: bad element type, rank, shape or data CHECK: not
//       traced: error: the session was created without 'trace' or 'print-zones'

int main(void) {
  printf("element sizes: %zu %zu %zu %zu\n",
         scopeirElementTypeGetSize(SCOPEIR_ELEMENT_TYPE_I1),
         scopeirElementTypeGetSize(SCOPEIR_ELEMENT_TYPE_BF16),
         scopeirElementTypeGetSize(SCOPEIR_ELEMENT_TYPE_F64),
         scopeirElementTypeGetSize((ScopeirElementType)9));
  printf("backends: %s\n", scopeirRuntimeGetTargetBackends());
  if (testCalls() || testZoneSummary() || testErrors())
    return 1;
  printf("done\n");
  return 0;
}

// CHECK: done
