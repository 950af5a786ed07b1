"""Statistics for balance reports: intervals, tests, the correction for many comparisons, and what
a sample can detect.

The distributions and exact tests (Fisher's exact test, the t distribution, Benjamini-Hochberg)
are those of interpreter/sim/distributions.py, which gives SciPy's numbers without SciPy's 2.4 s of
start-up (tests/test_distributions.py checks them against SciPy). Win counts may be fractional (a
shared victory counts 1/k to each of k winners, R17.10); the exact test rounds them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from interpreter.sim.distributions import bh_adjusted, fisher_exact_p, normal_ppf, t_ppf, t_sf

Z95 = 1.959964
ALPHA = 0.05
POWER = 0.8


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (good for small n and extreme rates)."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def two_proportion_p(s1: float, n1: int, s2: float, n2: int) -> float:
    """Two-sided p-value that two proportions differ (normal approximation, pooled)."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    p1, p2 = s1 / n1, s2 / n2
    pooled = (s1 + s2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = abs(p1 - p2) / se
    return math.erfc(z / math.sqrt(2))


def fisher_p(s1: float, n1: int, s2: float, n2: int) -> float:
    """Two-sided p-value of Fisher's exact test that two proportions differ (distributions.fisher_exact_p)."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    a, c = round(s1), round(s2)
    return fisher_exact_p(a, max(0, n1 - a), c, max(0, n2 - c))


def newcombe(s1: float, n1: int, s2: float, n2: int) -> tuple[float, float]:
    """95% interval of p1 - p2 (Newcombe's hybrid score interval, from two Wilson intervals): it
    stays inside [-1, 1] and behaves for small samples and extreme rates."""
    if n1 <= 0 or n2 <= 0:
        return (-1.0, 1.0)
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1)
    l2, u2 = wilson(s2, n2)
    d = p1 - p2
    return (d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def bh_adjust(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q-values): a card with q < 0.05 is a finding among a
    set of findings of which at most 5% are expected to be chance (the false discovery rate)."""
    return bh_adjusted(p_values)


@dataclass
class Moments:
    """Count, mean and spread of a sample, kept as sums so samples can be pooled and subtracted."""
    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def minus(self, other: Moments) -> Moments:
        return Moments(self.n - other.n, self.total - other.total, self.squares - other.squares)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def sd(self) -> float:
        if self.n < 2:
            return 0.0
        return math.sqrt(max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1)))

    def as_dict(self) -> dict[str, Any]:
        return {"n": self.n, "mean": round(self.mean, 2), "sd": round(self.sd, 2)}


def welch(a: Moments | dict[str, Any], b: Moments | dict[str, Any]) -> dict[str, float]:
    """Difference of two means, a - b, with its 95% interval and p-value (Welch's t test, the t
    distribution with the Welch-Satterthwaite degrees of freedom)."""
    na, ma, sa = _mom(a)
    nb, mb, sb = _mom(b)
    diff = ma - mb
    if na < 2 or nb < 2:
        return {"diff": diff, "lo": -math.inf, "hi": math.inf, "p": 1.0}
    va, vb = sa * sa / na, sb * sb / nb
    se = math.sqrt(va + vb)
    if se == 0:
        return {"diff": diff, "lo": diff, "hi": diff, "p": 1.0 if diff == 0 else 0.0}
    df = (va + vb) ** 2 / (va * va / (na - 1) + vb * vb / (nb - 1))  # Welch-Satterthwaite
    q = t_ppf(0.975, df)
    p = 2 * t_sf(abs(diff) / se, df)
    return {"diff": diff, "lo": diff - q * se, "hi": diff + q * se, "p": p}


def _mom(m: Moments | dict[str, Any]) -> tuple[int, float, float]:
    if isinstance(m, Moments):
        return m.n, m.mean, m.sd
    return int(m["n"]), float(m["mean"]), float(m["sd"])


def paired(a: Sequence[float], b: Sequence[float]) -> dict[str, float]:
    """Mean of b - a over pairs (the same seed played with two card sets), with its 95% interval and
    p-value (paired t test)."""
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    if n < 2:
        return {"diff": mean, "lo": -math.inf, "hi": math.inf, "p": 1.0, "n": n}
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    if sd == 0:
        return {"diff": mean, "lo": mean, "hi": mean, "p": 1.0 if mean == 0 else 0.0, "n": n}
    se = sd / math.sqrt(n)
    q = t_ppf(0.975, n - 1)
    return {"diff": mean, "lo": mean - q * se, "hi": mean + q * se, "p": 2 * t_sf(abs(mean) / se, n - 1), "n": n}


def detectable_proportion_change(p: float, n1: int, n2: int, alpha: float = ALPHA, power: float = POWER) -> float | None:
    """The smallest change of a proportion near `p` that samples of n1 and n2 find (two-sided test
    at `alpha`) with probability `power`; None if a sample is empty."""
    if n1 <= 0 or n2 <= 0:
        return None
    p = min(max(p, 0.01), 0.99)
    return float((normal_ppf(1 - alpha / 2) + normal_ppf(power)) * math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2)))


def detectable_mean_change(sd: float, n1: int, n2: int, alpha: float = ALPHA, power: float = POWER) -> float | None:
    """The smallest change of a mean with spread `sd` that samples of n1 and n2 find, as above."""
    if n1 <= 1 or n2 <= 1:
        return None
    return float((normal_ppf(1 - alpha / 2) + normal_ppf(power)) * sd * math.sqrt(1 / n1 + 1 / n2))


def mean_sd(values: list[float]) -> tuple[float, float]:
    if not values:
        return (0.0, 0.0)
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)
    return (mean, math.sqrt(var))


def welch_p(a: list[float], b: list[float]) -> float:
    """Two-sided p-value that the means of two samples differ (Welch's t test)."""
    ma, mb = Moments(), Moments()
    for v in a:
        ma.add(v)
    for v in b:
        mb.add(v)
    return welch(ma, mb)["p"]
