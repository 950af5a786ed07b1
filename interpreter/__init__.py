"""Import / Export card interpreter: card loading, rules engine, agents and simulation."""

__version__ = "0.1.0"
