// RUN: scope-opt --split-input-file --verify-diagnostics --util-extract-scope=zone=ffn %s
// Option errors do not depend on the input; their text is checked once per case.
// RUN: not scope-opt --split-input-file --util-extract-scope %s 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not scope-opt --split-input-file --util-extract-scope="zone=ffn index=0" %s 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not scope-opt --split-input-file --util-extract-scope=index=3 %s 2>&1 | FileCheck %s --check-prefix=RANGE

// The zone does not exist: the error lists the zones that do.
// NONE: error: util-extract-scope needs zone=<name> or index=<n>; the module has 3 scope ops; zones: 'encoder', 'attention'
// BOTH: error: util-extract-scope takes zone=<name> or index=<n>, not both; the module has 3 scope ops; zones: 'encoder', 'attention'
// RANGE: error: no scope op at index 3; the module has 3 scope ops; zones: 'encoder', 'attention'
// expected-error @below {{no scope op has zone 'ffn'; the module has 3 scope ops; zones: 'encoder', 'attention'}}
module {
  func.func @f(%x: f32) -> f32 {
    %r = util.scope [#util.zone<"encoder">] -> (f32) {
      %a = util.scope [#util.zone<"attention">] -> (f32) {
        util.return %x : f32
      }
      util.return %a : f32
    }
    util.scope {
      util.return
    }
    return %r : f32
  }
}

// -----

// The zone names two scopes: each is pointed at with its index.
// NONE: error: util-extract-scope needs zone=<name> or index=<n>; the module has 2 scope ops; zones: 'ffn'
// BOTH: error: util-extract-scope takes zone=<name> or index=<n>, not both; the module has 2 scope ops; zones: 'ffn'
// RANGE: error: no scope op at index 3; the module has 2 scope ops; zones: 'ffn'
// expected-error @below {{zone 'ffn' names 2 scope ops; select one with index=<n>}}
module {
  func.func @g(%x: f32) -> f32 {
    // expected-note @below {{scope op at index 0}}
    %r = util.scope [#util.zone<"ffn">] -> (f32) {
      util.return %x : f32
    }
    // expected-note @below {{scope op at index 1}}
    util.scope [#util.zone<"ffn">] {
      util.return
    }
    return %r : f32
  }
}

// -----

// No scope at all.
// NONE: error: util-extract-scope needs zone=<name> or index=<n>; the module has 0 scope ops; zones: none
// BOTH: error: util-extract-scope takes zone=<name> or index=<n>, not both; the module has 0 scope ops; zones: none
// RANGE: error: no scope op at index 3; the module has 0 scope ops; zones: none
// expected-error @below {{no scope op has zone 'ffn'; the module has 0 scope ops; zones: none}}
module {
  func.func @h() {
    return
  }
}

// -----

// The scope sits in a nested module: its symbol references would not resolve
// from the outer module.
// NONE: error: util-extract-scope needs zone=<name> or index=<n>; the module has 1 scope op; zones: 'ffn'
// BOTH: error: util-extract-scope takes zone=<name> or index=<n>, not both; the module has 1 scope op; zones: 'ffn'
// RANGE: error: no scope op at index 3; the module has 1 scope op; zones: 'ffn'
module {
  // expected-note @below {{nested symbol table is here}}
  module @inner {
    func.func private @helper(%x: f32) -> f32
    func.func @k(%x: f32) -> f32 {
      // expected-error @below {{cannot extract a scope nested in a symbol table other than the module}}
      %r = util.scope [#util.zone<"ffn">] -> (f32) {
        %y = func.call @helper(%x) : (f32) -> f32
        util.return %y : f32
      }
      return %r : f32
    }
  }
}
