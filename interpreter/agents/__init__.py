"""Agents answer decisions: a seeded random bot, a scripted agent (replays) and a human at the terminal."""
