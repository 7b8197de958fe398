/*===- scopeir-capi-test.c - The C API of scopeir, from C --------*- C -*-===*\
|*                                                                            *|
|* This file tests scopeir's C API from a C program linked against            *|
|* libScopeirCAPI.so only: every dialect handle loads its dialect, a module   *|
|* with scopes parses, verifies and prints, a malformed scope is a            *|
|* diagnostic, and scopeir's passes run through the C pass manager, created   *|
|* directly and parsed from a pipeline string.                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

/* RUN: scopeir-capi-test | FileCheck %s
 */

#include "scopeir-c/Dialects.h"
#include "scopeir-c/Passes.h"
#include "scopeir-c/RegisterEverything.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static int fail(const char *what) {
  fprintf(stderr, "FAILED: %s\n", what);
  return 1;
}

/* Returns a new context with the dialects of `registry` (which it destroys)
   that prints its diagnostics. */
static MlirContext createContext(MlirDialectRegistry registry) {
  MlirContext context = mlirContextCreate();
  mlirContextAppendDialectRegistry(context, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(context, printDiagnostic, NULL, NULL);
  return context;
}

/* Loads one dialect through its handle into a context with nothing else
   registered; checks the handle's and the dialect's namespaces. */
static int testHandle(MlirDialectHandle handle, const char *name) {
  MlirContext context = mlirContextCreate();
  MlirStringRef handleName = mlirDialectHandleGetNamespace(handle);
  MlirDialect dialect = mlirDialectHandleLoadDialect(handle, context);
  int ok = !mlirDialectIsNull(dialect) &&
           mlirStringRefEqual(handleName,
                              mlirStringRefCreateFromCString(name)) &&
           mlirStringRefEqual(mlirDialectGetNamespace(dialect), handleName);
  mlirContextDestroy(context);
  if (!ok)
    return fail(name);
  printf("loaded %s\n", name);
  return 0;
}

// CHECK: loaded util
// CHECK: loaded hal
// CHECK: loaded flow
// CHECK: loaded codegen
// CHECK: loaded check

/* Inserting a handle into a registry registers the dialect without loading
   it: the context then parses util's syntax. */
static int testInsertedHandle(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__util__(), registry);
  MlirContext context = mlirContextCreate();
  mlirContextAppendDialectRegistry(context, registry);
  mlirDialectRegistryDestroy(registry);
  int registered = mlirContextGetNumRegisteredDialects(context) > 1;
  MlirModule module = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(
                   "util.scope [#util.zone<\"top\">] {\n  util.return\n}\n"));
  int parsed = !mlirModuleIsNull(module);
  if (parsed) {
    mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
    mlirModuleDestroy(module);
  }
  mlirContextDestroy(context);
  if (!registered || !parsed)
    return fail("inserted handle");
  return 0;
}

// CHECK-LABEL: module {
//  CHECK-NEXT:   util.scope [#util.zone<"top">] {
//  CHECK-NEXT:     util.return
//  CHECK-NEXT:   }
//  CHECK-NEXT: }

static const char *kModule =
    "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %r = util.scope [#hal.device.target<\"llvm-cpu\">, "
    "#util.zone<\"double\">]\n"
    "      (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {\n"
    "    %e = tensor.empty() : tensor<4xf32>\n"
    "    %s = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>)\n"
    "                    outs(%e : tensor<4xf32>) -> tensor<4xf32>\n"
    "    util.return %s : tensor<4xf32>\n"
    "  }\n"
    "  return %r : tensor<4xf32>\n"
    "}\n";

/* Two attributes of one kind on a scope: a verifier error, reported through
   the diagnostic handler, and no module. */
static const char *kMalformed =
    "func.func @bad() {\n"
    "  util.scope [#util.zone<\"a\">, #util.zone<\"b\">] {\n"
    "    util.return\n"
    "  }\n"
    "  return\n"
    "}\n";

