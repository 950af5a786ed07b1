"""Card powers in play: the generic primitives effects are made of, and the runtime that activates a
card's compiled powers while it is where its power works (R15)."""
