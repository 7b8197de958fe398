#!/usr/bin/env bash
# A stand-in for scope-opt that dies of SIGSEGV whenever it is asked to keep
# scopes through a pipeline (it sees test-util-insert-scopes) and runs the real
# scope-opt ($SCOPE_OPT) otherwise: upstream-integration.py must report each
# such run as a crash.
for arg in "$@"; do
  case "$arg" in
    *test-util-insert-scopes*) kill -SEGV $$ ;;
  esac
done
exec "$SCOPE_OPT" "$@"
