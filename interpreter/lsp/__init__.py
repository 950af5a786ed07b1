"""A language server for card files and mod packs (`importexport lsp`; docs/editors.md).

- diagnostics as you type: the same loading and checks as `importexport validate` (a card file) or
  `importexport mod check` (a pack's mod.yaml), run on the editor's unsaved text;
- completion of the power language's words: the words that can come next in a power line, and the
  registry's examples that continue it;
- hover: the power under the cursor in English, or what is wrong with it; a field's description.

The editor-independent parts (documents.py, powerline.py, completion.py, hover.py) know nothing of the
protocol beyond plain data; server.py wires them to pygls (the optional extra `lsp`), and command.py
is the command line that starts it.
"""
