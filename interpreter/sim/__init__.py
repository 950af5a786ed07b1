"""Running games: single games, batches with summaries, the benchmark, and narration."""
