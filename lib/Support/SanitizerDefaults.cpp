//===- SanitizerDefaults.cpp - Sanitizer defaults of our tools --*- C++ -*-===//
//
// This file implements the default AddressSanitizer and UndefinedBehavior-
// Sanitizer options of every scopeir executable built with
// SCOPEIR_ENABLE_SANITIZERS or SCOPEIR_ENABLE_FUZZER; it is linked only into
// such builds. ASAN_OPTIONS and UBSAN_OPTIONS still override each default.
//
//===----------------------------------------------------------------------===//

#define SCOPEIR_SANITIZER_HOOK                                                 \
  extern "C" __attribute__((used, visibility("default"),                       \
                            no_sanitize("address", "undefined"))) const char *

/// allow_user_poisoning=0: only our code is instrumented; libMLIR.so and
/// libLLVM.so are not. LLVM's headers poison and unpoison the slabs of
/// llvm::BumpPtrAllocator when compiled with ASan (LLVM_ADDRESS_SANITIZER_BUILD
/// in llvm/Support/Compiler.h). The MLIRContext's attribute uniquer is an
/// allocator shared by both sides: the storage of our attributes is allocated
/// by our instrumented inline copy, which poisons the rest of the slab, and
/// libMLIR's copy then writes into it without unpoisoning: a false
/// use-after-poison on the first `#util.zone` (found by scope-fuzz). Turning
/// user poisoning off removes only those annotations; heap, stack and global
/// checks stay on.
///
/// abort_on_error=1: a sanitizer report (including a LeakSanitizer one at
/// exit) ends in SIGABRT, not in exit code 1 (ASan's default) or 23 (LSan's).
/// `not scope-opt ...` in a lit test, or a check for exit code 1, would
/// otherwise pass on a sanitizer report.
SCOPEIR_SANITIZER_HOOK __asan_default_options() {
  return "allow_user_poisoning=0:abort_on_error=1";
}

/// Stop at the first undefined behaviour, with a stack, by SIGABRT.
SCOPEIR_SANITIZER_HOOK __ubsan_default_options() {
  return "halt_on_error=1:print_stacktrace=1:abort_on_error=1";
}

/// Leaks of the system's Vulkan stack (the loader, its layers, Mesa's
/// lavapipe driver and the LLVM it compiles shaders with), which the Vulkan
/// runtime loads when a test runs code on a device: not ours to fix, and
/// reported at every exit (lavapipe keeps 48 bytes of its instance).
SCOPEIR_SANITIZER_HOOK __lsan_default_suppressions() {
  return "leak:libvulkan_lvp.so\n"
         "leak:libvulkan.so\n"
         "leak:libVkLayer_\n"
         "leak:libLLVM-15.so\n";
}
