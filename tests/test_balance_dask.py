"""`balance --dask ADDRESS` as a tested path (issue 12, item 6): an in-process Dask cluster plays the
same games as the local process pool, record for record, and work goes out in chunks with only a few
tasks in flight per worker thread."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.cli import main
from interpreter.sim import balance
from interpreter.sim.balance import BalanceJob, CardSpec, read_records, run_games

if TYPE_CHECKING:
    from distributed import LocalCluster


def local_cluster() -> LocalCluster:
    """Two worker threads in this process: no subprocess, no network but the in-process transport.
    Dask is imported here, not at the top: importing it costs a second of every test session's
    collection, the quick subset's included, where these tests do not run."""
    from distributed import LocalCluster
    return LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None)


def test_a_dask_run_gives_the_same_records_as_the_local_pool(tmp_path, monkeypatch):
    job = BalanceJob(18, 3, 11, CardSpec())
    outcome = run_games(job, tmp_path / "local", resume=False, workers=2)
    local = outcome.records
    assert not outcome.interrupted and not outcome.failures.records and len(local) == 18
    monkeypatch.setattr(balance, "DASK_CHUNK", 4)  # several chunks, and a last one that is short
    with local_cluster() as cluster:
        outcome = run_games(job, tmp_path / "dask", resume=False, workers=2, dask_address=cluster.scheduler_address)
    remote = outcome.records
    assert not outcome.interrupted and not outcome.failures.records
    assert remote == local  # every field of every game: seeds, scores, winners, cards completed, powers fired
    assert sorted(r["index"] for r in read_records(tmp_path / "dask")) == list(range(18))


def test_work_goes_out_in_chunks_with_few_tasks_in_flight(monkeypatch):
    """A million-game run must not hold a million futures: at most two tasks per worker thread are
    out before the first comes back, and every game is played once."""
    submitted: list[int] = []
    from distributed import Client
    original = Client.submit

    def counting_submit(self, func, *args, **kwargs):  # type: ignore[no-untyped-def]
        submitted.append(len(args[1]))
        return original(self, func, *args, **kwargs)

    monkeypatch.setattr(Client, "submit", counting_submit)
    monkeypatch.setattr(balance, "play_one", lambda job, i: {"index": i})  # the scheduling, not the games
    job = BalanceJob(100, 3, 1, CardSpec())
    with local_cluster() as cluster:
        records = balance._dask_results(job, list(range(100)), cluster.scheduler_address, chunk=7)
        first = next(records)
        out_before_first = len(submitted)
        rest = list(records)
    assert out_before_first <= 2 * 2 + 1  # the first wave (2 per thread), and its replacement
    assert sorted(r["index"] for r in [first, *rest]) == list(range(100))
    assert len(submitted) == 15 and set(submitted[:-1]) == {7} and submitted[-1] == 100 - 14 * 7


def test_the_balance_command_runs_on_a_dask_cluster(tmp_path, capsys):
    with local_cluster() as cluster:
        assert main(["balance", "--games", "6", "--players", "3", "--out", str(tmp_path), "--dask", cluster.scheduler_address]) == 0
    assert "6 games, 3 players" in capsys.readouterr().out
    assert len(read_records(tmp_path)) == 6
