"""Statistical self-test of the dice, through the engine: 600,000 d6 (as 3d6 tests) and
200,000 d20 (as d20 tests) from each source, the OS CSPRNG and a fixed committed seed.

Two chi-square tests per sample: goodness of fit to the uniform distribution, and
independence of successive faces (the contingency table of consecutive pairs). A p-value
below 1e-4 fails: for a fair die that happens once in 10,000 runs of one test, so SystemDice
(truly random here) keeps that tiny false-alarm rate while real bias would fail every run.
The p-value is computed with the standard library: the regularized upper incomplete gamma
function, by its series or its continued fraction (Numerical Recipes, 6.2)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator

import pytest

from app.rules import SeededDice, SystemDice, d20, threed6
from app.rules.dice import DiceSource

P_MIN = 1e-4
SEED = bytes.fromhex("5eed" * 16)


def _upper_gamma_regularized(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a)."""
    if x <= 0:
        return 1.0
    log_prefix = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # series for P(a, x), then Q = 1 - P
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    tiny = 1e-300  # continued fraction for Q(a, x), modified Lentz
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(log_prefix) * h


def chi2_sf(statistic: float, dof: int) -> float:
    """P(χ² with ``dof`` degrees of freedom ≥ ``statistic``)."""
    return _upper_gamma_regularized(dof / 2, statistic / 2)


def uniformity_p(faces: list[int], sides: int) -> float:
    counts = [0] * sides
    for face in faces:
        counts[face - 1] += 1
    expected = len(faces) / sides
    return chi2_sf(sum((c - expected) ** 2 / expected for c in counts), sides - 1)


def pairs_independence_p(faces: list[int], sides: int) -> float:
    table = [[0] * sides for _ in range(sides)]
    for first, second in itertools.pairwise(faces):
        table[first - 1][second - 1] += 1
    total = len(faces) - 1
    rows = [sum(row) for row in table]
    cols = [sum(table[r][c] for r in range(sides)) for c in range(sides)]
    statistic = 0.0
    for r in range(sides):
        for c in range(sides):
            expected = rows[r] * cols[c] / total
            statistic += (table[r][c] - expected) ** 2 / expected
    return chi2_sf(statistic, (sides - 1) ** 2)


def test_the_p_value_matches_known_quantiles() -> None:
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(18.307038053275146, 10) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(0.5, 1) == pytest.approx(math.erfc(math.sqrt(0.25)), rel=1e-12)
    # Even degrees of freedom have a closed form: exp(-x/2) * sum of (x/2)^i / i!, i < dof/2.
    for statistic, dof in ((400.0, 360), (300.0, 360), (20.0, 30), (40.0, 30)):
        half = statistic / 2
        closed = sum(
            math.exp(i * math.log(half) - half - math.lgamma(i + 1)) for i in range(dof // 2)
        )
        assert chi2_sf(statistic, dof) == pytest.approx(closed, rel=1e-9)
    assert chi2_sf(0.0, 5) == 1.0 and chi2_sf(1e4, 5) < 1e-300 + 1e-200


Sources = Callable[[], Iterator[DiceSource]]


def _system() -> Iterator[DiceSource]:
    source = SystemDice()
    while True:
        yield source


def _seeded() -> Iterator[DiceSource]:
    """One draw per roll, the next nonce each time: as the server rolls."""
    nonce = 0
    while True:
        yield SeededDice(SEED, "selftest", nonce)
        nonce += 1


def _d6_faces(sources: Iterator[DiceSource]) -> list[int]:
    faces: list[int] = []
    for _ in range(200_000):
        faces += [die.value for die in threed6.roll_test(next(sources), 3).dice]
    return faces


def _d20_faces(sources: Iterator[DiceSource]) -> list[int]:
    return [d20.roll_test(next(sources), 0, difficulty=12).kept for _ in range(200_000)]


@pytest.mark.parametrize("sources", [_system, _seeded], ids=["system", "seeded"])
def test_dice_are_uniform_and_successive_faces_independent(sources: Sources) -> None:
    d6 = _d6_faces(sources())
    twenty = _d20_faces(sources())
    assert len(d6) == 600_000 and len(twenty) == 200_000
    for faces, sides in ((d6, 6), (twenty, 20)):
        fit, pairs = uniformity_p(faces, sides), pairs_independence_p(faces, sides)
        assert fit > P_MIN, f"d{sides} faces are not uniform: p = {fit:.2e}"
        assert pairs > P_MIN, f"successive d{sides} faces are dependent: p = {pairs:.2e}"


def test_the_self_test_catches_a_biased_die() -> None:
    biased = [1 + (i % 7) % 6 for i in range(60_000)]  # 1 shows twice as often
    assert uniformity_p(biased, 6) < P_MIN
    alternating = [1 + (i % 2) for i in range(60_000)]
    assert pairs_independence_p(alternating, 2) < P_MIN
