"""Small statistics for balance reports: Wilson intervals and two-proportion tests."""

from __future__ import annotations

import math

Z95 = 1.959964


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (good for small n and extreme rates)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
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


def mean_sd(values: list[float]) -> tuple[float, float]:
    if not values:
        return (0.0, 0.0)
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)
    return (mean, math.sqrt(var))


def welch_p(a: list[float], b: list[float]) -> float:
    """Two-sided p-value that two means differ (Welch, normal approximation for large samples)."""
    if len(a) < 2 or len(b) < 2:
        return 1.0
    (ma, sa), (mb, sb) = mean_sd(a), mean_sd(b)
    se = math.sqrt(sa * sa / len(a) + sb * sb / len(b))
    if se == 0:
        return 1.0 if ma == mb else 0.0
    return math.erfc(abs(ma - mb) / se / math.sqrt(2))
