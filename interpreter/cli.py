"""The `importexport` command line. Bad input gets a one-line message and a non-zero exit, never a traceback.

A command imports the costly modules that carry it out inside its own function, not here: a process
then loads only what its command runs, so `validate` and `explain` start without the bots, the game
runtime and the simulators they never use (start-up time, issue 12). Each such import says what it
spares, as measured (tests/test_layers.py); a module that costs next to nothing once this one is
loaded is imported here."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import sys
import time
import traceback
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from interpreter import __version__, resources
from interpreter.cards.catalog import choose_sets, expansions_text, load_all_cards, load_rules
from interpreter.cards.diagnostics import CardFileError, did_you_mean
from interpreter.cards.explained import card_lines, find_card
from interpreter.cards.loader import load_card_file
from interpreter.cards.model import GOOD_TYPES
from interpreter.engine.errors import SetupError
from interpreter.engine.options import CHOICES, MAX_SEED, GameOptions, OptionError, parse_option
from interpreter.lsp.command import run as run_language_server
from interpreter.mods.apply import apply_packs, change_report
from interpreter.mods.skeleton import SkeletonError, make_pack
from interpreter.outputs import OutputError, check_output_file, check_output_folder, write_atomically
from interpreter.printing.commands import CommandError, run_export, run_print
from interpreter.printing.commands import add_parsers as add_printing
from interpreter.records import ReplayError, make_record, paths_for_record, read_record, record_mods, record_schema
from interpreter.resources import MissingData, source_checkout
from interpreter.schema_header import SCHEMA_FILES
from interpreter.sim.coverage import PowerCoverage
from interpreter.sim.failures import FAILED_FOLDER, BatchSettings, Failures, error_line
from interpreter.sim.narrate import Narrator
from interpreter.sim.runfolder import open_run
from interpreter.validation import deck_problems, validate
from interpreter.validation import summary as validation_summary

if TYPE_CHECKING:
    from interpreter.cards.loader import CardSet
    from interpreter.cards.rulesdata import RulesData
    from interpreter.engine.game import Game, GameResult

BALANCE_GAMES = 2000


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see `{self.prog} --help`)")


# Upper bounds of command-line numbers: far above any real use, low enough that a typo is caught.
MAX_GAMES = 10_000_000
MAX_WORKERS = 1024


def whole(minimum: int, maximum: int | None = None) -> type[int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"`{text[:40]}` is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}; got {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum:,}; got {str(value)[:40]}")
        return value
    parse.__name__ = "number"
    return parse  # type: ignore[return-value]


def player_counts(text: str) -> tuple[int, ...]:
    """`4`, `3,4,5` or `2-6`: the player counts a balance run goes round, each once, in order."""
    counts: list[int] = []
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high if dash else low)
        except ValueError:
            raise argparse.ArgumentTypeError(f"`{text[:40]}` is not a number of players, a list (3,4,5) or a range (2-6)") from None
        if not 1 <= first <= last <= 99:
            raise argparse.ArgumentTypeError(f"`{part.strip()[:40]}` is not a number of players from 1 to 99 or a rising range")
        counts += [n for n in range(first, last + 1) if n not in counts]
    return tuple(counts)


def positive_minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text[:40]}` is not a number of minutes") from None
    if not 0 < value <= 7 * 24 * 60:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most a week (10080 minutes); got {text[:40]}")
    return value


def target_share(text: str) -> float:
    """`fair` (0), or `+N` / `-N` points against a typical card, as a share."""
    if text.strip().lower() == "fair":
        return 0.0
    try:
        points = float(text)
    except ValueError:
        raise UsageError(f"--target must be fair, or +N or -N points against a typical card (e.g. +5); got `{text[:40]}`") from None
    if not -100 < points < 100:
        raise UsageError(f"--target: a win rate differs from a typical card's by less than 100 points; got {text[:40]}")
    return points / 100


def search_bot_name(text: str) -> str:
    """A search bot's name, `search` or `search:BUDGET` (bench --search-bot)."""
    # start-up: `importexport validate` and the other commands start without the batch runner (sim.runner +180 ms measured)
    from interpreter.sim.runner import check_bot
    try:
        name = check_bot(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not name.startswith("search"):
        raise argparse.ArgumentTypeError(f"must be search or search:BUDGET; got `{text[:40]}`")
    return name


def add_game_arguments(p: argparse.ArgumentParser, *, players: int | None = 4) -> None:
    p.add_argument("--players", type=whole(1, 99), default=players, help="number of players, 2-6 (default 4)")
    p.add_argument("--seed", type=whole(0, MAX_SEED), default=1, help="seed of the game or batch (default 1)")
    p.add_argument("--expansions", type=expansions_text, default="none", help="none (default), all, or a list such as jutaku,captain")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (see `importexport options`); may be repeated")
    p.add_argument("--mod", action="append", default=[], type=Path, metavar="PATH",
                   help="a mod pack (folder or file) applied to the cards; may be repeated, applied in order")


DEFAULT_LADDER = ("random", "heuristic", "search:2ro", "search:8ro")  # the bots `ladder` ranks by default


def build_parser() -> Parser:
    parser = Parser(prog="importexport", description="Import / Export: card interpreter and rules engine.")
    parser.add_argument("--version", action="store_true", help="print the version and where the shipped cards are read from")
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    sim = sub.add_parser("simulate", help="play many bot games and summarise them")
    add_game_arguments(sim)
    sim.add_argument("--games", type=whole(1, MAX_GAMES), default=100, help="number of games (default 100)")
    sim.add_argument("--json", action="store_true", help="print the results as JSON")
    sim.add_argument("--powers", action="store_true", help="also report which cards' powers fired, and which never did")
    sim.add_argument("--bots", help="the bot at each seat, e.g. search:50ro,heuristic,heuristic,heuristic (turned one seat per game), "
                                    "or one name for every seat, among random, heuristic, search, search:BUDGET "
                                    "(search:50ro rollouts, search:20ms CPU per decision); default: random everywhere")
    sim.add_argument("--failures", type=Path, default=None, metavar="FOLDER",
                     help=f"where a game that fails is saved for `importexport replay` (default: ./{FAILED_FOLDER})")

    play = sub.add_parser("play", help="play one game: bots, or people with --human")
    add_game_arguments(play)
    play.add_argument("--watch", action="store_true", help="narrate the game turn by turn")
    play.add_argument("--verbose", action="store_true", help="with --watch: narrate every event, credits included")
    play.add_argument("--human", type=whole(1, 99), action="append", default=[], metavar="SEAT",
                      help="seat (1-based) played by a person at this terminal; may be repeated")
    play.add_argument("--log", type=Path, help="write the game's decision log (JSON) to this file")
    play.add_argument("--bots", default="heuristic",
                      help="the bots: one name for every bot seat, or one per seat, e.g. heuristic,random,random,search:20ms, "
                           "among random, heuristic, search, search:BUDGET (default: heuristic everywhere); "
                           "seats given to --human are played by people")

    b = sub.add_parser("bench", help="measure games per second and microseconds per decision")
    add_game_arguments(b)
    b.add_argument("--games", type=whole(1, MAX_GAMES), default=200, help="number of games (default 200)")
    b.add_argument("--json", action="store_true", help="print one JSON object")
    b.add_argument("--heuristic-games", type=whole(0), default=50, help="games between heuristic bots to time after the random ones (default 50)")
    b.add_argument("--heuristic-workers", type=whole(1, MAX_WORKERS), default=1,
                   help="processes that play the heuristic games, as the workers of balance do (default 1)")
    b.add_argument("--uno", type=whole(0), default=0, metavar="GAMES",
                   help="also compare random play's CPU time per decision with RLCard's UNO (needs rlcard): "
                        "three alternating rounds of --games games here and GAMES games of UNO (0: skip, the default)")
    b.add_argument("--search-games", type=whole(0), default=2,
                   help="games of one --search-bot seat against heuristic seats, timed in CPU per searched decision "
                        "and per rollout (default 2; 0 skips)")
    b.add_argument("--search-bot", default="search", type=search_bot_name,
                   help="the search bot --search-games times (default: search, its default budget)")
    b.add_argument("--env-games", type=whole(0), default=0,
                   help="games of the PettingZoo environment under a random policy, timed in CPU per step and per "
                        "observation (default 0, skipped; needs the pettingzoo extra)")
    b.add_argument("--startup-runs", type=whole(0), default=3,
                   help="fresh `validate` and `explain cups` processes to time, best of N (default 3; 0 skips)")
    b.add_argument("--failures", type=Path, default=None, metavar="FOLDER",
                   help=f"where a game that fails is saved for `importexport replay` (default: ./{FAILED_FOLDER})")

    bal = sub.add_parser("balance", help="many games between heuristic bots on all cores: per-card and per-game report")
    bal.add_argument("--games", type=whole(1, MAX_GAMES), default=None,
                     help=f"number of games (default {BALANCE_GAMES}; with --resume, the run's own number)")
    bal.add_argument("--players", type=player_counts, default=(4,),
                     help="number of players, 2-6 (default 4), or several, e.g. 3,4,5 or 2-6: games go round them")
    bal.add_argument("--seed", type=whole(0, MAX_SEED), default=1, help="seed of the batch (default 1)")
    bal.add_argument("--expansions", type=expansions_text, default="none", help="none (default), all, or a list such as jutaku,captain")
    bal.add_argument("--mod", action="append", default=[], type=Path, metavar="PATH", help="mod packs, applied in order")
    bal.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option; may be repeated")
    bal.add_argument("--workers", type=whole(1, MAX_WORKERS), default=None, help="processes to use (default: all cores)")
    bal.add_argument("--out", type=Path, required=True, help="folder for games.jsonl, results.json and report.html")
    bal.add_argument("--resume", action="store_true", help="continue an interrupted run in --out without replaying finished games")
    bal.add_argument("--force", action="store_true", help="replace a run already in --out (its games are deleted)")
    bal.add_argument("--compare", nargs=2, metavar=("A", "B"),
                     help="compare two card sets on the same seeds: each `base`, an expansion list (`all`, `jutaku`), or a mod pack path")
    bal.add_argument("--bots", action="append", default=[],
                     help="the bot at each seat, e.g. search:50ro,heuristic,heuristic,heuristic (turned one seat per game), "
                          "or one name for every seat, among random, heuristic, search, search:BUDGET (search:50ro "
                          "rollouts, search:20ms CPU per decision); default: heuristic everywhere. --compare plays both "
                          "sides with the same bots. Given again (--bots heuristic --bots search:8ro,heuristic,heuristic,heuristic), "
                          "each further mix plays its own run (in OUT/bots-2, ...) and verdicts that change with the bots are flagged")
    bal.add_argument("--check-games", type=whole(1, MAX_GAMES), default=None, metavar="N",
                     help="games of each further --bots mix (default: as many as the first)")
    bal.add_argument("--dask", metavar="ADDRESS", help="send the games to an existing Dask cluster (optional extra `dask`)")

    tune = sub.add_parser("tune", help="search a card's numbers for the values that make it fair (or as strong as asked)")
    tune.add_argument("card", help="the card to tune: its id or name")
    tune.add_argument("--players", type=player_counts, default=(4,),
                      help="number of players, 2-6 (default 4), or several, e.g. 3,4,5: games go round them")
    tune.add_argument("--seed", type=whole(0, MAX_SEED), default=1, help="seed of the games, the same for every candidate (default 1)")
    tune.add_argument("--expansions", type=expansions_text, default="none", help="none (default), all, or a list such as jutaku,captain")
    tune.add_argument("--mod", action="append", default=[], type=Path, metavar="PATH", help="mod packs, applied in order")
    tune.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option; may be repeated")
    tune.add_argument("--target", default="fair", help="the effect sought: fair (default: 0 points against a typical card), "
                                                       "or +N / -N points, e.g. +5")
    tune.add_argument("--vary", action="append", default=[], metavar="NAME[=LOW..HIGH]",
                      help="a number to search (default: all of them), optionally over a range, e.g. p1=2..12; may be repeated")
    tune.add_argument("--fix", action="append", default=[], metavar="NAME", help="a number to hold as printed; may be repeated")
    tune.add_argument("--list", action="store_true", help="list the card's tunable numbers and their default ranges, and stop")
    tune.add_argument("--budget", type=positive_minutes, default=10.0, help="minutes of wall time the search may take (default 10)")
    tune.add_argument("--games", type=whole(1, MAX_GAMES), default=None, help="games the search may play in all (default: as many as the minutes allow)")
    tune.add_argument("--sweep", type=whole(1, MAX_GAMES), default=None, metavar="N",
                      help="no race: every candidate plays N games and none is dropped (the whole response curve, with equal n)")
    tune.add_argument("--bots", action="append", default=[],
                      help="the bot at each seat, as for balance (default: heuristic everywhere); given again, each further mix "
                           "plays the finalists and flags a suggestion whose verdict changes with the bots")
    tune.add_argument("--check-games", type=whole(1, MAX_GAMES), default=300, metavar="N",
                      help="games of each finalist with each further --bots mix (default 300)")
    tune.add_argument("--workers", type=whole(1, MAX_WORKERS), default=None, help="processes to use (default: all cores)")
    tune.add_argument("--dask", metavar="ADDRESS", help="play the games on an existing Dask cluster (optional extra `dask`)")
    tune.add_argument("--out", type=Path, help="folder for the best candidate as a mod pack, tune.json and tune.html")
    tune.add_argument("--resume", action="store_true", help="continue an interrupted tune in --out without replaying its games")
    tune.add_argument("--force", action="store_true", help="replace a tune already in --out")

    lad = sub.add_parser("ladder", help="every pair of bots on the same seeds: win rates with intervals and an Elo-like rating")
    add_game_arguments(lad, players=2)
    lad.add_argument("--bots", default=",".join(DEFAULT_LADDER),
                     help=f"the bots to rank, at least two (default {','.join(DEFAULT_LADDER)}); "
                          "a search bot's budget is search:50ro (rollouts) or search:20ms (CPU time per decision)")
    lad.add_argument("--games", type=whole(1, MAX_GAMES), default=20,
                     help="seeds per pair (default 20); each pair plays two games per seed, one seat each way")
    lad.add_argument("--workers", type=whole(1, MAX_WORKERS), default=None, help="processes to use (default: all cores)")
    lad.add_argument("--json", action="store_true", help="print the ladder as JSON")
    lad.add_argument("--out", type=Path, help="also write the ladder's JSON and every game's record (ladder.json) here")

    rp = sub.add_parser("replay", help="replay a game record written by `play --log`")
    rp.add_argument("record", type=Path, help="the record file")
    rp.add_argument("--watch", action="store_true", help="narrate the replayed game")

    mod = sub.add_parser("mod", help="mod packs")
    mod_sub = mod.add_subparsers(dest="mod_command", parser_class=Parser, metavar="ACTION")
    mod_check = mod_sub.add_parser("check", help="what packs change (added, replaced field by field, removed), conflicts, problems")
    mod_check.add_argument("paths", nargs="+", type=Path, help="mod packs, applied in this order")
    mod_check.add_argument("--expansions", type=expansions_text, default="none", help="the sets the packs apply to (default: base only)")

    init = sub.add_parser("init", help="make a new mod pack folder (manifest, a sample card with an example, README)")
    init.add_argument("folder", type=Path, help="the folder to create, e.g. my-mod")

    val = sub.add_parser("validate", help="check card files, mod packs and card examples; report every problem")
    val.add_argument("paths", nargs="*", type=Path, help="card files, mod packs or folders (default: the shipped cards)")
    val.add_argument("--run-examples", action="store_true", help="also play every example and report those that fail")

    sub.add_parser("options", help="list the game options and their allowed values")

    sc = sub.add_parser("scenario", help="run scenario files (docs/scenarios.md)")
    sc_sub = sc.add_subparsers(dest="scenario_command", parser_class=Parser, metavar="ACTION")
    sc_run = sc_sub.add_parser("run", help="run scenarios and report each failure with expected vs actual")
    sc_run.add_argument("paths", nargs="+", type=Path, help="scenario files, card files with examples, or folders")
    sc_run.add_argument("--expansions", type=expansions_text, default="all", help="the sets scenarios may use (default all)")
    sc_run.add_argument("--mod", action="append", default=[], type=Path, metavar="PATH", help="mod packs applied first")

    ex = sub.add_parser("explain", help="render a card's powers as English sentences")
    ex.add_argument("cards", nargs="*", help="card ids or card file paths (with --mod and none given: every card the packs add or change)")
    ex.add_argument("--mod", action="append", default=[], type=Path, metavar="PATH",
                    help="a mod pack applied to the cards first, so that its cards can be named by id; may be repeated")
    ex.add_argument("--all", action="store_true",
                    help="every shipped card, set by set (the reviewed tests/golden/explain.txt is this output)")

    lsp = sub.add_parser("lsp", help="run the language server for editors (LSP on stdin/stdout; docs/editors.md)")
    lsp.add_argument("--log", type=Path, help="write the server's log to this file")

    sv = sub.add_parser("serve", help="the designer's desk in a browser: card gallery, editor, game viewer, play against bots")
    sv.add_argument("--expansions", "--sets", dest="expansions", type=expansions_text, default="all",
                    help="the card sets shown and played: all (default), none, or a list such as jutaku,captain "
                         "(the base set is always in; --sets is another name for this option)")
    sv.add_argument("--mod", action="append", default=[], type=Path, metavar="PATH", help="a mod pack applied to the cards; may be repeated")
    sv.add_argument("--pack", type=Path, metavar="FOLDER", help="the mod pack folder the editor saves into (created on the first save)")
    sv.add_argument("--runs", type=Path, default=Path("runs"), metavar="FOLDER", help="balance runs to show (`balance --out` folders; default runs)")
    sv.add_argument("--records", type=Path, metavar="FOLDER", help="where games played in the browser are saved as records")
    sv.add_argument("--tables", type=Path, default=Path("tables.sqlite"), metavar="FILE",
                    help="the SQLite file of the online tables (default tables.sqlite; created with the first table; "
                         "the tables in it are resumed when the desk starts)")
    sv.add_argument("--bot-pause", type=float, default=0.15, metavar="SECONDS",
                    help="at an online table with people, the pause before each bot move, so the moves can be followed (default 0.15)")
    sv.add_argument("--port", type=whole(0), default=8765, help="port to listen on (default 8765; 0: any free port)")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer only)")

    add_printing(sub, whole, Parser)

    docs = sub.add_parser("docs", help="regenerate docs/reference.md, docs/powers.md, the grammar and the JSON Schemas from the code")
    docs.add_argument("--out", type=Path, default=None, help="the folder to write into (default: docs/ of the source checkout)")
    describe_commands(parser)
    return parser


