"""Runs a command and succeeds only if it exits with exactly the given code.

Usage (lit substitution %expect_exit): %expect_exit CODE COMMAND [ARGS...]

The command's stdout and stderr pass through unchanged, so the RUN line can
pipe them into FileCheck. `not` accepts any non-zero status, including a crash
turned into an exit code; the malformed-input tests need exactly 1, the status
of a tool that diagnosed bad input. A signal (a crash, a sanitizer report with
abort_on_error) never matches.
"""

import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.stderr.write("usage: expect-exit.py CODE COMMAND [ARGS...]\n")
        return 2
    expected = int(sys.argv[1])
    status = subprocess.call(sys.argv[2:])
    if status == expected:
        return 0
    sys.stderr.write(
        "expect-exit: '%s' exited with %s, expected %d\n"
        % (sys.argv[2], status if status >= 0 else "signal %d" % -status, expected)
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
