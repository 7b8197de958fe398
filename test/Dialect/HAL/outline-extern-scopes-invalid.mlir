// RUN: scope-opt --split-input-file --verify-diagnostics --verify-each=0 --hal-outline-extern-scopes %s
// (--verify-each=0: the pass itself must report the error, not the verifier
// after it.)

// A capture the C ABI cannot pass (a tensor of index) makes an invalid call:
// the pass fails at the call it would have created, and says why.
func.func @index_tensor(%t: tensor<4xindex>) -> tensor<4xindex> {
  // expected-error @below {{'hal.dispatch.extern' op operand #0 must be variadic of}}
  %r = util.scope [#hal.extern<"k">] (%t as %a: tensor<4xindex>) -> (tensor<4xindex>) {
    util.return %a : tensor<4xindex>
  }
  return %r : tensor<4xindex>
}