def describe_commands(parser: argparse.ArgumentParser) -> None:
    """Every command's own `--help` opens with the one line the command list gives it."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for listed in action._choices_actions:
                command = action.choices[listed.dest]
                if not command.description and listed.help:
                    command.description = listed.help[0].upper() + listed.help[1:] + "."
                describe_commands(command)


def checked_rules_and_options(args: argparse.Namespace) -> tuple[RulesData, GameOptions]:
    """The rules data, with --players checked against it, and the --option values parsed."""
    data = load_rules()
    if not data.min_players <= args.players <= data.max_players:
        raise UsageError(f"--players must be from {data.min_players} to {data.max_players}; got {args.players}")
    options = GameOptions()
    for text in args.option:
        try:
            options = parse_option(text, options)
        except OptionError as exc:
            raise UsageError(f"--option: {exc}") from None
    return data, options


def game_setup(args: argparse.Namespace) -> tuple[CardSet, RulesData, GameOptions]:
    data, options = checked_rules_and_options(args)
    return chosen_cards(args.expansions, args.mod), data, options


def chosen_cards(expansions: str, mods: list[Path]) -> CardSet:
    try:
        cards = choose_sets(load_all_cards(), expansions)
    except ValueError as exc:
        raise UsageError(f"--expansions: {exc}") from None
    for path in mods:
        if not path.exists():
            raise UsageError(f"--mod: no such file or folder: {path}")
    return apply_packs(cards, mods).cards if mods else cards


def deck_line(cards: CardSet) -> str:
    """The effective deck: cards per set and per good type."""
    per_set = {s: sum(1 for c in cards.cards if c.set == s) for s in cards.set_names()}
    per_good = {g: sum(1 for c in cards.cards if c.good == g) for g in GOOD_TYPES}
    return (f"{len(cards)} cards (" + ", ".join(f"{s} {n}" for s, n in per_set.items()) + "; "
            + ", ".join(f"{g} {n}" for g, n in per_good.items()) + ")")


def cmd_simulate(args: argparse.Namespace) -> int:
    # start-up: `importexport validate` and the other commands start without the batch runner and its summary (sim.runner +180 ms, sim.summary +36 ms measured)
    from interpreter.sim.runner import run_batch, terminal_progress
    from interpreter.sim.summary import bot_wins_text, summary_text
    cards, data, options = game_setup(args)
    bots = chosen_bots(args.bots, args.players) if args.bots else None
    coverage = PowerCoverage()
    batch = run_batch(cards, data, args.players, args.games, args.seed, options, terminal_progress(),
                      coverage.watch if args.powers else None, bots, batch_settings(args), failures_folder(args), warn)
    failures = batch.failures
    if args.json:
        print(json.dumps({"interrupted": batch.interrupted, "games": [vars(r) for r in batch.results],
                          "failed": [{"seed": r["seed"], "error": r["failed"]["error"], "saved": str(p) if p else None}
                                     for r, p in zip(failures.records, failures.saved, strict=True)]}))
    else:
        header = f"{args.players} players, seed {args.seed}, deck {deck_line(cards)}"
        print(summary_text(batch.results, header))
        if bots is not None and batch.results:
            print(bot_wins_text(batch.results, batch.kinds))
        if args.powers:
            print(coverage.report(cards, pack_origins(args.expansions, args.mod)))
        if batch.interrupted:
            print(f"Interrupted: {len(batch.results)} of {args.games} games finished and are summarised above.")
    if failures.records:
        warn(failures.summary(len(batch.results), args.games))
    return 130 if batch.interrupted else (1 if failures.records else 0)


def pack_origins(expansions: str, mods: list[Path]) -> dict[str, str]:
    """The cards the mod packs add or replace: id -> `added by PACK` or `replaced by PACK`."""
    if not mods:
        return {}
    origins: dict[str, str] = {}
    for change in apply_packs(choose_sets(load_all_cards(), expansions), mods).changes:
        origins.update({card_id: f"added by {change.pack}" for card_id in change.added})
        origins.update({card_id: f"replaced by {change.pack}" for card_id in change.replaced})
    return origins


def warn(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def failures_folder(args: argparse.Namespace) -> Path:
    """Where a batch saves the games that fail: --failures, checked before any game; by default
    ./failed-games, made (if it can be) only when a game fails."""
    if args.failures is None:
        return Path(FAILED_FOLDER)
    check_output_folder(args.failures, "--failures", create=False)
    return args.failures


def batch_settings(args: argparse.Namespace) -> BatchSettings:
    return BatchSettings(args.expansions, tuple(str(m) for m in args.mod), tuple(args.option))


def result_text(game: Game, result: GameResult) -> str:
    lines = [f"Game over after {result.turns} turns ({result.end_reason}). Final scores (R17):"]
    lines.append(f"  {'player':<14}{'total':>6}{'credits':>9}{'harbor':>8}{'goods':>7}{'majority':>10}{'all5':>6}{'powers':>8}")
    for p, b in zip(game.players, result.breakdown, strict=True):
        star = " *" if p.seat in result.winners else ""
        lines.append(f"  {p.name:<14}{b['total']:>6}{b['credits'] + b['parked']:>9}{b['unfinished']:>8}"
                     f"{b['innate']:>7}{b['majorities']:>10}{b['one_of_each']:>6}{b['powers']:>8}{star}")
    lines.append("Winner: " + ", ".join(game.players[w].name for w in result.winners))
    return "\n".join(lines)


def chosen_bots(text: str, players: int) -> tuple[str, ...]:
    # start-up: `importexport validate` and the other commands start without the batch runner (sim.runner +180 ms measured)
    from interpreter.sim.runner import parse_bots
    try:
        return parse_bots(text, players)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def seats_line(game: Game, kinds: list[str]) -> str:
    """Who plays each seat: `P1 (green) you, P2 (red) heuristic bot, ...` and the first leader."""
    who = [("you" if kind == "human" else f"{kind} bot") for kind in kinds]
    if kinds.count("human") > 1:
        who = ["a person" if kind == "human" else w for kind, w in zip(kinds, who, strict=True)]
    return ("Seats: " + ", ".join(f"{p.name} {w}" for p, w in zip(game.players, who, strict=True))
            + f"; first leader {game.players[game.leader].name}")


def cmd_play(args: argparse.Namespace) -> int:
    # start-up: `importexport validate` and the others start without the player and the bots (powers +121 ms, sim.runner +180 ms measured)
    from interpreter.agents.human import HumanAgent, HumanQuit
    from interpreter.powers import new_game
    from interpreter.sim.runner import bot_agents
    cards, data, options = game_setup(args)
    for seat in args.human:
        if seat > args.players:
            raise UsageError(f"--human must be a seat from 1 to {args.players}; got {seat}")
    if args.log:
        check_output_file(args.log, "--log")
    kinds = list(chosen_bots(args.bots, args.players))
    agents: list[Any] = bot_agents(args.seed, kinds)
    humans = []
    for seat in args.human:
        agents[seat - 1] = HumanAgent()
        humans.append(agents[seat - 1])
        kinds[seat - 1] = "human"
    game = new_game(cards, data, args.players, args.seed, options, agents)
    if args.watch or args.human:
        width = shutil.get_terminal_size((80, 24)).columns if humans else None
        narrator = Narrator(game, sys.stdout, verbose=args.verbose, width=width)
        for human in humans:
            human.narrator = narrator
            human.watch(game)
    print(f"Import / Export: {args.players} players, seed {args.seed}, deck {deck_line(cards)}")
    print(seats_line(game, kinds))
    try:
        result = game.play()
    except HumanQuit:
        print("\nGame abandoned.")
        if args.log:
            write_record(args, game, None)
        return 1
    print(result_text(game, result))
    if args.log:
        write_record(args, game, result)
    return 0


def write_record(args: argparse.Namespace, game: Game, result: GameResult | None) -> None:
    """`--log`: the game's record, written whole or not at all (a temporary file, then renamed); an
    abandoned game's record holds the decisions taken until then."""
    settings = {"expansions": args.expansions, "mods": paths_for_record(args.mod, args.log.parent), "options": args.option}
    text = json.dumps(make_record(game, result, settings), indent=1)
    temporary = args.log.with_name(f".{args.log.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text)
        os.replace(temporary, args.log)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise OutputError(f"--log: cannot write {args.log}: {exc.strerror or exc}") from None
    what = "Game record" if result is not None else f"The record of the game so far (to turn {game.turn})"
    print(f"{what} written to {args.log} (replay it with `importexport replay {args.log}`)")


def _spec(text: str, base_expansions: str, mods: tuple[str, ...] = ()) -> Any:
    """One side of `--compare`: `base`, an expansion list, or a mod pack path (applied to
    --expansions); the packs of --mod apply first on both sides."""
    # start-up: `importexport validate` and the other commands start without the balance tools (sim.balance +432 ms measured)
    from interpreter.sim.balance import CardSpec
    if Path(text).exists():
        return CardSpec(base_expansions, (*mods, str(Path(text))))
    return CardSpec("none" if text == "base" else text, mods)


def _balance_cards(spec: Any) -> CardSet:
    """The card set of a run, loaded (and so checked) before its folder is touched."""
    # start-up: `importexport validate` and the other commands start without the balance tools (sim.balance +432 ms measured)
    from interpreter.sim.balance import load_spec
    try:
        return load_spec(spec)
    except ValueError as exc:
        raise UsageError(f"importexport balance: {exc}") from None


def _balance_run(folder: Any, args: argparse.Namespace) -> tuple[dict[str, Any], Failures]:
    # start-up: `importexport validate` and the other commands start without the balance tools (sim.balance +432 ms measured)
    from interpreter.sim.balance import default_workers, progress_line, run_games, summarize, write_outputs
    job = folder.job
    cards = _balance_cards(job.cards)
    start = time.perf_counter()
    before = len(folder.done)
    outcome = run_games(job, folder, workers=args.workers or default_workers(), progress=progress_line(),
                        dask_address=args.dask, report=warn)
    records = outcome.records
    results = summarize(records, cards, job, time.perf_counter() - start, played=len(records) - before)
    write_outputs(results, folder.path)
    if outcome.failures.records:
        warn(outcome.failures.summary(len(records), job.games))
    if outcome.interrupted:
        warn(f"Interrupted after {len(records)} of {job.games} games; the report covers them. "
             f"Continue with the same command and --resume.")
        raise KeyboardInterrupt
    return results, outcome.failures


def cmd_ladder(args: argparse.Namespace) -> int:
    # start-up: `importexport validate` and the other commands start without the ladder (sim.ladder +330 ms measured)
    from interpreter.sim.balance import CardSpec
    from interpreter.sim.ladder import LadderJob, run_ladder, summary, table_text
    from interpreter.sim.runner import check_bot, terminal_progress
    data, options = checked_rules_and_options(args)
    chosen_cards(args.expansions, args.mod)  # a bad card set is refused before any game
    bots = tuple(b.strip() for b in args.bots.split(","))
    for name in bots:
        try:
            check_bot(name)
        except ValueError as exc:
            raise UsageError(f"importexport ladder: --bots: {exc}") from None
    if len(set(bots)) < 2 or len(set(bots)) != len(bots):
        raise UsageError(f"importexport ladder: --bots needs at least two different bots, each named once; got `{args.bots}`")
    if args.out:  # before any game: a folder that cannot be written is said now, not after the games
        check_output_folder(args.out, "--out")
        check_output_file(args.out / "ladder.json", "--out")
    job = LadderJob(bots, args.games, args.players, args.seed, CardSpec(args.expansions, tuple(str(m) for m in args.mod)),
                    tuple(args.option))
    start = time.perf_counter()
    records, interrupted = run_ladder(job, args.workers, terminal_progress())
    figures = summary(job, records, interrupted, time.perf_counter() - start)
    if args.out:
        write_atomically(args.out / "ladder.json", json.dumps({**figures, "records": records}, indent=1))
    print(json.dumps(figures, indent=1) if args.json else table_text(figures))
    if interrupted:
        print(f"Interrupted: {len(records)} of {figures['planned']} games finished and are counted above.", file=sys.stderr)
    return 130 if interrupted else 0


def balance_players(args: argparse.Namespace) -> tuple[int, tuple[int, ...]]:
    """--players of balance and tune: (the first count, every count if there are several, else ()),
    each checked against the rules; args.players becomes the first count."""
    counts = tuple(args.players)
    for n in counts:
        args.players = n
        try:
            checked_rules_and_options(args)
        except UsageError as exc:
            if len(counts) == 1:
                raise
            raise UsageError(f"{exc}, one of the counts --players gives ({', '.join(map(str, counts))})") from None
    args.players = counts[0]
    given = args.bots if isinstance(args.bots, list) else [args.bots] if args.bots else []
    for text in given:
        if len(counts) > 1 and "," in text:
            raise UsageError(f"--bots: with several player counts ({', '.join(map(str, counts))}) give one bot name for every seat, "
                             f"not one per seat; got `{text}`")
    return counts[0], counts if len(counts) > 1 else ()


def bot_mixes(args: argparse.Namespace, players: int, counts: tuple[int, ...]) -> list[tuple[str, ...]]:
    """Each --bots mix of balance and tune (the first is the main one); [()] is heuristic bots everywhere."""
    mixes = [chosen_bots(text, players)[:1] if counts else chosen_bots(text, players) for text in args.bots]
    return mixes or [()]


def cmd_balance(args: argparse.Namespace) -> int:
    # start-up: `importexport validate` and the other commands start without the balance tools (sim.balance +432 ms measured)
    from interpreter.sim.balance import BalanceJob, CardSpec, terminal_summary
    players, counts = balance_players(args)
    for path in args.mod:
        if not path.exists():
            raise UsageError(f"--mod: no such file or folder: {path}")
    if args.resume and args.force:
        raise UsageError("importexport balance: --resume continues the run in --out and --force replaces it; give one")
    check_output_folder(args.out, "--out", create=False)  # made once the card sets are found good
    games = args.games or BALANCE_GAMES
    mixes = bot_mixes(args, players, counts)
    bots = mixes[0]
    if args.compare and len(mixes) > 1:
        raise UsageError("importexport balance: --compare plays both sides with one bot mix; give --bots once "
                         "(run the comparison again with the other bots to check it)")
    if args.compare:
        # start-up: `importexport balance` without --compare runs without the comparison (sim.compare +195 ms measured)
        from interpreter.sim.balance import load_spec
        from interpreter.sim.compare import card_changes, compare, compare_html, compare_summary
        mods = tuple(str(m) for m in args.mod)
        jobs = [BalanceJob(games, players, args.seed, _spec(text, args.expansions, mods), tuple(args.option), bots, counts)
                for text in args.compare]
        for job in jobs:
            _balance_cards(job.cards)
        folders = [open_run(args.out / name, job, games_given=args.games is not None, resume=args.resume, force=args.force)
                   for name, job in zip("ab", jobs, strict=True)]
        done = [_balance_run(folder, args) for folder in folders]
        runs = [results for results, _ in done]
        outcome = compare(runs[0], runs[1], card_changes(load_spec(jobs[0].cards), load_spec(jobs[1].cards)))
        (args.out / "compare.json").write_text(json.dumps(outcome, indent=1))
        (args.out / "compare.html").write_text(compare_html(outcome))
        print(compare_summary(outcome))
        print(f"Reports: {args.out / 'a' / 'report.html'}, {args.out / 'b' / 'report.html'}, {args.out / 'compare.html'}")
        return 1 if any(failures.records for _, failures in done) else 0
    spec = CardSpec(args.expansions, tuple(str(m) for m in args.mod))
    job = BalanceJob(games, players, args.seed, spec, tuple(args.option), bots, counts)
    _balance_cards(job.cards)
    folder = open_run(args.out, job, games_given=args.games is not None, resume=args.resume, force=args.force)
    checks = [open_run(args.out / f"bots-{k}", BalanceJob(args.check_games or games, players, args.seed, spec, tuple(args.option), mix, counts),
                       games_given=args.games is not None or args.check_games is not None, resume=args.resume, force=args.force)
              for k, mix in enumerate(mixes[1:], start=2)]
    results, failures = _balance_run(folder, args)
    failed = bool(failures.records)
    if checks:
        # start-up: `importexport balance` with one bot mix never loads the play-strength comparison (sim.strength +23 ms measured)
        from interpreter.sim.balance import write_outputs
        from interpreter.sim.strength import play_strength
        others = []
        for check in checks:
            other, other_failures = _balance_run(check, args)
            others.append(other)
            failed = failed or bool(other_failures.records)
        results["strength"] = play_strength(results, others)
        write_outputs(results, args.out)
    print(terminal_summary(results))
    print(f"Report: {args.out / 'report.html'}  (data: {args.out / 'results.json'})"
          + "".join(f"; {c.path / 'report.html'}" for c in checks))
    return 1 if failed else 0


def cmd_tune(args: argparse.Namespace) -> int:
    # start-up: `importexport validate` and the other commands start without the tuner (sim.tune_run +556 ms measured)
    from interpreter.sim.balance import CardSpec, default_workers
    from interpreter.sim.tunables import TuneError, choose_knobs, find_knobs
    from interpreter.sim.tune import TuneJob
    from interpreter.sim.tune_report import summary_text
    from interpreter.sim.tune_run import open_tune_folder, run_tune
    players, counts = balance_players(args)
    target = target_share(args.target)
    if args.resume and args.force:
        raise UsageError("importexport tune: --resume continues the tune in --out and --force replaces it; give one")
    if (args.resume or args.force) and not args.out:
        raise UsageError("importexport tune: --resume and --force need --out (the tune's folder)")
    spec = CardSpec(args.expansions, tuple(str(m) for m in args.mod))
    cards = chosen_cards(args.expansions, args.mod)
    try:
        card = find_card(args.card, cards.by_id.values())
    except LookupError as exc:
        raise UsageError(f"importexport tune: {exc}") from None
    knobs = find_knobs(card)
    if args.list:
        print(f"{card.name} ({card.id}): its tunable numbers, with the range searched by default")
        for knob in knobs:
            print(f"  {knob.describe()}")
        return 0
    try:
        chosen = choose_knobs(knobs, args.vary, args.fix)
    except TuneError as exc:
        raise UsageError(f"importexport tune: {exc}") from None
    mixes = bot_mixes(args, players, counts)
    job = TuneJob(card.id, spec, players, args.seed, target, tuple(chosen), tuple(args.option), mixes[0], counts)
    folder = open_tune_folder(args.out, job, resume=args.resume, force=args.force) if args.out else None
    try:
        results = run_tune(job, folder, minutes=args.budget, games=args.games, workers=args.workers or default_workers(),
                           dask_address=args.dask, progress=tune_progress(), sweep=args.sweep, checks=mixes[1:],
                           check_games=args.check_games)
    except TuneError as exc:
        raise UsageError(f"importexport tune: {exc}") from None
    finally:
        if folder is not None:
            folder.close()
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    print(summary_text(results, str(args.out) if args.out else None))
    if args.out:
        print(f"Report: {args.out / 'tune.html'}  (data: {args.out / 'tune.json'})")
    return 130 if results["meta"]["interrupted"] else (1 if results["meta"]["failed"] else 0)


def tune_progress() -> Any:
    """Progress of a tune on one line of standard error, on a terminal."""
    def show(line: str) -> None:
        if sys.stderr.isatty():
            sys.stderr.write("\r" + line[:150].ljust(150))
            sys.stderr.flush()
        elif "failed" in line:
            warn(line)
    return show


def cmd_replay(args: argparse.Namespace) -> int:
    # start-up: `importexport validate` and the other commands start without the replays (scenarios.replay +155 ms measured)
    from interpreter.scenarios.replay import replay, replay_failure
    data = load_rules()
    try:
        record = read_record(args.record, data)
        try:
            cards = chosen_cards(record.get("expansions", "none"), record_mods(record, args.record))
        except UsageError as exc:
            raise ReplayError(f"{args.record}: the record's {str(exc).removeprefix('--')}") from None
        options = GameOptions()
        for text in record.get("options", []):
            try:
                options = parse_option(text, options)
            except OptionError as exc:
                raise ReplayError(f"{args.record}: options: {exc}") from None
        if "failed" in record:
            return _replay_failure(replay_failure(record, cards, data, options), record)
        outcome = replay(record, cards, data, options, watch=narrate if args.watch else None)
    except SetupError as exc:  # a record whose settings make no game (first_leader=5 of 3 players): the record is bad
        print(f"importexport replay: {args.record}: the record's game cannot be set up: {exc}", file=sys.stderr)
        return 1
    except (ReplayError, OptionError) as exc:
        print(f"importexport replay: {exc}", file=sys.stderr)
        return 1
    if outcome.result is None:
        print(f"Replayed {len(record['decisions'])} decisions: the same game as recorded, to turn "
              f"{record['abandoned']['turn']}, where it was abandoned.")
        return 0
    print(result_text(outcome.game, outcome.result))
    if outcome.same_result:
        print(f"Replayed {len(record['decisions'])} decisions: the same game, the same result.")
        return 0
    print("The replay ended with another result than the record: " + "; ".join(outcome.differences))
    return 1


def narrate(game: Game) -> None:
    Narrator(game, sys.stdout)


def _replay_failure(outcome: Any, record: dict[str, Any]) -> int:
    """A failed game played again: the error again (with its traceback, to debug it), or its end."""
    if outcome.error is None:
        print(result_text(outcome.game, outcome.result))
        print(f"The game recorded as failing ({record['failed']['error']}) now finishes.")
        return 0
    print("".join(traceback.format_exception(outcome.error)).rstrip(), file=sys.stderr)
    turn = f" at turn {outcome.game.turn}" if outcome.game is not None else " while being set up"
    print(f"importexport replay: the failure happens again{turn}: {error_line(outcome.error)}", file=sys.stderr)
    return 1


def cmd_mod(args: argparse.Namespace) -> int:
    if args.mod_command != "check":
        raise UsageError("importexport mod: choose an action: check")
    try:
        base = choose_sets(load_all_cards(), args.expansions)
    except ValueError as exc:
        raise UsageError(f"--expansions: {exc}") from None
    for path in args.paths:
        if not path.exists():
            raise UsageError(f"importexport mod check: no such file or folder: {path}")
    try:
        applied = apply_packs(base, args.paths)
    except CardFileError as exc:
        for d in exc.diagnostics:
            print(d)
        print(f"{len(exc.diagnostics)} problem(s) found.")
        return 1
    print(change_report(applied))
    problems = deck_problems(applied)
    for d in problems:
        print(d)
    print(f"Resulting deck: {deck_line(applied.cards)}; " + (f"{len(problems)} problem(s) found." if problems else "no problems."))
    return 1 if problems else 0


def cmd_bench(args: argparse.Namespace) -> int:
    # start-up: `importexport validate` and the other commands start without the benchmark (sim.bench +228 ms measured)
    from interpreter.sim.bench import bench
    cards, data, options = game_setup(args)
    failures = Failures()
    figures = bench(cards, data, args.players, args.games, args.seed, options, batch_settings(args), failures_folder(args), warn, failures,
                    args.heuristic_games, args.startup_runs, args.heuristic_workers, args.search_games, args.search_bot,
                    args.env_games)
    if args.uno and not figures["interrupted"]:
        # start-up: `importexport validate` and the other commands start without the benchmark (sim.bench +228 ms measured)
        from interpreter.sim.bench import UnoMissing, uno_comparison
        try:
            figures.update(uno_comparison(cards, data, args.players, args.seed, options, args.games, args.uno))
        except UnoMissing as exc:
            raise UsageError(f"importexport bench --uno: {exc}") from None
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>20}: {value}")
    if failures.records:
        warn(failures.summary(int(figures["games"]), args.games))
    return 130 if figures["interrupted"] else (1 if failures.records else 0)


