// RUN: %expect_exit 1 scope-opt --split-input-file %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// Unknown, mistyped and misspelled attributes on scope ops, including
// malformed scope-attribute syntax.

// An attribute of the util dialect that does not exist.
func.func @unknown_util_attr() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:21: error: unknown attribute `zonee` in dialect `util`
  util.scope [#util.zonee<"a">] {
    util.return
  }
  return
}

// -----

// An attribute of a dialect that is not registered.
func.func @unknown_dialect_attr() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:26: error: #"nodialect"<"device<"cpu">"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used
  util.scope [#nodialect.device<"cpu">] {
    util.return
  }
  return
}

// -----

// A builtin attribute is not a scope attribute.
func.func @builtin_attr_in_list() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op scope attribute 42 : i64 does not implement ScopeAttrInterface
  util.scope [42 : i64] {
    util.return
  }
  return
}

// -----

// A dictionary is not a scope-attribute list.
func.func @dictionary_not_list() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:15: error: Dialect `' not found for custom op 'zone'  (tried '.zone' as well)
  util.scope {zone = #util.zone<"a">} {
    util.return
  }
  return
}

// -----

// A single scope attribute outside brackets.
func.func @attr_without_brackets() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:13: error: expected '{' to begin a region
  util.scope #util.zone<"a"> {
    util.return
  }
  return
}

// -----

// A zone name that is not a string.
func.func @zone_name_not_string() {
  // CHECK: {{.*}}.mlir:[[@LINE+2]]:26: error: expected string
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:26: error: failed to parse Util_ZoneAttr parameter 'name' which is to be a `::llvm::StringRef`
  util.scope [#util.zone<a>] {
    util.return
  }
  return
}

// -----

// A zone without its name.
func.func @zone_without_name() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:25: error: expected '<'
  util.scope [#util.zone] {
    util.return
  }
  return
}

// -----

// A zone with two names.
func.func @zone_two_names() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:29: error: expected '>'
  util.scope [#util.zone<"a", "b">] {
    util.return
  }
  return
}

// -----

// A zone whose closing `>` is missing.
func.func @zone_unclosed() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:26: error: unbalanced '<' character in pretty dialect name
  util.scope [#util.zone<"a"] {
    util.return
  }
  return
}

// -----

// An empty zone name.
func.func @zone_empty_name() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:25: error: zone name must not be empty
  util.scope [#util.zone<"">] {
    util.return
  }
  return
}

// -----

// Two attributes of one kind on one scope.
func.func @two_zones() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op has two scope attributes of kind 'zone': #util.zone<"a"> and #util.zone<"b">
  util.scope [#util.zone<"a">, #util.zone<"b">] {
    util.return
  }
  return
}

// -----

// The scope-attribute list is not closed.
func.func @list_unclosed() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:30: error: expected ',' or ']'
  util.scope [#util.zone<"a"> {
    util.return
  }
  return
}

// -----

// Inherent attributes have their own syntax; the attribute dictionary
// cannot set them.
func.func @inherent_in_dict() {
  util.scope {
    util.return
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: custom op 'util.scope' 'scope_attrs' is written in util.scope's own syntax, not in its attribute dictionary
  } attributes {scope_attrs = [#util.zone<"a">]}
  return
}

// -----

// util.annotate checks a mistyped inherent attribute in its dictionary.
func.func @annotate_inherent_mistyped() {
  util.annotate {
    util.return
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: custom op 'util.annotate' 'util.annotate' op attribute 'scope_attrs' failed to satisfy constraint: array of attributes implementing ScopeAttrInterface
  } attributes {scope_attrs = 3}
  return
}

// -----

// Generic form: scope_attrs that is not an array.
func.func @generic_scope_attrs_not_array() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: invalid properties {operandSegmentSizes = array<i32: 0, 0, 0>, scope_attrs = #util.zone<"a">} for op util.scope: Invalid attribute `scope_attrs` in property conversion: #util.zone<"a">
  "util.scope"() <{operandSegmentSizes = array<i32: 0, 0, 0>, scope_attrs = #util.zone<"a">}> ({
    util.return
  }) : () -> ()
  return
}

// -----

// Generic form: properties that are not a dictionary.
func.func @generic_properties_not_dict() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: invalid properties [1, 2] for op util.scope: expected DictionaryAttr to set properties
  "util.scope"() <[1, 2]> ({
    util.return
  }) : () -> ()
  return
}

// -----

// A scope attribute on a function must still be a registered attribute.
// CHECK: {{.*}}.mlir:[[@LINE+1]]:60: error: unknown attribute `nozone` in dialect `util`
func.func @unknown_attr_on_func() attributes {zone = #util.nozone<"x">} {
  return
}
