// RUN: scope-opt --split-input-file --test-util-scope-type-conversion --verify-diagnostics %s

// The test converter maps tensor<?xi2> to tensor<?x?xi8>: a capture would need
// a second dim that does not exist above the scope.
func.func @capture_dims_change(%t: tensor<?xi2>, %d: index) {
  // expected-error @+2 {{type conversion of capture #0 from 'tensor<?xi2>' to 'tensor<?x?xi8>' changes its number of dynamic dims from 1 to 2; scope dims cannot be converted}}
  // expected-error @+1 {{failed to legalize operation 'util.scope'}}
  util.scope (%t as %a: tensor<?xi2>{%d}) {
    util.return
  }
  return
}

// -----

// The same for an untied result.
func.func @result_dims_change(%d: index) {
  // expected-error @+2 {{type conversion of result #0 from 'tensor<?xi2>' to 'tensor<?x?xi8>' changes its number of dynamic dims from 1 to 2; scope dims cannot be converted}}
  // expected-error @+1 {{failed to legalize operation 'util.scope'}}
  %r = util.scope -> (tensor<?xi2>{%d}) {
    %e = tensor.empty(%d) : tensor<?xi2>
    util.return %e : tensor<?xi2>
  }
  return
}
