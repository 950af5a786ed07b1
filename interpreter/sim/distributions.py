"""The few distributions and exact tests the balance reports need, in plain Python: Student's t
(distribution function and quantile), the normal quantile, Fisher's exact test of a 2x2 table, the
exact binomial test, and the Benjamini-Hochberg adjustment.

Why not SciPy: these six functions are all the balance tools used of it, and importing `scipy.stats`
costs about 2.4 s of CPU in every `balance`, `tune` and `--compare` command (and in the desk when it
first shows a run), more than summarising 10,000 games. Each function follows SciPy's definition,
down to its tie rule for the two-sided exact tests, and tests/test_distributions.py checks every one
against SciPy (kept as the tests' oracle) over the whole range of inputs the reports can give.

The t distribution goes through the regularized incomplete beta function, evaluated by its
continued fraction (modified Lentz); the exact tests sum point probabilities computed in logarithms
(math.lgamma), so counts in the tens of thousands neither overflow nor underflow."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from statistics import NormalDist

_EPS = 1e-15
_TINY = 1e-300
_MAX_TERMS = 10_000


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (converges fast for x < (a+1)/(a+b+2))."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, _MAX_TERMS):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        step = d * c
        h *= step
        if abs(step - 1.0) < _EPS:
            break
    return h


def _stirling_rest(x: float) -> float:
    """lgamma(x) less Stirling's approximation (x - 1/2) log x - x + log(2 pi)/2, for x >= 10."""
    r = 1.0 / (x * x)
    return (1.0 / 12 - r * (1.0 / 360 - r * (1.0 / 1260 - r * (1.0 / 1680 - r / 1188)))) / x


def _log_beta(a: float, b: float) -> float:
    """log B(a, b). With a large argument, lgamma(a + b) - lgamma(a) would subtract two numbers of
    about a log a and keep only their last digits; Stirling's form subtracts the small rests instead."""
    small, large = min(a, b), max(a, b)
    if large < 10.0:
        return math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)
    ratio = ((large - 0.5) * math.log1p(small / large) + small * math.log(large + small) - small
             + _stirling_rest(large + small) - _stirling_rest(large))  # lgamma(large + small) - lgamma(large)
    return math.lgamma(small) - ratio


def beta_regularized(a: float, b: float, x: float, y: float | None = None) -> float:
    """I_x(a, b), the regularized incomplete beta function, for a, b > 0 and 0 <= x <= 1; `y` is
    1 - x when the caller knows it more precisely than the subtraction would give it."""
    y = 1.0 - x if y is None else y
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    log_x = math.log1p(-y) if y < 0.5 else math.log(x)  # precise where x is near 1
    log_y = math.log1p(-x) if x < 0.5 else math.log(y)
    log_front = -_log_beta(a, b) + a * log_x + b * log_y
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_fraction(b, a, y) / b


def t_sf(t: float, df: float) -> float:
    """P(T > t) for Student's t with `df` degrees of freedom (df > 0, not necessarily whole)."""
    if math.isinf(t):
        return 0.0 if t > 0 else 1.0
    tail = 0.5 * beta_regularized(df / 2.0, 0.5, df / (df + t * t), t * t / (df + t * t))  # P(T > |t|)
    return tail if t >= 0 else 1.0 - tail


def t_cdf(t: float, df: float) -> float:
    return t_sf(-t, df)


def normal_ppf(p: float) -> float:
    """The p quantile of the standard normal distribution."""
    return NormalDist().inv_cdf(p)


