// RUN: not scope-opt --codegen-form-tu-scopes="table=no-such-table" %s 2>&1 | FileCheck %s

// CHECK: error: unknown strategy table 'no-such-table'; registered:
func.func @f() {
  return
}
