// RUN: scope-opt --split-input-file --verify-diagnostics --buffer-deallocation-pipeline %s

// A tu scope is inlined after bufferization (codegen-inline-scopes), before
// buffer deallocation; one still holding buffers there is an error rather
// than the deallocation pass's generic handling of its regions.

func.func @holds_buffers(%a: memref<4xf32>) {
  // expected-error @+1 {{holds buffers during buffer deallocation; inline the tu scopes after bufferization (codegen-inline-scopes)}}
  codegen.scope.tu (%a as %x: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    memref.store %f, %x[%c0] : memref<4xf32>
    codegen.yield
  }
  return
}

// -----

// Without buffers the scope is no business of deallocation.
func.func @no_buffers(%n: index) -> index {
  %r = codegen.scope.tu (%n as %x: index) -> (index) {
    codegen.yield %x : index
  }
  return %r : index
}
