"""The language server's command line (`importexport-lsp`, `importexport lsp`, `python -m
interpreter.lsp`): its arguments and its log are dealt with before the server is imported, so that a
command line the server cannot run under is answered in one line at once, not after the second or so
that importing pygls and its protocol types takes. The server itself is server.py."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

NAME = "importexport-lsp"
INSTALL = "pip install 'importexport-interpreter[lsp]'"


class OneLine(logging.Formatter):
    """A log record's first line, without a traceback (pygls puts some in the message itself)."""

    def format(self, record: logging.LogRecord) -> str:
        lines = record.getMessage().splitlines()
        first = logging.makeLogRecord({**record.__dict__, "msg": lines[0] if lines else "", "args": None,
                                       "exc_info": None, "exc_text": None, "stack_info": None})
        return super().format(first)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=NAME, description="Language server for Import / Export card files and mod packs "
                                                            "(speaks LSP on stdin/stdout; docs/editors.md).")
    parser.add_argument("--log", type=Path, help="write the server's log to this file")
    return parser


def log_handler(path: Path | None) -> logging.Handler | None:
    """Where the server logs: the file asked for (None, after saying why in one line, when it cannot
    be written), or standard error, the editor's output panel (warnings, one line each)."""
    if path is None:
        handler: logging.Handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(OneLine(f"{NAME}: %(levelname)s: %(message)s"))
        return handler
    try:
        return logging.FileHandler(path, encoding="utf-8")
    except OSError as exc:
        print(f"{NAME}: cannot write the log to {path}: {exc.strerror or exc}; give a file in a folder that exists "
              "and that you may write to", file=sys.stderr)
        return None


def main(argv: Sequence[str] | None = None) -> int:
    """Serve on standard input and output until the editor says exit."""
    return run(build_parser().parse_args(argv).log)


def run(log: Path | None) -> int:
    """The server with its log at `log` (standard error when None); 2, said in one line, when the log
    cannot be written or the optional extra `lsp` is not installed."""
    handler = log_handler(log)
    if handler is None:
        return 2
    try:
        # optional dependency: pygls (the `lsp` extra); without it the command says what to install
        from interpreter.lsp.server import serve
    except ImportError as exc:
        handler.close()
        print(f"{NAME} needs the optional extra `lsp` ({exc.name} is missing): {INSTALL}", file=sys.stderr)
        return 2
    logging.basicConfig(handlers=[handler], level=logging.INFO if log else logging.WARNING)
    return serve()
