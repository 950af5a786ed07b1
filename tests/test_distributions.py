"""interpreter/sim/distributions.py against SciPy, the tests' oracle: the balance reports' t intervals
and tests, normal quantiles, Fisher's exact test, the exact binomial test and the Benjamini-Hochberg
adjustment give SciPy's numbers over the inputs a report can meet (counts up to tens of thousands,
degrees of freedom from 1 to a million), ties of the exact tests included."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from interpreter.sim import distributions as dist

EXAMPLES = settings(max_examples=150, deadline=None, derandomize=True, database=None)
degrees = st.one_of(st.integers(1, 60), st.integers(61, 1_000_000), st.floats(0.5, 5_000.0))


def close(ours: float, theirs: float, rel: float = 1e-9, absolute: float = 1e-15) -> bool:
    return math.isclose(ours, theirs, rel_tol=rel, abs_tol=absolute)


@EXAMPLES
@given(df=degrees, t=st.floats(-60.0, 60.0))
def test_t_tail_is_scipys(df, t):
    assert close(dist.t_sf(t, df), float(stats.t.sf(t, df))), (t, df)
    assert close(dist.t_cdf(t, df), float(stats.t.cdf(t, df))), (t, df)


@EXAMPLES
@given(df=degrees, p=st.one_of(st.sampled_from([0.975, 0.025, 0.95, 0.995, 0.8, 0.5]), st.floats(1e-9, 1 - 1e-9)))
def test_t_quantile_is_scipys(df, p):
    assert close(dist.t_ppf(p, df), float(stats.t.ppf(p, df)), rel=1e-8, absolute=1e-12), (p, df)


@EXAMPLES
@given(p=st.floats(1e-12, 1 - 1e-12))
def test_normal_quantile_is_scipys(p):
    assert close(dist.normal_ppf(p), float(stats.norm.ppf(p)), absolute=1e-12)


def tables():
    """2x2 tables as the reports build them: a card's completers' wins and losses beside every other
    card's, from a handful of games to tens of thousands, lopsided ones included."""
    small = st.integers(0, 40)
    large = st.integers(0, 30_000)
    return st.one_of(st.tuples(small, small, small, small), st.tuples(st.integers(0, 3_000), st.integers(0, 3_000), large, large))


@EXAMPLES
@given(table=tables())
def test_fisher_exact_is_scipys(table):
    a, b, c, d = table
    theirs = float(stats.fisher_exact([[a, b], [c, d]]).pvalue)
    assert close(dist.fisher_exact_p(a, b, c, d), theirs, rel=1e-7, absolute=1e-13), table


@pytest.mark.parametrize("table", [(3, 1, 1, 3), (1, 3, 3, 1), (2, 2, 2, 2), (0, 5, 5, 0), (5, 0, 0, 5), (0, 0, 3, 4), (10, 10, 10, 11)])
def test_fisher_exact_ties_and_empty_margins_are_scipys(table):
    """A table as likely as the observed one counts (a symmetric table's mirror); an empty margin is p = 1."""
    a, b, c, d = table
    assert close(dist.fisher_exact_p(a, b, c, d), float(stats.fisher_exact([[a, b], [c, d]]).pvalue), rel=1e-9)


@EXAMPLES
@given(n=st.integers(1, 4_000), data=st.data(), players=st.integers(2, 6))
def test_binomial_test_is_scipys(n, data, players):
    k = data.draw(st.integers(0, n))
    theirs = float(stats.binomtest(k, n, 1 / players).pvalue)
    assert close(dist.binomial_test_p(k, n, 1 / players), theirs, rel=1e-7, absolute=1e-13), (k, n, players)


@pytest.mark.parametrize(("k", "n", "p"), [(5, 10, 0.5), (4, 10, 0.5), (6, 10, 0.5), (25, 100, 0.25), (0, 12, 0.25), (12, 12, 0.25),
                                           (2, 6, 1 / 3), (2_500, 10_000, 0.25), (2_600, 10_000, 0.25)])
def test_binomial_test_at_the_mode_and_the_ends_is_scipys(k, n, p):
    assert close(dist.binomial_test_p(k, n, p), float(stats.binomtest(k, n, p).pvalue), rel=1e-9)


@EXAMPLES
@given(ps=st.lists(st.one_of(st.floats(0.0, 1.0), st.sampled_from([0.0, 0.01, 0.05, 1.0])), min_size=1, max_size=140))
def test_benjamini_hochberg_is_scipys(ps):
    theirs = [float(q) for q in stats.false_discovery_control(ps, method="bh")]
    ours = dist.bh_adjusted(ps)
    assert all(close(o, t, rel=1e-12) for o, t in zip(ours, theirs, strict=True)), (ps, ours, theirs)


def test_the_balance_tools_no_longer_import_scipy():
    """The reason for the module: a balance summary, its tests and intervals included, loads no SciPy."""
    import subprocess
    import sys
    code = ("import sys; from interpreter.sim import stats, health; "
            "stats.welch(stats.Moments(30, 300.0, 3500.0), stats.Moments(40, 380.0, 4000.0)); stats.fisher_p(10, 30, 50, 90); "
            "stats.bh_adjust([0.01, 0.2]); stats.paired([1.0, 2.0, 4.0], [2.0, 2.5, 5.0]); "
            "stats.detectable_proportion_change(0.3, 100, 900); health.mean_interval([1.0, 2.0, 4.0] * 10); "
            "health.first_player_p(40, 100, 4); print(sorted(m for m in sys.modules if m.split('.')[0] == 'scipy'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@given(st.integers(0, 20_000), st.data())
def test_a_log_binomial_coefficient_is_the_very_float_lgamma_gives(n, data):
    """The exact tests read log(i!) from a table that grows as larger runs come: whatever order the
    sizes come in, each coefficient is bit for bit what `math.lgamma` computes, so a p-value does not
    depend on which runs this process reported before."""
    k = data.draw(st.integers(0, n))
    assert dist._log_choose(n, k) == math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