def cmd_validate(args: argparse.Namespace) -> int:
    for path in args.paths:
        if not path.exists():
            raise UsageError(f"importexport validate: no such file or folder: {path}")
    report = validate(args.paths, args.run_examples)
    if args.paths and not report.cards and not report.packs and not report.problems:
        where = ", ".join(str(p) for p in args.paths)
        raise UsageError(f"importexport validate: no card files or mod packs found in {where} (card files end in .yaml)")
    for line in validation_summary(report, args.run_examples):
        print(line)
    return 1 if report.problems else 0


def cmd_init(args: argparse.Namespace) -> int:
    try:
        files = make_pack(args.folder)
    except SkeletonError as exc:
        raise UsageError(f"importexport init: {exc}") from None
    except OSError as exc:
        raise UsageError(f"importexport init: cannot write {args.folder}: {exc.strerror or exc}") from None
    for path in files:
        print(f"wrote {path}")
    folder = shlex.quote(str(args.folder))
    print(f"Check it with `importexport mod check {folder}`, then play with `importexport play --mod {folder} --watch`.")
    return 0


def version_text() -> str:
    try:
        where = str(resources.data_root())
    except resources.MissingData as exc:
        where = f"missing: {exc}"
    return f"importexport {__version__} (Python {sys.version.split()[0]}; cards and grammar from {where})"


