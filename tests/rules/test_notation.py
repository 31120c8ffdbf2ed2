"""The free formula's richer notation, with faces given in advance: what each operation
does, what the answer shows of it, and properties that hold for any formula."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules.dice import ScriptedDice, SeededDice
from app.rules.errors import FormulaError, RulesError
from app.rules.formula import MAX_ROLLS, FormulaRoll, parse_formula, roll_formula
from app.rules.formula_eval import evaluate, total
from app.rules.formula_render import dice_of, render
from app.rules.results import Die
from tests.rules.test_formula import formula_texts
from tests.rules.test_notation_compat import formulas


def _roll(text: str, *faces: int) -> FormulaRoll:
    dice = ScriptedDice(faces)
    roll = roll_formula(dice, text)
    assert dice.remaining == 0, "the script holds faces the formula did not roll"
    return roll


# --- each operation, on known faces ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "total", "shown"),
    [
        ("4d6p1", (1, 4, 1, 6), 10, "4d6p1 (~~**1**~~, 4, ~~**1**~~, **6**) = `10`"),
        ("4d6pl1", (5, 4, 5, 6), 16, "4d6pl1 (5, ~~4~~, 5, **6**) = `16`"),
        ("10d10k>5", (10, 1, 6, 5, 9, 2, 7, 3, 8, 4), 40,
         "10d10k>5 (**10**, ~~**1**~~, 6, ~~5~~, 9, ~~2~~, 7, ~~3~~, 8, ~~4~~) = `40`"),
        ("4d6k<3", (1, 4, 2, 6), 3, "4d6k<3 (**1**, ~~4~~, 2, ~~**6**~~) = `3`"),
        ("4d6k4", (4, 4, 2, 4), 12, "4d6k4 (4, 4, ~~2~~, 4) = `12`"),
        ("8d6rr1", (1, 3, 1, 1, 5, 2, 6, 4, 2, 1, 3, 2), 27,
         "8d6rr1 (**~~1~~**, 2, 3, **~~1~~**, **~~1~~**, 2, **~~1~~**, 3, 5, 2, **6**, 4) = `27`"),
        ("2d6ro<3", (1, 3, 1), 4, "2d6ro<3 (**~~1~~**, **1**, 3) = `4`"),
        ("1d20ra20", (20, 20), 40, "1d20ra20 (**20!**, **20**) = `40`"),
        ("3d6e6", (6, 2, 6, 6, 1, 3), 24, "3d6e6 (**6!**, 2, **6!**, **6!**, **1**, 3) = `24`"),
        ("1d6mi3", (1,), 3, "1d6mi3 (1 -> 3) = `3`"),
        ("1d6ma2", (5,), 2, "1d6ma2 (5 -> 2) = `2`"),
        ("4dF+2", (1, 2, 3, 3), 3, "4dF (**-1**, 0, **1**, **1**) + 2 = `3`"),
        ("1d%", (8,), 70, "1d% (70) = `70`"),
        ("(1d20+5)*2", (7,), 24, "(1d20 (7) + 5) * 2 = `24`"),
        ("(1d6,1d8)kh1", (5, 3), 5, "(1d6 (5), ~~1d8 (3)~~)kh1 = `5`"),
        ("(4d6)kh3", (1, 2, 3, 4), 9, "(4d6 (~~**1**~~, 2, 3, 4))kh3 = `9`"),
        ("1d20+5 >= 15", (10,), 1, "1d20 (10) + 5 >= 15 = `1`"),
        ("7/2", (), 3, "7 / 2 = `3`"),
        ("-7/2", (), -3, "-7 / 2 = `-3`"),
        ("-7//2", (), -4, "-7 // 2 = `-4`"),
        ("1d6 [fire] + 1", (4,), 5, "1d6 (4) [fire] + 1 = `5`"),
    ],
)  # fmt: skip
def test_each_operation_keeps_drops_rerolls_and_explodes_as_the_notation_says(
    text: str, faces: tuple[int, ...], total: int, shown: str
) -> None:
    roll = _roll(text, *faces)
    assert (roll.total, roll.text) == (total, shown)


def test_reroll_until_none_is_picked_rerolls_each_die_again_until_it_shows_no_1() -> None:
    roll = _roll("3d6rr1", 1, 4, 1, 1, 6, 1, 2)
    # 1, 4, 1; a pass rerolls dice 0 and 2 (1, 6); the next die 0 (1); the next die 0 (2)
    assert [(d.value, d.history) for d in roll.dice] == [(2, (1, 1, 1)), (4, ()), (6, (1,))]
    assert roll.total == 12


def test_an_explosion_adds_dice_at_the_end_and_marks_both_ends() -> None:
    roll = _roll("2d6e6", 6, 3, 6, 2)
    assert [d.to_dict() for d in roll.dice] == [
        {"sides": 6, "value": 6, "history": [], "exploded": True},
        {"sides": 6, "value": 3, "history": []},
        {"sides": 6, "value": 6, "history": [], "exploded": True, "added": True},
        {"sides": 6, "value": 2, "history": [], "added": True},
    ]


def test_a_die_forced_by_mi_shows_the_face_it_rolled() -> None:
    roll = _roll("2d6mi3", 1, 5)
    assert [d.to_dict() for d in roll.dice] == [
        {"sides": 6, "value": 3, "history": [], "rolled": 1},
        {"sides": 6, "value": 5, "history": []},
    ]


def test_dice_of_a_dropped_set_element_are_not_kept() -> None:
    roll = _roll("(2d6, 1d20)kh1+1d4", 6, 6, 3, 2)
    assert [(d.sides, d.value, d.kept) for d in roll.dice] == [
        (6, 6, True), (6, 6, True), (20, 3, False), (4, 2, None),
    ]  # fmt: skip
    assert roll.total == 14


def test_fudge_and_percentile_dice_name_their_kind_in_sides() -> None:
    roll = _roll("1dF+1d%", 3, 1)
    assert roll.dice == (Die("F", 1), Die("%", 0))
    assert roll.total == 1


def test_the_answer_gives_the_text_the_terms_and_the_annotations() -> None:
    roll = _roll("3d6 [fire] + 1d4 [piercing] - 1", 3, 2, 2, 3)
    assert roll.result_dict() == {
        "total": 9,
        "formula": "3d6[fire]+1d4[piercing]-1",
        "terms": [7, 3, -1],
        "text": "3d6 (3, 2, 2) [fire] + 1d4 (3) [piercing] - 1 = `9`",
        "annotations": [{"text": "[fire]", "value": 7}, {"text": "[piercing]", "value": 3}],
    }


def test_a_division_keeps_its_fraction_in_the_terms_and_truncates_the_total() -> None:
    roll = _roll("1d6/2 + 1", 5)
    assert roll.result_dict()["terms"] == [2.5, 1]
    assert roll.total == 3


def test_a_leading_minus_is_a_sign_only_on_a_lone_dice_term_or_number() -> None:
    assert [t.sign for t in parse_formula("-1d4+3").terms] == [-1, 1]
    assert [t.sign for t in parse_formula("-7//2+1").terms] == [1, 1]  # (-7)//2, not -(7//2)


# --- caps and refusals that do not depend on the faces --------------------------------------


def test_a_roll_that_would_need_more_than_the_cap_stops_with_a_refusal() -> None:
    """Refused texts make this a chance below 1e-9; a script reaches it on purpose."""
    parsed = parse_formula("1d2e2")
    with pytest.raises(FormulaError, match=f"needed more than {MAX_ROLLS} dice"):
        roll_formula(ScriptedDice([2] * (MAX_ROLLS + 1)), parsed)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1d20rr<21", "forever"),
        ("8d6rrl1", "forever"),
        ("1/(1d20-20)", "the divisor of '/' can be 0"),
        ("(1d6)k7 % 1", None),
        ("1 % (1d6)k7", "the divisor of '%' can be 0"),
        ("100d2e2", None),  # 200 dice on average: past 1000 with a chance far below 1e-9
        ("+".join(["100d2e2"] * 5), "could roll more than 1000 dice"),
        ("+".join(["60d6e6"] * 10), None),
        ("+".join(["90d6e6"] * 10), "could roll more than 1000 dice"),
    ],
)
def test_what_could_fail_for_some_faces_is_refused_for_all_before_rolling(
    text: str, reason: str | None
) -> None:
    if reason is None:
        parse_formula(text)
        return
    dice = ScriptedDice([1] * 10)
    with pytest.raises(FormulaError, match=reason):
        roll_formula(dice, text)
    assert dice.remaining == 10


# --- properties ---------------------------------------------------------------------------

_SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _parsed_or_skip(text: str) -> bool:
    try:
        parse_formula(text)
    except RulesError:
        return False
    return True


class _Counting:
    """A seeded source that counts the dice it rolls."""

    def __init__(self, nonce: int) -> None:
        self.inner = SeededDice(b"notation-tests", "properties", nonce)
        self.rolled = 0

    def roll(self, sides: int, count: int = 1) -> list[int]:
        self.rolled += count
        return self.inner.roll(sides, count)


@_SETTINGS
@given(formulas(), st.integers(0, 2**32))
def test_every_total_lies_within_the_bounds_and_every_roll_within_the_cap(
    text: str, nonce: int
) -> None:
    if not _parsed_or_skip(text):
        return
    parsed = parse_formula(text)
    dice = _Counting(nonce)
    roll = roll_formula(dice, parsed)
    assert parsed.minimum <= roll.total <= parsed.maximum
    assert dice.rolled <= MAX_ROLLS
    assert roll.total == int(sum(roll.subtotals))


@_SETTINGS
@given(formulas(), st.integers(0, 2**32))
def test_the_standard_text_rolls_the_same_as_the_text_it_came_from(text: str, nonce: int) -> None:
    if not _parsed_or_skip(text):
        return
    parsed = parse_formula(text)
    again = parse_formula(parsed.text, 400)
    assert again.text == parsed.text
    first = roll_formula(SeededDice(b"notation-tests", "normal", nonce), parsed)
    second = roll_formula(SeededDice(b"notation-tests", "normal", nonce), again)
    assert (first.total, first.text, first.dice) == (second.total, second.text, second.dice)


@st.composite
def _keep_terms(draw: st.DrawFn) -> tuple[str, int, int, str]:
    number = draw(st.integers(1, 10))
    keep = draw(st.integers(0, 12))
    mode = draw(st.sampled_from(["kh", "kl", "ph", "pl"]))
    return f"{number}d{draw(st.sampled_from([4, 6, 20]))}{mode}{keep}", number, keep, mode


@_SETTINGS
@given(_keep_terms(), st.integers(0, 2**32))
def test_keep_and_drop_count_exactly_the_dice_they_name(
    term: tuple[str, int, int, str], nonce: int
) -> None:
    text, number, keep, mode = term
    roll = roll_formula(SeededDice(b"notation-tests", "keep", nonce), text)
    kept = [d for d in roll.dice if d.kept]
    expected = min(keep, number) if mode[0] == "k" else number - min(keep, number)
    assert len(kept) == expected
    values = sorted((d.value for d in roll.dice), reverse=mode in ("kh", "pl"))
    assert sorted(d.value for d in kept) == sorted(values[:expected])


@_SETTINGS
@given(formula_texts(), st.integers(0, 2**32))
def test_the_fast_path_rolls_exactly_what_the_general_roller_rolls(text: str, nonce: int) -> None:
    """Sums of NdS, keep terms and constants skip the general roller; nothing shows it."""
    parsed = parse_formula(text)
    fast = roll_formula(SeededDice(b"notation-tests", "fast", nonce), parsed)
    rolled = evaluate(SeededDice(b"notation-tests", "fast", nonce), parsed.tree, parsed.text)
    assert parsed.simple
    assert fast.total == int(total(rolled))
    assert fast.text == render(rolled)
    assert fast.dice == dice_of(rolled)
