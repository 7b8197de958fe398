// RUN: scope-opt --split-input-file --verify-diagnostics %s

// Invalid codegen.scope.workgroups and codegen.store: one case per verifier
// and parser rule.

func.func @no_grid() {
  // expected-error @+1 {{expects 1 to 3 workgroup counts (grid dimensions) but has 0}}
  "codegen.scope.workgroups"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    "codegen.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @four_dims(%c: index) {
  // expected-error @+1 {{expects 1 to 3 workgroup counts (grid dimensions) but has 4}}
  codegen.scope.workgroups (%a, %b, %d, %e) in (%na = %c, %nb = %c, %nd = %c, %ne = %c) {
  }
  return
}

// -----

func.func @ids_and_counts(%c: index) {
  // expected-error @+1 {{expected one workgroup id per grid dimension, got 2 ids for 1 dimensions}}
  codegen.scope.workgroups (%a, %b) in (%na = %c) {
  }
  return
}

// -----

// A result tied to a capture of another type.
func.func @tied_type(%c: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{result #0 of type 'tensor<4xi32>' is tied to capture #0 of type 'tensor<4xf32>'; a tied result must have its capture's type}}
  %r = "codegen.scope.workgroups"(%t, %c) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, tied_operands = array<i64: 0>}> ({
  ^bb0(%x: tensor<4xf32>, %i: index, %n: index, %o: tensor<4xi32>):
    "codegen.yield"() : () -> ()
  }) : (tensor<4xf32>, index) -> tensor<4xi32>
  return
}

// -----

// Two results tied to one capture.
func.func @tied_twice(%c: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{results #0 and #1 are both tied to capture #0}}
  %r:2 = "codegen.scope.workgroups"(%t, %c) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, tied_operands = array<i64: 0, 0>}> ({
  ^bb0(%x: tensor<4xf32>, %i: index, %n: index, %o: tensor<4xf32>, %p: tensor<4xf32>):
    "codegen.yield"() : () -> ()
  }) : (tensor<4xf32>, index) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

// A tie to a capture that does not exist.
func.func @tied_range(%c: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{result #0 is tied to capture #1 but the scope has 1 captures}}
  %r = "codegen.scope.workgroups"(%t, %c) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, tied_operands = array<i64: 1>}> ({
  ^bb0(%x: tensor<4xf32>, %i: index, %n: index, %o: tensor<4xf32>):
    "codegen.yield"() : () -> ()
  }) : (tensor<4xf32>, index) -> tensor<4xf32>
  return
}

// -----

// One tie entry for two results.
func.func @tied_count(%c: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{expects one tied_operands entry per result (2) but has 1}}
  %r:2 = "codegen.scope.workgroups"(%t, %c) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, tied_operands = array<i64: 0>}> ({
  ^bb0(%x: tensor<4xf32>, %i: index, %n: index, %o: tensor<4xf32>, %p: tensor<4xf32>):
    "codegen.yield"() : () -> ()
  }) : (tensor<4xf32>, index) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @handles(%c: index) {
  // expected-error @+1 {{expected one result handle per result (2), got 1}}
  %r:2 = codegen.scope.workgroups (%i) in (%n = %c) -> (tensor<4xf32>, tensor<4xf32>) as (%o) {
  }
  return
}

// -----

func.func @capture_dims(%c: index, %t: tensor<?xf32>) {
  // expected-error @+1 {{expects 1 dynamic dims for its captures (one per dynamic dimension) but has 0}}
  "codegen.scope.workgroups"(%t, %c) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>}> ({
  ^bb0(%x: tensor<?xf32>, %i: index, %n: index):
    "codegen.yield"() : () -> ()
  }) : (tensor<?xf32>, index) -> ()
  return
}

// -----

func.func @result_dims(%c: index) {
  // expected-error @+1 {{expects 1 dynamic dims for its results (one per dynamic dimension) but has 0}}
  %r = "codegen.scope.workgroups"(%c) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
  ^bb0(%i: index, %n: index, %o: tensor<?xf32>):
    "codegen.yield"() : () -> ()
  }) : (index) -> tensor<?xf32>
  return
}

// -----

func.func @block_args(%c: index) {
  // expected-error @+1 {{expects 2 entry block arguments (0 captures, 1 workgroup ids, 1 workgroup counts, 0 result handles) but the body has 1}}
  "codegen.scope.workgroups"(%c) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
  ^bb0(%i: index):
    "codegen.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @capture_arg_type(%c: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{capture #0 has type 'tensor<4xf32>' but its block argument has type 'tensor<4xi32>'}}
  "codegen.scope.workgroups"(%t, %c) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>}> ({
  ^bb0(%x: tensor<4xi32>, %i: index, %n: index):
    "codegen.yield"() : () -> ()
  }) : (tensor<4xf32>, index) -> ()
  return
}

// -----

func.func @id_type(%c: index) {
  // expected-error @+1 {{expects workgroup ids and counts of type 'index', block argument #1 has type 'i32'}}
  "codegen.scope.workgroups"(%c) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
  ^bb0(%i: index, %n: i32):
    "codegen.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @handle_type(%c: index) {
  // expected-error @+1 {{result #0 has type 'tensor<4xf32>' but its result handle has type 'tensor<8xf32>'}}
  %r = "codegen.scope.workgroups"(%c) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
  ^bb0(%i: index, %n: index, %o: tensor<8xf32>):
    "codegen.yield"() : () -> ()
  }) : (index) -> tensor<4xf32>
  return
}

// -----

