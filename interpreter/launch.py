"""The `importexport` command's entry point: the command line's modules are imported here, inside a
guard, so that Ctrl-C while they load (the first few tenths of a second) ends the command as Ctrl-C
does later, with `interrupted` and status 130, not a traceback from the middle of an import."""

from __future__ import annotations

import sys


def main() -> int:
    try:
        # the command line's imports (+380 to 460 ms measured) are the first thing a Ctrl-C can interrupt:
        # start-up: `importexport simulate` and every command load them here, inside the Ctrl-C guard (+420 ms)
        from interpreter.cli import main as run
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    return run()