static int testModuleAndPasses(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  scopeirRegisterAllDialects(registry);
  MlirContext context = createContext(registry);

  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module))
    return fail("parse");
  MlirOperation op = mlirModuleGetOperation(module);
  if (!mlirOperationVerify(op))
    return fail("verify");
  mlirOperationPrint(op, printToStdout, NULL);

  MlirModule bad = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(kMalformed));
  if (!mlirModuleIsNull(bad))
    return fail("the malformed scope parsed");

  /* A pass created through its generated C function. */
  mlirRegisterUtilPasses();
  MlirPassManager pm = mlirPassManagerCreate(context);
  mlirPassManagerAddOwnedPass(pm, mlirCreateUtilLowerAnnotationsPass());
  mlirPassManagerAddOwnedPass(pm, mlirCreateUtilStripScopesPass());
  if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, op)))
    return fail("run util-strip-scopes");
  mlirPassManagerDestroy(pm);
  mlirOperationPrint(op, printToStdout, NULL);

  /* Everything scope-opt registers, parsed from a pipeline string. */
  scopeirRegisterAllPasses();
  MlirPassManager parsed = mlirPassManagerCreate(context);
  MlirLogicalResult pipeline = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(parsed),
      mlirStringRefCreateFromCString(
          "builtin.module(func.func(linalg-generalize-named-ops))"),
      printToStdout, NULL);
  if (mlirLogicalResultIsFailure(pipeline))
    return fail("parse the pipeline");
  if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(parsed, op)))
    return fail("run the pipeline");
  mlirPassManagerDestroy(parsed);
  mlirOperationPrint(op, printToStdout, NULL);

  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return 0;
}

// CHECK-LABEL: func.func @main
//       CHECK:   util.scope [#hal.device.target<"llvm-cpu">, #util.zone<"double">] (%{{.+}} as %[[A:.+]]: tensor<4xf32>) -> (tensor<4xf32>) {
//       CHECK:     linalg.add ins(%[[A]], %[[A]]
//       CHECK:     util.return

//       CHECK: diagnostic: 'util.scope' op has two scope attributes of kind 'zone': #util.zone<"a"> and #util.zone<"b">

// After util-lower-annotations and util-strip-scopes:
// CHECK-LABEL: func.func @main
//   CHECK-NOT:   util.scope
//       CHECK:   linalg.add ins(%{{.+}}, %{{.+}} : tensor<4xf32>, tensor<4xf32>)

// After linalg-generalize-named-ops:
// CHECK-LABEL: func.func @main
//       CHECK:   linalg.generic
//       CHECK:     arith.addf

/* The codegen dialect through its handle, in a context that has upstream's
   dialects only, and one of its passes through the generated C function:
   codegen-inline-scopes replaces the tu scope by its body. */
static const char *kTUModule =
    "func.func @tu(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %r = codegen.scope.tu (%x as %a: tensor<4xf32>) -> (tensor<4xf32>)\n"
    "      pipeline = \"canonicalize\" {\n"
    "    %n = arith.negf %a : tensor<4xf32>\n"
    "    codegen.yield %n : tensor<4xf32>\n"
    "  }\n"
    "  return %r : tensor<4xf32>\n"
    "}\n";

static int testCodegen(void) {
  /* Upstream's dialects (func, arith) without scopeir's; the codegen
     handle brings codegen. */
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__codegen__(), registry);
  MlirContext context = createContext(registry);

  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kTUModule));
  if (mlirModuleIsNull(module))
    return fail("parse the tu scope");
  MlirOperation op = mlirModuleGetOperation(module);
  mlirOperationPrint(op, printToStdout, NULL);

  mlirRegisterCodegenPasses();
  MlirPassManager pm = mlirPassManagerCreate(context);
  MlirOpPassManager nested = mlirPassManagerGetNestedUnder(
      pm, mlirStringRefCreateFromCString("func.func"));
  mlirOpPassManagerAddOwnedPass(nested, mlirCreateCodegenInlineScopesPass());
  int ran = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
  mlirPassManagerDestroy(pm);
  if (ran)
    mlirOperationPrint(op, printToStdout, NULL);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return ran ? 0 : fail("run codegen-inline-scopes");
}

// CHECK-LABEL: func.func @tu
//       CHECK:   codegen.scope.tu (%{{.+}} as %[[A:.+]]: tensor<4xf32>) -> (tensor<4xf32>) pipeline = "canonicalize" {
//       CHECK:     arith.negf %[[A]]
//       CHECK:     codegen.yield

// After codegen-inline-scopes:
// CHECK-LABEL: func.func @tu
//   CHECK-NOT:   codegen.scope.tu
//       CHECK:   %[[N:.+]] = arith.negf %{{.+}} : tensor<4xf32>
//  CHECK-NEXT:   return %[[N]]

int main(void) {
  /* Every handle scopeir-c/Dialects.def lists. */
#define SCOPEIR_CAPI_DIALECT(Name, Namespace)                                  \
  if (testHandle(mlirGetDialectHandle__##Namespace##__(), #Namespace))         \
    return 1;
#include "scopeir-c/Dialects.def"
  if (testInsertedHandle())
    return 1;
  if (testModuleAndPasses())
    return 1;
  if (testCodegen())
    return 1;
  printf("done\n");
  return 0;
}

// CHECK: done
