#!/usr/bin/env python3
"""A scope-run that never finishes the program with its scopes: to test
that the differential stops a stuck command after --timeout, names it while
it runs (--report-after) and, stopped by SIGTERM, prints what was running.
Runs with --strip-scopes go to the real scope-run ($STUCK_SCOPE_RUN)."""

import os
import sys
import time

args = sys.argv[1:]
if "--strip-scopes" in args:
    os.execv(os.environ["STUCK_SCOPE_RUN"],
             [os.environ["STUCK_SCOPE_RUN"]] + args)
time.sleep(600)
sys.exit(1)