func.func @handle_read(%c: index) {
  // expected-error @+1 {{result handle #0 is used by 'tensor.extract_slice'; a result handle is only the destination of codegen.store (the body cannot read a result)}}
  %r = codegen.scope.workgroups (%i) in (%n = %c) -> (tensor<4xf32>) as (%o) {
    // expected-note @+1 {{used here}}
    %s = tensor.extract_slice %o[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    codegen.store %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
  }
  return
}

// -----

func.func @handle_stored(%c: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{result handle #0 is used by 'codegen.store'; a result handle is only the destination of codegen.store (the body cannot read a result)}}
  %r:2 = codegen.scope.workgroups (%i) in (%n = %c) -> (tensor<4xf32>, tensor<4xf32>) as (%o, %p) {
    // expected-note @+1 {{used here}}
    codegen.store %o into %p[0] [4] [1] : tensor<4xf32> into tensor<4xf32>
  }
  return
}

// -----

func.func @yield_operands(%c: index, %t: tensor<4xf32>) {
  "codegen.scope.workgroups"(%t, %c) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>}> ({
  ^bb0(%x: tensor<4xf32>, %i: index, %n: index):
    // expected-error @+1 {{yields 1 values in a codegen.scope.workgroups, which yields none: its results are written by codegen.store}}
    "codegen.yield"(%x) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>, index) -> ()
  return
}

// -----

func.func @store_outside(%t: tensor<4xf32>) {
  // expected-error @+1 {{expects parent op 'codegen.scope.workgroups'}}
  codegen.store %t into %t[0] [4] [1] : tensor<4xf32> into tensor<4xf32>
  return
}

// -----

// A store in the payload of a linalg.generic: not control flow that the
// workgroup runs as written.
func.func @store_in_payload(%c: index, %t: tensor<1xf32>) {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<1xf32>) -> (tensor<4xf32>) as (%o) {
    %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%x : tensor<1xf32>) {
    ^bb0(%v: f32):
      // expected-error @+1 {{is nested in 'linalg.generic', which is not control flow; a codegen.store sits in the body of its codegen.scope.workgroups or in regions of control-flow ops there (RegionBranchOpInterface)}}
      codegen.store %x into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
      linalg.yield %v : f32
    } -> tensor<1xf32>
  }
  return
}

// -----

func.func @store_not_handle(%c: index, %t: tensor<4xf32>) {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<4xf32>) -> (tensor<4xf32>) as (%o) {
    // expected-error @+1 {{stores into a value that is not a result handle of the enclosing codegen.scope.workgroups}}
    codegen.store %x into %x[0] [4] [1] : tensor<4xf32> into tensor<4xf32>
    codegen.store %x into %o[0] [4] [1] : tensor<4xf32> into tensor<4xf32>
  }
  return
}

// -----

func.func @store_rank(%c: index, %t: tensor<4xf32>) {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<4xf32>) -> (tensor<4x4xf32>) as (%o) {
    // expected-error @+1 {{stores a tile of rank 1 into a result of rank 2}}
    codegen.store %x into %o[0, 0] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x4xf32>
  }
  return
}

// -----

func.func @store_element_type(%c: index, %t: tensor<4xi32>) {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<4xi32>) -> (tensor<4xf32>) as (%o) {
    // expected-error @+1 {{stores a tile of element type 'i32' into a result of element type 'f32'}}
    codegen.store %x into %o[0] [4] [1] : tensor<4xi32> into tensor<4xf32>
  }
  return
}

// -----

func.func @store_index_count(%c: index, %t: tensor<4xf32>) {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<4xf32>) -> (tensor<4xf32>) as (%o) {
    // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1)}}
    codegen.store %x into %o[0, 0] [4] [1] : tensor<4xf32> into tensor<4xf32>
  }
  return
}

// -----

func.func @store_size(%c: index, %t: tensor<4xf32>) {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<4xf32>) -> (tensor<8xf32>) as (%o) {
    // expected-error @+1 {{tile dimension #0 is 4 but the store's size is 2}}
    codegen.store %x into %o[0] [2] [1] : tensor<4xf32> into tensor<8xf32>
  }
  return
}

// -----

func.func @store_dynamic_size(%c: index, %t: tensor<4xf32>) {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<4xf32>) -> (tensor<8xf32>) as (%o) {
    // expected-error @+1 {{tile dimension #0 is 4 but the store's size is dynamic}}
    codegen.store %x into %o[0] [%n] [1] : tensor<4xf32> into tensor<8xf32>
  }
  return
}

// -----

func.func @store_negative_offset(%c: index, %t: tensor<4xf32>) {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<4xf32>) -> (tensor<8xf32>) as (%o) {
    // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
    codegen.store %x into %o[-1] [4] [1] : tensor<4xf32> into tensor<8xf32>
  }
  return
}

// -----

func.func @store_stride(%c: index, %t: tensor<4xf32>) {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<4xf32>) -> (tensor<8xf32>) as (%o) {
    // expected-error @+1 {{stride #0 is 0; strides are positive}}
    codegen.store %x into %o[0] [4] [0] : tensor<4xf32> into tensor<8xf32>
  }
  return
}

// -----

func.func @store_bounds(%c: index, %t: tensor<4xf32>) {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<4xf32>) -> (tensor<8xf32>) as (%o) {
    // expected-error @+1 {{writes index 8 of dimension #0, outside the result's extent 8}}
    codegen.store %x into %o[2] [4] [2] : tensor<4xf32> into tensor<8xf32>
  }
  return
}
