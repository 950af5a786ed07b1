"""The power language: parse (Lark, grammar/powers.lark), build a typed AST, check it, compile it
once into plain Python callables, and explain it back in English."""
