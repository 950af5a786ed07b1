"""Scenario files: set up any game situation in YAML, script the decisions, check what happened."""
