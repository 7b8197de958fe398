#!/usr/bin/env python3
"""Runs upstream MLIR integration tests with random scopes inserted.

Takes a directory of upstream-style lit test files (for example a copy of
llvm-project's mlir/test/Integration/Dialect/{Linalg,Tensor,SCF,Vector}/CPU
with the lit.local.cfg files above them), reads each test's RUN lines the
way lit does (DEFINE/REDEFINE, line continuations, REQUIRES/UNSUPPORTED,
the usual substitutions) and runs every RUN line in three modes:

  reference  as written (the test's own pipeline, mlir-opt and mlir-runner);
  kept       test-util-insert-scopes{seed=K} and util-lower-annotations at
             the front of the test's own mlir-opt pipeline, which then runs in
             scope-opt with the scopes in place (bufferization, tiling,
             transform scripts, canonicalization, ...); util-strip-scopes
             right before the first pass that lowers to LLVM;
  outlined   the same with util-outline-scopes after the insertion.

A run passes when every command succeeds and each FileCheck of the test
accepts its input. A kept or outlined run also has to print what the
reference printed (program output compared byte for byte, with buffer
addresses and the SSA names in printed ops masked). Failures are classified as crashes (a signal or a crash
report), errors (a command failed with a diagnostic) or mismatches (output
or FileCheck differs). A test is excluded, with the reason, when its
lit.local.cfg or REQUIRES/UNSUPPORTED lines rule it out here, when it has no
mlir-opt pipeline on the test file to insert scopes into, or when its
reference run fails (the copy predates MLIR 22, or needs what this machine
lacks).

How the test's pipeline is kept running with scopes:
- scopes are stripped before the first pass lowering to LLVM or the first
  pass scope-opt does not have (upstream's test-* passes, which only
  mlir-opt has), whichever comes first; test-transform-dialect-erase-schedule,
  which only erases the test's transform script, moves to that point, so
  the scopes stay through the payload passes after the transform
  interpreter;
- --pass-pipeline=builtin.module(...) texts are split at their top-level
  elements (a nested func.func(...) list at its first pass lowering to
  LLVM);
- mlir-cpu-runner (renamed mlir-runner in LLVM 20) runs as mlir-runner.

Like lit, the driver executes the lit.local.cfg files between the input
root and each test (with a stand-in `config` that has no optional runtimes
and no Arm/AMX/GPU support).

Standard library only.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import types

MODES = ("reference", "kept", "outlined")
# What LLVM's crash handler prints; a command killed by a signal is also
# seen by its exit status (see render_command_line).
CRASH_MARKERS = ("Stack dump:", "PLEASE submit a bug report")
ADDRESS_RE = re.compile(r"base@ = 0x[0-9a-fA-F]+")
# SSA names in the ops that run-time verification messages print.
SSA_NAME_RE = re.compile(r"%[\w.$-]+(#\d+)?")

# Passes that lower to LLVM: scopes are stripped right before the first one.
LLVM_LOWERING_RE = re.compile(
    r"(-to-llvm$|^reconcile-unrealized-casts$|^test-lower-to-llvm$|"
    r"^finalize-memref-to-llvm$)"
)


# ---------------------------------------------------------------------------
# lit configuration: lit.local.cfg files, features, substitutions
# ---------------------------------------------------------------------------


class StubConfig:
    """The `config` object a lit.local.cfg sees: integration tests enabled,
    every optional target, emulator and runtime absent."""

    def __init__(self, features):
        self.substitutions = []
        self.available_features = set(features)
        self.unsupported = False
        self.mlir_include_integration_tests = True
        self.environment = dict(os.environ)

    def __getattr__(self, name):
        # mlir_run_arm_sve_tests, arm_emulator_executable, ...: not here.
        return None


class StubLlvmConfig:
    def __init__(self, tools_dir):
        self.tools_dir = tools_dir

    def use_llvm_tool(self, name, *args, **kwargs):
        return os.path.join(self.tools_dir, name)

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def install_lit_stubs(tools_dir):
    lit = types.ModuleType("lit")
    lit_llvm = types.ModuleType("lit.llvm")
    lit_llvm.llvm_config = StubLlvmConfig(tools_dir)
    lit_subst = types.ModuleType("lit.llvm.subst")
    lit_subst.ToolSubst = lambda *args, **kwargs: None
    lit.llvm = lit_llvm
    sys.modules.setdefault("lit", lit)
    sys.modules.setdefault("lit.llvm", lit_llvm)
    sys.modules.setdefault("lit.llvm.subst", lit_subst)


def evaluate_local_configs(root, test_dir, features):
    """Executes the lit.local.cfg files from `root` down to `test_dir`.
    Returns (unsupported_reason or None, extra substitutions)."""
    config = StubConfig(features)
    directories = []
    directory = os.path.abspath(test_dir)
    root = os.path.abspath(root)
    while True:
        directories.append(directory)
        if directory == root or os.path.dirname(directory) == directory:
            break
        directory = os.path.dirname(directory)
    for directory in reversed(directories):
        path = os.path.join(directory, "lit.local.cfg")
        if not os.path.exists(path):
            continue
        with open(path) as f:
            code = f.read()
        try:
            exec(compile(code, path, "exec"), {"config": config, "__file__": path})
        except Exception as error:  # a cfg needing more of lit than the stub
            return "%s cannot be evaluated here: %s" % (
                os.path.relpath(path, root),
                error,
            ), []
        if config.unsupported:
            return "%s marks it unsupported here" % os.path.relpath(path, root), []
    return None, list(config.substitutions)


def evaluate_feature_expr(expr, features):
    """Evaluates a lit boolean feature expression (`a && !b || (c)`)."""
    tokens = re.findall(r"\(|\)|&&|\|\||!|[^\s()!&|]+", expr)
    position = 0

    def peek():
        return tokens[position] if position < len(tokens) else None

    def take():
        nonlocal position
        position += 1
        return tokens[position - 1]

    def parse_or():
        value = parse_and()
        while peek() == "||":
            take()
            value = parse_and() or value
        return value

    def parse_and():
        value = parse_not()
        while peek() == "&&":
            take()
            value = parse_not() and value
        return value

    def parse_not():
        if peek() == "!":
            take()
            return not parse_not()
        if peek() == "(":
            take()
            value = parse_or()
            take()
            return value
        return take() in features

    return parse_or() if tokens else True


# ---------------------------------------------------------------------------
# Test files: directives and substitutions
# ---------------------------------------------------------------------------


class TestFile:
    def __init__(self, path):
        self.path = path
        self.run_lines = []  # after DEFINE expansion, before substitution
        self.requires = []
        self.unsupported = []
        self.xfail = []


DIRECTIVE_RE = re.compile(r"^\s*//\s*(RUN|DEFINE|REDEFINE|REQUIRES|UNSUPPORTED|XFAIL):(.*)$")


def parse_test(path):
    test = TestFile(path)
    defines = {}
    pending = None  # (kind, text) of a directive continued with '\'
    with open(path, errors="replace") as f:
        lines = f.read().splitlines()
    for line in lines:
        match = DIRECTIVE_RE.match(line)
        if not match:
            continue
        kind, text = match.group(1), match.group(2).strip()
        if pending is not None:
            if kind != pending[0]:
                pending = (pending[0], pending[1])  # lit would reject this
            text = pending[1] + " " + text
            kind = pending[0]
            pending = None
        if text.endswith("\\"):
            pending = (kind, text[:-1].rstrip())
            continue
        if kind == "RUN":
            test.run_lines.append(expand_defines(text, defines))
        elif kind in ("DEFINE", "REDEFINE"):
            name, _, value = text.partition("=")
            defines[name.strip()] = expand_defines(value.strip(), defines)
        elif kind == "REQUIRES":
            test.requires += [t.strip() for t in text.split(",") if t.strip()]
        elif kind == "UNSUPPORTED":
            test.unsupported += [t.strip() for t in text.split(",") if t.strip()]
        elif kind == "XFAIL":
            test.xfail += [t.strip() for t in text.split(",") if t.strip()]
    return test


def expand_defines(text, defines):
    # Longest names first, repeatedly: a definition may use another one.
    for _ in range(10):
        changed = False
        for name in sorted(defines, key=len, reverse=True):
            if name in text:
                text = text.replace(name, defines[name])
                changed = True
        if not changed:
            break
    return text


def substitute(text, substitutions):
    # lit applies its substitutions in order; longer patterns are listed
    # first so that %mlir_c_runner_utils is not eaten by a shorter one.
    text = text.replace("%%", "\0")
    for pattern, value in substitutions:
        text = text.replace(pattern, value)
    return text.replace("\0", "%")


# ---------------------------------------------------------------------------
# A small shell parser: commands, pipes, && / || / ;, redirections
# ---------------------------------------------------------------------------

OPERATORS = ("&&", "||", "|", ";")
REDIRECT_RE = re.compile(r"^(\d*)(>>|>&|<|>)")


class Command:
    def __init__(self):
        self.words = []
        self.redirects = []  # e.g. ("2>&1", None) or (">", "file")

    def program(self):
        words = self.words
        index = 0
        while index < len(words) and os.path.basename(words[index]) == "not":
            index += 1
            while index < len(words) and words[index].startswith("--"):
                index += 1
        return os.path.basename(words[index]) if index < len(words) else ""

    def render(self):
        parts = [shlex.quote(w) for w in self.words]
        for op, target in self.redirects:
            parts.append(op if target is None else "%s %s" % (op, shlex.quote(target)))
        return " ".join(parts)


class Group(Command):
    """Commands piped into each other in a subshell, with the redirections
    of the one command they replace (`mlir-opt ... 2>&1` split in two)."""

    def __init__(self, commands, redirects):
        super().__init__()
        self.commands = commands
        self.redirects = list(redirects)

    def program(self):
        return ""

    def render(self):
        text = "( %s )" % " | ".join(c.render() for c in self.commands)
        for op, target in self.redirects:
            text += " " + (op if target is None else "%s %s" % (op, shlex.quote(target)))
        return text


def tokenize(text):
    """Splits a shell command line into words, operators and redirections."""
    tokens = []
    i = 0
    word = None
    while i < len(text):
        c = text[i]
        if c.isspace():
            if word is not None:
                tokens.append(("word", word))
                word = None
            i += 1
            continue
        if word is None:
            for op in ("&&", "||", "|", ";"):
                if text.startswith(op, i):
                    tokens.append(("op", op))
                    i += len(op)
                    break
            else:
                match = REDIRECT_RE.match(text[i:])
                if match:
                    op = match.group(0)
                    i += len(op)
                    if op.endswith(">&"):
                        target = re.match(r"\d+|-", text[i:])
                        tokens.append(("redirect", op + target.group(0), None))
                        i += len(target.group(0))
                    else:
                        tokens.append(("redirect", op, ""))
                    continue
                word = ""
                continue
            continue
        if c == "'":
            end = text.index("'", i + 1)
            word += text[i + 1 : end]
            i = end + 1
        elif c == '"':
            i += 1
            while text[i] != '"':
                if text[i] == "\\" and text[i + 1] in '"\\$`':
                    i += 1
                word += text[i]
                i += 1
            i += 1
        elif c == "\\" and i + 1 < len(text):
            word += text[i + 1]
            i += 2
        elif c in "|;&<>" and not word.endswith("="):
            tokens.append(("word", word))
            word = None
        else:
            word += c
            i += 1
    if word is not None:
        tokens.append(("word", word))
    return tokens


def parse_command_line(text):
    """Returns a list alternating Command objects and operator strings."""
    items = [Command()]
    pending_redirect = None
    for token in tokenize(text):
        if token[0] == "op":
            items.append(token[1])
            items.append(Command())
        elif token[0] == "redirect":
            if token[2] is None:
                items[-1].redirects.append((token[1], None))
            else:
                pending_redirect = token[1]
        elif pending_redirect is not None:
            items[-1].redirects.append((pending_redirect, token[1]))
            pending_redirect = None
        else:
            items[-1].words.append(token[1])
    return [item for item in items if not isinstance(item, Command) or item.words or item.redirects]


def render_command_line(items, status_file=None):
    """The shell text of `items`. With `status_file`, each command appends
    its exit status to that file (in a subshell that exits with it), so a
    command killed by a signal in the middle of a pipeline is seen."""

    def render(command):
        if status_file is None:
            return command.render()
        return "( %s; s=$?; echo $s >> %s; exit $s )" % (command.render(), shlex.quote(status_file))

    return " ".join(item if isinstance(item, str) else render(item) for item in items)


def signal_deaths(status_file):
    """How many commands recorded in `status_file` died of a signal."""
    return sum(1 for line in read(status_file).split() if line.isdigit() and int(line) >= 128)


# ---------------------------------------------------------------------------
# mlir-opt command lines: passes, textual pipelines, other options
# ---------------------------------------------------------------------------


def registered_passes(tool):
    """The pass and pass-pipeline names a MlirOptMain tool registers."""
    output = subprocess.run([tool, "--help"], capture_output=True, text=True).stdout
    names = set()
    in_passes = False
    for line in output.splitlines():
        if "Compiler passes to run" in line:
            in_passes = True
            continue
        if in_passes:
            match = re.match(r"^ {6}--([\w.-]+)", line)
            if match:
                names.add(match.group(1))
            elif re.match(r"^ {2}--", line):
                break
    return names


def split_top_level(text, separator=","):
    parts, depth, current = [], 0, ""
    for c in text:
        if c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
        if c == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += c
    if current:
        parts.append(current)
    return [p.strip() for p in parts if p.strip()]


def element_passes(element):
    """The pass names in one textual pipeline element."""
    match = re.match(r"^([\w.-]+)\s*\((.*)\)$", element, re.S)
    if match:
        names = []
        for inner in split_top_level(match.group(2)):
            names += element_passes(inner)
        return names
    return [re.match(r"^[\w.-]+", element).group(0)]


class Element:
    """One step of an mlir-opt pipeline: a pass flag (`-name=...`) or an
    element of a textual pipeline (`name{...}` or `anchor(...)`)."""

    def __init__(self, text, textual):
        self.text = text
        self.textual = textual
        if textual:
            self.passes = element_passes(text)
        else:
            self.passes = [re.match(r"^-+([\w.-]+)", text).group(1)]

    def lowers_to_llvm(self):
        return any(LLVM_LOWERING_RE.search(p) for p in self.passes)

    def split_before_lowering(self):
        """For `anchor(a, b, lowering, c)`, returns the elements before and
        from the first lowering pass; otherwise (None, self)."""
        match = re.match(r"^([\w.-]+)\s*\((.*)\)$", self.text, re.S) if self.textual else None
        if not match:
            return None, self
        inner = split_top_level(match.group(2))
        for index, step in enumerate(inner):
            if any(LLVM_LOWERING_RE.search(p) for p in element_passes(step)):
                if index == 0:
                    return None, self
                anchor = match.group(1)
                before = Element("%s(%s)" % (anchor, ",".join(inner[:index])), True)
                after = Element("%s(%s)" % (anchor, ",".join(inner[index:])), True)
                return before, after
        return None, self


class OptCommand:
    """An mlir-opt invocation split into input, output, pipeline and the
    other options."""

    def __init__(self, command, mlir_passes):
        self.command = command
        self.inputs = []
        self.output = None
        self.options = []
        self.elements = []
        self.textual = False
        self.rewritable = True
        words = command.words
        prefix_end = 0
        while os.path.basename(words[prefix_end]) == "not" or (
            prefix_end > 0 and words[prefix_end].startswith("--") and os.path.basename(words[prefix_end - 1]) == "not"
        ):
            prefix_end += 1
        self.prefix = words[:prefix_end]
        args = words[prefix_end + 1 :]
        i = 0
        while i < len(args):
            arg = args[i]
            if arg == "-o" and i + 1 < len(args):
                self.output = args[i + 1]
                i += 2
                continue
            match = re.match(r"^--?pass-pipeline=(.*)$", arg, re.S)
            if match:
                text = match.group(1).strip()
                top = re.match(r"^builtin\.module\s*\((.*)\)$", text, re.S)
                if not top:
                    self.rewritable = False
                    self.options.append(arg)
                else:
                    self.textual = True
                    self.elements += [Element(e, True) for e in split_top_level(top.group(1))]
                i += 1
                continue
            name = re.match(r"^-+([\w.-]+)", arg)
            if name and name.group(1) in mlir_passes:
                self.elements.append(Element(arg, False))
            elif not arg.startswith("-") or arg == "-":
                self.inputs.append(arg)
            else:
                self.options.append(arg)
            i += 1


def as_textual(element):
    """`-name=opts` as the textual pipeline element `name{opts}`."""
    if element.textual:
        return element.text
    match = re.match(r"^-+([\w.-]+)(?:=(.*))?$", element.text, re.S)
    return match.group(1) + ("{%s}" % match.group(2) if match.group(2) else "")


def render_opt(tool, options, elements, textual, inputs, output, prefix=()):
    """An mlir-opt-like command running `elements`: as pass flags, or as one
    --pass-pipeline when the original used one or an element is nested."""
    words = list(prefix) + [tool] + list(inputs) + list(options)
    textual = textual or any(e.textual and "(" in e.text for e in elements)
    if textual:
        if elements:
            words.append("--pass-pipeline=builtin.module(%s)" % ",".join(as_textual(e) for e in elements))
    else:
        for element in elements:
            if element.textual:
                match = re.match(r"^([\w.-]+)(?:\{(.*)\})?$", element.text, re.S)
                words.append("--" + match.group(1) + ("=" + match.group(2) if match.group(2) else ""))
            else:
                words.append(element.text)
    if output:
        words += ["-o", output]
    command = Command()
    command.words = words
    return command


# ---------------------------------------------------------------------------
# Rewriting a RUN line for the kept and outlined modes
# ---------------------------------------------------------------------------


class Tools:
    def __init__(self, args):
        self.scope_opt = args.scope_opt
        self.llvm_bin = args.llvm_bin
        self.mlir_opt = os.path.join(args.llvm_bin, "mlir-opt")
        self.mlir_runner = os.path.join(args.llvm_bin, "mlir-runner")
        self.mlir_passes = registered_passes(self.mlir_opt)
        self.scope_passes = registered_passes(self.scope_opt)
        # util-strip-scopes{outlined=true} (outlined functions lose their util
        # attributes too, which mlir-opt and mlir-runner could not parse);
        # a scope-opt built before the option strips scopes only.
        probe = subprocess.run(
            [self.scope_opt, "--util-strip-scopes=outlined=true", "-"],
            input="", capture_output=True, text=True,
        )
        self.strip_option = "outlined=true" if probe.returncode == 0 else None


def scope_prefix(mode, seed, density, textual):
    """The steps that insert (and, for `outlined`, outline) scopes."""
    if textual:
        steps = ["test-util-insert-scopes{seed=%d density=%s}" % (seed, density), "util-lower-annotations"]
        if mode == "outlined":
            steps.append("util-outline-scopes")
        return [Element(s, True) for s in steps]
    steps = ["--test-util-insert-scopes=seed=%d density=%s" % (seed, density), "--util-lower-annotations"]
    if mode == "outlined":
        steps.append("--util-outline-scopes")
    return [Element(s, False) for s in steps]


STRIP_OPTION = None  # Tools.strip_option, set in main()


def strip_element(textual):
    if textual:
        return Element("util-strip-scopes" + ("{%s}" % STRIP_OPTION if STRIP_OPTION else ""), True)
    return Element("--util-strip-scopes" + ("=" + STRIP_OPTION if STRIP_OPTION else ""), False)


# Passes that only erase the transform script a test carries: they read
# nothing the payload passes change, so they move to the strip point.
DEFERRABLE_PASSES = {"test-transform-dialect-erase-schedule"}


def rewrite_opt(opt, tools, state, mode, seed, density):
    """Rewrites one mlir-opt command. `state['scoped']` tells whether the IR
    flowing in holds scopes, `state['started']` whether scopes were inserted
    yet, `state['deferred']` which elements wait for the strip point.
    Returns the Command objects to pipe in place of `opt`."""
    starts_here = not state["started"] and any(i == state["test_path"] for i in opt.inputs)
    if not state["scoped"] and not starts_here:
        return [opt.command]
    elements = list(opt.elements)
    if starts_here:
        state["started"] = True
        state["scoped"] = True
        elements = scope_prefix(mode, seed, density, opt.textual) + elements
    # Scoped steps run in scope-opt up to the strip point: the first pass
    # lowering to LLVM, or the first pass scope-opt does not have (upstream's
    # test passes, which only mlir-opt has).
    scoped_part, plain_part = [], []
    scoped = True
    test_elements = {id(e) for e in opt.elements}
    for element in elements:
        if not scoped:
            plain_part.append(element)
            continue
        if element.lowers_to_llvm():
            before, after = element.split_before_lowering()
            if before is not None:
                scoped_part.append(before)
                state["kept_passes"] += 1
            plain_part.append(after)
            scoped = False
        elif all(p in DEFERRABLE_PASSES for p in element.passes):
            state["deferred"].append(element)
        elif all(p in tools.scope_passes for p in element.passes):
            scoped_part.append(element)
            if id(element) in test_elements:
                state["kept_passes"] += 1
        else:
            plain_part.append(element)
            scoped = False
    writes_file = opt.output is not None or any(
        op in (">", ">>") and target for op, target in opt.command.redirects
    )
    if scoped and writes_file:
        # The result goes to a file read by something else: strip now.
        scoped = False
    if not scoped:
        scoped_part.append(strip_element(opt.textual))
        plain_part = state["deferred"] + plain_part
        state["deferred"] = []
    state["scoped"] = scoped
    if scoped or not plain_part:
        command = render_opt(
            tools.scope_opt, opt.options, scoped_part + plain_part, opt.textual,
            opt.inputs, opt.output, opt.prefix,
        )
        command.redirects = list(opt.command.redirects)
        return [command]
    commands = [
        render_opt(tools.scope_opt, opt.options, scoped_part, opt.textual, opt.inputs, None),
        render_opt(tools.mlir_opt, opt.options, plain_part, opt.textual, [], opt.output),
    ]
    if not opt.command.redirects and not opt.prefix:
        return commands
    # `not` and redirections apply to the pair as they did to the command.
    group = Group(commands, opt.command.redirects)
    if opt.prefix:
        wrapper = Command()
        wrapper.words = list(opt.prefix) + ["bash", "-o", "pipefail", "-c", group.render()]
        return [wrapper]
    return [group]


def rewrite_run_line(items, tools, mode, seed, density, test_path):
    """Returns the rewritten items and how many of the test's passes ran
    with scopes in place, or None when no mlir-opt command reads the test
    file (nothing to insert scopes into)."""
    state = {"started": False, "scoped": False, "test_path": test_path, "deferred": [], "kept_passes": 0}
    result = []
    for item in items:
        if isinstance(item, str):
            if item != "|":
                # A stage boundary: a scoped command writing a file was
                # stripped, so the next stage starts without scopes.
                state["scoped"] = False
            result.append(item)
            continue
        if item.program() in ("mlir-opt",):
            opt = OptCommand(item, tools.mlir_passes)
            if not opt.rewritable:
                return None
            commands = rewrite_opt(opt, tools, state, mode, seed, density)
            for index, command in enumerate(commands):
                if index:
                    result.append("|")
                result.append(command)
            continue
        if state["scoped"]:
            # Scoped IR reaches another tool: strip it (and run what was
            # deferred) first.
            strip = Command()
            strip.words = [tools.scope_opt, strip_element(False).text]
            result += [strip, "|"]
            if state["deferred"]:
                result += [render_opt(tools.mlir_opt, [], state["deferred"], False, [], None), "|"]
                state["deferred"] = []
            state["scoped"] = False
        result.append(item)
    if not state["started"]:
        return None
    return result, state["kept_passes"]


def resolve_tools(items, tools):
    """Maps tool names to the LLVM 22 binaries (mlir-cpu-runner was renamed
    mlir-runner in LLVM 20)."""
    for item in items:
        if isinstance(item, str):
            continue
        words = item.words
        for index, word in enumerate(words):
            base = os.path.basename(word)
            if index > 0 and os.path.basename(words[index - 1]) != "not" and not (
                index > 1 and words[index - 1].startswith("--") and os.path.basename(words[index - 2]) == "not"
            ):
                break
            if base == "mlir-cpu-runner":
                words[index] = tools.mlir_runner
            elif os.sep not in word and os.path.exists(os.path.join(tools.llvm_bin, base)):
                words[index] = os.path.join(tools.llvm_bin, base)
            if base != "not":
                break


def add_filecheck_captures(items, capture_prefix):
    """Puts `tee capture_N` before each piped FileCheck; returns the names."""
    result, captures = [], []
    for index, item in enumerate(items):
        if (
            isinstance(item, Command)
            and item.program() == "FileCheck"
            and index > 0
            and items[index - 1] == "|"
        ):
            path = "%s.%d" % (capture_prefix, len(captures))
            captures.append(path)
            tee = Command()
            tee.words = ["tee", path]
            result += [tee, "|"]
        result.append(item)
    return result, captures


def runs_program(items):
    return any(
        isinstance(item, Command) and item.program() in ("mlir-runner", "mlir-cpu-runner", "lli")
        for item in items
    )


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------


class Outcome:
    def __init__(self, status, detail="", command=""):
        self.status = status  # pass, crash, error, mismatch
        self.detail = detail
        self.command = command
        # How many of the test's own passes ran with scopes in place.
        self.kept_passes = 0
        # How many scopes util-outline-scopes left in place, with a remark.
        self.refused = 0


def run_shell(command, cwd, timeout, env):
    try:
        proc = subprocess.run(
            ["bash", "-c", "set -o pipefail\n" + command],
            cwd=cwd,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            env=env,
        )
        return proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after %d s" % timeout


def first_error_line(stderr):
    for line in stderr.splitlines():
        if "error" in line.lower() or "unknown command line argument" in line.lower():
            return line.strip()[:200]
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0].strip()[:200] if lines else ""


def normalize(text):
    """Masks what differs between runs of one program: buffer addresses, and
    the SSA names in ops that run-time verification messages print (scopes
    rename values)."""
    return SSA_NAME_RE.sub("%_", ADDRESS_RE.sub("base@ = <address>", text))


class TestResult:
    def __init__(self, path):
        self.path = path
        self.excluded = None
        self.workdir = None
        self.runs = []  # (mode, seed, run line index, Outcome)


def run_test(test_path, root, tools, args, features, base_subs):
    result = TestResult(test_path)
    test = parse_test(test_path)
    reason, local_subs = evaluate_local_configs(root, os.path.dirname(test_path), features)
    if reason:
        result.excluded = reason
        return result
    for expr in test.requires:
        if not evaluate_feature_expr(expr, features):
            result.excluded = "REQUIRES: %s is not available here" % expr
            return result
    for expr in test.unsupported:
        if evaluate_feature_expr(expr, features):
            result.excluded = "UNSUPPORTED: %s holds here" % expr
            return result
    for expr in test.xfail:
        if evaluate_feature_expr(expr, features):
            result.excluded = "XFAIL: %s holds here (expected to fail)" % expr
            return result
    if not test.run_lines:
        result.excluded = "no RUN lines"
        return result

    workdir = tempfile.mkdtemp(prefix="upstream-", dir=args.work_dir)
    env = dict(os.environ)
    env["PATH"] = tools.llvm_bin + os.pathsep + env.get("PATH", "")
    name = os.path.splitext(os.path.basename(test_path))[0]

    # One %t for every mode: RUN lines of one test share it (one writes what
    # the next runs), runs are sequential, and output that mentions it
    # stays comparable.
    def substitutions(tag):
        temp = os.path.join(workdir, "%s.tmp" % name)
        subs = [
            ("%s", test_path),
            ("%S", os.path.dirname(test_path)),
            ("%p", os.path.dirname(test_path)),
            ("%t", temp),
            ("%T", workdir),
        ]
        # Longest first (%mlir_c_runner_utils before %mlir_lib_dir, ...).
        return sorted(local_subs + base_subs, key=lambda s: -len(s[0])) + subs

    reference_outputs = []
    for line_index, line in enumerate(test.run_lines):
        text = substitute(line, substitutions("ref"))
        items = parse_command_line(text)
        resolve_tools(items, tools)
        items, captures = add_filecheck_captures(items, os.path.join(workdir, "ref.%d" % line_index))
        status_file = os.path.join(workdir, "ref.%d.status" % line_index)
        rc, out, err = run_shell(render_command_line(items, status_file), workdir, args.timeout, env)
        if rc != 0:
            result.excluded = "reference run fails here (RUN line %d): %s" % (
                line_index + 1,
                first_error_line(err) or "exit status %d" % rc,
            )
            shutil.rmtree(workdir, ignore_errors=True)
            return result
        reference_outputs.append(
            ([normalize(read(c)) for c in captures], runs_program(items), err, signal_deaths(status_file))
        )

    for mode in args.modes:
        for seed in args.seeds:
            for line_index, line in enumerate(test.run_lines):
                tag = "%s.%d.%d" % (mode, seed, line_index)
                text = substitute(line, substitutions(tag))
                items = parse_command_line(text)
                rewritten = rewrite_run_line(items, tools, mode, seed, args.density, test_path)
                kept_passes = 0
                if rewritten is not None:
                    rewritten, kept_passes = rewritten
                if rewritten is None:
                    if line_index == 0 and not any(
                        rewrite_run_line(parse_command_line(substitute(l, substitutions("x"))), tools, mode, seed, args.density, test_path)
                        for l in test.run_lines
                    ):
                        result.excluded = "no mlir-opt pipeline reads the test file: nothing to insert scopes into"
                        shutil.rmtree(workdir, ignore_errors=True)
                        return result
                    rewritten = items  # this RUN line does not compile the test file
                resolve_tools(rewritten, tools)
                rewritten, captures = add_filecheck_captures(rewritten, os.path.join(workdir, tag))
                command = render_command_line(rewritten)
                status_file = os.path.join(workdir, "%s.status" % tag)
                rc, out, err = run_shell(render_command_line(rewritten, status_file), workdir, args.timeout, env)
                ref_captures, is_program, ref_err, ref_deaths = reference_outputs[line_index]

                def crash_reports(text):
                    return sum(text.count(m) for m in CRASH_MARKERS)

                crashed = signal_deaths(status_file) > ref_deaths or crash_reports(err) > crash_reports(ref_err)
                if rc == 124 and "timed out" in err:
                    outcome = Outcome("error", "timed out after %d s" % args.timeout, command)
                elif crashed:
                    outcome = Outcome("crash", first_error_line(err) or "exit status %d" % rc, command)
                elif rc != 0:
                    filecheck_failed = "FileCheck" in err or "error: CHECK" in err
                    status = "mismatch" if filecheck_failed else "error"
                    outcome = Outcome(status, first_error_line(err) or "exit status %d" % rc, command)
                elif is_program and [normalize(read(c)) for c in captures] != ref_captures:
                    outcome = Outcome("mismatch", "program output differs from the reference", command)
                else:
                    outcome = Outcome("pass")
                outcome.kept_passes = kept_passes
                outcome.refused = err.count("remark: not outlined")
                result.runs.append((mode, seed, line_index, outcome))
    if args.keep_temps:
        result.workdir = workdir
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return result


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def discover(root):
    tests = []
    for directory, _, files in os.walk(root):
        for name in files:
            if name.endswith(".mlir"):
                tests.append(os.path.join(directory, name))
    return sorted(tests)


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def report(results, root, args):
    ran = [r for r in results if not r.excluded]
    excluded = [r for r in results if r.excluded]
    print("upstream integration tests under %s" % root)
    print(
        "tests: %d found, %d run, %d excluded; seeds %s, density %s"
        % (len(results), len(ran), len(excluded), ",".join(map(str, args.seeds)), args.density)
    )
    totals = {}
    for mode in args.modes:
        counts = dict.fromkeys(("pass", "crash", "error", "mismatch"), 0)
        for r in ran:
            for run_mode, _, _, outcome in r.runs:
                if run_mode == mode:
                    counts[outcome.status] += 1
        totals[mode] = counts
        print(
            "%-8s runs: %d, passed: %d, crashes: %d, errors: %d, mismatches: %d"
            % (mode, sum(counts.values()), counts["pass"], counts["crash"], counts["error"], counts["mismatch"])
        )
        through = [o.kept_passes for r in ran for m, _, _, o in r.runs if m == mode]
        if through:
            print(
                "%-8s runs with scopes through at least one of the test's passes: %d; "
                "through 3 or more: %d"
                % (mode, sum(1 for n in through if n >= 1), sum(1 for n in through if n >= 3))
            )
        if mode == "outlined":
            refused = sum(o.refused for r in ran for m, _, _, o in r.runs if m == mode)
            print("outlined scopes left in place with a remark (bufferization-safe): %d" % refused)
    failures = [
        (r, mode, seed, line, outcome)
        for r in ran
        for mode, seed, line, outcome in r.runs
        if outcome.status != "pass"
    ]
    if failures:
        print("failures:")
        for r, mode, seed, line, outcome in failures:
            print(
                "  %s %s: %s seed=%d RUN line %d: %s"
                % (outcome.status.upper(), os.path.relpath(r.path, root), mode, seed, line + 1, outcome.detail)
            )
            if args.verbose:
                print("    command: %s" % outcome.command)
                if r.workdir:
                    print("    files: %s" % r.workdir)
    if excluded:
        print("excluded:")
        for r in excluded:
            print("  %s: %s" % (os.path.relpath(r.path, root), r.excluded))
    return 0 if not failures else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", help="directory of upstream test files")
    parser.add_argument("--scope-opt", required=True)
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    parser.add_argument("--mlir-lib-dir", default=None, help="default: <llvm-bin>/../lib")
    parser.add_argument("--seeds", default="1,2", help="comma-separated seeds (default 1,2)")
    parser.add_argument("--density", default="0.3", help="test-util-insert-scopes density")
    parser.add_argument("--modes", default="kept,outlined", help="modes besides the reference (default kept,outlined; empty: reference only)")
    parser.add_argument("--timeout", type=int, default=300, help="seconds per RUN line")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--filter", default=None, help="only tests whose path matches this regex")
    parser.add_argument("--work-dir", default=None, help="where temporary files go")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each failing command")
    parser.add_argument("--keep-temps", action="store_true", help="keep each test's temporary directory (printed with -v)")
    args = parser.parse_args()
    args.seeds = [int(s) for s in args.seeds.split(",") if s]
    args.modes = [m for m in args.modes.split(",") if m]
    for mode in args.modes:
        if mode not in MODES[1:]:
            parser.error("unknown mode '%s' (kept, outlined)" % mode)
    args.scope_opt = os.path.abspath(args.scope_opt)
    lib_dir = args.mlir_lib_dir or os.path.normpath(os.path.join(args.llvm_bin, "..", "lib"))
    root = os.path.abspath(args.root)

    install_lit_stubs(args.llvm_bin)
    tools = Tools(args)
    global STRIP_OPTION
    STRIP_OPTION = tools.strip_option
    features = {"host-supports-jit", "noasserts", "system-linux", "x86_64", "shell"}
    base_subs = [
        ("%mlir_c_runner_utils", os.path.join(lib_dir, "libmlir_c_runner_utils.so")),
        ("%mlir_runner_utils", os.path.join(lib_dir, "libmlir_runner_utils.so")),
        ("%mlir_async_runtime", os.path.join(lib_dir, "libmlir_async_runtime.so")),
        ("%mlir_lib_dir", lib_dir),
        ("%shlibext", ".so"),
        ("%PYTHON", sys.executable),
        ("%python", sys.executable),
    ]
    tests = discover(root)
    if args.filter:
        tests = [t for t in tests if re.search(args.filter, t)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda t: run_test(t, root, tools, args, features, base_subs), tests))
    return report(results, root, args)


if __name__ == "__main__":
    sys.exit(main())
