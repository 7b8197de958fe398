// RUN: scope-opt --split-input-file %s | FileCheck %s
// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --canonicalize --cse %s | FileCheck %s --check-prefix=KEPT

// util.trace.begin / util.trace.end round-trip, with and without args.
// CHECK-LABEL: func.func @markers
//  CHECK-NEXT:   util.trace.begin "zone" "ffn" args {flag, n = 3 : i64, scope = ["enc", "ffn"], x = 5.000000e-01 : f32}
//  CHECK-NEXT:   util.trace.end "zone" "ffn" args {flag, n = 3 : i64, scope = ["enc", "ffn"], x = 5.000000e-01 : f32}
//  CHECK-NEXT:   util.trace.begin "dispatch" "f_0"
//  CHECK-NEXT:   util.trace.end "dispatch" "f_0"
// Markers have effects: canonicalization and CSE neither erase nor merge
// them.
// KEPT-LABEL: func.func @markers
// KEPT-COUNT-2: util.trace.begin
func.func @markers() {
  util.trace.begin "zone" "ffn" args {scope = ["enc", "ffn"], n = 3 : i64, x = 0.5 : f32, flag}
  util.trace.end "zone" "ffn" args {scope = ["enc", "ffn"], n = 3 : i64, x = 0.5 : f32, flag}
  util.trace.begin "dispatch" "f_0"
  util.trace.end "dispatch" "f_0"
  util.trace.begin "dispatch" "f_0"
  util.trace.end "dispatch" "f_0"
  return
}
