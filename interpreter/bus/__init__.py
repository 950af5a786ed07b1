"""The event bus and the catalogue of events the engine emits at every rule point a card can care about."""
