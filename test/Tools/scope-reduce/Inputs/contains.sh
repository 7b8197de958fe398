#!/bin/sh
# Interesting (exit 1) when the file $2 contains the text $1.
if grep -q -- "$1" "$2"; then
  exit 1
fi
exit 0
