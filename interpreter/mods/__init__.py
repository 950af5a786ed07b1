"""Mod packs: folders (or single files) of YAML that add, replace or remove cards and set deck lists."""
