"""The base engine: state, setup, the turn, the five actions, completion, limits, scoring, rule queries."""
