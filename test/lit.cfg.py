# -*- Python -*-
# lit configuration for scopeir's FileCheck tests (test/).
#
# The GoogleTest executables form a separate suite in Unit/; lit discovers it
# through the generated Unit/lit.site.cfg.py in the build tree, so a single
# `lit <build>/test` runs both and counts every gtest case individually.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "scopeir"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.scopeir_obj_root, "test")

# `Unit` is deliberately not excluded: excluding it would also hide the nested
# GoogleTest suite from discovery.  It holds no .mlir files, so nothing in it
# is picked up as a test of this suite.
config.excludes = [
    "Inputs",
    "CMakeLists.txt",
    "README.md",
    "lit.cfg.py",
    "lit.site.cfg.py",
    "lit.site.cfg.py.in",
]

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

# scopeir's own tools.  A tool that is not built (yet) leaves the config
# usable; each tool that is found also becomes a lit feature, so a test can say
# `// REQUIRES: scope-run`.
# Add each new tool here (and to SCOPEIR_TEST_TOOLS in CMakeLists.txt).
scopeir_tools = ["scope-opt", "scope-run", "scope-gen", "scope-reduce"]
for tool in scopeir_tools:
    subst = ToolSubst(tool, unresolved="ignore")
    llvm_config.add_tool_substitutions([subst], [config.scopeir_tools_dir])
    if subst.was_resolved:
        config.available_features.add(tool)

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