def t_ppf(p: float, df: float) -> float:
    """The p quantile of Student's t with `df` degrees of freedom. The smaller tail q is solved for
    (t_sf(x) = q, exact for p near 0 or 1): closed forms for 1 and 2 degrees of freedom, else
    Newton's method from the normal quantile, kept inside a bracket that bisection narrows whenever
    a step would leave it."""
    if not 0.0 < p < 1.0:
        return -math.inf if p <= 0.0 else math.inf
    if p == 0.5:
        return 0.0
    sign, q = (1.0, 1.0 - p) if p > 0.5 else (-1.0, p)  # 1 - p is exact for p >= 0.5
    if df == 1.0:
        return sign / math.tan(math.pi * q)
    if df == 2.0:
        return sign * (1.0 - 2.0 * q) / math.sqrt(2.0 * q * (1.0 - q))
    lo, hi = 0.0, 1.0
    while t_sf(hi, df) > q:
        lo, hi = hi, hi * 2.0
    x = min(max(-normal_ppf(q), lo), hi)
    log_norm = math.lgamma((df + 1.0) / 2.0) - math.lgamma(df / 2.0) - 0.5 * math.log(df * math.pi)
    for _ in range(200):
        gap = t_sf(x, df) - q  # decreasing in x
        if gap > 0:
            lo = x
        else:
            hi = x
        density = math.exp(log_norm - (df + 1.0) / 2.0 * math.log1p(x * x / df))
        step = x + gap / density if density > 0 else (lo + hi) / 2.0
        if not lo < step < hi:
            step = (lo + hi) / 2.0
        if abs(step - x) <= 1e-14 * max(1.0, abs(x)):
            return sign * step
        x = step
    return sign * x


# log(i!) for i = 0, 1, ...: an exact test of a 10,000-game run sums thousands of binomial
# coefficients, one per possible count, for every card. Each entry is `math.lgamma(i + 1)`, so a
# coefficient read from the table is the very float it would be computed as.
_log_factorials: list[float] = [0.0]


def _log_factorial_table(n: int) -> list[float]:
    """The table of log(i!), holding at least i = 0..n."""
    table = _log_factorials
    if len(table) <= n:
        table.extend(math.lgamma(i + 1) for i in range(len(table), n + 1))
    return table


def _log_choose_row(n: int, ks: Iterable[int]) -> list[float]:
    """log C(n, k) for each of `ks`, from the table read once: an exact test needs one per possible
    count, and this list is most of its cost."""
    f = _log_factorial_table(n)
    whole = f[n]
    return [whole - f[k] - f[n - k] for k in ks]


def _log_choose(n: int, k: int) -> float:
    return _log_choose_row(n, (k,))[0]


def _two_sided(log_pmf: Sequence[float], observed: int, start: int, relative: float) -> float:
    """The two-sided p-value of an exact test whose point probabilities (as logarithms, from value
    `start` on) are `log_pmf`: the sum of those no more likely than the observed value, with SciPy's
    allowance for rounding (`relative`) so that a value exactly as likely as the observed one counts."""
    limit = log_pmf[observed - start] + math.log1p(relative)
    top = max(log_pmf)
    total = sum(math.exp(v - top) for v in log_pmf if v <= limit)
    return min(1.0, total * math.exp(top))


def fisher_exact_p(a: int, b: int, c: int, d: int) -> float:
    """Two-sided p-value of Fisher's exact test of the table [[a, b], [c, d]] (as SciPy's
    `fisher_exact(table).pvalue`)."""
    row1, row2, col1 = a + b, c + d, a + c
    if row1 == 0 or row2 == 0 or col1 == 0 or b + d == 0:
        return 1.0
    start, stop = max(0, col1 - row2), min(col1, row1)
    whole = _log_choose(row1 + row2, col1)
    first = _log_choose_row(row1, range(start, stop + 1))
    second = _log_choose_row(row2, range(col1 - start, col1 - stop - 1, -1))
    log_pmf = [left + right - whole for left, right in zip(first, second, strict=True)]
    mode = int((col1 + 1) * (row1 + 1) / (row1 + row2 + 2))
    observed, at_mode = log_pmf[a - start], log_pmf[mode - start]
    if abs(math.exp(observed) - math.exp(at_mode)) <= 1e-14 * max(math.exp(observed), math.exp(at_mode)):
        return 1.0  # the observed table is the most likely one
    return _two_sided(log_pmf, a, start, 1e-14)


def binomial_test_p(k: int, n: int, p: float) -> float:
    """Two-sided p-value of the exact binomial test of k successes in n trials of probability p (as
    SciPy's `binomtest(k, n, p).pvalue`)."""
    if k == p * n:
        return 1.0
    log_p, log_q = math.log(p), math.log1p(-p)
    log_pmf = [c + x * log_p + (n - x) * log_q for x, c in enumerate(_log_choose_row(n, range(n + 1)))]
    return _two_sided(log_pmf, k, 0, 1e-7)


def bh_adjusted(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values, in the order given (as SciPy's
    `false_discovery_control(ps, method="bh")`)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return adjusted
