"""The `importexport` command line. Bad input gets a one-line message and a non-zero exit, never a traceback."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from interpreter.agents.human import HumanAgent, HumanQuit
from interpreter.agents.random_agent import RandomAgent
from interpreter.cards.catalog import choose_sets, load_all_cards, load_rules
from interpreter.cards.diagnostics import CardFileError
from interpreter.cards.loader import CardSet, load_cards
from interpreter.cards.rulesdata import RulesData
from interpreter.engine.game import Game, GameResult, SetupError
from interpreter.engine.options import CHOICES, GameOptions, OptionError, parse_option
from interpreter.sim.bench import bench
from interpreter.sim.narrate import Narrator
from interpreter.sim.runner import run_batch, terminal_progress
from interpreter.sim.summary import summary_text


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see `{self.prog} --help`)")


def whole(minimum: int) -> type[int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"`{text}` is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}; got {value}")
        return value
    parse.__name__ = "number"
    return parse  # type: ignore[return-value]


def add_game_arguments(p: argparse.ArgumentParser, *, players: int | None = 4) -> None:
    p.add_argument("--players", type=whole(1), default=players, help="number of players, 2-6 (default 4)")
    p.add_argument("--seed", type=whole(0), default=1, help="seed of the game or batch (default 1)")
    p.add_argument("--expansions", default="none", help="none (default), all, or a list such as jutaku,captain")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (see `importexport options`); may be repeated")
    p.add_argument("--mod", action="append", default=[], type=Path, metavar="PATH",
                   help="a mod pack (folder or file) applied to the cards; may be repeated, applied in order")


def build_parser() -> Parser:
    parser = Parser(prog="importexport", description="Import / Export: card interpreter and rules engine.")
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    sim = sub.add_parser("simulate", help="play many bot games and summarise them")
    add_game_arguments(sim)
    sim.add_argument("--games", type=whole(1), default=100, help="number of games (default 100)")
    sim.add_argument("--json", action="store_true", help="print the results as JSON")
    sim.add_argument("--powers", action="store_true", help="also report which cards' powers fired, and which never did")
    sim.add_argument("--bots", help="the bot at each seat, e.g. heuristic,random,random,random (turned one seat per game); "
                                    "default: random everywhere")

    play = sub.add_parser("play", help="play one game: bots, or people with --human")
    add_game_arguments(play)
    play.add_argument("--watch", action="store_true", help="narrate the game turn by turn")
    play.add_argument("--verbose", action="store_true", help="with --watch: narrate every event, credits included")
    play.add_argument("--human", type=whole(1), action="append", default=[], metavar="SEAT",
                      help="seat (1-based) played by a person at this terminal; may be repeated")
    play.add_argument("--log", type=Path, help="write the game's decision log (JSON) to this file")

    b = sub.add_parser("bench", help="measure games per second and microseconds per decision")
    add_game_arguments(b)
    b.add_argument("--games", type=whole(1), default=200, help="number of games (default 200)")
    b.add_argument("--json", action="store_true", help="print one JSON object")

    bal = sub.add_parser("balance", help="many games between heuristic bots on all cores: per-card and per-game report")
    bal.add_argument("--games", type=whole(1), default=2000, help="number of games (default 2000)")
    bal.add_argument("--players", type=whole(1), default=4, help="number of players, 2-6 (default 4)")
    bal.add_argument("--seed", type=whole(0), default=1, help="seed of the batch (default 1)")
    bal.add_argument("--expansions", default="none", help="none (default), all, or a list such as jutaku,captain")
    bal.add_argument("--mod", action="append", default=[], type=Path, metavar="PATH", help="mod packs, applied in order")
    bal.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option; may be repeated")
    bal.add_argument("--workers", type=whole(1), default=None, help="processes to use (default: all cores)")
    bal.add_argument("--out", type=Path, required=True, help="folder for games.jsonl, results.json and report.html")
    bal.add_argument("--resume", action="store_true", help="continue an interrupted run in --out without replaying finished games")
    bal.add_argument("--compare", nargs=2, metavar=("A", "B"),
                     help="compare two card sets on the same seeds: each `base`, an expansion list (`all`, `jutaku`), or a mod pack path")
    bal.add_argument("--dask", metavar="ADDRESS", help="send the games to an existing Dask cluster (optional extra `dask`)")

    rp = sub.add_parser("replay", help="replay a game record written by `play --log`")
    rp.add_argument("record", type=Path, help="the record file")
    rp.add_argument("--watch", action="store_true", help="narrate the replayed game")

    mod = sub.add_parser("mod", help="mod packs")
    mod_sub = mod.add_subparsers(dest="mod_command", parser_class=Parser, metavar="ACTION")
    mod_check = mod_sub.add_parser("check", help="what packs change (added, replaced field by field, removed), conflicts, problems")
    mod_check.add_argument("paths", nargs="+", type=Path, help="mod packs, applied in this order")
    mod_check.add_argument("--expansions", default="none", help="the sets the packs apply to (default: base only)")

    val = sub.add_parser("validate", help="check card files and report every problem")
    val.add_argument("paths", nargs="*", type=Path, help="card files or folders (default: the shipped cards)")

    sub.add_parser("options", help="list the game options and their allowed values")

    sc = sub.add_parser("scenario", help="run scenario files (docs/scenarios.md)")
    sc_sub = sc.add_subparsers(dest="scenario_command", parser_class=Parser, metavar="ACTION")
    sc_run = sc_sub.add_parser("run", help="run scenarios and report each failure with expected vs actual")
    sc_run.add_argument("paths", nargs="+", type=Path, help="scenario files, card files with examples, or folders")
    sc_run.add_argument("--expansions", default="all", help="the sets scenarios may use (default all)")
    sc_run.add_argument("--mod", action="append", default=[], type=Path, metavar="PATH", help="mod packs applied first")

    ex = sub.add_parser("explain", help="render a card's powers as English sentences")
    ex.add_argument("cards", nargs="+", help="card ids or card file paths")

    lsp = sub.add_parser("lsp", help="run the language server for editors (LSP on stdin/stdout; docs/editors.md)")
    lsp.add_argument("--log", type=Path, help="write the server's log to this file")

    docs = sub.add_parser("docs", help="regenerate docs/reference.md, docs/powers.md and the JSON Schemas (card, mod, scenario) from the code")
    docs.add_argument("--out", type=Path, default=None, help="the folder to write into (default docs/)")
    return parser


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
    from interpreter.mods.apply import apply_packs
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
    from interpreter.cards.model import GOOD_TYPES
    per_set = {s: sum(1 for c in cards.cards if c.set == s) for s in cards.set_names()}
    per_good = {g: sum(1 for c in cards.cards if c.good == g) for g in GOOD_TYPES}
    return (f"{len(cards)} cards (" + ", ".join(f"{s} {n}" for s, n in per_set.items()) + "; "
            + ", ".join(f"{g} {n}" for g, n in per_good.items()) + ")")


def cmd_simulate(args: argparse.Namespace) -> int:
    from interpreter.sim.coverage import PowerCoverage
    from interpreter.sim.runner import BOTS
    from interpreter.sim.summary import bot_wins_text
    cards, data, options = game_setup(args)
    bots = tuple(b.strip() for b in args.bots.split(",")) if args.bots else None
    if bots is not None and (len(bots) != args.players or any(b not in BOTS for b in bots)):
        raise UsageError(f"--bots needs {args.players} names among {', '.join(BOTS)}, one per seat; got `{args.bots}`")
    coverage = PowerCoverage()
    batch = run_batch(cards, data, args.players, args.games, args.seed, options, terminal_progress(),
                      coverage.watch if args.powers else None, bots)
    if args.json:
        print(json.dumps({"interrupted": batch.interrupted, "games": [vars(r) for r in batch.results]}))
    else:
        header = f"{args.players} players, seed {args.seed}, deck {deck_line(cards)}"
        print(summary_text(batch.results, header))
        if bots is not None and batch.results:
            print(bot_wins_text(batch.results, batch.kinds))
        if args.powers:
            print(coverage.report(cards))
        if batch.interrupted:
            print(f"Interrupted: {len(batch.results)} of {args.games} games finished and are summarised above.")
    return 130 if batch.interrupted else 0


def result_text(game: Game, result: GameResult) -> str:
    lines = [f"Game over after {result.turns} turns ({result.end_reason}). Final scores (R17):"]
    lines.append(f"  {'player':<14}{'total':>6}{'credits':>9}{'harbor':>8}{'goods':>7}{'majority':>10}{'all5':>6}{'powers':>8}")
    for p, b in zip(game.players, result.breakdown, strict=True):
        star = " *" if p.seat in result.winners else ""
        lines.append(f"  {p.name:<14}{b['total']:>6}{b['credits'] + b['parked']:>9}{b['unfinished']:>8}"
                     f"{b['innate']:>7}{b['majorities']:>10}{b['one_of_each']:>6}{b['powers']:>8}{star}")
    lines.append("Winner: " + ", ".join(game.players[w].name for w in result.winners))
    return "\n".join(lines)


def cmd_play(args: argparse.Namespace) -> int:
    cards, data, options = game_setup(args)
    for seat in args.human:
        if seat > args.players:
            raise UsageError(f"--human must be a seat from 1 to {args.players}; got {seat}")
    agents: list[RandomAgent | HumanAgent] = [RandomAgent(args.seed * 1009 + s * 7919 + 1) for s in range(args.players)]
    for seat in args.human:
        agents[seat - 1] = HumanAgent()
    game = Game(cards, data, args.players, args.seed, options, agents)
    if args.watch or args.human:
        Narrator(game, sys.stdout, verbose=args.verbose)
    print(f"Import / Export: {args.players} players, seed {args.seed}, deck {deck_line(cards)}")
    print("Seats: " + ", ".join(p.name for p in game.players) + f"; first leader {game.players[game.leader].name}")
    try:
        result = game.play()
    except HumanQuit:
        print("\nGame abandoned.")
        return 1
    print(result_text(game, result))
    if args.log:
        from interpreter.scenarios.replay import make_record
        settings = {"expansions": args.expansions, "mods": [str(m) for m in args.mod], "options": args.option}
        args.log.write_text(json.dumps(make_record(game, result, settings), indent=1))
        print(f"Game record written to {args.log} (replay it with `importexport replay {args.log}`)")
    return 0


def _spec(text: str, base_expansions: str) -> Any:
    from interpreter.sim.balance import CardSpec
    if Path(text).exists():
        return CardSpec(base_expansions, (str(Path(text)),))
    return CardSpec("none" if text == "base" else text)


def _balance_run(job: Any, out: Path, args: argparse.Namespace) -> dict[str, Any]:
    from interpreter.sim.balance import default_workers, load_spec, progress_line, read_records, run_games, summarize, write_outputs
    try:
        cards = load_spec(job.cards)
    except ValueError as exc:
        raise UsageError(f"importexport balance: {exc}") from None
    start = time.perf_counter()
    before = len(read_records(out)) if args.resume else 0
    try:
        records, interrupted = run_games(job, out, resume=args.resume, workers=args.workers or default_workers(),
                                         progress=progress_line(), dask_address=args.dask)
    except ValueError as exc:
        raise UsageError(f"importexport balance: {exc}") from None
    results = summarize(records, cards, job, time.perf_counter() - start, played=len(records) - before)
    write_outputs(results, out)
    if interrupted:
        print(f"Interrupted after {len(records)} of {job.games} games; the report covers them. "
              f"Continue with the same command and --resume.", file=sys.stderr)
        raise KeyboardInterrupt
    return results


def cmd_balance(args: argparse.Namespace) -> int:
    from interpreter.sim.balance import BalanceJob, CardSpec, terminal_summary
    checked_rules_and_options(args)
    for path in args.mod:
        if not path.exists():
            raise UsageError(f"--mod: no such file or folder: {path}")
    if args.compare:
        from interpreter.sim.compare import compare, compare_html, compare_summary
        runs = []
        for name, text in zip("ab", args.compare, strict=True):
            job = BalanceJob(args.games, args.players, args.seed, _spec(text, args.expansions), tuple(args.option))
            runs.append(_balance_run(job, args.out / name, args))
        outcome = compare(runs[0], runs[1])
        (args.out / "compare.json").write_text(json.dumps(outcome, indent=1))
        (args.out / "compare.html").write_text(compare_html(outcome))
        print(compare_summary(outcome))
        print(f"Reports: {args.out / 'a' / 'report.html'}, {args.out / 'b' / 'report.html'}, {args.out / 'compare.html'}")
        return 0
    job = BalanceJob(args.games, args.players, args.seed, CardSpec(args.expansions, tuple(str(m) for m in args.mod)), tuple(args.option))
    results = _balance_run(job, args.out, args)
    print(terminal_summary(results))
    print(f"Report: {args.out / 'report.html'}  (data: {args.out / 'results.json'})")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from interpreter.scenarios.replay import ReplayError, read_record, replay
    try:
        record = read_record(args.record)
        cards = chosen_cards(str(record.get("expansions", "none")), [Path(m) for m in record.get("mods", [])])
        options = GameOptions()
        for text in record.get("options", []):
            options = parse_option(text, options)
        outcome = replay(record, cards, load_rules(), options)
    except (ReplayError, OptionError) as exc:
        print(f"importexport replay: {exc}", file=sys.stderr)
        return 1
    print(result_text(outcome.game, outcome.result))
    if outcome.same_result:
        print(f"Replayed {len(record['decisions'])} decisions: the same game, the same result.")
        return 0
    print("The replay ended with another result than the record.")
    return 1


def cmd_mod(args: argparse.Namespace) -> int:
    from interpreter.mods.apply import apply_packs, change_report
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
    print(f"Resulting deck: {deck_line(applied.cards)}; no problems.")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    cards, data, options = game_setup(args)
    figures = bench(cards, data, args.players, args.games, args.seed, options)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>20}: {value}")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    try:
        cards = load_cards(args.paths) if args.paths else load_all_cards()
    except CardFileError as exc:
        for d in exc.diagnostics:
            print(d)
        print(f"{len(exc.diagnostics)} problem(s) found.")
        return 1
    print(f"{len(cards)} cards, no problems.")
    return 0


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
    from interpreter.scenarios.runner import run_scenario, scenarios_in_file
    if args.scenario_command != "run":
        raise UsageError("importexport scenario: choose an action: run")
    cards, data = chosen_cards(args.expansions, args.mod), load_rules()
    passed = failed = 0
    files = [f for p in args.paths for f in (sorted(p.rglob("*.yaml")) if p.is_dir() else [p])]
    for path in files:
        if not path.exists():
            raise UsageError(f"importexport scenario run: no such file or folder: {path}")
        scenarios, diags = scenarios_in_file(path)
        for d in diags:
            print(d)
            failed += 1
        for scenario in scenarios:
            outcome = run_scenario(scenario, cards, data)
            print(outcome.report())
            passed += outcome.passed
            failed += not outcome.passed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_explain(args: argparse.Namespace) -> int:
    from interpreter.cards.loader import load_card_file
    from interpreter.dsl.explain import power_text
    all_cards = None
    status = 0
    for name in args.cards:
        path = Path(name)
        if path.suffix in (".yaml", ".yml") or path.exists():
            card, diags = load_card_file(path)
            for d in diags:
                print(d)
                status = 1
        else:
            all_cards = all_cards or load_all_cards()
            card = all_cards.by_id.get(name)
            if card is None:
                from interpreter.cards.diagnostics import did_you_mean
                raise UsageError(f"importexport explain: unknown card `{name}`{did_you_mean(name, all_cards.by_id)}")
        if card is None:
            continue
        print(f"{card.name} ({card.good}, {card.action.upper()}, tier {card.tier}, loads {card.load_text()})")
        if not card.powers:
            print("  (no powers written yet)")
        for power in card.powers:
            print(f"  {power.text}")
            print(f"    -> {power_text(power.ast)}")
    return status


def cmd_docs(args: argparse.Namespace) -> int:
    from interpreter.cards.catalog import project_root
    from interpreter.reference import powers_markdown, reference_markdown
    from interpreter.schemas import SCHEMA_FILES, SCHEMAS
    docs = args.out or project_root() / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    schemas = [(SCHEMA_FILES[kind], json.dumps(make(), indent=2, ensure_ascii=False) + "\n") for kind, make in SCHEMAS.items()]
    for name, text in (("reference.md", reference_markdown()), ("powers.md", powers_markdown()), *schemas):
        (docs / name).write_text(text)
        print(f"wrote {docs / name}")
    return 0


def cmd_lsp(args: argparse.Namespace) -> int:
    try:
        from interpreter.lsp.server import main as serve
    except ImportError as exc:
        raise UsageError(f"importexport lsp needs the optional extra `lsp` ({exc.name} is missing): "
                         "pip install 'importexport-interpreter[lsp]'") from None
    return serve(["--log", str(args.log)] if args.log else [])


COMMANDS = {"simulate": cmd_simulate, "play": cmd_play, "bench": cmd_bench, "validate": cmd_validate, "options": cmd_options, "docs": cmd_docs,
            "scenario": cmd_scenario, "explain": cmd_explain, "replay": cmd_replay, "mod": cmd_mod,
            "balance": cmd_balance, "lsp": cmd_lsp}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not args.command:
            parser.print_help()
            return 2
        return COMMANDS[args.command](args)
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except CardFileError as exc:
        for d in exc.diagnostics:
            print(d, file=sys.stderr)
        return 1
    except SetupError as exc:
        print(f"importexport: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
