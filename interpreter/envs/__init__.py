"""Standard environments for bot authors: the game seen one decision at a time from outside.

`driver` turns the engine's decision door inside out (the game asks, the caller answers),
`observation` encodes what one seat sees as numbers, and `pettingzoo` is the PettingZoo AEC
environment built on both (optional extra `pettingzoo`; docs/environment.md)."""
