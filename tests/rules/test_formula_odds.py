"""A formula's odds are the exact chance of every total: checked against rolling every
possible face sequence through the roller itself, for formulas small enough to enumerate."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules.dice import ScriptedDice
from app.rules.formula import DiceTerm, parse_formula, roll_formula
from app.rules.formula_odds import MAX_TOTALS, formula_odds, formula_odds_json, odds_known


@st.composite
def small_formulas(draw: st.DrawFn) -> str:
    """Up to four terms, at most five dice in all, up to six sides: at most 7,776 rolls."""
    text, dice_left = "", 5
    for index in range(draw(st.integers(1, 4))):
        sign = draw(st.sampled_from(["+", "-"])) if index else draw(st.sampled_from(["", "-"]))
        if dice_left and draw(st.booleans()):
            number = draw(st.integers(1, min(3, dice_left)))
            dice_left -= number
            term = f"{number}d{draw(st.integers(1, 6))}"
            if draw(st.booleans()):
                term += f"k{draw(st.sampled_from('hl'))}{draw(st.integers(1, number))}"
        else:
            term = str(draw(st.integers(0, 20)))
        text += sign + term
    return text


def _enumerated(text: str) -> dict[int, Fraction]:
    parsed = parse_formula(text)
    sides = [t.sides for t in parsed.terms if isinstance(t, DiceTerm) for _ in range(t.number)]
    totals = Counter(
        roll_formula(ScriptedDice(list(faces)), parsed).total
        for faces in product(*(range(1, s + 1) for s in sides))
    )
    outcomes = sum(totals.values())
    return {total: Fraction(n, outcomes) for total, n in totals.items()}


@settings(max_examples=150, deadline=None)
@given(small_formulas())
def test_every_totals_chance_is_the_share_of_face_sequences_that_give_it(text: str) -> None:
    parsed = parse_formula(text)
    exact = formula_odds(parsed)
    assert exact is not None
    enumerated = _enumerated(text)
    for total in range(parsed.minimum, parsed.maximum + 1):
        assert exact.chance(total) == enumerated.get(total, 0), (text, total)
    odds = formula_odds_json(parsed)
    assert odds["totals"] == {str(t): float(p) for t, p in sorted(enumerated.items())}
    assert odds["mean"] == float(sum(t * p for t, p in enumerated.items()))


def test_4d6_keep_highest_3_matches_the_known_table() -> None:
    exact = formula_odds(parse_formula("4d6kh3"))
    assert exact is not None
    assert exact.chance(18) == Fraction(21, 1296)  # 6,6,6 with any fourth die: 1 + 4 * 5
    assert exact.chance(3) == Fraction(1, 1296)
    assert exact.mean == Fraction(15869, 1296)


def test_advantage_on_a_d20_favours_high_totals() -> None:
    odds = formula_odds_json("2d20kh1")
    assert odds["totals"]["20"] == 39 / 400 and odds["totals"]["1"] == 1 / 400


@pytest.mark.parametrize("text", ["100d1000", "2d100+1d10", "20d20"])
def test_too_many_totals_keep_the_bounds_and_the_mean_only(text: str) -> None:
    parsed = parse_formula(text)
    assert parsed.maximum - parsed.minimum + 1 > MAX_TOTALS
    odds = formula_odds_json(parsed)
    assert "totals" not in odds and odds["min"] == parsed.minimum
    assert odds["mean"] == float(parsed.mean or 0)
    assert odds["no_totals"] == f"more than {MAX_TOTALS} possible totals"


def test_a_keep_formula_too_costly_to_count_keeps_its_bounds_and_says_why() -> None:
    odds = formula_odds_json("100d2kl99")  # 100 totals, but 101 x 101 x 199 states per face
    assert odds == {"min": 99, "max": 198, "no_totals": "counting them would take too long"}


def test_odds_answers_are_copies_a_caller_may_change() -> None:
    first = formula_odds_json("3d6")
    first["totals"]["3"] = 1.0
    assert formula_odds_json("3d6")["totals"]["3"] == 1 / 216


def test_odds_are_known_once_counted_so_a_service_counts_them_off_the_loop_first() -> None:
    parsed = parse_formula("7d7kh2+13")
    assert not odds_known(parsed)
    formula_odds_json(parsed)
    assert odds_known(parsed)
