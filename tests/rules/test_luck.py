"""The luck arithmetic: the chi-square survival function against published table values
and closed forms, the normal CDF, and Pearson's statistic of a face histogram."""

from __future__ import annotations

import math

import pytest

from app.rules.luck import chi_square, chi_square_sf, normal_cdf, upper_gamma_q

# Critical values of the chi-square distribution (any statistics table): P(X >= x) = p.
CRITICAL = [
    (1, 3.841, 0.05), (1, 6.635, 0.01), (2, 5.991, 0.05), (3, 7.815, 0.05),
    (5, 11.070, 0.05), (5, 15.086, 0.01), (10, 18.307, 0.05), (19, 30.144, 0.05),
    (19, 36.191, 0.01), (99, 123.225, 0.05), (5, 1.145, 0.95), (19, 10.117, 0.95),
]  # fmt: skip


@pytest.mark.parametrize(("degrees", "x", "p"), CRITICAL)
def test_the_p_value_of_a_critical_value_is_its_level(degrees: int, x: float, p: float) -> None:
    assert chi_square_sf(x, degrees) == pytest.approx(p, abs=2e-4)


@pytest.mark.parametrize("degrees", [2, 4, 6, 10, 20])
@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 3.0, 7.5, 15.0, 40.0, 90.0])
def test_even_degrees_match_the_closed_form(degrees: int, x: float) -> None:
    half = x / 2
    closed = math.exp(-half) * sum(half**k / math.factorial(k) for k in range(degrees // 2))
    assert chi_square_sf(x, degrees) == pytest.approx(closed, rel=1e-10, abs=1e-300)


@pytest.mark.parametrize("x", [0.001, 0.3, 2.0, 9.0, 30.0])
def test_one_degree_is_the_normal_tail(x: float) -> None:
    assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10)


def test_the_edges() -> None:
    assert chi_square_sf(0, 5) == 1.0
    assert chi_square_sf(1e6, 5) == 0.0
    assert upper_gamma_q(3, 0) == 1.0
    with pytest.raises(ValueError):
        chi_square_sf(1.0, 0)
    with pytest.raises(ValueError):
        upper_gamma_q(0, 1.0)


def test_the_normal_cdf() -> None:
    assert normal_cdf(0) == 0.5
    assert normal_cdf(1.959964) == pytest.approx(0.975, abs=1e-6)
    assert normal_cdf(-1) == pytest.approx(0.158655254, abs=1e-9)


def test_pearsons_statistic_of_a_histogram() -> None:
    assert chi_square([]) is None
    assert chi_square([0, 0, 0]) is None
    statistic, p = chi_square([10, 10, 10, 10, 10, 10]) or (None, None)
    assert statistic == 0.0 and p == 1.0
    statistic, p = chi_square([5, 15]) or (0.0, 0.0)
    assert statistic == 5.0  # (5-10)²/10 + (15-10)²/10
    assert p == pytest.approx(math.erfc(math.sqrt(2.5)), rel=1e-10)
