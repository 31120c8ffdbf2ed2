"""Odds of the richer notation: exact where the outcomes are finite (checked against rolling
every path of draws through the roller), within 1e-9 for exploding dice (checked against a
million seeded rolls), and a stated reason where there are none."""

from __future__ import annotations

import math
import time
from collections import Counter
from fractions import Fraction
from math import prod

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules.dice import SeededDice
from app.rules.errors import RulesError
from app.rules.formula import parse_formula, roll_formula
from app.rules.formula_odds import MAX_TOTALS, TRUNCATION, formula_odds, formula_odds_json


class _EveryPath:
    """A dice source that walks every sequence of draws, one sequence per roll: it replays
    a path, reads 1 past its end, and ``next`` turns the last wheel not at its top."""

    def __init__(self) -> None:
        self.path: list[int] = []
        self.sides: list[int] = []
        self.at = 0

    def roll(self, sides: int, count: int = 1) -> list[int]:
        faces = []
        for _ in range(count):
            if self.at == len(self.path):
                self.path.append(1)
                self.sides.append(sides)
            faces.append(self.path[self.at])
            self.at += 1
        return faces

    def next(self) -> bool:
        del self.path[self.at :], self.sides[self.at :]
        while self.path and self.path[-1] == self.sides[-1]:
            self.path.pop()
            self.sides.pop()
        if self.path:
            self.path[-1] += 1
            self.at = 0
        return bool(self.path)


def _enumerated(text: str, limit: int = 20_000) -> dict[int, Fraction] | None:
    """The chance of every total, rolling each path of draws once; None past ``limit``."""
    parsed, source = parse_formula(text), _EveryPath()
    chances: Counter[int] = Counter()
    for _ in range(limit):
        total = roll_formula(source, parsed).total
        chances[total] += Fraction(1, prod(source.sides))  # type: ignore[assignment]
        if not source.next():
            return dict(chances)
    return None


@st.composite
def _small_dice(draw: st.DrawFn) -> str:
    text = f"{draw(st.integers(0, 3))}d{draw(st.sampled_from(['2', '3', '4', '6', '%', 'F']))}"
    for _ in range(draw(st.integers(0, 2))):
        op = draw(st.sampled_from(["k", "p", "ro", "ra", "mi", "ma"]))
        cat = "" if op in ("mi", "ma") else draw(st.sampled_from(["", "h", "l", "<", ">"]))
        text += f"{op}{cat}{draw(st.integers(0, 4))}"
    return text


@st.composite
def small_formulas(draw: st.DrawFn, depth: int = 0) -> str:
    """Formulas with few dice and no unbounded reroll: every path of draws can be walked."""
    kind = draw(st.integers(0, 6)) if depth < 2 else 0
    if kind <= 2:
        return draw(st.one_of(_small_dice(), st.integers(0, 9).map(str), st.just("1.5")))
    if kind <= 4:
        op = draw(st.sampled_from(["+", "-", "*", "/", "//", "%", "<", ">=", "=="]))
        return f"{draw(small_formulas(depth + 1))}{op}{draw(small_formulas(depth + 1))}"
    if kind == 5:
        return "-" + draw(small_formulas(depth + 1))
    items = draw(st.lists(small_formulas(depth + 1), min_size=1, max_size=3))
    keep = draw(st.sampled_from(["", "kh1", "kl2", "p<2", "k>1"]))
    return f"({','.join(items)}{',' if len(items) == 1 else ''}){keep}"


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_formulas())
def test_exact_odds_are_the_share_of_draw_paths_that_give_each_total(text: str) -> None:
    try:
        parsed = parse_formula(text)
    except RulesError:
        return
    odds = formula_odds(parsed)
    enumerated = _enumerated(text)
    if odds is None or enumerated is None:
        return  # too many totals or paths to compare here
    assert odds.exact
    assert {t: odds.chance(t) for t in odds.weights} == enumerated, text
    answer = formula_odds_json(parsed)
    assert answer["totals"] == {str(t): float(p) for t, p in sorted(enumerated.items())}
    assert (answer["min"], answer["max"]) == (min(enumerated), max(enumerated))
    assert "exact" not in answer


