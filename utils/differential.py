#!/usr/bin/env python3
"""Differential testing of scopeir on random programs from scope-gen.

For each seed, scope-gen writes a random program with scopes (scoped.mlir),
the same program without scopes plus a driver (reference.mlir), the inputs
and a description of each result's tolerance (meta.json). Then:

  (1) scope-run runs scoped.mlir;
  (2) scope-run --strip-scopes runs it with its scopes stripped
      (util-strip-scopes);
  (3) upstream mlir-opt (the pipeline of test/Integration) + mlir-runner run
      reference.mlir, which prints every result's bits;
  (4) with --outline: scope-opt --util-outline-scopes outlines the scopes
      of scoped.mlir into functions, and scope-run runs that.

and scope-opt checks that stripping scoped.mlir gives scope-gen's program
without scopes (program.mlir) back, up to canonicalization and CSE. The
scope-run commands of each worker go through one `scope-run --batch=-`
process (docs/scope-run.md); every failing seed's scope-run commands are
run again alone, and any difference is a failure too (--no-batch: one
process per command).

(1) and (2) must agree bit for bit when the program places everything on one
backend (scope-gen's "uniform" programs: the same backend compiles the same
ops in the same order), and otherwise within each result's tolerance; (1)
and (2) must each agree with (3) within that tolerance. A result whose
tolerance is 0 was computed without rounding, or only with operations every
correct compiler rounds alike: it must match bit for bit. A compile error,
verifier failure, crash or timeout of (1) or (2) where (3) succeeds is a
failure; so is a failure of scope-gen itself or of the reference.

The tolerance of a result comes from scope-gen's per-op-family error model
(docs/testing.md): reassociated sums (matmul, convolution, reduction) of
rounded terms may differ by 2 (n + 1) u sum|terms|, transcendental functions
(exp, log, sin, cos) by 8 ulp, and differences propagate through later ops
by their Lipschitz constants.

A failing seed is kept in <work>/failures/seed-N with a repro.sh, and with
--reduce shrunk by scope-reduce under an interestingness script that checks
for the same failure (written next to it).

Usage:
  differential.py [options] COUNT [START]
  differential.py interesting CASE_DIR FILE   (the interestingness test)

Standard library only.
"""

import argparse
import concurrent.futures
import importlib.util
import json
import math
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The reference lowering of test/Integration/mlp.mlir, after
# convert-elementwise-to-linalg: arith and math ops on tensors (scope-gen's
# tensor-elementwise family) become linalg.generic ops first, as in
# scope-run's front end; programs without such ops are unchanged by it.
REFERENCE_PIPELINE = [
    "--convert-elementwise-to-linalg",
    "--one-shot-bufferize=bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map",
    "--buffer-deallocation-pipeline",
    "--convert-bufferization-to-memref",
    "--convert-linalg-to-loops",
    "--convert-scf-to-cf",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-math-to-llvm",
    "--finalize-memref-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
]


