// RUN: scope-opt --split-input-file --flow-lower-tensor-ops --verify-diagnostics %s

// A bitcast that regroups bits across elements has no upstream tensor op.
func.func @regroup(%x: tensor<4xi8>) -> tensor<2xi16> {
  // expected-error @+1 {{'flow.tensor.bitcast' op from 'tensor<4xi8>' to 'tensor<2xi16>' is not supported: only bitcasts between tensors of one shape whose element types have the same width are}}
  %b = flow.tensor.bitcast %x : tensor<4xi8> -> tensor<2xi16>
  return %b : tensor<2xi16>
}

// -----

// Nor does one between element types that are not numbers of one width.
func.func @index(%x: tensor<4xindex>) -> tensor<4xi64> {
  // expected-error @+1 {{'flow.tensor.bitcast' op from 'tensor<4xindex>' to 'tensor<4xi64>' is not supported}}
  %b = flow.tensor.bitcast %x : tensor<4xindex> -> tensor<4xi64>
  return %b : tensor<4xi64>
}
