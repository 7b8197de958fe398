// RUN: scope-opt --split-input-file --verify-diagnostics --flow-outline-dispatch-regions %s

// A region inside another region cannot be outlined (formation never
// creates one; hand-written IR may).
func.func @nested_regions() -> tensor<4xf32> {
  %r = flow.dispatch.region -> (tensor<4xf32>) {
    // expected-error @+1 {{cannot outline a dispatch region nested in another dispatch region}}
    %i = flow.dispatch.region -> (tensor<4xf32>) {
      %e = tensor.empty() : tensor<4xf32>
      flow.return %e : tensor<4xf32>
    }
    flow.return %i : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
