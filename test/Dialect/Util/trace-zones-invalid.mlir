// RUN: scope-opt --util-trace-zones --split-input-file --verify-diagnostics %s

// A zone whose name holds a NUL character cannot become a trace event (its
// name is a C string): a located error, not a marker that fails to verify.
func.func @nul_in_zone_name() {
  // expected-error @below {{zone name "a\00b" holds a NUL character and cannot be traced}}
  util.scope [#util.zone<"a\00b">] {
    util.return
  }
  return
}