def load_compare_outputs():
    """utils/compare-outputs.py parses mlir-runner's memref prints."""
    spec = importlib.util.spec_from_file_location(
        "compare_outputs", os.path.join(HERE, "compare-outputs.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COMPARE = load_compare_outputs()


class Tools:
    def __init__(self, bin_dir, llvm_dir):
        self.scope_gen = os.path.join(bin_dir, "scope-gen")
        self.scope_opt = os.path.join(bin_dir, "scope-opt")
        self.scope_run = os.path.join(bin_dir, "scope-run")
        self.scope_reduce = os.path.join(bin_dir, "scope-reduce")
        # The example kernel library whose mlp_layer_f32 reads any strides:
        # scope-gen's extern scopes call it (examples/kernels).
        self.kernel_library = os.path.join(
            os.path.dirname(os.path.abspath(bin_dir)), "lib",
            "libscopeir_kernels_reference.so")
        self.mlir_opt = os.path.join(llvm_dir, "bin", "mlir-opt")
        self.mlir_runner = os.path.join(llvm_dir, "bin", "mlir-runner")
        lib = os.path.join(llvm_dir, "lib")
        self.runner_libs = ",".join(
            os.path.join(lib, name) for name in
            ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so"))

    def missing(self):
        return [p for p in (self.scope_gen, self.scope_opt, self.scope_run,
                            self.mlir_opt, self.mlir_runner)
                if not os.access(p, os.X_OK)]

    def to_json(self):
        return dict(self.__dict__)

    @staticmethod
    def from_json(data):
        tools = Tools.__new__(Tools)
        tools.__dict__.update(data)
        return tools


class Step:
    """The outcome of one command."""

    def __init__(self, cmd, rc, out, err, timed_out, seconds):
        self.cmd, self.rc, self.out, self.err = cmd, rc, out, err
        self.timed_out, self.seconds = timed_out, seconds

    @property
    def ok(self):
        return self.rc == 0 and not self.timed_out

    def signature(self):
        """What kind of failure this is, without locations or names that a
        reduction changes: the class of exit and the first error message."""
        if self.timed_out:
            return "timeout"
        if self.rc < 0:
            return "signal %d" % -self.rc
        if self.rc > 128:
            return "exit %d" % self.rc
        for line in self.err.splitlines():
            match = re.search(r"error: (.*)", line)
            if match:
                message = re.sub(r"%[\w#]+|@\w+|\d+", "N", match.group(1))
                return "error: " + message.strip()
        return "exit %d" % self.rc

    def describe(self):
        lines = [l for l in self.err.splitlines() if l.strip()]
        return "%s (%s)" % (self.signature(), "; ".join(lines[:3])[:400])


# The command each worker thread is running (thread id -> (seed, command,
# start time)), which a watchdog reports when it runs long and the summary
# names when the run is stopped (SIGTERM).
INFLIGHT = {}
INFLIGHT_LOCK = threading.Lock()
CURRENT = threading.local()


class InFlight:
    """Registers `cmd` as this worker's running command while in scope."""

    def __init__(self, cmd):
        self.cmd = cmd

    def __enter__(self):
        with INFLIGHT_LOCK:
            INFLIGHT[threading.get_ident()] = (
                getattr(CURRENT, "seed", None), self.cmd, time.time())

    def __exit__(self, *exc):
        with INFLIGHT_LOCK:
            INFLIGHT.pop(threading.get_ident(), None)


def running_commands():
    """(seed, command, start time) of each running command, oldest first."""
    with INFLIGHT_LOCK:
        return sorted(INFLIGHT.values(), key=lambda e: e[2])


def describe_inflight(now):
    """One line per running command: seed, seconds so far, command."""
    return ["seed %s: %.0f s in %s" % (seed, now - started,
                                        " ".join(cmd)[:300])
            for seed, cmd, started in running_commands()]


def run(cmd, timeout, cwd=None, stdout_path=None):
    with InFlight(cmd):
        return run_untracked(cmd, timeout, cwd, stdout_path)


def run_untracked(cmd, timeout, cwd=None, stdout_path=None):
    start = time.time()
    try:
        out = open(stdout_path, "w") if stdout_path else subprocess.PIPE
        proc = subprocess.run(cmd, stdout=out, stderr=subprocess.PIPE,
                              cwd=cwd, timeout=timeout, text=True,
                              errors="replace")
        if stdout_path:
            out.close()
        return Step(cmd, proc.returncode,
                    proc.stdout if not stdout_path else "",
                    proc.stderr, False, time.time() - start)
    except subprocess.TimeoutExpired as e:
        err = e.stderr or ""
        if isinstance(err, bytes):
            err = err.decode(errors="replace")
        return Step(cmd, -9, "", err, True, time.time() - start)


class BatchScopeRun:
    """One `scope-run --batch=-` process that runs a worker's scope-run
    commands one after another (docs/scope-run.md): a command's arguments
    go in as a line, its stdout and stderr to files (--job-stdout,
    --job-stderr), and a status line comes back. It saves starting a
    process per command and skips LLVM's code generation for a module whose
    LLVM IR the process compiled before. A command the process does not
    finish (it crashed or timed out) is killed with the process and run
    again alone, so that its Step is what a fresh process gives; the next
    command starts a new process."""

    STATUS = re.compile(r"^scope-run: job (\d+): exit (-?\d+)( \(machine code reused\))?$")

    def __init__(self, scope_run, log):
        self.scope_run, self.log = scope_run, log
        self.proc, self.buffer = None, b""
        self.jobs = self.reused = 0

    def close(self):
        if self.proc:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def _kill(self):
        if self.proc:
            self.proc.kill()
            self.proc.wait()
            self.proc, self.buffer = None, b""

    def _read_line(self, deadline):
        """The next line of the process's stdout; None on a timeout, "" at
        its end."""
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            remaining = deadline - time.time()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(fd, 4096)
            if not chunk:
                return ""
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode(errors="replace")

    def run(self, cmd, timeout, cwd, stdout_path, stderr_path):
        """Runs `cmd` (a scope-run command line whose paths are relative to
        `cwd`) in the batch process; returns its Step and whether machine
        code was reused."""
        with InFlight(["(batch)"] + cmd):
            return self._run(cmd, timeout, cwd, stdout_path, stderr_path)

    def _run(self, cmd, timeout, cwd, stdout_path, stderr_path):
        start = time.time()
        args = [a if os.path.isabs(a) or a.startswith("-") else
                os.path.join(cwd, a) for a in cmd[1:]]
        args = [re.sub(r"^(--output=@)(?!/)", r"\g<1>" + cwd + "/", a)
                for a in args]
        args += ["--job-stdout=" + stdout_path, "--job-stderr=" + stderr_path]
        if self.proc is None:
            self.proc = subprocess.Popen(
                [self.scope_run, "--batch=-"], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=open(self.log, "ab"))
        line = None
        try:
            self.proc.stdin.write((" ".join(shlex_quote(a) for a in args) +
                                   "\n").encode())
            self.proc.stdin.flush()
            line = self._read_line(start + timeout)
        except (OSError, ValueError):
            line = ""
        match = self.STATUS.match(line) if line else None
        if not match:
            # Crashed, timed out or said something unexpected: the command
            # alone in a fresh process decides what happened.
            self._kill()
            step = run_untracked(cmd, max(1, timeout - (time.time() - start)),
                                 cwd=cwd)
            step.seconds = time.time() - start
            return step, False
        self.jobs += 1
        reused = bool(match.group(3))
        self.reused += reused
        with open(stdout_path, errors="replace") as f:
            out = f.read()
        with open(stderr_path, errors="replace") as f:
            err = f.read()
        return Step(cmd, int(match.group(2)), out, err, False,
                    time.time() - start), reused


def read_npy(path):
    """Returns (shape, raw little-endian f32 bytes) of a .npy file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError("%s: not a .npy file" % path)
    major = data[6]
    if major == 1:
        header_len = struct.unpack("<H", data[8:10])[0]
        start = 10
    else:
        header_len = struct.unpack("<I", data[8:12])[0]
        start = 12
    header = data[start:start + header_len].decode("latin1")
    descr = re.search(r"'descr':\s*'([^']*)'", header).group(1)
    if descr != "<f4":
        raise ValueError("%s: element type %s, expected <f4" % (path, descr))
    shape = [int(d) for d in
             re.search(r"'shape':\s*\(([^)]*)\)", header).group(1).split(",")
             if d.strip()]
    return shape, data[start + header_len:]


def bits_of(raw):
    return list(struct.unpack("<%dI" % (len(raw) // 4), raw))


def float_of_bits(bits):
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def parse_reference(text):
    """The results printed by @reference_main as (shape, bits) pairs."""
    arrays = []
    for shape, values in COMPARE.parse_memref_prints(text):
        arrays.append((shape, [int(v) & 0xFFFFFFFF for v in values]))
    return arrays


def parse_type(text):
    """'3x4xf32' -> [3, 4]."""
    return [int(d) for d in text.split("x")[:-1]]


# A device on a function or the module: scope-gen's program without scopes
# has none.
DEVICE_ATTR = re.compile(
    r' attributes \{hal\.device = #hal\.device\.target<"[^"]*">\}')


def compare(actual, expected, err, bitwise):
    """Compares two bit lists. Returns None when they agree, else a message.
    With `bitwise` or err == 0 every bit must match; otherwise values may
    differ by err."""
    worst, first = 0.0, None
    bad = 0
    for i, (a, b) in enumerate(zip(actual, expected)):
        if a == b:
            continue
        x, y = float_of_bits(a), float_of_bits(b)
        if math.isnan(x) or math.isnan(y):
            ok = False
        elif bitwise or err == 0:
            ok = False
        else:
            ok = abs(x - y) <= err
        if not ok:
            bad += 1
            worst = max(worst, abs(x - y)) if not (
                math.isnan(x) or math.isnan(y)) else float("nan")
            if first is None:
                first = "element %d: %r vs %r" % (i, x, y)
    if not bad:
        return None
    mode = "bit for bit" if bitwise or err == 0 else "within %g" % err
    return "%d values differ (%s expected; first %s; max diff %g)" % (
        bad, mode, first, worst)


def has_nan(bits):
    return any((b & 0x7F800000) == 0x7F800000 for b in bits)


# Failure kinds, in the order they are reported.
KINDS = {
    "generator": "scope-gen failed (a generator bug)",
    "strip": "scope-opt --util-strip-scopes failed",
    "strip-vs-generated": "the program with its scopes stripped is not the "
                          "program scope-gen made without scopes (after "
                          "canonicalization and CSE)",
    "reference": "the reference (mlir-opt + mlir-runner) failed",
    "stripped-error": "scope-run failed on the stripped program",
    "scoped-error": "scope-run failed on the program with scopes "
                    "where the stripped one runs",
    "nan": "a result holds NaN or infinity",
    "stripped-vs-reference": "the stripped program's results differ from "
                             "the reference",
    "scoped-vs-stripped": "the results with scopes differ from those "
                          "without",
    "scoped-vs-reference": "the results with scopes differ from the "
                           "reference",
    "outline-error": "scope-opt --util-outline-scopes failed (--outline)",
    "outlined-error": "scope-run failed on the outlined program where the "
                      "stripped one runs (--outline)",
    "outlined-vs-stripped": "the outlined program's results differ from "
                            "those without scopes (--outline)",
    "batch": "a scope-run command run by scope-run --batch did not give "
             "what it gives alone in a fresh process (exit status or "
             "result bits)",
    "slow-compile": "a scope-run command (compile and run of a generated "
                    "program) took longer than --compile-bound",
}


class Outcome:
    def __init__(self, seed):
        self.seed = seed
        self.failures = []  # (kind, detail)
        self.meta = None
        self.seconds = 0.0
        self.results_checked = 0
        self.bitwise_checks = 0
        self.tool_seconds = {}  # tool name -> seconds spent in it
        # (name, command, Step) of each scope-run command a batch process
        # ran, and how many of them reused machine code.
        self.batch_runs = []
        self.reused = 0
        # (seconds, name) of each scope-run command, for the slowest list.
        self.run_seconds = []
        # Kernel calls of the program with scopes that --check-kernels
        # compared with their decompositions.
        self.kernel_calls = 0

    def fail(self, kind, detail):
        self.failures.append((kind, detail))


def timed(outcome, cmd, *args, **kwargs):
    """run() for a seed's own commands: adds the time to the seed's total
    for that tool (where a seed's time goes is part of the summary)."""
    step = run(cmd, *args, **kwargs)
    tool = os.path.basename(cmd[0])
    outcome.tool_seconds[tool] = outcome.tool_seconds.get(tool, 0.0) + \
        step.seconds
    return step


def is_uniform(meta):
    """True when the program and its stripped form must agree bit for bit:
    one backend compiles the same ops in the same order. A codegen strategy
    that tiles ops (scope-gen's "strategies") compiles them differently
    from the program without it, which then agrees within tolerance only;
    so does a kernel (scope-gen's "kernels"), which sums in its own order."""
    return meta["uniform_backend"] is not None and \
        not meta.get("strategies", False) and not meta.get("kernels", False)


def scope_run_cmd(tools, program, meta, out_prefix):
    cmd = [tools.scope_run, program, "--host-backend=" + meta["host_backend"]]
    cmd += ["--input=" + spec for spec in meta["inputs"]]
    cmd += ["--output=@%s.%d.npy" % (out_prefix, i)
            for i in range(len(meta["results"]))]
    # Workgroups scopes: their stores must cover every result element
    # exactly once, which scope-run checks at run time.
    if meta.get("check_stores"):
        cmd.append("--codegen-check-stores")
    cmd += kernel_args(tools, meta)
    return cmd


def kernel_args(tools, meta):
    """Extern scopes (scope-gen's "kernels"): the kernel library must
    provide their kernel, and every call is checked against its
    decomposition within the largest tolerance of a kernel result (0: bit
    for bit). Without scopes the options change nothing."""
    if not meta.get("kernels"):
        return []
    return ["--kernel-library=" + tools.kernel_library, "--require-kernels",
            "--check-kernels=0,%r" % meta.get("kernel_err", 0)]


def reference_cmds(tools, program, lowered):
    return ([tools.mlir_opt, program] + REFERENCE_PIPELINE + ["-o", lowered],
            [tools.mlir_runner, lowered, "-e", "reference_main",
             "-entry-point-result=void", "-shared-libs=" + tools.runner_libs])


def read_outputs(prefix, meta):
    arrays = []
    for i, result in enumerate(meta["results"]):
        shape, raw = read_npy("%s.%d.npy" % (prefix, i))
        if shape != parse_type(result["type"]):
            raise ValueError("result %d has shape %s, %s expected" %
                             (i, shape, result["type"]))
        arrays.append(bits_of(raw))
    return arrays


# The files scope-gen writes for a seed, in the seed's directory.
GEN_OUTPUTS = ["-o", "scoped.mlir", "--reference=reference.mlir",
               "--without-scopes=program.mlir", "--inputs=inputs.txt",
               "--meta=meta.json"]

# Each worker thread's scope-run batch process, and all of them (closed at
# the end).
BATCH = threading.local()
BATCHES = []
BATCHES_LOCK = threading.Lock()


def scope_run(outcome, args, cmd, d, name):
    """Runs one of a seed's scope-run commands, in the worker's batch
    process unless --no-batch, adds its time to the seed's total and fails
    the seed if it took longer than --compile-bound."""
    step = scope_run_step(outcome, args, cmd, d, name)
    outcome.run_seconds.append((step.seconds, name))
    if args.compile_bound > 0 and step.seconds > args.compile_bound:
        outcome.fail("slow-compile", "scope-run (%s) took %.1f s (bound "
                     "%.0f s): %s" % (name, step.seconds, args.compile_bound,
                                      " ".join(cmd)))
    return step


def scope_run_step(outcome, args, cmd, d, name):
    """Runs one of a seed's scope-run commands, in the worker's batch
    process unless --no-batch, and adds its time to the seed's total."""
    if args.no_batch:
        return timed(outcome, cmd, args.timeout, cwd=d)
    batch = getattr(BATCH, "runner", None)
    if batch is None:
        batch = BATCH.runner = BatchScopeRun(
            cmd[0], os.path.join(args.work, "batch-%d.log" %
                                 threading.get_ident()))
        with BATCHES_LOCK:
            BATCHES.append(batch)
    step, reused = batch.run(cmd, args.timeout, d,
                             os.path.join(d, name + ".stdout"),
                             os.path.join(d, name + ".stderr"))
    outcome.batch_runs.append((name, cmd, step))
    outcome.reused += reused
    outcome.tool_seconds["scope-run"] = \
        outcome.tool_seconds.get("scope-run", 0.0) + step.seconds
    return step


def check_chunk(seeds, tools, args, record):
    """Checks consecutive seeds, generated by one scope-gen process
    (--count); a chunk scope-gen fails on is generated seed by seed.
    Passes each seed's Outcome to `record` as it is known."""
    for seed in seeds:
        d = os.path.join(args.work, "seed-%d" % seed)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    gen_seconds = None
    if len(seeds) > 1:
        pattern = os.path.join(args.work, "seed-%d")
        files = []
        for f in GEN_OUTPUTS:
            if f.startswith("--"):
                option, _, name = f.partition("=")
                files.append(option + "=" + os.path.join(pattern, name))
            else:
                files.append(f if f == "-o" else os.path.join(pattern, f))
        CURRENT.seed = "%d-%d" % (seeds[0], seeds[-1])
        gen = run([tools.scope_gen, "--seed=%d" % seeds[0],
                   "--count=%d" % len(seeds)] + files + args.gen_arg,
                  args.timeout * len(seeds))
        if gen.ok:
            gen_seconds = gen.seconds / len(seeds)
    for seed in seeds:
        # Past --time-limit the chunk's seeds not yet started are left out
        # (the summary counts what ran).
        if args.deadline and time.time() > args.deadline:
            break
        CURRENT.seed = seed
        record(check_seed(seed, tools, args, gen_seconds))


def split_modules(text):
    """The modules `scope-opt --split-input-file` printed."""
    chunks, current = [], []
    for line in text.splitlines(keepends=True):
        if line.rstrip("\n") == "// -----":
            chunks.append("".join(current))
            current = []
        else:
            current.append(line)
    chunks.append("".join(current))
    return chunks


def check_seed(seed, tools, args, gen_seconds=None):
    """Runs the three compilations of one seed and compares them.
    `gen_seconds`: the seed's share of the scope-gen process that generated
    it with others, or None to generate it here."""
    outcome = Outcome(seed)
    start = time.time()
    d = os.path.join(args.work, "seed-%d" % seed)
    t = args.timeout

    if gen_seconds is None:
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        gen = timed(outcome, [tools.scope_gen, "--seed=%d" % seed] +
                    GEN_OUTPUTS + args.gen_arg, t, cwd=d)
        if not gen.ok:
            outcome.fail("generator", gen.describe())
            return finish(outcome, d, start, args)
    else:
        outcome.tool_seconds["scope-gen"] = gen_seconds
    with open(os.path.join(d, "meta.json")) as f:
        meta = json.load(f)
    outcome.meta = meta

    # Inserting scopes and stripping them gives the program back: the
    # program with its scopes stripped is the one scope-gen made without
    # scopes (the devices on functions aside), up to what canonicalization
    # and CSE clean up (dims computed for scopes). One scope-opt process
    # strips, canonicalizes and prints both (--split-input-file; stripping
    # the program without scopes changes nothing).
    with open(os.path.join(d, "scoped.mlir")) as f:
        scoped_text = f.read()
    with open(os.path.join(d, "program.mlir")) as f:
        program_text = f.read()
    with open(os.path.join(d, "strip-check.mlir"), "w") as f:
        f.write(scoped_text + "\n// -----\n" + program_text)
    # The named sequences that tu scopes and #codegen.strategy name go with
    # the scopes (a program without any is unchanged).
    check = timed(outcome, [tools.scope_opt, "--split-input-file",
                            "--util-strip-scopes",
                            "--codegen-erase-strategy-sequences",
                            "--canonicalize", "--cse",
                            "strip-check.mlir", "-o", "strip-check.out"],
                  t, cwd=d)
    if not check.ok:
        strip = timed(outcome, [tools.scope_opt, "--util-strip-scopes",
                                "scoped.mlir", "-o", "stripped.mlir"], t,
                      cwd=d)
        if not strip.ok:
            outcome.fail("strip", strip.describe())
            return finish(outcome, d, start, args)
        outcome.fail("strip-vs-generated", check.describe())
    else:
        with open(os.path.join(d, "strip-check.out")) as f:
            modules = split_modules(f.read())
        if len(modules) != 2:
            outcome.fail("strip-vs-generated",
                         "%d modules printed, 2 expected" % len(modules))
        elif "workgroups" in meta["scopes"]:
            # util-strip-scopes keeps a workgroups scope (its body is not
            # the op it replaced): the stripped program is not the one
            # without scopes, and only the runs compare them.
            pass
        elif DEVICE_ATTR.sub("", modules[0]) != modules[1]:
            outcome.fail("strip-vs-generated", "the two modules of "
                         "strip-check.out differ")

    opt_cmd, runner_cmd = reference_cmds(tools, "reference.mlir",
                                         "reference-llvm.mlir")
    ref_opt = timed(outcome, opt_cmd, t, cwd=d)
    ref = timed(outcome, runner_cmd, t, cwd=d) if ref_opt.ok else ref_opt
    stripped = scope_run(outcome, args,
                         scope_run_cmd(tools, "scoped.mlir", meta,
                                       "stripped") + ["--strip-scopes"],
                         d, "stripped")
    scoped = scope_run(outcome, args,
                       scope_run_cmd(tools, "scoped.mlir", meta, "scoped"),
                       d, "scoped")
    outcome.kernel_calls = count_kernel_calls(scoped)
    if not ref.ok:
        outcome.fail("reference", ref.describe())
        return finish(outcome, d, start, args)
    if not stripped.ok:
        outcome.fail("stripped-error", stripped.describe())
    if not scoped.ok and stripped.ok:
        outcome.fail("scoped-error", scoped.describe())
    if not (scoped.ok and stripped.ok):
        return finish(outcome, d, start, args)

    try:
        reference = parse_reference(ref.out)
        stripped_bits = read_outputs(os.path.join(d, "stripped"), meta)
        scoped_bits = read_outputs(os.path.join(d, "scoped"), meta)
    except (ValueError, OSError, AttributeError) as e:
        outcome.fail("reference", "unreadable outputs: %s" % e)
        return finish(outcome, d, start, args)
    if len(reference) != len(meta["results"]):
        outcome.fail("reference", "%d results printed, %d expected" %
                     (len(reference), len(meta["results"])))
        return finish(outcome, d, start, args)

    if args.outline:
        check_outlined(outcome, tools, meta, stripped_bits, d, t, args)

    uniform = is_uniform(meta)
    for i, result in enumerate(meta["results"]):
        err = result["err"]
        shape, ref_bits = reference[i]
        if shape != parse_type(result["type"]):
            outcome.fail("reference", "result %d: shape %s, %s expected" %
                         (i, shape, result["type"]))
            continue
        outcome.results_checked += 1
        if any(has_nan(b) for b in (ref_bits, stripped_bits[i],
                                    scoped_bits[i])):
            outcome.fail("nan", "result %d" % i)
            continue
        problem = compare(stripped_bits[i], ref_bits, err, False)
        if problem:
            outcome.fail("stripped-vs-reference", "result %d: %s" % (i,
                                                                      problem))
        problem = compare(scoped_bits[i], stripped_bits[i], err, uniform)
        if uniform or err == 0:
            outcome.bitwise_checks += 1
        if problem:
            outcome.fail("scoped-vs-stripped", "result %d: %s" % (i, problem))
        problem = compare(scoped_bits[i], ref_bits, err, False)
        if problem:
            outcome.fail("scoped-vs-reference", "result %d: %s" % (i,
                                                                    problem))
    return finish(outcome, d, start, args)


# A kernel's line in scope-run --check-kernels' report.
KERNEL_CALLS = re.compile(r"^  \w+: (\d+) calls?, ", re.M)


def count_kernel_calls(step):
    """The kernel calls a scope-run command checked (--check-kernels)."""
    return sum(int(n) for n in KERNEL_CALLS.findall(step.err))


def check_outlined(outcome, tools, meta, stripped_bits, d, t, args):
    """(4) with --outline: the scopes outlined into functions
    (util-outline-scopes, the scopes it cannot outline kept), run by
    scope-run, must compute what the stripped program computes, within each
    result's tolerance (the outlined functions are compiled apart from
    their callers, so no bit-identity is promised)."""
    outline = timed(outcome, [tools.scope_opt, "--util-outline-scopes", "scoped.mlir",
                   "-o", "outlined.mlir"], t, cwd=d)
    if not outline.ok:
        outcome.fail("outline-error", outline.describe())
        return
    outlined = scope_run(outcome, args,
                         scope_run_cmd(tools, "outlined.mlir", meta,
                                       "outlined"), d, "outlined")
    if not outlined.ok:
        outcome.fail("outlined-error", outlined.describe())
        return
    try:
        outlined_bits = read_outputs(os.path.join(d, "outlined"), meta)
    except (ValueError, OSError) as e:
        outcome.fail("outlined-error", "unreadable outputs: %s" % e)
        return
    for i, result in enumerate(meta["results"]):
        problem = compare(outlined_bits[i], stripped_bits[i], result["err"],
                          False)
        if problem:
            outcome.fail("outlined-vs-stripped",
                         "result %d: %s" % (i, problem))


def confirm_alone(outcome, d, args):
    """A failing seed's scope-run commands that a batch process ran, run
    again each alone in a fresh process: the exit status and every result
    bit must be the same, or the seed also fails as `batch` (what the batch
    process shares between commands changed a result)."""
    meta = outcome.meta
    for name, cmd, step in outcome.batch_runs:
        prefix = name + ".alone"
        alone_cmd = [re.sub(r"^--output=@%s\." % re.escape(name),
                            "--output=@%s." % prefix, a) for a in cmd]
        alone = run(alone_cmd, args.timeout, cwd=d)
        if alone.ok != step.ok or (not alone.ok and
                                   alone.signature() != step.signature()):
            outcome.fail("batch", "%s: %s in the batch, %s alone" % (
                name, "ok" if step.ok else step.signature(),
                "ok" if alone.ok else alone.signature()))
            continue
        if not alone.ok:
            continue
        try:
            if read_outputs(os.path.join(d, name), meta) != \
                    read_outputs(os.path.join(d, prefix), meta):
                outcome.fail("batch", "%s: results differ from those of "
                             "the same command alone" % name)
        except (ValueError, OSError) as e:
            outcome.fail("batch", "%s: %s" % (name, e))


def finish(outcome, d, start, args):
    if outcome.failures and outcome.batch_runs:
        confirm_alone(outcome, d, args)
    if outcome.failures and outcome.meta and \
            not os.path.exists(os.path.join(d, "stripped.mlir")):
        # The stripped program as a file, for repro.sh and the reducer.
        run([args.tools.scope_opt, "--util-strip-scopes", "scoped.mlir", "-o",
             "stripped.mlir"], args.timeout, cwd=d)
    outcome.seconds = time.time() - start
    if outcome.failures:
        keep = os.path.join(args.work, "failures", "seed-%d" % outcome.seed)
        shutil.rmtree(keep, ignore_errors=True)
        shutil.move(d, keep)
        write_repro(keep, outcome, args)
    elif not args.keep:
        shutil.rmtree(d, ignore_errors=True)
    return outcome


def write_repro(d, outcome, args):
    meta = outcome.meta or {}
    kind = outcome.failures[0][0]
    lines = ["#!/bin/sh",
             "# seed %d: %s" % (outcome.seed, KINDS[kind]),
             "# regenerate: scope-gen --seed=%d %s %s"
             % (outcome.seed, " ".join(args.gen_arg), " ".join(GEN_OUTPUTS)),
             "cd \"$(dirname \"$0\")\"",
             "B=%s" % shlex_quote(args.tools_dir),
             "L=%s" % shlex_quote(args.llvm_dir)]
    if meta:
        host = meta["host_backend"]
        lines.append("$B/scope-opt --util-strip-scopes scoped.mlir "
                     "-o stripped.mlir")
        lines.append("$B/scope-opt --split-input-file --util-strip-scopes "
                     "--canonicalize --cse strip-check.mlir")
        kernels = "".join(" " + shlex_quote(a)
                          for a in kernel_args(args.tools, meta))
        lines.append("$B/scope-run scoped.mlir --host-backend=%s "
                     "$(cat inputs.txt)%s" % (host, kernels))
        lines.append("$B/scope-run scoped.mlir --strip-scopes "
                     "--host-backend=%s $(cat inputs.txt)" % host)
        lines.append("$L/bin/mlir-opt reference.mlir %s | "
                     "$L/bin/mlir-runner -e reference_main "
                     "-entry-point-result=void "
                     "-shared-libs=$L/lib/libmlir_runner_utils.so,"
                     "$L/lib/libmlir_c_runner_utils.so" %
                     " ".join(shlex_quote(p) for p in REFERENCE_PIPELINE))
    with open(os.path.join(d, "repro.sh"), "w") as f:
        f.write("\n".join(lines) + "\n")
    os.chmod(os.path.join(d, "repro.sh"), 0o755)
    with open(os.path.join(d, "failure.txt"), "w") as f:
        for k, detail in outcome.failures:
            f.write("%s: %s\n  %s\n" % (k, KINDS[k], detail))


def shlex_quote(s):
    if re.match(r"^[\w@%+=:,./-]+$", s):
        return s
    return "'" + s.replace("'", "'\"'\"'") + "'"


#===------------------------------------------------------------------------===#
# Reduction
#===------------------------------------------------------------------------===#

# Which file a failure is reduced in, and what stays interesting.
REDUCIBLE = {
    "scoped-error": "scoped.mlir",
    "scoped-vs-stripped": "scoped.mlir",
    "scoped-vs-reference": "scoped.mlir",
    # The stripped program keeps the devices on functions, which the
    # reference program has not: a compile error may need them.
    "stripped-error": "stripped.mlir",
    "stripped-vs-reference": "reference.mlir",
    "nan": "scoped.mlir",
}


def reduce_failure(d, outcome, tools, args):
    kind = outcome.failures[0][0]
    # A scope-vs-reference mismatch where stripping agrees with the
    # reference is a scope problem: reduce it as scoped-vs-stripped.
    kinds = [k for k, _ in outcome.failures]
    if "scoped-vs-stripped" in kinds:
        kind = "scoped-vs-stripped"
    if kind not in REDUCIBLE or not os.path.exists(tools.scope_reduce):
        return None
    target = REDUCIBLE[kind]
    signature = ""
    if kind in ("scoped-error", "stripped-error"):
        prog = "scoped.mlir" if kind == "scoped-error" else "stripped.mlir"
        step = run(scope_run_cmd(tools, prog, outcome.meta,
                                 os.path.join(d, "probe")), args.timeout,
                   cwd=d)
        signature = step.signature()
    case = {"kind": kind, "meta": outcome.meta, "tools": tools.to_json(),
            "signature": signature, "timeout": args.timeout}
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump(case, f, indent=1)
    script = os.path.join(d, "interesting.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\n# Exits 1 when the program in $1 still shows "
                "the failure of this seed (%s).\nexec %s %s interesting %s "
                "\"$1\"\n" % (kind, shlex_quote(sys.executable),
                              shlex_quote(os.path.abspath(__file__)),
                              shlex_quote(os.path.abspath(d))))
    os.chmod(script, 0o755)
    # The reducer's own run of the original must be interesting.
    if interesting(os.path.abspath(d), os.path.join(d, target)) != 1:
        return "not reproducible under the interestingness test"
    reduced = os.path.join(d, "reduced.mlir")
    current = os.path.join(d, target)
    test = "test=%s" % script
    # scope-reduce-rewrites cuts the data flow (delta debugging over rewrite
    # sites); canonicalization and CSE fold what is left; then once more.
    passes = ["--scope-reduce-rewrites=%s" % test,
              "--opt-reduction-pass=opt-pass=canonicalize %s" % test,
              "--opt-reduction-pass=opt-pass=cse %s" % test,
              "--scope-reduce-rewrites=%s" % test]
    for i, p in enumerate(passes):
        out = os.path.join(d, "reduce-%d.mlir" % i)
        step = run([tools.scope_reduce, current, p, "-o", out],
                   args.reduce_timeout, cwd=d)
        if step.ok and os.path.getsize(out) > 0:
            current = out
    shutil.copy(current, reduced)
    before = count_ops(os.path.join(d, target))
    after = count_ops(reduced)
    return "%s reduced from %d to %d lines (%s)" % (target, before, after,
                                                    reduced)


def count_ops(path):
    with open(path) as f:
        return sum(1 for line in f if line.strip() and
                   not line.strip().startswith("//"))


def interesting(case_dir, candidate):
    """1 if `candidate` still shows the failure recorded in case_dir."""
    with open(os.path.join(case_dir, "case.json")) as f:
        case = json.load(f)
    tools = Tools.from_json(case["tools"])
    meta, kind, t = case["meta"], case["kind"], case["timeout"]
    work = candidate + ".work"
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    try:
        return check_interesting(case, tools, meta, kind, t, candidate, work)
    except Exception as e:  # A broken test must never call a case interesting.
        print("differential.py interesting: %s" % e, file=sys.stderr)
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check_interesting(case, tools, meta, kind, t, candidate, work):
    uniform = is_uniform(meta)

    def run_outputs(program, prefix):
        step = run(scope_run_cmd(tools, program, meta,
                                 os.path.join(work, prefix)), t)
        if not step.ok:
            return step, None
        try:
            return step, read_outputs(os.path.join(work, prefix), meta)
        except (ValueError, OSError):
            return step, None

    if kind in ("scoped-error", "scoped-vs-stripped", "scoped-vs-reference",
                "nan"):
        stripped = os.path.join(work, "stripped.mlir")
        if not run([tools.scope_opt, "--util-strip-scopes", candidate, "-o",
                    stripped], t).ok:
            return 0
        step2, out2 = run_outputs(stripped, "stripped")
        if out2 is None:
            return 0
        step1, out1 = run_outputs(candidate, "scoped")
        if kind == "scoped-error":
            return 1 if step1.signature() == case["signature"] and \
                not step1.ok else 0
        if out1 is None:
            return 0
        for i, result in enumerate(meta["results"]):
            if kind == "nan":
                if has_nan(out1[i]) and not has_nan(out2[i]):
                    return 1
            elif compare(out1[i], out2[i], result["err"], uniform):
                return 1
        return 0

    if kind == "stripped-error":
        # The candidate is the stripped program: scope-run must still fail
        # on it the same way.
        step, _ = run_outputs(candidate, "run")
        return 1 if not step.ok and step.signature() == case["signature"] \
            else 0

    # Failures without scopes: the candidate is the reference program
    # (with its driver); scope-run gets it without the driver.
    program = os.path.join(work, "program.mlir")
    if not run([tools.scope_opt, candidate, "--symbol-privatize=exclude=main",
                "--symbol-dce", "-o", program], t).ok:
        return 0
    opt_cmd, runner_cmd = reference_cmds(
        tools, candidate, os.path.join(work, "reference-llvm.mlir"))
    if not run(opt_cmd, t).ok:
        return 0
    ref = run(runner_cmd, t)
    if not ref.ok:
        return 0
    step, out = run_outputs(program, "run")
    if out is None:
        return 0
    try:
        reference = parse_reference(ref.out)
    except ValueError:
        return 0
    for i, result in enumerate(meta["results"]):
        if i < len(reference) and compare(out[i], reference[i][1],
                                          result["err"], False):
            return 1
    return 0


#===------------------------------------------------------------------------===#
# Driver
#===------------------------------------------------------------------------===#

def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "interesting":
        if len(sys.argv) != 4:
            print("usage: differential.py interesting CASE_DIR FILE",
                  file=sys.stderr)
            return 2
        return interesting(sys.argv[2], sys.argv[3])

    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", type=int, help="number of seeds")
    parser.add_argument("start", type=int, nargs="?", default=0,
                        help="first seed (default 0)")
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    parser.add_argument("--tools-dir",
                        help="scopeir's tools (default <build>/bin)")
    parser.add_argument("--llvm-dir", default="/usr/lib/llvm-22")
    parser.add_argument("--scope-run",
                        help="run this instead of <tools>/scope-run (a "
                             "wrapper, to test the oracle itself)")
    parser.add_argument("--work", default=None,
                        help="work directory (default <build>/differential)")
    parser.add_argument("--jobs", "-j", type=int,
                        default=os.cpu_count() or 2,
                        help="seeds run at once (default: one per core)")
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds per command")
    parser.add_argument("--compile-bound", type=float, default=30,
                        help="fail a seed whose scope-run command (compile "
                             "and run) takes longer than this many seconds "
                             "(0: no bound; the program generator's "
                             "programs compile in under 10 s)")
    parser.add_argument("--time-limit", type=float, default=0,
                        help="stop starting seeds after this many seconds "
                             "(0: none); the seeds already started finish "
                             "and the summary counts what ran")
    parser.add_argument("--report-after", type=float, default=45,
                        help="print each command still running after this "
                             "many seconds, even with --quiet (0: never)")
    parser.add_argument("--outline", action="store_true",
                        help="also run each program with its scopes "
                             "outlined (util-outline-scopes)")
    parser.add_argument("--reduce", action="store_true",
                        help="shrink each failing seed with scope-reduce")
    parser.add_argument("--reduce-timeout", type=float, default=1800)
    parser.add_argument("--keep", action="store_true",
                        help="keep the files of passing seeds too")
    parser.add_argument("--gen-arg", action="append", default=[],
                        help="extra scope-gen argument (repeatable)")
    parser.add_argument("--device-backend", default="",
                        help="a backend with memory of its own (vulkan) that "
                        "scope-gen also places the device scopes of "
                        "mixed-backend programs on (scope-gen "
                        "--device-backend)")
    parser.add_argument("--gen-chunk", type=int, default=4,
                        help="seeds one scope-gen process generates "
                             "(--count; default 4)")
    parser.add_argument("--no-batch", action="store_true",
                        help="run every scope-run command in a process of "
                             "its own instead of one scope-run --batch "
                             "process per job (implied by --scope-run)")
    parser.add_argument("--summary", help="also write the summary as JSON")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    if args.device_backend:
        args.gen_arg.append("--device-backend=" + args.device_backend)
    args.build_dir = os.path.abspath(args.build_dir)
    args.work = os.path.abspath(args.work or
                                os.path.join(args.build_dir, "differential"))
    args.tools_dir = os.path.abspath(args.tools_dir or
                                     os.path.join(args.build_dir, "bin"))
    tools = Tools(args.tools_dir, args.llvm_dir)
    args.tools = tools
    if args.scope_run:
        # A stand-in need not know --batch.
        tools.scope_run = os.path.abspath(args.scope_run)
        args.no_batch = True
    missing = tools.missing()
    if missing:
        print("differential: missing tools: " + ", ".join(missing),
              file=sys.stderr)
        return 2
    os.makedirs(args.work, exist_ok=True)

    seeds = list(range(args.start, args.start + args.count))
    size = max(1, args.gen_chunk)
    chunks = [seeds[i:i + size] for i in range(0, len(seeds), size)]
    start = time.time()
    outcomes = []
    args.deadline = start + args.time_limit if args.time_limit > 0 else None
    # Stopped from outside (a CI stage's cap): what ran and what was running
    # are printed before exiting, so that a stage cut short says why.
    def stopped(signum, frame):
        # `timeout` signals the process and then its group: once is enough.
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise Stopped()
    signal.signal(signal.SIGTERM, stopped)
    try:
        return run_seeds(chunks, tools, args, start, outcomes)
    except Stopped:
        now = time.time()
        print("differential: stopped by SIGTERM after %.0f s; running then:"
              % (now - start), flush=True)
        for line in describe_inflight(now):
            print("  " + line, flush=True)
        report(list(outcomes), now - start, args, [])
        sys.stdout.flush()
        for batch in list(BATCHES):
            if batch.proc:
                batch.proc.kill()
        os._exit(1)


class Stopped(Exception):
    """SIGTERM arrived."""


def run_seeds(chunks, tools, args, start, outcomes):
    """Checks the chunks of seeds on args.jobs workers, appending each
    seed's Outcome to `outcomes`; reduces the failing ones with --reduce and
    prints the summary. Returns the exit status."""
    deadline = args.deadline
    reported = set()
    lock = threading.Lock()

    def record(outcome):
        with lock:
            outcomes.append(outcome)
            if outcome.failures:
                for kind, detail in outcome.failures:
                    print("seed %d: FAIL %s: %s" % (
                        outcome.seed, kind, detail), flush=True)
            elif not args.quiet and len(outcomes) % 50 == 0:
                print("... %d seeds, %.2f seeds/s" %
                      (len(outcomes), len(outcomes) /
                       (time.time() - start)), flush=True)

    # Not a `with` block: a SIGTERM (Stopped) must not wait for the workers.
    pool = concurrent.futures.ThreadPoolExecutor(args.jobs)
    pending = {}
    it = iter(chunks)
    def submit():
        if deadline and time.time() > deadline:
            return False
        chunk = next(it, None)
        if chunk is None:
            return False
        pending[pool.submit(check_chunk, chunk, tools, args, record)] = chunk
        return True
    for _ in range(args.jobs * 2):
        if not submit():
            break
    while pending:
        done, _ = concurrent.futures.wait(
            pending, timeout=5,
            return_when=concurrent.futures.FIRST_COMPLETED)
        report_long_commands(args, reported)
        for future in done:
            del pending[future]
            future.result()
            submit()
    pool.shutdown()
    elapsed = time.time() - start
    for batch in BATCHES:
        batch.close()

    reductions = []
    if args.reduce:
        for outcome in sorted(outcomes, key=lambda o: o.seed):
            if outcome.failures:
                d = os.path.join(args.work, "failures", "seed-%d" %
                                 outcome.seed)
                note = reduce_failure(d, outcome, tools, args)
                if note:
                    reductions.append((outcome.seed, note))
                    print("seed %d: %s" % (outcome.seed, note), flush=True)

    return report(outcomes, elapsed, args, reductions)


def report_long_commands(args, reported):
    """Prints, once each and even with --quiet, the commands that have run
    longer than --report-after seconds (a seed that hangs shows up before
    its --timeout ends it)."""
    if args.report_after <= 0:
        return
    now = time.time()
    for seed, cmd, started in running_commands():
        key = (seed, started)
        if now - started > args.report_after and key not in reported:
            reported.add(key)
            print("differential: seed %s has run %.0f s (--timeout %.0f) in: "
                  "%s" % (seed, now - started, args.timeout,
                          " ".join(cmd)[:400]), flush=True)


def report(outcomes, elapsed, args, reductions):
    outcomes.sort(key=lambda o: o.seed)
    n = len(outcomes)
    failed = [o for o in outcomes if o.failures]
    features, scopes = {}, {}
    uniform = sum(1 for o in outcomes
                  if o.meta and is_uniform(o.meta))
    for o in outcomes:
        if not o.meta:
            continue
        for name in o.meta["features"]:
            features[name] = features.get(name, 0) + 1
        for name in o.meta["scopes"]:
            scopes[name] = scopes.get(name, 0) + 1
    by_kind = {}
    for o in failed:
        for kind, _ in o.failures:
            by_kind.setdefault(kind, set()).add(o.seed)
    tool_seconds = {}
    for o in outcomes:
        for tool, seconds in o.tool_seconds.items():
            tool_seconds[tool] = tool_seconds.get(tool, 0.0) + seconds
    results = sum(o.results_checked for o in outcomes)
    bitwise = sum(o.bitwise_checks for o in outcomes)
    seeds_text = ("%d-%d" % (outcomes[0].seed, outcomes[-1].seed)
                  if outcomes else "none")
    print("differential: %d seeds (%s) in %.1f s with %d jobs: %.2f seeds/s"
          % (n, seeds_text, elapsed, args.jobs, n / elapsed if elapsed else 0))
    print("  programs: %d on one backend (bit-identical with and without "
          "scopes), %d on mixed backends" % (uniform, n - uniform))
    print("  results compared: %d (%d of them bit for bit with and without "
          "scopes)" % (results, bitwise))
    print("  programs by op family: " + ", ".join(
        "%s %d" % kv for kv in sorted(features.items())))
    print("  programs by scope kind: " + ", ".join(
        "%s %d" % kv for kv in sorted(scopes.items())))
    kernel_programs = sum(1 for o in outcomes
                          if o.meta and o.meta.get("kernels"))
    kernel_calls = sum(o.kernel_calls for o in outcomes)
    if kernel_programs:
        print("  kernel calls checked against their decompositions: %d "
              "(in %d programs with extern scopes)" % (kernel_calls,
                                                        kernel_programs))
    batch_runs = sum(len(o.batch_runs) for o in outcomes)
    reused = sum(o.reused for o in outcomes)
    if batch_runs:
        print("  scope-run commands in batch processes: %d, machine code "
              "reused (identical LLVM IR) by %d" % (batch_runs, reused))
    total = sum(tool_seconds.values())
    if total:
        print("  time by tool (summed over seeds, %.0f s): " % total + ", ".join(
            "%s %.0f s (%.0f%%)" % (tool, sec, 100 * sec / total) for tool, sec
            in sorted(tool_seconds.items(), key=lambda kv: -kv[1])))
    slowest = sorted(((sec, o.seed, name) for o in outcomes
                      for sec, name in o.run_seconds), reverse=True)[:5]
    if slowest:
        print("  slowest scope-run commands (compile and run; bound %s): " %
              ("%.0f s" % args.compile_bound if args.compile_bound > 0
               else "none") + ", ".join("seed %d %s %.1f s" % (seed, name,
                                                                sec)
                                        for sec, seed, name in slowest))
    print("  failing seeds: %d" % len(failed))
    for kind in KINDS:
        if kind in by_kind:
            seeds = sorted(by_kind[kind])
            print("    %-22s %d (seeds %s%s)" % (
                kind, len(seeds), " ".join(map(str, seeds[:20])),
                " ..." if len(seeds) > 20 else ""))
    if failed:
        print("  kept in %s" % os.path.join(args.work, "failures"))
    if args.summary:
        with open(args.summary, "w") as f:
            json.dump({"seeds": n, "first": outcomes[0].seed if n else None,
                       "seconds": elapsed, "jobs": args.jobs,
                       "uniform": uniform, "results": results,
                       "bitwise": bitwise, "features": features,
                       "scopes": scopes, "tool_seconds": tool_seconds,
                       "batch_runs": batch_runs, "reused": reused,
                       "kernel_calls": kernel_calls,
                       "slowest": [{"seed": seed, "command": name,
                                    "seconds": sec}
                                   for sec, seed, name in slowest],
                       "failures": {k: sorted(v) for k, v in by_kind.items()},
                       "reductions": reductions}, f, indent=1)
    return 1 if failed or n == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
