#!/usr/bin/env python3
"""Writes a language-server session to stdout, framed as editors frame it.

  lsp-session.py FILE.mlir

initialize, initialized, textDocument/didOpen of FILE's text, shutdown,
exit: each a JSON-RPC message after a Content-Length header. Standard
library only.
"""

import json
import sys


def message(payload):
    body = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    uri = "file:///session/" + sys.argv[1].replace("\\", "/").rsplit("/", 1)[-1]
    session = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": uri, "languageId": "mlir",
                                     "version": 1, "text": text}}},
        {"jsonrpc": "2.0", "id": 1, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    out = sys.stdout.buffer
    for payload in session:
        out.write(message(payload))
    out.flush()


if __name__ == "__main__":
    main()
