"""`importexport tune` (issue 24, item 1): a card's tunable numbers found from its definition within
the language's bounds; candidates read as card files (the checker's refusals are not played); the
race on common seeds that drops clear losers, cuts to the budget and says how sure its ranking is;
the mod pack and the page it writes; and, with real games, a planted card made clearly too strong by
one number is tuned back to within one step of its fair value."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from interpreter.cli import main
from interpreter.sim.balance import CardSpec, read_records
from interpreter.sim.race import CHANGE_COST, Budget, Entry, Race, Values, how_sure, ranking
from interpreter.sim.tunables import TuneError, build_candidate, choose_knobs, find_knobs
from interpreter.sim.tune import TuneJob, candidate_deck
from tests.helpers import ctrl_c_reaches_it

# --- the numbers of a card --------------------------------------------------------------------------------


def test_a_cards_numbers_are_found_from_its_definition_within_the_languages_bounds(base_cards):
    cups = {k.name: k for k in find_knobs(base_cards.by_id["cups"])}
    assert list(cups) == ["tier", "load.consumer", "p1"]
    assert (cups["tier"].value, cups["tier"].least, cups["tier"].most) == (2, 0, 3)  # R1.3: tiers 0 to 3
    assert (cups["load.consumer"].value, cups["load.consumer"].least, cups["load.consumer"].most) == (3, 1, 6)  # R6.6: a ship holds 6
    draw = cups["p1"]
    assert (draw.value, draw.what, draw.step, draw.least, draw.most) == (5, "cards", 1, 1, 10)
    assert draw.where == "power line 1: on completion: draw [5]"
    pets = {k.name: k for k in find_knobs(base_cards.by_id["danger_pets"])}
    assert (pets["p1"].step, pets["p1"].values()) == (2, [2, 4, 6, 8, 10])  # credits move in steps of 2 during play (R1.8.3)
    tablets = {k.name: k for k in find_knobs(base_cards.by_id["tablets"])}
    assert {"p1", "p2.1", "p2.2"} <= set(tablets) and tablets["p2.2"].value == 18 and tablets["p2.1"].what == "containers"


def test_a_candidate_is_read_as_a_card_file_and_refused_where_the_checker_refuses_it(base_cards):
    pets = base_cards.by_id["danger_pets"]
    knobs = find_knobs(pets)
    card, problems = build_candidate(pets, {"p1": 12, "tier": 3}, knobs)
    assert problems == [] and card is not None
    assert card.tier == 3 and card.powers[0].text == "on completion: each other player pays you 12"
    assert "12 credits" in card.text and card.examples == ()  # its text says the new number; the printed examples are not kept
    assert card.names == pets.names and card.estimated == pets.estimated
    _, odd = build_candidate(pets, {"p1": 13}, knobs)
    assert any(p.startswith("P023") for p in odd)
    job = TuneJob("vintage_wines", CardSpec(), 4, 1, 0.0, tuple(find_knobs(base_cards.by_id["vintage_wines"])))
    with pytest.raises(TuneError, match="C033"):  # 5 luxury + 4 agriculture: no ship of the base set holds 9 (Tablets: 8)
        candidate_deck(job, (("load.agriculture", 4), ("load.luxury", 5)))


def test_vary_and_fix_choose_the_numbers_and_say_what_is_allowed(base_cards):
    knobs = find_knobs(base_cards.by_id["cups"])
    assert [k.name for k in choose_knobs(knobs, [], ["tier"])] == ["load.consumer", "p1"]
    (draw,) = choose_knobs(knobs, ["p1=2..8"], [])
    assert (draw.least, draw.most, draw.values()) == (2, 8, [2, 3, 4, 5, 6, 7, 8])
    with pytest.raises(TuneError, match="no number `p2`.*its numbers are tier, load.consumer, p1"):
        choose_knobs(knobs, ["p2"], [])
    with pytest.raises(TuneError, match="must stay from 1 to 100"):
        choose_knobs(knobs, ["p1=0..4"], [])
    with pytest.raises(TuneError, match="nothing is left to vary"):
        choose_knobs(knobs, [], ["tier", "load.consumer", "p1"])


# --- the race, with a stand-in for the games ----------------------------------------------------------------

def stand_in(effects: dict[Values, float]) -> Any:
    """Games whose truth is known: in game i the card is completed once and its completer wins when
    u_i < 0.3 + effect, with u_i the same for every candidate (common random numbers); ten other
    completions win 3 times (a typical card wins 30%)."""
    def play(tasks: list[tuple[Values, int]]) -> Iterator[dict[str, Any]]:
        for values, index in tasks:
            u = random.Random(index).random()
            yield {"values": [list(v) for v in values], "index": index, "n": 1, "w": float(u < 0.3 + effects[values]),
                   "on": 10, "ow": 3.0, "turns": 40}
    return play


def steps_race(budget: int, effects: dict[int, float], *, seconds: float | None = None) -> Race:
    """A card printed at p1 = 16, and p1 from 2 to 14 in steps of 2, with the given true effects."""
    values = {v: ((("p1", v),) if v != 16 else ()) for v in effects}
    entries = [Entry(values[v], 0 if v == 16 else 1, abs(16 - v) // 2) for v in sorted(effects)]
    return Race(0.0, entries, Budget(budget, seconds), stand_in({values[v]: e for v, e in effects.items()}), first_block=25)


TRUE_EFFECTS = {2: -0.02, 4: 0.01, 6: 0.08, 8: 0.15, 10: 0.22, 12: 0.27, 14: 0.31, 16: 0.35}


def test_the_race_drops_clear_losers_and_finds_the_value_closest_to_the_target():
    race = steps_race(6000, TRUE_EFFECTS)
    race.run()
    best = ranking(race)[0]
    assert best.values in ((("p1", 2),), (("p1", 4),))
    dropped = [e for e in race.entries if e.dropped]
    assert any("clearly further from the target" in (e.dropped or "") for e in dropped)
    assert all(e.values not in ((("p1", 2),), (("p1", 4),)) for e in dropped if "clearly" in (e.dropped or ""))
    assert race.budget.spent <= 6000
    played = [r.games_each for r in race.rounds]
    assert played == sorted(played) and played[1] == 2 * played[0]  # the blocks double


def test_the_race_stops_at_its_game_budget_cutting_by_successive_halving():
    race = steps_race(1000, TRUE_EFFECTS)
    race.run()
    assert race.budget.spent <= 1000
    assert any(r.cut for r in race.rounds)
    assert all("cut to fit the budget" in (e.dropped or "") for e in race.entries if e.dropped and "cut" in e.dropped)


def test_ctrl_c_stops_the_race_and_keeps_every_finished_game():
    race = steps_race(6000, TRUE_EFFECTS)
    inner = race.play

    def interrupted(tasks: list[tuple[Values, int]]) -> Iterator[dict[str, Any]]:
        for k, tally in enumerate(inner(tasks)):
            if k == 130:
                raise KeyboardInterrupt
            yield tally
    race.play = interrupted
    race.run()
    assert race.interrupted and sum(len(e.results) for e in race.entries) == 130


def test_a_change_must_bring_the_card_a_point_closer_to_be_suggested():
    """As printed at +0.5 points and a change at exactly fair: the printed card ranks first, since the
    change costs a point (CHANGE_COST)."""
    assert CHANGE_COST == 0.01
    printed, change = Entry((), 0, 0), Entry((("p1", 4),), 1, 1)
    for i in range(2000):
        printed.results[i] = {"n": 200, "w": 61.0, "on": 200, "ow": 60.0}
        change.results[i] = {"n": 200, "w": 60.0, "on": 200, "ow": 60.0}
    race = Race(0.0, [printed, change], Budget(1, None), stand_in({}))
    assert [e.values for e in ranking(race)] == [(), (("p1", 4),)]


def test_how_sure_the_ranking_is_comes_from_resampling_the_common_games():
    race = steps_race(100_000, {2: 0.0, 4: 0.12, 16: 0.3})
    race.first_block = 400
    race.run()
    sure = how_sure([e for e in race.entries if e.dropped is None] or race.entries, 0.0)
    assert sure[(("p1", 2),)] > 0.95
    rng = random.Random(5)
    twins = [Entry((("p1", v),), 1, 1) for v in (2, 4)]
    for i in range(300):
        for e in twins:  # the same truth, each with its own noise
            e.results[i] = {"n": 1, "w": float(rng.random() < 0.3), "on": 10, "ow": 3.0}
    shares = how_sure(twins, 0.0)
    assert 0.15 < shares[(("p1", 2),)] < 0.85 and abs(sum(shares.values()) - 1) < 1e-9  # twins: neither is sure


# --- the command -------------------------------------------------------------------------------------------

def test_tune_lists_a_cards_numbers_and_refuses_bad_input(capsys):
    assert main(["tune", "cups", "--list"]) == 0
    out = capsys.readouterr().out
    assert "p1 = 5 (cards; searched 1..10): power line 1: on completion: draw [5]" in out
    for args, message in ((["cupz"], "no card is called `cupz`"), (["cups", "--vary", "p9"], "no number `p9`"),
                          (["cups", "--target", "strong"], "--target must be fair, or +N or -N points"),
                          (["cups", "--budget", "0"], "must be more than 0"), (["cups", "--resume"], "need --out")):
        assert main(["tune", *args]) == 2
        assert message in capsys.readouterr().err


def test_tune_writes_a_pack_that_balance_compares_and_resumes_without_replaying(tmp_path, capsys):
    out = tmp_path / "tune"
    args = ["tune", "pistols", "--vary", "p1=2..4", "--games", "30", "--workers", "1", "--players", "3", "--out", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    results = json.loads((out / "tune.json").read_text())
    assert results["meta"]["games"] <= 30 and {c["label"] for c in results["candidates"]} == {"as printed", "p1 = 4"}
    assert all(c["games"] > 0 and len(c["ci"]) == 2 for c in results["candidates"])
    assert "Tuning Pistols" in printed and "As printed:" in printed
    page = (out / "tune.html").read_text()
    assert "Response curves" in page and ">p1 (credits)<" in page and "<svg" in page[page.index("Response curves"):]
    if results["best"]["changes"]:
        assert main(["mod", "check", str(out)]) == 0
        card = (out / "cards" / "pistols.yaml").read_text()
        assert f"pays you {results['best']['values']['p1']}" in card
        assert "--compare base" in printed
        check = tmp_path / "check"
        assert main(["balance", "--games", "2", "--players", "3", "--workers", "1", "--out", str(check), "--compare", "base", str(out)]) == 0
        assert "pistols" in json.loads((check / "compare.json").read_text())["changed_cards"]
    else:  # the card as printed is the best: no pack, and the summary says so
        assert not (out / "mod.yaml").exists() and "no change is suggested" in printed
    capsys.readouterr()
    assert main(args) == 2
    assert "already holds a tune" in capsys.readouterr().err
    assert main([*args, "--resume"]) == 0
    again = json.loads((out / "tune.json").read_text())
    assert again["meta"]["played"] == 0 and again["candidates"] == results["candidates"]  # every game was recorded


def test_tune_never_writes_into_a_folder_that_holds_other_files(tmp_path, capsys):
    pack = tmp_path / "my-pack"
    (pack / "cards").mkdir(parents=True)
    (pack / "mod.yaml").write_text("name: Mine\nversion: 1.0.0\n")
    (pack / "notes.txt").write_text("my notes")
    assert main(["tune", "cups", "--games", "3", "--out", str(pack)]) == 2
    assert "holds other files (notes.txt)" in capsys.readouterr().err
    assert (pack / "notes.txt").read_text() == "my notes"


# --- the planted card ---------------------------------------------------------------------------------------

PLANTED_PISTOLS = """\
id: pistols
name: Pistols
set: base
good: illegal
action: pirate
tier: 0
load: {illegal: 2}
estimated: [tier, load]
text: Each time another player completes an illegal shipment, that player pays you 16 credits.
powers:
  - "when another player completes an illegal shipment: that player pays you 16"
