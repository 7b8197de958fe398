// util-outline-scopes{remarks}: a remark at every scope saying whether it
// was outlined and, if not, why.
// RUN: scope-opt --split-input-file --util-outline-scopes="kind=zone bufferization-safe=false remarks" --verify-diagnostics %s
// Without the option the pass says nothing here and prints the same IR (the
// expected-remark lines dropped: MLIR reports them as missing otherwise).
// RUN: grep -v expected- %s > %t.in
// RUN: scope-opt --split-input-file --util-outline-scopes="kind=zone bufferization-safe=false" %t.in -o %t.plain 2>%t.stderr
// RUN: count 0 < %t.stderr
// RUN: scope-opt --split-input-file --util-outline-scopes="kind=zone bufferization-safe=false remarks" %t.in -o %t.remarks 2>/dev/null
// RUN: cmp %t.plain %t.remarks

// A zone scope is outlined; the remark names the callee.
func.func @outlined(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @below {{outlined into @ffn}}
  %r = util.scope [#util.zone<"ffn">] (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %e = math.exp %a : tensor<4xf32>
    util.return %e : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// With kind=zone, a scope without a zone stays.
func.func @filtered(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @below {{not outlined: no scope attribute of kind 'zone' (option kind)}}
  %r = util.scope (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %e = math.exp %a : tensor<4xf32>
    util.return %e : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// An annotation is left to util-lower-annotations.
func.func @annotation(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @below {{not outlined: an annotation (util-lower-annotations makes it a util.scope)}}
  %r = util.annotate [#util.zone<"ffn">] {
    %e = math.exp %x : tensor<4xf32>
    util.return %e : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A tu scope carries a strategy a call could not carry.
func.func @not_outlinable(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @below {{not outlined: this scope op is not outlinable (it holds state a call could not carry, such as a pass pipeline)}}
  %r = codegen.scope.tu (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) pipeline = "canonicalize" {
    %e = math.exp %a : tensor<4xf32>
    codegen.yield %e : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A scope directly in the module has no function to be outlined next to.
// expected-remark @below {{not outlined: not inside a function or other op of a symbol table}}
util.scope [#util.zone<"top">] {
  util.return
}
