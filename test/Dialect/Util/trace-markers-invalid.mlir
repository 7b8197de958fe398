// RUN: scope-opt --split-input-file --verify-diagnostics %s

// Trace markers whose category, name or args could not be written into a
// trace site are rejected where they are.

func.func @empty_name() {
  // expected-error @+1 {{'util.trace.begin' op expects a non-empty category and name}}
  util.trace.begin "zone" ""
  return
}

// -----

func.func @empty_category() {
  // expected-error @+1 {{'util.trace.end' op expects a non-empty category and name}}
  util.trace.end "" "x"
  return
}

// -----

func.func @nul_in_name() {
  // expected-error @+1 {{'util.trace.begin' op expects a category and name without NUL characters}}
  util.trace.begin "zone" "a\00b"
  return
}

// -----

func.func @type_arg() {
  // expected-error @+1 {{'util.trace.begin' op args hold f32, which has no JSON form}}
  util.trace.begin "zone" "x" args {t = f32}
  return
}

// -----

func.func @nested_non_json() {
  // expected-error @+1 {{'util.trace.end' op args hold dense<1> : tensor<2xi32>, which has no JSON form}}
  util.trace.end "zone" "x" args {a = [1, {b = dense<1> : tensor<2xi32>}]}
  return
}

// -----

func.func @infinite() {
  // expected-error @+1 {{'util.trace.begin' op args hold 0x7F800000 : f32, which has no JSON form}}
  util.trace.begin "zone" "x" args {inf = 0x7F800000 : f32}
  return
}