"""


def planted_pack(folder: Path) -> Path:
    """Pistols as printed take 2 credits from each other player's illegal completion; this pack makes
    it 16. Pistols is completed in about half of the games, so every game tells."""
    (folder / "cards").mkdir(parents=True)
    (folder / "mod.yaml").write_text("name: Planted Pistols\nversion: 1.0.0\ndepends: [base]\n")
    (folder / "cards" / "pistols.yaml").write_text(PLANTED_PISTOLS)
    return folder


@pytest.mark.slow  # tunes a planted card with hundreds of games per finalist (about 33 s of CPU)
def test_a_card_made_clearly_too_strong_by_one_number_is_tuned_back_within_one_step_of_fair(tmp_path):
    """The truth, measured with `importexport tune pistols --mod PLANTED --vary p1=2..8 --sweep 600
    --seed 7` (600 games for each value, other seeds than the test's, 4 heuristic bots): pays you 2:
    +1 points [-4, +6]; 4: +2 [-3, +7]; 6: +9 [+4, +14]; 8: +14 [+10, +19]; 16 (planted): +30 [+25,
    +35]. The fair value is 2 or 4 (their intervals hold 0; that of 6 does not), so the suggestion
    must be 2 or 4: within one step of the fair value whichever of the two it is.

    The race is over the values the truth was measured on (2..8) and the planted 16: five candidates.
    It plays 1,000 real games (about 33 s of CPU): the race needs a few hundred games per finalist to
    tell 4 from 6 (here the finalists are 2 and 4 with 340 games each), and nothing cheaper than real
    games says what a number does to a card. (Over 2..16, eight candidates, the same finalists needed
    1,600 games.) One process, a game budget: the race is the same on every run. Whether the planted
    card leaves as clearly further from the target or is cut by successive halving on its score
    depends on the games' path, not on what the test checks: that it is clearly too strong and not
    suggested. A race that kept the furthest candidates instead of the closest fails it."""
    pack = planted_pack(tmp_path / "planted")
    out = tmp_path / "tune"
    assert main(["tune", "pistols", "--mod", str(pack), "--vary", "p1=2..8", "--games", "1000", "--workers", "1",
                 "--out", str(out)]) == 0
    results = json.loads((out / "tune.json").read_text())
    printed = results["printed"]
    assert printed["effect"] > 0.15 and printed["ci"][0] > 0  # the planted 16 is clearly too strong
    assert printed["status"] == "dropped"  # it left the race (clearly further, or cut on its score)
    best = results["best"]
    assert best["values"] in ({"p1": 2}, {"p1": 4}), best
    assert best["ci"][0] <= 0 <= best["ci"][1]
    assert results["meta"]["games"] <= 1000
    assert "pays you " + str(best["values"]["p1"]) in (out / "cards" / "pistols.yaml").read_text()
    assert not read_records(out)  # a tune keeps its own games (tune-games.jsonl), not a balance run's


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads process children from /proc (Linux)")
def test_ctrl_c_stops_a_tune_keeps_its_games_and_resume_goes_on(tmp_path):
    """Ctrl-C reaches the whole process group (as at a terminal): the workers stop, the games finished
    stay in tune-games.jsonl, tune.json covers them and says so, and --resume plays none of them again."""
    import signal
    import subprocess
    import sys
    import time
    out = tmp_path / "tune"
    args = [sys.executable, "-m", "interpreter", "tune", "pistols", "--vary", "p1=2..6", "--games", "3000", "--workers", "2",
            "--out", str(out)]
    run = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                           preexec_fn=ctrl_c_reaches_it)
    games = out / "tune-games.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (games.exists() and len(games.read_text().splitlines()) >= 3):
        time.sleep(0.1)
    os.killpg(run.pid, signal.SIGINT)
    stdout, stderr = run.communicate(timeout=600)  # a guard against a hang, not a speed test: a busy machine is slow
    assert run.returncode == 130, stderr
    assert "Traceback" not in stderr and "Interrupted: the results cover the games finished" in stdout
    kept = len(games.read_text().splitlines())
    results = json.loads((out / "tune.json").read_text())
    assert results["meta"]["interrupted"] and results["meta"]["games"] >= kept >= 3
    resumed = subprocess.run([*args[:-6], "--games", str(kept + 6), "--workers", "1", "--out", str(out), "--resume"],
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    again = json.loads((out / "tune.json").read_text())["meta"]
    assert not again["interrupted"] and again["games"] - again["played"] >= 1  # recorded games are used, not played again


def test_the_card_as_printed_stays_when_the_games_cannot_show_a_change_does_better():
    """As printed at -2 points [wide], a change at 0 points [as wide]: the change is closer by its
    point estimate, but the intervals cannot tell them apart, so the fewest changes win."""
    printed, change = Entry((), 0, 0), Entry((("p1", 15),), 1, 7)
    for i in range(300):  # 84 and 90 wins of 300 against a typical card's 30%: -2 and 0 points
        printed.results[i] = {"n": 1, "w": float(i < 84), "on": 10, "ow": 3.0}
        change.results[i] = {"n": 1, "w": float(i < 90), "on": 10, "ow": 3.0}
    race = Race(0.0, [printed, change], Budget(1, None), stand_in({}))
    assert change.score(0.0) < printed.score(0.0)
    assert [e.values for e in ranking(race)] == [(), (("p1", 15),)]


def test_a_tune_on_a_dask_cluster_plays_the_same_race_as_here(tmp_path, capsys):
    """`tune --dask ADDRESS` (issue 24, item 4): the cluster plays the race's games, and with a game
    budget the race is the same as in one local process, candidate for candidate, game for game."""
    from distributed import LocalCluster
    args = ["tune", "pistols", "--vary", "p1=2..4", "--games", "24", "--players", "3"]
    assert main([*args, "--workers", "1", "--out", str(tmp_path / "here")]) == 0
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        assert main([*args, "--dask", cluster.scheduler_address, "--out", str(tmp_path / "dask")]) == 0
    capsys.readouterr()
    here, there = (json.loads((tmp_path / name / "tune.json").read_text()) for name in ("here", "dask"))
    assert there["meta"]["played"] == here["meta"]["played"] > 0
    assert there["candidates"] == here["candidates"] and there["best"] == here["best"]
    games = [sorted(line for line in (tmp_path / name / "tune-games.jsonl").read_text().splitlines()) for name in ("here", "dask")]
    assert games[0] == games[1]


def test_a_best_still_short_of_the_target_is_said_so_in_the_summary_and_the_page(base_cards):
    """Chairs as the workbench found them (a 2,000-game run: -18 points): no single change reached fair
    in its tune, and the closest, load 1, did nothing on fresh seeds. When even the best candidate's
    interval leaves the target out, the summary and tune.html say so instead of only naming it best."""
    from interpreter.sim.tune import outcome
    from interpreter.sim.tune_report import summary_text, tune_page
    knobs = tuple(k for k in find_knobs(base_cards.by_id["cups"]) if k.name == "p1")
    job = TuneJob("cups", CardSpec(), 4, 1, 0.0, knobs)
    effects = {(): -0.25, **{(("p1", v),): -0.25 + 0.01 * v for v in range(1, 11) if v != 5}}  # all far below fair
    race = Race(0.0, [Entry(v, 1 if v else 0, abs(v[0][1] - 5) if v else 0) for v in effects], Budget(4000, None), stand_in(effects),
                first_block=100)
    race.run()
    results = outcome(job, race, base_cards.by_id["cups"], 1.0)
    assert results["best"]["ci"][1] < 0
    assert "Even the best is still weaker than the target" in summary_text(results)
    assert "Even the best is still weaker than the target" in tune_page(results)
    near = {v: e + 0.25 for v, e in effects.items()}  # the same race where the values reach fair
    race = Race(0.0, [Entry(v, 1 if v else 0, abs(v[0][1] - 5) if v else 0) for v in near], Budget(4000, None), stand_in(near),
                first_block=100)
    race.run()
    results = outcome(job, race, base_cards.by_id["cups"], 1.0)
    assert results["best"]["ci"][0] <= 0 <= results["best"]["ci"][1]
    assert "Even the best" not in summary_text(results)


def test_the_suggested_check_plays_6000_games_a_side_on_other_seeds_than_the_tunes():
    """A check of 2,000 games a side told about ±5 points, too wide to confirm most tunes
    (docs/balance.md: Gold Toilets and Cologne); 6,000 tell about ±3, on seeds the tune never played."""
    from interpreter.sim.tune_report import confirm_command
    results = {"pack": "runs/tune", "meta": {"player_counts": [], "players": 4, "seed": 301, "options": [],
                                             "bots": ["heuristic"] * 4, "spec": {"expansions": "none", "mods": []}}}
    command = confirm_command(results, "runs/tune")
    assert command == ("importexport balance --games 6000 --players 4 --seed 302 --out runs/tune-check "
                       "--compare base runs/tune")
