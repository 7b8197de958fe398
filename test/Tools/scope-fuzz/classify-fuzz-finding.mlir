// scripts/fuzz.sh fails only on findings in our code: utils/classify-fuzz-finding.py
// reads a finding's stack. (The logs are made up, shaped like a sanitizer's
// and libFuzzer's reports; scopeir's sources are under /src/scopeir.)

// No frame of scopeir's sources but the harness's: upstream's crash, listed
// in tools/scope-fuzz/known-upstream-crashes.txt (known upstream issue 10).
// RUN: %python %scopeir_src_root/utils/classify-fuzz-finding.py %S/Inputs/upstream-crash.log --root /src/scopeir --known %scopeir_src_root/tools/scope-fuzz/known-upstream-crashes.txt | FileCheck %s --check-prefix=KNOWN
// KNOWN: upstream-known mlir::Attribute::getContext < mlir::NamedAttrList::set

// The same crashing function reached from another caller is a new upstream
// crash (to be minimized and listed).
// RUN: %python %scopeir_src_root/utils/classify-fuzz-finding.py %S/Inputs/upstream-new-crash.log --root /src/scopeir --known %scopeir_src_root/tools/scope-fuzz/known-upstream-crashes.txt | FileCheck %s --check-prefix=NEW
// NEW: upstream-new mlir::Attribute::getContext < mlir::DictionaryAttr::get

// A frame in lib/: ours, whatever upstream function crashed.
// RUN: %python %scopeir_src_root/utils/classify-fuzz-finding.py %S/Inputs/our-crash.log --root /src/scopeir --known %scopeir_src_root/tools/scope-fuzz/known-upstream-crashes.txt | FileCheck %s --check-prefix=OURS
// OURS: ours scopeir::util::ScopeOp::verify

// A finding of the harness's own checks has no stack: ours.
// RUN: %python %scopeir_src_root/utils/classify-fuzz-finding.py %S/Inputs/harness-finding.log --root /src/scopeir --known %scopeir_src_root/tools/scope-fuzz/known-upstream-crashes.txt | FileCheck %s --check-prefix=HARNESS
// HARNESS: ours (no stack trace)

// The harness's own check aborting (a real report, shortened: the harness's
// frames carry file names without directories): ours, not a crash with no
// scopeir frame.
// RUN: %python %scopeir_src_root/utils/classify-fuzz-finding.py %S/Inputs/harness-abort.log --root /src/scopeir --known %scopeir_src_root/tools/scope-fuzz/known-upstream-crashes.txt | FileCheck %s --check-prefix=ABORT
// ABORT: ours scope-fuzz: pass 'hal-run-backend-pipelines' succeeded but left invalid IR

// Upstream's linalg.generic parser crashing inside a region of one of our
// ops (a real report, shortened; known upstream issue 16): our custom
// parsers below the upstream frames only handed their regions back to
// MLIR's parser, so the crash is upstream's, and its signature is listed.
// The sanitizer's memcmp interceptor frames do not count.
// RUN: %python %scopeir_src_root/utils/classify-fuzz-finding.py %S/Inputs/upstream-crash-in-our-parser.log --root /src/scopeir --known %scopeir_src_root/tools/scope-fuzz/known-upstream-crashes.txt | FileCheck %s --check-prefix=NESTED
// NESTED: upstream-known mlir::NamedAttribute::operator< < libMLIR.so.22.1+0x60924cb

// A crash in one of our parsers itself (made up): ours.
// RUN: %python %scopeir_src_root/utils/classify-fuzz-finding.py %S/Inputs/our-parser-crash.log --root /src/scopeir --known %scopeir_src_root/tools/scope-fuzz/known-upstream-crashes.txt | FileCheck %s --check-prefix=OURPARSER
// OURPARSER: ours scopeir::codegen::WorkgroupsOp::parse
