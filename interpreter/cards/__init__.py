"""Card loading and diagnostics: YAML with positions, structural checks, card definitions, rules data."""
