# -*- Python -*-
# lit configuration for scopeir's GoogleTest executables.
#
# Every executable named `*Tests` under <build>/unittests is a test binary;
# lit's GoogleTest format reports each gtest case as its own test.

import os

import lit.formats

config.name = "scopeir-unit"
config.suffixes = []

config.test_source_root = config.scopeir_unittests_dir
config.test_exec_root = config.test_source_root

# "." = the executables sit directly in each directory (single-config build).
config.test_format = lit.formats.GoogleTest(".", "Tests")

# Object files and CMake state never hold a test executable.
config.excludes = ["CMakeFiles"]

# A sanitizer build: the options test/lit.cfg.py sets for the FileCheck
# tests (see there).
if config.enable_sanitizers:
    config.environment["ASAN_OPTIONS"] = (
        "halt_on_error=1:print_stacktrace=1:abort_on_error=1:"
        "detect_leaks=1:allow_user_poisoning=0"
    )
    config.environment["UBSAN_OPTIONS"] = (
        "halt_on_error=1:print_stacktrace=1:abort_on_error=1"
    )

# Propagate what a sanitized or custom-runtime build may need (an
# ASAN_OPTIONS in the environment overrides the defaults above).
for var in ["HOME", "TMP", "TEMP", "LD_LIBRARY_PATH", "ASAN_OPTIONS",
            "UBSAN_OPTIONS", "LSAN_OPTIONS"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
