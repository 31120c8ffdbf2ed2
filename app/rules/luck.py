"""How lucky: the normal distribution's CDF for a z-score, and the chi-square test of a
face histogram against fair dice. Standard library only (no SciPy on the server).

``chi_square_sf(x, k)`` is P(X ≥ x) for X ~ χ²(k), the regularized upper incomplete gamma
function Q(k/2, x/2): a power series below a + 1, Lentz's continued fraction above (as in
*Numerical Recipes*, §6.2), both to about 1e-14.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["chi_square", "chi_square_sf", "normal_cdf", "upper_gamma_q"]

_EPS = 1e-15
_TINY = 1e-300
_MAX_TERMS = 10_000


def normal_cdf(z: float) -> float:
    """Φ(z), the probability that a standard normal variable is at most ``z``."""
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its series, for x < a + 1."""
    term = total = 1.0 / a
    denominator = a
    for _ in range(_MAX_TERMS):
        denominator += 1.0
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz), for x ≥ a + 1."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_TERMS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def upper_gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and x ≥ 0."""
    if a <= 0 or x < 0:
        raise ValueError("upper_gamma_q needs a > 0 and x >= 0")
    if x == 0:
        return 1.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _lower_series(a, x))
    return min(1.0, _upper_fraction(a, x))


def chi_square_sf(x: float, degrees: int) -> float:
    """P(χ² ≥ x) with ``degrees`` degrees of freedom: the p-value of a statistic ``x``."""
    if degrees < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    return upper_gamma_q(degrees / 2.0, max(x, 0.0) / 2.0)


def chi_square(counts: Sequence[int]) -> tuple[float, float] | None:
    """Pearson's statistic of ``counts`` (faces 1..n of a die) against a fair die, and its
    p-value; None when there is nothing to test (no face, or a one-sided die)."""
    total = sum(counts)
    if total == 0 or len(counts) < 2:
        return None
    expected = total / len(counts)
    statistic = sum((c - expected) ** 2 for c in counts) / expected
    return statistic, chi_square_sf(statistic, len(counts) - 1)