def cmd_options(_args: argparse.Namespace) -> int:
    defaults = GameOptions()
    for name in GameOptions.names():
        default = getattr(defaults, name)
        if name in CHOICES:
            allowed, text = CHOICES[name]
            print(f"{name}={default}  ({' | '.join(allowed)}): {text}")
        else:
            print(f"{name}={default}")
    return 0


def cmd_scenario(args: argparse.Namespace) -> int:
    # start-up: `importexport validate` and the other commands start without the scenario runner (scenarios.runner +208 ms, scenarios.sources +43 ms measured)
    from interpreter.scenarios.runner import run_scenario, scenarios_in_file
    from interpreter.scenarios.sources import scenario_sources
    if args.scenario_command != "run":
        raise UsageError("importexport scenario: choose an action: run")
    for path in args.paths:
        if not path.exists():
            raise UsageError(f"importexport scenario run: no such file or folder: {path}")
    data = load_rules()
    given = {p.resolve() for p in args.mod}
    card_sets: dict[Path | None, CardSet] = {}
    passed = failed = 0
    sources = scenario_sources(args.paths)
    for path, pack in sources.runs:
        pack = None if pack is None or pack.resolve() in given else pack  # a pack's own cards play with the pack
        if pack not in card_sets:
            card_sets[pack] = chosen_cards(args.expansions, [*args.mod, *([pack] if pack else [])])
        scenarios, diags = scenarios_in_file(path)
        for d in diags:
            print(d)
            failed += 1
        for scenario in scenarios:
            outcome = run_scenario(scenario, card_sets[pack], data)
            print(outcome.report())
            passed += outcome.passed
            failed += not outcome.passed
    for path, why in sources.skipped:
        print(f"skipped {path}: {why}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_explain(args: argparse.Namespace) -> int:
    if args.all:  # every shipped card (tests/golden/explain.txt is this, reviewed)
        if args.cards or args.mod:
            raise UsageError("importexport explain --all: explains every shipped card; name no card and no --mod with it")
        print("\n".join(line for each in load_all_cards().cards for line in card_lines(each)))
        return 0
    if not args.cards and not args.mod:
        raise UsageError("importexport explain: name a card (an id such as cups, or a card file), give --mod PATH for a "
                         "pack's cards, or --all for every shipped card")
    known, own = _explained_cards(args.mod)
    status = 0
    for name in args.cards or own:
        path = Path(name)
        if path.suffix in (".yaml", ".yml") or path.exists():
            card, diags = load_card_file(path)
            for d in diags:
                print(d)
                status = 1
        else:
            known = known or load_all_cards()
            card = known.by_id.get(name)
            if card is None:
                hint = "" if args.mod else "; a mod pack's card is found with --mod PATH"
                raise UsageError(f"importexport explain: unknown card `{name}`{did_you_mean(name, known.by_id)}{hint}")
        if card is None:
            continue
        print("\n".join(card_lines(card)))
    return status


def _explained_cards(mods: list[Path]) -> tuple[CardSet | None, list[str]]:
    """Every set's cards with the packs applied, and the ids of the cards the packs add or replace;
    (None, []) without packs (the shipped cards are then loaded only if a card is named by id)."""
    if not mods:
        return None, []
    for path in mods:
        if not path.exists():
            raise UsageError(f"--mod: no such file or folder: {path}")
    applied = apply_packs(load_all_cards(), mods)
    own = [card_id for change in applied.changes for card_id in [*change.added, *change.replaced]]
    return applied.cards, list(dict.fromkeys(own))


def cmd_docs(args: argparse.Namespace) -> int:
    # start-up: `importexport validate` and the other commands start without the docs generators (reference +52 ms, schemas +50 ms measured)
    from interpreter.reference import construct_usage_markdown, grammar_file, powers_markdown, reference_markdown
    from interpreter.schemas import SCHEMAS
    checkout = source_checkout()
    if args.out is not None:
        docs = args.out
    elif checkout is not None:
        docs = checkout / "docs"
    else:
        raise UsageError("importexport docs: give the folder to write into with --out DIR (there is no source checkout here)")
    check_output_folder(docs, "--out")
    schemas = [(SCHEMA_FILES[kind], make()) for kind, make in SCHEMAS.items()] + [("record.schema.json", record_schema())]
    for name, text in (("reference.md", reference_markdown()), ("powers.md", powers_markdown()),
                       ("construct-usage.md", construct_usage_markdown()),
                       *((file, json.dumps(schema, indent=2) + "\n") for file, schema in schemas)):
        (docs / name).write_text(text)
        print(f"wrote {docs / name}")
    if args.out is None and checkout is not None:  # the grammar is generated from the language's registry too
        grammar = checkout / "grammar" / "powers.lark"
        grammar.write_text(grammar_file())
        print(f"wrote {grammar}")
        if (checkout / "tests").is_dir():  # docs/rules.md's "tested by" table, from the tests of the checkout
            # start-up: `importexport docs` outside a source checkout never loads the rules table (rules_coverage +23 ms measured)
            from interpreter.rules_coverage import rules_table, with_rules_table
            rules = docs / "rules.md"
            rules.write_text(with_rules_table(rules.read_text(), rules_table(checkout)))
            print(f"wrote {rules} (its table of the tests that check each rule)")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        # optional dependency: starlette, jinja2, uvicorn (the `web` extra); without them the command says what to install
        from interpreter.web.app import serve
    except ImportError as exc:
        raise UsageError(f"importexport serve needs the optional extra `web` ({exc.name} is missing): "
                         "pip install -e '.[web]'") from None
    # start-up: `importexport validate` and the other commands start without the desk's settings (web.desk +26 ms measured)
    from interpreter.web.desk import Desk, DeskSettings
    if args.port > 65535:
        raise UsageError(f"--port must be from 0 to 65535; got {args.port}")
    if not 0 <= args.bot_pause <= 10:
        raise UsageError(f"--bot-pause must be from 0 to 10 seconds; got {args.bot_pause:g}")
    if args.tables.is_dir():
        raise UsageError(f"--tables must be a file (the tables' SQLite database); {args.tables} is a folder")
    if args.pack is not None and args.pack.exists() and not args.pack.is_dir():
        raise UsageError(f"--pack must be a folder (the editor saves card files into it); {args.pack} is a file")
    try:
        desk = Desk(DeskSettings(sets=args.expansions, mods=args.mod, pack=args.pack, runs=args.runs, records=args.records,
                                 tables=args.tables, bot_pause=args.bot_pause))
        serve(desk, args.host, args.port)
    except ValueError as exc:
        raise UsageError(f"importexport serve: {exc}") from None
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    try:
        return run_print(args)
    except CommandError as exc:
        raise UsageError(f"importexport print: {exc}") from None


def cmd_export(args: argparse.Namespace) -> int:
    try:
        return run_export(args)
    except CommandError as exc:
        raise UsageError(f"importexport export: {exc}") from None


def cmd_lsp(args: argparse.Namespace) -> int:
    return run_language_server(args.log)


COMMANDS = {"simulate": cmd_simulate, "play": cmd_play, "bench": cmd_bench, "validate": cmd_validate, "options": cmd_options, "docs": cmd_docs,
            "scenario": cmd_scenario, "explain": cmd_explain, "replay": cmd_replay, "mod": cmd_mod,
            "balance": cmd_balance, "tune": cmd_tune, "serve": cmd_serve, "init": cmd_init, "lsp": cmd_lsp, "ladder": cmd_ladder,
            "print": cmd_print, "export": cmd_export}


@cache
def shared_parser() -> Parser:
    """The command line's parser, made once per process and only read after: `main` may run many
    times in one process (the docs runner and the tests run hundreds of commands in process), and
    each parser made costs about 13 ms (argparse looks up its messages' translations for each of the
    sub-parsers). Parsing never changes a parser; `main` gives each call's namespace lists of its
    own, so that no command can change a default the next call would read."""
    return build_parser()


def own_lists(args: argparse.Namespace) -> argparse.Namespace:
    """`args` with each list value copied: a list option given nowhere on the command line holds the
    parser's own default list, shared by every call of the shared parser."""
    for name, value in vars(args).items():
        if type(value) is list:
            setattr(args, name, list(value))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    parser = shared_parser()
    command = "importexport"
    try:
        args = own_lists(parser.parse_args(argv))
        if args.version:
            print(version_text())
            return 0
        if not args.command:
            parser.print_help()
            return 2
        command = f"importexport {args.command}"
        return COMMANDS[args.command](args)
    except (UsageError, OutputError) as exc:
        print(_one_line(command, exc), file=sys.stderr)
        return 2
    except CardFileError as exc:
        for d in exc.diagnostics:
            print(d, file=sys.stderr)
        return 1
    except (SetupError, MissingData) as exc:
        print(_one_line(command, exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def _one_line(command: str, exc: Exception) -> str:
    """`importexport COMMAND: message`, on one line whatever the message holds."""
    text = " ".join(str(exc).split())
    return text if text.startswith("importexport") else f"{command}: {text}"