def test_reroll_until_none_is_picked_is_counted_exactly() -> None:
    """1d6mi3rr3: 1, 2 and 3 become 3, which is rerolled until it is not 3."""
    odds = formula_odds(parse_formula("1d6mi3rr3"))
    assert odds is not None and odds.exact
    tenth, more = Fraction(1, 10), Fraction(1, 10) + Fraction(1, 6)
    assert {t: odds.chance(t) for t in odds.weights} == {
        1: tenth,
        2: tenth,
        4: more,
        5: more,
        6: more,
    }
    two = formula_odds(parse_formula("2d6rr1"))
    assert two is not None and two.chance(12) == Fraction(1, 25) and two.chance(2) == 0


def test_a_formula_with_gaps_lists_only_the_totals_it_can_reach() -> None:
    assert formula_odds_json("1d6*2")["totals"] == {str(2 * k): 1 / 6 for k in range(1, 7)}
    assert formula_odds_json("1d6/4")["totals"] == {"0": 0.5, "1": 0.5}  # 0.25..1.5, truncated


def test_exploding_dice_state_their_truncation() -> None:
    odds = formula_odds_json("1d6e6")
    assert (odds["exact"], odds["truncated_below"]) == (False, TRUNCATION)
    assert odds["mean"] == pytest.approx(4.2, abs=1e-12)  # 3.5 / (1 - 1/6), exact by linearity
    assert 1 - sum(odds["totals"].values()) < TRUNCATION
    assert odds["totals"]["7"] == pytest.approx(1 / 36, abs=1e-15)  # a 6, then a 1
    assert "12" not in odds["totals"]  # 6 then 6 explodes again: 12 cannot be the total


def test_exploding_odds_keep_to_the_table_size_by_leaving_out_the_least_likely_totals() -> None:
    odds = formula_odds_json("3d6e6")
    assert len(odds["totals"]) == MAX_TOTALS
    assert 1 - sum(odds["totals"].values()) < TRUNCATION


SIMULATED = 1_000_000


def test_1d6e6_totals_match_their_odds_over_a_million_seeded_rolls() -> None:
    odds = formula_odds_json("1d6e6")["totals"]
    parsed = parse_formula("1d6e6")
    dice = SeededDice(b"fairtable-simulation", "explode", 0)  # fixed: the check is repeatable
    seen = Counter(roll_formula(dice, parsed).total for _ in range(SIMULATED))
    assert set(seen) <= {int(t) for t in odds}
    for total, p in odds.items():
        expected = SIMULATED * p
        sigma = math.sqrt(SIMULATED * p * (1 - p))
        assert abs(seen[int(total)] - expected) <= 4 * sigma + 1e-9, (total, seen[int(total)])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("100d1000", f"more than {MAX_TOTALS} possible totals"),
        ("10d10e10", "counting them would take too long"),
        ("4d6e6kh3", "this kind of formula is not counted"),
        ("1d1000*1d1000", "counting them would take too long"),
    ],
)
def test_a_formula_without_totals_says_why_and_keeps_bounds_and_a_known_mean(
    text: str, reason: str
) -> None:
    odds = formula_odds_json(text)
    assert odds["no_totals"] == reason and "totals" not in odds
    parsed = parse_formula(text)
    assert (odds["min"], odds["max"]) == (parsed.minimum, parsed.maximum)
    if text == "10d10e10":
        assert odds["mean"] == pytest.approx(10 * 5.5 / 0.9, abs=1e-9)


@pytest.mark.parametrize(
    "text", ["3d8e>1", "100d1000rr<500", "10d1000ro<1000", "6d6ra6ro1kh3", "20d6e6", "1d%e>7"]
)
def test_counting_stops_at_its_budget_however_costly_the_formula(text: str) -> None:
    parsed = parse_formula(text)
    started = time.perf_counter()
    odds = formula_odds_json(parsed)
    assert time.perf_counter() - started < 1.0  # about 30 ms alone; the machine is shared
    assert odds["no_totals"] == "counting them would take too long"


def test_odds_from_the_memo_take_less_than_50_microseconds() -> None:
    mix = ["4d6kh3", "8d6rr1", "3d6e6", "(1d20+5)*2", "10d10k>5", "4dF+2"]
    for text in mix:
        formula_odds_json(text)
    rounds = 200
    best = math.inf
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(rounds):
            for text in mix:
                formula_odds_json(text)
        best = min(best, (time.perf_counter() - started) / (rounds * len(mix)))
    assert best < 50e-6
