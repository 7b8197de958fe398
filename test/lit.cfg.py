# -*- Python -*-
# lit configuration for scopeir's FileCheck tests (test/).
#
# The GoogleTest executables form a separate suite in Unit/; lit discovers it
# through the generated Unit/lit.site.cfg.py in the build tree, so a single
# `lit <build>/test` runs both and counts every gtest case individually.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "scopeir"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.scopeir_obj_root, "test")

# Only .mlir files are tests; Inputs/ holds files that tests read and lib/
# the sources of the test passes.  `Unit` is not excluded: that would also
# hide the nested GoogleTest suite from discovery, and it holds no .mlir
# files.
config.excludes = ["Inputs", "lib"]

config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
config.substitutions.append(("%scopeir_src_root", config.scopeir_src_root))
# `%expect_exit 1 scope-opt ...`: succeeds only if the command exits with
# exactly that status (see Inputs/expect-exit.py).
config.substitutions.append(
    (
        "%expect_exit",
        "%s %s"
        % (
            config.python_executable,
            os.path.join(config.test_source_root, "Inputs", "expect-exit.py"),
        ),
    )
)
# Directory of MLIR's runtime support libraries, for
# `mlir-runner -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so`.
config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))
# Directories of our tools and of LLVM's, for tests that hand tool paths to a
# script (utils/upstream-integration.py).
config.substitutions.append(("%scopeir_tools_dir", config.scopeir_tools_dir))
# The build tree itself, for `cmake --install` (Package/).
config.substitutions.append(("%scopeir_obj_root", config.scopeir_obj_root))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))
# This build's toolchain, for configuring a project against its install tree.
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%cxx", config.cxx_compiler))
config.substitutions.append(("%cc", config.c_compiler))
config.substitutions.append(("%make_program", config.make_program))
config.substitutions.append(("%llvm_use_linker", config.llvm_use_linker or "''"))

llvm_config.with_system_environment(["HOME", "TMP", "TEMP"])

# Our tools first, then LLVM's, so a bare `not`/`count` at the start of a RUN
# line (which the substitutions below do not rewrite) resolves to LLVM's.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.scopeir_tools_dir, append_path=True)
config.substitutions.append(("%PATH%", config.environment["PATH"]))

# FileCheck, `| not`, `| count`, %python.
llvm_config.use_default_substitutions()

# Upstream tools every test may use: missing ones are a broken install.
llvm_config.add_tool_substitutions(
    [
        ToolSubst("split-file", unresolved="fatal"),
        ToolSubst("mlir-opt", unresolved="fatal"),
        ToolSubst("mlir-runner", unresolved="fatal"),
    ],
    [config.llvm_tools_dir],
)

# scopeir's own tools, from the build tree.
llvm_config.add_tool_substitutions(
    [
        ToolSubst("scope-opt", unresolved="fatal"),
        ToolSubst("scope-run", unresolved="fatal"),
        ToolSubst("scope-lsp-server", unresolved="fatal"),
        ToolSubst("scopeir-capi-test", unresolved="fatal"),
        ToolSubst("scopeir-runtime-test", unresolved="fatal"),
        ToolSubst("scope-gen", unresolved="fatal"),
        ToolSubst("scope-reduce", unresolved="fatal"),
    ],
    [config.scopeir_tools_dir],
)

if config.enable_sanitizers:
    config.available_features.add("asan")
    config.available_features.add("ubsan")
    # The same as the defaults compiled into our tools
    # (lib/Support/SanitizerDefaults.cpp, which explains each), set here too so
    # that a test's verdict does not depend on how a binary was linked: stop at
    # the first report, with a stack, by SIGABRT, so that `not` and exit-code
    # checks never mistake a sanitizer report for a diagnosed failure.
    config.environment["ASAN_OPTIONS"] = (
        "halt_on_error=1:print_stacktrace=1:abort_on_error=1:"
        "detect_leaks=1:allow_user_poisoning=0"
    )
    config.environment["UBSAN_OPTIONS"] = (
        "halt_on_error=1:print_stacktrace=1:abort_on_error=1"
    )

# Debian's PDLL compiler (mlir-22-tools): tests that compile the example
# PDLL patterns with it.
mlir_pdll = os.path.join(config.llvm_tools_dir, "mlir-pdll")
if os.path.exists(mlir_pdll):
    config.available_features.add("mlir-pdll")
    config.substitutions.append(("%mlir_pdll", mlir_pdll))

# Graphviz's `dot` (scripts/lib.sh installs it): tests that render the
# dispatch graphs check that Graphviz reads them.
if shutil.which("dot"):
    config.available_features.add("graphviz")

# Every SPIR-V binary a test compiles is checked by spirv-val (the vulkan
# backend runs the validator named here on each one; spirv-tools).
spirv_val = shutil.which("spirv-val")
if spirv_val:
    config.environment["SCOPEIR_SPIRV_VALIDATOR"] = spirv_val
    config.available_features.add("spirv-val")

# A Vulkan device (CI installs lavapipe, mesa-vulkan-drivers): tests that
# run code on it are `REQUIRES: vulkan` and are skipped without one. The
# environment's SCOPEIR_VULKAN_DEVICE (N or part of a name, as
# --vulkan-device) chooses the device every tool uses where a test names
# none (scripts/vulkan-gpu-check.sh runs the vulkan tests on a GPU so).
if "SCOPEIR_VULKAN_DEVICE" in os.environ:
    config.environment["SCOPEIR_VULKAN_DEVICE"] = os.environ["SCOPEIR_VULKAN_DEVICE"]
def _list_vulkan_devices():
    import subprocess

    try:
        listing = subprocess.run(
            [os.path.join(config.scopeir_tools_dir, "scope-run"), "--list-devices"],
            capture_output=True,
            text=True,
            timeout=60,
            env=config.environment,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    return listing


_vulkan_devices = _list_vulkan_devices()
if "[selected]" in _vulkan_devices:
    config.available_features.add("vulkan")
    # Mesa's CPU device: tests that select a device by name.
    if "llvmpipe" in _vulkan_devices:
        config.available_features.add("lavapipe")
