"""`python -m interpreter.lsp`: the language server on standard input and output."""

from interpreter.lsp.command import main

raise SystemExit(main())
